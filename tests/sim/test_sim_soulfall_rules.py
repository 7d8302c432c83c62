"""Seed 004's rules as the engine plays them: set-up, the turn, the five Actions' limits, the end and the score.

Expected numbers are the seed's (Setup, Player Turns, Deify, Ending the Game and Scoring),
and the tests that change a rule number build a pack with other numbers to show that the
engine reads them from `GamePack.numbers`, not from literals.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace

import pytest
from soulfall_table import PACK, SIM, Table, box

from carddb.games.soulfall.sim.board import ACTIONS, FOLLOWERS, REFERENCES, SHELLS, TEMPLES, points
from carddb.games.soulfall.sim.simulator import SoulfallSimulator
from carddb.games.soulfall.sim.turns import end_triggers, scored_winner
from carddb.sim.cards import compile_catalogue
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, GameOver
from carddb.sim.gamelog import game_log, replay
from carddb.sim.invariants import violations
from carddb.sim.match import GameSpec, play_game
from carddb.sim.options import SimOptions
from carddb.sim.placement import open_spaces, space_uses
from carddb.sim.sides import turn_over

# -- set-up --------------------------------------------------------------------------------------


def test_set_up_follows_the_seed() -> None:
    t = Table(seed=11, empty=False)
    g = t.g
    for player in (0, 1):
        assert t.kinds(player) == ["follower", "follower", "shell", "shell"]
        assert all(g.face_down[u] for u in g.play[player] if g.defs[u].kind == "shell")  # kept secret
        assert len(g.hands[player]) == 3
    assert (t.middle(ACTIONS), t.middle(REFERENCES), t.middle(TEMPLES)) == (5, 2, 8)
    assert (t.middle(FOLLOWERS), t.middle(SHELLS)) == (12 - 4, 12 - 4)
    assert len(g.discard) == 1 and len(g.deck) == 16 - 6 - 1  # the top card of the deck starts the discard


def test_set_up_reads_the_packs_numbers() -> None:
    changed = {"starting-hand": 4, "starting-followers": 3, "starting-shells": 1}
    numbers = tuple(replace(n, value=changed.get(n.id, n.value)) for n in PACK.numbers)
    sim = SoulfallSimulator(replace(PACK, numbers=numbers))
    matchup, records = box()
    game = sim.new_game(compile_catalogue(records, sim), matchup, 3, 0, SimOptions())
    assert [len(hand) for hand in game.hands] == [4, 4]
    assert sorted(game.defs[u].kind for u in game.play[0]) == ["follower"] * 3 + ["shell"]


# -- the turn ------------------------------------------------------------------------------------------


def _turn(t: Table) -> list[str]:
    t.g.log = []
    with contextlib.suppress(GameOver):
        SIM.play_turn(t.g)
    return t.g.log


def test_a_turn_temples_first_then_two_actions_then_the_other_players_one() -> None:
    t = Table()
    for player in (0, 1):
        for _ in range(2):
            t.tribe(player, "follower")
    t.tribe(0, "temple-of-the-ruminator")  # "At the start of your turn, draw a card."
    t.tribe(1, "temple-of-the-interloper")  # the other player's Temple does nothing on this turn
    t.want(0, "Flourish", "gain-follower", "Prospect", "gain-shell")
    t.want(1, "Meditate")
    log = _turn(t)
    acts = [line.split(": ", 1)[1] for line in log if "selects" in line or "uses the" in line]
    assert acts == [
        "P1 uses the Temple of the Ruminator",
        "P1 selects Flourish",
        "P1 selects Prospect",
        "P2 selects Meditate",
    ]
    # P2 chose among the three Actions P1 left face up.
    assert t.agents[1].asked[0] == ("select an Action", ["Meditate", "Deify", "Beseech"])
    assert len(open_spaces(t.g, ACTIONS)) == 5 and t.g.active == 1  # face up again; P2's turn next
    assert space_uses(t.g, 0) == {"flourish": 1, "prospect": 1} and space_uses(t.g, 1) == {"meditate": 1}


def test_the_active_player_orders_their_temples() -> None:
    t = Table()
    t.tribe(0, "temple-of-the-propagator")  # if no Citadel, build one
    t.tribe(0, "temple-of-the-sunderer")  # you may break a Shell
    t.tribe(0, "follower")
    t.tribe(0, "shell-of-silence")  # its Broken side: Consecrate
    t.want(0, "Temple of the Sunderer", "Temple of the Propagator")  # Consecrate turns the Propagator's
    log = _turn(t)
    assert [line for line in log if "uses the" in line] == ["T1 P1: P1 uses the Temple of the Sunderer"]
    assert t.count(0, "shrine") == 1 and t.count(0, "citadel") == 0  # the Shrine grants nothing


def test_more_actions_a_turn_when_the_pack_says_so() -> None:
    numbers = tuple(replace(n, value=3) if n.id == "active-actions" else n for n in PACK.numbers)
    sim = SoulfallSimulator(replace(PACK, numbers=numbers))
    t = Table()
    t.g.sim = sim
    log = _turn(t)
    assert [line.split(": ")[1][:2] for line in log if "selects" in line] == ["P1", "P1", "P1", "P2"]


# -- the Actions' rules ----------------------------------------------------------------------------------


def test_flourish_builds_a_citadel_only_with_more_followers_than_citadels() -> None:
    t = Table()
    t.tribe(0, "follower")
    t.tribe(0, "follower", back=True)
    t.select(0, "flourish")
    assert t.agents[0].asked == []  # one way only: gain a Follower (no choice asked)
    assert (t.count(0, "follower"), t.count(0, "citadel")) == (2, 1)


def test_an_action_that_can_do_nothing_can_still_be_selected() -> None:
    t = Table()  # no Lord card in hand: Deify and Beseech do nothing, but the Action card is taken
    t.select(0, "deify")
    assert t.kinds(0) == [] and open_spaces(t.g, ACTIONS) == [
        t.uid(a) for a in ("meditate", "flourish", "prospect", "beseech")
    ]


def test_deify_within_the_temple_limits() -> None:
    t = Table()
    t.tribe(0, "temple-of-the-interloper")
    t.tribe(0, "temple-of-the-ruminator")
    t.hand(0, "the-sunderer-tidal")  # a third Temple: beyond the limit of 2
    t.hand(0, "the-interloper-wrathful")  # a second Interloper Temple: beyond 1 of a Lord; a Shrine instead
    from carddb.games.soulfall.sim.actions import deify_options

    assert [o.label for o in deify_options(t.g, 0)] == ["The Interloper, Wrathful: a Shrine"]
    t.select(0, "deify")
    assert t.kinds(0) == ["shrine", "temple"]
    # A Shrine is not a Temple: the Interloper's other Temple may now be raised, and so may the Sunderer's.
    t.hand(0, "the-interloper-grasping")
    labels = [o.label for o in deify_options(t.g, 0)]
    assert labels == ["The Sunderer, Tidal: its Temple", "The Interloper, Grasping: its Temple"]


def test_a_shrine_leaves_its_lord_scorned() -> None:
    t = Table()
    temple = t.tribe(0, "temple-of-the-ruminator")
    t.hand(1, "the-propagator-rooted")
    card = t.hand(0, "the-ruminator-brooding")  # "Meditate / Scorned - Each opponent discards a card at random."
    t.beseech(0, card)
    assert len(t.g.hands[1]) == 1  # Worshipped by P1: not Scorned
    turn_over(t.g, temple)  # Deify turned the Temple into a Shrine: no Tribe Worships the Ruminator now
    t.g.move(card, ZONE_HAND, 0)
    t.beseech(0, card)
    assert len(t.g.hands[1]) == 0


def test_prospect_breaks_at_most_the_packs_number_of_shells() -> None:
    t = Table()
    for shell in ("shell-of-thorns", "shell-of-embers", "shell-of-echoes"):
        t.tribe(0, shell)
    t.hand(1, "the-propagator-rooted")
    t.want(0, "break", "break")
    t.select(0, "prospect")
    assert t.count(0, "broken-shell") == 2 and t.count(0, "shell") == 1
    offered = [labels for reason, labels in t.agents[0].asked if reason.startswith("Prospect")]
    assert len(offered) == 2 and offered[1][0] == "pass"  # the second Shell is optional ("up to")


def test_an_empty_lord_deck_is_made_again_from_the_discard_pile_with_a_new_discard() -> None:
    t = Table()
    while t.g.deck:
        t.g.move(t.g.deck[-1], ZONE_DISCARD)
    t.select(0, "meditate")
    g = t.g
    # 16 Lord cards: 2 drawn, 1 of them discarded after Meditate, 1 turned up to start the new discard pile.
    assert len(g.hands[0]) == 1 and len(g.discard) == 2 and len(g.deck) == 16 - 2 - 1


# -- the end and the score --------------------------------------------------------------------------------


def test_the_game_ends_at_the_end_of_a_turn_on_either_players_shrines() -> None:
    t = Table()
    for lord in ("interloper", "ruminator"):
        t.tribe(1, f"temple-of-the-{lord}", back=True)
    t.tribe(1, "temple-of-the-sunderer")
    t.hand(1, "the-sunderer-hollow")  # "Consecrate": P2's third Shrine, on P1's turn
    t.want(0, "Flourish", "Prospect")
    t.want(1, "Beseech")
    log = _turn(t)
    assert t.g.over and t.g.end_reason == "Shrines of Solitude" and log[-1].startswith("T1 P1: game over")
    assert t.g.winner == 1  # 3 Shrines (6 points) against a Follower and a Shell (3)


def test_the_game_ends_when_every_follower_or_every_shell_is_gained() -> None:
    t = Table()
    while t.g.zone_list(SHELLS, 0):
        t.g.move(t.g.zone_list(SHELLS, 0)[-1], ZONE_PLAY, 0, face_down=True)
    assert end_triggers(t.g) == ["every Shell gained"]
    while t.g.zone_list(FOLLOWERS, 0):
        t.g.move(t.g.zone_list(FOLLOWERS, 0)[-1], ZONE_PLAY, 1)
    assert end_triggers(t.g) == ["every Follower gained", "every Shell gained"]


@pytest.mark.parametrize(
    ("first", "second", "winner"),
    [
        # (Tribe of P1, Tribe of P2): the most points; tied, the most cards; still tied, nobody ("play again")
        ((("follower", True),), (("follower", False),), 0),  # a Citadel (3) beats a Follower (1)
        ((("shell", False), ("follower", False)), (("follower", True),), 0),  # 3 points each: 2 cards beat 1
        ((("shell", True),), (("follower", False),), None),  # a Broken Shell (1) and a Follower (1): a tie
        ((("temple", False),), (), None),  # a Temple scores 0 points, but is still a card of the Tribe... tied 0
    ],
)
def test_scoring_follows_the_seeds_table(first: tuple, second: tuple, winner: int | None) -> None:
    t = Table()
    ids = {"follower": "follower", "shell": "shell-of-tides", "temple": "temple-of-the-ruminator"}
    for player, cards in ((0, first), (1, second)):
        for kind, back in cards:
            t.tribe(player, ids[kind], back=back)
    if first == (("temple", False),):
        assert points(t.g, 0) == 0 and scored_winner(t.g) == 0  # more cards in the Tribe breaks the tie
        return
    assert scored_winner(t.g) == winner


# -- whole games: reproducible, replayable, legal -------------------------------------------------------------


def _spec(index: int, bots: tuple[str, str] = ("random", "random")) -> tuple[GameSpec, object]:
    matchup, records = box()
    return GameSpec(index, 1000 + index, matchup, index % 2, bots), compile_catalogue(records, SIM)


def test_games_are_reproducible_by_seed_and_replay_from_their_log() -> None:
    spec, catalogue = _spec(3, ("greedy", "random"))
    options = SimOptions(log=True, check_invariants=True)
    one, two = play_game(SIM, catalogue, spec, options), play_game(SIM, catalogue, spec, options)
    assert not one.error and one.log == two.log and one.decisions == two.decisions and one.winner == two.winner
    result = replay(game_log("soulfall", spec, options, one), SIM, catalogue)
    assert result.matches, result.difference


@pytest.mark.parametrize("bots", [("random", "random"), ("greedy", "random")])
def test_games_end_and_stay_legal_after_every_action(bots: tuple[str, str]) -> None:
    records = []
    for index in range(120 if bots[0] == "random" else 20):
        spec, catalogue = _spec(index, bots)
        records.append(play_game(SIM, catalogue, spec, SimOptions(check_invariants=True)))
    assert [r.error for r in records if r.error] == []
    assert all(r.reason != "turn cap" for r in records)  # the seed's end triggers end every game
    assert {r.seats[0].summary["points"] >= 0 for r in records} == {True}


def test_an_illegal_state_is_reported() -> None:
    t = Table()
    card = t.uid("the-ruminator-weary")
    t.g.move(card, ZONE_PLAY, 0)  # a Lord card in a Tribe
    for lord in ("interloper", "ruminator", "sunderer"):
        t.tribe(1, f"temple-of-the-{lord}")  # three Temples
    problems = violations(t.g)
    assert any("Tribe holds the-ruminator-weary, a lord" in p for p in problems)
    assert any("P2 has Temples beyond the limits" in p for p in problems)
    t = Table()
    t.do(0, Action("select", t.uid("meditate")))
    with pytest.raises(ValueError, match="meditate is already taken"):
        t.do(0, Action("select", t.uid("meditate")))  # a face-down Action cannot be selected again


# -- the bots --------------------------------------------------------------------------------------------


def _tables_differing_in_the_opponents_hand() -> tuple[Table, Table]:
    tables = []
    for theirs in ("the-propagator-teeming", "the-sunderer-hollow"):
        t = Table()
        t.hand(0, "the-interloper-grasping")
        t.hand(1, theirs)
        tables.append(t)
    return tables[0], tables[1]


def test_the_greedy_bot_decides_the_same_whatever_the_opponent_holds_unseen() -> None:
    from carddb.runtime.rng import Rng
    from carddb.sim.agents import GreedyBot, imagine
    from carddb.sim.placement import space_options

    one, two = _tables_differing_in_the_opponents_hand()
    assert one.g.hands[1] != two.g.hands[1]
    worlds = [imagine(t.g, 0, Rng(4)) for t in (one, two)]
    assert worlds[0].hands[1] == worlds[1].hands[1] and worlds[0].deck == worlds[1].deck
    choices = [GreedyBot(9).act(t.g, 0, space_options(t.g, ACTIONS), "select an Action").uid for t in (one, two)]
    assert choices[0] == choices[1]


def test_the_greedy_bot_takes_points_when_nothing_else_is_worth_more() -> None:
    from carddb.sim.agents import GreedyBot
    from carddb.sim.placement import space_options

    t = Table()
    for shell in ("shell-of-tides", "shell-of-embers"):
        t.tribe(0, shell)
    # Prospect (a Shell: 2 points) beats Flourish (a Follower: 1), Meditate (cards), Deify and Beseech (no card).
    choice = GreedyBot(1).act(t.g, 0, space_options(t.g, ACTIONS), "select an Action")
    assert t.g.defs[choice.uid].id == "prospect"
