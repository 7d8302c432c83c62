"""One writer at a time in output/<game>/: an advisory lock on output/<game>/.lock.

Two builds of one project at once would write the same files from different inputs and
leave a mix of both. The second run stops with a clear error instead of waiting: a
designer who started two builds wants to know. The lock is `flock` on an open file, so
the kernel releases it when its process ends however it ends (`kill -9` included): a
lock left by a killed build never blocks the next one, and the file itself can stay.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import shutil
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from carddb.files.outputs import escape, remove_file, writable_folder
from carddb.findings.errors import CarddbError

CACHE_NAME = ".cache"
LOCK_NAME = ".lock"


class OutputBusy(CarddbError):
    """Another carddb process is writing the same output folder."""

    exit_code = 1


@contextmanager
def output_lock(folder: Path, command: str) -> Iterator[None]:
    """Hold the lock of `folder` (output/<game>/) while the block runs; refuse if another process holds it."""
    created = [d for d in (folder.parent, folder) if not d.exists()]
    writable_folder(folder)  # output/ or output/<game>/ as a link out of the project: refused, before any write
    lock_path = folder / LOCK_NAME
    # O_NOFOLLOW: a `.lock` planted as a link to a file of the user's would be truncated below.
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o644)
    except OSError as exc:
        if exc.errno != errno.ELOOP:
            raise
        raise escape(lock_path, ".lock is a symbolic link; carddb never writes through one (remove it)") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise escape(lock_path, ".lock is not a regular file; carddb keeps its lock there (remove it)")
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(fd)
            raise OutputBusy(
                f"another carddb run{holder} is writing {folder}; wait for it to finish, then run `carddb {command}` again"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()} {command}\n".encode(), 0)
        _remove_temporaries(folder)
        yield
    finally:
        # A run that wrote nothing (refused its options, found errors) leaves no folder behind; the
        # templates its workers compiled while warming up are in a folder this run made, so its own.
        if created and _only_lock_and_compiled_templates(folder):
            shutil.rmtree(folder / CACHE_NAME, ignore_errors=True)
            remove_file(lock_path)
            for made in reversed(created):
                with contextlib.suppress(OSError):  # not empty after all: keep it
                    made.rmdir()
        os.close(fd)  # closing the descriptor releases the lock


def _only_lock_and_compiled_templates(folder: Path) -> bool:
    """Whether `folder` holds the lock, and at most .cache/templates/ (no link): nothing a run was asked for."""
    names = {p.name for p in folder.iterdir()}
    if not names <= {LOCK_NAME, CACHE_NAME}:
        return False
    cache = folder / CACHE_NAME
    if CACHE_NAME not in names:
        return True
    return not cache.is_symlink() and cache.is_dir() and {p.name for p in cache.iterdir()} <= {"templates"}


def _remove_temporaries(folder: Path) -> None:
    """Delete the `.NAME.<random>.part` files a killed run left: with the lock held, no one is writing them."""
    for part in folder.rglob(".*.part"):
        with contextlib.suppress(OSError):  # gone already, or not ours to delete: it is never read either way
            part.unlink()


def _holder(fd: int) -> str:
    """' (pid N, carddb build)' from what the holder wrote into the lock file, if it says."""
    try:
        words = os.pread(fd, 200, 0).decode("utf-8", "replace").split()
    except OSError:
        return ""
    if len(words) >= 2 and words[0].isdigit():
        return f" (pid {words[0]}, carddb {' '.join(words[1:])})"
    return ""
