"""Tabletop Simulator export: deck sheet images and a `DeckCustom` saved object.

Tabletop Simulator cuts a deck out of one image per "custom deck": a grid of at
most 10 x 7 cards, at most 4096 x 4096 px, RGB. The last cell of a full 10 x 7
grid is kept free (Tabletop Simulator shows it for hidden cards), so a sheet
holds 69 cards. Cards with different backs go in different decks, because a
custom deck has one back image. Double-sided cards, each with its own back face,
go in decks of their own with `UniqueBack`: their back image is a second sheet
in the same grid, each card's back in the cell of its front. Each card object's
`CardID` is `deck id * 100 + index on the sheet`.

Images are referenced by relative file names (`loe-deck-sheet-1.jpg`): the user
uploads them (Steam Cloud, an image host) and points Tabletop Simulator at them,
or edits the names to the uploaded URLs.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from PIL import Image

from carddb.atomic import atomic_path, write_text
from carddb.errors import RenderError
from carddb.plural import plural
from carddb.render.pdfcache import is_current, remember

MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_SIDE_PX = 4096
CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1
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


def cell_size(trim_w: float, trim_h: float) -> tuple[int, int]:
    """The largest card image whose 10 x 7 grid fits in 4096 x 4096 px, at the card's proportions."""
    width = MAX_SIDE_PX // MAX_COLUMNS
    height = round(width * trim_h / trim_w)
    if height * MAX_ROWS > MAX_SIDE_PX:
        height = MAX_SIDE_PX // MAX_ROWS
        width = round(height * trim_w / trim_h)
    return width, height


def grid_for(n_cards: int) -> tuple[int, int]:
    """Columns and rows of a sheet for `n_cards` (Tabletop Simulator needs at least 2 x 2)."""
    columns = max(2, min(MAX_COLUMNS, n_cards))
    rows = max(2, math.ceil(n_cards / columns))
    if columns * rows == MAX_COLUMNS * MAX_ROWS and n_cards > CARDS_PER_SHEET:
        raise ValueError("a sheet holds at most 69 cards")
    return columns, rows


