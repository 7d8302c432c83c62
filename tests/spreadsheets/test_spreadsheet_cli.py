"""`carddb export` and `carddb import`: cards to a spreadsheet and back, every import problem located in its cell."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
from support.projects import PNG, run_cli, write_project

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.packs.lookup import get_pack

REPO = Path(__file__).resolve().parents[2]

# Every kind of field a designer writes, and text a CSV must quote: commas, quotes, line breaks, non-ASCII.
RICH_CARDS = """\
- id: aldric
  name: Aldric, the "Ember" Lord
  kind: lord
  province: ashmarch
  set: BASE
  number: 1
  rarity: rare
  health: 22
  version: 3
  tags: [starter, burn]
  text: |
    Spend 1 Material: Deal 1 damage to target Duke.
    Whenever you trade with the market, draw a card.
  flavor: "\u201cThe forges never cool,\u201d she said; \u2014 and 'never' meant never."
  art: {file: aldric.png, artist: "Ana \u00d1u\u00f1ez", focus_x: 0.25, focus_y: 0.75}
- id: quickening
  name: Quickening
  kind: spell
  set: BASE
  number: 2
  rarity: common
  cost: 0
  copies: 3
  text: Ready target Resource.
  art: quick.png
- id: gate-duke
  name: Duke of the Cinder Gate
  kind: duke
  set: BASE
  number: 3
  rarity: uncommon
  cost: {powerstones: 3, influence: 1}
  health: 8
  text: "Spend 1 Influence: Deal 2 damage to target Duke."
  flavor: He keeps the gate.
"""


def _cards(root: Path, game: str = "loe") -> dict[str, dict[str, object]]:
    db, report = load_database(Project.at(root), get_pack(game))
    assert not report.errors, report.format_text()
    return {card.id: card.model_dump() for card in db.cards}


def _empty_project(root: Path, source: Path, game: str = "loe") -> Path:
    """A project with the source's sets and art, and no cards."""
    (root / "data" / game / "cards").mkdir(parents=True)
    shutil.copy(source / "data" / game / "sets.yaml", root / "data" / game / "sets.yaml")
    if (source / "data" / game / "art").is_dir():
        shutil.copytree(source / "data" / game / "art", root / "data" / game / "art")
    return root


def _round_trip(source: Path, tmp_path: Path, game: str, sheet: str) -> tuple[Path, Path]:
    exported = tmp_path / f"cards.{sheet}"
    result = run_cli("export", "--format", sheet, "--out", str(exported), "--game", game, "--project", str(source))
    assert result.exit_code == 0, result.stdout + result.stderr
    target = _empty_project(tmp_path / "imported", source, game)
    done = run_cli("import", str(exported), "--game", game, "--project", str(target))
    assert done.exit_code == 0, done.stdout + done.stderr
    return exported, target


@pytest.mark.parametrize(("game", "sheet"), [("loe", "csv"), ("loe", "tsv"), ("loe2", "csv")])
def test_every_shipped_card_survives_the_round_trip(tmp_path: Path, game: str, sheet: str) -> None:
    source = tmp_path / "source"
    shutil.copytree(REPO / "data" / game, source / "data" / game)
    _, target = _round_trip(source, tmp_path, game, sheet)
    before, after = _cards(source, game), _cards(target, game)
    assert len(before) >= 50 and after == before


def test_quotes_commas_line_breaks_and_every_field_survive(tmp_path: Path) -> None:
    source = write_project(tmp_path / "source", {"cards.yaml": RICH_CARDS}, art={"aldric.png": PNG, "quick.png": PNG})
    exported, target = _round_trip(source, tmp_path, "loe", "csv")
    assert _cards(target) == _cards(source)
    raw = exported.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte-order mark, for Excel
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    aldric = rows[0]
    assert aldric["name"] == 'Aldric, the "Ember" Lord'
    assert aldric["text"] == (
        "Spend 1 Material: Deal 1 damage to target Duke.\nWhenever you trade with the market, draw a card."
    )
    assert aldric["tags"] == "starter, burn" and aldric["version"] == "3" and aldric["art.focus_x"] == "0.25"
    assert aldric["cost.powerstones"] == ""  # a Lord's cost left at its default is an empty cell
    assert rows[1]["cost.powerstones"] == "0" and rows[1]["copies"] == "3"  # a Spell must have a cost, even 0
    assert list(rows[0])[:3] == ["id", "name", "kind"] and "art.artist" in rows[0]
    written = (target / "data" / "loe" / "cards" / "cards.yaml").read_text()
    assert written.startswith("# Imported from cards.csv by `carddb import`")
    assert "  text: |-\n    Spend 1 Material: Deal 1 damage to target Duke.\n    Whenever you trade" in written
    assert "  cost: {powerstones: 3, influence: 1}\n" in written and "  tags: [starter, burn]\n" in written


