"""Where carddb may write and delete: real folders, reached without a symbolic link or a `..`.

A project is untrusted input, and that includes its output/ folder: a project shipped with
`output/loe/site/cards` as a link to ~/Pictures would have the site's prune delete the pictures
there, and one whose `output/` links elsewhere would have every build written there. So every
folder carddb writes a file into, or deletes a file from, is checked here first: its path must be
its real path (no component is a symbolic link, none is `..`). Paths carddb writes are built from
the project's root, which `Project.at` resolves, so a path that is its own real path is inside the
project; a link anywhere below the root, even one to another folder of the project, is refused,
with the link named.

The atomic writer (`carddb.files.atomic`) calls `writable_folder` for every file, so each stage
gets the check without doing anything; deletions go through `remove_file` and `prune_folder`,
which also never follow a link (unlinking a link removes the link, not what it points to).
A path the user types on the command line (`carddb export --out FILE`) is theirs to choose and
is written with `anywhere=True`.

A folder found real is remembered with its device and inode: the next check of it is one
`lstat` (which follows links in the components above it), so a folder replaced by a link, or
reached through a parent replaced by one, no longer matches and is checked again in full. The
full check cost 86 microseconds per file on the loaded 2-core test machine, the remembered one 2.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from carddb.findings.errors import CarddbError


class OutputEscape(CarddbError):
    """A folder carddb would write into or delete from is reached through a symbolic link.

    Its message is a located finding ("PATH: E-PATH-ESCAPE ..."), one line, as the CLI prints it.
    """

    exit_code = 1


def escape(path: Path | str, message: str) -> OutputEscape:
    return OutputEscape(f"{path}: E-PATH-ESCAPE {message}")


def writable_folder(folder: Path, *, create: bool = True) -> Path:
    """`folder`, created if missing (with `create`), after checking that no link or `..` leads to it."""
    check_folder(folder)
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


# folder -> (device, inode) of the real folder it was when last checked
_real_folders: dict[str, tuple[int, int]] = {}


def check_folder(folder: Path) -> None:
    """Refuse (OutputEscape) a folder whose path passes through a symbolic link or names `..`."""
    folder = folder if folder.is_absolute() else Path.cwd() / folder  # the kernel's cwd is a real path
    written = os.fspath(folder)
    known = _real_folders.get(written)
    if known is not None:
        try:
            info = os.lstat(written)
            if stat.S_ISDIR(info.st_mode) and (info.st_dev, info.st_ino) == known:
                return
        except OSError:
            pass
        del _real_folders[written]
    if ".." in folder.parts:
        raise escape(folder, "carddb writes only to paths without '..'")
    real = os.path.realpath(written)
    if real == written:
        try:
            info = os.lstat(written)
        except OSError:
            return  # not made yet: nothing to remember
        if stat.S_ISDIR(info.st_mode):
            _real_folders[written] = (info.st_dev, info.st_ino)
        return
    link = _first_link(folder)
    if link is None:  # the path changed while it was looked at, or a component is not a folder
        raise escape(folder, f"its real path is {real}; carddb writes only through real folders")
    raise escape(
        link,
        f"{link.name} is a symbolic link to {os.path.realpath(link)}; carddb writes and deletes only in real"
        " folders of the project, never through a link (replace the link with a folder, or remove it)",
    )


def _first_link(folder: Path) -> Path | None:
    for part in reversed([folder, *folder.parents]):
        try:
            if stat.S_ISLNK(os.lstat(part).st_mode):
                return part
        except OSError:
            return None
    return None


def remove_file(path: Path) -> bool:
    """Delete the file (or link) `path`, never what a link points to; False if it was not there."""
    check_folder(path.parent)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return False
    if stat.S_ISDIR(info.st_mode):
        return False  # carddb deletes files it wrote; a folder in their place is the user's
    os.unlink(path)
    return True


def prune_folder(folder: Path, keep: Callable[[Path], bool], *, suffixes: Iterable[str] | None = None) -> list[Path]:
    """Delete the files directly in `folder` that `keep` refuses (only those with one of `suffixes`, if given).

    Returns what was deleted. A link in the folder is deleted as a link; the folder itself
    must be a real folder (`check_folder`), so a prune never reaches outside the project.
    """
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        return []
    if not stat.S_ISDIR(info.st_mode):
        check_folder(folder)  # a link where the folder should be: say so
        return []
    check_folder(folder)
    wanted = set(suffixes) if suffixes is not None else None
    removed = []
    with os.scandir(folder) as entries:
        for entry in list(entries):
            if entry.is_dir(follow_symlinks=False):
                continue
            path = folder / entry.name
            if (wanted is None or path.suffix in wanted) and not keep(path):
                os.unlink(path)
                removed.append(path)
    return removed


def read_existing(path: Path) -> bytes | None:
    """The bytes of a file carddb wrote earlier (to compare before writing again), or None.

    None for anything but a regular file: a named pipe planted under an output's name would
    block the read forever, and a link would be read outside the folder.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read()
    finally:
        os.close(fd)


def read_json(path: Path) -> Any:
    """A JSON file carddb wrote earlier (a cache's record), or None if it is missing, damaged or not a regular file."""
    data = read_existing(path)
    if data is None:
        return None
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
