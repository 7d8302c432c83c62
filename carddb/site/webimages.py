"""Web-size card images for the spoiler: each face PDF cut to its trim, as a 150 dpi PNG.

Only cards whose face PDF changed are rasterized and re-written: a manifest beside
the images remembers the hash of the PDF each PNG was made from, so a rebuild
after editing one card touches one image (and a browser cache keeps the rest).
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium

from carddb.atomic import write_bytes, write_text

WEB_DPI = 150
MANIFEST = ".images.json"


@dataclass
class WebImages:
    """Card id -> PNG path, and which images this run wrote versus kept."""

    paths: dict[str, Path] = field(default_factory=dict)
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)


def web_images(pdfs: Mapping[str, Path], images_dir: Path, *, dpi: int = WEB_DPI) -> WebImages:
    """Rasterize each card's face PDF (card id -> PDF) into images_dir/<id>.png."""
    manifest_path = images_dir / MANIFEST
    manifest = _read_manifest(manifest_path)
    result = WebImages()
    for card_id, pdf in pdfs.items():
        target = images_dir / f"{card_id}.png"
        key = f"{dpi}:{hashlib.sha256(pdf.read_bytes()).hexdigest()}"
        result.paths[card_id] = target
        if manifest.get(card_id) == key and target.is_file():
            result.unchanged.append(card_id)
            continue
        write_bytes(target, pdf_to_png(pdf, dpi=dpi))
        manifest[card_id] = key
        result.written.append(card_id)
    if result.written or set(manifest) - set(pdfs):
        kept = {card_id: key for card_id, key in manifest.items() if card_id in pdfs}
        write_text(manifest_path, json.dumps(kept, indent=1, sort_keys=True))
    return result


def pdf_to_png(pdf: Path, *, dpi: int = WEB_DPI) -> bytes:
    """The first page of `pdf` cut to its TrimBox (the card as it is cut), as PNG bytes."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        page = document[0]
        left, bottom, right, top = page.get_mediabox()
        t_left, t_bottom, t_right, t_top = page.get_trimbox()
        # pdfium crops by the margin to remove on each side, in points.
        crop = (t_left - left, t_bottom - bottom, right - t_right, top - t_top)
        image = page.render(scale=dpi / 72, crop=crop).to_pil().convert("RGB")
    finally:
        document.close()
    buffer = io.BytesIO()
    # optimize=True saves ~10% of bytes but triples the time per card; the live preview wants speed.
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def _read_manifest(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
