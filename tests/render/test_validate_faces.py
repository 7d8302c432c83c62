"""`carddb validate` finds what print finds: unknown icons, and text and names that do not fit, located.

The overflows come from the same layout print uses (laid out, never estimated); their measures
are kept by content, so a second validate of an unchanged project lays nothing out.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.projects import run_cli
from support.tidewake import CARDS, write_tidewake

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.render.faces.check import check_faces

LONG_TEXT = "Cancel an attack on a Vessel you control, then draw a card and discard a card. " * 8
BROKEN = (
    CARDS.replace("gain 2{coin}.", "gain 2{coins}.")
    .replace("stolen flags.", "stolen flags {wnd}.")
    .replace("Cancel an attack on a Vessel you control.", LONG_TEXT)
    .replace("name: Old Ned,", "name: Old Ned the Navigator of the Seven Windy Seas,")
)


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    return write_tidewake(tmp_path, "poker", cards=BROKEN)


def _where(output: str, code: str) -> list[tuple[int, int, str]]:
    return [(int(line), int(col), rest) for line, col, rest in re.findall(rf":(\d+):(\d+): {code} (.*)", output)]


def test_validate_reports_icons_and_overflows_located_and_fails(broken: Path) -> None:
    result = run_cli("validate", "--project", str(broken), "--jobs", "1")
    assert not result.crashed and result.exit_code == 1, result.stdout
    lines = (broken / "data" / "tidewake" / "cards" / "cards.yaml").read_text().splitlines()
    icons = _where(result.stdout, "E-UNKNOWN-ICON")
    assert [(m.split(": ", 1)[1]) for _l, _c, m in icons] == [
        "{coins} is not an icon of this game; did you mean {coin}?",
        "{wnd} is not an icon of this game; did you mean {wind}?",
    ]
    for line, col, message in icons:  # each at its marker
        marker = message.split(" is not")[0].split(": ")[1]
        assert lines[line - 1][col - 1 :].startswith(marker)
    [(line, col, message)] = _where(result.stdout, "E-TEXT-OVERFLOW")
    assert message.startswith("'tide-turn' rules text needs") and "at 7 pt" in message
    assert lines[line - 1][col - 1 :].startswith('"Cancel an attack')  # at the card's text
    [(line, col, message)] = _where(result.stdout, "E-NAME-OVERFLOW")
    assert "'old-ned' name 'Old Ned the Navigator of the Seven Windy Seas'" in message
    assert lines[line - 1][col - 1 :].startswith("Old Ned the Navigator")  # at the card's name


def test_no_layout_skips_the_face_check(broken: Path) -> None:
    result = run_cli("validate", "--project", str(broken), "--no-layout")
    assert "E-UNKNOWN-ICON" in result.stdout  # found while loading, layout or not
    assert "E-TEXT-OVERFLOW" not in result.stdout and "E-NAME-OVERFLOW" not in result.stdout


def test_a_second_validate_of_an_unchanged_project_lays_nothing_out(broken: Path) -> None:
    project = Project.at(broken)
    db, _ = load_database(project, get_pack(None, project))
    first = Report(root=broken)
    assert check_faces(db, first, workers=1) == (5, 0)
    again = Report(root=broken)
    assert check_faces(db, again, workers=1) == (0, 5)  # every measure found by the cards' inputs
    assert [f.message for f in again] == [f.message for f in first]  # and the same findings
    edited = (broken / "data" / "tidewake" / "cards" / "cards.yaml").read_text().replace("Drowned", "Sunken")
    (broken / "data" / "tidewake" / "cards" / "cards.yaml").write_text(edited)
    db, _ = load_database(project, get_pack(None, project))
    assert check_faces(db, Report(root=broken), workers=1) == (1, 4)  # only the edited card


def test_print_finds_the_same_overflows(broken: Path) -> None:
    validated = run_cli("validate", "--project", str(broken), "--jobs", "1")
    printed = run_cli("print", "--project", str(broken), "--paper", "a4", "--jobs", "1", "--skip-invalid")
    for code in ("E-TEXT-OVERFLOW", "E-NAME-OVERFLOW"):
        assert _where(validated.stdout, code) == _where(printed.stdout, code)


def test_an_unknown_icon_in_a_language_games_flavor_is_found(tmp_path: Path) -> None:
    import shutil

    repo = Path(__file__).resolve().parents[2]
    shutil.copytree(repo / "data" / "loe", tmp_path / "data" / "loe")
    spells = tmp_path / "data" / "loe" / "cards" / "spells.yaml"
    spells.write_text(spells.read_text().replace("at a distance.", "at a distance {powerstones}.", 1))
    result = run_cli("validate", "--project", str(tmp_path), "--no-layout")
    [(_line, _col, message)] = _where(result.stdout, "E-UNKNOWN-ICON")
    assert message == "'firebrand' flavor text: {powerstones} is not an icon of this game; did you mean {powerstone}?"
    assert result.exit_code == 1


def test_a_field_too_long_for_its_region_is_reported_at_the_field(tmp_path: Path) -> None:
    root = write_tidewake(tmp_path, "poker")
    game = root / "data" / "tidewake" / "game.yaml"
    # crews show their motto in a 20 x 5 mm box, at 7 pt at the smallest
    crew = "  - kinds: [crew]\n    regions:\n      - {show: motto, at: [5, 40, 20, 5], size: [8, 7]}\n"
    game.write_text(game.read_text().replace("placeholder:", crew + "placeholder:"))
    cards = root / "data" / "tidewake" / "cards" / "cards.yaml"
    cards.write_text(
        cards.read_text().replace('"Follow the gulls"', '"Follow the gulls to the end of the long grey sea"')
    )
    result = run_cli("validate", "--project", str(root), "--jobs", "1")
    [(line, col, message)] = _where(result.stdout, "E-REGION-OVERFLOW")
    assert message.startswith("'old-ned' motto: 'Follow the gulls to the end of the long grey sea' needs")
    assert cards.read_text().splitlines()[line - 1][col - 1 :].startswith('"Follow the gulls')  # at the field
    assert result.exit_code == 1
    cards.write_text(cards.read_text().replace("Follow the gulls to the end of the long grey sea", "Aye"))
    assert "E-REGION-OVERFLOW" not in run_cli("validate", "--project", str(root), "--jobs", "1").stdout


def test_measures_that_came_with_a_project_are_not_trusted(broken: Path) -> None:
    """Measures swapped in output/ (a pull or an archive that carries the cache) claiming every face fits must
    not hide an overflow: only measures this machine's carddb wrote are read (issue 29's rule for caches)."""
    project = Project.at(broken)
    db, _ = load_database(project, get_pack(None, project))
    check_faces(db, Report(root=broken), workers=1)
    cache = broken / "output" / "tidewake" / ".cache" / "faces"
    fits = {"overflow": False, "fill": 0.5, "name_overrun": 0.0}
    lies = {path: {**json.loads(path.read_text()), **fits} for path in cache.glob("card*.json")}
    lies |= {path: {**json.loads(path.read_text()), **fits} for path in cache.glob("[0-9a-f]*.json")}
    book = json.loads((cache / "measures.json").read_text())
    lies[cache / "measures.json"] = {key: {**meta, **fits} for key, meta in book.items()}
    for path, content in lies.items():  # written anew and renamed over, as git or tar would
        fresh = path.with_suffix(".new")
        fresh.write_text(json.dumps(content))
        fresh.replace(path)
    db, _ = load_database(project, get_pack(None, project))
    report = Report(root=broken)
    check_faces(db, report, workers=1)
    assert {f.code for f in report} >= {"E-TEXT-OVERFLOW", "E-NAME-OVERFLOW"}
