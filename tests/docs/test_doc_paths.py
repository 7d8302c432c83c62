"""Every file, folder and module the docs name exists: a reader who follows one lands somewhere.

The tree was regrouped in round 3 (docs/architecture.md); a path left behind in a doc sends a
newcomer to nothing. Paths under carddb/, tests/, templates/, bench/, scripts/ and data/ are
checked, and dotted module names (`carddb.files.atomic`), in the README and every page of docs/.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PATH = re.compile(r"(?<![\w/.<-])((?:carddb|tests|templates|bench|scripts)/[\w./*-]*[\w/*])")
MODULE = re.compile(r"(?<![\w./-])(carddb(?:\.[a-z_][a-z0-9_]*)+)")
# Folders of a designer's project, named in prose, not files of this repository.
PROJECT_PATHS = ("templates/<", "templates/GAME", "templates/loe/", "templates/my")


def named(page: Path) -> list[tuple[int, str, str]]:
    found = []
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        found += [(number, "path", m) for m in PATH.findall(line)]
        found += [(number, "module", m) for m in MODULE.findall(line)]
    return found


def exists(kind: str, name: str) -> bool:
    if kind == "path":
        name = name.rstrip(".")
        return (
            (ROOT / name).exists()
            or any(name.startswith(p) for p in PROJECT_PATHS)
            or (("*" in name) and any(ROOT.glob(name)))
        )
    if name == "carddb.yaml":  # the project's settings file, not a module
        return True
    # `carddb.files.atomic.write_text`: modules as far as they go, then attributes.
    obj = importlib.import_module("carddb")
    for index, part in enumerate(name.split(".")[1:], 2):
        if hasattr(obj, part):
            obj = getattr(obj, part)
            continue
        module = ".".join(name.split(".")[:index])
        try:
            obj = importlib.import_module(module)
        except ModuleNotFoundError:
            return False
    return True


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_path_and_module_a_page_names_exists(page: Path) -> None:
    missing = [f"{page.name}:{line}: {name}" for line, kind, name in named(page) if not exists(kind, name)]
    assert missing == []


def test_the_check_finds_a_path_that_is_gone(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("See `carddb/database.py` and carddb.engine.core, or carddb/files/atomic.py.\n")
    assert [(kind, name, exists(kind, name)) for _, kind, name in named(page)] == [
        ("path", "carddb/database.py", False),
        ("path", "carddb/files/atomic.py", True),
        ("module", "carddb.engine.core", False),
    ]
