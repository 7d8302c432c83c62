"""Which files carddb wrote itself: their identity on this machine, so a cache shipped with a project is never trusted.

carddb keeps caches under output/<game>/.cache/ (card faces, sheet pages, pictures) and
reuses earlier outputs that are still current. A project received from someone else may
carry those folders: a face PDF put in .cache/faces/ under the right name was printed as
the card. The name cannot vouch for a file (it is a digest of inputs anyone can compute),
its bytes cannot either (checking them would cost the rendering the cache saves), and its
size and modification time travel with it (tar and zip keep them).

What does not travel is the identity the kernel gives a file where it is written: its inode
number and its change time (`st_ctime_ns`, set by the kernel on every write, rename or
chmod, and by nothing a user or an archive can choose). carddb records that identity when it
writes a file it may later reuse, and reuses a file only if it still has it. An unpacked,
copied or cloned project has new inodes and change times, so its caches are made again once;
a file carddb wrote and nothing touched since is reused as before.

Two ways of recording, by what the folder already has:
- a record that describes a target (a document's record, a sheet's join record, a picture
  manifest) holds `identity(target)` itself;
- a folder of files named by digests (face PDFs, sheet pages, rulebook pictures, PNGs) has a
  ledger, `.carddb-written`: one line per file written, `name<TAB>identity`, appended with
  O_APPEND (render workers write in parallel; each line is one small write). The ledger needs no
  protection of its own: a forged line names an identity no shipped file can have.

A ledger is compacted (its stale lines dropped) when it has grown to more than twice its
live entries; a line lost to a concurrent append then only means that file is made again.

`sweep` empties a cache folder of what a run that looked at everything did not use, so caches
hold what the project needs now rather than every face it ever had.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from pathlib import Path

from carddb.files.outputs import prune_folder

LEDGER = ".carddb-written"
_MAX_LEDGER_BYTES = 64_000_000  # a million files' worth: more than that is not a ledger carddb wrote
_STAMP = re.compile(r"[0-9]+:[0-9]+:[0-9]+")


def identity(info: os.stat_result) -> str:
    """The file's identity on this machine: inode, change time, size."""
    return f"{info.st_ino}:{info.st_ctime_ns}:{info.st_size}"


def identity_of(path: Path) -> str | None:
    """`identity` of a regular file (links not followed), or None."""
    try:
        info = os.lstat(path)
    except (OSError, ValueError):  # ValueError: a NUL in the name
        return None
    return identity(info) if stat.S_ISREG(info.st_mode) else None


def vouch(path: Path) -> None:
    """Enter `path`, just written by carddb, in its folder's ledger."""
    _used.setdefault(str(path.parent), set()).add(path.name)
    line = f"{path.name}\t{identity(os.lstat(path))}\n".encode()
    fd = os.open(path.parent / LEDGER, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o644)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


def vouched(path: Path) -> bool:
    """Whether `path` is the very file carddb last wrote under that name (and a regular file)."""
    own = identity_of(path)
    if own is None or _entries(path.parent).get(path.name) != own:
        return False
    _used.setdefault(str(path.parent), set()).add(path.name)
    return True


# folder -> names this process wrote or reused there (what `sweep` keeps by default)
_used: dict[str, set[str]] = {}


def sweep(folder: Path, keep: set[str] | None = None, *, suffixes: set[str] | None = None) -> int:
    """Delete the files of the cache folder `folder` not in `keep` (default: those this process wrote or reused),
    of those `suffixes` only if given.

    Call it only after a run that looked up everything the folder serves (every card, the whole book).
    Hidden files stay: the ledger, and the `.NAME.part` of a write in progress on a render worker.
    """
    wanted = keep if keep is not None else _used.get(str(folder), set())
    removed = prune_folder(folder, lambda path: path.name.startswith(".") or path.name in wanted, suffixes=suffixes)
    if removed:
        _compact(folder, _entries(folder))
    return len(removed)


# folder -> (ledger's inode, size, mtime) when read, its entries
_read: dict[str, tuple[tuple[int, int, int], dict[str, str]]] = {}


def _entries(folder: Path) -> dict[str, str]:
    ledger = folder / LEDGER
    try:
        fd = os.open(ledger, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return {}
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > _MAX_LEDGER_BYTES:
            return {}
        key = (info.st_ino, info.st_size, info.st_mtime_ns)
        known = _read.get(str(folder))
        if known is not None and known[0] == key:
            return known[1]
        with os.fdopen(fd, "rb", closefd=False) as handle:
            lines = handle.read().decode("utf-8", "replace").splitlines()
    finally:
        os.close(fd)
    entries: dict[str, str] = {}
    for line in lines:
        name, _, stamp = line.partition("\t")
        # A damaged ledger (a crash, a sync tool) holds other lines: only a file name and an identity count.
        if _STAMP.fullmatch(stamp) and name and "/" not in name and "\0" not in name:
            entries[name] = stamp  # the last line of a name is its latest write
    _read[str(folder)] = (key, entries)
    if len(lines) > 2 * len(entries) + 64:
        _compact(folder, entries)
    return entries


def _compact(folder: Path, entries: dict[str, str]) -> None:
    """Rewrite the ledger with the entries whose file is still there as written."""
    from carddb.files.atomic import write_text  # atomic writes vouch through this module

    live = {name: stamp for name, stamp in entries.items() if identity_of(folder / name) == stamp}
    with contextlib.suppress(OSError):  # a ledger that cannot be rewritten is only longer
        write_text(folder / LEDGER, "".join(f"{name}\t{stamp}\n" for name, stamp in live.items()))
