"""Every example of the broad phrasebook's continuous effects, triggers, events, conditions and costs, and
of the declared keywords of the reference game, executed on its table."""

from __future__ import annotations

import pytest
from phrasebook_table import SCENARIOS, PhrasebookSimulator, Table, pack, run_scenario, scenario

from carddb.sim.broad_state import cannot, end_phase, expire_lasting, has_keyword, mark, start_phase, stat
from carddb.sim.cards import CardRecord
from carddb.sim.compiler import compile_card
from carddb.sim.game import ZONE_DISCARD, ZONE_HAND, ZONE_PLAY
from carddb.sim.program import Ctx, Event
from carddb.sim.windows_state import note_act


def _layer(t: Table, layer: str, x: int) -> int:
    return sum(s.amount for source, s in t.g.statics(layer) if s.applies(t.g, source, x))


# -- continuous effects -------------------------------------------------------------------------


@scenario("stat-static", "Creatures you control get +1/+1.")
def _anthem(t: Table, text: str) -> None:
    mine, theirs = t.card(), t.card(owner=1)
    t.card("artifact", text)
    assert (stat(t.g, mine, "power"), stat(t.g, mine, "toughness"), stat(t.g, theirs, "power")) == (3, 3, 2)


@scenario("stat-static", "Other Goblin creatures you control get +1 power.")
def _goblins(t: Table, text: str) -> None:
    lord = t.card("creature", text, subtype="goblin")
    goblin, knight = t.card(subtype="goblin"), t.card(subtype="knight")
    assert (stat(t.g, lord, "power"), stat(t.g, goblin, "power"), stat(t.g, knight, "power")) == (2, 3, 2)


@scenario("has-keyword", "Creatures you control have Haste.")
def _haste(t: Table, text: str) -> None:
    mine, theirs = t.card(), t.card(owner=1)
    source = t.card("artifact", text)
    assert has_keyword(t.g, mine, "kw-haste") and not has_keyword(t.g, theirs, "kw-haste")
    t.g.move(source, ZONE_DISCARD)
    assert not has_keyword(t.g, mine, "kw-haste")


@scenario("stat-and-keyword", "Creatures you control get +1/+0 and have Haste.")
def _anthem_and_haste(t: Table, text: str) -> None:
    mine, theirs = t.card(), t.card(owner=1)
    source = t.card("artifact", text)
    assert (stat(t.g, mine, "power"), stat(t.g, mine, "toughness"), stat(t.g, theirs, "power")) == (3, 2, 2)
    assert has_keyword(t.g, mine, "kw-haste") and not has_keyword(t.g, theirs, "kw-haste")
    t.g.move(source, ZONE_DISCARD)
    assert stat(t.g, mine, "power") == 2 and not has_keyword(t.g, mine, "kw-haste")


@scenario("stat-and-keyword", "Target creature gets +2/+0 and gains Flying until end of turn.")
def _pump_and_flying(t: Table, text: str) -> None:
    creature, other = t.card(), t.card()
    t.run(text, targets=[creature])
    assert (stat(t.g, creature, "power"), stat(t.g, other, "power")) == (4, 2)
    assert has_keyword(t.g, creature, "kw-flying") and not has_keyword(t.g, other, "kw-flying")
    t.g.turn += 1
    expire_lasting(t.g)
    assert stat(t.g, creature, "power") == 2 and not has_keyword(t.g, creature, "kw-flying")


@scenario("cost-modifier", "Your Instants cost 1 less.")
def _cheaper(t: Table, text: str) -> None:
    t.card("artifact", text)
    mine, theirs = t.card("instant", zone="hand"), t.card("instant", zone="hand", owner=1)
    assert (_layer(t, "cost", mine), _layer(t, "cost", theirs)) == (-1, 0)


@scenario("cost-modifier", "Your Instants cost 1 energy less this turn.")
def _cheaper_this_turn(t: Table, text: str) -> None:
    t.run(text)
    mine = t.card("instant", zone="hand")
    assert _layer(t, "cost", mine) == -1
    t.g.turn += 1
    assert _layer(t, "cost", mine) == 0


@scenario("cannot", "This creature can't block.")
def _cannot_block(t: Table, text: str) -> None:
    wall, other = t.card("creature", text), t.card()
    assert cannot(t.g, wall, "block") and not cannot(t.g, other, "block")


