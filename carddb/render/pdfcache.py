"""Skip laying out a PDF whose inputs have not changed since it was written.

WeasyPrint layout is the slow part of every document carddb writes (booster
lists, deck lists, the rulebook). A document is keyed by its HTML plus the
bytes of the files it pulls in and the versions of carddb and WeasyPrint; the key
of the last write is kept under output/<game>/.cache/pdf/, so an unchanged
build reuses the file it wrote before.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

import carddb


def pdf_key(html: str, files: Iterable[Path] = ()) -> str:
    from weasyprint import __version__ as weasyprint_version

    digest = hashlib.sha256()
    digest.update(f"carddb {carddb.__version__} weasyprint {weasyprint_version}\0".encode())
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


def is_current(target: Path, key: str, cache_dir: Path) -> bool:
    """True when `target` exists and was last written from inputs with this key."""
    key_file = _key_file(cache_dir, target)
    try:
        return target.is_file() and key_file.read_text(encoding="utf-8") == key
    except OSError:
        return False


def remember(target: Path, key: str, cache_dir: Path) -> None:
    key_file = _key_file(cache_dir, target)
    key_file.parent.mkdir(parents=True, exist_ok=True)
    key_file.write_text(key, encoding="utf-8")
