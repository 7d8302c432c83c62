"""Shards faces: mixed-resource costs, scrap badges, stat shields per kind, event ribbons, the back."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.render.faces.backs import render_backs
from carddb.render.faces.context import card_html
from carddb.render.faces.schedule import render_faces

ROOT = Path(__file__).resolve().parents[2]
SHARDS = get_pack("shards")
# One card of each layout and stat set: a Unit, a Building, a Policy, an Event, a Territory.
SAMPLE = ("prince-of-coin", "spire-of-the-conclave", "edict-of-inquiry", "plunder", "gilt-coast")


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    database, _ = load_database(Project.at(ROOT), SHARDS)
    return database


def _html(db: CardDatabase, card_id: str) -> str:
    card = db.by_id(card_id)
    assert card is not None
    return card_html(db, card, preview=False)


def _stats(html: str) -> list[tuple[str, str]]:
    return re.findall(r'class="stat stat-(\w+)" title="[^"]+">\s*<span class="stat-shape"></span>\s*'
                      r'<span class="stat-value">(\d+)', html)  # fmt: skip


def test_a_cost_prints_the_basic_amount_on_one_gem_and_each_advanced_resource_as_an_icon(db: CardDatabase) -> None:
    html = _html(db, "prince-of-coin")  # cost: 5 basic, 2 Gold
    cost = re.search(r'<div class="cost"[^>]*>(.*?)</div>', html, re.S)
    assert cost is not None
    pips = re.findall(r'class="pip (?:repeat )?pip-(\w+)"><img[^>]*>(?:<b>(\d+)</b>)?', cost.group(1))
    assert pips == [("basic", "5"), ("gold", ""), ("gold", "")]
    assert 'title="5 + 2 Gold"' in html


def test_each_kingdom_kind_shows_its_own_stats(db: CardDatabase) -> None:
    assert _stats(_html(db, "prince-of-coin")) == [("offence", "4"), ("health", "6")]
    assert _stats(_html(db, "spire-of-the-conclave")) == [("defence", "6")]
    assert _stats(_html(db, "edict-of-inquiry")) == []
    assert 'class="frame-line-inner"' in _html(db, "spire-of-the-conclave")  # a Building's doubled frame


def test_scrap_value_badge_shows_basic_and_advanced_values(db: CardDatabase) -> None:
    basic = _html(db, "edict-of-inquiry")  # scrap: 1
    assert re.search(r'class="scrap" title="Scrap value: 1">.*?class="scrap-pip"><img[^>]*><b>1</b>', basic, re.S)
    gold = _html(db, "gilt-coast")  # scrap: {gold: 1}
    assert gold.count('class="scrap-icon"') == 1 and 'alt="{gold}"' in gold
    assert 'class="scrap"' not in _html(db, "prince-of-coin")  # a mythic with no scrap value


def test_events_carry_their_kind_ribbon_and_territories_have_no_cost(db: CardDatabase) -> None:
    assert '<span class="event-ribbon ribbon-tactic">Tactic</span> Event' in _html(db, "plunder")
    territory = _html(db, "gilt-coast")
    assert 'class="cost"' not in territory and 'class="stats' not in territory


def test_keywords_print_bold_with_their_reminder_and_condition_icons(db: CardDatabase) -> None:
    html = _html(db, "prince-of-coin")  # Affinity Gold Gold Gold - Blitz
    assert re.search(
        r'<b class="kw">Affinity</b> (<img class="icon icon-gold"[^>]*>){3} '
        r'<i class="reminder">\(only while you control at least 3 Gold\)</i> \u2013 <b class="kw">Blitz</b> '
        r'<i class="reminder">\(This unit can attack the turn it is recruited or put into play\.\)</i>',
        html,
    ), html


def test_sample_faces_render_fit_and_show_their_frame(db: CardDatabase, tmp_path: Path) -> None:
    # A copy of the project, so this test's renders do not touch the shipped output folder.
    shutil.copytree(ROOT / "data" / "shards", tmp_path / "data" / "shards")
    copy, _ = load_database(Project.at(tmp_path), SHARDS)
    report = Report(root=tmp_path)
    cards = [c for c in (copy.by_id(i) for i in SAMPLE) if c is not None]
    results = render_faces(copy, cards, report, workers=1)
    assert not report.errors, report.format_text()
    assert [r.card_id for r in results] == list(SAMPLE)
    assert {r.back for r in results} == {"deck"}
    for result in results:
        assert 0 < result.fill <= 1.0
        page = pdfium.PdfDocument(result.pdf)[0]
        assert (round(page.get_width() * 25.4 / 72), round(page.get_height() * 25.4 / 72)) == (69, 94)
        image = page.render(scale=60 / 72).to_pil().convert("RGB")
        # The bleed corner is the realm's frame colour, not white paper.
        corner = image.getpixel((2, 2))
        assert sum(corner) < 600, (result.card_id, corner)
    backs = render_backs(copy)
    assert set(backs) == {"deck"}
