"""Atomic file output: write a temporary file beside the target, then rename.

An interrupted build (Ctrl-C, a crash, a full disk) never leaves a truncated
PDF or half-written JSON where a user or print service would pick it up.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path to write to; it replaces `target` only if the block succeeds."""
    target.parent.mkdir(parents=True, exist_ok=True)
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
        try:
            mode = target.stat().st_mode & 0o7777
        except OSError:
            mode = 0o666 & ~_umask()
        os.chmod(tmp_path, mode)
        os.replace(tmp_path, target)
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def _umask() -> int:
    # The umask can only be read by setting it; set it straight back.
    current = os.umask(0o022)
    os.umask(current)
    return current


def write_bytes(target: Path, data: bytes) -> Path:
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)
    return target


def write_text(target: Path, text: str) -> Path:
    return write_bytes(target, text.encode("utf-8"))
