"""The bots: reproducible from a seed, blind to what their seat cannot see, and whole games without illegal states."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from sim_table import Table

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.play.decks import load_decks
from carddb.runtime.rng import Rng
from carddb.sim.agents import GreedyBot, imagine
from carddb.sim.cards import Catalogue, compile_catalogue, records_from_database
from carddb.sim.decisions import PASS, Action
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND
from carddb.sim.match import GameSpec, play_game
from carddb.sim.options import SimOptions
from carddb.sim.simulator import Matchup, Simulator, simulator_for


@cache
def _bundled() -> tuple[Simulator, Catalogue, tuple[Matchup, ...]]:
    pack = get_pack("loe")
    sim = simulator_for(pack)
    db, _ = load_database(Project.at(Path(__file__).resolve().parents[2]), pack)
    catalogue = compile_catalogue(records_from_database(db, sim), sim)
    seats, shared = sim.seats_from_decks([loaded.deck for loaded in load_decks(db, Report(root=db.project.root))])
    matchups = tuple(
        Matchup((a, b), tuple(c for c, n in deck.cards.items() for _ in range(n)), deck.id)
        for a in seats
        for b in seats
        if a != b
        for deck in shared
    )
    return sim, catalogue, matchups


def _spec(index: int, bots: tuple[str, str]) -> GameSpec:
    matchups = _bundled()[2]
    return GameSpec(index, 9000 + index, matchups[index % len(matchups)], index % 2, bots)


def test_a_game_is_reproducible_from_its_seed() -> None:
    sim, catalogue, _ = _bundled()
    options = SimOptions(log=True)
    first, again = (play_game(sim, catalogue, _spec(3, ("random", "greedy")), options) for _ in range(2))
    assert first.error == "" and first.log == again.log and first.decisions == again.decisions
    assert (first.winner, first.turns, first.seats) == (again.winner, again.turns, again.seats)
    other = play_game(
        sim, catalogue, GameSpec(3, 1, _spec(3, ("random", "greedy")).matchup, 1, ("random", "greedy")), options
    )
    assert other.log != first.log


def test_bots_play_whole_games_without_illegal_states() -> None:
    sim, catalogue, _ = _bundled()
    options = SimOptions(check_invariants=True)
    records = [play_game(sim, catalogue, _spec(i, ("random", "random")), options) for i in range(40)]
    records += [play_game(sim, catalogue, _spec(i, ("greedy", "random")), options) for i in range(4)]
    assert [r.error for r in records if r.error] == []
    assert {r.reason for r in records} <= {"victory", "turn cap", "loop"}
    assert any(r.reason == "victory" for r in records)


def test_the_greedy_bot_beats_the_random_bot() -> None:
    sim, catalogue, _ = _bundled()
    greedy_wins = random_wins = 0
    for i in range(24):
        bots = ("greedy", "random") if i % 2 else ("random", "greedy")
        record = play_game(sim, catalogue, _spec(i, bots), SimOptions())
        if record.winner is not None:
            greedy_wins += bots[record.winner] == "greedy"
            random_wins += bots[record.winner] == "random"
    assert greedy_wins >= 2 * random_wins and greedy_wins >= 12


def _two_tables() -> tuple[Table, Table, int, int]:
    """Two tables alike in all that player 1 can see; player 2's hand and the deck hold other cards."""
    tables = []
    for swap in (False, True):
        t = Table()
        t.card("spell", "Destroy target Duke.", cost=1)
        t.card("duke", owner=1, zone="play", health=3)
        hidden = t.card("duke", "Whenever you draw a card, gain 1 powerstone.", owner=1, zone="play", face_down=True)
        secret = t.card("reaction", "Reaction - When an opponent plays a Spell: Counter it.", owner=1)
        t.card("spell", "Draw a card.", owner=1)
        if swap:  # the Reaction is in the deck instead, and a deck card in player 2's hand
            deck_card = t.g.deck[3]
            t.g.deck[3], t.g.hands[1][0] = secret, deck_card
            t.g.place[secret], t.g.place[deck_card] = ZONE_DECK, ZONE_HAND
            t.g.controller[deck_card] = 1
            t.g.defs[hidden] = t.g.defs[t.card("duke", "Armor 2", owner=1, zone="discard")]  # another Duke face down
        else:
            t.card("duke", "Armor 2", owner=1, zone="discard")
        t.pool(0, 3)
        tables.append(t)
    return tables[0], tables[1], hidden, secret


