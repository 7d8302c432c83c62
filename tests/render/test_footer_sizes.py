"""The footer's collector line and art credit are never cut off, on any card size, beside any number of stats.

The footer's type grows with the card (a tarot card's is 6.9 pt, a poker card's 5.6 pt), so the room
kept for each part grows with it: a credit that does not fit beside the shields is left out, never
drawn clipped ("placeholder ar"). What is measured is WeasyPrint's laid-out face: each part's text
against the box it is drawn in.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.game_projects import write_game

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.packs.lookup import get_pack
from carddb.render.faces.context import card_html

GAME = """\
name: Footers
card_size: {size}
stats: [{{id: a, label: Attack}}, {{id: b, label: Defense}}, {{id: c, label: Speed}}]
kinds:
  - {{id: none, label: Plain}}
  - {{id: one, label: One, fields: {{a: {{type: number}}}}}}
  - {{id: two, label: Two, fields: {{a: {{type: number}}, b: {{type: number}}}}}}
  - {{id: three, label: Three, fields: {{a: {{type: number}}, b: {{type: number}}, c: {{type: number}}}}}}
"""
CARDS = """\
- {id: c0, name: Zero, kind: none, set: T1, number: 101, rarity: common, flavor: x, version: 2}
- {id: c1, name: One, kind: one, set: T1, number: 102, rarity: common, flavor: x, a: 1, version: 2}
- {id: c2, name: Two, kind: two, set: T1, number: 103, rarity: common, flavor: x, a: 1, b: 2, version: 2}
- {id: c3, name: Three, kind: three, set: T1, number: 104, rarity: common, flavor: x, a: 1, b: 2, c: 3, version: 2}
"""


def _parts(html: str) -> dict[str, tuple[float, float]]:
    """For the footer's `left` and `artist` spans: (width of the box, width of its laid-out text), in px."""
    from weasyprint import HTML
    from weasyprint.formatting_structure.boxes import TextBox

    page = HTML(string=html).render().pages[0]
    found: dict[str, tuple[float, float]] = {}
    pending = [(page._page_box, False)]
    while pending:
        box, in_footer = pending.pop()
        element = getattr(box, "element", None)
        classes = (element.get("class") or "").split() if element is not None else []
        for part in ("left", "artist"):
            if in_footer and part in classes and part not in found:
                texts, inner = [], [box]
                while inner:
                    child = inner.pop()
                    if isinstance(child, TextBox):
                        texts.append(child)
                    inner.extend(getattr(child, "children", ()) or ())
                right = max((t.position_x + t.width for t in texts), default=box.content_box_x())
                found[part] = (box.width, right - box.content_box_x())
        pending.extend((child, in_footer or "footer" in classes) for child in getattr(box, "children", ()) or ())
    return found


@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "square", "tarot"])
def test_the_footers_parts_fit_their_boxes(size: str, tmp_path: Path) -> None:
    root = write_game(tmp_path, "footers", GAME.format(size=size), CARDS)
    project = Project.at(root)
    db, report = load_database(project, get_pack(None, project))
    assert not report.errors, report.format_text()
    shown = 0
    for card in db.cards:
        parts = _parts(card_html(db, card, preview=False))
        assert "left" in parts, (size, card.id)
        for part, (room, text) in parts.items():
            assert text <= room + 0.5, f"{size} {card.id}: the {part} text is {text:.1f} px in {room:.1f} px"
        shown += "artist" in parts
    assert shown >= 2, size  # the credit is shown wherever it has room: beside no stat and beside one


def test_a_change_of_the_geometry_code_draws_the_faces_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The faces' cache key holds the stylesheet as rendered: the footer's room is computed in Python
    # (carddb.render.geometry), and faces cached before a change there must not be taken after it.
    from carddb.render.faces.templates import FaceResources
    from carddb.render.geometry import FaceGeometry

    root = write_game(tmp_path, "footers", GAME.format(size="tarot"), CARDS)
    project = Project.at(root)
    db, _report = load_database(project, get_pack(None, project))
    before = FaceResources(db).digest()
    assert FaceResources(db).digest() == before  # nothing changed: the same key
    monkeypatch.setattr(FaceGeometry, "footer_scale", property(lambda self: 1.0))
    assert FaceResources(db).digest() != before
