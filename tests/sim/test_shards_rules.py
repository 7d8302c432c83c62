"""Shards as a whole: the catalogue is closed over the registry, every card compiles, and the rules of
seed 003 (and the pack's decisions) hold in whole games: the Starting Phase, Domination's grace,
Attrition, the fast-speed windows, reproducible and replayable games with the invariants checked."""

from __future__ import annotations

import contextlib
from pathlib import Path

import test_shards_entries  # noqa: F401  (registers the scenarios)
from shards_table import SCENARIOS, SIM, Table

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.games.shards.sim import board, turns
from carddb.games.shards.sim.actions import responses
from carddb.packs.lookup import get_pack
from carddb.sim.cards import compile_catalogue, records_from_database
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_PLAY, GameOver
from carddb.sim.handlers import HandlerSet, build_table
from carddb.sim.match import GameSpec, play_game
from carddb.sim.options import SimOptions
from carddb.sim.playtest import run_batch
from carddb.sim.program import Event
from carddb.sim.runner import Request, prepare

PACK = get_pack("shards")
ROOT = Path(__file__).resolve().parents[2]


def test_every_registry_entry_has_a_handler() -> None:
    assert SIM.handlers.missing(PACK.language.registry) == []


def test_an_entry_without_a_handler_is_reported() -> None:
    partial = build_table("shards", HandlerSet())
    assert {"deal-damage", "develop", "fast", "affinity"} <= set(partial.missing(PACK.language.registry))


def test_every_example_sentence_has_an_executing_scenario() -> None:
    wanted = {(entry.name, example) for entry in PACK.language.registry for example in entry.examples}
    assert wanted - set(SCENARIOS) == set()
    assert set(SCENARIOS) - wanted == set()


def _catalogue():  # type: ignore[no-untyped-def]
    db, report = load_database(Project.at(ROOT), PACK)
    assert not report.errors
    return db, compile_catalogue(records_from_database(db, SIM), SIM)


def test_every_card_of_the_set_compiles() -> None:
    _, catalogue = _catalogue()
    assert {d.id: d.problems for d in catalogue.defs if d.problems} == {}
    by_id = catalogue.by_id
    assert by_id["spark-duelist"].keyword_conditions and by_id["spark-duelist"].keywords == {"blitz": 1}
    assert by_id["ambush-at-the-ford"].keywords == {"fast": 1}
    assert by_id["golden-lancer"].numbers["offence"] == 4 and by_id["free-port"].numbers == {"scrap:gold": 1}
    assert by_id["spire-of-the-conclave"].cost == 4 and by_id["spire-of-the-conclave"].cost_resources == (
        ("research", 2),
    )


def _plan(games: int, bots: tuple[str, ...] = ("random",), seed: int = 11, check: bool = True):  # type: ignore[no-untyped-def]
    db, _ = _catalogue()
    options = SimOptions(check_invariants=check)
    plan, _ = prepare(db, SIM, Request(games=games, seed=seed, bots=bots, options=options), Report())
    return plan


def test_games_are_reproducible_and_keep_every_invariant() -> None:
    plan = _plan(24)
    first, again = run_batch(plan, range(24)), run_batch(plan, range(24))
    assert [r.error for r in first] == [""] * 24
    key = [(r.winner, r.reason, r.turns, r.plays, [s.summary for s in r.seats]) for r in first]
    assert key == [(r.winner, r.reason, r.turns, r.plays, [s.summary for s in r.seats]) for r in again]
    assert {r.reason for r in first} <= {"domination", "domination (both)", "prosperity", "attrition", "turn cap"}


def test_greedy_games_keep_every_invariant_and_play_fast_cards_in_windows() -> None:
    records = run_batch(_plan(30, ("greedy",), seed=5), range(30))
    assert [r.error for r in records] == [""] * 30
    windows = {when for r in records for _, when, _ in r.plays if when}
    assert windows and all(when.startswith("fast: ") for when in windows)


def test_a_logged_game_replays_to_the_same_end() -> None:
    from carddb.sim.gamelog import game_log, replay
    from carddb.sim.playtest import catalogue_for

    plan = _plan(4, ("greedy", "random"), check=False)
    sim, catalogue = catalogue_for(plan)
    spec = plan.spec(3)
    options = SimOptions(log=True)
    logged = play_game(sim, catalogue, spec, options)
    again = replay(game_log("game-3", spec, options, logged), sim, catalogue)
    assert again.matches, again.difference
    assert (again.record.winner, again.record.turns) == (logged.winner, logged.turns)


# -- the Starting Phase -------------------------------------------------------------------------------


def _set_up(seed: int = 3):  # type: ignore[no-untyped-def]
    plan = _plan(2, check=True)
    from carddb.sim.match import start_game
    from carddb.sim.playtest import catalogue_for

    sim, catalogue = catalogue_for(plan)
    spec = GameSpec(0, seed, plan.matchups[0], 0, ("random", "random"))
    game = start_game(sim, catalogue, spec, SimOptions(check_invariants=True))
    turns.starting_phase(game)
    return game


