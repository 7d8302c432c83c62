"""`carddb validate` checks the game's deck lists too, once the cards themselves are clean."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from carddb.cli.app import app

REPO = Path(__file__).resolve().parents[2]


def _project(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "data" / "loe", tmp_path / "data" / "loe")
    return tmp_path


def _validate(root: Path) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["validate", "--project", str(root), "--game", "loe"])
    return result.exit_code, result.stdout


def test_a_deck_naming_an_unknown_card_fails_validate_at_its_line(tmp_path: Path) -> None:
    root = _project(tmp_path)
    assert _validate(root) == (0, "0 errors, 0 warnings\n")
    councils = root / "data" / "loe" / "decks" / "councils.yaml"
    lines = councils.read_text(encoding="utf-8").splitlines()
    number = lines.index("    - ashmarch-duke") + 1
    lines[number - 1] = "    - ashmarch-duk"
    councils.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out = _validate(root)
    assert code == 1
    assert f"data/loe/decks/councils.yaml:{number}:7: E-DECK-UNKNOWN-CARD" in out
    assert "did you mean 'ashmarch-duke'?" in out


def test_a_broken_card_is_not_reported_again_by_every_deck_that_names_it(tmp_path: Path) -> None:
    root = _project(tmp_path)
    dukes = root / "data" / "loe" / "cards" / "dukes.yaml"
    dukes.write_text(dukes.read_text(encoding="utf-8").replace("health: 8", "health: many", 1), encoding="utf-8")
    code, out = _validate(root)
    assert code == 1
    assert "E-DECK" not in out and "dukes.yaml" in out
