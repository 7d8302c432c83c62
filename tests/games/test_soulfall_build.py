"""`carddb build --game soulfall`, once, on a copy of the real data; the tests read what it wrote.

The duplex sheet is read back from the PDF: every card slot of a front page is identified by
the collector number it prints, and the slot at the mirrored position of the next page must
be that card's own back face (which prints the same collector number) or, for a one-faced
card, its kind's shared back. The rulebook's scoring table and component list come from
the pack's data, and the build says once, calmly, that the game has no boosters.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote, urlparse

import pdfplumber
import pytest
from support.printsheets import PT, placements, trimbox

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.games.soulfall.numbers import NUMBERS, scoring_table
from carddb.packs.lookup import get_pack
from carddb.pipeline import BuildResult, build
from carddb.render.selection import print_order
from carddb.rulebook.build import prose_context
from carddb.rulebook.sources import read_chapters
from carddb.rulebook.toc import AnchorBook

REPO = Path(__file__).resolve().parents[2]
PACK = get_pack("soulfall")
A4_W = 210.0


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[BuildResult, CardDatabase, Path]:
    root = tmp_path_factory.mktemp("soulfall")
    shutil.copytree(REPO / "data" / "soulfall", root / "data" / "soulfall")
    project = Project.at(root)
    result = build(project, PACK, workers=2)
    assert not result.failed and not result.report.findings, result.report.format_text()
    db, _ = load_database(project, PACK)
    return result, db, project.output_dir(PACK)


def slot_texts(sheet: Path, page_index: int, trim: tuple[float, float, float, float]) -> list[tuple[float, float, str]]:
    """(x, y, text printed inside its trim) of every card placed on a page, x and y in mm."""
    placed = placements(sheet, page_index, trim)
    with pdfplumber.open(sheet) as pdf:
        page = pdf.pages[page_index]
        words = [(w["text"], (w["x0"] + w["x1"]) / 2 / PT, (page.height - (w["top"] + w["bottom"]) / 2) / PT)
                 for w in page.extract_words()]  # fmt: skip
    return [
        (p.x, p.y, " ".join(t for t, x, y in words if p.x <= x <= p.x + p.w and p.y <= y <= p.y + p.h)) for p in placed
    ]


def test_every_double_sided_card_has_its_own_back_behind_it_on_the_duplex_sheet(
    built: tuple[BuildResult, CardDatabase, Path],
) -> None:
    _, db, out = built
    sheet = out / "print" / "soulfall-a4.pdf"
    trim = trimbox(out / "cards" / "meditate.pdf")
    # The slots in print order: by collector number, each card as many times as its copies.
    slots = [card for card in print_order(db, db.cards) for _ in range(card.copies)]
    with pdfplumber.open(sheet) as pdf:
        pages = len(pdf.pages)
    assert pages == 2 * -(-len(slots) // 9)  # a back page after each front page of 3 x 3 cards
    seen: Counter[str] = Counter()
    for front_page in range(0, pages, 2):
        backs = slot_texts(sheet, front_page + 1, trim)
        for (x, y, text), card in zip(slot_texts(sheet, front_page, trim), slots[front_page // 2 * 9 :], strict=False):
            assert card.name.partition(", ")[0] in text  # a Lord card prints its state apart from its name
            # Long-edge duplex: the back of the card whose trim starts at x is at 210 - x - width.
            (behind,) = [t for bx, by, t in backs if abs(bx - (A4_W - x - 63)) < 0.05 and abs(by - y) < 0.05]
            if card.back is not None:
                assert card.back.name in behind, (card.id, behind)
                assert re.search(rf"LRD ?{card.number}/34", behind)  # the back face of this very card
            else:
                assert "LRD" not in behind and "Lords of SoulFall" in behind  # the kind's shared back
            seen[card.kind] += 1
    assert seen == {"action": 5, "reference": 2, "temple": 8, "follower": 12, "shell": 12, "lord": 16}


def test_every_shell_looks_the_same_from_the_front(built: tuple[BuildResult, CardDatabase, Path]) -> None:
    _, db, out = built
    fronts = {(out / "png" / f"{card.id}.png").read_bytes() for card in db.of_kind("shell")}
    backs = {(out / "png" / f"{card.id}_back.png").read_bytes() for card in db.of_kind("shell")}
    assert len(fronts) == 1 and len(backs) == 6  # a Tribe keeps its Shells' Broken sides secret


def test_each_double_sided_card_has_both_sides_in_its_pdf_png_and_tabletop_deck(
    built: tuple[BuildResult, CardDatabase, Path],
) -> None:
    _, db, out = built
    for card in db.cards:
        if card.back is not None:
            assert (out / "png" / f"{card.id}_back.png").is_file()
            with pdfplumber.open(out / "cards" / f"{card.id}.pdf") as pdf:
                assert len(pdf.pages) == 2 and card.back.name in (pdf.pages[1].extract_text() or "")
    for kind in ("temple", "follower", "shell"):
        deck = json.loads((out / "tts" / f"soulfall-{kind}.json").read_text())["ObjectStates"][0]
        assert deck["CustomDeck"]["1"]["UniqueBack"] is True
        # without --tts-url-base the deck names its images by absolute file:// URI, for play on this computer
        back = urlparse(deck["CustomDeck"]["1"]["BackURL"])
        assert back.scheme == "file" and Path(unquote(back.path)).parent == (out / "tts").resolve()
        assert Path(unquote(back.path)).is_file()
    lords = json.loads((out / "tts" / "soulfall-lord.json").read_text())["ObjectStates"][0]
    assert lords["CustomDeck"]["1"]["UniqueBack"] is False and len(lords["DeckIDs"]) == 16


def test_the_build_says_once_that_a_fixed_game_has_no_boosters(built: tuple[BuildResult, CardDatabase, Path]) -> None:
    result, _, out = built
    notes = [row for row in result.written.rows if "booster" in " ".join(row).lower()]
    assert len(notes) == 1 and notes[0][0] == "Boosters"
    assert "fixed game" in notes[0][2] and "every copy holds the same cards" in notes[0][2]
    assert not result.report.warnings and not result.report.errors
    assert not (out / "play").exists()  # nothing to sample: no boosters, sealed, draft or deck lists


def test_the_rulebook_prints_the_scoring_table_and_a_checklist_of_the_components(
    built: tuple[BuildResult, CardDatabase, Path],
) -> None:
    _, _, out = built
    with pdfplumber.open(out / "rulebook.pdf") as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    for label, points in PACK.table("scoring").rows:
        assert f"{label} {points}" in text
    assert "55 Total 34" in text  # 55 cards, 34 different
    for line in ("5 Action cards", "2 Reference cards", "8 Temple/Shrine cards", "12 Follower/Citadel cards",
                 "12 Shell/Broken Shell cards", "16 Lord cards"):  # fmt: skip
        assert line in text
    assert "This list follows the design's" in text
    html = (out / "rulebook.html").read_text()
    assert html.count('<span class="checkbox"></span>') == 6
    assert (out / "rulebook" / "cards" / "temple-of-the-sunderer_back.png").is_file()  # {card:ID/back}


def test_the_scoring_table_in_the_rulebook_comes_from_the_data(built: tuple[BuildResult, CardDatabase, Path]) -> None:
    _, db, _ = built
    changed = tuple(replace(n, value=7) if n.id == "points-citadel" else n for n in NUMBERS)
    for pack, citadel in ((PACK, "3"), (replace(PACK, tables=(scoring_table(changed),)), "7")):
        context = prose_context(CardDatabase(pack=pack, project=db.project, cards=db.cards, sources=db.sources))
        report = Report()
        chapters, _ = read_chapters(db.project.data_dir(pack) / "rulebook", context, AnchorBook(), report)
        assert not report.errors, report.format_text()
        scoring = next(c for c in chapters if c.title == "Ending the Game and Scoring").html
        assert f"<tr><td>Each Citadel</td><td>{citadel}</td></tr>" in scoring
