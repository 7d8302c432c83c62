"""Card pictures for the rulebook, and where each part of a card sits on its face.

Cards are drawn by the card-face renderer (`carddb.render.faces`), exactly as
they are printed. Each face PDF is rasterized at print resolution with
pypdfium2, cropped from the bleed to the trim, and given the card's rounded
corners, so a card in the book looks like the card on the table.

`part_positions` lays the face HTML out with WeasyPrint and reads the boxes of
the name, cost, art, type line, rules, stats and footer, so the anatomy
chapter's numbered callouts point at the real parts of the real layout.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from pathlib import Path

import pypdfium2
from PIL import Image, ImageDraw
from weasyprint import HTML

from carddb.atomic import write_bytes
from carddb.cardmodel import Card
from carddb.database import CardDatabase
from carddb.diagnostics import Finding, Report
from carddb.render.assets import BUNDLED_TEMPLATES
from carddb.render.faces import FaceResources, card_html, render_faces
from carddb.render.fetcher import ConfinedFetcher

PRINT_DPI = 300
CORNER_MM = 3.0
MM_PER_PX = 25.4 / 96  # WeasyPrint lays out in CSS pixels

# Where the callout of each part points, as a CSS class of the face and a spot inside that box
# (fractions of the box: 0 = left/top edge, 1 = right/bottom edge).
PART_BOXES: dict[str, tuple[tuple[str, ...], tuple[float, float]]] = {
    "name": (("name",), (0.05, 0.5)),
    "cost": (("cost",), (0.95, 0.5)),
    "art": (("art",), (0.9, 0.45)),
    "type": (("type-line",), (0.04, 0.5)),
    "text": (("ability", "rules-flow"), (0.02, 0.5)),
    "flavor": (("flavor",), (0.97, 0.5)),
    "stats": (("stats",), (0.9, 0.5)),
    "footer": (("footer",), (0.05, 0.5)),
}


def print_dpi(largest_height_mm: float, card_height_mm: float) -> int:
    """The resolution that gives PRINT_DPI where the book prints a card largest (it is drawn smaller)."""
    return max(72, math.ceil(PRINT_DPI * largest_height_mm / card_height_mm))


def card_images(
    db: CardDatabase, cards: Sequence[Card], report: Report, *, dpi: int = PRINT_DPI
) -> tuple[dict[str, bytes], dict[str, float]]:
    """PNG bytes of each card's faces (both sides of a double-sided card, by face id), trimmed, at `dpi`;
    and the rules-text size that fit each face."""
    results = [side for face in render_faces(db, list(cards), report) for side in (face, face.back_face) if side]
    images: dict[str, bytes] = {}
    sizes = {result.card_id: result.font_pt for result in results}
    cache = db.project.output_dir(db.pack) / ".cache" / "rulebook"
    for result in results:
        # Face PDFs are named by a hash of everything drawn on them, so the PNG can reuse that name.
        cached = cache / f"{result.pdf.stem}-{dpi}.png"
        try:
            if cached.is_file():
                images[result.card_id] = cached.read_bytes()
                continue
            images[result.card_id] = rasterize_face(result.pdf, db.pack.card_size_mm, dpi)
            write_bytes(cached, images[result.card_id])
        except (OSError, pypdfium2.PdfiumError) as exc:
            report.add(
                Finding("E-RULEBOOK-RENDER", f"cannot rasterize the face of '{result.card_id}': {exc}", result.pdf)
            )
    for card in cards:
        if card.id not in images and not report.errors:
            report.add(Finding("E-RULEBOOK-RENDER", f"the face renderer returned no picture of '{card.id}'"))
    return images, sizes


def rasterize_face(pdf: Path, trim_mm: tuple[float, float], dpi: int = PRINT_DPI) -> bytes:
    """The trimmed face of a single-card PDF as PNG bytes with rounded corners."""
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


def part_positions(db: CardDatabase, card: Card, rules_pt: float | None = None) -> dict[str, tuple[float, float]]:
    """Where each part of `card` is drawn, as (x, y) fractions of the trimmed card."""
    fetcher = ConfinedFetcher(FaceResources(db).fetch_roots)
    html = card_html(db, card, preview=False, rules_pt=rules_pt)
    document = HTML(string=html, base_url=BUNDLED_TEMPLATES.as_uri() + "/", url_fetcher=fetcher).render()
    page = document.pages[0]
    width_mm, height_mm = db.pack.card_size_mm
    bleed_x = (page.width * MM_PER_PX - width_mm) / 2
    bleed_y = (page.height * MM_PER_PX - height_mm) / 2
    found: dict[str, tuple[float, float]] = {}
    for box in _descendants(page._page_box):
        element = getattr(box, "element", None)
        if element is None or getattr(box, "element_tag", "") == "":
            continue
        classes = set((element.get("class") or "").split())
        for part, (wanted, (fx, fy)) in PART_BOXES.items():
            if part in found or not classes.intersection(wanted) or box.border_width() <= 0:
                continue
            x_mm = (box.border_box_x() + fx * box.border_width()) * MM_PER_PX - bleed_x
            y_mm = (box.border_box_y() + fy * box.border_height()) * MM_PER_PX - bleed_y
            found[part] = (min(max(x_mm / width_mm, 0.0), 1.0), min(max(y_mm / height_mm, 0.0), 1.0))
    return found


def _descendants(box: object) -> list[object]:
    out = [box]
    for child in getattr(box, "children", ()) or ():
        out.extend(_descendants(child))
    return out
