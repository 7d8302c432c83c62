"""The WeasyPrint side of carddb: card faces (layout, text fit, single-card PDFs) and documents.

This module runs in the render worker processes (see `carddb.render.workers`); the
parent process builds each face's HTML and cache key in `carddb.render.faces`, and
each document's HTML in `carddb.render.documents`, and never imports WeasyPrint
itself, so that the workers can import it while the parent loads the project.
"""

from __future__ import annotations

import copy
import functools
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pydyf
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from carddb.files.atomic import atomic_path, write_bytes
from carddb.findings.errors import RenderError
from carddb.render.cache import FaceCache, FaceMeta
from carddb.render.documents import DocumentJob, DocumentResult, write_record
from carddb.render.fetcher import ConfinedFetcher
from carddb.render.fit import Measure, fit_batch, measure_page, name_overrun, part_boxes, region_overruns, sized
from carddb.render.jobs import BackJob, BatchJob, WarmJob
from carddb.render.pngfile import embeddable_pixels

PT_PER_MM = 72 / 25.4


class _CachedArrayFFI:
    """Speeds up WeasyPrint's font subsetting, about half the cost of writing a card PDF.

    weasyprint.pdf.fonts allocates arrays with `ffi.new(f"hb_codepoint_t[{n}]", items)`:
    a new C type string for every length, which cffi parses with pycparser each time
    (~50 ms). `ffi.new("hb_codepoint_t[]", items)` builds the same array from a type
    parsed once. Everything else is passed through to the real `ffi`.
    """

    _SIZED = re.compile(r"^(\w+)\[(\d+)\]$")

    def __init__(self, ffi: Any) -> None:
        self._ffi = ffi

    def new(self, cdecl: str, init: Any = None) -> Any:
        match = self._SIZED.match(cdecl) if isinstance(cdecl, str) else None
        if match and init is not None and len(init) == int(match.group(2)):
            return self._ffi.new(f"{match.group(1)}[]", init)
        return self._ffi.new(cdecl, init)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ffi, name)


class FontFileMemo:
    """Each font's file copied out of HarfBuzz once per worker, not once per card PDF.

    WeasyPrint's `Font` copies the whole font file (`get_hb_object_data`) every time
    a PDF uses the font, though it only embeds the subset it makes next: for a card
    with five fonts of 50-700 KB that is 2-3 MB copied per card, and as each copy is
    a fresh large allocation, as many page faults. The copy of a face is kept with a
    reference to the face, so the face (immutable in HarfBuzz) outlives it and its
    address cannot name another font. Only `Font.__init__`'s call is answered from
    here: the subsets and colour glyphs go to WeasyPrint as before.
    """

    LIMIT = 32  # faces remembered; past that the memory is given back and copies start afresh

    def __init__(self, original: Any, font_init: Any) -> None:
        self.original = original
        self._font_init = font_init
        self.files: dict[int, tuple[Any, Any]] = {}  # face address -> (reference to the face, its file)

    def __call__(self, hb_object: Any, ot_color: Any = None, glyph: Any = None) -> Any:
        if ot_color is not None or glyph is not None or sys._getframe(1).f_code is not self._font_init:
            return self.original(hb_object, ot_color, glyph)
        from weasyprint.text.ffi import ffi, harfbuzz

        address = int(ffi.cast("uintptr_t", hb_object))
        known = self.files.get(address)
        if known is None:
            if len(self.files) >= self.LIMIT:
                self.files.clear()
            face = ffi.gc(harfbuzz.hb_face_reference(hb_object), harfbuzz.hb_face_destroy)
            known = self.files[address] = (face, self.original(hb_object))
        return known[1]


class SubsetMemo:
    """Each font subset made once per worker, for the same glyphs of the same font file.

    Every card PDF subsets its fonts (HarfBuzz, two passes each: a quarter of writing a
    card). Many cards use the very same glyphs of a font: the stats' digits, a kind's
    type line, the same few capitals of a display face. `Font.subset` depends only on
    the font file, the glyph ids, the hinting option and whether glyphs are missing, so
    its result is reused for the same four: the PDF is the same, byte for byte. The face
    is referenced, as in `FontFileMemo`, so its address cannot name another font.
    """

    LIMIT = 512  # subsets remembered (a few KB each); past that the memory is given back

    def __init__(self, original: Any) -> None:
        self.original = original
        self.done: dict[tuple[object, ...], tuple[Any, bytes]] = {}  # key -> (reference to the face, subset)

    def __get__(self, font: Any, owner: type | None = None) -> Any:
        # Stands in for a method of `Font`: `font.subset(...)` must reach __call__ with the font.
        return self if font is None else functools.partial(self, font)

    def __call__(self, font: Any, to_unicode: dict[int, str], hinting: bool) -> None:
        from weasyprint.text.ffi import ffi, harfbuzz

        if not to_unicode:
            return
        address = int(ffi.cast("uintptr_t", font.hb_face))
        key = (address, len(font.file_content), tuple(sorted(to_unicode)), bool(hinting), bool(font.missing))
        known = self.done.get(key)
        if known is None:
            self.original(font, to_unicode, hinting)
            if len(self.done) >= self.LIMIT:
                self.done.clear()
            face = ffi.gc(harfbuzz.hb_face_reference(font.hb_face), harfbuzz.hb_face_destroy)
            known = self.done[key] = (face, font.file_content)
        font.file_content = known[1]


