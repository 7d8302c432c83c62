"""Art checks: the file exists inside the project, is an image, and decodes as `print` decodes it."""

from __future__ import annotations

import functools
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from carddb.cards.artverdicts import CACHE_NAME, ArtVerdicts
from carddb.cards.database import CardDatabase
from carddb.cards.entries import card_start
from carddb.files.yamlsource import Located
from carddb.findings.diagnostics import Finding
from carddb.packs.card import Card

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".webp", ".gif", ".tif", ".tiff", ".bmp"}


def db_display_path(db: CardDatabase, path: Path) -> str:
    try:
        return str(path.relative_to(db.project.root))
    except ValueError:
        return str(path)


def resolve_art(db: CardDatabase, file: str) -> Path:
    return (db.project.art_dir(db.pack) / file).resolve()


def art_checks(db: CardDatabase, card: Card, located: Located | None = None) -> Iterable[Finding]:
    """Art findings of a card, at `located` (default: where the database has it; a card that repeats an id has none)."""
    located = located or db.source(card).located
    if card.art is None:
        info = db.sets.get(card.set)
        if info is not None and info.stage == "playtest":
            return
        yield Finding(
            "W-NO-ART", f"'{card.id}' has no art; a placeholder will be printed", located.path, card_start(located)
        )
        return
    yield from _art_file_checks(db, card.art.file, located)


def _art_file_checks(db: CardDatabase, file: str, located: Located) -> Iterable[Finding]:
    span = (
        located.value_span(("art", "file"))
        if isinstance(located.value.get("art"), dict)
        else located.value_span(("art",))
    )
    if "\0" in file:  # no file name holds one; the operating system would refuse the path outright
        yield Finding("E-BAD-VALUE", f"art file name {file!r} holds a NUL character", located.path, span)
        return
    art_root = _art_root(db)
    # A lexical check, not resolve(): it runs for every card, and resolving 10,000
    # paths component by component was a third of a validate run. A symlink in the
    # art folder is the designer's own choice as long as it stays in the project (checked below).
    full = os.path.normpath(os.path.join(art_root, file))
    if os.path.isabs(file) or not full.startswith(art_root + os.sep):
        yield Finding(
            "E-PATH-ESCAPE",
            f"art '{file}' is outside data/{db.pack.id}/art/; art paths are relative to that folder",
            located.path,
            span,
        )
        return
    real = _outside_project(db, full)
    if real is not None:
        yield Finding(
            "E-PATH-ESCAPE",
            f"art '{file}' is a symbolic link to {real}, outside the project folder; carddb reads only files inside it",
            located.path,
            span,
        )
        return
    try:
        mode = os.stat(full).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        # A pipe or a device would block or never end if read.
        what = "a named pipe" if stat.S_ISFIFO(mode) else "a device or socket"
        yield Finding("E-ART-UNREADABLE", f"art file {file} is {what}, not a file", located.path, span)
        return
    header = _read_header(full)
    if header is None:
        yield Finding("E-ART-MISSING", f"art file data/{db.pack.id}/art/{file} does not exist", located.path, span)
        return
    if os.path.splitext(full)[1].lower() not in IMAGE_SUFFIXES or not header.startswith(_MAGIC):
        yield Finding(
            "E-ART-UNREADABLE",
            f"art file {file} is not a readable image (PNG, JPEG, WebP, GIF, TIFF or BMP)",
            located.path,
            span,
        )
        return
    problem = verdicts(db).problem(full)
    if problem is not None:
        yield Finding(
            "E-ART-UNREADABLE",
            f"art file {file} cannot be decoded ({problem})",
            located.path,
            span,
            hint="export the picture again from the image editor (PNG, JPEG, WebP, GIF, TIFF or BMP)",
        )


def verdicts(db: CardDatabase) -> ArtVerdicts:
    """The database's art decode verdicts, read from its cache on first use."""
    if db.art_verdicts is None:
        db.art_verdicts = ArtVerdicts(db.project.output_dir(db.pack) / ".cache" / CACHE_NAME, _art_root(db))
    return db.art_verdicts


_ART_ROOTS: dict[tuple[Path, str], str] = {}


def _art_root(db: CardDatabase) -> str:
    key = (db.project.root, db.pack.id)
    if key not in _ART_ROOTS:
        _ART_ROOTS[key] = str(db.project.art_dir(db.pack).resolve())
    return _ART_ROOTS[key]


_REAL_FOLDERS: dict[tuple[str, int, int], str] = {}


def _outside_project(db: CardDatabase, full: str) -> str | None:
    """Where the art file `full` really is, if symbolic links take it out of the project folder; else None.

    Resolving every path costs a system call per component; the real folder of each art
    folder is remembered (keyed by its inode, so a folder swapped for a link is looked at
    again) and only a file that is itself a link is followed.
    """
    project = _project_root(db)
    folder = os.path.dirname(full)
    try:
        info = os.lstat(folder)
    except OSError:
        return None  # no such folder: the file is reported missing
    key = (folder, info.st_ino, info.st_mode)
    real_folder = _REAL_FOLDERS.get(key)
    if real_folder is None:
        real_folder = _REAL_FOLDERS[key] = os.path.realpath(folder)
    real = os.path.join(real_folder, os.path.basename(full))
    try:
        if stat.S_ISLNK(os.lstat(real).st_mode):
            real = os.path.realpath(real)
    except OSError:
        return None  # missing: reported as such
    return None if real.startswith(project + os.sep) else real


def _project_root(db: CardDatabase) -> str:
    return _real_root(db.project.root)


@functools.cache
def _real_root(root: Path) -> str:
    return os.path.realpath(root)


def _read_header(path: str) -> bytes | None:
    """The first bytes of a regular file, or None if there is no such file."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            # A folder is no file; a named pipe would block the read forever, and a device is no picture.
            return None if os.path.isdir(path) else b""
        with open(path, "rb") as fh:
            return fh.read(12)
    except (IsADirectoryError, FileNotFoundError, NotADirectoryError):
        return None
    except OSError:
        return b""


_MAGIC = (b"\x89PNG", b"\xff\xd8\xff", b"RIFF", b"GIF8", b"II*\x00", b"MM\x00*", b"BM")
