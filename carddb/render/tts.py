"""Tabletop Simulator export: deck sheet images and a `DeckCustom` saved object.

Tabletop Simulator cuts a deck out of one image per "custom deck": a grid of at
most 10 x 7 cards, at most 4096 x 4096 px, RGB. With `BackIsHidden` the back image
is what other players see of a hidden card, so all 70 cells of a sheet hold cards
(without it the last cell would be the hidden image). How large each card is drawn
is a deck's `SheetPlan`: by default the best resolution (up to 300 dpi) at which the
deck still needs no more sheets than the fewest it can have (a 40-card tarot deck on
an 8 x 5 grid at 173 dpi, where a 10 x 7 grid gave 124); or a resolution asked for
(`--tts-dpi`), with as many cards a sheet as fit 4096 px at it. Cards with different
backs go in different decks, because a custom deck has one back image. Double-sided
cards, each with its own back face, go in decks of their own with `UniqueBack`:
their back image is a second sheet in the same grid, each card's back in the cell
of its front. Each card object's `CardID` is `sheet key * 100 + index on the sheet`.

`CustomDeck` has one entry per sheet, under keys 1, 2...; every card object also
carries the entry of its own sheet, identical to the deck's. That repetition is how
Tabletop Simulator itself saves a deck (public saved decks and the tools that write
them do the same): a card drawn from the deck is an object of its own and needs its
image. So nothing has to be edited by hand, every image is named where it will be
loaded from: with a URL base (`--tts-url-base https://host/folder/`, where the user
uploads the images) `https://host/folder/loe-deck-sheet-1.jpg?v=<hash of the image's
cards>`, the query changing whenever the image does (Tabletop Simulator caches by
URL); without one, the image's absolute `file:///` URI, for play on this computer.

Every object has its own GUID, 6 hexadecimal digits, copies of a card included:
Tabletop Simulator renumbers duplicates when they leave the deck, and scripts that
find objects by GUID would find the wrong one. They are derived from the deck,
card and copy, so an unchanged deck is written the same.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from PIL import Image

from carddb.files.atomic import atomic_path, write_text
from carddb.files.outputs import read_json
from carddb.files.stamps import vouched
from carddb.findings.errors import RenderError, UsageError
from carddb.findings.plural import plural
from carddb.render.pdfcache import is_current, remember
from carddb.render.pngfile import write_png
from carddb.render.raster import card_page, crop_to_box, page_image
from carddb.render.wholefile import reusable
from carddb.render.workers import RenderWorkers, Ticket

MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_SIDE_PX = 4096
CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS
JPEG_QUALITY = 90


@dataclass(frozen=True)
class TtsCard:
    id: str
    name: str
    description: str
    front: Path
    copies: int
    back: Path | None = None  # a double-sided card's own back face


@dataclass(frozen=True)
class TtsDeck:
    """Cards that share one back (`back`), or double-sided cards each with its own (`back` is None)."""

    name: str  # file stem, e.g. "loe-deck"
    title: str  # shown in Tabletop Simulator
    back: Path | None
    cards: tuple[TtsCard, ...]

    def __post_init__(self) -> None:
        own = [c.back is not None for c in self.cards]
        if (self.back is None and not all(own)) or (self.back is not None and any(own)):
            raise ValueError(f"deck {self.name}: a deck has one shared back, or every card has its own")


@dataclass(frozen=True)
class TtsResult:
    json_path: Path
    images: tuple[Path, ...]
    cards: int
    sheets: int = 1  # face sheets (a UniqueBack deck has as many back sheets)
    unique_backs: bool = False


def cell_size(trim_w: float, trim_h: float, columns: int = MAX_COLUMNS, rows: int = MAX_ROWS) -> tuple[int, int]:
    """The largest card image whose grid (10 x 7 unless said) fits in 4096 x 4096 px, at the card's proportions."""
    width = MAX_SIDE_PX // columns
    height = round(width * trim_h / trim_w)
    if height * rows > MAX_SIDE_PX:
        height = MAX_SIDE_PX // rows
        width = round(height * trim_w / trim_h)
    return width, height


