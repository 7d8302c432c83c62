"""Print sheets, checked on the produced PDFs: sizes, positions, crop marks, duplex mirroring."""

from __future__ import annotations

import functools
import math
import os
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from support.printsheets import Placed, label_positions, make_card_pdfs, mark_lines, page_sizes, placements, trimbox

from carddb.findings.errors import RenderError
from carddb.render.imposition import A4, LETTER, BackOffset, Duplex
from carddb.render.pdfmeta import PdfMeta, read_meta
from carddb.render.sheets import SheetCard, compose_sheets

N_CARDS = 12  # one full page and one page of three


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> list[SheetCard]:
    folder = tmp_path_factory.mktemp("cards")
    fronts = make_card_pdfs(folder, [f"F{i}" for i in range(N_CARDS)])
    # A different back per card, so a test can see where each card's back went.
    backs = make_card_pdfs(folder, [f"B{i}" for i in range(N_CARDS)])
    return [SheetCard(f"c{i}", f, b) for i, (f, b) in enumerate(zip(fronts, backs, strict=True))]


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("sheets")


def _sheet(cards: list[SheetCard], out: Path, name: str, **kwargs: object) -> Path:
    paper = kwargs.pop("paper", A4)
    result = compose_sheets(cards, paper, out / f"{name}.pdf", cache_dir=out / "cache", **kwargs)  # type: ignore[arg-type]
    return result.path


@pytest.fixture(scope="module")
def a4(cards: list[SheetCard], out: Path) -> Path:
    return _sheet(cards, out, "a4")


def _card_at(placed: list[Placed], point: tuple[float, float]) -> Placed:
    hits = [p for p in placed if p.x <= point[0] <= p.x + p.w and p.y <= point[1] <= p.y + p.h]
    assert len(hits) == 1, f"expected one card under {point}, found {len(hits)}"
    return hits[0]


def test_page_sizes_and_count(cards: list[SheetCard], out: Path, a4: Path) -> None:
    sizes = page_sizes(a4)
    assert len(sizes) == math.ceil(N_CARDS / 9) * 2
    for w, h in sizes:
        assert w == pytest.approx(595.28, abs=0.01) and h == pytest.approx(841.89, abs=0.01)
    letter = _sheet(cards, out, "letter", paper=LETTER)
    assert page_sizes(letter) == [pytest.approx((612.0, 792.0), abs=0.01)] * 4
    fronts_only = _sheet(cards, out, "fronts", duplex=Duplex.none)
    assert len(page_sizes(fronts_only)) == math.ceil(N_CARDS / 9)


def test_cards_keep_their_trim_size_and_the_grid_is_centred(cards: list[SheetCard], a4: Path) -> None:
    placed = placements(a4, 0, trimbox(cards[0].front))
    assert len(placed) == 9
    for p in placed:
        assert p.w == pytest.approx(63.0, abs=0.05) and p.h == pytest.approx(88.0, abs=0.05)
    left, right = min(p.x for p in placed), max(p.x + p.w for p in placed)
    bottom, top = min(p.y for p in placed), max(p.y + p.h for p in placed)
    assert (left + right) / 2 == pytest.approx(210 / 2, abs=0.05)
    assert (bottom + top) / 2 == pytest.approx(297 / 2, abs=0.05)


def test_bleeds_touch_between_cards(cards: list[SheetCard], a4: Path) -> None:
    placed = sorted(placements(a4, 0, trimbox(cards[0].front)), key=lambda p: (-round(p.y), p.x))
    first, second, below = placed[0], placed[1], placed[3]
    shown_x, shown_y = (first.clip_w - first.w) / 2, (first.clip_h - first.h) / 2
    # The clipped bleed of one card ends exactly where its neighbour's begins.
    assert second.x - (first.x + first.w) == pytest.approx(2 * shown_x, abs=0.01)
    assert first.y - (below.y + below.h) == pytest.approx(2 * shown_y, abs=0.01)
    # A4 has room for the full 3 mm bleed vertically, but only 1.5 mm at the sides with 6 mm kept for marks.
    assert shown_y == pytest.approx(3.0, abs=0.01)
    assert shown_x == pytest.approx(1.5, abs=0.01)


