"""Compose print sheets from single-card PDFs, keeping every card as vector art.

Each card PDF becomes a Form XObject (PDFium's `FPDF_NewXObjectFromPage`): the
card's own content and resources, clipped by the form's BBox to the bleed the
layout shows, placed with a translation only. A card on the sheet is therefore
the very same drawing as the card file, at its exact size. Crop marks are PDF
path operators, black, 0.3 pt wide.

Speed: PDFium does the PDF work in C. Merging pages with pypdf costs about 5 ms
of Python per card (parsing and rewriting every font), which alone would miss
the one-second target for a warm 360-card run. Each sheet page is also cached
under output/<game>/.cache/sheets/ by the hash of its cards' PDF bytes and its
geometry: after editing one card, one page is built again and the pages are
joined (PDFium copies them without re-parsing).
"""

from __future__ import annotations

import ctypes
import hashlib
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from carddb.files.atomic import atomic_path, write_bytes
from carddb.findings.errors import RenderError
from carddb.render.imposition import (
    MM_PER_PT,
    PT_PER_MM,
    BackOffset,
    Duplex,
    Line,
    Paper,
    Rect,
    SheetLayout,
    pages,
    plan_layout,
)
from carddb.render.pdfmeta import PdfMeta, set_language, stamp_file, with_info
from carddb.render.wholefile import is_whole
from carddb.render.workers import RenderWorkers, Ticket

MARK_WIDTH_PT = 0.3
_CACHE_VERSION = 1  # bump when the drawing of a cached page changes


@dataclass(frozen=True)
class SheetCard:
    """One slot's worth of card: its front PDF and the PDF of its back (None for fronts only)."""

    label: str
    front: Path
    back: Path | None