@scenario("cannot", "Target creature can't quest until end of turn.")
def _cannot_quest(t: Table, text: str) -> None:
    theirs = t.card(owner=1)
    t.run(text, targets=[theirs])
    assert cannot(t.g, theirs, "quest")
    t.g.turn += 1
    assert not cannot(t.g, theirs, "quest")


@scenario("damage-bonus", "Creatures you control do 1 more damage.")
def _damage_bonus(t: Table, text: str) -> None:
    mine, theirs = t.card(), t.card(owner=1)
    t.card("artifact", text)
    assert (_layer(t, "damage-bonus", mine), _layer(t, "damage-bonus", theirs)) == (1, 0)


@scenario("hand-size-bonus", "You get +1 maximum hand size.")
def _hand_size(t: Table, text: str) -> None:
    t.card("artifact", text)
    assert (_layer(t, "hand-size-bonus", 0), _layer(t, "hand-size-bonus", 1)) == (1, 0)


@scenario("enters-with", "This card enters play with three charge counters on it.")
def _enters_with(t: Table, text: str) -> None:
    card = t.card("artifact", text, zone="hand")
    t.run("Put an artifact from your hand into play.")
    assert t.zone(card) == ZONE_PLAY and t.counters(card, "charge") == 3


@scenario("limit-per", "Limit once per round.")
def _limit(t: Table, text: str) -> None:
    card = t.card("artifact", f"Pay 1 energy: Draw a card.\n{text}")
    (static,) = t.g.defs[card].statics
    assert (static.layer, static.amount, static.kinds) == ("limit", 1, frozenset({"round"}))


@scenario("worth", "Worth 2 life.")
def _worth(t: Table, text: str) -> None:
    card = t.card("artifact", text)
    (static,) = t.g.defs[card].statics
    assert (static.layer, static.amount, static.kinds) == ("worth", 2, frozenset({"life"}))


@scenario("play-only-if", "Play only if you control a creature.")
def _play_if(t: Table, text: str) -> None:
    card = t.card("artifact", text, zone="hand")
    t.g.move(card, ZONE_PLAY, 0)  # the test reads its static where statics are active
    allowed = [s for src, s in t.g.statics("play-if") if src == card]
    assert not allowed[0].applies(t.g, card, card)
    t.card()
    assert allowed[0].applies(t.g, card, card)


@scenario("while", "While this creature is attacking, it gets +2 power.")
def _while(t: Table, text: str) -> None:
    creature = t.card("creature", text.replace("it gets", "this creature gets"))
    assert stat(t.g, creature, "power") == 2
    mark(t.g, "attacking")[creature] = 1
    assert stat(t.g, creature, "power") == 4


@scenario("static-for-each", "This creature gets +1 power for each artifact you control.")
def _per_artifact(t: Table, text: str) -> None:
    creature = t.card("creature", text)
    t.card("artifact"), t.card("artifact"), t.card("artifact", owner=1)
    assert stat(t.g, creature, "power") == 4


# -- triggers and events ------------------------------------------------------------------------


@scenario("phase-start", "At the start of the round, gain 1 energy.")
def _round_start(t: Table, text: str) -> None:
    t.card("artifact", text)
    start_phase(t.g, "round")
    t.settle()
    assert t.g.counters[0]["res:energy"] == 1


@scenario("phase-end", "At the end of the round, discard this card.")
def _round_end(t: Table, text: str) -> None:
    card = t.card("artifact", text)
    end_phase(t.g, "round")
    t.settle()
    assert t.zone(card) == ZONE_DISCARD


@scenario("enters-play", "When this creature enters play, draw a card.")
def _enters(t: Table, text: str) -> None:
    t.deck(2)
    creature = t.card("creature", text, zone="hand")
    t.run("Put a creature from your hand into play.")
    assert t.zone(creature) == ZONE_PLAY and len(t.hand()) == 1


@scenario("leaves-play", "When this creature leaves play, each player gains 1 life.")
def _leaves(t: Table, text: str) -> None:
    creature = t.card("creature", text)
    t.run("Return target creature to its owner's hand.", targets=[creature])
    assert (t.life(0), t.life(1)) == (21, 21)


