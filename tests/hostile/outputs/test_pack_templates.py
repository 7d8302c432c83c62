"""Every bundled pack's card templates print hostile card text as text, and load nothing from outside.

For each pack (and the base templates of a game declared in game.yaml), the starter project of
`carddb new` gets markup in its first card's name and flavour and is printed: the card's PDF shows
the markup as its own text. Then the project overrides `base/card.html`, which every pack's faces
extend, with pictures and a stylesheet from outside the project and from the network: `carddb print`
refuses them with an `E-TEMPLATE` error at the template's line, and neither the canary's content nor
a request reaches anything.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hostile_out_tools import (
    carddb,
    counting_server,
    first_card,
    game_dir,
    located,
    new_project,
    pdf_text,
    squeeze,
    token_leaks,
    write_canary,
)

from carddb.files.templating import BUNDLED_TEMPLATES

PACKS = ["loe", "loe2", "estro", "shards", "soulfall", None]
# Short enough for every pack's title bar (SoulFall's is the narrowest): a longer name is E-NAME-OVERFLOW.
NAME = "<b onclick=P31>N</b>"
FLAVOR = '<script>window.P32=1</script><img src="file://{canary}/secret.svg">'


def _ids(pack: str | None) -> str:
    return pack or "game-yaml-base"


@pytest.mark.parametrize("pack", PACKS, ids=_ids)
def test_pack_face_prints_markup_in_name_and_flavour_as_text(tmp_path: Path, pack: str | None) -> None:
    project = new_project(tmp_path / "project", pack)
    with counting_server() as (port, hits):
        canary = write_canary(tmp_path / "canary", port)
        path, cards, card = first_card(project)
        card["name"] = NAME
        flavored = "flavor" in card
        if flavored:
            card["flavor"] = FLAVOR.format(canary=canary.folder.as_posix())
        path.write_text(yaml.safe_dump(cards, allow_unicode=True, sort_keys=False), encoding="utf-8")
        run = carddb("print", "--jobs", "1", "--cards", str(card["id"]), "--project", str(project))
        assert not run.traceback, run.output
        assert run.exit_code == 0, run.output[-3000:]
        assert hits == []
    game = game_dir(project).name
    text = squeeze(pdf_text(project / "output" / game / "cards" / f"{card['id']}.pdf"))
    assert squeeze(NAME) in text
    if flavored:
        assert "<script>window.P32=1</script>" in text
    assert token_leaks(project / "output", canary.token) == []


@pytest.mark.parametrize("pack", PACKS, ids=_ids)
def test_pack_template_override_cannot_fetch_outside_the_project(tmp_path: Path, pack: str | None) -> None:
    project = new_project(tmp_path / "project", pack)
    with counting_server() as (port, hits):
        canary = write_canary(tmp_path / "canary", port)
        bundled = (BUNDLED_TEMPLATES / "base" / "card.html").read_text(encoding="utf-8")
        fetches = (
            f'<img src="file://{canary.folder}/secret.svg">'
            f'<link rel="stylesheet" href="file://{canary.folder}/secret.css">'
            f'<img src="{canary.url}/P33.png"><div style="background: url(file:///etc/passwd)"></div>'
        )
        hostile = bundled.replace('<div class="frame-edge"></div>', f'<div class="frame-edge">{fetches}</div>')
        assert hostile != bundled
        override = project / "templates" / "base" / "card.html"
        override.parent.mkdir(parents=True)
        override.write_text(hostile, encoding="utf-8")
        _, _, card = first_card(project)
        run = carddb("print", "--jobs", "1", "--cards", str(card["id"]), "--project", str(project))
        assert hits == []
    assert not run.traceback, run.output
    assert run.exit_code == 1
    errors = located(run.output, "E-TEMPLATE")
    assert errors, run.output[-3000:]
    line = next(number for number, text in enumerate(hostile.splitlines(), 1) if "secret.svg" in text)
    assert (errors[0].group("path"), int(errors[0].group("line"))) == ("templates/base/card.html", line)
    assert "refused to load" in run.output and f"{canary.url}/P33.png" in run.output
    (project / "output").mkdir(exist_ok=True)
    assert token_leaks(project / "output", canary.token) == []
