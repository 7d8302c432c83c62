"""Layouts as data are checked like every game.yaml key: every problem located, with the closest name."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from support.tidewake import GAME, write_tidewake

from carddb.files.project import Project
from carddb.findings.errors import LocatedError
from carddb.packs.facedesign import FaceLayout, Region
from carddb.packs.lookup import get_pack

BAD_LAYOUTS = """\
layouts:
  - kinds: [vesel]
    hide: [foter]
    regions:
      - {show: hodl, slot: art-bottom-left}
      - {show: tariff, slot: art-botom}
      - {text: Sails, at: [60, 80, 10, 10]}
      - {show: name, color: red}
      - {text: Wind, slot: footer, icon: wnd}
      - {show: speed, at: [1, 1, 5, 5], slot: cost}
  - kinds: [harbor, maneuver]
  - kinds: [harbor]
placeholder: {motif: waves, factions: {pirates: sea}}
"""


def _game(layouts: str) -> str:
    game = GAME.format(size="poker")
    return game[: game.index("layouts:")] + layouts


def _problems(tmp_path: Path, layouts: str) -> list[str]:
    root = write_tidewake(tmp_path, "poker")
    (root / "data" / "tidewake" / "game.yaml").write_text(_game(layouts))
    with pytest.raises(LocatedError) as caught:
        get_pack(None, Project.at(root))
    return [f"{f.span.line}:{f.span.col} {f.code} {f.message}" for f in caught.value.findings if f.span]


def test_every_problem_of_a_layout_is_located_with_a_suggestion(tmp_path: Path) -> None:
    problems = _problems(tmp_path, BAD_LAYOUTS)
    start = _game(BAD_LAYOUTS).splitlines().index("layouts:") + 1  # the file line of `layouts:`
    expected = [
        (1, "layout: 'vesel' is not a kind of this game; did you mean 'vessel'?"),
        (2, "hide: 'foter' is neither a part of the face nor a field of any kind; did you mean 'footer'?"),
        (4, "show: 'hodl' is neither a part of the face nor a field of the layout's kinds; did you mean 'hold'?"),
        (5, "slot: 'art-botom' is not a slot of the default frame; did you mean 'art-bottom'?"),
        (6, "at: [60, 80, 10, 10] runs off the card, which is 63 x 88 mm"),
        (7, "color: 'red' is not faction, accent or a colour #rrggbb"),
        (8, "icon: 'wnd' is not one of the game's icons; did you mean 'wind'?"),
        (9, "a region is placed by at: (mm) or by slot:, not both"),
        (11, "kind 'harbor' already has a layout (layout 2); a kind has one layout"),
        (12, "'waves' is not a placeholder motif"),
        (12, "placeholder: 'pirates' is not a faction of this game"),
    ]
    for offset, message in expected:
        assert any(p.startswith(f"{start + offset}:") and p.endswith(message) for p in problems), (message, problems)
    assert all(" E-LAYOUT " in p for p in problems)


def test_a_layouts_file_beside_game_yaml_is_read_and_checked(tmp_path: Path) -> None:
    root = write_tidewake(tmp_path, "poker")
    game = root / "data" / "tidewake" / "game.yaml"
    text = game.read_text()
    game.write_text(text[: text.index("layouts:")])
    (game.parent / "layouts.yaml").write_text(text[text.index("layouts:") :])
    pack = get_pack(None, Project.at(root))
    layout = pack.faces.layout_for("vessel")
    assert (
        layout is not None
        and layout.hide == ("footer",)
        and layout.regions[1] == Region(show="hold", slot="art-bottom-left", shape="shield", color="faction")
    )
    assert pack.faces.placeholder.motif_for("harbor", None) == "landscape"
    assert pack.faces.placeholder.motif_for("crew", "corsairs") == "sea"
    # Declared twice (in game.yaml too) is a located error, not a silent choice.
    game.write_text(text)
    with pytest.raises(LocatedError, match="faces are declared twice"):
        get_pack(None, Project.at(root))


def test_fields_of_every_kind_are_known_to_the_default_layout(tmp_path: Path) -> None:
    pack = get_pack(None, Project.at(write_tidewake(tmp_path, "poker")))
    fields = {kind: [(f.id, f.type) for f in pack.faces.fields_of(kind)] for kind in pack.kind_ids}
    # Stats and the cost print in their own places; every other field is the default layout's to print.
    assert fields == {
        "vessel": [("hold", "number"), ("flagship", "flag")],
        "maneuver": [("timing", "choice")],
        "harbor": [("tariff", "number"), ("unique", "flag")],
        "crew": [("wage", "number"), ("role", "choice"), ("motto", "text")],
        "relic": [("lore", "text"), ("cursed", "flag")],
    }


def test_a_python_pack_reads_the_same_form(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "fixtures" / "orbit_pack"))
    from orbit_pack import PACK

    from carddb.pack_api import with_layouts

    layouts = tmp_path / "layouts.yaml"
    kind = PACK.kinds[0].id
    layouts.write_text(f"layouts:\n  - kinds: [{kind}]\n    hide: [footer]\nplaceholder: stars\n")
    pack = with_layouts(PACK, layouts)
    assert pack.faces.layout_for(kind) == FaceLayout(id=kind, kinds=(kind,), hide=("footer",))
    assert pack.faces.placeholder.motif == "stars"
    assert dataclasses.replace(pack, faces=PACK.faces) == PACK  # nothing else of the pack changed
    layouts.write_text("layouts:\n  - kinds: [nothing]\n")
    with pytest.raises(LocatedError, match="'nothing' is not a kind of this game"):
        with_layouts(PACK, layouts)
