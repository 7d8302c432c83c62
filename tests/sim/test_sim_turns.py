"""The rules of seed 000 as the engine plays them: set-up, the turn, powerstones, the market, the stack."""

from __future__ import annotations

from pathlib import Path

import pytest
from sim_table import Table

from carddb.games.loe.sim.market import market
from carddb.games.loe.sim.victory import attempt_cost
from carddb.sim.cards import compile_catalogue, records_from_database
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DISCARD, ZONE_PLAY, GameOver
from carddb.sim.invariants import violations
from carddb.sim.match import GameSpec, play_game
from carddb.sim.ops import draw
from carddb.sim.options import SimOptions
from carddb.sim.program import Event
from carddb.sim.simulator import Matchup, Seat


def _pass_turns(t: Table, count: int) -> list[int]:
    """Play `count` turns in which nobody acts; the active player's powerstones at the end of each."""
    pools = []
    for _ in range(count):
        player = t.g.active
        t.sim.play_turn(t.g)
        pools.append(t.g.pool[player])
    return pools


def test_powerstones_follow_the_turn_number_up_to_ten_and_one_is_kept() -> None:
    t = Table(turn=0)
    for uid in list(t.g.deck):  # a long deck: 24 turns of drawing
        t.g.move(uid, ZONE_DISCARD)
    for _ in range(30):
        t.card("resource", subtype="subject", zone="deck")
    t.agents[0].picks = []
    pools = _pass_turns(t, 24)
    mine = pools[0::2]  # player 1 never spends: kept 1 (from turn 2 on) + the turn's powerstones
    assert mine == [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11, 11]


def test_untap_readies_only_the_active_players_cards_and_upkeep_keeps_one() -> None:
    t = Table()
    mine, theirs = t.resource(0, "subject", fatigued=True), t.resource(1, "subject", fatigued=True)
    t.pool(0, 4)
    t.sim.play_turn(t.g)
    assert not t.g.used[mine] and t.g.used[theirs]
    assert t.g.counters[0]["kept"] == 1 and t.g.pool[0] == 1 + 4  # kept one, received 4 on turn 4


def test_one_resource_per_turn_and_one_trade_per_turn() -> None:
    t = Table()
    first, second = t.card("resource", subtype="subject"), t.card("resource", subtype="material")
    spell = t.card("spell", "Draw a card.")
    t.agents[0].picks = [market(t.g)[0], spell]  # take the oldest market card, give the Spell
    t.pool(0, 3)
    t.do(0, Action("resource", first))
    assert not t.offered(0, "resource")
    assert t.offered(0, "trade")
    t.do(0, Action("trade"))
    assert not t.offered(0, "trade") and t.g.pool[0] == 2
    t.g.counters[0].pop("resources")  # a new turn
    assert t.offered(0, "resource", second)


def test_the_market_refreshes_at_the_end_of_a_turn_oldest_first() -> None:
    t = Table()
    row, top = list(market(t.g)), t.g.deck[-1]
    t.sim.play_turn(t.g)
    assert market(t.g)[:4] == row[1:] and t.zone_of(row[0]) == ZONE_DISCARD
    assert len(market(t.g)) == 5 and top not in market(t.g)  # the turn's draw took the old top card


def test_each_victory_attempt_costs_one_more() -> None:
    t = Table()
    t.pool(0, 10)
    costs = []
    for _ in range(3):
        costs.append(attempt_cost(t.g, 0))
        t.do(0, Action("victory", t.victories[0]))
    assert costs == [1, 2, 3] and t.g.pool[0] == 4
    assert not t.g.face_down[t.victories[0]]  # failed attempts leave it revealed


def test_hand_size_seven_at_the_end_of_the_turn() -> None:
    t = Table()
    for _ in range(9):
        t.card("spell", "Draw a card.")
    t.sim.play_turn(t.g)
    assert len(t.hand(0)) == 7 and len(t.g.discard) >= 3  # drew to 10, discarded 3 (and the market's oldest)


def test_an_empty_deck_is_refilled_from_the_discard_pile() -> None:
    t = Table()
    gone = [t.card("spell", "Draw a card.", zone="discard") for _ in range(3)]
    for uid in list(t.g.deck):
        t.g.move(uid, ZONE_DISCARD)
    draw(t.g, 0, 2)
    assert len(t.hand(0)) == 2 and len(t.g.deck) == 8 + 3 - 2
    assert set(gone) <= set(t.hand(0) + t.g.deck)


def test_reactions_answer_reactions_last_in_first_out() -> None:
    t = Table()
    spell = t.card("spell", "Gain 3 powerstones.")
    nay = t.card("reaction", "Reaction - When an opponent plays a Spell: Counter it.", owner=1, cost=1)
    nay_to_nay = t.card("reaction", "Reaction - When an opponent plays a Reaction: Counter target Reaction.", cost=1)
    t.pool(0, 1)
    t.pool(1, 1)
    t.agents[1].responses = [("react", nay)]
    t.agents[0].responses = [("react", nay_to_nay)]
    t.cast(0, spell)
    assert t.g.pool[0] == 3  # Counter-the-counter resolved first, so the Spell resolved
    assert {t.zone_of(uid) for uid in (spell, nay, nay_to_nay)} == {ZONE_DISCARD}


