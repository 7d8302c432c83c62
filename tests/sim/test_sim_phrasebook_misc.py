"""Every example of carddb/rules/phrasebook_misc.py (protections, `that many`, `for every`, triggers with a cost,
other wordings), executed on the reference game's table: the change a player expects."""

from __future__ import annotations

import pytest
from phrasebook_table import SCENARIOS, Table, run_scenario, scenario

from carddb.sim.broad_state import has_keyword, stat
from carddb.sim.direct import run_program, run_triggered
from carddb.sim.events import emit
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, ZONE_STACK
from carddb.sim.ops import check_lethal
from carddb.sim.program import Event
from carddb.sim.stack import execute

# -- protections --------------------------------------------------------------------------------


@scenario("indestructible", "This creature cannot be destroyed by battle.")
def _not_by_battle(t: Table, text: str) -> None:
    kept, plain = t.card("creature", text, toughness=2), t.card(toughness=2)
    t.g.damage[kept] = t.g.damage[plain] = 3
    t.g.lethal_dirty = True
    check_lethal(t.g)
    assert t.zone(kept) == ZONE_PLAY and t.zone(plain) == ZONE_DISCARD
    t.run("Destroy target creature.", targets=[kept])  # an effect still destroys it
    assert t.zone(kept) == ZONE_DISCARD


@scenario("indestructible", "Creatures you control can't be destroyed.")
def _not_at_all(t: Table, text: str) -> None:
    t.card("artifact", text)
    mine, theirs = t.card(toughness=2), t.card(owner=1)
    t.run("Destroy target creature.", targets=[mine])
    t.run("Destroy target creature.", targets=[theirs])
    assert t.zone(mine) == ZONE_PLAY and t.zone(theirs) == ZONE_DISCARD
    t.g.damage[mine] = 5  # nor by lethal damage
    t.g.lethal_dirty = True
    check_lethal(t.g)
    assert t.zone(mine) == ZONE_PLAY


@scenario("untargetable", "This creature cannot be targeted by card effects.")
def _untargetable_by_effects(t: Table, text: str) -> None:
    kept = t.card("creature", text, owner=1)
    other = t.card(owner=1)
    t.run("Destroy target creature.")
    assert t.zone(other) == ZONE_DISCARD and t.zone(kept) == ZONE_PLAY  # the only creature that could be chosen


# -- effects ------------------------------------------------------------------------------------


@scenario("draw-that-many", "Discard up to two cards, then draw that many cards.")
def _that_many(t: Table, text: str) -> None:
    deck = t.deck(5)
    hand = [t.card(zone="hand") for _ in range(3)]
    t.agents[0].picks = hand[:2]
    t.run(text)
    gone = [u for u in hand if t.zone(u) == ZONE_DISCARD]
    drawn = [u for u in deck if t.zone(u) == ZONE_HAND]
    assert len(gone) == len(drawn) == 2 and len(t.hand()) == 3


@scenario("and-resource", "Target opponent draws two cards and loses 2 life.")
def _draws_and_loses(t: Table, text: str) -> None:
    t.deck(3, owner=1)
    t.run(text, targets=[1])
    assert (len(t.hand(1)), t.life(1), t.life(0), t.hand(0)) == (2, 18, 20, [])


@scenario("gain-stat-and-keyword", "When this card enters play, if you are holding a Goblin, gain +1/+1 and Flying.")
def _gain_and_flying(t: Table, text: str) -> None:
    t.card(subtype="goblin", zone="hand")
    holding = t.card("creature", text, zone="hand")
    t.run("Put target creature from your hand into play.", targets=[holding])
    assert (stat(t.g, holding, "power"), stat(t.g, holding, "toughness")) == (3, 3)
    assert has_keyword(t.g, holding, "kw-flying")
    other = Table()  # without a Goblin in hand, nothing happens
    alone = other.card("creature", text, zone="hand")
    other.run("Put target creature from your hand into play.", targets=[alone])
    assert stat(other.g, alone, "power") == 2 and not has_keyword(other.g, alone, "kw-flying")


@scenario(
    "rest-back", "Reveal the top 3 cards of your deck. Put the creatures into your hand and the rest back in any order."
)
def _rest_back(t: Table, text: str) -> None:
    below = t.card("artifact", zone="deck")
    first, second, third = t.card(zone="deck"), t.card("artifact", zone="deck"), t.card(zone="deck")
    t.card(zone="graveyard")  # a creature, but not among those revealed
    t.run(text)
    assert sorted(t.hand()) == sorted([first, third]) and t.g.zone_list(ZONE_DECK, 0) == [below, second]