def test_the_starting_phase_puts_three_starting_cards_of_cost_three_at_most_in_play() -> None:
    for seed in range(12):
        game = _set_up(seed)
        for player in range(2):
            begun = [u for u in game.play[player]]
            costs = sum(game.defs[u].cost + sum(n for _, n in game.defs[u].cost_resources) for u in begun)
            assert 2 <= len(begun) <= 3 and costs <= 3
            assert all(game.defs[u].keywords.get("starting") for u in begun)
            assert any(game.defs[u].kind == "building" for u in begun)  # a Building whenever one can be
            rest = [*game.deck_of(player), *game.hands[player]]
            starting_left = [u for u in rest if game.defs[u].keywords.get("starting")]
            assert len(starting_left) == 7 - len(begun)  # the removed and the unchosen went into the deck
        second = 1 - game.first
        bonus = len(game.hands[second]) - 5 + board.advanced_total(game, second)
        assert len(game.hands[game.first]) == 5 and bonus == 1


def test_a_choice_of_three_is_required_when_three_fit_the_cost() -> None:
    t = Table()
    cheap = [t.card("unit", "Starting", zone="deck", cost=1) for _ in range(3)]
    costly = t.card("building", "Starting", zone="deck", cost=2)
    # a Building first: the Building (2) and one of the units (1); no three-card choice holds it
    assert next(c.targets for c in turns.starting_choices(t.g, 0, [*cheap, costly])) in {
        tuple(sorted((costly, unit))) for unit in cheap
    }
    assert {len(c.targets or ()) for c in turns.starting_choices(t.g, 0, cheap)} == {3}  # three when they fit
    expensive = [t.card("unit", "Starting", zone="deck", cost=2) for _ in range(3)]
    assert {len(c.targets or ()) for c in turns.starting_choices(t.g, 0, expensive)} == {1}


def test_a_player_without_a_building_is_not_dominated_before_the_end_of_their_first_turn() -> None:
    t = Table()
    keep = t.keeps[0]
    t.g.place[keep] = ZONE_PLAY
    t.g.move(keep, ZONE_DISCARD)
    t.g.counters[0]["grace"] = 1
    t.settle()  # no Domination yet
    t.g.active = 0
    with contextlib.suppress(GameOver):
        turns.play_turn(t.g)
    assert t.g.over and t.g.winner == 1 and t.g.end_reason == "domination"


# -- Attrition, windows ---------------------------------------------------------------------------------


def test_attrition_expends_a_resource_for_each_card_and_loses_when_it_cannot() -> None:
    t = Table()
    for uid in list(t.g.deck_of(0)):
        t.g.move(uid, ZONE_DISCARD)
    t.give(0, 1, gold=1)
    t.cast(0, t.card("sorcery", "Draw two cards."))
    assert t.g.pool[0] + board.advanced_total(t.g, 0) == 0 and not t.g.over
    with contextlib.suppress(GameOver):
        t.cast(0, t.card("sorcery", "Draw a card."))
    assert t.g.over and t.g.winner == 1 and t.g.end_reason == "attrition"


def test_fast_cards_answer_only_an_opponent_and_only_in_a_window() -> None:
    t = Table()
    smite = t.card("miracle", "Fast\nDeal 3 damage to target attacking Unit.", owner=1)
    attacker = t.unit(0)
    assert not t.offered(1, "cast", smite)  # not at sorcery speed on the opponent's... nor with no attacker
    t.g.marks["attacking"][attacker] = 1
    window = Event("attack-declared", 0, -1, 1)
    assert [a.uid for a in responses(t.g, 1, window)] == [smite]
    own = Event("plays", 1, smite)
    assert responses(t.g, 1, own) == []  # nothing of its own player's to answer
    t.g.marks["attacking"][attacker] = 0


def test_sanctuary_exhausts_the_attackers_before_damage_and_they_deal_none() -> None:
    t = Table()
    sanctuary = t.card("miracle", "Fast\nExhaust each attacking Unit.", owner=1)
    raiders = [t.unit(0, offence=3), t.unit(0, offence=3)]
    t.agents[1].responses.append(("cast", sanctuary))
    t.attack(0, raiders)
    assert t.g.damage[t.keeps[1]] == 0 and all(t.g.used[u] for u in raiders)


def test_a_territory_without_a_building_ceases_and_takes_its_units() -> None:
    t = Table()
    land = t.card("territory", owner=1, zone="play")
    t.g.marks["territory"][land] = land + 1
    tower = t.card("building", owner=1, zone="play", territory=land + 1)
    guard = t.unit(1, territory=land + 1)
    t.cast(0, t.card("sorcery", "Destroy target Building."), [tower])
    assert t.zone_of(land) == ZONE_DISCARD and t.zone_of(guard) == ZONE_DISCARD
    assert t.zone_of(t.keeps[1]) == ZONE_PLAY


def test_a_building_founds_a_territory_with_a_territory_card() -> None:
    t = Table()
    land, tower = t.card("territory"), t.card("building")
    found = [a for a in t.options(0) if a.verb == "found"]
    assert [(a.uid, a.index) for a in found] == [(land, tower)]
    t.do(0, Action("found", land, tower))
    assert t.zone_of(land) == ZONE_PLAY and t.g.marks["territory"][tower] == land + 1
    assert board.territories(t.g, 0) == [board.starting_territory(0), land + 1]
    assert t.zone_of(land) != ZONE_DECK