def test_crop_marks_sit_on_every_trim_line_outside_the_cards(cards: list[SheetCard], a4: Path) -> None:
    placed = placements(a4, 0, trimbox(cards[0].front))
    vertical, horizontal = mark_lines(a4, 0)
    trim_xs = sorted({round(x, 3) for p in placed for x in (p.x, p.x + p.w)})
    trim_ys = sorted({round(y, 3) for p in placed for y in (p.y, p.y + p.h)})
    area_bottom = min(p.y - (p.clip_h - p.h) / 2 for p in placed)
    area_top = max(p.y + p.h + (p.clip_h - p.h) / 2 for p in placed)
    area_left = min(p.x - (p.clip_w - p.w) / 2 for p in placed)
    area_right = max(p.x + p.w + (p.clip_w - p.w) / 2 for p in placed)
    for x in trim_xs:
        at = [m for m in vertical if abs(m[0] - x) < 0.05]
        assert len(at) == 2, f"trim line x={x} mm needs a mark above and below"
        assert all(max(m[1], m[2]) < area_bottom or min(m[1], m[2]) > area_top for m in at)
    for y in trim_ys:
        at = [m for m in horizontal if abs(m[0] - y) < 0.05]
        assert len(at) == 2, f"trim line y={y} mm needs a mark left and right"
        assert all(max(m[1], m[2]) < area_left or min(m[1], m[2]) > area_right for m in at)
    assert len(vertical) == 2 * len(trim_xs) and len(horizontal) == 2 * len(trim_ys)


@functools.cache
def _read_page(sheet: Path, page: int, trim: tuple[float, float, float, float]) -> tuple[list[Placed], dict]:
    # Every sheet of this module has its own file name, so reading each page once is safe.
    return placements(sheet, page, trim), label_positions(sheet, page)


