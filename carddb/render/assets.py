"""Where carddb's bundled templates and package files are, and which paths count as inside.

Kept free of WeasyPrint (slow to import) so that the commands and stages that only
need these paths start quickly; the WeasyPrint fetcher that enforces the confinement
is `carddb.render.fetcher`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path

import jinja2

import carddb

PACKAGE_DIR = Path(carddb.__file__).resolve().parent
# Templates and fonts ship beside the package (a source checkout or an editable install);
# a project's own templates/ folder overrides them file by file.
BUNDLED_TEMPLATES = PACKAGE_DIR.parent / "templates"


def path_inside(path: Path, roots: Iterable[Path]) -> bool:
    resolved = path.resolve()
    return any(resolved.is_relative_to(root.resolve()) for root in roots)


@functools.cache
def bytecode_cache(tag: str) -> jinja2.BytecodeCache | None:
    """Compiled templates kept between runs (jinja's own cache in the user's private temp folder).

    Compiling carddb's templates took a quarter of a second of every run, a sixth of a build
    after a one-card edit. Jinja checks each template's source before reusing its code, so an
    edited template is compiled again. `tag` keeps environments with different settings apart.
    """
    try:
        return jinja2.FileSystemBytecodeCache(pattern=f"__carddb_{carddb.__version__}_{tag}_%s.cache")
    except (OSError, RuntimeError):  # no private temp folder: compile every run, as without a cache
        return None