def _speed_up_font_subsetting() -> None:
    import weasyprint.pdf.fonts as pdf_fonts

    if hasattr(pdf_fonts, "ffi") and not isinstance(pdf_fonts.ffi, _CachedArrayFFI):
        pdf_fonts.ffi = _CachedArrayFFI(pdf_fonts.ffi)
    font_init = getattr(getattr(pdf_fonts, "Font", None), "__init__", None)
    original = getattr(pdf_fonts, "get_hb_object_data", None)
    if callable(original) and not isinstance(original, FontFileMemo) and hasattr(font_init, "__code__"):
        pdf_fonts.get_hb_object_data = FontFileMemo(original, font_init.__code__)  # type: ignore[union-attr]
    subset = getattr(getattr(pdf_fonts, "Font", None), "subset", None)
    if callable(subset) and not isinstance(subset, SubsetMemo):
        pdf_fonts.Font.subset = SubsetMemo(subset)


_speed_up_font_subsetting()


def _embed_pngs_as_they_are(original: Any) -> Any:
    """WeasyPrint's `RasterImage.get_x_object`, taking an 8-bit greyscale or RGB PNG's pixels as they are.

    WeasyPrint decodes every PNG it embeds and encodes it again with Pillow's PNG encoder
    (every row filter tried on every row): 45-50 ms a card for a 1200 x 660 picture of art,
    at every card PDF written. The PDF image it makes is the PNG's own compressed rows with
    a PNG predictor, so for the PNGs that are stored that way already (see
    `embeddable_pixels`) the file's bytes are used: the same pixels, no decoding. Any other
    picture, or one drawn smaller than its size (`dpi_ratio`), goes to WeasyPrint as before.
    """

    def get_x_object(self: Any, interpolate: bool, dpi_ratio: float) -> Any:
        if dpi_ratio == 1 and self.format == "PNG" and self.mode in ("RGB", "L"):
            pixels = embeddable_pixels(self.image_data.data)
            if (
                pixels is not None
                and (pixels.width, pixels.height) == (self.width, self.height)
                and pixels.channels == len(self.mode)
            ):
                parameters = pydyf.Dictionary({"Predictor": 15, "Columns": pixels.width})
                if pixels.channels == 3:
                    parameters["Colors"] = 3
                extra = pydyf.Dictionary(
                    {
                        "Type": "/XObject",
                        "Subtype": "/Image",
                        "Width": pixels.width,
                        "Height": pixels.height,
                        "ColorSpace": "/DeviceRGB" if pixels.channels == 3 else "/DeviceGray",
                        "BitsPerComponent": 8,
                        "Interpolate": "true" if interpolate else "false",
                        "Filter": "/FlateDecode",
                        "DecodeParms": parameters,
                    }
                )
                return pydyf.Stream([self.cache_image_data(pixels.deflated, slot="stream")], extra)
        return original(self, interpolate, dpi_ratio)

    get_x_object.carddb_original = original  # type: ignore[attr-defined]
    return get_x_object


def _speed_up_png_embedding() -> None:
    import weasyprint.images as images

    raster = getattr(images, "RasterImage", None)
    original = getattr(raster, "get_x_object", None)
    if callable(original) and not hasattr(original, "carddb_original"):
        raster.get_x_object = _embed_pngs_as_they_are(original)  # type: ignore[union-attr]


_speed_up_png_embedding()


def render_backs_job(job: BackJob) -> None:
    fetcher = ConfinedFetcher(job.fetch_roots)
    font_config = FontConfiguration()
    titles = list(job.titles) + [""] * len(job.documents)
    for (target, html), title in zip(job.documents, titles, strict=False):
        document = HTML(string=html, url_fetcher=fetcher).render(font_config=font_config)
        write_card_pdf(document, document.pages, target, job.trim_mm, job.bleed_mm, title)
    if fetcher.refused:
        raise RenderError("refused to load " + ", ".join(sorted(set(fetcher.refused))))