def test_export_to_standard_output_by_kind(tmp_path: Path) -> None:
    project = write_project(tmp_path, {"cards.yaml": RICH_CARDS}, art={"aldric.png": PNG, "quick.png": PNG})
    result = run_cli("export", "--out", "-", "--kind", "duke", "--project", str(project))
    assert result.exit_code == 0
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0][:3] == ["id", "name", "kind"] and [r[0] for r in rows[1:]] == ["gate-duke"]
    assert "art.file" not in rows[0]  # no duke has art: no empty column


BAD = """\
id,name,kind,cost.powerstones,health,set,number,rarity,text,flavor
new-duke,New Duke,duke,3,eight,BASE,20,common,Spend 1 Influence: Deal 2 damage to target Duke.,x
new-spell,New Spell,spell,two,,BASE,21,comon,Draw a card.,y
new-duke,Again,spell,1,,BASE,22,common,Draw a card.,z
no-health,No Health,duke,2,,BASE,23,common,Draw a card.,z
sp-health,Sp,spell,1,4,BASE,24,common,Frobnicate target Duke.,z
good-spell,Good Spell,spell,3.0,,BASE,25,common,Draw a card.,z
fine-spell,Fine Spell,spell,1,,BASE,26,common,Draw a card.,z
"""


def test_export_to_a_folder_is_a_usage_error(tmp_path: Path) -> None:
    project = write_project(tmp_path, {"cards.yaml": RICH_CARDS}, art={"aldric.png": PNG, "quick.png": PNG})
    result = run_cli("export", "--out", str(project / "data"), "--project", str(project))
    assert result.exit_code == 2 and "is a folder" in result.stderr and not result.crashed
    assert (project / "data" / "loe" / "cards" / "cards.yaml").read_text() == RICH_CARDS


def _sheet(tmp_path: Path, text: str, name: str = "new.csv", encoding: str = "utf-8") -> tuple[Path, Path]:
    project = write_project(
        tmp_path / "project",
        {
            "cards.yaml": "- id: old\n  name: Old\n  kind: spell\n  set: BASE\n  number: 1\n  rarity: common\n  cost: 1\n  text: Draw a card.\n  flavor: f\n"
        },
    )
    sheet = tmp_path / name
    sheet.write_bytes(text.encode(encoding))
    return project, sheet


def _located(stdout: str) -> list[tuple[int, int, str]]:
    found = []
    for line in stdout.splitlines():
        if ": E-" in line or ": W-" in line:
            where, rest = line.split(": ", 1)
            _, row, col = where.rsplit(":", 2)
            found.append((int(row), int(col), rest.split()[0]))
    return found


def test_every_bad_cell_is_reported_at_once_and_nothing_is_written(tmp_path: Path) -> None:
    project, sheet = _sheet(tmp_path, BAD)
    result = run_cli("import", str(sheet), "--project", str(project))
    assert result.exit_code == 1
    assert _located(result.stdout) == [
        (2, 5, "E-WRONG-TYPE"),  # health 'eight'
        (3, 4, "E-WRONG-TYPE"),  # cost 'two'
        (3, 8, "E-BAD-VALUE"),  # rarity 'comon'
        (4, 1, "E-DUPLICATE-ID"),  # new-duke again
        (5, 5, "E-MISSING-FIELD"),  # the empty health cell of a duke
        (6, 5, "E-KIND-RULE"),  # a spell with health
        (7, 4, "E-WRONG-TYPE"),  # 3.0 is not a whole number
    ]
    out = result.stdout
    assert f"{sheet}:2:5: E-WRONG-TYPE 'health' must be a whole number, not text 'eight' (cell E2)" in out
    assert "is already used by the card at " + str(sheet) + " row 2 (cell A4)" in out
    assert "'no-health' has no 'health', which every Duke needs (cell E5)" in out
    assert "'cost.powerstones' must be a whole number, not the number 3.0 (cell D7)" in out
    assert "\n    " + "new-duke" not in out  # rows are not file lines: no quoted source line under a finding
    assert out.rstrip().endswith(
        "nothing written: fix the spreadsheet, or write the rows without errors with --skip-invalid"
    )
    assert not (project / "data" / "loe" / "cards" / "new.yaml").exists()