def test_face_down_dukes_cannot_be_targeted_and_are_activated_on_your_own_turn() -> None:
    t = Table()
    hidden = t.card("duke", owner=1, zone="play", face_down=True, cost=2)
    spell = t.card("spell", "Deal 2 damage to target Duke.", cost=0)
    assert not t.offered(0, "cast", spell)
    t.pool(1, 2)
    windows = t.sim.responses(t.g, 1, Event("plays", 0, spell))  # player 2 answers on player 1's turn
    assert all(a.uid != hidden for a in windows)  # not an Ambush Duke
    t.g.active = 1
    assert t.offered(1, "activate", hidden)


def test_items_are_coupled_to_a_face_up_character_you_control() -> None:
    t = Table()
    hidden = t.card("duke", zone="play", face_down=True)
    item = t.card("item", "Coupled character gets +1 health.", cost=1)
    t.pool(0, 1)
    found = t.sim.action_program(t.g, 0, Action("cast", item))
    assert found is not None
    candidates = found[0].targets[0].selector.candidates(t.g, found[1])
    assert candidates == [t.lords[0]] and hidden not in candidates
    t.do(0, Action("cast", item, targets=(t.lords[0],)))
    assert t.g.attached[item] == t.lords[0] and t.zone_of(item) == ZONE_PLAY


def _game(records: list[tuple[str, str, str]], options: SimOptions) -> object:
    from carddb.sim.cards import CardRecord

    sim = Table().sim
    cards = [
        CardRecord(i, i, kind, "subject" if kind == "resource" else "", text=text, health=9)
        for i, kind, text in records
    ]
    catalogue = compile_catalogue(cards, sim)
    seats = tuple(Seat(f"seat {n}", (f"lord-{n}", f"victory-{n}")) for n in range(2))
    deck = tuple(r[0] for r in records if r[0].startswith("deck"))
    spec = GameSpec(0, 5, Matchup(seats, deck * 3, "test"), 0, ("random", "random"))
    return play_game(sim, catalogue, spec, options)


def _council() -> list[tuple[str, str, str]]:
    return [
        (f"{kind}-{n}", kind, "Win if you have 99 or more cards in hand." if kind == "victory" else "")
        for n in range(2)
        for kind in ("lord", "victory")
    ]


def test_the_turn_cap_is_a_draw() -> None:
    deck = [(f"deck-{i}", "resource", "") for i in range(10)]
    record = _game(_council() + deck, SimOptions(max_rounds=3, check_invariants=True))
    assert (record.winner, record.reason, record.turns, record.error) == (None, "turn cap", 6, "")


def test_the_loop_guard_ends_a_game_that_would_never_stop() -> None:
    echo = "Whenever a card enters the market, put the top card of the deck into the market."
    records = [("lord-0", "lord", echo), ("lord-1", "lord", echo)]
    records += [r for r in _council() if r[1] == "victory"]
    records += [(f"deck-{i}", "resource", "") for i in range(10)]
    record = _game(records, SimOptions(max_steps_per_turn=50, check_invariants=True))
    assert (record.winner, record.reason, record.error) == (None, "loop", "")


def test_set_up_follows_the_seed() -> None:
    from carddb.cards.loading import load_database
    from carddb.files.project import Project

    t = Table()
    db, _ = load_database(Project.at(Path(__file__).resolve().parents[2]), t.sim.pack)
    catalogue = compile_catalogue(records_from_database(db, t.sim), t.sim)
    seats = (
        Seat("a", ("aldric-the-ember-lord", "ashmarch-duke", "warden-of-the-pyre", "the-iron-crown")),
        Seat("b", ("mother-heron", "the-heron-duke", "the-last-secret")),
    )
    deck = tuple(c.id for c in db.cards if c.kind == "resource")
    game = t.sim.new_game(catalogue, Matchup(seats, deck), 3, 1, SimOptions())
    assert len(market(game)) == 5 and [len(h) for h in game.hands] == [5, 5]
    assert len(game.deck) == len(deck) - 5 - 10 and game.pool == [0, 0] and game.active == 1
    for player, seat in enumerate(seats):
        for uid in game.play[player]:
            assert game.face_down[uid] == (game.defs[uid].kind != "lord")
        assert len(game.play[player]) == len(seat.cards)
    assert violations(game) == []


def test_a_win_ends_the_game_at_once() -> None:
    t = Table()
    t.g.move(t.victories[0], ZONE_DISCARD)
    win = t.card("victory", "Win if you have no cards in hand.", zone="play", face_down=True)
    t.g.counters[0]["victory"] = win
    t.pool(0, 1)
    with pytest.raises(GameOver):
        t.do(0, Action("victory", win))
    assert t.g.winner == 0 and t.g.end_reason == "victory"


def test_a_removed_card_leaves_the_deck_order_of_the_others_alone() -> None:
    from carddb.sim.simulator import deck_order

    deck = tuple(f"card-{i % 9}" for i in range(30))
    full = Matchup((), deck)
    without = Matchup((), deck, removed=("card-4",))
    order = deck_order(full, 77)
    assert sorted(order) == sorted(deck) and order != list(deck)  # shuffled, from the seed
    assert deck_order(without, 77) == [c for c in order if c != "card-4"]  # the same order, less the card
    assert deck_order(full, 78) != order