@dataclass
class _Styles:
    """A game's card stylesheets, parsed, with the fonts they load: kept for the worker's life."""

    key: tuple[object, ...]
    font_config: FontConfiguration
    stylesheets: list[CSS]
    refused: list[str]


_parsed: _Styles | None = None


def _styles(
    card_css: str, stylesheets: tuple[Path, ...], palette: str, fetch_roots: tuple[Path, ...], digest: str
) -> _Styles:
    """Parsed once per worker (and again only if the files changed: `digest` covers them)."""
    global _parsed
    key = (card_css, stylesheets, palette, fetch_roots, digest)
    if _parsed is None or _parsed.key != key:
        fetcher = ConfinedFetcher(fetch_roots)
        font_config = FontConfiguration()
        sheets = [CSS(string=card_css, url_fetcher=fetcher, font_config=font_config)]
        sheets += [CSS(filename=str(p), url_fetcher=fetcher, font_config=font_config) for p in stylesheets]
        sheets.append(CSS(string=palette, font_config=font_config))
        _parsed = _Styles(key, font_config, sheets, fetcher.refused)
    return _parsed


def warm_up(job: WarmJob) -> None:
    """Parse the stylesheets, load the fonts and write a line in each family, before any card arrives.

    A worker's first card otherwise pays for all of that (about 0.15 s, most of the
    time to render one edited card); this runs while the parent is still loading.
    """
    styles = _styles(job.card_css, job.stylesheets, job.palette, job.fetch_roots, job.digest)
    # Family names come from the designer's CSS: only plain ones are worth a warm-up line.
    families = [f for f in job.families if re.fullmatch(r"[\w .-]+", f)]
    style = "".join(f'.f{i} {{ font-family: "{f}"; }}' for i, f in enumerate(families))
    lines = "".join(f'<p class="f{i}">Warm 0123456789 <b>Warm</b> <i>Warm</i></p>' for i in range(len(families)))
    document = HTML(string=f"<!doctype html><style>{style}</style><body>{lines}</body>").render(
        stylesheets=styles.stylesheets, font_config=styles.font_config
    )
    document.write_pdf()


def render_batch(job: BatchJob) -> list[tuple[str, FaceMeta]]:
    """Lay out, fit and write the single-card PDFs of one batch; returns (key, meta) per card."""
    fetcher = ConfinedFetcher(job.fetch_roots)
    styles = _styles(job.card_css, job.stylesheets, job.palette, job.fetch_roots, job.digest)
    font_config, stylesheets = styles.font_config, styles.stylesheets
    fetcher.refused.extend(styles.refused)
    fragments = {card_id: fragment for card_id, _key, fragment in job.faces}

    def lay_out(pairs: Sequence[tuple[str, float]], overflow: bool = False) -> Any:
        size_of = dict(pairs)
        html = job.head + "".join(sized(fragments[cid], pt, overflow) for cid, pt in pairs) + job.tail
        document = HTML(string=html, url_fetcher=fetcher).render(stylesheets=stylesheets, font_config=font_config)
        for page in document.pages:
            card_id, fill = measure_page(page)
            if card_id in size_of:
                yield card_id, size_of[card_id], Measure(fill, page, document)

    own_steps = dict(job.card_steps)
    ids = [cid for cid, _k, _f in job.faces]
    states = fit_batch([cid for cid in ids if cid not in own_steps], lay_out, job.steps)
    for steps in dict.fromkeys(own_steps.values()):  # cards of a layout with its own sizes, fitted together
        states.update(fit_batch([cid for cid in ids if own_steps.get(cid) == steps], lay_out, steps))
    chosen: dict[str, tuple[float, Any, bool]] = {}
    for card_id, state in states.items():
        pt, measure, overflow = state.outcome(own_steps.get(card_id, job.steps))
        chosen[card_id] = (pt, measure, overflow)
    overflowing = [(cid, pt) for cid, (pt, _m, over) in chosen.items() if over]
    if overflowing:  # lay these out once more with their rules box outlined, so the proof shows it
        for card_id, pt, measure in lay_out(overflowing, overflow=True):
            chosen[card_id] = (pt, measure, True)
    if fetcher.refused:
        raise RenderError("refused to load " + ", ".join(sorted(set(fetcher.refused))))

    keys = {card_id: key for card_id, key, _f in job.faces}
    cache = FaceCache(job.cache_dir)
    titles = dict(zip((card_id for card_id, _key, _f in job.faces), job.titles, strict=False))
    for card_id, (_pt, measure, _over) in chosen.items():
        if job.measure_only:
            break
        # One PDF per card straight from WeasyPrint: its fonts are subset to that card only,
        # and this is several times faster than splitting a many-page PDF with pypdf.
        write_card_pdf(
            measure.document,
            [measure.page],
            cache.pdf_path(keys[card_id]),
            job.trim_mm,
            job.bleed_mm,
            titles.get(card_id, ""),
        )
    results = []
    for card_id, (pt, measure, overflow) in chosen.items():
        parts = {name: [round(v, 3) for v in box] for name, box in part_boxes(measure.page, job.parts).items()}
        meta = FaceMeta(
            card_id,
            pt,
            round(measure.fill, 4),
            overflow,
            parts,
            round(name_overrun(measure.page), 2),
            region_overruns(measure.page),
        )
        cache.store_meta(keys[card_id], meta)
        results.append((keys[card_id], meta))
    return results