def test_the_rest_are_the_cards_looked_at_that_stayed() -> None:
    t = Table()
    below = t.card(zone="deck")
    top = [t.card(zone="deck") for _ in range(3)]
    t.agents[0].picks = [top[0]]
    t.run("Look at the top three cards of your deck. Put one of them into your hand. Put the rest into your graveyard.")
    assert t.hand() == [top[0]] and t.zone(top[1]) == t.zone(top[2]) == ZONE_DISCARD and t.zone(below) == ZONE_DECK


@scenario("deal-damage", "Deal 2 damage to target creature. This card also does 1 damage to each opponent.")
def _also_does(t: Table, text: str) -> None:
    creature = t.card(owner=1, toughness=5)
    t.run(text, targets=[creature])
    assert (t.g.damage[creature], t.life(1), t.life(0)) == (2, 19, 20)


@scenario("shuffle", "Shuffle this creature and all cards attached to it into your deck.")
def _with_attached(t: Table, text: str) -> None:
    creature = t.card("creature", f"At the end of your turn, {text[0].lower()}{text[1:]}")
    attached, loose = t.card("artifact"), t.card("artifact")
    t.g.attached[attached] = creature
    t.emit(Event("turn-end", 0))
    assert t.zone(creature) == t.zone(attached) == ZONE_DECK and t.zone(loose) == ZONE_PLAY


@scenario("gain-resource", "Exhaust this card: Add one energy of any colour.")
def _any_colour(t: Table, text: str) -> None:
    card = t.card("artifact", text)
    t.activate(card)
    assert t.g.counters[0]["res:energy"] == 1 and t.g.used[card]
    assert not t.can_activate(card)


@scenario("reveal-cards", "Each opponent reveals the top card of their deck.")
def _each_reveals(t: Table, text: str) -> None:
    # The reference game's deck is shared: the opponent's deck is that deck, whoever owns its top card
    deck = t.deck(3)
    t.run(text)
    assert deck[-1] in t.g.known[0] and deck[-2] not in t.g.known[0]


@scenario("move-card", "Put a card from your hand face down into play.")
def _face_down(t: Table, text: str) -> None:
    card = t.card("artifact", zone="hand")
    t.run(text)
    assert t.zone(card) == ZONE_PLAY and t.g.face_down[card]


@scenario("for-each", "Discard the top 3 cards of your deck. For each creature discarded this way, gain 1 energy.")
def _discarded_this_way(t: Table, text: str) -> None:
    t.card(zone="graveyard")  # already in the graveyard: not discarded this way
    below = t.card(zone="deck")  # below the top three
    t.card("artifact", zone="deck")
    t.card(zone="deck")
    t.card(zone="deck")
    t.run(text)
    assert t.g.counters[0]["res:energy"] == 2 and t.g.zone_list(ZONE_DECK, 0) == [below]


@scenario("has-card", "If you are holding an artifact, draw a card.")
def _holding(t: Table, text: str) -> None:
    t.deck(2)
    t.card("artifact")  # in play, not held
    t.run(text)
    assert t.hand() == []
    t.card("artifact", zone="hand")
    t.run(text)
    assert len(t.hand()) == 2


@scenario("new-targets", "Copy target Instant you control. You may choose new targets for the copy.")
def _new_targets(t: Table, text: str) -> None:
    first, second = t.card(owner=1, toughness=5), t.card(owner=1, toughness=5)
    original = t.on_stack("instant", "Deal 1 damage to target creature.", owner=0)
    original.ctx.targets = [first]
    card = t.card("instant", text, zone="hand")
    t.g.move(card, ZONE_STACK)
    t.agents[0].picks = [second]  # the copy's new target (the one Instant on the stack is what it copies)
    assert run_program(t.g, t.g.defs[card].effect, card, 0)
    t.g.move(card, ZONE_DISCARD)
    copy = t.g.stack[-1]
    assert copy is not original and copy.ctx.targets == [second] and original.ctx.targets == [first]
    for item in reversed(list(t.g.stack)):  # both resolve, the copy first
        t.g.stack.remove(item)
        execute(t.g, item.program, item.ctx)
    t.g.move(original.source, ZONE_DISCARD)
    t.check()
    assert (t.g.damage[first], t.g.damage[second]) == (1, 1)


