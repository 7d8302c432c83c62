"""Every example of the time windows (the next card of a kind, delayed triggers, the opponent's next turn,
once-per-turn moments), executed on the reference game's table across real turn boundaries.

A turn here is what a pack's turn does around its phases: the turn ends (`turn-end`, effects that
lasted until then expire), the next player's turn begins (`begin_turn`, `turn-start`) and the
triggered abilities waiting resolve. A card is played as a pack plays it: it moves, then `note_play`.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from phrasebook_table import SCENARIOS, Table, run_scenario, scenario

from carddb.sim.broad_state import end_phase, expire_lasting, mark, stat
from carddb.sim.direct import run_pending, run_program
from carddb.sim.events import emit
from carddb.sim.game import ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, ZONE_SHARED, ZONE_STACK, Game
from carddb.sim.program import Event
from carddb.sim.turns import begin_turn
from carddb.sim.windows_state import note_act, note_play


def next_turn(t: Table, resolve: Callable[[Game], None] = run_pending) -> None:
    """The active player's turn ends and the next player's begins; `resolve` carries out the triggered
    abilities waiting (a game without a stack at once, or `stack.run` in a game with one)."""
    g = t.g
    emit(g, Event("turn-end", g.active))
    resolve(g)
    expire_lasting(g)
    g.active = g.next_player(g.active)
    begin_turn(g, g.active)
    emit(g, Event("turn-start", g.active))
    resolve(g)
    t.check()


def play(t: Table, uid: int, player: int = 0) -> None:
    """`player` plays a card from their hand: a permanent enters play, an Instant resolves."""
    g = t.g
    if g.defs[uid].kind == "instant":
        g.move(uid, ZONE_STACK)
        note_play(g, player, uid)
        assert run_program(g, g.defs[uid].effect, uid, player)
        g.move(uid, ZONE_DISCARD)
    else:
        g.move(uid, ZONE_PLAY, player)
        note_play(g, player, uid)
    run_pending(g)
    t.check()


def cost_change(t: Table, uid: int) -> int:
    """How much more (or less) the card costs now than printed: what the game charges for it."""
    return sum(s.amount for source, s in t.g.statics("cost") if s.applies(t.g, source, uid))


def targetable(t: Table, uid: int, player: int = 1) -> bool:
    """Whether `player` may aim `Deal 1 damage to target creature` at the card."""
    card = t.card("instant", "Deal 1 damage to target creature.", owner=player, zone="hand")
    t.agents[player].picks = [uid]
    g = t.g.copy()  # a what-if: the attempt changes nothing
    return run_program(g, g.defs[card].effect, card, player) and g.damage[uid] == 1


# -- the next card of a kind ----------------------------------------------------------------------


@scenario("next-card-gets", "Your next creature this turn gets +3 power.")
def _next_gets(t: Table, text: str) -> None:
    early = t.card()  # in play before: not the next one
    first, second = t.card(zone="hand"), t.card(zone="hand")
    t.run(text)
    assert stat(t.g, early, "power") == 2 and stat(t.g, first, "power") == 2
    play(t, first)
    play(t, second)
    assert (stat(t.g, first, "power"), stat(t.g, second, "power"), stat(t.g, early, "power")) == (5, 2, 2)
    next_turn(t)
    assert stat(t.g, first, "power") == 2  # it lasted this turn


@scenario("next-card-gets", "The next creature you play this turn gets +1/+1.")
def _next_gets_pair(t: Table, text: str) -> None:
    theirs, mine = t.card(owner=1, zone="hand"), t.card(zone="hand")
    t.run(text)
    play(t, theirs, player=1)  # an opponent's play does not use it up
    play(t, mine)
    assert (stat(t.g, mine, "power"), stat(t.g, mine, "toughness"), stat(t.g, theirs, "power")) == (3, 3, 2)


@scenario("next-card-costs", "The next Instant you play this turn costs 2 less.")
def _next_costs(t: Table, text: str) -> None:
    first, second = t.card("instant", zone="hand"), t.card("instant", zone="hand")
    creature, theirs = t.card(zone="hand"), t.card("instant", owner=1, zone="hand")
    t.run(text)
    assert (cost_change(t, first), cost_change(t, second), cost_change(t, creature), cost_change(t, theirs)) == (
        -2,
        -2,
        0,
        0,
    )
    play(t, creature)
    assert cost_change(t, first) == -2  # a creature is not the next Instant
    play(t, first)
    assert cost_change(t, second) == 0  # used by the first Instant played


@scenario("next-card-costs", "The next Instant you play this turn costs 1 energy more.")
def _next_costs_more(t: Table, text: str) -> None:
    theirs, first, second = (
        t.card("instant", owner=1, zone="hand"),
        t.card("instant", zone="hand"),
        t.card("instant", zone="hand"),
    )
    t.run(text)
    assert (cost_change(t, theirs), cost_change(t, first), cost_change(t, second)) == (0, 1, 1)
    play(t, first)
    assert cost_change(t, second) == 0


@scenario("next-card-costs", "Reduce the cost of the next Instant you play this round by 1.")
def _next_costs_phase(t: Table, text: str) -> None:
    held = t.card("instant", zone="hand")
    t.run(text)
    assert cost_change(t, held) == -1
    end_phase(t.g, "round")
    assert cost_change(t, held) == 0  # the round ended with no Instant played


@scenario("next-card-goes", "Put the next artifact you acquire this turn into your hand.")
def _next_goes(t: Table, text: str) -> None:
    creature = t.card(zone="supply")
    first, second = t.card("artifact", zone="supply"), t.card("artifact", zone="supply")
    t.run(text)
    for uid in (creature, first, second):  # the game's rules gain each card, then say so
        t.g.move(uid, ZONE_DISCARD)
        t.emit(Event("gains-card", 0, uid))
    assert (t.zone(creature), t.zone(first), t.zone(second)) == (ZONE_DISCARD, ZONE_HAND, ZONE_DISCARD)


# -- delayed triggers ---------------------------------------------------------------------------


@scenario("next-turn-start", "At the start of your next turn, draw 2 cards.")
def _next_turn_start(t: Table, text: str) -> None:
    t.deck(6)
    t.run(text)
    assert len(t.hand()) == 0
    next_turn(t)  # the opponent's turn: nothing yet
    assert len(t.hand()) == 0
    next_turn(t)  # yours: it fires
    assert len(t.hand()) == 2
    next_turn(t)
    next_turn(t)  # and only once
    assert len(t.hand()) == 2


@scenario("next-turn-start", "At the end of this turn, return it to your hand.")
def _end_of_this_turn(t: Table, text: str) -> None:
    creature = t.card(zone="hand")
    t.run("Put a creature from your hand into play. " + text)
    assert t.zone(creature) == ZONE_PLAY
    next_turn(t)
    assert t.zone(creature) == ZONE_HAND  # back as this turn ended, once
    t.run("Put a creature from your hand into play.")
    next_turn(t)
    assert t.zone(creature) == ZONE_PLAY


def test_an_effect_during_the_opponents_next_turn_happens_as_it_starts_for_its_controller() -> None:
    t = Table()
    mine, theirs = t.card(toughness=9), t.card(owner=1, toughness=9)
    text = (
        "During your opponent's next turn, prevent the next 3 damage that would be dealt to target creature this turn."
    )
    t.run(text, targets=[mine])  # chosen now
    t.run("Deal 5 damage to target creature.", player=1, targets=[mine])
    assert t.g.damage[mine] == 5  # not yet
    next_turn(t)
    t.run("Deal 5 damage to each creature.", player=1)
    assert (t.g.damage[mine], t.g.damage[theirs]) == (7, 5)
    next_turn(t)
    t.run("Deal 1 damage to target creature.", player=1, targets=[mine])
    assert t.g.damage[mine] == 8  # that turn is over


def test_at_the_start_of_your_opponents_next_turn() -> None:
    t = Table()
    t.deck(2, owner=1)
    t.run("At the start of your opponent's next turn, each opponent draws a card.")
    next_turn(t)
    assert len(t.hand(1)) == 1 and len(t.hand(0)) == 0


@scenario(
    "set-aside",
    "Set aside up to 2 cards from your hand face down. At the start of your next turn, put them into your hand.",
)
def _set_aside(t: Table, text: str) -> None:
    kept, also, left = t.card(zone="hand"), t.card(zone="hand"), t.card(zone="hand")
    t.agents[0].picks = [kept, also]
    t.run(text)
    assert t.hand() == [left]
    assert t.zone(kept) >= ZONE_SHARED and t.zone(also) == t.zone(kept) and kept not in t.g.known[1]
    next_turn(t)
    assert t.zone(kept) != ZONE_HAND
    next_turn(t)
    assert sorted(t.hand()) == sorted([kept, also, left])


# -- during the opponent's next turn --------------------------------------------------------------


@scenario("during-next-turn", "During your opponent's next turn, this creature can't be targeted.")
def _during_next_turn(t: Table, text: str) -> None:
    creature = t.card("creature", "Exhaust this card: " + text)
    t.activate(creature)
    assert targetable(t, creature)  # not yet: it is still your turn
    next_turn(t)
    assert not targetable(t, creature)
    next_turn(t)
    assert targetable(t, creature)  # over when their turn is


@scenario("during-next-turn", "During your opponent's next turn, this creature takes 2 less damage from attacks.")
def _during_next_turn_damage(t: Table, text: str) -> None:
    creature = t.card("creature", "Exhaust this card: " + text, toughness=9)
    attacker = t.card(owner=1)
    t.activate(creature)
    next_turn(t)
    mark(t.g, "attacking")[attacker] = 1
    t.run("Deal 3 damage to target creature.", player=1, targets=[creature])
    assert t.g.damage[creature] == 1
    mark(t.g, "attacking")[attacker] = 0
    next_turn(t)
    mark(t.g, "attacking")[creature] = 1
    t.run("Deal 3 damage to target creature.", player=1, targets=[creature])
    assert t.g.damage[creature] == 4  # your turn again: all of it


@scenario("damage-reduction", "This creature takes 1 less damage.")
def _takes_less(t: Table, text: str) -> None:
    creature, other = t.card("creature", text, toughness=9), t.card(toughness=9)
    t.run("Deal 3 damage to each creature.", player=1)
    assert (t.g.damage[creature], t.g.damage[other]) == (2, 3)


@scenario("damage-reduction", "Prevent all damage done to this creature by attacks.")
def _no_attack_damage(t: Table, text: str) -> None:
    creature, attacker = t.card("creature", text, toughness=9), t.card(owner=1)
    t.run("Deal 3 damage to target creature.", player=1, targets=[creature])
    assert t.g.damage[creature] == 3  # not an attack's damage
    mark(t.g, "attacking")[attacker] = 1
    t.run("Deal 3 damage to target creature.", player=1, targets=[creature])
    assert t.g.damage[creature] == 3


# -- once per turn ------------------------------------------------------------------------------


@scenario("first-time-each-turn", "The first time each turn this creature quests, gain 1 life.")
def _first_time(t: Table, text: str) -> None:
    creature = t.card("creature", text)
    for _ in range(2):
        t.emit(Event("acts:quest", 0, creature))
    assert t.life(0) == 21
    next_turn(t)
    t.emit(Event("acts:quest", 0, creature))
    assert t.life(0) == 22  # the first time of another turn


@scenario("during-your-turn-when", "During your turn, whenever a creature enters play, gain 1 life.")
def _during_your_turn(t: Table, text: str) -> None:
    t.card("artifact", text)
    t.card(zone="hand"), t.card(zone="hand")
    t.run("Put a creature from your hand into play.")
    t.run("Put a creature from your hand into play.")
    assert t.life(0) == 22
    next_turn(t)
    theirs = t.card(owner=1, zone="hand")
    t.run("Put a creature from your hand into play.", player=1)
    assert t.zone(theirs) == ZONE_PLAY and t.life(0) == 22  # not during your turn


@scenario("put-into-zone", "Whenever a creature is put into your hand, gain 1 life.")
def _put_into(t: Table, text: str) -> None:
    t.card("artifact", text)
    mine, theirs, artifact = t.card(), t.card(owner=1), t.card("artifact")
    t.run("Return target creature to its owner's hand.", targets=[theirs])
    assert t.zone(theirs) == ZONE_HAND and t.life(0) == 20  # into an opponent's hand
    t.run("Return target artifact to its owner's hand.", targets=[artifact])
    assert t.life(0) == 20  # not a creature
    t.run("Return target creature to its owner's hand.", targets=[mine])
    assert t.zone(mine) == ZONE_HAND and t.life(0) == 21


@scenario("first-card-costs", "The first Instant you play each turn costs 1 less.")
def _first_card_costs(t: Table, text: str) -> None:
    t.card("artifact", text)
    first, second = t.card("instant", zone="hand"), t.card("instant", zone="hand")
    assert (cost_change(t, first), cost_change(t, second)) == (-1, -1)
    play(t, first)
    assert cost_change(t, second) == 0
    next_turn(t)
    next_turn(t)
    assert cost_change(t, second) == -1  # a new turn


@scenario("acted-this-turn", "If this creature quested this turn, draw a card.")
def _acted_this_turn(t: Table, text: str) -> None:
    t.deck(4)
    creature, other = t.card("creature", text), t.card()
    effect = t.g.defs[creature].effect
    note_act(t.g, 0, "quest", other)  # another creature quested; so did its player
    note_act(t.g, 0, "quest")
    run_program(t.g, effect, creature, 0)
    assert len(t.hand()) == 0
    note_act(t.g, 0, "quest", creature)
    run_program(t.g, effect, creature, 0)
    assert len(t.hand()) == 1
    next_turn(t)
    next_turn(t)
    run_program(t.g, effect, creature, 0)
    assert len(t.hand()) == 1  # that was another turn


def test_a_player_who_did_a_verb_this_turn_is_told_apart_from_a_card() -> None:
    t = Table()
    t.deck(4)
    card = t.card("instant", "If you quested this turn, draw a card.", zone="hand")
    note_act(t.g, 0, "quest", 0)  # card 0 quested: not the player 0
    play(t, card)
    assert len(t.hand()) == 0
    note_act(t.g, 0, "quest")
    t.g.move(card, ZONE_HAND, 0)
    play(t, card)
    assert len(t.hand()) == 1


@scenario(
    "first-time-played", "If this is the first time you played this card this turn, take an extra turn after this one."
)
def _first_time_played(t: Table, text: str) -> None:
    card = t.card("instant", text, zone="hand")
    play(t, card)
    assert t.g.tallies.get(("extra-turn", 0)) == 1
    t.g.move(card, ZONE_HAND, 0)
    play(t, card)  # the second time this turn: no other extra turn
    assert t.g.tallies.get(("extra-turn", 0)) == 1


def test_a_delayed_trigger_of_an_opponents_effect_waits_for_its_controllers_turn() -> None:
    t = Table()
    t.deck(4, owner=1)
    t.deck(4)
    t.run("At the start of your next turn, draw 2 cards.", player=1)
    next_turn(t)  # player 1's turn: theirs fires
    assert (len(t.hand(0)), len(t.hand(1))) == (0, 2)


def test_a_delayed_trigger_goes_on_the_stack_in_a_game_with_one() -> None:
    from carddb.sim.stack import run

    t = Table()
    t.deck(4)
    t.run("At the start of your next turn, draw 2 cards.")
    next_turn(t, run)
    next_turn(t, run)
    assert len(t.hand()) == 2 and not t.g.stack


def test_during_your_next_turn_holds_on_your_next_turn_only() -> None:
    t = Table()
    creature = t.card()
    t.run("During your next turn, creatures you control get +1/+1.")
    assert stat(t.g, creature, "power") == 2
    next_turn(t)
    assert stat(t.g, creature, "power") == 2  # the opponent's turn
    next_turn(t)
    assert stat(t.g, creature, "power") == 3
    later = t.card()  # a group: whatever it names while it holds
    assert stat(t.g, later, "power") == 3
    next_turn(t)
    assert stat(t.g, creature, "power") == 2


def test_the_next_card_modifier_ends_with_the_turn_when_no_card_claimed_it() -> None:
    t = Table()
    t.run("Your next creature this turn gets +3 power.")
    next_turn(t)
    next_turn(t)
    creature = t.card(zone="hand")
    play(t, creature)
    assert stat(t.g, creature, "power") == 2 and not any(getattr(e, "hear", None) for e in t.g.lasting)


@pytest.mark.parametrize("key", SCENARIOS.keys_of(__name__), ids=lambda k: f"{k[0]}: {k[1]}")
def test_scenario(key: tuple[str, str]) -> None:
    run_scenario(key)
