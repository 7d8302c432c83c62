"""Double-sided cards in the rulebook and the spoiler site (no PDF is laid out here).

The rulebook embeds either side (`{card:ID}`, `{card:ID/back}`), its kinds reference shows the
back faces' kind, and its component list counts a double-sided card once, by both sides'
names. The site gives each card page both pictures, stacked to flip, and the other side's text.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import jinja2
import pytest
from support.double_sided import clean_outpost

from carddb.cards.database import CardDatabase
from carddb.findings.diagnostics import Report
from carddb.render.faces.schedule import render_faces
from carddb.rulebook.build import prose_context, write_assets
from carddb.rulebook.chapters.components import component_rows, components_chapter
from carddb.rulebook.chapters.kinds import example_cards, kinds_chapter
from carddb.rulebook.document import ASSETS, card_url, template_environment
from carddb.rulebook.images import card_images
from carddb.rulebook.sources import render_chapter
from carddb.rulebook.toc import AnchorBook
from carddb.site.stage import site_stage


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> CardDatabase:
    return clean_outpost(tmp_path_factory.mktemp("outpost"))


@pytest.fixture(scope="module")
def templates(db: CardDatabase) -> jinja2.Environment:
    return template_environment(db.project.templates_dir())


def prose(db: CardDatabase, text: str) -> tuple[str, Report, list[str]]:
    report = Report()
    context = prose_context(db)
    chapter, _ = render_chapter(Path("01-camps.md"), text, "camps", context, AnchorBook(), report)
    return (chapter.html if chapter else ""), report, context.embedded


def test_the_rulebook_embeds_either_side_of_a_card(db: CardDatabase, tmp_path: Path) -> None:
    text = (
        "# Camps\n\n{card:river-camp} {card:river-camp/back}\n\nTurn {card:river-camp} into {card:river-camp/back}.\n"
    )
    html, report, embedded = prose(db, text)
    assert not len(report), report.format_text()
    assert embedded == ["river-camp", "river-camp/back"]
    row = re.search(r'<figure class="card-row cards-2">(.*?)</figure>', html)
    assert row is not None
    assert re.findall(r'src="([^"]+)"', row.group(1)) == [
        f"{ASSETS}/cards/river-camp.png",
        f"{ASSETS}/cards/river-camp_back.png",
    ]
    assert 'alt="River Fort (Fort)"' in row.group(1)
    assert 'Turn <span class="card-name">River Camp</span> into <span class="card-name">River Fort</span>.' in html
    # The pictures the book needs exist for both sides, under the names its HTML uses.
    faces = render_faces(db, [db.by_id("river-camp")], report)  # type: ignore[list-item]
    sides = [side for face in faces for side in face.sides]
    images = card_images(tmp_path / "cache", sides, db.pack.card_size_mm, report, dpi=96)
    write_assets(db, tmp_path / ASSETS, images, report)
    assert (tmp_path / card_url("river-camp")).is_file() and (tmp_path / card_url("river-camp/back")).is_file()


def test_a_back_marker_on_a_one_faced_card_is_a_located_error(db: CardDatabase) -> None:
    _, report, _ = prose(db, "# Camps\n\nSee {card:lone-scout/back} and {card:river-camp/bak}.\n")
    found = [(f.code, f.span.line, f.span.col, f.message) for f in report if f.span]
    assert found == [
        (
            "E-RULEBOOK-UNKNOWN-CARD",
            3,
            5,
            "'lone-scout' has one face: '/back' shows the back face of a double-sided card",
        ),
        (
            "E-RULEBOOK-UNKNOWN-CARD",
            3,
            32,
            "no card has the id 'river-camp/bak'; did you mean 'river-camp/back'?",
        ),
    ]


def test_the_kinds_reference_shows_what_is_on_the_other_side(db: CardDatabase, templates: jinja2.Environment) -> None:
    chapter = kinds_chapter(templates, AnchorBook(), db, card_url)
    camp = chapter.html.split('id="kind-camp"')[1].split("</article>")[0]
    fort = chapter.html.split('id="kind-fort"')[1].split("</article>")[0]
    scout = chapter.html.split('id="kind-scout"')[1].split("</article>")[0]
    assert "its own Fort side on the back" in camp and "2 different cards" in camp
    assert "the back of a Camp card" in fort and "2 different sides" in fort
    assert f'src="{ASSETS}/cards/river-camp_back.png"' in fort  # the example is a back face, pictured
    assert "the default back" in scout
    assert example_cards(db) == ["lone-scout", "river-camp", "river-camp/back"]


def test_the_component_list_is_a_checklist_naming_both_sides(db: CardDatabase, templates: jinja2.Environment) -> None:
    rows = component_rows(db.pack, db.cards)
    assert [(r.label, r.copies, r.cards) for r in rows] == [("Scout cards", 1, 1), ("Camp/Fort cards", 3, 2)]
    assert rows[1].names == ()  # a collectible game's list would be its whole set: names only for a fixed game
    fixed = component_rows(replace(db.pack, fixed=True), db.cards)
    assert fixed[1].names == ((2, "River Camp // River Fort"), (1, "Hill Camp // Hill Fort"))
    chapter = components_chapter(templates, AnchorBook(), db)
    assert chapter is not None and chapter.html.count('<span class="checkbox"></span>') == 2


def test_the_site_gives_a_double_sided_card_both_pictures_and_its_other_side(db: CardDatabase, tmp_path: Path) -> None:
    report = Report()
    site_stage(db, report, root=tmp_path / "site", workers=1)
    assert not report.errors, report.format_text()
    page = (tmp_path / "site" / "cards" / "river-camp.html").read_text()
    assert 'class="card-detail double"' in page and "data-flip" in page
    assert re.search(r'class="side side-front">\s*<img src="\.\./cards/river-camp\.png\?v=\w+"', page)
    assert re.search(r'class="side side-back" aria-hidden="true">\s*<img src="\.\./cards/river-camp_back\.png', page)
    assert "Other side: River Fort" in page and "Stone by the ford." in page
    assert '<script src="../assets/flip.js"></script>' in page
    scout = (tmp_path / "site" / "cards" / "lone-scout.html").read_text()
    assert "data-flip" not in scout and "flip.js" not in scout
    index = (tmp_path / "site" / "index.html").read_text()
    data = json.loads(
        re.search(r'<script type="application/json" id="card-index">(.*?)</script>', index, re.S).group(1)
    )  # type: ignore[union-attr]
    camp = next(c for c in data if c["id"] == "river-camp")
    assert camp["kinds"] == ["camp", "fort"] and camp["back"] == "River Fort" and "Stone by the ford." in camp["text"]
    assert '<option value="fort">Forts</option>' in index  # the kind filter finds a card by its back
    assert (tmp_path / "site" / "cards" / "river-camp_back.png").is_file()
    assert (tmp_path / "site" / "assets" / "flip.js").is_file()
