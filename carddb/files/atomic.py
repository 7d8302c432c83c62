"""Atomic file output: write a temporary file beside the target, then rename.

An interrupted build (Ctrl-C, a crash, a full disk) never leaves a truncated
PDF or half-written JSON where a user or print service would pick it up. Every folder
written into is checked first (`carddb.files.outputs.writable_folder`): never through a link.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from carddb.files import stamps
from carddb.files.outputs import writable_folder


@contextmanager
def atomic_path(target: Path, *, anywhere: bool = False, vouch: bool = False) -> Iterator[Path]:
    """Yield a temporary path to write to; it replaces `target` only if the block succeeds.

    `anywhere`: the user typed this path on the command line (`export --out`), so it is written
    wherever it leads; every other path must be reached without a link (see carddb.files.outputs).
    `vouch`: a file carddb will reuse later: its identity goes into the folder's ledger (carddb.files.stamps).
    """
    if anywhere:
        target.parent.mkdir(parents=True, exist_ok=True)
    else:
        writable_folder(target.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        try:
            yield tmp_path
        except OSError as exc:
            if exc.filename is None and exc.errno is not None:
                # A write to an open file fails without a file name (EFBIG, ENOSPC): name the file being written.
                raise OSError(exc.errno, exc.strerror, str(target)) from exc
            raise
        # mkstemp makes the file private (0600); the output should have the mode any
        # other file the user writes would have (or keep the mode of the file it replaces).
        # (Not the mode of what a link in its place points to: the link is replaced, its target never read.)
        try:
            info = os.lstat(target)
            mode = info.st_mode & 0o7777 if not stat.S_ISLNK(info.st_mode) else 0o666 & ~_umask()
        except OSError:
            mode = 0o666 & ~_umask()
        os.chmod(tmp_path, mode)
        os.replace(tmp_path, target)
        if vouch:
            stamps.vouch(target)
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def _umask() -> int:
    # The umask can only be read by setting it; set it straight back.
    current = os.umask(0o022)
    os.umask(current)
    return current


def write_bytes(target: Path, data: bytes, *, anywhere: bool = False, vouch: bool = False) -> Path:
    with atomic_path(target, anywhere=anywhere, vouch=vouch) as tmp:
        tmp.write_bytes(data)
    return target


def write_text(target: Path, text: str, *, anywhere: bool = False, vouch: bool = False) -> Path:
    return write_bytes(target, text.encode("utf-8"), anywhere=anywhere, vouch=vouch)