def _hidden_view(world: object, hidden: int) -> tuple[object, ...]:
    return (list(world.hands[1]), list(world.deck), world.defs[hidden].id)  # type: ignore[attr-defined]


def test_an_imagined_world_does_not_depend_on_what_the_seat_cannot_see() -> None:
    one, two, hidden, _ = _two_tables()
    assert one.g.hands[1] != two.g.hands[1]
    worlds = [imagine(t.g, 0, Rng(11)) for t in (one, two)]
    assert _hidden_view(worlds[0], hidden) == _hidden_view(worlds[1], hidden)
    choices = []
    for t in (one, two):
        options = [PASS, *t.sim.main_actions(t.g, 0)]
        choice = GreedyBot(5).act(t.g, 0, options, "main")
        choices.append((choice.verb, choice.uid, choice.targets))
    assert choices[0] == choices[1] and choices[0][0] == "cast"


def test_what_a_seat_has_seen_stays_as_it_is_in_an_imagined_world() -> None:
    one, _, _, secret = _two_tables()
    one.g.known[0].update(one.g.hands[1])  # it looked at player 2's hand
    world = imagine(one.g, 0, Rng(11))
    assert world.hands[1] == one.g.hands[1] and secret in world.hands[1]


def test_the_greedy_bot_attempts_victory_when_it_would_win() -> None:
    t = Table()
    t.g.move(t.victories[0], 3)
    win = t.card("victory", "Win if you have no cards in hand.", zone="play", face_down=True)
    t.g.counters[0]["victory"] = win
    t.pool(0, 1)
    options = [PASS, *t.sim.main_actions(t.g, 0)]
    assert GreedyBot(1).act(t.g, 0, options, "main").verb == "victory"


@pytest.mark.parametrize("tie_break", ["random", "first"])
def test_greedy_ties_are_broken_as_configured(tie_break: str) -> None:
    t = Table()
    same = [t.card("resource", subtype="subject", name=f"Field {i}") for i in range(2)]
    options = [PASS, Action("resource", same[0]), Action("resource", same[1])]
    picks = {GreedyBot(seed, tie_break=tie_break).act(t.g, 0, options, "main").uid for seed in range(12)}
    assert picks == ({same[0]} if tie_break == "first" else set(same))


def test_the_greedy_bot_counters_an_attempt_that_would_win() -> None:
    t = Table()
    reaction = t.card("reaction", "Reaction - When an opponent plays a Victory card: Counter it.", cost=1)
    t.g.move(t.victories[1], 3)
    winning = t.card("victory", "Win if you have no cards in hand.", owner=1, zone="play", face_down=True)
    t.g.counters[1]["victory"] = winning
    t.g.agents[0] = GreedyBot(3)
    t.g.active = 1
    t.pool(0, 1)
    t.pool(1, 1)
    t.do(1, Action("victory", winning))
    assert not t.g.over and t.g.place[reaction] == 3 and not t.g.face_down[winning]


def test_the_greedy_bot_trades_a_useless_card_for_an_item_its_victory_card_counts() -> None:
    # Issue 35: a hand was worth its size whatever it held, so the bot never traded for what its plan needed.
    t = Table()
    t.g.move(t.victories[0], 3)
    armoury = t.card("victory", "Win if you control four or more Items.", zone="play", face_down=True)
    t.g.counters[0]["victory"] = armoury
    for _ in range(2):
        t.card("item", "Coupled character gets +1 health.", zone="play", on=t.lords[0], cost=1)
    useless = t.card("spell", "Draw a card.", cost=9)  # it cannot pay for it
    t.g.move(t.market[0], ZONE_DISCARD)  # the Shield takes its place in the market
    shield = t.card("item", "Coupled character gets +1 health.", zone="market", cost=1, name="Shield")
    t.g.agents[0] = bot = GreedyBot(2)
    t.pool(0, 1)  # a trade, or nothing
    choice = bot.act(t.g, 0, [PASS, *t.sim.main_actions(t.g, 0)], "main")
    assert choice.verb == "trade"
    t.do(0, choice)
    assert shield in t.g.hands[0] and useless not in t.g.hands[0]
