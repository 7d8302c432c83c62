"""Sheet geometry: where each card, each card back and each crop mark goes on a page.

Everything here is plain arithmetic in millimetres with the PDF convention (origin
at the bottom-left of the page, y up), so it can be tested without drawing.

The grid is as many columns and rows of the game's card size as fit the paper
(poker cards on A4: 3 x 3; mini cards 44 x 67 mm: 4 x 4; tarot 70 x 120 mm: 2 x 2),
centred on the page. Between two cards there is either the two bleeds touching (the
default) or a chosen gutter. A card shows as much of its bleed as the gap to its
neighbour allows; when the paper is too small for full bleeds and room for the crop
marks (a 3 x 3 block of 69 x 94 mm cards leaves only 1.5 mm at the sides of an A4
sheet), the shown bleed shrinks on that axis so that every crop mark still has
`MIN_MARGIN_MM` of paper outside the card area. A grid that fits with full bleeds is
not traded for fewer cards: the count comes first, then as much bleed as is left.

Duplex: a long-edge flip mirrors the sheet left to right, so a card in column c
of a front page has its back in column (columns - 1 - c) of the following page; a
short-edge flip mirrors top to bottom (row r -> row (rows - 1 - r)). The back offset
moves back pages only, to undo a printer's known misregistration.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from carddb.findings.errors import RenderError, UsageError

MM_PER_PT = 25.4 / 72
PT_PER_MM = 72 / 25.4

# Room kept outside the card area for crop marks. Home printers cannot print the
# outer ~4 mm of a sheet, so marks start close to the cards and run outwards.
MIN_MARGIN_MM = 6.0
MARK_OFFSET_MM = 1.0  # gap between the card area and the start of a mark
MARK_LENGTH_MM = 5.0


@dataclass(frozen=True)
class Paper:
    id: str
    label: str
    width_mm: float
    height_mm: float


A4 = Paper("a4", "A4", 210.0, 297.0)
LETTER = Paper("letter", "Letter", 215.9, 279.4)
PAPERS: dict[str, Paper] = {p.id: p for p in (A4, LETTER)}


class Duplex(StrEnum):
    """How the back pages are laid out for the printer's duplex mode."""

    long = "long"  # flip on the long edge (the usual default of duplex printers)
    short = "short"  # flip on the short edge
    none = "none"  # fronts only, no back pages


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


@dataclass(frozen=True)
class Line:
    x0: float
    y0: float
    x1: float
    y1: float

    def moved(self, dx: float, dy: float) -> Line:
        return Line(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)


@dataclass(frozen=True)
class BackOffset:
    """A printer's shift of back pages to undo: x to the right, y downwards, in mm, as seen on the back page."""

    x: float = 0.0
    y: float = 0.0

    @classmethod
    def parse(cls, text: str | None) -> BackOffset:
        if not text:
            return cls()
        parts = text.replace(";", ",").split(",")
        try:
            if len(parts) != 2:
                raise ValueError
            x, y = (float(p) for p in parts)
        except ValueError:
            raise UsageError(f"--back-offset takes two numbers in mm, X,Y (e.g. 0.5,-1), not '{text}'") from None
        if not (math.isfinite(x) and math.isfinite(y)) or max(abs(x), abs(y)) > 20:
            raise UsageError(f"--back-offset {text}: an offset over 20 mm is not a printer shift; check the units (mm)")
        return cls(x, y)

    def page_shift(self) -> tuple[float, float]:
        """The shift in page coordinates (y up)."""
        return self.x, -self.y