@scenario("attack-event", "Whenever this creature attacks, it gets +1/+0 until end of turn.")
def _attacks(t: Table, text: str) -> None:
    creature, other = t.card("creature", text), t.card()
    t.emit(Event("attack-event", 0, other))
    assert stat(t.g, creature, "power") == 2
    t.emit(Event("attack-event", 0, creature))
    assert stat(t.g, creature, "power") == 3


@scenario("block-event", "Whenever this creature blocks, gain 1 life.")
def _blocks(t: Table, text: str) -> None:
    creature = t.card("creature", text)
    t.emit(Event("block-event", 0, creature))
    assert t.life(0) == 21


@scenario("deals-damage", "Whenever this creature deals combat damage to a player, draw a card.")
def _deals(t: Table, text: str) -> None:
    t.deck(2)
    creature = t.card("creature", text)
    t.emit(Event("deals-damage", 0, creature, 2, targets=(1,)))
    assert len(t.hand()) == 1


@scenario("gains-card", "When you gain this card, gain 1 life.")
def _gains_card(t: Table, text: str) -> None:
    card = t.card("artifact", text, zone="supply")
    t.run("Gain an artifact.")
    t.emit(Event("gains-card", 0, card))
    assert t.life(0) == 21


@scenario("would-take-damage", "Whenever this creature would be dealt damage, prevent 1 of that damage.")
def _would(t: Table, text: str) -> None:
    creature = t.card("creature", text, toughness=9)
    t.run("Deal 3 damage to target creature.", player=1, targets=[creature])
    assert t.g.damage[creature] == 2


@scenario("acts", "Whenever this creature quests, gain 1 life.")
def _quests(t: Table, text: str) -> None:
    creature = t.card("creature", text)
    t.emit(Event("acts:quest", 0, creature))
    assert t.life(0) == 21


# -- conditions ---------------------------------------------------------------------------------


def _draws(t: Table, text: str) -> int:
    t.deck(3)
    before = len(t.hand())
    t.run(text)
    return len(t.hand()) - before


@scenario("has-resource", "If you have 10 or more life, draw a card.")
def _has_life(t: Table, text: str) -> None:
    assert _draws(t, text) == 1
    t.g.counters[0]["res:life"] = 9
    assert _draws(t, text) == 0


@scenario("has-more-resource", "If you have more life than target opponent, draw a card.")
def _more_life(t: Table, text: str) -> None:
    assert _draws(t, text) == 0
    t.g.counters[1]["res:life"] = 5
    assert _draws(t, text) == 1


@scenario("has-cards", "If you have no cards in hand, draw a card.")
def _empty_hand(t: Table, text: str) -> None:
    assert _draws(t, text) == 1
    assert _draws(t, text) == 0  # the card it drew is in hand now


@scenario("has-card", "If you control an artifact, draw a card.")
def _control_artifact(t: Table, text: str) -> None:
    t.card("artifact", owner=1)
    assert _draws(t, text) == 0
    t.card("artifact")
    assert _draws(t, text) == 1


@scenario("has-card", "If you have another creature in play, gain 1 life.")
def _another_in_play(t: Table, text: str) -> None:
    t.run(text)
    assert t.life(0) == 20
    t.card()
    t.run(text)
    assert t.life(0) == 21


@scenario("is-state", "If this creature is exhausted, gain 1 life.")
def _exhausted(t: Table, text: str) -> None:
    creature = t.card("creature", f"At the end of your turn, {text[0].lower()}{text[1:]}")
    t.emit(Event("turn-end", 0))
    assert t.life(0) == 20
    t.g.used[creature] = True
    t.emit(Event("turn-end", 0))
    assert t.life(0) == 21


@scenario("is-kind", "Reveal the top card of your deck. If it is a creature, put it into your hand.")
def _is_kind(t: Table, text: str) -> None:
    t.card("artifact", zone="deck")
    t.run(text)
    assert t.hand() == []
    creature = t.card(zone="deck")
    t.run(text)
    assert t.hand() == [creature]


