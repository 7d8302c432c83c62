"""Whether an art file decodes as `print` decodes it, and a cache of those verdicts.

A header check passes a truncated PNG, and a 30000 x 30000 image only fails once
Pillow is asked for its pixels, so `validate` decodes every art file fully, as the
renderer does, and both report the same problem (E-ART-UNREADABLE at the card's
`art`). The pixel count is read from the header first: art larger than
`MAX_PIXELS` is refused before any pixel is decoded, which bounds the cost of a
decompression bomb.

Decoding thousands of large files takes a while, so each verdict is kept in
output/<game>/.cache/art.json under the file's path, size and modification time:
a warm `validate` only stats the files. (Keyed by the file's inode and change time as well, which
no copy of a project carries: a verdicts file that came with a project matches nothing.) The cache is a convenience: a project
whose output folder cannot be written is checked all the same, just not faster.
"""

from __future__ import annotations

import functools
import json
import os
import stat
import warnings
from pathlib import Path

from carddb.files.atomic import write_text
from carddb.files.outputs import OutputEscape, read_json
from carddb.files.reading import MB, PICTURE_BYTES

# Pillow's own default limit (a 9459 x 9459 image): far above any card's art at print
# resolution, and the point from which Pillow itself warns of a decompression bomb.
MAX_PIXELS = 89_478_485
CACHE_NAME = "art.json"


def decode_problem(path: str) -> str | None:
    """Why the image at `path` cannot be used as art, or None if it decodes."""
    try:
        info = os.stat(path)
    except OSError as exc:
        return exc.strerror or str(exc)
    if not stat.S_ISREG(info.st_mode):
        # A named pipe would block the read forever; a device is no picture.
        return "not a regular file"
    if info.st_size > PICTURE_BYTES:
        return f"{info.st_size / MB:.0f} MB is more than the {PICTURE_BYTES // MB} MB carddb reads for a picture"
    from PIL import Image, ImageFile, UnidentifiedImageError

    # WeasyPrint, once imported, tells Pillow to pad truncated images: the verdict must not depend on
    # whether this process imported it, so truncation is an error here whatever the global says.
    padding = ImageFile.LOAD_TRUNCATED_IMAGES
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    try:
        with warnings.catch_warnings():
            # Pillow warns (and does not refuse) between its limit and twice it; carddb refuses at the limit.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                width, height = image.size
                if width * height > MAX_PIXELS:
                    return (
                        f"{width} x {height} pixels is more than {MAX_PIXELS:,} pixels:"
                        " a decompression bomb, or art far larger than a card prints"
                    )
                image.load()  # every pixel: a truncated file passes the header
    except Image.DecompressionBombError as exc:
        return str(exc)
    except UnidentifiedImageError:
        return "not an image Pillow can identify"
    except (OSError, ValueError, SyntaxError, EOFError, MemoryError) as exc:
        # Pillow's plugins raise all of these for damaged files (SyntaxError for a bad header).
        return str(exc) or type(exc).__name__
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = padding
    return None


class ArtVerdicts:
    """Decode verdicts of one game's art files, cached by path, size and modification time."""

    def __init__(self, cache_file: Path | None, root: str = "") -> None:
        self.cache_file = cache_file
        # Keys are relative to `root` (the art folder), so the cache names no absolute path.
        self.prefix = root.rstrip(os.sep) + os.sep if root else ""
        self.entries: dict[str, list[object]] = self._read() if cache_file else {}
        self.changed = False

    def _read(self) -> dict[str, list[object]]:
        assert self.cache_file is not None
        data = read_json(self.cache_file)  # None: no cache yet, or one a crash or a user damaged
        if not isinstance(data, dict) or data.get("version") != _cache_version():
            return {}
        entries = data.get("files")
        return entries if isinstance(entries, dict) else {}

    def problem(self, path: str) -> str | None:
        try:
            info = os.stat(path)
        except OSError:
            return decode_problem(path)
        # The file's identity on this machine too (carddb.files.stamps): size and time travel with a project, so a
        # verdicts file that came with one could call a decompression bomb "fine"; inode and change time cannot.
        key = [info.st_size, info.st_mtime_ns, info.st_ino, info.st_ctime_ns]
        name = path.removeprefix(self.prefix)
        entry = self.entries.get(name)
        if (
            isinstance(entry, list)
            and len(entry) == 5
            and entry[:4] == key
            and (entry[4] is None or isinstance(entry[4], str))
        ):
            return entry[4]  # type: ignore[return-value]
        verdict = decode_problem(path)
        self.entries[name] = [*key, verdict]
        self.changed = True
        return verdict

    def save(self) -> None:
        if not self.changed or self.cache_file is None:
            return
        try:
            write_text(self.cache_file, json.dumps({"version": _cache_version(), "files": self.entries}))
        except (OSError, OutputEscape):
            return  # an unwritable output folder (or one reached through a link): the next run decodes again
        self.changed = False


@functools.cache
def _cache_version() -> str:
    # A newer Pillow may decode what an older one refused (and the reverse): its verdicts start over.
    from importlib.metadata import PackageNotFoundError, version

    try:
        pillow = version("pillow")
    except PackageNotFoundError:
        pillow = "unknown"
    return f"2:{MAX_PIXELS}:{pillow}"
