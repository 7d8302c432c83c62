"""Double-sided cards in the data: a kind's back face written under `back:`, checked like a card, shown on both sides.

Every problem of a back face is located inside its `back:` mapping and reported in the same
run as the others; show, list, stats and their JSON name both sides; a spreadsheet carries
the back in columns of its own and reads it back.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from support.double_sided import GAME, GAME_ID, load_outpost, write_outpost
from support.game_projects import write_game
from support.projects import run_cli

from carddb.files.project import Project
from carddb.findings.errors import LocatedError
from carddb.packs.lookup import get_pack
from carddb.render.selection import changed_card_ids, select_cards

BROKEN = """\
- id: good-camp
  kind: camp
  name: Good Camp
  set: T1
  number: 1
  rarity: common
  points: 1
  flavor: Fine.
  back:
    name: Good Fort
    points: 3
- id: bad-back
  kind: camp
  name: Bad Back
  set: T1
  number: 2
  rarity: common
  points: 1
  flavor: Broken behind.
  back:
    points: 12
    set: T2
    kind: scout
    colour: red
- id: no-back
  kind: camp
  name: No Back
  set: T1
  number: 3
  rarity: common
  points: 1
  flavor: Missing.
- id: scout-with-back
  kind: scout
  name: Scout With Back
  set: T1
  number: 4
  rarity: common
  points: 1
  flavor: Odd.
  back: {name: Nothing}
- id: lone-fort
  kind: fort
  name: Lone Fort
  set: T1
  number: 5
  rarity: common
  points: 3
- id: flat-back
  kind: camp
  name: Flat Back
  set: T1
  number: 6
  rarity: common
  points: 1
  flavor: Flat.
  back: 3
