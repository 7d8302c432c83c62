"""Seed 001's rules as the LOE v2 engine plays them: set-up, pitching, the marketplace, combat, the turn,
winning and losing; then whole games with the bots, reproducible and replayable."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from loe2_table import Table2

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.findings.errors import UsageError
from carddb.games.loe2.sim import mana
from carddb.games.loe2.sim.board import PITCH_INDEX, RESOURCE_INDEX, state
from carddb.games.loe2.sim.marketplace import marketplace, resource_deck
from carddb.packs.lookup import get_pack
from carddb.runtime.rng import Rng
from carddb.sim.agents import imagine
from carddb.sim.cards import compile_catalogue, records_from_database
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, GameOver
from carddb.sim.gamelog import game_log, replay
from carddb.sim.match import play_game
from carddb.sim.ops import draw, health
from carddb.sim.options import SimOptions
from carddb.sim.playtest import ablation_plan, catalogue_for, run_batch
from carddb.sim.runner import Request, prepare
from carddb.sim.simulator import simulator_for
from carddb.sim.stack import run

REPO = Path(__file__).resolve().parents[2]
PACK = get_pack("loe2")
RULES = simulator_for(PACK)


def _plan(games: int, bots: tuple[str, ...] = ("random",), seed: int = 3, **options: object):  # type: ignore[no-untyped-def]
    db, report = load_database(Project.at(REPO), PACK)
    assert not report.errors
    plan, settings = prepare(
        db,
        RULES,
        Request(games=games, seed=seed, bots=bots, options=SimOptions(**options)),
        Report(),  # type: ignore[arg-type]
    )
    return plan, settings


# -- set-up ------------------------------------------------------------------------------------------


def test_seats_are_pairs_of_decks_and_the_marketplace_is_shared() -> None:
    plan, settings = _plan(2)
    number = PACK.number
    assert len(settings["seats"]) == 6  # every choice of 2 of the 4 pre-constructed decks
    assert settings["decks"] == ["marketplace"]
    for matchup in plan.matchups:
        assert len(matchup.deck) == number("marketplace-size")
        for seat in matchup.seats:
            assert len(seat.cards) == number("decks-per-player") * number("deck-size")
    assert len(plan.matchups) == 6 * 5  # every ordered pair of different seats


def test_the_game_starts_as_the_seed_says() -> None:
    plan, _ = _plan(1)
    sim, catalogue = catalogue_for(plan)
    spec = plan.spec(0)
    game = sim.new_game(catalogue, spec.matchup, spec.seed, spec.first, SimOptions())
    number = PACK.number
    hand, deck_size = number("opening-hand"), number("decks-per-player") * number("deck-size")
    assert [len(h) for h in game.hands] == [hand, hand]
    assert game.decks is not None and [len(p) for p in game.decks] == [deck_size - hand] * 2
    assert all(game.owner[uid] == p for p, pile in enumerate(game.decks) for uid in pile)  # your own deck
    assert len(marketplace(game)) == number("marketplace-face-up")
    assert len(marketplace(game)) + len(resource_deck(game)) == number("marketplace-size")
    assert state(game).life == [number("starting-health")] * 2 and game.pool == [0, 0]
    assert not set(resource_deck(game)) & (game.known[0] | game.known[1])  # nobody sees the resource deck


def test_a_deck_the_ablation_made_shorter_is_filled_up_with_blanks_at_the_bottom() -> None:
    plan, _ = _plan(1)
    ablated = ablation_plan(plan, "ashmarch-pikeman", 1)
    sim, catalogue = catalogue_for(ablated)
    spec = ablated.spec(0)
    assert spec.matchup.seats[0].cards.count("ashmarch-pikeman") == 0  # (the seat held three)
    game = sim.new_game(catalogue, spec.matchup, spec.seed, spec.first, SimOptions())
    assert game.decks is not None
    pile = game.decks[0]
    assert len(pile) + len(game.hands[0]) == PACK.number("decks-per-player") * PACK.number("deck-size")
    assert [game.defs[uid].id for uid in pile[:3]] == ["blank"] * 3 and game.defs[pile[3]].id != "blank"
    assert mana.pitch_value(game, pile[0]) == PACK.number("pitch-special")


# -- pitching and mana ---------------------------------------------------------------------------------


def test_the_rulebook_example_of_pitching() -> None:
    """Dana has 1 stored mana, pitches a 3 and a 2 and pays 5: the first card is used up, the second keeps 1."""
    t = Table2()
    t.mana(0, 1)
    first, second = t.card("spell", "Draw a card.", pitch=3), t.card("spell", "Draw a card.", pitch=2)
    leader = t.card("leader", cost=5)
    t.agents[0].picks = [first, second]
    t.do(0, Action("cast", leader))
    assert t.zone_of(leader) == ZONE_PLAY and t.g.pool[0] == 1
    assert state(t.g).pitched == {first: 0, second: 1}
    mana.clean_up(t.g, 0)  # the start of her next turn
    assert t.zone_of(first) == ZONE_DISCARD and t.zone_of(second) == ZONE_DISCARD and t.g.pool[0] == 1
    t.check()


def test_an_unused_pitched_card_returns_with_one_damage() -> None:
    t = Table2()
    card = t.card("spell", "Draw a card.", pitch=2)
    mana.pitch(t.g, 0, card)
    assert t.g.pool[0] == 2 and t.g.shared[PITCH_INDEX] == [card]
    t.g.active = 0
    t.g.turns[0] = 1
    t.g.first = 1  # (no marketplace refresh in this turn)
    t.agents[0].responses.clear()
    RULES.play_turn(t.g)  # the start phase cleans up, then the main phase passes
    assert t.zone_of(card) == ZONE_HAND and t.g.pool[0] == 0
    assert t.life(0) == 20 - PACK.number("unused-pitch-damage")


def test_resource_cards_cannot_be_pitched_and_a_card_never_pays_for_itself() -> None:
    t = Table2()
    t.card("resource", "Sacrifice this card: Draw a card.")
    spell = t.card("spell", "Draw a card.", cost=1, pitch=3)
    assert mana.available(t.g, 0) == 3
    assert not t.offered(0, "cast", spell)  # its own pitch value cannot pay for it
    t.card("spell", "Draw a card.", pitch=1)
    assert t.offered(0, "cast", spell)


# -- the marketplace ------------------------------------------------------------------------------------


def test_the_marketplace_refreshes_at_the_start_of_each_round_from_the_second() -> None:
    t = Table2(turn=0)
    t.g.first = 0
    row = list(marketplace(t.g))
    RULES.play_turn(t.g)  # round 1, the first player's turn
    assert marketplace(t.g) == row
    RULES.play_turn(t.g)  # the second player's turn
    RULES.play_turn(t.g)  # round 2
    after = marketplace(t.g)
    assert after[:4] == row[1:] and after[4] not in row  # the oldest left, the rest shifted, a new card on the right
    assert row[0] in resource_deck(t.g)  # shuffled back into the resource deck


def test_one_free_trade_a_turn_and_any_number_of_resources() -> None:
    t = Table2()
    first, second = t.card("resource", "Sacrifice this card: Draw a card."), t.card("resource")
    assert t.offered(0, "resource", first) and t.offered(0, "resource", second)
    t.do(0, Action("resource", first))
    assert t.offered(0, "resource", second)  # unlimited Resources a turn
    t.do(0, Action("resource", second))
    t.card("spell", "Draw a card.")
    t.do(0, Action("trade"))
    assert t.g.pool[0] == 0 and not t.offered(0, "trade")  # it cost nothing; once a turn


# -- combat ----------------------------------------------------------------------------------------------


def _worked_example(t: Table2) -> tuple[int, ...]:
    """Kai's side of the rulebook's worked example: a 4/1/10 Leader - Soldier and two Soldiers."""
    captain = t.unit("leader", power=4, resistance=1, health=10, name="Iron Captain")
    pikeman = t.unit("troop", power=2, toughness=2, name="Pikeman")
    sergeant = t.unit("troop", power=3, toughness=1, name="Sergeant")
    return captain, pikeman, sergeant


def test_the_rulebook_worked_example_of_combat() -> None:
    t = Table2()
    captain, pikeman, sergeant = _worked_example(t)
    wall = t.unit("troop", owner=1, power=3, toughness=3, name="Wall Guard")
    militia = t.unit("troop", owner=1, power=1, toughness=4, name="Militia")
    scout = t.unit("troop", owner=1, power=2, toughness=2, name="Scout")
    t.respond(1, ("block", wall, captain), ("block", militia, captain), ("block", scout, sergeant))
    t.attack(0, captain)
    assert [t.zone_of(u) for u in (wall, militia, scout, sergeant)] == [ZONE_DISCARD] * 4
    assert t.zone_of(pikeman) == ZONE_PLAY and t.life(1) == 18  # the Pikeman was not blocked
    assert t.g.damage[captain] == 2 and health(t.g, captain) - t.g.damage[captain] == 8
    assert not t.offered(0, "attack")  # one Leader attack a turn


def test_the_same_attack_against_a_leader() -> None:
    t = Table2()
    captain, pikeman, sergeant = _worked_example(t)
    warden = t.unit("leader", owner=1, power=3, resistance=2, health=12, name="Marsh Warden")
    # Mira does not block (her Scripted agent passes)
    t.attack(0, captain, warden)
    assert t.g.used[pikeman] and t.g.used[sergeant]  # both joined: 4-2, 3-2 and nothing from 2-2
    assert t.g.damage[warden] == 3 and t.g.damage[captain] == 0 and t.life(1) == 20


def test_a_troop_blocked_by_two_divides_its_power_to_destroy_what_it_can() -> None:
    t = Table2()
    leader = t.unit("leader", power=1, resistance=5)
    brute = t.unit("troop", power=5, toughness=9)
    small, big = t.unit("troop", owner=1, toughness=2), t.unit("troop", owner=1, toughness=4)
    t.respond(1, ("block", small, brute), ("block", big, brute))
    t.attack(0, leader)
    assert t.zone_of(small) == ZONE_DISCARD and t.g.damage[big] == 3  # 2 to the first, the rest to the last
    assert t.g.damage[brute] == 2 and t.life(1) == 19  # the unblocked Leader's 1


def test_end_of_turn_heals_troops_not_leaders_and_discards_to_seven() -> None:
    t = Table2(turn=0)
    t.g.first = 1
    troop, leader = t.unit("troop", toughness=5), t.unit("leader", health=10)
    t.g.damage[troop] = t.g.damage[leader] = 2
    for _ in range(9):
        t.card("spell", "Draw a card.")
    RULES.play_turn(t.g)
    assert (t.g.damage[troop], t.g.damage[leader]) == (0, 2)
    assert len(t.hand(0)) == PACK.number("hand-size")


def test_a_bots_imagined_opponent_blocks_with_a_unit_that_survives() -> None:
    t = Table2()
    leader = t.unit("leader", power=2, health=3)
    wall = t.unit("troop", owner=1, power=3, toughness=4)  # survives the Leader and destroys it
    chump = t.unit("troop", owner=1, power=1, toughness=1)  # would only die
    world = t.g.copy()  # a what-if world: its players do not choose, the defender blocks by rule
    RULES.perform(world, 0, Action("attack", leader, -1))
    run(world)
    assert world.used[wall] and not world.used[chump] and world.place[leader] == ZONE_DISCARD
    assert state(world).life[1] == 20 and t.g.place[leader] == ZONE_PLAY  # the real game is untouched


# -- winning and losing ----------------------------------------------------------------------------------


def test_an_empty_deck_loses_and_both_at_once_is_a_draw() -> None:
    t = Table2()
    with pytest.raises(GameOver):
        draw(t.g, 1, 8)
        t.settle()
    assert t.g.winner == 0 and t.g.end_reason == "empty deck"
    t = Table2()
    with pytest.raises(GameOver):
        draw(t.g, 0, 8)
        draw(t.g, 1, 8)
        t.settle()
    assert t.g.winner is None and t.g.end_reason == "both lost"


# -- whole games -------------------------------------------------------------------------------------------


def test_bot_games_reach_no_illegal_state_and_are_reproducible() -> None:
    plan, _ = _plan(40, check_invariants=True)
    greedy = replace(plan, games=4, bots=("greedy", "random"))
    records = run_batch(plan, range(plan.games)) + run_batch(greedy, range(greedy.games))
    assert [r.error for r in records if r.error] == []
    assert {r.reason for r in records} <= {"0 health", "empty deck", "both lost", "turn cap"}
    again = run_batch(plan, range(10))
    assert [(r.winner, r.turns, r.seats[0].played) for r in again] == [
        (r.winner, r.turns, r.seats[0].played) for r in records[:10]
    ]


def test_a_logged_game_replays_exactly() -> None:
    plan, _ = _plan(4, bots=("greedy", "random"))
    sim, catalogue = catalogue_for(plan)
    options = SimOptions(log=True)
    record = play_game(sim, catalogue, plan.spec(1), options)
    log = game_log("loe2", plan.spec(1), options, record)
    db, _ = load_database(Project.at(REPO), PACK)
    result = replay(log, RULES, compile_catalogue(records_from_database(db, RULES), RULES))
    assert result.matches, result.difference
    assert len(log["trace"]) > 20 and log["decisions"]


def test_the_greedy_bot_imagines_the_same_world_whatever_it_cannot_see() -> None:
    plan, _ = _plan(1)
    sim, catalogue = catalogue_for(plan)
    spec = plan.spec(0)
    game = sim.new_game(catalogue, spec.matchup, spec.seed, spec.first, SimOptions())
    other = game.copy()
    other.simulated = False
    assert game.decks is not None and other.decks is not None
    mine, theirs = other.decks[0], other.decks[1]
    mine[0], mine[-1] = mine[-1], mine[0]  # the viewer's own deck in another order
    hand = other.hands[1]
    hand[0], theirs[-1] = theirs[-1], hand[0]  # a card of the opponent's hand swapped with one of their deck
    resource = other.shared[RESOURCE_INDEX]
    resource[0], resource[-1] = resource[-1], resource[0]
    one, two = imagine(game, 0, Rng(5)), imagine(other, 0, Rng(5))
    assert one.decks == two.decks and one.hands == two.hands and one.shared == two.shared


def test_a_game_without_a_simulator_says_so() -> None:
    with pytest.raises(UsageError, match="the game 'loe2' has no simulator"):
        simulator_for(replace(PACK, simulator=None))
