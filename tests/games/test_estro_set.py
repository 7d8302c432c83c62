"""The ESTRO pool's invariants (data/estro/): a later edit that breaks one fails here."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.games.estro.schema import Fighter
from carddb.packs.lookup import get_pack
from carddb.play.boosters import load_boosters
from carddb.play.decks import load_decks
from carddb.rules.ast import phrases
from carddb.rules.canonical import ability_text
from carddb.rules.text import parse_rules_text
from carddb.site.charts import set_charts

ROOT = Path(__file__).resolve().parents[2]
PACK = get_pack("estro")


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    db, report = load_database(Project.at(ROOT), PACK)
    assert not report.failed(strict=True), report.format_text()  # validate --strict is clean
    return db


def test_the_pool_is_the_seeds_250_cards_fifty_per_estro(db: CardDatabase) -> None:
    assert len(db.cards) == PACK.number("pool-size") == 250
    per_estro = PACK.number("cards-per-estro")
    assert per_estro * PACK.number("estri") == len(db.cards)
    # the shares the rulebook prints from the pack's numbers: 30 Gift, 16 Empty, 4 Zone cards per estro
    shares = tuple(PACK.number(f"{kind}-cards-per-estro") for kind in ("gift", "empty", "zone"))
    assert shares == (30, 16, 4) and sum(shares) == per_estro
    by_estro = Counter((db.faction_of(c), c.kind) for c in db.cards)
    for estro in ("ardo", "granito", "armonio", "illusio", "manpo"):
        assert (by_estro[(estro, "gift")], by_estro[(estro, "empty")], by_estro[(estro, "zone")]) == shares
    rarities = {r: PACK.number(f"{r}-cards") for r in ("common", "rare", "legendary")}
    assert Counter(c.rarity for c in db.cards) == rarities == {"common": 160, "rare": 70, "legendary": 20}


def test_ids_names_texts_and_flavours_are_unique_and_numbers_run_one_to_250(db: CardDatabase) -> None:
    for field in ("id", "name", "flavor"):
        values = [getattr(c, field) for c in db.cards]
        assert len(values) == len(set(values)), field
    texts = [c.text for c in db.cards if c.text]
    assert len(texts) == len(set(texts)) == 170  # every Gift card and Zone card, none an Empty card
    assert sorted(c.number for c in db.cards) == list(range(1, 251))


def test_every_card_leads_with_its_estros_primary_stat(db: CardDatabase) -> None:
    for card in db.cards:
        if isinstance(card, Fighter):
            stats = card.stats()
            primary = stats.pop(card.primary)
            assert primary > max(stats.values()), (card.id, card.primary, card.stats())
            assert card.tot == sum(card.stats().values())  # type: ignore[attr-defined]


def test_every_registry_entry_is_used_and_every_text_is_canonical(db: CardDatabase) -> None:
    language = PACK.language
    assert language is not None
    used = set()
    for card in db.cards:
        for line in parse_rules_text(card.text, language):
            assert line.ability is not None, (card.id, line.text, line.problem)
            assert ability_text(line.ability, language) == line.text
            used.update(phrase.entry for phrase in phrases(line.ability))
    assert {e.name for e in language.registry} - used == set()


def test_the_shipped_decks_are_legal_chosen_twenties(db: CardDatabase) -> None:
    report = Report()
    decks = [loaded.deck for loaded in load_decks(db, report)]
    assert not report.errors, report.format_text()
    assert len(decks) >= 4
    assert all(d.kind == "chosen" and d.size == len(d.cards) == PACK.number("deck-chosen") for d in decks)


def test_the_spoilers_statistics_show_no_cost_curve_for_a_game_without_costs(db: CardDatabase) -> None:
    charts = set_charts(db)
    assert [chart.id for chart in charts] == ["kinds", "rarities", "factions"]
    assert charts[-1].title == "Estri"  # the seed's plural, not "Estros"


def test_the_random_booster_types_deal_the_seeds_numbers(db: CardDatabase) -> None:
    report = Report()
    plans = load_boosters(db, report)
    assert not report.errors, report.format_text()
    assert plans["random-five"].size == PACK.number("deck-random")
    assert plans["random-deck"].size == PACK.number("deck-size")
    assert not plans["random-five"].duplicates and not plans["random-deck"].duplicates