def _front_and_back(sheet: Path, cards: list[SheetCard], i: int) -> tuple[Placed, Placed]:
    trim = trimbox(cards[0].front)
    page = (i // 9) * 2
    placed, labels = _read_page(sheet, page, trim)
    front = _card_at(placed, labels[f"F{i}"])
    placed, labels = _read_page(sheet, page + 1, trim)
    back = _card_at(placed, labels[f"B{i}"])
    return front, back


def test_long_edge_backs_mirror_their_fronts(cards: list[SheetCard], a4: Path) -> None:
    for i in range(N_CARDS):
        front, back = _front_and_back(a4, cards, i)
        assert back.x == pytest.approx(210 - front.x - front.w, abs=0.1)
        assert back.y == pytest.approx(front.y, abs=0.1)
    # Column c of the front is column 2 - c of the back.
    front0, back0 = _front_and_back(a4, cards, 0)
    front2, back2 = _front_and_back(a4, cards, 2)
    assert back0.x == pytest.approx(front2.x, abs=0.1) and back2.x == pytest.approx(front0.x, abs=0.1)


def test_short_edge_backs_mirror_top_to_bottom(cards: list[SheetCard], out: Path) -> None:
    sheet = _sheet(cards, out, "short", duplex=Duplex.short)
    for i in range(N_CARDS):
        front, back = _front_and_back(sheet, cards, i)
        assert back.x == pytest.approx(front.x, abs=0.1)
        assert back.y == pytest.approx(297 - front.y - front.h, abs=0.1)


def test_back_offset_moves_backs_only(cards: list[SheetCard], out: Path, a4: Path) -> None:
    shifted = _sheet(cards, out, "offset", back_offset=BackOffset(1.5, -0.75))
    for i in range(N_CARDS):
        front, back = _front_and_back(a4, cards, i)
        front2, back2 = _front_and_back(shifted, cards, i)
        assert (front2.x, front2.y) == pytest.approx((front.x, front.y), abs=0.01)
        assert back2.x - back.x == pytest.approx(1.5, abs=0.01)  # to the right
        assert back2.y - back.y == pytest.approx(0.75, abs=0.01)  # y is measured downwards: -0.75 moves up
    # The back page's crop marks move with the backs, so holding the sheet to the light shows the fit.
    plain_v, _ = mark_lines(a4, 1)
    moved_v, _ = mark_lines(shifted, 1)
    assert sorted(m[0] for m in moved_v) == pytest.approx(sorted(m[0] + 1.5 for m in plain_v), abs=0.01)


def test_gutter_spaces_trim_lines(cards: list[SheetCard], out: Path) -> None:
    sheet = _sheet(cards, out, "gutter", gutter_mm=4.0)
    placed = sorted(placements(sheet, 0, trimbox(cards[0].front)), key=lambda p: (-round(p.y), p.x))
    assert placed[1].x - (placed[0].x + placed[0].w) == pytest.approx(4.0, abs=0.01)
    assert placed[0].y - (placed[3].y + placed[3].h) == pytest.approx(4.0, abs=0.01)
    assert placed[0].clip_h - placed[0].h == pytest.approx(4.0, abs=0.01)  # half the gutter of bleed each side
    # Across A4 a 4 mm gutter leaves 0.5 mm of outer bleed before the 6 mm kept for crop marks.
    assert placed[0].clip_w - placed[0].w == pytest.approx(1.0, abs=0.01)


def test_a_wide_gutter_costs_a_row_not_the_print(cards: list[SheetCard], out: Path) -> None:
    # Inside Letter's 6 mm margins (203.9 x 267.4 mm), 3 columns with two 10 mm gutters need 209 mm
    # and 3 rows 284 mm: the sheet holds 2 x 2 cards, 10 mm apart.
    layout = compose_sheets(cards, LETTER, out / "wide.pdf", cache_dir=out / "cache", gutter_mm=10.0).layout
    assert (layout.columns, layout.rows) == (2, 2)
    assert layout.front(1).x == pytest.approx(layout.front(0).x + 63 + 10)
    assert layout.front(2).y == pytest.approx(layout.front(0).y - 88 - 10)


def test_a_card_larger_than_the_paper_is_an_error() -> None:
    from carddb.render.imposition import plan_layout

    with pytest.raises(RenderError, match=r"a card of 63 x 300 mm .* does not fit on A4"):
        plan_layout(A4, (63.0, 300.0), 3.0)


def test_unchanged_pages_come_from_the_page_cache(cards: list[SheetCard], out: Path) -> None:
    cache = out / "cache-reuse"
    first = compose_sheets(cards, A4, out / "reuse.pdf", cache_dir=cache)
    again = compose_sheets(cards, A4, out / "reuse.pdf", cache_dir=cache)
    assert first.pages_built == 4 and again.pages_built == 0
    swapped = [cards[1], cards[0], *cards[2:]]
    third = compose_sheets(swapped, A4, out / "reuse.pdf", cache_dir=cache)
    assert third.pages_built == 2  # the first front page and its back page
    assert "F1" in label_positions(out / "reuse.pdf", 0)


def test_a_small_edit_patches_the_sheet_as_an_incremental_update(tmp_path: Path) -> None:
    fronts = make_card_pdfs(tmp_path / "cards", [f"F{i}" for i in range(40)])
    back = make_card_pdfs(tmp_path / "cards", ["B"])[0]
    cards = [SheetCard(f"c{i}", f, back) for i, f in enumerate(fronts[:36])]
    target, cache = tmp_path / "sheet.pdf", tmp_path / "cache"
    compose_sheets(cards, A4, target, cache_dir=cache)
    before = target.read_bytes()
    edited = [*cards[:10], SheetCard("new", fronts[36], back), *cards[11:]]  # card 11 is on the second page
    result = compose_sheets(edited, A4, target, cache_dir=cache)
    after = target.read_bytes()
    assert result.pages_built == 1
    # An incremental update: the old file, then the changed objects.
    assert after.startswith(before) and len(after) > len(before)
    assert len(page_sizes(target)) == 8
    assert "F36" in label_positions(target, 2) and "F10" not in label_positions(target, 2)
    assert "F0" in label_positions(target, 0) and "F27" in label_positions(target, 6)


def test_sheets_keep_their_title_author_and_language_through_incremental_updates(tmp_path: Path) -> None:
    fronts = make_card_pdfs(tmp_path / "cards", [f"F{i}" for i in range(20)])
    back = make_card_pdfs(tmp_path / "cards", ["B"])[0]
    cards = [SheetCard(f"c{i}", f, back) for i, f in enumerate(fronts[:18])]
    target, cache = tmp_path / "sheet.pdf", tmp_path / "cache"
    meta = PdfMeta("Game: print sheets (A4)", "A Designer", "fr")
    compose_sheets(cards, A4, target, cache_dir=cache, meta=meta)
    assert read_meta(target) == meta
    written = target.stat().st_mtime_ns
    compose_sheets(cards, A4, target, cache_dir=cache, meta=meta)
    assert target.stat().st_mtime_ns == written  # nothing changed: not even read again
    compose_sheets([SheetCard("x", fronts[18], back), *cards[1:]], A4, target, cache_dir=cache, meta=meta)
    assert read_meta(target) == meta  # patched in place by PDFium: the metadata stays
    renamed = PdfMeta("Game 2: print sheets (A4)", "A Designer", "en")
    compose_sheets([SheetCard("x", fronts[18], back), *cards[1:]], A4, target, cache_dir=cache, meta=renamed)
    assert read_meta(target) == renamed
    reader = PdfReader(target)
    assert reader.metadata is not None and reader.metadata.title == renamed.title and len(reader.pages) == 4


def test_a_sheet_changed_by_someone_else_or_grown_too_much_is_written_afresh(tmp_path: Path) -> None:
    fronts = make_card_pdfs(tmp_path / "cards", [f"F{i}" for i in range(20)])
    back = make_card_pdfs(tmp_path / "cards", ["B"])[0]
    target, cache = tmp_path / "sheet.pdf", tmp_path / "cache"
    compose_sheets([SheetCard(f"c{i}", f, back) for i, f in enumerate(fronts[:18])], A4, target, cache_dir=cache)
    # Replaced by another program: not patched (its pages are not the ones on record).
    target.write_bytes(target.read_bytes() + b"\n% touched\n")
    touched = target.read_bytes()
    swap = [SheetCard("x", fronts[18], back), *[SheetCard(f"c{i}", f, back) for i, f in enumerate(fronts[1:18])]]
    compose_sheets(swap, A4, target, cache_dir=cache)
    assert not target.read_bytes().startswith(touched)
    # Edit after edit, the replaced pages pile up until the file is rewritten whole.
    sizes, fresh = [], 0
    for n in range(8):
        cards = [SheetCard("x", fronts[18 + n % 2], back), *swap[1:]]
        before = target.read_bytes()
        compose_sheets(cards, A4, target, cache_dir=cache)
        sizes.append(target.stat().st_size)
        fresh += not target.read_bytes().startswith(before)
    assert fresh >= 1
    assert max(sizes) < 2 * min(sizes)
    assert "F19" in label_positions(target, 0)


def test_a_damaged_sheet_that_still_looks_unchanged_is_written_afresh(tmp_path: Path) -> None:
    fronts = make_card_pdfs(tmp_path / "cards", [f"F{i}" for i in range(10)])
    back = make_card_pdfs(tmp_path / "cards", ["B"])[0]
    target, cache = tmp_path / "sheet.pdf", tmp_path / "cache"
    compose_sheets([SheetCard(f"c{i}", f, back) for i, f in enumerate(fronts[:9])], A4, target, cache_dir=cache)
    stat = target.stat()
    target.write_bytes(b"\0" * stat.st_size)  # same size and, below, same time: the record still matches
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    cards = [SheetCard("x", fronts[9], back), *[SheetCard(f"c{i}", f, back) for i, f in enumerate(fronts[1:9])]]
    compose_sheets(cards, A4, target, cache_dir=cache)
    assert len(page_sizes(target)) == 2
    assert "F9" in label_positions(target, 0)


def test_pages_built_ahead_on_the_workers_are_the_pages_compose_would_build(tmp_path: Path) -> None:
    from carddb.render.sheets import PagePrebuilder
    from carddb.render.workers import RenderWorkers

    pdfs = make_card_pdfs(tmp_path / "pdfs", [f"F{i}" for i in range(12)] + ["B0"])
    slots = [SheetCard(p.stem, p, pdfs[-1]) for p in pdfs[:12]]
    later = tmp_path / "later.pdf"
    later.unlink(missing_ok=True)
    # The last card's face is not there yet: only the pages without it can be built.
    waiting = SheetCard("F11", later, pdfs[-1])
    with RenderWorkers(2) as pool:
        ahead = PagePrebuilder(
            [*slots[:11], waiting],
            [A4],
            tmp_path / "cache",
            pool,
            duplex=Duplex.long,
            back_offset=BackOffset(),
            gutter_mm=None,
        )
        ahead.advance()
        first = ahead.built("a4")
        # Both back pages and the first front page: not the front page with F11 on it.
        assert first == 3
        pdfs[11].rename(later)  # its face arrives
        ahead.advance()
        assert ahead.built("a4") == first + 1
    slots[11] = waiting
    result = compose_sheets(slots, A4, tmp_path / "sheet.pdf", cache_dir=tmp_path / "cache")
    assert result.pages == 4 and result.pages_built == 0
    fresh = compose_sheets(slots, A4, tmp_path / "fresh.pdf", cache_dir=tmp_path / "fresh-cache")
    assert [p.name for p in fresh.page_files] == [p.name for p in result.page_files]
    # The same pages, pixel for pixel.
    drawn = [
        pdfium.PdfDocument(p)[0].render(scale=0.5).to_pil().tobytes() for p in (*fresh.page_files, *result.page_files)
    ]
    assert drawn[:4] == drawn[4:]


def test_repeated_pages_are_in_their_places_and_stored_once(tmp_path: Path) -> None:
    """A game's back pages repeat page after page (and so do the fronts of cards printed in copies)."""
    fronts = make_card_pdfs(tmp_path / "cards", ["A", "Z", "Q"])
    back = make_card_pdfs(tmp_path / "cards", ["B"])[0]
    # Fronts: nine copies of A, nine again, Z, Q and seven As, nine As; every back page is nine Bs.
    cards = [
        *[SheetCard("a", fronts[0], back)] * 18,
        SheetCard("z", fronts[1], back),
        SheetCard("q", fronts[2], back),
        *[SheetCard("a", fronts[0], back)] * 7,
        *[SheetCard("a", fronts[0], back)] * 9,
    ]
    result = compose_sheets(cards, A4, tmp_path / "sheet.pdf", cache_dir=tmp_path / "cache")
    assert result.pages == 8 and len(set(result.page_files)) == 3  # the A page, the Z-Q-A page, the back page
    labels = ["".join(sorted(label_positions(result.path, i))) for i in range(8)]
    assert labels == ["A", "B", "A", "B", "AQZ", "B", "A", "B"]
    # Each page looks like the page built for its place.
    for index, page_file in enumerate(result.page_files):
        with pdfium.PdfDocument(result.path) as sheet, pdfium.PdfDocument(page_file) as alone:
            assert sheet[index].render(scale=0.3).to_pil().tobytes() == alone[0].render(scale=0.3).to_pil().tobytes()
    # The repeats share their drawing: the sheet is about the size of its different pages, not of all eight.
    distinct = sum(p.stat().st_size for p in set(result.page_files))
    assert result.path.stat().st_size < 1.3 * distinct
