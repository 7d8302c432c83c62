"""PNG images of single-card PDFs, for screens, print services and virtual tables.

PDFium rasterises the card PDF directly, so a PNG matches the printed card. Every
PNG is RGB (no alpha: print services and Tabletop Simulator reject or mishandle
transparency) and records its resolution, so an image program prints it at the
card's real size.

Print-service presets. Both services lay out poker cards on a 2.5 x 3.5 in
(63.5 x 88.9 mm) cut at 300 dpi and ask for an image that includes their bleed:

- MakePlayingCards (`mpc`): 822 x 1122 px, i.e. the 750 x 1050 px cut plus 36 px
  (about 3 mm) on each side.
- DriveThruCards (`drivethru`): 825 x 1125 px, i.e. the 750 x 1050 px cut plus
  1/8 in (37.5 px) on each side.

A 63 x 88 mm card is 0.5 mm narrower and 0.9 mm shorter than their cut, and its
3 mm bleed is a little less than 1/8 in. So the card, with its bleed, is scaled
uniformly (no distortion) until it covers the service's image, about 303 dpi,
and centred: the service's cut then falls within 2 px (0.2 mm) of our trim line,
well inside the 3 mm safe zone that keeps text away from the edge.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from carddb.atomic import atomic_path
from carddb.errors import RenderError, UsageError

DEFAULT_DPI = 300
MIN_DPI, MAX_DPI = 36, 1200


@dataclass(frozen=True)
class Preset:
    id: str
    label: str
    width_px: int
    height_px: int
    dpi: int
    cut_mm: tuple[float, float] = (63.5, 88.9)  # the service's card, which the game's card must match

    def check_card(self, trim_mm: tuple[float, float]) -> None:
        """A game's card that is not the service's card size cannot use this preset (it would be scaled)."""
        if any(abs(card - cut) > 1.5 for card, cut in zip(trim_mm, self.cut_mm, strict=True)):
            raise UsageError(
                f"--preset {self.id} makes images for {self.label}, {self.cut_mm[0]:g} x {self.cut_mm[1]:g} mm; "
                f"this game's cards are {trim_mm[0]:g} x {trim_mm[1]:g} mm: send the service the single-card "
                "PDFs (output/<game>/cards/) or --png images at its resolution"
            )


PRESETS: dict[str, Preset] = {
    "mpc": Preset("mpc", "MakePlayingCards poker (2.5 x 3.5 in)", 822, 1122, 300),
    "drivethru": Preset("drivethru", "DriveThruCards poker (2.5 x 3.5 in)", 825, 1125, 300),
}


@dataclass(frozen=True)
class PngJob:
    """One image to make: `preset` wins over `dpi`; `bleed=False` cuts the image at the TrimBox."""

    pdf: Path
    target: Path
    dpi: int = DEFAULT_DPI
    bleed: bool = True
    preset: str | None = None


def check_dpi(dpi: int) -> int:
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise UsageError(f"--dpi must be between {MIN_DPI} and {MAX_DPI}, not {dpi}")
    return dpi


def get_preset(preset_id: str | None) -> Preset | None:
    if preset_id is None:
        return None
    try:
        return PRESETS[preset_id]
    except KeyError:
        raise UsageError(f"unknown --preset '{preset_id}' (presets: {', '.join(PRESETS)})") from None


def render_png(job: PngJob) -> tuple[int, int]:
    """Write one PNG; returns its pixel size."""
    try:
        doc = pdfium.PdfDocument(job.pdf)
    except pdfium.PdfiumError as exc:
        raise RenderError(f"cannot read the card PDF {job.pdf}: {exc}") from exc
    try:
        page = doc[0]
        media, trim = page.get_mediabox(), page.get_trimbox()
        if job.preset is not None:
            image = _preset_image(page, media, PRESETS[job.preset])
            dpi = PRESETS[job.preset].dpi
        else:
            image = _dpi_image(page, media, trim if not job.bleed else media, job.dpi)
            dpi = job.dpi
    finally:
        doc.close()
    with atomic_path(job.target) as tmp:
        image.save(tmp, format="PNG", dpi=(dpi, dpi), compress_level=3)
    return image.size


def _dpi_image(page: pdfium.PdfPage, media: Sequence[float], box: Sequence[float], dpi: int) -> Image.Image:
    # PDFium rounds bitmap sizes up; cut at rounded pixel edges so that the image is
    # round(size x dpi) pixels, the nearest to the card's real size.
    scale = dpi / 72
    image = page.render(scale=scale).to_pil().convert("RGB")
    left = round((box[0] - media[0]) * scale)
    top = round((media[3] - box[3]) * scale)
    width, height = round((box[2] - box[0]) * scale), round((box[3] - box[1]) * scale)
    return image.crop((left, top, left + width, top + height))


def _preset_image(page: pdfium.PdfPage, media: Sequence[float], preset: Preset) -> Image.Image:
    width_pt, height_pt = media[2] - media[0], media[3] - media[1]
    scale = max(preset.width_px / width_pt, preset.height_px / height_pt)
    image = page.render(scale=scale).to_pil().convert("RGB")
    if image.width < preset.width_px or image.height < preset.height_px:
        # PDFium rounds the bitmap size down; one pixel of resampling is invisible.
        factor = max(preset.width_px / image.width, preset.height_px / image.height)
        image = image.resize((math.ceil(image.width * factor), math.ceil(image.height * factor)), Image.LANCZOS)
    left = (image.width - preset.width_px) // 2
    top = (image.height - preset.height_px) // 2
    return image.crop((left, top, left + preset.width_px, top + preset.height_px))


def up_to_date(job: PngJob) -> bool:
    """The PNG exists, is newer than its PDF and was made at the same resolution."""
    try:
        if job.target.stat().st_mtime_ns < job.pdf.stat().st_mtime_ns:
            return False
        with Image.open(job.target) as image:
            want = PRESETS[job.preset].dpi if job.preset else job.dpi
            dpi = image.info.get("dpi", (0, 0))[0]
            if job.preset and image.size != (PRESETS[job.preset].width_px, PRESETS[job.preset].height_px):
                return False
            return abs(float(dpi) - want) < 0.5
    except (OSError, ValueError):
        return False


def render_pngs(
    jobs: Sequence[PngJob], *, workers: int = 2, force: bool = False, on_done: Callable[[], object] | None = None
) -> tuple[int, int]:
    """Render the PNGs that are missing or stale; returns (rendered, reused). `on_done` is called per image."""
    todo = []
    for job in jobs:
        if force or not up_to_date(job):
            todo.append(job)
        elif on_done:
            on_done()
    if len(todo) > 4 and workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for _ in pool.map(render_png, todo, chunksize=max(1, len(todo) // (workers * 8))):
                if on_done:
                    on_done()
    else:
        for job in todo:
            render_png(job)
            if on_done:
                on_done()
    return len(todo), len(jobs) - len(todo)