@dataclass(frozen=True)
class SheetLayout:
    paper: Paper
    card_w: float  # trim size
    card_h: float
    bleed_x: float  # bleed shown on the left and right of each card
    bleed_y: float  # bleed shown above and below each card
    gap_x: float  # distance between the trim lines of neighbouring cards
    gap_y: float
    columns: int = 3
    rows: int = 3

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def block(self) -> Rect:
        """The card area: all cards with their shown bleed."""
        w = self.columns * self.card_w + (self.columns - 1) * self.gap_x + 2 * self.bleed_x
        h = self.rows * self.card_h + (self.rows - 1) * self.gap_y + 2 * self.bleed_y
        return Rect((self.paper.width_mm - w) / 2, (self.paper.height_mm - h) / 2, w, h)

    def trim_x(self, col: int) -> float:
        return self.block.x + self.bleed_x + col * (self.card_w + self.gap_x)

    def trim_y(self, row: int) -> float:
        """Bottom of the trim of `row`, rows counted from the top of the page."""
        return self.block.top - self.bleed_y - self.card_h - row * (self.card_h + self.gap_y)

    def front(self, index: int) -> Rect:
        """Trim rectangle of the `index`-th card of a page (row by row from the top left)."""
        col, row = index % self.columns, index // self.columns
        return Rect(self.trim_x(col), self.trim_y(row), self.card_w, self.card_h)

    def back(self, index: int, duplex: Duplex, offset: BackOffset = BackOffset()) -> Rect:
        """Trim rectangle of the back of the `index`-th card, on the back page."""
        front = self.front(index)
        if duplex is Duplex.long:
            rect = Rect(self.paper.width_mm - front.right, front.y, front.w, front.h)
        elif duplex is Duplex.short:
            rect = Rect(front.x, self.paper.height_mm - front.top, front.w, front.h)
        else:
            raise ValueError("fronts-only sheets have no back pages")
        return rect.moved(*offset.page_shift())

    def shown(self, trim: Rect) -> Rect:
        """The part of a placed card that is drawn: its trim plus the shown bleed."""
        return Rect(trim.x - self.bleed_x, trim.y - self.bleed_y, trim.w + 2 * self.bleed_x, trim.h + 2 * self.bleed_y)

    def crop_marks(self) -> list[Line]:
        """A short line outside the card area in line with every trim line."""
        block = self.block
        marks: list[Line] = []
        margin_x, margin_y = block.x, self.paper.height_mm - block.top
        len_x = min(MARK_LENGTH_MM, margin_x - MARK_OFFSET_MM)
        len_y = min(MARK_LENGTH_MM, margin_y - MARK_OFFSET_MM)
        xs = sorted({round(x, 6) for c in range(self.columns) for x in (self.trim_x(c), self.trim_x(c) + self.card_w)})
        ys = sorted({round(y, 6) for r in range(self.rows) for y in (self.trim_y(r), self.trim_y(r) + self.card_h)})
        for x in xs:
            below, above = block.y - MARK_OFFSET_MM, block.top + MARK_OFFSET_MM
            marks.append(Line(x, below - len_y, x, below))
            marks.append(Line(x, above, x, above + len_y))
        for y in ys:
            left, right = block.x - MARK_OFFSET_MM, block.right + MARK_OFFSET_MM
            marks.append(Line(left - len_x, y, left, y))
            marks.append(Line(right, y, right + len_x, y))
        return marks

    def back_crop_marks(self, duplex: Duplex, offset: BackOffset = BackOffset()) -> list[Line]:
        """The front's marks as they fall on the back page, so a sheet held to the light shows any shift."""
        w, h = self.paper.width_mm, self.paper.height_mm
        mirrored = [
            Line(w - m.x0, m.y0, w - m.x1, m.y1) if duplex is Duplex.long else Line(m.x0, h - m.y0, m.x1, h - m.y1)
            for m in self.crop_marks()
        ]
        return [m.moved(*offset.page_shift()) for m in mirrored]


def plan_layout(
    paper: Paper,
    card_size_mm: tuple[float, float],
    bleed_mm: float,
    *,
    gutter_mm: float | None = None,
    margin_mm: float = MIN_MARGIN_MM,
) -> SheetLayout:
    """Fit as many cards as the paper holds in a grid; `gutter_mm=None` means the bleeds touch."""
    card_w, card_h = card_size_mm
    if gutter_mm is not None and gutter_mm < 0:
        raise UsageError(f"--gutter must be 0 or more mm, not {gutter_mm:g}")
    columns = grid_count(paper.width_mm, card_w, gutter_mm, margin_mm)
    rows = grid_count(paper.height_mm, card_h, gutter_mm, margin_mm)
    if columns < 1 or rows < 1:
        gutter = "touching bleeds" if gutter_mm is None else f"a {gutter_mm:g} mm gutter"
        raise RenderError(
            f"a card of {card_w:g} x {card_h:g} mm with {gutter} does not fit on {paper.label} "
            f"({paper.width_mm:g} x {paper.height_mm:g} mm) with {margin_mm:g} mm left for crop marks"
        )
    bleed_x = _shown_bleed(paper.width_mm, card_w, columns, bleed_mm, gutter_mm, margin_mm)
    bleed_y = _shown_bleed(paper.height_mm, card_h, rows, bleed_mm, gutter_mm, margin_mm)
    assert bleed_x is not None and bleed_y is not None  # the counts were chosen so that the cards fit
    gap_x = 2 * bleed_x if gutter_mm is None else gutter_mm
    gap_y = 2 * bleed_y if gutter_mm is None else gutter_mm
    return SheetLayout(paper, card_w, card_h, bleed_x, bleed_y, gap_x, gap_y, columns, rows)


def grid_count(page: float, card: float, gutter: float | None, margin: float) -> int:
    """How many cards fit across `page`: with touching bleeds they may touch at the trim (no bleed shown)."""
    room = page - 2 * margin
    step = card + (gutter or 0.0)
    return max(int((room + (gutter or 0.0)) // step + 1e-9), 0) if step > 0 else 0


def _shown_bleed(
    page: float, card: float, count: int, bleed: float, gutter: float | None, margin: float
) -> float | None:
    room = page - 2 * margin - count * card
    if gutter is None:
        # gaps of 2b between cards plus b at each outer edge: 2 * count * b in all
        shown = min(bleed, room / (2 * count))
    else:
        shown = min(bleed, gutter / 2, (room - (count - 1) * gutter) / 2)
    if shown < -1e-9:
        return None
    return max(shown, 0.0)


T = TypeVar("T")


def pages(items: Sequence[T], per_page: int) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), per_page):
        yield items[start : start + per_page]