def test_rules_text_and_cross_card_checks_run_on_imported_rows(tmp_path: Path) -> None:
    project, sheet = _sheet(
        tmp_path,
        "id,name,kind,cost,set,number,rarity,text,flavor\n"
        "odd-spell,Odd,spell,1,BASE,2,common,Frobnicate target Duke.,f\n"
        "old,Clash,spell,1,BASE,3,common,Draw a card.,f\n"
        "late,Late,spell,1,BASE,1,common,Draw a card.,f\n",
    )
    out = run_cli("import", str(sheet), "--check", "--project", str(project)).stdout
    assert _located(out) == [(2, 8, "E-UNKNOWN-EFFECT"), (3, 1, "E-DUPLICATE-ID"), (4, 6, "E-DUPLICATE-NUMBER")]
    assert "id 'old' is already used by the card at data/loe/cards/cards.yaml:1 (cell A3)" in out
    assert "3 cards checked; nothing written (--check)" in out


def test_skip_invalid_writes_the_good_rows_and_lists_the_others(tmp_path: Path) -> None:
    project, sheet = _sheet(tmp_path, BAD)
    result = run_cli("import", str(sheet), "--skip-invalid", "--project", str(project))
    assert result.exit_code == 1
    assert "wrote data/loe/cards/new.yaml: 1 card from new.csv" in result.stdout
    assert "left out, with errors (listed above): 6 rows: 2, 3, 4, 5, 6, 7" in result.stdout
    assert set(_cards(project)) == {"old", "fine-spell"}


def test_an_existing_card_file_is_never_overwritten_silently(tmp_path: Path) -> None:
    project, sheet = _sheet(
        tmp_path, "id,name,kind,cost,set,number,rarity,text,flavor\nnew,New,spell,1,BASE,2,common,Draw a card.,f\n"
    )
    existing = project / "data" / "loe" / "cards" / "cards.yaml"
    before = existing.read_text()
    refused = run_cli("import", str(sheet), "--to", "cards.yaml", "--project", str(project))
    assert refused.exit_code == 2
    assert (
        "data/loe/cards/cards.yaml already exists: name another file with --to, or replace its cards with --replace"
        in refused.stderr
    )
    assert existing.read_text() == before
    replaced = run_cli("import", str(sheet), "--to", "cards.yaml", "--replace", "--project", str(project))
    assert replaced.exit_code == 0 and "replaced the cards of data/loe/cards/cards.yaml: 1 card" in replaced.stdout
    assert set(_cards(project)) == {"new"}
    # --replace where there is nothing to replace writes the file, and says so.
    (project / "data" / "loe" / "cards" / "cards.yaml").unlink()
    fresh = run_cli("import", str(sheet), "--to", "cards.yaml", "--replace", "--project", str(project))
    assert fresh.exit_code == 0 and "wrote data/loe/cards/cards.yaml: 1 card" in fresh.stdout, fresh.stdout
    outside = run_cli("import", str(sheet), "--to", "../sets.yaml", "--project", str(project))
    assert outside.exit_code == 2 and "outside data/loe/cards/" in outside.stderr


