"""Packs are written against `carddb.pack_api` alone: carddb's own, and a third party's.

A pack that imports carddb's internals breaks when they move; one that imports only the public
API keeps working. carddb's five packs share one helper module for the LOE family
(carddb/games/estraven.py), as two plugin packages of one author might share a library.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import carddb.pack_api as api

ROOT = Path(__file__).resolve().parents[2]
PACKS = sorted(p for p in (ROOT / "carddb" / "games").iterdir() if (p / "__init__.py").is_file())
FIXTURE = ROOT / "tests" / "fixtures" / "orbit_pack" / "orbit_pack"
SHARED = "carddb.games.estraven"


def carddb_imports(folder: Path) -> list[tuple[Path, int, str]]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = []
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            found += [(path, node.lineno, m) for m in modules if m == "carddb" or m.startswith("carddb.")]
    return found


@pytest.mark.parametrize("folder", [*PACKS, FIXTURE], ids=lambda p: p.name)
def test_a_pack_imports_carddb_only_through_the_pack_api(folder: Path) -> None:
    own = f"carddb.games.{folder.name}"
    allowed = {"carddb.pack_api", SHARED}
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: {module}"
        for path, line, module in carddb_imports(folder)
        if module not in allowed and module != own and not module.startswith(own + ".")
    ]
    assert wrong == []


def test_the_third_party_pack_and_its_simulator_import_only_the_pack_api() -> None:
    found = carddb_imports(FIXTURE)
    files = {path.relative_to(FIXTURE).as_posix() for path, _, _ in found}
    assert {"__init__.py", "rules.py", "sim.py"} <= files  # its simulator is checked too
    assert {module for _, _, module in found} == {"carddb.pack_api"}


def test_the_check_sees_an_internal_import(tmp_path: Path) -> None:
    (tmp_path / "pack.py").write_text("from carddb.sim.game import Game\nfrom carddb.pack_api import GamePack\n")
    assert [m for _, _, m in carddb_imports(tmp_path)] == ["carddb.sim.game", "carddb.pack_api"]


def test_every_public_name_is_there() -> None:
    missing = [name for name in api.__all__ if getattr(api, name, None) is None]
    assert missing == []
    with pytest.raises(AttributeError, match="has no 'Database'"):
        api.Database  # noqa: B018  (the attribute access is the test)


@pytest.mark.parametrize("package", ["carddb.games.loe", "orbit_pack"])
def test_declaring_a_pack_does_not_import_the_simulator(package: str) -> None:
    import os
    import subprocess
    import sys

    code = f"import sys, {package}; print(any(m.startswith('carddb.sim') for m in sys.modules))"
    env = {**os.environ, "PYTHONPATH": str(FIXTURE.parent)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    assert out.strip() == "False"
