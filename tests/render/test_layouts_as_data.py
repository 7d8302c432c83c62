"""A game.yaml game's faces print every field it declares, on poker, tarot and mini cards.

Tidewake (tests/support/tidewake.py) has five kinds with fields of every type that are not
stats: four kinds use the default layout, whose field line prints them; vessels use a layout
declared in game.yaml (a shield, a banner, a fixed label, the footer hidden on purpose). What is
checked is what a player reads: the text of each card's PDF, its page size, where the layout's
regions were drawn, and a few pixels of the printed picture.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from support.tidewake import write_tidewake

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.render.faces.context import card_html
from carddb.render.faces.schedule import render_faces
from carddb.render.raster import page_image

SIZES = {"poker": (63.0, 88.0), "tarot": (70.0, 120.0), "mini": (44.0, 67.0)}
PT_PER_MM = 72 / 25.4

# What each card must show, as words a player reads (case-insensitive: labels are set in capitals).
PRINTED = {
    "black-gull": ["Black Gull", "Hold", "6", "Flagship", "Under sail", "gain 2", "Speed", "3", "Hull", "5"],
    "tide-turn": ["Turn of the Tide", "Timing", "Reaction", "Cancel an attack"],
    "saltmarsh": ["Saltmarsh Quay", "Tariff", "2", "Unique", "Vessels here cost 1"],
    "old-ned": ["Old Ned", "Wage", "1", "Role", "Navigator", "Motto", "Follow the gulls"],
    "drowned-bell": ["Drowned Bell", "Lore", "Rung once for every ship the sea kept", "Cursed"],
}


def _load(root: Path) -> CardDatabase:
    db, report = load_database(Project.at(root), get_pack(None, Project.at(root)))
    assert not report.errors, report.format_text()
    return db


@pytest.fixture(scope="module", params=list(SIZES))
def printed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, Path]]:
    size = request.param
    db = _load(write_tidewake(tmp_path_factory.mktemp(f"tidewake-{size}"), size))
    report = Report(root=db.project.root)
    faces = render_faces(db, db.cards, report, workers=1)
    assert not report.errors, report.format_text()
    return size, {face.card_id: face.pdf for face in faces}


def _text(pdf: Path) -> str:
    document = pdfium.PdfDocument(pdf)
    try:
        return " ".join(document[0].get_textpage().get_text_range().split())
    finally:
        document.close()


def test_every_declared_field_is_printed(printed: tuple[str, dict[str, Path]]) -> None:
    size, pdfs = printed
    assert set(pdfs) == set(PRINTED)
    for card_id, words in PRINTED.items():
        text = _text(pdfs[card_id]).lower()
        missing = [w for w in words if w.lower() not in text]
        assert not missing, f"{size} {card_id}: {missing} not in {text!r}"


def test_a_layout_hides_what_it_says_and_only_that(printed: tuple[str, dict[str, Path]]) -> None:
    _size, pdfs = printed
    # Vessels hide their footer on purpose; the other kinds keep the collector line.
    assert "T1 1/5" not in _text(pdfs["black-gull"])
    assert "T1 2/5" in _text(pdfs["tide-turn"])


def test_pages_are_the_card_with_its_bleed(printed: tuple[str, dict[str, Path]]) -> None:
    size, pdfs = printed
    width, height = SIZES[size]
    for pdf in pdfs.values():
        document = pdfium.PdfDocument(pdf)
        try:
            assert len(document) == 1
            media, trim = document[0].get_mediabox(), document[0].get_trimbox()
        finally:
            document.close()
        assert media[2] == pytest.approx((width + 6) * PT_PER_MM, abs=0.2)
        assert media[3] == pytest.approx((height + 6) * PT_PER_MM, abs=0.2)
        assert trim[0] == pytest.approx(3 * PT_PER_MM, abs=0.05)


def _region_boxes(html: str) -> dict[str, tuple[float, ...]]:
    found = re.findall(
        r'data-region="([\w-]+)" style="left: ([\d.]+)mm; top: ([\d.]+)mm; width: ([\d.]+)mm; height: ([\d.]+)mm', html
    )
    return {name: tuple(float(v) for v in box) for name, *box in found}


def test_slots_follow_the_card_size(tmp_path: Path) -> None:
    # Worked out by hand from the frame's rules (carddb.render.geometry): on a poker card the art window
    # starts 3 + 10.5 mm down and is 31.6 mm high, 5.8 mm from the page's left edge; the corner slot is
    # 10 mm square, 1.2 mm inside the window's lower left corner; the art-top band is 6 mm high.
    poker = _load(write_tidewake(tmp_path / "poker", "poker"))
    boxes = _region_boxes(card_html(poker, poker.by_id("black-gull"), preview=False))  # type: ignore[arg-type]
    assert boxes["hold"] == (7.0, 33.9, 10.0, 10.0)
    assert boxes["flagship"] == (5.8, 13.5, 57.4, 6.0)
    assert boxes["name"] == (5.2, 5.2, 58.6, 7.6)  # the title bar
    # On a tarot card everything scales by sqrt(70 x 120 / (63 x 88)) = 1.231: the corner is 12.31 mm.
    tarot = _load(write_tidewake(tmp_path / "tarot", "tarot"))
    boxes = _region_boxes(card_html(tarot, tarot.by_id("black-gull"), preview=False))  # type: ignore[arg-type]
    assert boxes["hold"][2:] == (12.31, 12.31)
    assert boxes["flagship"][3] == 7.39
    left, top, _width, height = boxes["hold"]
    assert left > 3 + 2.8 and top + height < 3 + 120  # inside the art window, on the card


def test_the_default_layout_prints_fields_in_the_rules_box(tmp_path: Path) -> None:
    db = _load(write_tidewake(tmp_path, "poker"))
    html = card_html(db, db.by_id("old-ned"), preview=False)  # type: ignore[arg-type]
    line = html[html.index('<p class="fields">') : html.index("</p>", html.index('<p class="fields">'))]
    labels = re.findall(r'class="field-label">([^<]+)<', line)
    assert labels == ["Wage", "Role", "Motto"]  # the kind's order; the cost prints in the title bar
    assert html.index('class="fields"') < html.index('class="ability"')  # first in the rules box


def _pixel(pdf: Path, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    document = pdfium.PdfDocument(pdf)
    try:
        image = page_image(document[0], 150 / 72)
    finally:
        document.close()
    scale = 150 / 25.4
    return image.getpixel((round(x_mm * scale), round(y_mm * scale)))  # type: ignore[return-value]


def _close(actual: tuple[int, int, int], expected: str, tolerance: int = 24) -> bool:
    wanted = tuple(int(expected[i : i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tolerance for a, b in zip(actual, wanted, strict=True))


def test_shapes_are_drawn_in_the_colours_the_layout_asks(tmp_path: Path) -> None:
    db = _load(write_tidewake(tmp_path, "poker"))
    [face] = render_faces(db, [db.by_id("black-gull")], Report(), workers=1)  # type: ignore[list-item]
    pdfs = {face.card_id: face.pdf}
    # The hold shield (color: faction, Corsairs #7a2430) near its top left, away from its text and border;
    # the Flagship banner (color: accent, #e8c07a) near its right end.
    assert _close(_pixel(pdfs["black-gull"], 8.2, 35.2), "#7a2430")
    assert _close(_pixel(pdfs["black-gull"], 58.0, 16.5), "#e8c07a")
