"""The simulator kit's pieces for games like SoulFall, tested on their own: spaces players select, double-sided
cards, fixed games' tables, condition keywords gating effects, and win rates by a pack's report tags."""

from __future__ import annotations

import pytest
from soulfall_table import SIM, Table, database

from carddb.findings.diagnostics import Report
from carddb.games.soulfall.sim.board import ACTIONS
from carddb.sim.analysis import analyse
from carddb.sim.compiler import CompileError, gate_ability
from carddb.sim.game import ZONE_DECK, ZONE_PLAY
from carddb.sim.placement import (
    open_spaces,
    reopen_spaces,
    space_options,
    space_taken_by,
    space_uses,
    take_space,
    taken_spaces,
)
from carddb.sim.plots import histogram
from carddb.sim.program import Ctx, EventMatch, Program, Static, Step, Timed
from carddb.sim.records import GameRecord, SeatRecord
from carddb.sim.sides import other_face, shows_back, turn_over
from carddb.sim.sources import from_decks
from carddb.sim.stack import execute

# -- spaces ---------------------------------------------------------------------------------------


def test_a_taken_space_is_closed_until_reopened_and_each_use_is_counted() -> None:
    t = Table()
    g = t.g
    meditate, deify = t.uid("meditate"), t.uid("deify")
    assert [a.uid for a in space_options(g, ACTIONS)] == open_spaces(g, ACTIONS) and len(open_spaces(g, ACTIONS)) == 5
    take_space(g, 1, deify)
    take_space(g, 0, meditate)
    assert meditate not in open_spaces(g, ACTIONS) and space_taken_by(g, meditate) == 0
    assert taken_spaces(g, ACTIONS) == [(meditate, 0), (deify, 1)]  # in the zone's order
    with pytest.raises(ValueError, match="already taken"):
        take_space(g, 1, meditate)
    reopen_spaces(g, ACTIONS)
    assert len(open_spaces(g, ACTIONS)) == 5 and taken_spaces(g, ACTIONS) == []
    take_space(g, 0, meditate)
    assert space_uses(g, 0) == {"meditate": 2} and space_uses(g, 1) == {"deify": 1}
    copy = g.copy()  # a bot's imagined world keeps which spaces are taken
    assert open_spaces(copy, ACTIONS) == open_spaces(g, ACTIONS)
    assert g.stats is not None and g.stats.played[0] == {"meditate"}  # a selection is the seat playing the card


# -- double-sided cards ---------------------------------------------------------------------------


def test_turning_a_card_over_shows_its_other_face_where_it_is() -> None:
    t = Table()
    g = t.g
    follower = t.tribe(0, "follower")
    assert g.in_play_of_kind()["follower"][0] == [follower]
    assert turn_over(g, follower) and g.defs[follower].id == "follower/back" and shows_back(g, follower)
    kinds = g.in_play_of_kind()
    assert kinds["follower"][0] == [] and kinds["citadel"][0] == [follower] and g.place[follower] == ZONE_PLAY
    assert turn_over(g, follower) and g.defs[follower].id == "follower"
    lord = t.uid("the-ruminator-weary", ZONE_DECK)
    assert other_face(g, lord) is None and not turn_over(g, lord)  # a single-sided card
    # In a deck the card keeps its place (a deck's order is the game).
    shell = t.uid("shell-of-tides")
    g.move(shell, ZONE_DECK, bottom=True)
    g.deck.insert(3, g.deck.pop(0))
    turn_over(g, shell)
    assert g.deck[3] == shell and g.defs[shell].kind == "broken-shell"


def test_every_face_of_a_double_sided_card_is_a_record() -> None:
    from carddb.sim.cards import records_from_database

    records = {r.id: r for r in records_from_database(database(), SIM)}
    assert records["shell-of-echoes/back"].text == "Meditate or Flourish."
    assert records["shell-of-echoes/back"].kind == "broken-shell" and records["shell-of-echoes"].kind == "shell"
    assert records["shell-of-echoes"].name == "Shell (Broken Shell of Echoes)"  # the report tells Shells apart


# -- a fixed game's table --------------------------------------------------------------------------


def test_a_fixed_game_plays_its_seats_with_the_whole_box() -> None:
    table = from_decks(database(), SIM, Report())
    assert table.fixed_table and [s.name for s in table.seats] == ["Tribe 1", "Tribe 2"]
    ((name, cards),) = table.decks
    assert name == "the box" and len(cards) == 55 and cards.count("follower") == 12


# -- condition keywords -------------------------------------------------------------------------------


def test_a_condition_keyword_gates_each_step_and_refuses_what_it_cannot_gate() -> None:
    from carddb.sim.core_handlers import Condition

    done: list[str] = []
    gate = Condition(lambda g, ctx: bool(g.turn))
    program = Program((Step(lambda g, ctx: done.append("a")), Step(lambda g, ctx: done.append("b"))))
    gated = gate_ability(program, gate)
    t = Table()
    execute(t.g, gated, Ctx(-1, 0))
    assert done == []  # turn 0: the condition does not hold
    t.g.turn = 1
    execute(t.g, gated, Ctx(-1, 0))
    assert done == ["a", "b"]
    static = gate_ability(Static("hand-size"), gate)
    t.g.turn = 0
    assert not static.applies(t.g, 0, 0)  # a gated continuous effect applies only while the condition holds
    t.g.turn = 1
    assert static.applies(t.g, 0, 0)
    timing = Timed("reaction", EventMatch(frozenset(), lambda g, ev, ctx: True), (), program)
    with pytest.raises(CompileError, match="cannot gate Timed"):
        gate_ability(timing, gate)


# -- the report ----------------------------------------------------------------------------------------


def _record(index: int, winner: int | None, tags: tuple[object, object]) -> GameRecord:
    seats = tuple(SeatRecord(f"S{i}", "random", (), (), {"lord": tags[i]}) for i in range(2))
    return GameRecord(index, index, "box", index % 2, winner, "end", 10, seats, (), ())


def test_win_rates_by_report_tag_count_each_word_a_seat_game_carries() -> None:
    records = [
        _record(0, 0, (["A", "B"], "C")),
        _record(1, 1, ("A", ["C"])),
        _record(2, None, ("A", None)),  # a draw: a game not won; a seat with no value counts under no word
    ]
    analysis = analyse(records, [], report_tags=("lord",))
    rates = {r.label: (r.wins, r.n) for r in analysis.by_tag["lord"]}
    assert rates == {"A": (1, 3), "B": (1, 1), "C": (1, 2)}
    assert analysis.to_json()["by_tag"]["lord"][0]["rate"] == 1.0  # B, the best, first
    assert analyse(records, []).by_tag == {}  # a pack without tags reports none


def test_a_histogram_has_a_colour_for_any_number_of_endings() -> None:
    endings = [f"way {i}" for i in range(9)]
    svg = histogram(list(range(9)), endings, "Game length")
    assert all(f"way {i}: 1 games" in svg for i in range(9))