# -- continuous effects -------------------------------------------------------------------------


@scenario("while-gains", "While you have more life than your opponent, this creature gains Flying.")
def _while_gains(t: Table, text: str) -> None:
    creature = t.card("creature", text)
    assert not has_keyword(t.g, creature, "kw-flying")
    t.g.counters[1]["res:life"] = 15
    assert has_keyword(t.g, creature, "kw-flying")


@scenario("static-for-every", "Worth 1 life for every 2 creatures in your graveyard, rounded down.")
def _for_every(t: Table, text: str) -> None:
    card = t.card("artifact", text)
    (static,) = t.g.defs[card].statics
    assert static.scale is not None
    for _ in range(5):
        t.card(zone="graveyard")
    t.card(zone="graveyard", owner=1)  # not in your graveyard
    assert (static.layer, static.amount, static.scale(t.g, card)) == ("worth", 1, 2)


def test_a_continuous_effect_under_a_condition_applies_only_while_it_holds() -> None:
    t = Table()
    creature = t.card("creature", "If this creature is exhausted, this creature gets +2 power.")
    assert stat(t.g, creature, "power") == 2
    t.g.used[creature] = True
    assert stat(t.g, creature, "power") == 4


# -- triggers with a cost -----------------------------------------------------------------------


def _played(t: Table) -> bool:
    """An opponent plays an Instant: the triggers that hear it resolve; True if it was cancelled (else it
    resolves, leaving the stack empty between actions)."""
    item = t.on_stack("instant", "Gain 1 energy.")
    emit(t.g, Event("plays", 1, item.source, item=item))
    while t.g.pending:
        pending = t.g.pending.pop(0)
        run_triggered(t.g, pending.source, pending.event)
    t.g.events.clear()
    cancelled = item not in t.g.stack
    if not cancelled:
        t.g.stack.remove(item)
        t.g.move(item.source, ZONE_DISCARD)
    t.check()
    return cancelled


@scenario("counter", "When an opponent plays an Instant, exhaust this card: Cancel its effects.")
def _paid_trigger(t: Table, text: str) -> None:
    card = t.card("artifact", text)
    t.agents[0].answers = [False]  # the first time, its controller does not pay: nothing happens
    assert not _played(t) and not t.g.used[card]
    assert _played(t) and t.g.used[card]
    assert not _played(t)  # exhausted, it cannot pay again


@scenario("kw-interrupt", "Interrupt: When an opponent plays an Instant, exhaust this card: Draw a card.")
def _interrupt_with_a_cost(t: Table, text: str) -> None:
    t.deck(2)
    card = t.card("artifact", text)
    assert t.g.defs[card].timed is None  # a card in play answers the event: not a card played from hand
    _played(t)
    assert len(t.hand()) == 1 and t.g.used[card]
    _played(t)  # exhausted: it cannot pay, so it does not draw
    assert len(t.hand()) == 1


def test_after_a_trigger_a_cost_then_a_comma_is_read_as_costs() -> None:
    from phrasebook_table import pack

    from carddb.rules.ast import TriggeredAbility
    from carddb.rules.problems import Problem
    from carddb.rules.text import parse_line

    language = pack().language
    paid = parse_line("When this creature attacks, exhaust this card, pay 1 energy: Draw a card.", language)
    assert isinstance(paid, TriggeredAbility)
    assert [c.entry for c in paid.costs] == ["cost-exhaust", "cost-pay"]
    joined = parse_line("When this creature attacks, exhaust target creature, then draw a card.", language)
    assert isinstance(joined, TriggeredAbility) and joined.costs == ()  # `, then` joins effects
    refused = parse_line("When this creature attacks, exhaust target creature, draw a card.", language)
    assert isinstance(refused, Problem)  # and the error says why, with the way to write it
    assert refused.message == "'draw a card' is a phrase of this game, but it cannot come here"
    assert refused.hint is not None and "', then'" in refused.hint


@pytest.mark.parametrize("key", [k for k, f in SCENARIOS.items() if f.__module__ == __name__], ids=lambda k: k[1])
def test_example_executes(key: tuple[str, str]) -> None:
    run_scenario(key)
