"""Single-card PDFs made with WeasyPrint for the print-stage tests, and readers of produced sheets.

The cards are independent of the real face templates: a coloured card with a
label (F0, F1, ... for fronts; B0, B1, ... for backs) in its top-left corner,
63 x 88 mm with a 3 mm bleed, so WeasyPrint writes MediaBox = 69 x 94 mm and a
TrimBox 3 mm in, like the real faces. Labels let a test find where a card went.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ContentStream

PT = 72 / 25.4  # points per mm
COLOURS = ["#8f2d1f", "#2f5a4a", "#1f4f86", "#5b4a3a", "#5d3f7a", "#55585c"]


def make_card_pdfs(folder: Path, labels: list[str]) -> list[Path]:
    import weasyprint

    # A named page per colour: the page background also fills the bleed, as a real card's frame does.
    pages = "".join(
        f'<section style="page: c{i % len(COLOURS)}"><b>{label}</b></section>' for i, label in enumerate(labels)
    )
    named = "".join(f"@page c{i} {{ background: {colour} }}" for i, colour in enumerate(COLOURS))
    html = (
        "<style>@page { size: 63mm 88mm; bleed: 3mm; margin: 0 }" + named + "body { margin: 0 }"
        " section { height: 88mm; page-break-after: always; padding: 4mm; box-sizing: border-box;"
        " color: white; font: 14pt sans-serif }</style>" + pages
    )
    reader = PdfReader(io.BytesIO(weasyprint.HTML(string=html).write_pdf()))
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for label, page in zip(labels, reader.pages, strict=True):
        writer = PdfWriter()
        writer.add_page(page)
        path = folder / f"{label}.pdf"
        with path.open("wb") as fh:
            writer.write(fh)
        paths.append(path)
    return paths


@dataclass(frozen=True)
class Placed:
    """Where a placed card's trim ended up on a sheet page, in mm, and the clip (form BBox) size."""

    x: float
    y: float
    w: float
    h: float
    clip_w: float
    clip_h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2


def placements(sheet: Path, page_index: int, card_trim_pt: tuple[float, float, float, float]) -> list[Placed]:
    """The trim rectangle of every Form XObject drawn on a page: page matrix x form matrix x the card's TrimBox."""
    page = PdfReader(sheet).pages[page_index]
    xobjects = page["/Resources"]["/XObject"]
    stack: list[list[float]] = []
    ctm = [1.0, 0, 0, 1.0, 0, 0]
    found = []
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"q":
            stack.append(list(ctm))
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            assert (a, b, c, d) == (1, 0, 0, 1), "cards are placed with a translation only"
            ctm = [1.0, 0, 0, 1.0, ctm[4] + e, ctm[5] + f]
        elif op == b"Do":
            form = xobjects[operands[0]].get_object()
            matrix = [float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])]
            bbox = [float(v) for v in form["/BBox"]]
            left, bottom, right, top = card_trim_pt
            dx, dy = ctm[4] + matrix[4], ctm[5] + matrix[5]
            found.append(
                Placed(
                    (left + dx) / PT,
                    (bottom + dy) / PT,
                    (right - left) / PT,
                    (top - bottom) / PT,
                    (bbox[2] - bbox[0]) / PT,
                    (bbox[3] - bbox[1]) / PT,
                )
            )
    return found


def trimbox(pdf: Path) -> tuple[float, float, float, float]:
    box = PdfReader(pdf).pages[0].trimbox
    return float(box.left), float(box.bottom), float(box.right), float(box.top)


def label_positions(sheet: Path, page_index: int) -> dict[str, tuple[float, float]]:
    """Each card label's position on a page, in mm from the bottom-left corner."""
    with pdfplumber.open(sheet) as pdf:
        page = pdf.pages[page_index]
        return {w["text"]: (w["x0"] / PT, (page.height - w["bottom"]) / PT) for w in page.extract_words()}


def mark_lines(
    sheet: Path, page_index: int
) -> tuple[list[tuple[float, float, float]], list[tuple[float, float, float]]]:
    """Crop marks as (x, y0, y1) for vertical and (y, x0, x1) for horizontal lines, in mm, y up."""
    with pdfplumber.open(sheet) as pdf:
        page = pdf.pages[page_index]
        vertical, horizontal = [], []
        for line in page.lines:
            x0, x1 = line["x0"] / PT, line["x1"] / PT
            y0, y1 = (page.height - line["bottom"]) / PT, (page.height - line["top"]) / PT
            if abs(x1 - x0) < 1e-3:
                vertical.append((x0, y0, y1))
            elif abs(y1 - y0) < 1e-3:
                horizontal.append((y0, x0, x1))
        return vertical, horizontal


def page_sizes(sheet: Path) -> list[tuple[float, float]]:
    with pdfplumber.open(sheet) as pdf:
        return [(float(p.width), float(p.height)) for p in pdf.pages]