@scenario("is-in-zone", "If this card is in your graveyard, draw a card.")
def _in_graveyard(t: Table, text: str) -> None:
    t.deck(2)
    card = t.card("artifact", f"At the start of your turn, {text[0].lower()}{text[1:]}")
    t.emit(Event("turn-start", 0))
    assert t.hand() == []
    t.g.move(card, ZONE_DISCARD)
    t.g.defs[card].listens  # noqa: B018  (its trigger only hears events while in play)
    ctx = Ctx(card, 0)
    (ability,) = t.g.defs[card].triggered
    from carddb.sim.stack import execute

    execute(t.g, ability.program, ctx)
    assert len(t.hand()) == 1


@scenario("costs-at", "Reveal the top card of your deck. If it costs 3 energy or more, draw a card.")
def _costs_at(t: Table, text: str) -> None:
    t.deck(2)
    t.card(zone="deck", cost=1)
    t.run(text)
    assert t.hand() == []
    t.card(zone="deck", cost=4)
    t.run(text)
    assert len(t.hand()) == 1


@scenario("dealt-at", "If this creature deals 4 or more damage, draw a card.")
def _dealt_at(t: Table, text: str) -> None:
    t.deck(2)
    creature = t.card("creature", f"At the end of your turn, {text[0].lower()}{text[1:]}")
    t.emit(Event("turn-end", 0))
    assert t.hand() == []
    t.g.tallies[("dealt", t.g.turn, creature)] = 4
    t.emit(Event("turn-end", 0))
    assert len(t.hand()) == 1


@scenario("has-acted", "If this creature quests, gain 1 life.")
def _has_quested(t: Table, text: str) -> None:
    creature = t.card("creature", f"At the end of your turn, {text[0].lower()}{text[1:]}")
    t.emit(Event("turn-end", 0))
    assert t.life(0) == 20
    note_act(t.g, 0, "quest", creature)  # what the game's rules call when a card quests
    t.emit(Event("turn-end", 0))
    assert t.life(0) == 21


@scenario("has-counters", "If this creature has any +1/+1 counters on it, draw a card.")
def _has_counters(t: Table, text: str) -> None:
    t.deck(2)
    creature = t.card("creature", f"At the end of your turn, {text[0].lower()}{text[1:]}")
    t.emit(Event("turn-end", 0))
    assert t.hand() == []
    mark(t.g, "counter:+1/+1")[creature] = 1
    t.emit(Event("turn-end", 0))
    assert len(t.hand()) == 1


@scenario("you-do", "You may discard a card. If you do, draw 2 cards.")
def _if_you_do(t: Table, text: str) -> None:
    t.deck(4)
    t.card(zone="hand")
    t.agents[0].answers = [False]
    t.run(text)
    assert len(t.hand()) == 1  # declined: nothing drawn
    t.run(text)
    assert len(t.hand()) == 2  # discarded one, drew two


@scenario("coin-heads", "Flip 2 coins. If both of them are heads, draw 2 cards.")
def _heads(t: Table, text: str) -> None:
    t.deck(40)
    results = set()
    for _ in range(12):
        before = len(t.hand())
        t.run(text)
        results.add(len(t.hand()) - before)
    assert results == {0, 2}


@scenario("during-turn", "If during your turn, draw a card.")
def _during_turn(t: Table, text: str) -> None:
    assert _draws(t, text) == 1
    t.g.active = 1
    assert _draws(t, text) == 0


@scenario("played-this-turn", "If you have played an Instant this turn, draw a card.")
def _played(t: Table, text: str) -> None:
    assert _draws(t, text) == 0
    played = t.card("instant", zone="graveyard")
    t.g.tallies[("played", t.g.turn, played)] = 1
    assert _draws(t, text) == 1


# -- costs --------------------------------------------------------------------------------------


@scenario("cost-pay", "Pay 2 energy: Draw a card.")
def _pay(t: Table, text: str) -> None:
    t.deck(2)
    card = t.card("artifact", text)
    assert not t.can_activate(card)
    t.g.counters[0]["res:energy"] = 3
    t.activate(card)
    assert t.g.counters[0]["res:energy"] == 1 and len(t.hand()) == 1


@scenario("cost-exhaust", "Exhaust this card: Gain 1 energy.")
def _exhaust_cost(t: Table, text: str) -> None:
    card = t.card("artifact", text)
    t.activate(card)
    assert t.g.used[card] and t.g.counters[0]["res:energy"] == 1
    assert not t.can_activate(card)


