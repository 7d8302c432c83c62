"""The play tests' session fixture: one generated LOE project (tests/play/play_project.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_project import build_project, load

from carddb.cards.database import CardDatabase


@pytest.fixture(scope="session")
def fixture_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_project(tmp_path_factory.mktemp("loe-play"))


@pytest.fixture(scope="session")
def fixture_db(fixture_root: Path) -> CardDatabase:
    return load(fixture_root)