"""


@pytest.fixture(scope="module")
def outpost(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_outpost(tmp_path_factory.mktemp("outpost"))


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_outpost(tmp_path_factory.mktemp("broken"), BROKEN)


def test_a_card_carries_its_own_back_face_with_the_fields_the_sides_share(outpost: Path) -> None:
    db, report = load_outpost(outpost)
    assert not report.errors, report.format_text()
    camp = db.by_id("river-camp")
    assert camp is not None and camp.back is not None
    fort = camp.back
    assert (fort.id, fort.kind, fort.name, fort.text) == ("river-camp/back", "fort", "River Fort", "Stone by the ford.")
    assert (fort.set, fort.number, fort.rarity, fort.copies) == ("T1", 2, "common", 2)  # from the front
    assert fort.points == 3 and fort.walls == 2  # its own kind's fields
    assert db.face("river-camp/back") is fort and db.face("lone-scout/back") is None
    assert [c.id for c in db.cards] == ["lone-scout", "river-camp", "hill-camp"]  # a back is not a card of its own
    # Where each side is written: the back's source is its `back:` mapping (line 20 of cards.yaml, its first field).
    assert db.source(fort).located.span.line == 20


def test_every_problem_of_a_back_face_is_located_inside_back_and_reported_in_one_run(broken: Path) -> None:
    db, report = load_outpost(broken)
    found = [(f.code, f.span.line if f.span else None, f.message) for f in report.findings]
    assert ("E-MISSING-FIELD", 21, "the Fort side of 'bad-back' has no 'name', which every Fort needs") in found
    assert ("E-OUT-OF-RANGE", 21, "'points' is 12; it must be at most 9") in found
    assert (
        "E-BACK-FACE",
        22,
        "'set' belongs to the whole card, not to its Fort side; write it once, on the front",
    ) in found
    assert ("E-BACK-FACE", 23, "the back of a Camp is a Fort ('fort'), not 'scout'") in found
    assert any(code == "E-UNKNOWN-FIELD" and line == 24 and "'colour'" in message for code, line, message in found)
    assert ("E-MISSING-FIELD", 25, "'no-back' has no 'back', which every Camp needs: its Fort side") in found
    assert ("E-BACK-FACE", 41, "a Scout has one face; 'back' is the other side of a double-sided card") in found
    assert ("E-BACK-FACE", 43, "a Fort is the back face of a Camp card, not a card of its own") in found
    assert any(code == "E-WRONG-TYPE" and line == 57 and "'back' must be a mapping" in m for code, line, m in found)
    # Only the card that is right on both sides is in the database.
    assert [c.id for c in db.cards] == ["good-camp"]
    # The unknown field's hint lists the back's own fields, not those it shares with its front.
    unknown = next(f for f in report.findings if f.code == "E-UNKNOWN-FIELD")
    assert unknown.hint == "fields: name, art, flavor, text, points, walls"


def test_validate_json_locates_back_face_findings(broken: Path) -> None:
    result = run_cli("validate", "--project", str(broken), "--format", "json")
    assert result.exit_code == 1
    findings = json.loads(result.stdout)["findings"]
    out_of_range = next(f for f in findings if f["code"] == "E-OUT-OF-RANGE")
    assert (out_of_range["path"], out_of_range["line"], out_of_range["column"]) == (
        f"data/{GAME_ID}/cards/cards.yaml",
        21,
        13,
    )


def test_show_prints_both_sides(outpost: Path) -> None:
    result = run_cli("show", "river-camp", "--project", str(outpost))
    assert result.exit_code == 0, result.stdout
    front, _, back = result.stdout.partition("\nBack (river-camp/back): ")
    assert front.startswith("River Camp  (Camp, data/outpost/cards/cards.yaml:9)")
    assert "Tents by the ford." in front and "Stone by the ford." not in front
    assert back.startswith("River Fort  (Fort, data/outpost/cards/cards.yaml:20)")
    assert "points: 3" in back and "walls: 2" in back and "Stone by the ford." in back
    assert "set:" not in back  # the fields both sides share are shown once, with the front


def test_list_names_both_sides_and_finds_a_card_by_either_kind(outpost: Path) -> None:
    result = run_cli("list", "--project", str(outpost))
    rows = [line.split("  ") for line in result.stdout.splitlines()]
    assert any("River Camp // River Fort" in line and "Camp // Fort" in line for line in result.stdout.splitlines())
    assert len(rows) == 5  # header, three cards, count
    by_back = run_cli("list", "--kind", "fort", "--project", str(outpost))
    assert "river-camp" in by_back.stdout and "hill-camp" in by_back.stdout and "lone-scout" not in by_back.stdout


def test_json_output_holds_the_back_with_its_own_source(outpost: Path) -> None:
    shown = json.loads(run_cli("show", "river-camp", "--format", "json", "--project", str(outpost)).stdout)["card"]
    assert shown["back"]["id"] == "river-camp/back"
    assert (shown["back"]["name"], shown["back"]["points"], shown["back"]["walls"]) == ("River Fort", 3, 2)
    assert shown["back"]["source"] == {"path": f"data/{GAME_ID}/cards/cards.yaml", "line": 20}
    listed = json.loads(run_cli("list", "--format", "json", "--project", str(outpost)).stdout)
    assert [c["back"]["name"] if c["back"] else None for c in listed["cards"]] == [None, "River Fort", "Hill Fort"]


def test_stats_count_each_card_once_and_double_sided_cards_by_their_sides(outpost: Path) -> None:
    text = run_cli("stats", "--project", str(outpost)).stdout
    assert "Double-sided: 2 of the 3 cards" in text
    assert " Fort " not in text.split("Double-sided")[0]  # a back face's kind is not a kind of card
    data = json.loads(run_cli("stats", "--format", "json", "--project", str(outpost)).stdout)
    assert [k["id"] for k in data["kinds"]] == ["scout", "camp"]
    assert data["double_sided"] == [{"front": "camp", "back": "fort", "cards": 2, "copies": 3}]


def test_a_spreadsheet_carries_the_back_in_columns_of_its_own_and_reads_it_back(outpost: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "cards.csv"
    assert run_cli("export", "--project", str(outpost), "-o", str(sheet)).exit_code == 0
    header = sheet.read_text(encoding="utf-8-sig").splitlines()[0].split(",")
    assert [h for h in header if h.startswith("back.")] == [
        "back.name",
        "back.flavor",
        "back.text",
        "back.points",
        "back.walls",
    ]
    copy = write_outpost(tmp_path / "copy", cards="")
    (copy / "data" / GAME_ID / "cards" / "cards.yaml").unlink()
    result = run_cli("import", str(sheet), "--project", str(copy), "--game", GAME_ID)
    assert result.exit_code == 0, result.stdout + result.stderr
    before, _ = load_outpost(outpost)
    after, report = load_outpost(copy)
    assert not report.errors, report.format_text()
    assert [c.model_dump() for c in after.cards] == [c.model_dump() for c in before.cards]


def game_file_findings(tmp_path: Path, game: str) -> list[tuple[str, int | None, str]]:
    root = write_game(tmp_path, GAME_ID, game, "")
    with pytest.raises(LocatedError) as raised:
        get_pack(GAME_ID, Project.at(root))
    return [(f.code, f.span.line if f.span else None, f.message) for f in raised.value.findings]


def test_game_yaml_checks_each_back_face_names_another_kind(tmp_path: Path) -> None:
    assert game_file_findings(tmp_path, GAME.replace("back_face: fort", "back_face: frot")) == [
        ("E-GAME-FILE", 10, "kind 'camp': back_face 'frot' is not another kind of this game; did you mean 'fort'?")
    ]


def test_game_yaml_refuses_a_back_face_with_a_back_face_of_its_own(tmp_path: Path) -> None:
    game = GAME.replace("  - id: fort\n    label: Fort\n", "  - id: fort\n    label: Fort\n    back_face: camp\n")
    assert game_file_findings(tmp_path, game) == [
        ("E-GAME-FILE", 10, "kind 'camp' is the back face of another kind, so it cannot have a back face itself"),
        ("E-GAME-FILE", 14, "kind 'fort' is the back face of another kind, so it cannot have a back face itself"),
    ]


def test_an_edit_to_a_back_face_reprints_its_card_and_only_it(tmp_path: Path) -> None:
    root = write_outpost(tmp_path)
    for args in (["init", "-q"], ["add", "data"], ["commit", "-q", "-m", "start"]):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=root, check=True)
    cards = root / "data" / GAME_ID / "cards" / "cards.yaml"
    cards.write_text(cards.read_text().replace("text: Stone by the ford.", "text: Granite by the ford."))
    db, _ = load_outpost(root)
    assert changed_card_ids(db, "HEAD") == {"river-camp"}
    assert [c.id for c in select_cards(db, kinds=["fort"])] == ["river-camp", "hill-camp"]  # by either side's kind
