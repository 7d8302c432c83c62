"""The runnable scripts of bench/ and scripts/ import only carddb names that exist.

They are not imported by the suite otherwise, so a module moved or a name renamed would leave a
benchmark that fails only when someone runs it (bench_bot_duel.py imported load_database from
its pre-split module until this test).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = sorted([*REPO.glob("bench/*.py"), *REPO.glob("scripts/*.py")])


def carddb_imports(path: Path) -> list[tuple[str, str | None]]:
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "carddb":
            found += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names if alias.name.split(".")[0] == "carddb"]
    return found


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_carddb_name_a_script_imports_exists(script: Path) -> None:
    for module, name in carddb_imports(script):
        imported = importlib.import_module(module)
        if name is not None and not hasattr(imported, name):
            importlib.import_module(f"{module}.{name}")  # a submodule: raises if it does not exist


def test_the_check_sees_a_name_that_does_not_exist(tmp_path: Path) -> None:
    script = tmp_path / "old.py"
    script.write_text("from carddb.cards.database import load_database\n", encoding="utf-8")
    assert carddb_imports(script) == [("carddb.cards.database", "load_database")]
    with pytest.raises(ModuleNotFoundError):
        test_every_carddb_name_a_script_imports_exists(script)
