"""Is a cached or previously written file whole? A cheap look at its first and last bytes.

carddb writes every file atomically, so a crash never leaves half a file under a final
name; but a cache lives on disk between runs, where a full disk, a copy interrupted by
hand, a sync tool or a curious user can leave a truncated PDF or PNG. A cache entry that
is not whole is treated as missing and made again, never joined into a print sheet.
Reading the ends of a file costs microseconds; parsing it would cost milliseconds.

Whole is not enough for a file that came with the project: `reusable` also asks whether
carddb wrote it here itself (carddb.files.stamps), so a PDF someone put in the cache is
never printed as a card.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from carddb.files.stamps import vouched

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_PNG_END = b"IEND\xaeB`\x82"  # the IEND chunk's type and CRC: the last 8 bytes of every whole PNG
_TAIL = 1024


def reusable(path: Path) -> bool:
    """A file carddb wrote itself and nothing changed since (carddb.files.stamps), and whole: a cache entry to use."""
    return vouched(path) and is_whole(path)


def is_whole(path: Path) -> bool:
    """True if `path` is a file that looks complete for its kind (PDF, PNG, JPEG; others: exists)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)  # a pipe planted there is never waited on
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        with os.fdopen(fd, "rb", closefd=False) as handle:
            head = handle.read(8)
            handle.seek(0, 2)
            size = handle.tell()
            handle.seek(max(0, size - _TAIL))
            tail = handle.read()
    except OSError:
        return False
    finally:
        os.close(fd)
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        return head.startswith(b"%PDF-") and b"%%EOF" in tail
    if suffix == ".png":
        return head == _PNG_SIGNATURE and tail.endswith(_PNG_END)
    if suffix in {".jpg", ".jpeg"}:
        return head.startswith(b"\xff\xd8") and tail.endswith(b"\xff\xd9")
    return True
