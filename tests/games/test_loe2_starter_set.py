"""The LOE v2 starter set's invariants: a later edit that breaks them fails here."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.card import Card
from carddb.packs.lookup import get_pack
from carddb.play.decks import load_decks
from carddb.rules.ast import phrases
from carddb.rules.text import parse_rules_text

ROOT = Path(__file__).resolve().parents[2]
PACK = get_pack("loe2")


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    db, report = load_database(Project.at(ROOT), PACK)
    assert not report.failed(strict=True), report.format_text()
    return db


def test_counts_per_kind(db: CardDatabase) -> None:
    kinds = Counter(c.kind for c in db.cards)
    assert kinds == {"leader": 8, "troop": 20, "spell": 12, "reaction": 8, "resource": 10}
    subtypes = Counter(c.subtype_id() for c in db.of_kind("resource"))
    assert min(subtypes.values()) >= 3 and set(subtypes) == {"subject", "material", "influence"}


def test_unique_ids_names_texts_and_flavors(db: CardDatabase) -> None:
    for field in ("id", "name", "flavor"):
        values = [getattr(c, field) for c in db.cards]
        assert len(values) == len(set(values)), field
    texts = [c.text for c in db.cards if c.text]
    assert len(texts) == len(set(texts))
    assert all(c.flavor for c in db.cards)


def test_collector_numbers_run_one_to_n(db: CardDatabase) -> None:
    assert sorted(c.number for c in db.cards) == list(range(1, len(db.cards) + 1))


def test_four_decks_of_matching_leaders_and_troops_and_a_marketplace(db: CardDatabase) -> None:
    report = Report()
    decks = {loaded.deck.id: loaded.deck for loaded in load_decks(db, report)}
    assert not report.errors, report.format_text()
    market = decks.pop("marketplace")
    assert market.size == 20 and all(db.by_id(i).kind == "resource" for i in market.cards)  # type: ignore[union-attr]
    assert len(decks) == 4
    for deck in decks.values():
        cards = [db.by_id(i) for i in deck.cards]
        leaders = [c for c in cards if c is not None and c.kind == "leader"]
        led = {t for leader in leaders for t in leader.leads}  # type: ignore[attr-defined]
        assert deck.size == 20 and leaders
        assert all(c.troop_type in led for c in cards if c is not None and c.kind == "troop")  # type: ignore[attr-defined]


def test_copies_are_what_the_decks_use(db: CardDatabase) -> None:
    """`copies` is the printed count: exactly what the decks and the marketplace need."""
    used: Counter[str] = Counter()
    for loaded in load_decks(db, Report()):
        used.update(loaded.deck.cards)
    assert {c.id: c.copies for c in db.cards} == dict(used)


def _entries_used(cards: list[Card]) -> set[str]:
    assert PACK.language is not None
    return {
        phrase.entry
        for card in cards
        for line in parse_rules_text(card.text, PACK.language)
        if line.ability is not None
        for phrase in phrases(line.ability)
    }


def test_the_cards_use_every_v2_registry_entry(db: CardDatabase) -> None:
    assert PACK.language is not None
    unused = [e.name for e in PACK.language.registry if e.name not in _entries_used(db.cards)]
    assert unused == []
