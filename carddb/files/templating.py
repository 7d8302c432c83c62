"""Where carddb's bundled templates and package files are, and which paths count as inside.

Everything carddb reads at run time is package data found through `importlib.resources`:
the templates, fonts, CSS and JS of the repository's top-level templates/ folder are the
package `carddb.templates` (see pyproject.toml), so a wheel and an editable install find
them the same way. A project's own templates/ folder overrides them file by file.

Kept free of WeasyPrint (slow to import) so that the commands and stages that only
need these paths start quickly; the WeasyPrint fetcher that enforces the confinement
is `carddb.render.fetcher`.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable, Sequence
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

import jinja2
from jinja2.sandbox import SandboxedEnvironment

import carddb

if TYPE_CHECKING:
    pass


def package_folder(package: str) -> Path:
    """The folder of an installed package, as a real path (WeasyPrint loads files by URL)."""
    folder = files(package)
    if not isinstance(folder, Path):  # a zip import: carddb is installed from wheels, which are unpacked
        raise RuntimeError(f"the package {package} is not a folder on disk ({folder})")
    return folder.resolve()


PACKAGE_DIR = package_folder("carddb")
BUNDLED_TEMPLATES = package_folder("carddb.templates")


class ConfinedLoader(jinja2.FileSystemLoader):
    """Templates from folders, refusing one that is a symbolic link out of its folder.

    A shared project's `templates/loe/deck.html` could link to a private file of whoever
    builds it; rendered, the file would be printed on every card.
    """

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool] | None]:
        source, filename, uptodate = super().get_source(environment, template)
        real = os.path.realpath(filename)
        if not any(real.startswith(os.path.realpath(root) + os.sep) for root in self.searchpath):
            raise jinja2.TemplateError(
                f"template {template} is a symbolic link to {real}, outside its folder; carddb does not follow it"
            )
        return source, filename, uptodate


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


Autoescape = bool | Callable[[str | None], bool]


def sandboxed_environment(
    folders: Sequence[Path | str], tag: str, *, trim: bool = True, autoescape: Autoescape = True
) -> SandboxedEnvironment:
    """A Jinja environment over `folders` (searched in order) for templates from projects people share.

    Every template carddb renders goes through here. The sandbox keeps a template from reaching
    Python (and through it the disk); the confined loader refuses a template that links out of its
    folder; values are escaped; an undefined name is an error, not an empty string. `tag` keeps the
    compiled-template caches of differently configured environments apart; `trim` removes the
    newline after a block tag (the faces, site and rulebook templates are written that way).
    """
    return SandboxedEnvironment(
        loader=ConfinedLoader([str(folder) for folder in folders]),
        autoescape=autoescape,
        undefined=jinja2.StrictUndefined,
        trim_blocks=trim,
        lstrip_blocks=trim,
        bytecode_cache=bytecode_cache(tag),
    )
