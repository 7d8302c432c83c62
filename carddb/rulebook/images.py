"""Card pictures for the rulebook, and where each part of a card sits on its face.

Cards are drawn by the card-face renderer (`carddb.render.faces`), exactly as
they are printed. Each face PDF is rasterized at print resolution with
pypdfium2, cropped from the bleed to the trim, and given the card's rounded
corners, so a card in the book looks like the card on the table. A picture is
cached under the name of the face PDF it was made from (a hash of everything
drawn on it), and pictures still to make are rasterized on the render workers.

`part_positions` reads the boxes of the name, cost, art, type line, rules,
stats and footer that the face renderer recorded when it laid the card out
(`FaceResult.parts`), so the anatomy chapter's numbered callouts point at the
real parts of the real layout.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from pathlib import Path

from carddb.files.atomic import write_bytes
from carddb.files.stamps import sweep
from carddb.findings.diagnostics import Finding, Report
from carddb.render.faces.results import FaceResult
from carddb.render.wholefile import reusable
from carddb.render.workers import RenderWorkers
from carddb.rulebook.pdf import BOOK_PRIORITY

PRINT_DPI = 300
CORNER_MM = 3.0
RASTERIZE = "carddb.rulebook.images:rasterize_job"
# Pictures per job on the render workers.
PICTURES_PER_JOB = 4

# Where the callout of each part points, as CSS classes of the face (the first box in document
# order that has one of them) and a spot inside that box (fractions: 0 = left/top, 1 = right/bottom).
PART_BOXES: dict[str, tuple[tuple[str, ...], tuple[float, float]]] = {
    "name": (("name",), (0.05, 0.5)),
    "cost": (("cost",), (0.95, 0.5)),
    "art": (("art",), (0.9, 0.45)),
    "type": (("type-line",), (0.04, 0.5)),
    "text": (("ability", "rules-flow"), (0.02, 0.5)),
    "flavor": (("flavor",), (0.97, 0.5)),
    "stats": (("stats",), (0.9, 0.5)),
    "footer": (("footer",), (0.05, 0.5)),
    "fields": (("fields", "r-field"), (0.03, 0.5)),
}


def print_dpi(largest_height_mm: float, card_height_mm: float) -> int:
    """The resolution that gives PRINT_DPI where the book prints a card largest (it is drawn smaller)."""
    return max(72, math.ceil(PRINT_DPI * largest_height_mm / card_height_mm))


def picture_path(cache: Path, face: FaceResult, dpi: int) -> Path:
    # Face PDFs are named by a hash of everything drawn on them, so the picture can reuse that name.
    return cache / f"{face.pdf.stem}-{dpi}.png"


def card_images(
    cache: Path,
    faces: Sequence[FaceResult],
    trim_mm: tuple[float, float],
    report: Report,
    *,
    dpi: int = PRINT_DPI,
    pool: RenderWorkers | None = None,
) -> dict[str, bytes]:
    """PNG bytes of each face, trimmed, at `dpi`: from the picture cache, the others rasterized now."""
    missing = [face for face in faces if not reusable(picture_path(cache, face, dpi))]
    jobs = [
        [
            (face.card_id, face.pdf, picture_path(cache, face, dpi), trim_mm, dpi)
            for face in missing[i : i + PICTURES_PER_JOB]
        ]
        for i in range(0, len(missing), PICTURES_PER_JOB)
    ]
    if pool is not None:
        failures = pool.map(RASTERIZE, jobs, priority=BOOK_PRIORITY, label="rulebook")
    else:
        failures = [rasterize_job(job) for job in jobs]
    for pdf, message in (failure for batch in failures for failure in batch):
        report.add(Finding("E-RULEBOOK-RENDER", message, pdf))
    sweep(cache, {picture_path(cache, face, dpi).name for face in faces})  # pictures the book no longer shows
    images: dict[str, bytes] = {}
    for face in faces:
        try:
            images[face.card_id] = picture_path(cache, face, dpi).read_bytes()
        except OSError:
            continue  # its failure is reported above
    return images


def rasterize_job(
    pictures: Sequence[tuple[str, Path, Path, tuple[float, float], int]],
) -> list[tuple[Path, str]]:
    """Rasterize (card id, face PDF, picture file, trim size, dpi) entries; (PDF, message) for each failure."""
    import pypdfium2

    failures = []
    for card_id, pdf, target, trim_mm, dpi in pictures:
        try:
            write_bytes(target, rasterize_face(pdf, trim_mm, dpi), vouch=True)
        except (OSError, pypdfium2.PdfiumError) as exc:
            failures.append((pdf, f"cannot rasterize the face of '{card_id}': {exc}"))
    return failures


def rasterize_face(pdf: Path, trim_mm: tuple[float, float], dpi: int = PRINT_DPI) -> bytes:
    """The trimmed face of a single-card PDF as PNG bytes with rounded corners."""
    import pypdfium2
    from PIL import Image, ImageDraw

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        page = document[0]
        bitmap = page.render(scale=dpi / 72)
        image = bitmap.to_pil().convert("RGB")
        page_w_mm = page.get_width() * 25.4 / 72
        page_h_mm = page.get_height() * 25.4 / 72
    finally:
        document.close()
    px_per_mm = image.width / page_w_mm
    bleed_x = (page_w_mm - trim_mm[0]) / 2
    bleed_y = (page_h_mm - trim_mm[1]) / 2
    box = (
        round(bleed_x * px_per_mm),
        round(bleed_y * px_per_mm),
        round((bleed_x + trim_mm[0]) * px_per_mm),
        round((bleed_y + trim_mm[1]) * px_per_mm),
    )
    card = image.crop(box)
    mask = Image.new("L", card.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, card.width - 1, card.height - 1), radius=round(CORNER_MM * px_per_mm), fill=255
    )
    card.putalpha(mask)
    out = io.BytesIO()
    card.save(out, format="PNG", compress_level=6, dpi=(dpi, dpi))
    return out.getvalue()


def part_positions(
    face: FaceResult | None, trim_mm: tuple[float, float], bleed_mm: float
) -> dict[str, tuple[float, float]]:
    """Where each part of the face is drawn, as (x, y) fractions of the trimmed card."""
    if face is None:
        return {}
    width_mm, height_mm = trim_mm
    found: dict[str, tuple[float, float]] = {}
    for part, (classes, (fx, fy)) in PART_BOXES.items():
        boxes = [face.parts[c] for c in classes if c in face.parts]
        if not boxes:
            continue
        _order, x, y, w, h = min(boxes)
        x_mm = x + fx * w - bleed_mm
        y_mm = y + fy * h - bleed_mm
        found[part] = (min(max(x_mm / width_mm, 0.0), 1.0), min(max(y_mm / height_mm, 0.0), 1.0))
    return found
