"""The default face draws any pack's stats, cost and kind line at its card size, and never over the footer.

The fixture is a game declared in game.yaml whose kinds, stats, cost icon and card size are
none of LOE's: mini cards (44 x 67 mm), a 'probe' with five stats, a 'hauler' with two.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.game_projects import write_game

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.render.faces.context import card_html
from carddb.render.faces.schedule import render_faces

GAME = """\
name: Deep Haul
card_size: mini
cost: {label: credits, icon: credit}
icons: [credit]
stats:
  - {id: speed, label: Speed}
  - {id: cargo, label: Cargo}
  - {id: hull, label: Hull}
  - {id: sensors, label: Sensors}
  - {id: crew, label: Crew}
kinds:
  - id: probe
    label: Probe
    subtypes: [scout]
    fields:
      cost: {type: number, min: 0, max: 9}
      speed: {type: number, min: 0, max: 9}
      cargo: {type: number, min: 0, max: 9}
      hull: {type: number, min: 0, max: 9}
      sensors: {type: number, min: 0, max: 9}
      crew: {type: number, min: 0, max: 9}
  - id: hauler
    label: Hauler
    fields:
      cost: {type: number, min: 0, max: 9}
      cargo: {type: number, min: 0, max: 9}
      hull: {type: number, min: 0, max: 9}
  - id: contract
    label: Contract
"""
CARDS = """\
- {id: far-eye, name: Far Eye, kind: probe, subtype: scout, set: T1, number: 1, rarity: rare, flavor: x,
   cost: 4, speed: 5, cargo: 0, hull: 1, sensors: 6, crew: 2, text: "Pay 1{credit}: Look at the top card."}
- {id: mule, name: Mule, kind: hauler, set: T1, number: 2, rarity: common, flavor: x, cost: 2, cargo: 5, hull: 3}
- {id: grand-charter, name: Grand Charter, kind: contract, set: T1, number: 3, rarity: common, flavor: x,
   text: "Deliver five cargo. Then deliver five more. Then do it all again, twice, for every player at the table,
     until the deep runs dry and every hauler has made its last run home through the long dark of the outer belt.
     Then count the cargo, pay every crew its wage, and start over from the inner ring, where the old docks are,
     and do not stop until the belt is empty and the last crew has gone home to the warm worlds."}
"""


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> CardDatabase:
    root = write_game(tmp_path_factory.mktemp("haul"), "deep-haul", GAME, CARDS, icons=("credit",))
    database, report = load_database(Project.at(root), get_pack(None, Project.at(root)))
    assert not report.errors, report.format_text()
    return database


def test_the_face_draws_the_packs_own_stats_cost_and_kind_line(db: CardDatabase) -> None:
    probe = card_html(db, db.by_id("far-eye"))  # type: ignore[arg-type]
    shields = re.findall(r'class="stat stat-(\w+)" title="(\w+)">\s*<span class="stat-shape"></span>\s*'
                         r'<span class="stat-value">(\d+)</span>', probe)  # fmt: skip
    assert shields == [
        ("speed", "Speed", "5"),
        ("cargo", "Cargo", "0"),
        ("hull", "Hull", "1"),
        ("sensors", "Sensors", "6"),
        ("crew", "Crew", "2"),
    ]
    assert re.search(r'<span class="pip pip-credit"><img src="file://[^"]+/icons/credit.svg"[^>]*><b>4</b>', probe)
    assert "Probe — Scout" in probe
    assert "size: 50.0mm 73.0mm" in probe  # the stylesheet is the pack's size: 44 x 67 mm and 3 mm bleed
    contract = card_html(db, db.by_id("grand-charter"))  # type: ignore[arg-type]
    assert 'class="stats' not in contract and 'class="cost' not in contract


def _boxes(html: str) -> dict[str, tuple[float, float, float, float]]:
    """The border box (left, top, right, bottom, in px) of the first element with each class."""
    from weasyprint import HTML

    page = HTML(string=html).render().pages[0]
    found: dict[str, tuple[float, float, float, float]] = {}
    pending = [page._page_box]
    while pending:
        box = pending.pop()
        pending.extend(getattr(box, "children", ()) or ())
        element = getattr(box, "element", None)
        for cls in (element.get("class") or "").split() if element is not None else ():
            if cls in {"stats", "footer", "rules-box", "left"} and cls not in found and box.border_width() > 0:
                x, y = box.border_box_x(), box.border_box_y()
                found[cls] = (x, y, x + box.border_width(), y + box.border_height())
    return found


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


@pytest.mark.parametrize("card_id", ["far-eye", "mule"])
def test_stats_never_overlap_the_footer_or_the_rules(db: CardDatabase, card_id: str) -> None:
    boxes = _boxes(card_html(db, db.by_id(card_id), preview=False))  # type: ignore[arg-type]
    assert not _overlap(boxes["stats"], boxes["footer"])
    assert not _overlap(boxes["stats"], boxes["rules-box"])
    if card_id == "far-eye":  # five shields do not fit beside the footer on a mini card: a row above it
        assert boxes["stats"][3] <= boxes["footer"][1] + 0.5
    else:  # two fit beside it, and the collector line keeps its room
        assert boxes["stats"][0] >= boxes["footer"][2] - 0.5


def test_text_that_does_not_fit_is_reported_as_before(db: CardDatabase) -> None:
    report = Report(root=db.project.root)
    results = render_faces(db, [db.by_id("grand-charter")], report, workers=1)  # type: ignore[list-item]
    overflow = [f for f in report.errors if f.code == "E-TEXT-OVERFLOW"]
    # A mini card's rules text steps down to 6 pt (0.8 of a poker card's 7 pt, no smaller than 6).
    assert len(overflow) == 1 and "'grand-charter' rules text needs" in overflow[0].message
    assert overflow[0].message.endswith("at 6 pt") and results[0].font_pt == 6.0
    assert results[0].pdf.is_file() and results[0].fill > 1.0
    assert Path(overflow[0].path or "").name == "cards.yaml"


def test_a_cost_without_an_icon_is_a_plain_gem_with_the_amount(tmp_path: Path) -> None:
    game = "name: Plain\ncost: {label: gold}\nkinds:\n  - {id: deed, label: Deed, fields: {cost: {type: number}}}\n"
    cards = "- {id: toll, name: Toll, kind: deed, set: T1, number: 1, rarity: common, flavor: x, cost: 3}\n"
    root = write_game(tmp_path, "plain", game, cards)
    db, report = load_database(Project.at(root), get_pack(None, Project.at(root)))
    assert not report.errors, report.format_text()
    assert '<span class="pip pip-gem"><b>3</b></span>' in card_html(db, db.cards[0])
