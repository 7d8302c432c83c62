"""Where carddb's bundled templates and package files are, and which paths count as inside.

Kept free of WeasyPrint (slow to import) so that the commands and stages that only
need these paths start quickly; the WeasyPrint fetcher that enforces the confinement
is `carddb.render.fetcher`.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import carddb

PACKAGE_DIR = Path(carddb.__file__).resolve().parent
# Templates and fonts ship beside the package (a source checkout or an editable install);
# a project's own templates/ folder overrides them file by file.
BUNDLED_TEMPLATES = PACKAGE_DIR.parent / "templates"


def path_inside(path: Path, roots: Iterable[Path]) -> bool:
    resolved = path.resolve()
    return any(resolved.is_relative_to(root.resolve()) for root in roots)
