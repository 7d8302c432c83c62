"""games, validate, list, show and stats on tiny projects: output, JSON, exit codes, --strict."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from support.projects import CLEAN_CARDS, SETS, run_cli, run_process, write_project

from carddb.cli.app import main

# One card with two problems, and a second file with one: all must come in one run, in file and line order.
BROKEN_DUKES = """\
- id: cinder-duke
  name: Duke of the Cinder Gate
  kind: duke
  set: BASE
  number: 9
  rarity: uncommon
  cost: {powerstones: 3, influence: 1}
  helth: 8
  flavor: He keeps the gate.
"""
BROKEN_SPELLS = """\
- id: quick-spell
  name: Quickening
  kind: spell
  set: BASE
  number: 10
  rarity: comon
  cost: 1
  text: Ready target Resource.
  flavor: Again.
"""


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_project(tmp_path_factory.mktemp("clean"))


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # File names chosen so that natural order (2 before 10) differs from string order.
    return write_project(
        tmp_path_factory.mktemp("broken"),
        {"cards.yaml": CLEAN_CARDS, "spells-10.yaml": BROKEN_SPELLS, "dukes-2.yaml": BROKEN_DUKES},
    )


@pytest.fixture(scope="module")
def warned(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # A release-stage set: the cards without art are warnings, not errors.
    return write_project(tmp_path_factory.mktemp("warned"), sets=SETS.replace("stage: playtest", "stage: release"))


def test_games_lists_every_installed_pack_by_id() -> None:
    result = run_cli("games")
    assert result.exit_code == 0
    rows = [line.split()[0] for line in result.stdout.splitlines()[1:] if line.strip() and not line.startswith(" " * 4)]
    assert rows == sorted(rows) and {"loe", "loe2", "estro"} <= set(rows)
    assert "Lords of Estraven" in result.stdout and "ESTRO" in result.stdout


def test_validate_clean_project_exits_0(clean: Path) -> None:
    result = run_cli("validate", "--project", str(clean))
    assert result.exit_code == 0, result.stdout
    assert result.stdout.strip() == "0 errors, 0 warnings"


def test_validate_reports_every_problem_sorted_with_source_and_caret(broken: Path) -> None:
    result = run_cli("validate", "--project", str(broken))
    assert result.exit_code == 1
    out = result.stdout
    # The misspelt required field is one finding, on the key as written, suggesting the field it misspells.
    first = (
        "data/loe/cards/dukes-2.yaml:8:3: E-UNKNOWN-FIELD 'helth' is not a field of a Duke; "
        "did you mean 'health', which every Duke needs?"
    )
    second = "data/loe/cards/spells-10.yaml:6:11: E-BAD-VALUE 'rarity' is 'comon'"
    assert first in out and second in out
    assert out.index(first) < out.index(second)
    assert "E-MISSING-FIELD" not in out
    # The offending line is quoted and a caret sits under the key.
    assert "\n      helth: 8\n      ^^^^^\n" in out
    assert out.rstrip().endswith("2 errors, 0 warnings")


def test_validate_json_has_the_same_findings(broken: Path) -> None:
    result = run_cli("validate", "--project", str(broken), "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["errors"] == 2 and data["warnings"] == 0
    located = [(f["path"], f["line"], f["column"], f["code"]) for f in data["findings"]]
    assert located == [
        ("data/loe/cards/dukes-2.yaml", 8, 3, "E-UNKNOWN-FIELD"),
        ("data/loe/cards/spells-10.yaml", 6, 11, "E-BAD-VALUE"),
    ]
    helth = data["findings"][0]
    assert helth["severity"] == "error" and helth["end_column"] == 8  # the caret covers 'helth'


def test_warnings_pass_unless_strict(warned: Path) -> None:
    plain = run_cli("validate", "--project", str(warned))
    assert plain.exit_code == 0
    assert "W-NO-ART 'gate-duke' has no art" in plain.stdout
    assert plain.stdout.rstrip().endswith("0 errors, 7 warnings")  # every card but aldric, which has art
    strict = run_cli("validate", "--project", str(warned), "--strict")
    assert strict.exit_code == 1
    assert strict.stdout == plain.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("validate", "--format", "xml"),
        ("validate", "--no-such-option"),
        ("list", "--kind", "dukes"),
        ("list", "--rarity", "comon"),
        ("list", "--province", "atlantis"),
    ],
)
def test_usage_errors_exit_2(clean: Path, args: tuple[str, ...]) -> None:
    result = run_cli(*args, "--project", str(clean))
    assert result.exit_code == 2, result.stdout + result.stderr
    assert not result.crashed


def test_usage_error_suggests_the_closest_choice(clean: Path) -> None:
    result = run_cli("list", "--rarity", "comon", "--project", str(clean))
    assert "did you mean 'common'?" in result.stderr


def run_main(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """`cli.main`, the error boundary itself, in this process: its exit code and stderr."""
    monkeypatch.setattr(sys, "argv", ["carddb", *args])
    with pytest.raises(SystemExit) as exit_:
        main()
    return int(exit_.value.code or 0), capsys.readouterr().err


def test_unknown_game_is_a_usage_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run_main(monkeypatch, capsys, "validate", "--game", "chess")
    assert code == 2
    assert err.startswith("carddb: unknown game 'chess' (installed game packs: ") and " loe, loe2" in err


def test_missing_project_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("validate", "--project", str(tmp_path / "nowhere"))
    assert result.exit_code == 2
    assert "does not exist" in result.stderr
    assert not result.crashed


def test_folder_without_game_data_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, err = run_main(monkeypatch, capsys, "validate")
    assert code == 2
    # No game is the default because of its name: carddb asks which one.
    assert "no game folder under" in err and "pass --game ID" in err and "Traceback" not in err


def test_real_process_on_broken_project_exits_1_without_traceback(broken: Path) -> None:
    result = run_process("validate", "--project", str(broken))
    assert result.exit_code == 1
    assert not result.crashed
    assert "E-UNKNOWN-FIELD" in result.stdout


def test_a_file_system_that_refuses_an_output_is_named_not_an_internal_error(tmp_path: Path) -> None:
    # A file named 'output' where carddb makes its output folder: the user's to fix, and the message says where.
    root = write_project(tmp_path)
    (root / "data" / "loe" / "boosters.yaml").write_text(
        "boosters:\n  b:\n    name: B\n    slots:\n      - {name: all, count: 1, filter: {kind: spell}}\n"
    )
    (root / "output").write_text("my notes\n")
    result = run_process("boosters", "b", "--no-pdf", "--seed", "1", "--project", str(root))
    assert result.exit_code == 1 and not result.crashed
    assert "internal error" not in result.stderr
    assert f"carddb: {root / 'output'}" in result.stderr and "Not a directory" in result.stderr
    assert (root / "output").read_text() == "my notes\n"


def test_list_filters_and_prints_an_ungrepped_table(clean: Path) -> None:
    result = run_cli("list", "--kind", "duke", "--project", str(clean))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["id", "name", "kind", "cost", "province", "rarity", "set"]
    assert lines[1].split()[0] == "gate-duke" and "3 + 1 Influence" in lines[1] and lines[1].endswith("BASE 2")
    assert lines[-1] == "1 card"
    assert all(line == line.rstrip() for line in lines)  # piped output has no padding to trail


def test_list_shows_subtypes_and_sorts_by_number(clean: Path) -> None:
    result = run_cli("list", "--project", str(clean))
    ids = [line.split()[0] for line in result.stdout.splitlines()[1:-1]]
    assert ids == [
        "aldric",
        "gate-duke",
        "iron-crown",
        "levies",
        "quickening",
        "refusal",
        "ember-blade",
        "rite-of-ashes",
    ]
    assert "Resource - Subject" in result.stdout and "Item - Gear" in result.stdout


def test_list_refuses_to_run_on_invalid_data(broken: Path) -> None:
    result = run_cli("list", "--project", str(broken))
    assert result.exit_code == 1
    assert "E-UNKNOWN-FIELD" in result.stdout


def test_show_prints_fields_text_and_flavor(clean: Path) -> None:
    result = run_cli("show", "gate-duke", "--project", str(clean))
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("Duke of the Cinder Gate  (Duke, data/loe/cards/cards.yaml:13)")
    assert "cost: 3 + 1 Influence" in out
    assert "health: 8" in out
    assert "tags:" not in out  # empty values are not shown
    assert "Spend 1 Influence: Deal 2 damage to target Duke." in out
    assert "\u201cHe keeps the gate.\u201d" in out


def test_show_unknown_id_suggests(clean: Path) -> None:
    result = run_cli("show", "gate-duk", "--project", str(clean))
    assert result.exit_code == 2  # a usage error, as an unknown --kind is (tests/cli has the other cases)
    assert "no card with the id 'gate-duk'; did you mean 'gate-duke' (Duke of the Cinder Gate)?" in result.stderr


def test_stats_titles_are_whole_lines_and_counts_add_up(clean: Path) -> None:
    result = run_cli("stats", "--project", str(clean))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Lords of Estraven: 8 distinct cards"
    assert "Cost curve (powerstones)" in lines
    total = next(line for line in lines if line.split()[:1] == ["total"])
    assert total.split() == ["total", "8", "10"]  # levies has 3 copies
    lord = next(line for line in lines if line.split()[:1] == ["Lord"] and "5.0" in line)
    assert lord.split()[-1] == "5.0"


def test_project_without_cards_says_where_they_go(tmp_path: Path) -> None:
    (tmp_path / "data" / "loe").mkdir(parents=True)
    result = run_cli("validate", "--project", str(tmp_path))
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == "E-NO-CARDS no card files (*.yaml) in data/loe/cards/"
