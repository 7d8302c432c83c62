"""Invariants of the bundled Lords of Estraven base set (data/loe/).

The set is what carddb prints, drafts and publishes by default, so an edit that
drops a kind below its minimum, skews the rarity spread, leaves a gap in the
collector numbers or duplicates a rules text must fail here, not at the printer.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.games.loe import PACK
from carddb.packs.card import Card
from carddb.rules.ast import phrases
from carddb.rules.text import parse_rules_text

REPO = Path(__file__).resolve().parents[2]

KIND_ORDER = ("lord", "duke", "victory", "resource", "spell", "reaction", "item", "ritual")
PROVINCES = ("ashmarch", "veldmoor", "corvane", "thornwall", "sel-amara")

# The acceptance list of the base-set issue.
MINIMUM_PER_KIND = {
    "lord": 8,
    "duke": 24,
    "victory": 10,
    "resource": 45,
    "spell": 25,
    "reaction": 15,
    "item": 16,
    "ritual": 8,
}
MINIMUM_PER_SUBTYPE = {
    ("resource", "subject"): 15,
    ("resource", "material"): 15,
    ("resource", "influence"): 15,
    ("item", "artifact"): 4,
    ("item", "gear"): 4,
    ("item", "class"): 4,
    ("item", "boon"): 4,
}
PLACEHOLDER = re.compile(r"\b(todo|tbd|fixme|lorem|ipsum|placeholder|xxx)\b", re.IGNORECASE)


@pytest.fixture(scope="module")
def loaded() -> tuple[CardDatabase, Report]:
    return load_database(Project.at(REPO), PACK)


@pytest.fixture(scope="module")
def db(loaded: tuple[CardDatabase, Report]) -> CardDatabase:
    return loaded[0]


@pytest.fixture(scope="module")
def base(db: CardDatabase) -> list[Card]:
    return [c for c in db.cards if c.set == "BASE"]


def _powerstones(card: Card) -> int | None:
    cost = getattr(card, "cost", None)
    return None if cost is None else int(cost.powerstones)


def test_the_set_validates_strictly(loaded: tuple[CardDatabase, Report]) -> None:
    # `carddb validate --strict`: no errors and no warnings, rules-text findings included.
    _, report = loaded
    assert not report.failed(strict=True), report.format_text()


def test_every_card_is_in_the_base_set(db: CardDatabase, base: list[Card]) -> None:
    assert db.cards, "no LOE cards were loaded"
    assert len(base) == len(db.cards)
    assert len(base) >= 160
    assert db.sets["BASE"].stage == "playtest"


def test_counts_per_kind(base: list[Card]) -> None:
    counts = Counter(c.kind for c in base)
    short = {k: (counts[k], n) for k, n in MINIMUM_PER_KIND.items() if counts[k] < n}
    assert not short, f"kinds below their minimum (have, need): {short}"


def test_counts_per_subtype(base: list[Card]) -> None:
    counts = Counter((c.kind, c.subtype_id()) for c in base)
    short = {k: (counts[k], n) for k, n in MINIMUM_PER_SUBTYPE.items() if counts[k] < n}
    assert not short, f"subtypes below their minimum (have, need): {short}"


def test_rarity_spread(base: list[Card]) -> None:
    counts = Counter(c.rarity for c in base)
    total = len(base)
    common = counts["common"] / total
    uncommon = counts["uncommon"] / total
    rare_and_up = (counts["rare"] + counts["mythic"]) / total
    assert 0.40 <= common <= 0.60, f"commons are {common:.0%} of the set"
    assert 0.25 <= uncommon <= 0.42, f"uncommons are {uncommon:.0%} of the set"
    assert 0.08 <= rare_and_up <= 0.25, f"rares and mythics are {rare_and_up:.0%} of the set"
    assert counts["mythic"] >= 1
    assert counts["mythic"] < counts["rare"]


def test_copies_follow_rarity(base: list[Card]) -> None:
    # Council and Victory cards are chosen by players, not shuffled into the shared deck.
    wrong = []
    for card in base:
        if card.kind in {"lord", "duke", "victory"}:
            allowed: tuple[int, ...] = (1,)
        else:
            allowed = {"common": (2, 3), "uncommon": (2,), "rare": (1,), "mythic": (1,)}[card.rarity]
        if card.copies not in allowed:
            wrong.append((card.id, card.rarity, card.copies))
    assert not wrong, f"copies that do not fit the rarity: {wrong}"


def test_ids_names_texts_and_flavors_are_unique(base: list[Card]) -> None:
    for field in ("id", "name", "text", "flavor"):
        values = Counter(" ".join(str(getattr(c, field)).split()).casefold() for c in base)
        duplicates = sorted(v for v, n in values.items() if n > 1)
        assert not duplicates, f"duplicate {field}: {duplicates}"


def test_every_card_has_rules_text_and_flavor_without_placeholders(base: list[Card]) -> None:
    for card in base:
        assert card.text.strip(), f"{card.id} has no rules text"
        assert len(card.flavor) >= 20, f"{card.id} has no real flavor text"
        for field in ("name", "text", "flavor"):
            assert not PLACEHOLDER.search(getattr(card, field)), f"{card.id} has a placeholder in its {field}"


def test_no_art_in_a_playtest_set(base: list[Card]) -> None:
    assert [c.id for c in base if c.art is not None] == []


def test_collector_numbers_run_one_to_n_in_kind_order(base: list[Card]) -> None:
    ordered = sorted(base, key=lambda c: c.number)
    assert [c.number for c in ordered] == list(range(1, len(base) + 1))
    kinds_in_number_order = [KIND_ORDER.index(c.kind) for c in ordered]
    assert kinds_in_number_order == sorted(kinds_in_number_order), "collector numbers are not grouped by kind"


def test_every_province_has_a_council_and_a_plan(base: list[Card]) -> None:
    for province in PROVINCES:
        mine = Counter(c.kind for c in base if getattr(c, "province", None) == province)
        assert mine["lord"] >= 1, province
        assert mine["duke"] >= 4, province
        assert mine["victory"] >= 2, province
        assert mine["resource"] >= 6, province
        assert mine["spell"] >= 4, province
        assert mine["reaction"] >= 3, province
        assert mine["item"] >= 2, province
        assert mine["ritual"] >= 1, province


def test_lord_and_duke_numbers_are_in_range(base: list[Card]) -> None:
    for card in base:
        health = getattr(card, "health", None)
        cost = _powerstones(card)
        if card.kind == "lord":
            assert health is not None and 16 <= health <= 26, card.id
            assert cost is not None and 3 <= cost <= 7, card.id
        elif card.kind == "duke":
            assert health is not None and 3 <= health <= 12, card.id
            assert cost is not None and 1 <= cost <= 6, card.id
        elif card.kind == "spell":
            assert cost is not None and 0 <= cost <= 6, card.id


def test_kind_shapes_of_rules_text(base: list[Card]) -> None:
    for card in base:
        lines = card.text.splitlines()
        if card.kind == "reaction":
            timings = [line for line in lines if line.startswith("Reaction - When ")]
            assert len(timings) == 1, f"{card.id} needs exactly one 'Reaction - When ...:' line"
        else:
            assert "Reaction - " not in card.text, card.id
        wins = [line for line in lines if line.startswith("Win if ")]
        if card.kind == "victory":
            assert len(wins) == 1, f"{card.id} needs exactly one 'Win if ...' line"
        else:
            assert not wins, f"only Victory cards may say 'Win if': {card.id}"


def test_victory_cards_need_different_plans(base: list[Card]) -> None:
    # Each Victory card is reachable by a different strategy: no two share all their conditions,
    # and together they ask for several different things (Dukes, Items, Resources, hand, Lord's health...).
    wins = [c.text for c in base if c.kind == "victory"]
    themes = {
        "Dukes": "Dukes",
        "Items": "Items",
        "Rituals": "Rituals",
        "Resources": "Resources",
        "Materials": "Materials",
        "Subjects": "Subjects",
        "Influence": "Influence",
        "hand": "in hand",
        "market": "the market",
        "health": "health",
    }
    used = {theme for theme, words in themes.items() if any(words in text for text in wins)}
    assert len(used) >= 8, f"Victory cards only ask for {sorted(used)}"


def _entries_used(cards: list[Card]) -> dict[str, list[str]]:
    """Registry entry name -> ids of the cards whose rules text uses it."""
    assert PACK.language is not None, "the LOE pack has no rules language"
    used: dict[str, list[str]] = {}
    for card in cards:
        for line in parse_rules_text(card.text, PACK.language):
            assert line.ability is not None, f"{card.id}: '{line.text}' does not parse: {line.problem}"
            for phrase in phrases(line.ability):
                used.setdefault(phrase.entry, []).append(card.id)
    return used


@pytest.fixture(scope="module")
def used(base: list[Card]) -> dict[str, list[str]]:
    return _entries_used(base)


def test_cards_use_at_least_90_percent_of_the_registry(used: dict[str, list[str]]) -> None:
    registry = PACK.registry
    names = {entry.name for entry in registry}
    assert len(names) >= 60, "the LOE registry looks truncated"
    assert set(used) <= names
    unused = sorted(names - set(used))
    coverage = 1 - len(unused) / len(names)
    assert coverage >= 0.90, f"the set uses {coverage:.0%} of the registry; unused: {unused}"


def test_every_keyword_appears_on_some_card(used: dict[str, list[str]]) -> None:
    keywords = [entry.name for entry in PACK.registry.of_role("keyword")]
    assert keywords, "the LOE registry declares no keywords"
    assert [k for k in keywords if k not in used] == []
