"""`carddb print --skip-invalid`: the valid cards are printed, the others listed with their findings."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from support.projects import CLEAN_CARDS, run_cli, write_project

from carddb.cards.loading import load_database
from carddb.cards.validity import triage
from carddb.files.project import Project
from carddb.packs.lookup import get_pack

# The clean cards without art (the fixture's PNG is too small to decode, which print reports).
VALID = CLEAN_CARDS.replace("  art: {file: good.png, artist: A. Painter}\n", "")
# A card that fails validation (a misspelt field) and one that validates but whose rules text does not parse.
INVALID = """\
- id: broken-duke
  name: Broken Duke
  kind: duke
  set: BASE
  number: 9
  rarity: common
  cost: 2
  helth: 3
  flavor: x
- id: wordy-spell
  name: Wordy Spell
  kind: spell
  set: BASE
  number: 10
  rarity: common
  cost: 1
  text: Frobnicate target Duke.
  flavor: y
"""
NOT_YAML = "- id: [never closed\n"


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    files = {"cards.yaml": VALID, "invalid.yaml": INVALID, "zz-broken.yaml": NOT_YAML}
    return write_project(tmp_path_factory.mktemp("mixed"), files)


@pytest.fixture(scope="module")
def printed(mixed: Path) -> tuple[int, str]:
    result = run_cli("print", "--skip-invalid", "--paper", "a4", "--duplex", "none", "--project", str(mixed))
    assert not result.crashed, result.stderr
    return result.exit_code, result.stdout


def _sheet_text(project: Path, name: str) -> str:
    pages = PdfReader(project / "output" / "loe" / "print" / name).pages
    return "\n".join(page.extract_text() for page in pages)


def test_the_valid_cards_are_printed(mixed: Path, printed: tuple[int, str]) -> None:
    _, out = printed
    sheet = PdfReader(mixed / "output" / "loe" / "print" / "loe-a4.pdf")
    assert len(sheet.pages) == 2  # 8 cards, levies 3 times: 10 copies, 9 to a page, no backs
    text = _sheet_text(mixed, "loe-a4.pdf")
    assert "Duke of the Cinder Gate" in text and "Veiled Refusal" in text
    assert "Broken Duke" not in text and "Wordy Spell" not in text
    assert "8 cards: " in out and out.rstrip().endswith("; 2 left out for errors")


def test_the_left_out_cards_are_listed_with_located_findings(printed: tuple[int, str]) -> None:
    code, out = printed
    assert code == 1  # the sheets are written, but they are not the whole game
    assert "data/loe/cards/invalid.yaml:8:3: E-UNKNOWN-FIELD 'helth' is not a field of a Duke" in out
    assert "\n      helth: 3\n      ^^^^^\n" in out
    assert "data/loe/cards/invalid.yaml:17:9: E-UNKNOWN-EFFECT" in out
    assert "data/loe/cards/zz-broken.yaml:1:7: E-YAML-SYNTAX" in out
    listed = out[out.index("left out, with errors") :]
    assert listed.splitlines()[:3] == [
        "left out, with errors (listed above): 2 cards",
        "  broken-duke (data/loe/cards/invalid.yaml:1): E-UNKNOWN-FIELD",
        "  wordy-spell (data/loe/cards/invalid.yaml:10): E-UNKNOWN-EFFECT",
    ]
    assert "  data/loe/cards/zz-broken.yaml:1:7: E-YAML-SYNTAX" in listed  # its cards, if any, are not printed


def test_without_the_flag_nothing_is_printed(tmp_path: Path) -> None:
    project = write_project(tmp_path, {"cards.yaml": VALID, "invalid.yaml": INVALID})
    result = run_cli("print", "--paper", "a4", "--project", str(project))
    assert result.exit_code == 1
    assert "nothing was printed: fix the errors, or print the other cards with --skip-invalid" in result.stdout
    assert not (project / "output" / "loe" / "print").exists()


def test_a_selection_lists_only_its_own_left_out_cards(mixed: Path, printed: tuple[int, str]) -> None:
    args = ("print", "--skip-invalid", "--paper", "a4", "--duplex", "none", "--project", str(mixed))
    named = run_cli(*args, "--cards", "broken-duke,gate-duke")  # a left-out id is not an unknown id
    assert named.exit_code == 1
    assert "  broken-duke (data/loe/cards/invalid.yaml:1): E-UNKNOWN-FIELD" in named.stdout
    assert "wordy-spell" not in named.stdout and "E-UNKNOWN-EFFECT" not in named.stdout
    assert "Duke of the Cinder Gate" in _sheet_text(mixed, "loe-selection-a4.pdf")
    only_invalid = run_cli(*args, "--cards", "wordy-spell")
    assert only_invalid.exit_code == 1
    assert "  wordy-spell (data/loe/cards/invalid.yaml:10): E-UNKNOWN-EFFECT" in only_invalid.stdout
    assert only_invalid.stdout.rstrip().endswith("no cards match the selection; nothing to print")
    typo = run_cli(*args, "--cards", "brokn-duke")
    assert typo.exit_code == 2 and "did you mean 'broken-duke'" not in typo.stderr  # not a valid card to suggest


def test_nothing_left_out_exits_0(tmp_path: Path) -> None:
    project = write_project(tmp_path, {"cards.yaml": VALID})
    args = ("print", "--skip-invalid", "--paper", "a4", "--duplex", "none", "--cards", "levies")
    result = run_cli(*args, "--project", str(project))
    assert result.exit_code == 0, result.stdout
    assert "left out" not in result.stdout and result.stdout.rstrip().endswith("1 card: 1 rendered, 0 from the cache")


def test_triage_gives_each_error_to_its_card(mixed: Path) -> None:
    db, report = load_database(Project.at(mixed), get_pack("loe"))
    triaged = triage(db, report)
    assert sorted(c.id for c in triaged.valid) == sorted(c.id for c in db.cards if c.id != "wordy-spell")
    assert [(e.card_id, e.line) for e in triaged.left_out] == [("broken-duke", 1), ("wordy-spell", 10)]
    assert [f.code for f in triaged.outside_cards] == ["E-YAML-SYNTAX"]
    assert triaged.left_out_ids == {"broken-duke", "wordy-spell"}


def test_triage_of_a_repeated_id_and_a_card_without_one(tmp_path: Path) -> None:
    repeated = VALID.split("- id: gate-duke")[1].split("- id: iron-crown")[0]
    extra = "- id: gate-duke" + repeated.replace("number: 2", "number: 11") + "- name: No Id\n  kind: spell\n"
    project = write_project(tmp_path, {"a.yaml": VALID, "b.yaml": extra})
    db, report = load_database(Project.at(project), get_pack("loe"))
    triaged = triage(db, report)
    assert "gate-duke" in {c.id for c in triaged.valid}  # the first one is kept, the repeat is left out
    left = {(e.card_id, e.path.name, e.line) for e in triaged.left_out}
    assert left == {("gate-duke", "b.yaml", 1), (None, "b.yaml", 11)}
    nameless = next(e for e in triaged.left_out if e.card_id is None)
    assert nameless.label(report) == "the card at data/loe/cards/b.yaml:11"
