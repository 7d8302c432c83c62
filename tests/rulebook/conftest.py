"""Two rulebook builds shared by the rulebook tests: a tiny fixture project and a copy of the real LOE data.

Each build lays out a whole PDF, so they are session-scoped; the tests then read
the PDF's own text and outline, as a reader (or a print service) would.
"""

from __future__ import annotations

import shutil

import pytest
from rulebook_fixtures import REPO, Built, build, keyword_registry, write_fixture_project

from carddb.files.project import Project


@pytest.fixture(scope="session")
def fixture_book(tmp_path_factory: pytest.TempPathFactory) -> Built:
    project = write_fixture_project(tmp_path_factory.mktemp("rulebook-fixture"))
    return build(project, paper="a4", registry=keyword_registry({}))


@pytest.fixture(scope="session")
def loe_book(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The real LOE rules and cards, copied so the test never writes into the repository's output/."""
    root = tmp_path_factory.mktemp("rulebook-loe")
    shutil.copytree(REPO / "data" / "loe", root / "data" / "loe")
    return build(Project.at(root), paper="a5")