@dataclass(frozen=True)
class CardGeometry:
    """Trim size and bleed of a single-card PDF, in mm, read from its boxes."""

    trim_w: float
    trim_h: float
    bleed: float

    @classmethod
    def of(cls, pdf: Path) -> CardGeometry:
        with _open(pdf) as doc:
            page = doc[0]
            media, trim = page.get_mediabox(), page.get_trimbox()
        bleed = min(trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
        return cls((trim[2] - trim[0]) * MM_PER_PT, (trim[3] - trim[1]) * MM_PER_PT, max(bleed, 0.0) * MM_PER_PT)


@dataclass(frozen=True)
class SheetResult:
    path: Path
    paper: Paper
    pages: int
    layout: SheetLayout
    pages_built: int  # pages that were not in the page cache
    page_files: tuple[Path, ...]


class _open:
    """A PDFium document that is closed after use, with unreadable files as a RenderError."""

    def __init__(self, pdf: Path) -> None:
        self.pdf = pdf

    def __enter__(self) -> pdfium.PdfDocument:
        try:
            self.doc = pdfium.PdfDocument(self.pdf)
            if len(self.doc) < 1:
                raise RenderError(f"the card PDF {self.pdf} has no page")
        except pdfium.PdfiumError as exc:
            raise RenderError(f"cannot read the card PDF {self.pdf}: {exc}") from exc
        return self.doc

    def __exit__(self, *exc: object) -> None:
        self.doc.close()


@dataclass(frozen=True)
class _PageSpec:
    """Everything one sheet page depends on; its hash names the page in the cache."""

    side: str  # "front" or "back"
    rects: tuple[tuple[Path, Rect], ...]
    marks: tuple[Line, ...]

    def key(self, layout: SheetLayout, digests: dict[Path, str]) -> str:
        h = hashlib.sha256(f"{_CACHE_VERSION}|{layout}|{self.side}|{self.marks}".encode())
        for pdf, rect in self.rects:
            h.update(f"|{digests[pdf]}@{rect}".encode())
        return h.hexdigest()[:32]


def layout_for(cards: Sequence[SheetCard], paper: Paper, gutter_mm: float | None) -> tuple[SheetLayout, CardGeometry]:
    """Plan the sheet from the real size of the card PDFs (the first card's)."""
    if not cards:
        raise RenderError("no cards to print")
    geometry = CardGeometry.of(cards[0].front)
    return plan_layout(paper, (geometry.trim_w, geometry.trim_h), geometry.bleed, gutter_mm=gutter_mm), geometry


def plan_pages(
    cards: Sequence[SheetCard], layout: SheetLayout, duplex: Duplex, back_offset: BackOffset
) -> list[_PageSpec]:
    front_marks = tuple(layout.crop_marks())
    back_marks = tuple(layout.back_crop_marks(duplex, back_offset)) if duplex is not Duplex.none else ()
    specs = []
    for page_cards in pages(cards, layout.per_page):
        fronts = tuple((c.front, layout.front(i)) for i, c in enumerate(page_cards))
        specs.append(_PageSpec("front", fronts, front_marks))
        if duplex is not Duplex.none:
            backs = tuple(
                (c.back, layout.back(i, duplex, back_offset)) for i, c in enumerate(page_cards) if c.back is not None
            )
            specs.append(_PageSpec("back", backs, back_marks))
    return specs


@dataclass(frozen=True)
class SheetJob:
    """compose_sheets' arguments, for a render worker."""

    cards: tuple[SheetCard, ...]
    paper: Paper
    target: Path
    cache_dir: Path
    duplex: Duplex
    back_offset: BackOffset
    gutter_mm: float | None
    meta: PdfMeta | None = None  # the sheets' title, author and language


COMPOSE = "carddb.render.sheets:compose_job"


def compose_job(job: SheetJob) -> SheetResult:
    return compose_sheets(
        job.cards,
        job.paper,
        job.target,
        cache_dir=job.cache_dir,
        duplex=job.duplex,
        back_offset=job.back_offset,
        gutter_mm=job.gutter_mm,
        meta=job.meta,
    )


def compose_sheets(
    cards: Sequence[SheetCard],
    paper: Paper,
    target: Path,
    *,
    cache_dir: Path,
    duplex: Duplex = Duplex.long,
    back_offset: BackOffset = BackOffset(),
    gutter_mm: float | None = None,
    meta: PdfMeta | None = None,
) -> SheetResult:
    """Write `target`: a grid of cards per page (see `plan_layout`), each front page followed by its back page
    unless fronts only; `meta`: its title, author and language."""
    layout, geometry = layout_for(cards, paper, gutter_mm)
    specs = plan_pages(cards, layout, duplex, back_offset)
    digests = {pdf: _digest(pdf) for spec in specs for pdf, _ in spec.rects}
    page_files: list[Path] = []
    built = 0
    for spec in specs:
        page_file = cache_dir / f"{paper.id}-{spec.key(layout, digests)}.pdf"
        if not is_whole(page_file):
            write_bytes(page_file, _build_page(spec, layout, geometry))
            built += 1
        page_files.append(page_file)
    _join(page_files, target, cache_dir, meta)
    return SheetResult(target, paper, len(page_files), layout, built, tuple(page_files))


@dataclass(frozen=True)
class PageJob:
    """Sheet pages to build into the page cache: (spec, page file) pairs of one paper's layout."""

    pages: tuple[tuple[_PageSpec, Path], ...]
    layout: SheetLayout
    geometry: CardGeometry


BUILD_PAGES = "carddb.render.sheets:build_pages"
PAGES_PER_JOB = 4


def build_pages(job: PageJob) -> int:
    """Build the pages not yet in the cache (a render worker's job); returns how many it built."""
    built = 0
    for spec, page_file in job.pages:
        if not is_whole(page_file):
            write_bytes(page_file, _build_page(spec, job.layout, job.geometry))
            built += 1
    return built


class PagePrebuilder:
    """Sheet pages built while the card faces are still being laid out.

    Each time more faces exist, `advance` queues the pages whose every card PDF now
    exists; `compose_sheets` later finds them in the page cache (pages are named by
    what is on them), so it only joins. A page planned from cards that then fail to
    render is merely an unused cache entry, pruned like any other.
    """

    def __init__(
        self,
        cards: Sequence[SheetCard],
        papers: Sequence[Paper],
        cache_dir: Path,
        pool: RenderWorkers,
        *,
        duplex: Duplex,
        back_offset: BackOffset,
        gutter_mm: float | None,
    ) -> None:
        self.cards, self.papers, self.cache_dir, self.pool = cards, papers, cache_dir, pool
        self.duplex, self.back_offset, self.gutter_mm = duplex, back_offset, gutter_mm
        self.plans: list[tuple[Paper, SheetLayout, CardGeometry, list[_PageSpec]]] | None = None
        self.digests: dict[Path, str] = {}
        self.queued: set[Path] = set()
        self.tickets: list[tuple[str, Ticket]] = []  # (paper id, job)

    def advance(self) -> None:
        """Queue the pages whose card PDFs all exist now (and are not in the cache yet)."""
        if self.plans is None:
            if not self.cards or not self.cards[0].front.is_file():
                return
            self.plans = []
            for paper in self.papers:
                layout, geometry = layout_for(self.cards, paper, self.gutter_mm)
                specs = plan_pages(self.cards, layout, self.duplex, self.back_offset)
                self.plans.append((paper, layout, geometry, specs))
        for paper, layout, geometry, specs in self.plans:
            ready: list[tuple[_PageSpec, Path]] = []
            for spec in specs:
                pdfs = [pdf for pdf, _rect in spec.rects]
                if not all(pdf in self.digests or pdf.is_file() for pdf in pdfs):
                    continue
                for pdf in pdfs:
                    if pdf not in self.digests:
                        self.digests[pdf] = _digest(pdf)
                page_file = self.cache_dir / f"{paper.id}-{spec.key(layout, self.digests)}.pdf"
                if page_file not in self.queued and not is_whole(page_file):
                    self.queued.add(page_file)
                    ready.append((spec, page_file))
            for start in range(0, len(ready), PAGES_PER_JOB):
                job = PageJob(tuple(ready[start : start + PAGES_PER_JOB]), layout, geometry)
                self.tickets.append((paper.id, self.pool.submit(BUILD_PAGES, job, label="sheets")))

    def built(self, paper_id: str) -> int:
        """Wait for this paper's queued pages; how many were built."""
        tickets = [ticket for paper, ticket in self.tickets if paper == paper_id]
        self.pool.wait(tickets)
        return sum(ticket.result() for ticket in tickets)


def _digest(pdf: Path) -> str:
    try:
        return hashlib.sha256(pdf.read_bytes()).hexdigest()
    except OSError as exc:
        raise RenderError(f"cannot read the card PDF {pdf}: {exc}") from exc


def _build_page(spec: _PageSpec, layout: SheetLayout, geometry: CardGeometry) -> bytes:
    bx, by = layout.bleed_x * PT_PER_MM, layout.bleed_y * PT_PER_MM
    sheet = pdfium.PdfDocument.new()
    sources: dict[Path, pdfium.PdfDocument] = {}
    xobjects: dict[Path, pdfium.PdfXObject] = {}
    try:
        page = sheet.new_page(layout.paper.width_mm * PT_PER_MM, layout.paper.height_mm * PT_PER_MM)
        for pdf, rect in spec.rects:
            if pdf not in xobjects:
                sources[pdf] = src = _open(pdf).__enter__()
                card = src[0]  # each `src[0]` loads the page again: a third of the time of a sheet page
                left, bottom, right, top = card.get_trimbox()
                _check_size(pdf, right - left, top - bottom, geometry)
                # The form's BBox is the source page's MediaBox: shrink it to the shown bleed to clip the card there.
                clip = (left - bx, bottom - by, right + bx, top + by)
                card.set_mediabox(*clip)
                card.set_cropbox(*clip)
                xobjects[pdf] = src.page_as_xobject(0, sheet)
            form = xobjects[pdf].as_pageobject()
            # PDFium's form matrix moves the BBox corner to the origin; the trim corner then sits at (bx, by).
            form.transform(pdfium.PdfMatrix().translate(rect.x * PT_PER_MM - bx, rect.y * PT_PER_MM - by))
            page.insert_obj(form)
        if spec.marks:
            page.insert_obj(_marks_path(spec.marks, sheet))
        page.gen_content()
        out = io.BytesIO()
        sheet.save(out, version=17)
        return out.getvalue()
    finally:
        for doc in sources.values():
            doc.close()
        sheet.close()


def _marks_path(lines: Sequence[Line], sheet: pdfium.PdfDocument) -> pdfium.PdfObject:
    first = lines[0]
    raw = pdfium_c.FPDFPageObj_CreateNewPath(first.x0 * PT_PER_MM, first.y0 * PT_PER_MM)
    for index, line in enumerate(lines):
        if index:
            pdfium_c.FPDFPath_MoveTo(raw, line.x0 * PT_PER_MM, line.y0 * PT_PER_MM)
        pdfium_c.FPDFPath_LineTo(raw, line.x1 * PT_PER_MM, line.y1 * PT_PER_MM)
    pdfium_c.FPDFPath_SetDrawMode(raw, pdfium_c.FPDF_FILLMODE_NONE, True)
    pdfium_c.FPDFPageObj_SetStrokeColor(raw, 0, 0, 0, 255)
    pdfium_c.FPDFPageObj_SetStrokeWidth(raw, ctypes.c_float(MARK_WIDTH_PT))
    return pdfium.PdfObject(raw, pdf=sheet)


def _join(page_files: Sequence[Path], target: Path, cache_dir: Path, meta: PdfMeta | None = None) -> None:
    """Write `target` from the page files: patched in place when only some pages changed.

    Joining 80 pages of a 360-card sheet takes PDFium about a second, most of a warm
    run after one edit. When `target` is the file this function last wrote (the record
    beside the page cache says which page is where) and has as many pages, the pages
    that changed are swapped and saved as a PDF incremental update: the old bytes,
    then the new objects and a new cross-reference section. That takes milliseconds.
    The replaced pages stay in the file unreferenced, so once they would make up a
    quarter of it the file is written afresh.
    """
    record_file = cache_dir / f"join-{hashlib.sha256(str(target.resolve()).encode()).hexdigest()[:24]}.json"
    names = [p.name for p in page_files]
    record = _read_record(record_file, target)
    said = list(vars(meta).values()) if meta is not None else None
    try:
        if record is not None and len(record["pages"]) == len(names):
            changed = [i for i, (old, new) in enumerate(zip(record["pages"], names, strict=True)) if old != new]
            dead = record["dead"] + sum(_size(cache_dir / record["pages"][i]) for i in changed)
            if not changed and record.get("meta") == said:
                return
            if dead < 0.25 * target.stat().st_size:
                try:
                    # PDFium's incremental save keeps the title and language the file has.
                    _patch(target, {i: page_files[i] for i in changed}, meta if record.get("meta") != said else None)
                except (pdfium.PdfiumError, RenderError):
                    pass  # a damaged file or page: written afresh below
                else:
                    _write_record(record_file, target, names, dead, said)
                    return
        _write_joined(page_files, target, meta)
        _write_record(record_file, target, names, 0, said)
    except pdfium.PdfiumError as exc:
        raise RenderError(f"cannot assemble {target.name}: {exc}") from exc


def join_pdfs(pdfs: Sequence[Path], meta: PdfMeta | None = None) -> bytes:
    """The pages of `pdfs` in one PDF (a double-sided card's two faces), each page with its own boxes."""
    out = pdfium.PdfDocument.new()
    try:
        for pdf in pdfs:
            with _open(pdf) as src:
                out.import_pages(src)
        if meta is not None:
            set_language(out, meta.lang)
        buffer = io.BytesIO()
        out.save(buffer, version=17)
        return with_info(buffer.getvalue(), meta.title, meta.author) if meta is not None else buffer.getvalue()
    except pdfium.PdfiumError as exc:
        raise RenderError(f"cannot join {', '.join(p.name for p in pdfs)}: {exc}") from exc
    finally:
        out.close()


def _write_joined(page_files: Sequence[Path], target: Path, meta: PdfMeta | None = None) -> None:
    out = pdfium.PdfDocument.new()
    try:
        _import_shared(out, page_files)
        if meta is not None:
            set_language(out, meta.lang)
        with atomic_path(target) as tmp, tmp.open("wb") as fh:
            out.save(fh, version=17)
    finally:
        out.close()
    if meta is not None:
        stamp_file(target, meta)


def _import_shared(out: pdfium.PdfDocument, page_files: Sequence[Path]) -> None:
    """Append the pages of `page_files` to `out` in order, a page file that repeats stored once.

    The back pages of a sheet repeat (a 360-card game with three backs has 40 back pages
    and 8 different ones), and so do the fronts of cards printed in several copies. PDFium
    copies a page's content and resources afresh at every import, but once for all the
    pages of a single import: so each page file is imported once for all its places, and
    the pages are then moved into order. Each page keeps its own page object; repeats share
    their content stream and resources. For a 360-card A4 sheet that made the file 10.6 MB
    instead of 16.9 MB and the join 0.5 s of CPU instead of 1.2 s, every page the same
    pixel for pixel.
    """
    places: dict[Path, list[int]] = {}
    for index, page_file in enumerate(page_files):
        places.setdefault(page_file, []).append(index)
    if len(places) == len(page_files) or not hasattr(pdfium_c, "FPDF_MovePages"):
        for page_file in page_files:
            with _open(page_file) as src:
                out.import_pages(src)
        return
    start = len(out)
    imported: list[int] = []  # the place in the sheet of each page as imported, in import order
    for page_file, where in places.items():
        with _open(page_file) as src:
            out.import_pages(src, pages=[0] * len(where))
        imported += where
    order = [0] * len(imported)
    for position, place in enumerate(imported):
        order[place] = start + position
    indices = (ctypes.c_int * len(order))(*order)
    if not pdfium_c.FPDF_MovePages(out, indices, len(order), start):
        raise RenderError("PDFium could not put the sheet's pages in order")


def _patch(target: Path, replacements: dict[int, Path], meta: PdfMeta | None = None) -> None:
    """Swap pages as an incremental update; with `meta`, a new title, author and language too."""
    doc = pdfium.PdfDocument(target)
    try:
        for index, page_file in sorted(replacements.items()):
            with _open(page_file) as src:
                doc.del_page(index)
                doc.import_pages(src, index=index)
        if meta is not None:
            set_language(doc, meta.lang)
        with atomic_path(target) as tmp, tmp.open("wb") as fh:
            doc.save(fh, version=17, flags=pdfium_c.FPDF_INCREMENTAL)
    finally:
        doc.close()
    if meta is not None:
        stamp_file(target, meta)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _read_record(record_file: Path, target: Path) -> dict[str, Any] | None:
    """The last join's record, if `target` is still exactly the file it describes."""
    try:
        record = json.loads(record_file.read_text(encoding="utf-8"))
        stat = target.stat()
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("file") != [stat.st_size, stat.st_mtime_ns]:
        return None  # replaced or touched by someone else: join afresh
    pages, dead = record.get("pages"), record.get("dead")
    if not isinstance(pages, list) or not all(isinstance(p, str) for p in pages) or not isinstance(dead, int):
        return None
    return record


def _write_record(record_file: Path, target: Path, names: list[str], dead: int, meta: list[str] | None = None) -> None:
    stat = target.stat()
    record = {"file": [stat.st_size, stat.st_mtime_ns], "pages": names, "dead": dead, "meta": meta}
    write_bytes(record_file, json.dumps(record).encode("utf-8"))


def prune_page_cache(cache_dir: Path, keep: Iterable[Path]) -> int:
    """Delete cached pages that no sheet of this run used; returns how many."""
    used = {p.name for p in keep}
    removed = 0
    for page_file in cache_dir.glob("*.pdf"):
        if page_file.name not in used:
            page_file.unlink(missing_ok=True)
            removed += 1
    return removed


def _check_size(pdf: Path, w_pt: float, h_pt: float, geometry: CardGeometry) -> None:
    w, h = w_pt * MM_PER_PT, h_pt * MM_PER_PT
    if abs(w - geometry.trim_w) > 0.05 or abs(h - geometry.trim_h) > 0.05:
        raise RenderError(
            f"{pdf.name} is {w:.1f} x {h:.1f} mm but the other cards are "
            f"{geometry.trim_w:.1f} x {geometry.trim_h:.1f} mm; one sheet needs one card size"
        )
