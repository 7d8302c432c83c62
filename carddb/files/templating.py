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

import os
import posixpath
from collections.abc import Callable, Iterable, Sequence
from importlib.resources import files
from pathlib import Path

import jinja2
import jinja2.bccache
from jinja2.loaders import split_template_path
from jinja2.sandbox import SandboxedEnvironment

import carddb
from carddb.files.atomic import write_bytes
from carddb.files.outputs import OutputEscape, read_existing
from carddb.files.sandbox import BoundedSandbox
from carddb.files.stamps import vouched

# Changes whenever carddb compiles templates differently (1: loops step through carddb.files.sandbox's clock).
CODE_SCHEME = 1


def package_folder(package: str) -> Path:
    """The folder of an installed package, as a real path (WeasyPrint loads files by URL)."""
    folder = files(package)
    if not isinstance(folder, Path):  # a zip import: carddb is installed from wheels, which are unpacked
        raise RuntimeError(f"the package {package} is not a folder on disk ({folder})")
    return folder.resolve()


PACKAGE_DIR = package_folder("carddb")
# A template is a page of markup, not data: a megabyte is far more than any of carddb's (the largest is 30 kB).
MAX_TEMPLATE_BYTES = 1_000_000
BUNDLED_TEMPLATES = package_folder("carddb.templates")


class ConfinedLoader(jinja2.FileSystemLoader):
    """Templates from folders, refusing one that is a symbolic link out of its folder, or a folder that is one.

    A shared project's `templates/loe/deck.html` could link to a private file of whoever
    builds it; rendered, the file would be printed on every card. The same goes for a whole
    `templates/` or `templates/site/` that links elsewhere: a folder is searched only if its
    path is its real path. (carddb's own and installed packs' folders are passed resolved;
    a project's are built from its resolved root, so a link in them shows.)
    """

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool] | None]:
        # Checked before jinja reads the file: where it really is, and its size (a link to a 2 GB file is read whole).
        pieces = split_template_path(template)
        found = ((r, posixpath.join(r, *pieces)) for r in self.searchpath)
        root, filename = next(((r, f) for r, f in found if os.path.isfile(f)), (None, None))
        if root is not None and filename is not None:
            self._check(template, root, filename)
        return super().get_source(environment, template)

    @staticmethod
    def _check(template: str, root: str, filename: str) -> None:
        if os.path.realpath(root) != os.path.abspath(root):
            raise jinja2.TemplateError(
                f"template {template} is in {root}, a symbolic link to {os.path.realpath(root)};"
                " carddb reads templates only from real folders of the project"
            )
        real = os.path.realpath(filename)
        if not real.startswith(os.path.realpath(root) + os.sep):
            raise jinja2.TemplateError(
                f"template {template} is a symbolic link to {real}, outside its folder; carddb does not follow it"
            )
        size = os.path.getsize(real)
        if size > MAX_TEMPLATE_BYTES:
            raise jinja2.TemplateError(
                f"template {template} is {size / 1e6:.1f} MB; carddb reads templates of up to"
                f" {MAX_TEMPLATE_BYTES // 10**6} MB"
            )


def confined_source(folders: Sequence[Path], name: str) -> str:
    """The text of `name` from the first of `folders` holding it, read as templates are (see ConfinedLoader).

    For files served as they are (`carddb serve`'s live.js): a link out of the project is refused the same way.
    Raises jinja2.TemplateError (TemplateNotFound if no folder has it).
    """
    loader = ConfinedLoader([str(folder) for folder in folders])
    return loader.get_source(jinja2.Environment(), name)[0]


def path_inside(path: Path, roots: Iterable[Path]) -> bool:
    resolved = path.resolve()
    return any(resolved.is_relative_to(root.resolve()) for root in roots)


class ProjectBytecodeCache(jinja2.BytecodeCache):
    """Compiled templates kept between runs in the project's output/<game>/.cache/templates/.

    Compiling carddb's 69 templates costs 0.2 s of CPU, a sixth of a build after a one-card
    edit, so the compiled code is kept. Inside the project, not in a shared temporary folder
    (where it was written outside the project, for every project ever built, and never
    removed). But compiled code is code: a file that came with a project would run outside
    the sandbox. So a file is loaded only if this machine's carddb wrote it
    (carddb.files.stamps); jinja also compares it with the template's source before using it.
    """

    def __init__(self, folder: Path, tag: str) -> None:
        self.folder = folder
        self.prefix = f"{carddb.__version__}-{CODE_SCHEME}-{tag}-"

    def _path(self, bucket: jinja2.bccache.Bucket) -> Path:
        return self.folder / f"{self.prefix}{bucket.key}.cache"

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        path = self._path(bucket)
        data = read_existing(path) if vouched(path) else None
        if data:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            write_bytes(self._path(bucket), bucket.bytecode_to_string(), vouch=True)
        except (OSError, OutputEscape):
            return  # a cache: an output folder that cannot take it compiles again next time


Autoescape = bool | Callable[[str | None], bool]


def sandboxed_environment(
    folders: Sequence[Path | str],
    tag: str,
    *,
    trim: bool = True,
    autoescape: Autoescape = True,
    cache: Path | None = None,
) -> SandboxedEnvironment:
    """A Jinja environment over `folders` (searched in order) for templates from projects people share.

    Every template carddb renders goes through here. The sandbox keeps a template from reaching
    Python (and through it the disk); the confined loader refuses a template that links out of its
    folder; values are escaped; an undefined name is an error, not an empty string. `tag` keeps the
    compiled-template caches of differently configured environments apart; `trim` removes the
    newline after a block tag (the faces, site and rulebook templates are written that way);
    `cache` is the project's folder for compiled templates (see ProjectBytecodeCache). Every render
    has a time limit and no expression builds a gigantic value (carddb.files.sandbox).
    """
    return BoundedSandbox(
        loader=ConfinedLoader([str(folder) for folder in folders]),
        autoescape=autoescape,
        undefined=jinja2.StrictUndefined,
        trim_blocks=trim,
        lstrip_blocks=trim,
        bytecode_cache=ProjectBytecodeCache(cache, tag) if cache is not None else None,
    )
