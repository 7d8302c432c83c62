"""Web-size card images for the spoiler: each face PDF cut to its trim, as a 150 dpi PNG.

Rasterizing is `carddb.render.raster`'s job (the same code makes the print PNGs);
this module decides which images need making.

Only cards whose face PDF changed are rasterized and re-written: a manifest beside
the images remembers the hash of the PDF each PNG was made from, so a rebuild
after editing one card touches one image (and a browser cache keeps the rest).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from carddb.atomic import write_text
from carddb.cardmodel import file_stem
from carddb.render.raster import PngJob, render_pngs

WEB_DPI = 150
MANIFEST = ".images.json"


@dataclass
class WebImages:
    """Card id -> PNG path, and which images this run wrote versus kept."""

    paths: dict[str, Path] = field(default_factory=dict)
    versions: dict[str, str] = field(default_factory=dict)  # changes exactly when the image does
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)


def web_images(pdfs: Mapping[str, Path], images_dir: Path, *, dpi: int = WEB_DPI, workers: int = 1) -> WebImages:
    """Rasterize each face PDF (face id -> PDF) into images_dir/<file stem>.png, if it changed.

    A double-sided card's back face (`ID/back`) becomes `ID_back.png` (see `file_stem`).
    """
    manifest_path = images_dir / MANIFEST
    manifest = _read_manifest(manifest_path)
    result = WebImages()
    jobs: list[PngJob] = []
    keys: dict[str, str] = {}
    for card_id, pdf in pdfs.items():
        target = images_dir / f"{file_stem(card_id)}.png"
        keys[card_id] = f"{dpi}:{hashlib.sha256(pdf.read_bytes()).hexdigest()}"
        result.paths[card_id] = target
        result.versions[card_id] = hashlib.sha256(keys[card_id].encode()).hexdigest()[:12]
        if manifest.get(card_id) == keys[card_id] and target.is_file():
            result.unchanged.append(card_id)
        else:
            jobs.append(PngJob(pdf=pdf, target=target, dpi=dpi, bleed=False))
            result.written.append(card_id)
    # force: the manifest has already decided; the rasterizer's own timestamp check would keep stale images.
    render_pngs(jobs, workers=workers, force=True)
    if result.written or set(manifest) - set(pdfs):
        write_text(manifest_path, json.dumps(keys, indent=1, sort_keys=True))
    return result


def _read_manifest(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
