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

from carddb.files.atomic import write_text
from carddb.files.outputs import read_json
from carddb.packs.card import file_stem
from carddb.render.raster import PngJob, PngQueue, PngRun, queue_pngs
from carddb.render.wholefile import reusable
from carddb.render.workers import RenderWorkers

WEB_DPI = 150
MANIFEST = ".images.json"


@dataclass
class WebImages:
    """Card id -> PNG path, and which images this run wrote versus kept."""

    paths: dict[str, Path] = field(default_factory=dict)
    versions: dict[str, str] = field(default_factory=dict)  # changes exactly when the image does
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)


def web_images(
    pdfs: Mapping[str, Path],
    images_dir: Path,
    *,
    dpi: int = WEB_DPI,
    workers: int = 1,
    pool: RenderWorkers | None = None,
) -> WebImages:
    """Rasterize each card's face PDF (card id -> PDF) into images_dir/<id>.png, if it changed."""
    return queue_web_images(pdfs, images_dir, dpi=dpi, workers=workers, pool=pool).finish()


@dataclass
class WebImagesRun:
    result: WebImages
    pngs: PngRun
    manifest_path: Path
    keys: dict[str, str]
    stale_manifest: bool  # a card left the site: the manifest is rewritten even if no image changed

    def finish(self) -> WebImages:
        """Wait for the images, then record what each was made from."""
        self.pngs.finish()
        if self.result.written or self.stale_manifest:
            write_text(self.manifest_path, json.dumps(self.keys, indent=1, sort_keys=True))
        return self.result


def queue_web_images(
    pdfs: Mapping[str, Path],
    images_dir: Path,
    *,
    dpi: int = WEB_DPI,
    workers: int = 1,
    pool: RenderWorkers | None = None,
    png_queue: PngQueue | None = None,
) -> WebImagesRun:
    """Decide which images changed and queue them on `pool` (or leave them for `finish`)."""
    manifest_path = images_dir / MANIFEST
    manifest = _read_manifest(manifest_path)
    result = WebImages()
    jobs: list[PngJob] = []
    keys: dict[str, str] = {}
    for card_id, pdf in pdfs.items():
        target = images_dir / f"{file_stem(card_id)}.png"  # a back face (`ID/back`): ID_back.png
        keys[card_id] = f"{dpi}:{hashlib.sha256(pdf.read_bytes()).hexdigest()}"
        result.paths[card_id] = target
        result.versions[card_id] = hashlib.sha256(keys[card_id].encode()).hexdigest()[:12]
        if manifest.get(card_id) == keys[card_id] and reusable(target):
            result.unchanged.append(card_id)
        else:
            jobs.append(PngJob(pdf=pdf, target=target, dpi=dpi, bleed=False))
            result.written.append(card_id)
    # force: the manifest has already decided; the rasterizer's own timestamp check would keep stale images.
    pngs = queue_pngs(jobs, workers=workers, force=True, pool=pool, label="site images", queue=png_queue)
    return WebImagesRun(result, pngs, manifest_path, keys, bool(set(manifest) - set(pdfs)))


def _read_manifest(path: Path) -> dict[str, str]:
    data = read_json(path)
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
