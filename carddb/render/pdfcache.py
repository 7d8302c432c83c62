"""Skip laying out a PDF whose inputs have not changed since it was written.

WeasyPrint layout is the slow part of every document carddb writes (booster
lists, deck lists, the rulebook). A document is keyed by its HTML plus the
bytes of the files it pulls in and the versions of carddb and WeasyPrint; the key
of the last write (and the page count it gave) is kept under
output/<game>/.cache/pdf/, so an unchanged build reuses the file it wrote before
without opening it.

Nothing here imports WeasyPrint: its version comes from the installed package's
metadata, so deciding that a document is current costs a hash, not an import.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

import carddb
from carddb.files.atomic import write_text
from carddb.files.outputs import read_existing
from carddb.files.stamps import identity_of
from carddb.render.wholefile import is_whole


@functools.cache
def _weasyprint_version() -> str:
    try:
        return metadata.version("weasyprint")
    except metadata.PackageNotFoundError:
        return "unknown"


def pdf_key(html: str, files: Iterable[Path] = ()) -> str:
    digest = hashlib.sha256()
    digest.update(f"carddb {carddb.__version__} weasyprint {_weasyprint_version()}\0".encode())
    digest.update(html.encode("utf-8"))
    for path in sorted(set(files)):
        digest.update(b"\0" + str(path).encode())
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"<missing>")
    return digest.hexdigest()


def _key_file(cache_dir: Path, target: Path) -> Path:
    name = hashlib.sha256(str(target.resolve()).encode()).hexdigest()[:24]
    return cache_dir / f"{name}.key"


def current_pages(target: Path, key: str, cache_dir: Path) -> int | None:
    """The page count of `target` if it exists and was last written here from inputs with this key, else None.

    The key file names the target's identity on this machine (carddb.files.stamps): a key file and a target
    that came with the project never match, so a file someone put there is written again, never shipped.
    """
    data = read_existing(_key_file(cache_dir, target))
    try:
        recorded = data.decode("utf-8").split() if data is not None else []
    except UnicodeDecodeError:  # damaged into bytes that are not text: write it again
        return None
    if len(recorded) != 3 or recorded[0] != key or not recorded[1].isdigit():
        return None
    if recorded[2] != identity_of(target) or not is_whole(target):
        return None
    return int(recorded[1])


def is_current(target: Path, key: str, cache_dir: Path) -> bool:
    """True when `target` exists and was last written from inputs with this key."""
    return current_pages(target, key, cache_dir) is not None


def remember(target: Path, key: str, cache_dir: Path, pages: int = 0) -> None:
    write_text(_key_file(cache_dir, target), f"{key} {pages} {identity_of(target)}")