def card_image(pdf: Path, size: tuple[int, int]) -> Image.Image:
    """The card cut at its TrimBox (no bleed: Tabletop Simulator shows the card's edge), at `size`."""
    try:
        doc = pdfium.PdfDocument(pdf)
    except pdfium.PdfiumError as exc:
        raise RenderError(f"cannot read the card PDF {pdf}: {exc}") from exc
    try:
        page = doc[0]
        media, trim = page.get_mediabox(), page.get_trimbox()
        scale = size[0] / (trim[2] - trim[0])
        crop = (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
        image = page.render(scale=scale, crop=crop).to_pil().convert("RGB")
    finally:
        doc.close()
    return image if image.size == size else image.resize(size, Image.LANCZOS)


def _save_jpeg(image: Image.Image, target: Path) -> Path:
    with atomic_path(target) as tmp:
        image.save(tmp, format="JPEG", quality=JPEG_QUALITY)
    return target


def _image(target: Path, pdfs: Sequence[Path], layout: object, draw: Callable[[], Image.Image]) -> Path:
    """Write `target` with `draw()` unless it was last drawn from the same card PDFs in the same layout.

    Rasterizing a 69-card sheet takes about a second; an unchanged build should not pay it.
    """
    digest = hashlib.sha256(f"{JPEG_QUALITY}|{layout}".encode())
    for pdf in pdfs:
        try:
            digest.update(hashlib.sha256(pdf.read_bytes()).digest())
        except OSError as exc:
            raise RenderError(f"cannot read the card PDF {pdf}: {exc}") from exc
    key, cache_dir = digest.hexdigest(), target.parent.parent / ".cache" / "tts"
    if not is_current(target, key, cache_dir):
        _save_jpeg(draw(), target)
        remember(target, key, cache_dir)
    return target


def export_deck(deck: TtsDeck, out_dir: Path, cell: tuple[int, int]) -> TtsResult:
    """Write the deck's sheets, its back image and `<deck>.json`."""
    if not deck.cards:
        raise RenderError(f"the Tabletop Simulator deck {deck.name} has no cards")
    images: list[Path] = []
    back_name = f"{deck.name}-back.jpg"
    if deck.back is not None:
        shared = deck.back
        images.append(_image(out_dir / back_name, [shared], cell, lambda: card_image(shared, cell)))
    custom: dict[str, dict[str, Any]] = {}
    contained: list[dict[str, Any]] = []
    for sheet_no, start in enumerate(range(0, len(deck.cards), CARDS_PER_SHEET), start=1):
        chunk = deck.cards[start : start + CARDS_PER_SHEET]
        columns, rows = grid_for(len(chunk))
        face_name = f"{deck.name}-sheet-{sheet_no}.jpg"
        fronts = [c.front for c in chunk]
        images.append(_image(out_dir / face_name, fronts, (cell, columns, rows), _sheet(fronts, cell, columns, rows)))
        if deck.back is None:
            # UniqueBack: the back image is a sheet in the same grid, each card's back behind its front.
            back_name = f"{deck.name}-backs-{sheet_no}.jpg"
            backs = [c.back for c in chunk if c.back is not None]
            images.append(_image(out_dir / back_name, backs, (cell, columns, rows), _sheet(backs, cell, columns, rows)))
        custom[str(sheet_no)] = {
            "FaceURL": face_name,
            "BackURL": back_name,
            "NumWidth": columns,
            "NumHeight": rows,
            "BackIsHidden": True,
            "UniqueBack": deck.back is None,
            "Type": 0,
        }
        for index, card in enumerate(chunk):
            for _ in range(card.copies):
                contained.append(_card_object(card, sheet_no * 100 + index, {str(sheet_no): custom[str(sheet_no)]}))
    json_path = out_dir / f"{deck.name}.json"
    write_text(json_path, json.dumps(saved_object(deck, contained, custom), indent=2) + "\n")
    return TtsResult(json_path, tuple(images), len(contained), len(custom), deck.back is None)


def _sheet(pdfs: Sequence[Path], cell: tuple[int, int], columns: int, rows: int) -> Callable[[], Image.Image]:
    """Draws the cards of `pdfs` row by row into a `columns` x `rows` grid of `cell`-sized images."""

    def draw() -> Image.Image:
        sheet = Image.new("RGB", (columns * cell[0], rows * cell[1]), "white")
        for index, pdf in enumerate(pdfs):
            sheet.paste(card_image(pdf, cell), ((index % columns) * cell[0], (index // columns) * cell[1]))
        return sheet

    return draw


def _guid(text: str) -> str:
    # Deterministic, so re-exporting an unchanged deck writes the same file.
    return hashlib.sha1(text.encode()).hexdigest()[:6]


def _transform(y: float = 1.0) -> dict[str, float]:
    # Face down (rotZ 180), like a deck put on the table.
    return {"posX": 0.0, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}  # fmt: skip


def _card_object(card: TtsCard, card_id: int, custom: dict[str, Any]) -> dict[str, Any]:
    return {
        "Name": "Card",
        "GUID": _guid(f"{card.id}/{card_id}"),
        "Transform": _transform(),
        "Nickname": card.name,
        "Description": card.description,
        "CardID": card_id,
        "CustomDeck": custom,
    }


def saved_object(
    deck: TtsDeck, contained: Sequence[dict[str, Any]], custom: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """A saved-object file (Saved Objects folder) holding one deck, or one card if the deck has one."""
    if len(contained) == 1:
        only = dict(contained[0], Name="CardCustom")
        return {"SaveName": deck.title, "ObjectStates": [only]}
    obj = {
        "Name": "DeckCustom",
        "GUID": _guid(deck.name),
        "Transform": _transform(),
        "Nickname": deck.title,
        "Description": plural(len(contained), "card"),
        "DeckIDs": [c["CardID"] for c in contained],
        "CustomDeck": custom,
        "ContainedObjects": list(contained),
    }
    return {"SaveName": deck.title, "ObjectStates": [obj]}


def export_tts(decks: Sequence[TtsDeck], out_dir: Path, trim_mm: tuple[float, float]) -> list[TtsResult]:
    cell = cell_size(*trim_mm)
    return [export_deck(deck, out_dir, cell) for deck in decks]
