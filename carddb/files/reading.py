"""Reading a file of a project: a regular file, within a size limit that says what the file is.

Every file carddb reads from a project has a limit, so that no file can make a run take hours
or memory it does not have: a 50 MB rules chapter ran `carddb rulebook` past 300 s at 1.2 GB,
`--replay /dev/zero` never returned. A named pipe or a device is refused before it is read (a
pipe would wait for a writer forever, /dev/zero never ends). The limits are far above what a
game needs (LOE's whole rulebook is 34 kB, its largest card file 60 kB) and each message names
the file, its size and the limit. Templates and icons have their own checks with the same
limits (carddb.files.templating, carddb.files.svgsafety); YAML data files use `DATA_BYTES`.

A refusal is an OSError with the file's name, so the CLI's error boundary prints
"carddb: PATH: reason" (exit 1) and callers that make findings use its `strerror`.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Any

MB = 1_000_000
DATA_BYTES = 100 * MB  # a card, set, booster or deck file; game.yaml, carddb.yaml
CHAPTER_BYTES = 1 * MB  # one rules chapter: 0.8 s of Markdown per MB, and some 500 pages of book
PROSE_BYTES = 2 * MB  # all the chapters of a book together
SPREADSHEET_BYTES = 20 * MB  # `carddb import`: some 200,000 rows of cards
LOG_BYTES = 50 * MB  # a replayable game or draft log, a shared deck (`--replay`, `--from`)
PICTURE_BYTES = 100 * MB  # art and the rulebook's pictures (their pixels have Pillow's limit too)
RESOURCE_BYTES = 50 * MB  # a font, a stylesheet or a script a template loads


def refusal(path: Path | str, reason: str, code: int = errno.EINVAL) -> OSError:
    return OSError(code, reason, str(path))


def check_readable(path: Path, limit: int, what: str) -> os.stat_result:
    """The file's status if it is a regular file of at most `limit` bytes; else a refusal (OSError)."""
    info = os.stat(path)
    _check(path, info, limit, what)
    return info


def _check(path: Path, info: os.stat_result, limit: int, what: str) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise refusal(path, "is not a regular file (carddb never reads a pipe or a device: it could wait forever)")
    if info.st_size > limit:
        raise refusal(
            path, f"is {info.st_size / MB:.1f} MB; carddb reads {what} of up to {limit // MB} MB", errno.EFBIG
        )


def read_limited(path: Path, limit: int, what: str) -> bytes:
    """The bytes of the regular file `path`, if it has at most `limit` bytes (`what` names such files)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        _check(path, os.fstat(fd), limit, what)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while being read
        raise refusal(
            path, f"is more than {limit // MB} MB; carddb reads {what} of up to {limit // MB} MB", errno.EFBIG
        )
    return data


def read_json(path: Path, limit: int, what: str) -> Any:
    """The JSON value in the file `path` (see `read_limited`). Raises OSError if it cannot be read, and
    ValueError if it is not UTF-8 JSON or is nested too deeply to be carddb's (100,000 nested arrays)."""
    data = read_limited(path, limit, what)
    try:
        return json.loads(data.decode("utf-8"))
    except RecursionError:
        raise ValueError("its values are nested too deeply") from None
