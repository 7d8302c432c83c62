"""The generated chapters' content, from the data (no PDF is laid out here)."""

from __future__ import annotations

import re
from pathlib import Path

from rulebook_fixtures import keyword_registry, write_fixture_project

from carddb.cards.loading import load_database
from carddb.packs.lookup import get_pack
from carddb.rulebook.chapters.anatomy import AnatomyPart, anatomy_card, anatomy_parts, spread_callouts
from carddb.rulebook.chapters.deck_rules import deck_rule_sections
from carddb.rulebook.chapters.glossary import glossary_entries, phrase

# Where the LOE face template draws the parts of a Lord (fractions of the card), as part_positions measured it.
LORD_PARTS = {
    "name": (0.10, 0.084),
    "cost": (0.925, 0.068),
    "art": (0.86, 0.28),
    "type": (0.07, 0.51),
    "text": (0.09, 0.66),
    "flavor": (0.90, 0.72),
    "stats": (0.93, 0.919),
    "footer": (0.087, 0.939),
}


def test_anatomy_numbers_parts_in_reading_order_and_explains_this_card(tmp_path: Path) -> None:
    db, _ = load_database(write_fixture_project(tmp_path), get_pack("loe"))
    card = anatomy_card(db)
    assert card is not None and card.id == "test-duke"  # cost, health, text and flavor: the most parts
    parts = anatomy_parts(db, card, LORD_PARTS)
    # the name is read before the cost beside it, although the cost badge sits a little higher
    assert [p.title for p in parts] == [
        "Name", "Cost", "Art", "Type line", "Rules text", "Flavor text", "Collector line", "Stats",
    ]  # fmt: skip
    assert [p.number for p in parts] == list(range(1, 9))
    assert {p.title: p.side for p in parts}["Cost"] == "right"
    explained = {p.title: p.explanation for p in parts}
    assert "2 + 1 Subject" in explained["Cost"]
    assert "6 health" in explained["Stats"]
    assert "Veldmoor" in explained["Type line"]


def test_callouts_on_one_side_are_moved_apart() -> None:
    close = [
        AnatomyPart(1, "A", "", 0.1, 0.50, side="left"),
        AnatomyPart(2, "B", "", 0.1, 0.52, side="left"),
        AnatomyPart(3, "C", "", 0.9, 0.51, side="right"),  # the other side: stays where it is
    ]
    spread = spread_callouts(close, gap=0.085)
    assert [round(p.y, 3) for p in spread] == [0.5, 0.585, 0.51]


def test_deck_rules_are_described_in_words() -> None:
    pack = get_pack("loe")
    sections = {s.title: s.rules for s in deck_rule_sections(pack, pack.deck_rules)}
    assert list(sections) == ["Deck Lists"]  # what a draft keeps is the Drafts chapter's
    lines = [re.sub(r"<[^>]+>", "", line) for line in sections["Deck Lists"]]
    assert any(line.startswith("Shared Deck (built from a pool):") for line in lines)
    assert "Council (built from a pool): a player's council (1 Lord, up to 4 Dukes) and their 1 Victory card." in lines
    # each number is the pack's, tagged with its id
    assert '<span class="game-number" data-number="council-dukes-max">4</span>' in "".join(sections["Deck Lists"])
    assert deck_rule_sections(pack, None) == []


def test_glossary_entries_carry_the_registry_text() -> None:
    pack = get_pack("loe")
    entries = {e.name: e for e in glossary_entries(keyword_registry({"ward": "Pay {amount} or lose it."}), pack)}
    ward = entries["ward"]
    assert ward.term == (("Ward ", False), ("amount", True))
    assert ward.reminder_parts == (("Pay ", False), ("amount", True), (" or lose it.", False))
    assert entries["ambush"].kinds == ("Dukes",)
    assert phrase("{player} draw(s) {amount} card(s)")[0] == ("player", True)
