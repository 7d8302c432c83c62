"""Boosters that exclude cards (any game), and dealing a chosen deck's random cards (ESTRO's 20 + 5)."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.cli.app import app
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.play.boosters import BoosterPlan, load_boosters
from carddb.play.collation import BoosterError, open_booster, open_boosters
from carddb.play.dealing import deal_rest
from carddb.play.decks import DeckList, load_decks

ROOT = Path(__file__).resolve().parents[2]
SEEDS = st.integers(min_value=0, max_value=2**63)
runner = CliRunner()


def _plans(db: CardDatabase) -> dict[str, BoosterPlan]:
    report = Report()
    plans = load_boosters(db, report)
    assert not report.errors, report.format_text()
    return plans


@pytest.fixture(scope="module")
def loe_plans(fixture_db: CardDatabase) -> dict[str, BoosterPlan]:
    return _plans(fixture_db)


@pytest.fixture(scope="module")
def estro() -> CardDatabase:
    db, report = load_database(Project.at(ROOT), get_pack("estro"))
    assert not report.errors, report.format_text()
    return db


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, keep=st.integers(min_value=12, max_value=20))
def test_an_excluded_card_is_never_drawn_in_any_slot(
    fixture_db: CardDatabase, loe_plans: dict[str, BoosterPlan], seed: int, keep: int
) -> None:
    # The deck booster's commons slot draws 8 of 30 commons: exclude all but `keep` of them.
    plan = loe_plans["deck"]
    commons = [c.id for c in fixture_db.cards if c.rarity == "common" and fixture_db.pack.kind(c.kind).group == "deck"]
    excluded = set(commons[keep:])
    booster = open_booster(plan, seed, 3, exclude=excluded)
    assert not excluded & set(booster.ids())
    assert Counter(c.slot for c in booster.cards) == {"commons": 8, "uncommons": 3, "rare": 1}
    assert len(set(booster.ids())) == 12


def test_no_exclusion_draws_exactly_what_it_drew_before(loe_plans: dict[str, BoosterPlan]) -> None:
    # Seeds already printed in playtest packs must keep giving the same boosters.
    plan = loe_plans["deck"]
    assert open_boosters(plan, 9, 4, exclude=()) == open_boosters(plan, 9, 4)
    assert open_boosters(plan, 9, 4, exclude=["not-a-card"]) == open_boosters(plan, 9, 4)


DEALT = "boosters:\n  deal:\n    name: Deal\n    collation: dealt\n    slots:\n      - {name: victories, count: 3, filter: {kind: victory}}\n"


def test_a_dealt_pile_leaves_excluded_cards_out(fixture_db: CardDatabase, tmp_path: Path) -> None:
    (tmp_path / "boosters.yaml").write_text(DEALT)
    report = Report()
    plan = load_boosters(fixture_db, report, tmp_path / "boosters.yaml")["deal"]  # 16 Victory cards, 3 per seat
    assert not report.errors, report.format_text()
    victories = [c.id for c in fixture_db.cards if c.kind == "victory"]
    dealt = open_boosters(plan, 5, 4, exclude=victories[:4])  # 12 cards left: 4 seats of 3 still fit
    ids = [i for booster in dealt for i in booster.ids()]
    assert len(ids) == len(set(ids)) == 12 and not set(victories[:4]) & set(ids)
    with pytest.raises(BoosterError, match="holds only 12"):
        open_boosters(plan, 5, 5, exclude=victories[:4])


def test_excluding_too_much_is_a_clear_error(fixture_db: CardDatabase, loe_plans: dict[str, BoosterPlan]) -> None:
    lords = [c.id for c in fixture_db.cards if c.kind == "lord"]
    with pytest.raises(BoosterError, match="neither already in the booster nor excluded"):
        open_booster(loe_plans["council"], 1, 0, exclude=lords[1:])  # one Lord left for a slot of two


def test_estro_deals_five_cards_never_chosen_and_the_same_for_the_same_seed(estro: CardDatabase) -> None:
    plan = _plans(estro)["random-five"]
    report = Report()
    decks = {loaded.deck.id: loaded.deck for loaded in load_decks(estro, report)}
    assert not report.errors, report.format_text()
    deck = decks["ozok-fiamma"]
    first, again = deal_rest(plan, deck, 2027), deal_rest(plan, deck, 2027)
    assert first.dealt() == again.dealt()  # two dealings with the same seed are identical
    assert len(first.dealt()) == estro.pack.number("deck-random") == 5
    assert not set(first.dealt()) & set(deck.cards)
    completed = first.counts()
    assert sum(completed.values()) == len(completed) == estro.pack.number("deck-size") == 25
    # other seeds deal other cards, and one seed deals each deck its own cards
    assert len({tuple(deal_rest(plan, deck, s).dealt()) for s in range(20)}) > 1
    other = decks["muro-di-granito"]
    assert deal_rest(plan, other, 2027).dealt() != first.dealt()


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_a_deck_that_holds_almost_the_whole_pool_gets_the_rest(estro: CardDatabase, seed: int) -> None:
    plan = _plans(estro)["random-five"]
    ids = [c.id for c in estro.cards]
    deck = DeckList(id="greedy", name="Greedy", kind="chosen", cards=dict.fromkeys(ids[:-5], 1))
    assert sorted(deal_rest(plan, deck, seed).dealt()) == sorted(ids[-5:])


def test_a_pool_too_small_to_complete_a_deck_says_how_many_cards_are_left(estro: CardDatabase) -> None:
    plan = _plans(estro)["random-five"]
    ids = [c.id for c in estro.cards]
    deck = DeckList(id="hoarder", name="Hoarder", kind="chosen", cards=dict.fromkeys(ids[:-2], 1))
    with pytest.raises(BoosterError) as raised:
        deal_rest(plan, deck, 1)
    assert str(raised.value) == (
        "deck 'hoarder': 'random-five' deals 5 cards the list does not hold, but only 2 cards it draws from "
        "are not in the list (add cards to the pool, or choose fewer)"
    )


def test_deck_deal_command_writes_the_same_deal_twice_and_refuses_a_bad_list(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "data" / "estro", tmp_path / "data" / "estro")
    deck = tmp_path / "data" / "estro" / "decks" / "ozok-fiamma.yaml"
    args = ["deck", "deal", str(deck), "--game", "estro", "--project", str(tmp_path), "--seed", "7", "--no-pdf"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    written = tmp_path / "output" / "estro" / "play" / "deals-seed7"
    dealt_once = json.loads((written / "ozok-fiamma-dealt.json").read_text())
    again = runner.invoke(app, args)
    assert again.exit_code == 0 and again.output == first.output
    assert json.loads((written / "ozok-fiamma-dealt.json").read_text()) == dealt_once
    full = json.loads((written / "ozok-fiamma.json").read_text())
    assert full["total"] == 25 and set(full["cards"].values()) == {1}
    # a chosen list with a card twice is refused, located, before anything is dealt
    bad = deck.parent / "twice.yaml"
    bad.write_text("id: twice\nname: Twice\nkind: chosen\ncards:\n  - ozok\n  - thofa\n  - ozok\n")
    refused = runner.invoke(app, ["deck", "deal", str(bad), "--game", "estro", "--project", str(tmp_path)])
    assert refused.exit_code == 1
    assert "twice.yaml:7:5: E-DECK-RULE 'ozok' is in deck 'twice' 2 times" in refused.output
