"""What a wheel holds: every package of carddb, and the bundled templates as package data."""

from __future__ import annotations

import tomllib
from pathlib import Path

import carddb
from carddb.files.templating import BUNDLED_TEMPLATES, PACKAGE_DIR

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_folder_is_listed_in_pyproject() -> None:
    # The list is explicit (templates/ is mapped in); a pack folder left out would be missing from the wheel.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(config["packages"])
    on_disk = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "carddb").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert on_disk - listed == set(), "add these packages to [tool.setuptools] packages in pyproject.toml"
    assert config["package-dir"] == {"carddb.templates": "templates"}
    assert all((ROOT / "carddb" / Path(*name.split(".")[1:]) / "__init__.py").is_file() for name in on_disk)


def test_templates_are_found_as_package_data_not_beside_the_source() -> None:
    # Found through importlib.resources (the installed package), which in this editable
    # install is the repository's templates/ folder itself.
    assert Path(carddb.__file__).resolve().parent == PACKAGE_DIR
    assert (ROOT / "templates").resolve() == BUNDLED_TEMPLATES
    for name in ("base/card.html", "fonts/fonts.css", "rulebook/book.html", "site/site.js", "play/base.html"):
        assert (BUNDLED_TEMPLATES / name).is_file(), name