DEFAULT_MAX_DPI = 300  # more than a print's resolution only makes the images heavier


@dataclass(frozen=True)
class SheetPlan:
    """How a deck's cards are drawn on its sheets: the cell in px and the largest grid."""

    cell: tuple[int, int]
    columns: int
    rows: int

    @property
    def capacity(self) -> int:
        """Cards a sheet holds: every cell (with `BackIsHidden` the back image is the hidden card, not a cell)."""
        return self.columns * self.rows

    def grid(self, n_cards: int) -> tuple[int, int]:
        """Columns and rows of a sheet of `n_cards` (at least 2 x 2, as Tabletop Simulator needs)."""
        columns = max(2, min(self.columns, n_cards))
        return columns, max(2, math.ceil(n_cards / columns))

    def dpi(self, trim_w_mm: float) -> float:
        return self.cell[0] / (trim_w_mm / 25.4)


def sheet_plan(n_cards: int, trim_mm: tuple[float, float], dpi: int | None = None) -> SheetPlan:
    """The cell size and grid for a deck of `n_cards` (see the module docstring); a UsageError for a dpi too high."""
    width_mm, height_mm = trim_mm
    if dpi is not None:
        cell = (round(width_mm / 25.4 * dpi), round(height_mm / 25.4 * dpi))
        columns, rows = min(MAX_COLUMNS, MAX_SIDE_PX // cell[0]), min(MAX_ROWS, MAX_SIDE_PX // cell[1])
        if columns < 2 or rows < 2:
            most = math.floor(MAX_SIDE_PX / 2 / max(width_mm, height_mm) * 25.4)
            raise UsageError(
                f"--tts-dpi {dpi}: a sheet of 2 x 2 {width_mm:g} x {height_mm:g} mm cards at {dpi} dpi is wider than"
                f" Tabletop Simulator's {MAX_SIDE_PX} px; at most {most} dpi"
            )
        return SheetPlan(cell, columns, rows)
    sheets = max(1, math.ceil(n_cards / CARDS_PER_SHEET))
    per_sheet = math.ceil(max(n_cards, 1) / sheets)
    grids = [(c, r) for c in range(2, MAX_COLUMNS + 1) for r in range(2, MAX_ROWS + 1)]
    fitting = [(c, r) for c, r in grids if SheetPlan((1, 1), c, r).capacity >= per_sheet]
    # The largest cell; among equals, the fewest cells (the grid that wastes least of the image).
    columns, rows = max(fitting, key=lambda grid: (cell_size(width_mm, height_mm, *grid)[0], -grid[0] * grid[1]))
    cell = cell_size(width_mm, height_mm, columns, rows)
    most = (round(width_mm / 25.4 * DEFAULT_MAX_DPI), round(height_mm / 25.4 * DEFAULT_MAX_DPI))
    return SheetPlan(cell if cell[0] <= most[0] else most, columns, rows)


def grid_for(n_cards: int) -> tuple[int, int]:
    """Columns and rows of a sheet for `n_cards` (Tabletop Simulator needs at least 2 x 2)."""
    columns = max(2, min(MAX_COLUMNS, n_cards))
    rows = max(2, math.ceil(n_cards / columns))
    if n_cards > CARDS_PER_SHEET:
        raise ValueError(f"a sheet holds at most {CARDS_PER_SHEET} cards")
    return columns, rows


def card_image(pdf: Path, size: tuple[int, int]) -> Image.Image:
    """The card cut at its TrimBox (no bleed: Tabletop Simulator shows the card's edge), at `size`.

    Drawn at the scale that covers the cell, then cut to it: the cell's proportions are the
    card's rounded to whole pixels, so at most a pixel's width is cut off one side. Scaling
    the drawn image to the cell instead took as long as drawing it.
    """
    with card_page(pdf) as (page, media, trim):
        scale = max(size[0] / (trim[2] - trim[0]), size[1] / (trim[3] - trim[1]))
        image = crop_to_box(page_image(page, scale), media, trim, scale)
    if image.size == size:
        return image
    if image.width >= size[0] and image.height >= size[1]:
        left, top = (image.width - size[0]) // 2, (image.height - size[1]) // 2
        return image.crop((left, top, left + size[0], top + size[1]))
    return image.resize(size, Image.LANCZOS)


@dataclass(frozen=True)
class TtsImage:
    """One image to draw: a deck's back (one card) or one sheet of its cards, in a grid of cells."""

    target: Path
    pdfs: tuple[Path, ...]
    cell: tuple[int, int]
    columns: int
    rows: int
    key: str  # of the card PDFs and the layout: the image is current while its key is
    cells: tuple[str, ...] = ()  # digest of each card PDF, in cell order

    @property
    def is_sheet(self) -> bool:
        return (self.columns, self.rows) != (1, 1)

    def draw(self, previous: Image.Image | None = None, drawn: Sequence[str] = ()) -> Image.Image:
        """The image; with the sheet `previous` drawn from the cards `drawn`, only cells that changed are drawn."""
        if not self.is_sheet:
            return card_image(self.pdfs[0], self.cell)
        size = (self.columns * self.cell[0], self.rows * self.cell[1])
        if previous is None or previous.size != size:
            previous, drawn = Image.new("RGB", size, "white"), ()
        for index, pdf in enumerate(self.pdfs):
            if index < len(drawn) and drawn[index] == self.cells[index]:
                continue
            at = ((index % self.columns) * self.cell[0], (index // self.columns) * self.cell[1])
            previous.paste(card_image(pdf, self.cell), at)
        for index in range(len(self.pdfs), len(drawn)):  # cells no card uses any more
            at = ((index % self.columns) * self.cell[0], (index // self.columns) * self.cell[1])
            previous.paste("white", (*at, at[0] + self.cell[0], at[1] + self.cell[1]))
        return previous


def draw_image(image: TtsImage) -> Path:
    """Draw and save one image, then remember what it was drawn from (a render worker's job).

    A sheet is also kept losslessly in the cache with the digests of the cards it shows,
    so that after one card changes only its cell is rasterized again (a 70-card sheet
    costs half a second to draw from scratch, a tenth reusing the others).
    """
    kept = _cache_dir(image.target) / f"{_name(image.target)}.png"
    record = kept.with_suffix(".json")
    previous, drawn = None, ()
    if image.is_sheet:
        try:
            if not (vouched(record) and reusable(kept)):  # a sheet that came with the project is drawn afresh
                raise ValueError("not written here")
            old = read_json(record)
            if old.get("layout") == [list(image.cell), image.columns, image.rows]:
                with Image.open(kept) as picture:
                    previous, drawn = picture.convert("RGB"), tuple(old["cells"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError):  # a damaged cache: draw it all
            previous, drawn = None, ()
    picture = image.draw(previous, drawn)
    with atomic_path(image.target) as tmp:
        picture.save(tmp, format="JPEG", quality=JPEG_QUALITY)
    if image.is_sheet:
        write_png(picture, kept)
        layout = {"layout": [list(image.cell), image.columns, image.rows], "cells": image.cells}
        write_text(record, json.dumps(layout), vouch=True)
    remember(image.target, image.key, _cache_dir(image.target))
    return image.target


DRAW_IMAGE = "carddb.render.tts:draw_image"


def _cache_dir(target: Path) -> Path:
    return target.parent.parent / ".cache" / "tts"


def _name(target: Path) -> str:
    return hashlib.sha256(str(target.resolve()).encode()).hexdigest()[:24]


def _image(pdfs: Sequence[Path], target: Path, cell: tuple[int, int], columns: int, rows: int) -> TtsImage:
    """The image `target` would be: its key covers the card PDFs' bytes and the layout."""
    digest = hashlib.sha256(f"{JPEG_QUALITY}|{cell if (columns, rows) == (1, 1) else (cell, columns, rows)}".encode())
    cells = []
    for pdf in pdfs:
        try:
            cells.append(hashlib.sha256(pdf.read_bytes()).digest())
        except OSError as exc:
            raise RenderError(f"cannot read the card PDF {pdf}: {exc}") from exc
        digest.update(cells[-1])
    return TtsImage(target, tuple(pdfs), cell, columns, rows, digest.hexdigest(), tuple(c.hex() for c in cells))


def image_url(image: TtsImage, url_base: str | None) -> str:
    """Where Tabletop Simulator loads an image from: under the URL base, versioned, or its absolute file URI."""
    if url_base is None:
        return image.target.resolve().as_uri()
    return f"{url_base.rstrip('/')}/{quote(image.target.name)}?v={image.key[:10]}"


def check_url_base(url_base: str) -> str:
    """An http(s) URL of a folder, where the user uploads the images (Tabletop Simulator loads nothing else remotely)."""
    parsed = urlsplit(url_base)
    if parsed.scheme not in ("http", "https") or not parsed.netloc or parsed.query or parsed.fragment:
        raise UsageError(
            f"--tts-url-base must be the http(s) URL of the folder you upload the images to, not '{url_base}'"
        )
    return url_base


def plan_deck(
    deck: TtsDeck, out_dir: Path, plan: SheetPlan, url_base: str | None = None
) -> tuple[list[TtsImage], TtsResult]:
    """Write the deck's `<deck>.json` and list its images (the back first); drawing them is left to the caller."""
    if not deck.cards:
        raise RenderError(f"the Tabletop Simulator deck {deck.name} has no cards")
    cell = plan.cell
    shared_back = _image([deck.back], out_dir / f"{deck.name}-back.jpg", cell, 1, 1) if deck.back is not None else None
    images = [shared_back] if shared_back is not None else []
    custom: dict[str, dict[str, Any]] = {}
    contained: list[dict[str, Any]] = []
    guids = _Guids()
    for sheet_no, start in enumerate(range(0, len(deck.cards), plan.capacity), start=1):
        chunk = deck.cards[start : start + plan.capacity]
        columns, rows = plan.grid(len(chunk))
        face = _image([c.front for c in chunk], out_dir / f"{deck.name}-sheet-{sheet_no}.jpg", cell, columns, rows)
        images.append(face)
        back = shared_back
        if back is None:
            # UniqueBack: the back image is a sheet in the same grid, each card's back behind its front.
            backs = [c.back for c in chunk if c.back is not None]
            back = _image(backs, out_dir / f"{deck.name}-backs-{sheet_no}.jpg", cell, columns, rows)
            images.append(back)
        custom[str(sheet_no)] = {
            "FaceURL": image_url(face, url_base),
            "BackURL": image_url(back, url_base),
            "NumWidth": columns,
            "NumHeight": rows,
            "BackIsHidden": True,
            "UniqueBack": deck.back is None,
            "Type": 0,
        }
        for index, card in enumerate(chunk):
            card_id = sheet_no * 100 + index
            for copy in range(card.copies):
                guid = guids.new(f"{deck.name}/{card.id}/{card_id}/{copy}")
                contained.append(_card_object(card, card_id, {str(sheet_no): custom[str(sheet_no)]}, guid))
    json_path = out_dir / f"{deck.name}.json"
    write_text(json_path, json.dumps(saved_object(deck, contained, custom, guids), indent=2) + "\n")
    targets = tuple(image.target for image in images)
    return images, TtsResult(json_path, targets, len(contained), len(custom), deck.back is None)


def export_deck(deck: TtsDeck, out_dir: Path, plan: SheetPlan, url_base: str | None = None) -> TtsResult:
    """Write the deck's sheets, its back image and `<deck>.json`."""
    images, result = plan_deck(deck, out_dir, plan, url_base)
    for image in images:
        if not is_current(image.target, image.key, _cache_dir(image.target)):
            draw_image(image)
    return result


class _Guids:
    """Distinct 6-hex-digit GUIDs for the objects of one file, each derived from what it is."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def new(self, text: str) -> str:
        # Deterministic, so re-exporting an unchanged deck writes the same file; a clash takes the next hash.
        for attempt in range(1000):
            guid = hashlib.sha1(f"{text}#{attempt}".encode()).hexdigest()[:6]
            if guid not in self.used:
                self.used.add(guid)
                return guid
        raise RenderError(f"no free GUID for {text}")  # 16.7 million of them: cannot happen with 70 x 100 cards


def _transform(y: float = 1.0) -> dict[str, float]:
    # Face down (rotZ 180), like a deck put on the table.
    return {"posX": 0.0, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}  # fmt: skip


def _card_object(card: TtsCard, card_id: int, custom: dict[str, Any], guid: str) -> dict[str, Any]:
    return {
        "Name": "Card",
        "GUID": guid,
        "Transform": _transform(),
        "Nickname": card.name,
        "Description": card.description,
        "CardID": card_id,
        "CustomDeck": custom,
    }


def saved_object(
    deck: TtsDeck, contained: Sequence[dict[str, Any]], custom: dict[str, dict[str, Any]], guids: _Guids
) -> dict[str, Any]:
    """A saved-object file (Saved Objects folder) holding one deck, or one card if the deck has one."""
    if len(contained) == 1:
        only = dict(contained[0], Name="CardCustom")
        return {"SaveName": deck.title, "ObjectStates": [only]}
    obj = {
        "Name": "DeckCustom",
        "GUID": guids.new(deck.name),
        "Transform": _transform(),
        "Nickname": deck.title,
        "Description": plural(len(contained), "card"),
        "DeckIDs": [c["CardID"] for c in contained],
        "CustomDeck": custom,
        "ContainedObjects": list(contained),
    }
    return {"SaveName": deck.title, "ObjectStates": [obj]}


def export_tts(
    decks: Sequence[TtsDeck],
    out_dir: Path,
    trim_mm: tuple[float, float],
    *,
    pool: RenderWorkers | None = None,
    dpi: int | None = None,
    url_base: str | None = None,
) -> list[TtsResult]:
    return queue_tts(decks, out_dir, trim_mm, pool=pool, dpi=dpi, url_base=url_base).finish()


@dataclass
class TtsRun:
    results: list[TtsResult]
    stale: list[TtsImage]  # images to draw (here, when there are no workers)
    tickets: list[Ticket]
    pool: RenderWorkers | None

    def finish(self) -> list[TtsResult]:
        if self.pool is not None:
            self.pool.wait(self.tickets)
            for ticket in self.tickets:
                ticket.result()
        else:
            for image in self.stale:
                draw_image(image)
        return self.results


def queue_tts(
    decks: Sequence[TtsDeck],
    out_dir: Path,
    trim_mm: tuple[float, float],
    *,
    pool: RenderWorkers | None = None,
    dpi: int | None = None,
    url_base: str | None = None,
) -> TtsRun:
    """Write every deck's JSON now and queue the images whose cards changed (one job per image) on `pool`.

    Each deck is drawn at `dpi`, or by default at the best resolution its card count allows
    (`sheet_plan`). Rasterizing a 70-card sheet takes about half a second; an unchanged build draws nothing.
    """
    results, stale = [], []
    for deck in decks:
        images, result = plan_deck(deck, out_dir, sheet_plan(len(deck.cards), trim_mm, dpi), url_base)
        results.append(result)
        stale += [image for image in images if not is_current(image.target, image.key, _cache_dir(image.target))]
    tickets = (
        [pool.submit(DRAW_IMAGE, image, label="Tabletop Simulator") for image in stale] if pool is not None else []
    )
    return TtsRun(results, stale, tickets, pool)