def card_boxes(trim_mm: tuple[float, float], bleed_mm: float) -> Any:
    """A WeasyPrint `finisher` that sets each page's TrimBox (the cut) and BleedBox (the whole page).

    The page keeps its origin at (0, 0) and the bleed size, which is what print services and
    sheet imposition expect (WeasyPrint's own CSS `bleed` would move the origin to -bleed).
    Setting the boxes while WeasyPrint writes costs nothing; re-opening the file with pypdf
    to do it took longer than drawing the card.
    """
    bleed = bleed_mm * PT_PER_MM
    width, height = ((t + 2 * bleed_mm) * PT_PER_MM for t in trim_mm)

    def finish(_document: Any, pdf: Any) -> None:
        for obj in pdf.objects:
            if isinstance(obj, dict) and obj.get("Type") == "/Page":
                media = [float(v) for v in obj["MediaBox"]]
                if abs(media[2] - media[0] - width) > 0.15 or abs(media[3] - media[1] - height) > 0.15:
                    raise RenderError(
                        f"the card stylesheet makes {(media[2] - media[0]) / PT_PER_MM:.1f} x "
                        f"{(media[3] - media[1]) / PT_PER_MM:.1f} mm pages, but the game's cards are "
                        f"{trim_mm[0]:g} x {trim_mm[1]:g} mm plus {bleed_mm:g} mm bleed"
                    )
                obj["MediaBox"] = pydyf.Array([0, 0, width, height])
                obj["BleedBox"] = pydyf.Array([0, 0, width, height])
                obj["TrimBox"] = pydyf.Array([bleed, bleed, width - bleed, height - bleed])

    return finish


def write_card_pdf(
    document: Any, pages: list[Any], target: Path, trim_mm: tuple[float, float], bleed_mm: float, title: str = ""
) -> None:
    """Write `pages` (one card) as a PDF with its print boxes set, titled `title` (else as the HTML's <title>)."""
    if len(pages) != 1:
        raise RenderError(f"a card face must fill exactly one page; the layout produced {len(pages)}")
    card = document.copy(pages)
    if title:
        # A batch lays out many cards in one document: each card's file gets its own title.
        card.metadata = copy.copy(card.metadata)
        card.metadata.title = title
    # A face in the cache: vouched, so that only a face this machine wrote is ever printed (carddb.files.stamps).
    write_bytes(target, card.write_pdf(finisher=card_boxes(trim_mm, bleed_mm)), vouch=True)


def write_document(job: DocumentJob) -> DocumentResult:
    """Lay out one document and write it atomically; it is recorded unless it asked for refused files."""
    fetcher = ConfinedFetcher(job.roots)
    try:
        document = HTML(string=job.html, base_url=job.base_url, url_fetcher=fetcher).render()
        with atomic_path(job.target) as tmp:
            document.write_pdf(tmp, **({"pdf_variant": job.pdf_variant} if job.pdf_variant else {}))
    except (OSError, ValueError, AssertionError) as exc:
        return DocumentResult(job.target, 0, tuple(fetcher.refused), error=str(exc) or type(exc).__name__)
    if not fetcher.refused:
        objects = {}
        if job.pictures:  # pypdf is imported only for documents with pictures to find
            from carddb.render.pdfimages import image_name_prefix, image_objects

            names = {p.src: image_name_prefix(job.base_url, p.src) for p in job.pictures}
            objects = image_objects(job.target, names)
        write_record(job, len(document.pages), objects, 0)
    return DocumentResult(job.target, len(document.pages), tuple(fetcher.refused))