@scenario("cost-sacrifice", "Sacrifice another creature: Put a +1/+1 counter on this card.")
def _sacrifice_cost(t: Table, text: str) -> None:
    card = t.card("creature", text)
    assert not t.can_activate(card)  # no other creature
    other = t.card()
    t.activate(card)
    assert t.zone(other) == ZONE_DISCARD and t.counters(card, "+1/+1") == 1


@scenario("cost-discard", "Discard a card: Draw a card.")
def _discard_cost(t: Table, text: str) -> None:
    t.deck(2)
    card = t.card("artifact", text)
    assert not t.can_activate(card)
    held = t.card(zone="hand")
    t.activate(card)
    assert t.zone(held) == ZONE_DISCARD and len(t.hand()) == 1


@scenario("cost-remove-counters", "Remove a charge counter from this card: Draw a card.")
def _counter_cost(t: Table, text: str) -> None:
    t.deck(2)
    card = t.card("artifact", text)
    assert not t.can_activate(card)
    mark(t.g, "counter:charge")[card] = 1
    t.activate(card)
    assert t.counters(card, "charge") == 0 and len(t.hand()) == 1


@scenario("cost-target", "Target 1 creature; exhaust it.")
def _target_cost(t: Table, text: str) -> None:
    card = t.card("artifact", text)
    creature = t.card(owner=1)
    t.agents[0].picks = [creature]
    t.activate(card)
    assert t.g.used[creature]


@scenario("cost-reveal", "Reveal a creature in your hand: Gain 1 life.")
def _reveal_cost(t: Table, text: str) -> None:
    card = t.card("artifact", text)
    held = t.card(zone="hand")
    t.activate(card)
    assert held in t.g.known[1] and t.life(0) == 21 and t.zone(held) == ZONE_HAND


# -- the reference game's declared keywords -------------------------------------------------------


@scenario("kw-flying", "Flying")
def _flying(t: Table, text: str) -> None:
    assert has_keyword(t.g, t.card("creature", text), "kw-flying")


@scenario("kw-haste", "Haste")
def _kw_haste(t: Table, text: str) -> None:
    assert has_keyword(t.g, t.card("creature", text), "kw-haste")


@scenario("kw-ward", "Ward 1")
def _ward(t: Table, text: str) -> None:
    assert t.g.defs[t.card("creature", text)].keywords == {"kw-ward": 1}


@scenario("kw-arrival", "Arrival: Draw a card.")
def _arrival(t: Table, text: str) -> None:
    t.deck(2)
    creature = t.card("creature", text, zone="hand")
    t.run("Put a creature from your hand into play.")
    assert t.zone(creature) == ZONE_PLAY and len(t.hand()) == 1


@scenario("kw-action", "Action: Draw a card.")
def _action(t: Table, text: str) -> None:
    t.deck(2)
    card = t.card("artifact", text)
    t.activate(card)
    assert len(t.hand()) == 1


@pytest.mark.parametrize("key", [k for k, f in SCENARIOS.items() if f.__module__ == __name__], ids=lambda k: k[1])
def test_example_executes(key: tuple[str, str]) -> None:
    run_scenario(key)


def test_a_stat_change_of_a_player_is_text_the_engine_cannot_execute() -> None:
    # Stats are cards': `You get +2 power` once raised the power of the card whose number was the player's
    sim = PhrasebookSimulator(pack())
    pump = CardRecord("pump", "Pump", "instant", "", "", 1, (), 0, 1, "You get +2 power until end of turn.")
    assert any("a player has no stats" in problem for problem in compile_card(0, pump, sim).problems)
    card = CardRecord(
        "rally", "Rally", "instant", "", "", 1, (), 0, 1, "Target creature gets +2 power until end of turn."
    )
    assert compile_card(1, card, sim).problems == ()


def test_a_card_acting_is_not_the_player_with_its_number() -> None:
    # `if you quest` read the tally of the card whose number was the player's (one key for cards and players)
    t = Table()
    creature = t.card("creature", "At the end of your turn, if you quest, gain 1 life.")
    assert creature == 0
    note_act(t.g, 0, "quest", creature)  # the card quests, not the player
    t.emit(Event("turn-end", 0))
    assert t.life(0) == 20
    note_act(t.g, 0, "quest")  # now the player does
    t.emit(Event("turn-end", 0))
    assert t.life(0) == 21