def test_headers_are_matched_mapped_or_ignored(tmp_path: Path) -> None:
    text = "ID,Nmae,Kind,Cost,Set,Number,Rarity,Rules Text,Notes\nnew,New,spell,1,BASE,2,common,Draw a card.,remember\n"
    project, sheet = _sheet(tmp_path, text)
    unmatched = run_cli("import", str(sheet), "--project", str(project))
    assert _located(unmatched.stdout) == [
        (1, 2, "E-IMPORT-HEADER"),
        (1, 8, "E-IMPORT-HEADER"),
        (1, 9, "E-IMPORT-HEADER"),
    ]
    assert "'Nmae' is not a field of any card of Lords of Estraven; did you mean 'name'?" in unmatched.stdout
    assert "hint: map it to a field: --map 'Notes=FIELD', or leave it out: --ignore 'Notes'" in unmatched.stdout
    args = ("--map", "Nmae=name", "--map", "rules text=text", "--ignore", "notes")
    mapped = run_cli("import", str(sheet), *args, "--project", str(project))
    assert mapped.exit_code == 0, mapped.stdout  # W-NO-FLAVOR is only a warning
    assert _located(mapped.stdout) == [(2, 1, "W-NO-FLAVOR")]
    assert _cards(project)["new"]["text"] == "Draw a card."
    bad_map = run_cli("import", str(sheet), "--map", "Nmae=nam", "--project", str(project))
    assert bad_map.exit_code == 2 and "did you mean 'name'?" in bad_map.stderr


@pytest.mark.parametrize(
    ("header", "cells", "where", "words"),
    [
        ("id,name,kind,name", "a,A,spell,B", (1, 4), "'name' fills the same field as column B ('name')"),
        ("id,cost,cost.influence", "a,1,2", (1, 3), "fills a part of the same field as column B ('cost')"),
        ("id,,kind", "a,x,spell", (1, 2), "column B has values but no header"),
        ("id,kind", "a,spell,extra", (2, 3), "a value in column C, which has no header"),
    ],
)
def test_header_problems(tmp_path: Path, header: str, cells: str, where: tuple[int, int], words: str) -> None:
    project, sheet = _sheet(tmp_path, f"{header}\n{cells}\n")
    result = run_cli("import", str(sheet), "--check", "--project", str(project))
    assert result.exit_code == 1
    assert (*where, "E-IMPORT-HEADER") in _located(result.stdout) and words in result.stdout


def test_a_quote_that_is_never_closed_is_named_at_its_cell(tmp_path: Path) -> None:
    # The opening quote of H2 swallows the rest of the file into that cell: say so, not that row 2 lacks fields.
    project, sheet = _sheet(
        tmp_path,
        "id,name,kind,cost,set,number,rarity,text,flavor\n"
        'q1,Q1,spell,1,BASE,2,common,"Draw a card.,f\n'
        "q2,Q2,spell,1,BASE,3,common,Draw a card.,f\n",
    )
    result = run_cli("import", str(sheet), "--project", str(project))
    assert result.exit_code == 1
    assert _located(result.stdout) == [(2, 8, "E-IMPORT-FILE")]
    assert "a quote opened in cell H2 is never closed" in result.stdout
    assert not (project / "data" / "loe" / "cards" / "new.yaml").exists()


def test_semicolons_tabs_encodings_and_empty_rows(tmp_path: Path) -> None:
    rows = "id;name;kind;cost;set;number;rarity;text;flavor\r\n;;;;;;;;\r\ncafe;Caf\u00e9;spell;1;BASE;2;common;Draw a card.;f\r\n"
    project, sheet = _sheet(tmp_path, rows, "semi.csv", "cp1252")
    not_utf8 = run_cli("import", str(sheet), "--project", str(project))
    assert not_utf8.exit_code == 1 and _located(not_utf8.stdout) == [(3, 1, "E-IMPORT-FILE")]
    assert "is not utf-8 text (byte 0xe9)" in not_utf8.stdout and "--encoding cp1252" in not_utf8.stdout
    read = run_cli("import", str(sheet), "--encoding", "cp1252", "--project", str(project))
    assert read.exit_code == 0, read.stdout
    assert _cards(project)["cafe"]["name"] == "Caf\u00e9"
    tabs = tmp_path / "tabs.tsv"
    tabs.write_text(
        "id\tname\tkind\tcost\tset\tnumber\trarity\ttext\tflavor\ntab\tTab, with comma\tspell\t1\tBASE\t3\tcommon\tDraw a card.\tf\n"
    )
    assert run_cli("import", str(tabs), "--project", str(project)).exit_code == 0
    assert _cards(project)["tab"]["name"] == "Tab, with comma"
    empty = tmp_path / "empty.csv"
    empty.write_text("\n\n")
    result = run_cli("import", str(empty), "--project", str(project))
    assert result.exit_code == 1 and "E-IMPORT-FILE is empty: there is no header row" in result.stdout
