"""The classic entries the broad phrasebook keeps, executed with the reference game's examples (their broad
wordings included: `Heal 2 damage`, `Negate target Instant`, `dies`...): the same handlers as for LOE."""

from __future__ import annotations

import pytest
from phrasebook_table import SCENARIOS, PhrasebookSimulator, Table, pack, run_scenario, scenario

from carddb.sim.cards import CardRecord
from carddb.sim.compiler import compile_card
from carddb.sim.game import ZONE_DISCARD, ZONE_PLAY
from carddb.sim.program import Event


@scenario("draw", "Draw a card.")
def _draw(t: Table, text: str) -> None:
    top = t.deck(3)[-1]
    t.run(text)
    assert t.hand() == [top]


@scenario("draw", "Each player draws 2 cards.")
def _each_draws(t: Table, text: str) -> None:
    t.deck(6)
    t.run(text)
    assert (len(t.hand(0)), len(t.hand(1))) == (2, 2)


@scenario("deal-damage", "Deal 2 damage to target creature.")
def _damage(t: Table, text: str) -> None:
    creature = t.card(owner=1, toughness=5)
    t.run(text, targets=[creature])
    assert t.g.damage[creature] == 2


@scenario("deal-damage", "This creature deals 1 damage to each opponent.")
def _damage_players(t: Table, text: str) -> None:
    t.card("creature", f"At the end of your turn, {text[0].lower()}{text[1:]}")
    t.emit(Event("turn-end", 0))
    assert (t.life(0), t.life(1)) == (20, 19)


@scenario("destroy", "Destroy target artifact.")
def _destroy(t: Table, text: str) -> None:
    artifact = t.card("artifact", owner=1)
    t.run(text, targets=[artifact])
    assert t.zone(artifact) == ZONE_DISCARD


@scenario("remove-damage", "Remove 2 damage from target creature.")
@scenario("remove-damage", "Heal 2 damage from target creature.")
def _heal(t: Table, text: str) -> None:
    creature = t.card(toughness=5)
    t.g.damage[creature] = 3
    t.run(text, targets=[creature])
    assert t.g.damage[creature] == 1


@scenario("remove-all-damage", "Remove all damage from target creature.")
def _heal_all(t: Table, text: str) -> None:
    creature = t.card(toughness=5)
    t.g.damage[creature] = 3
    t.run(text, targets=[creature])
    assert t.g.damage[creature] == 0


@scenario("counter", "Counter target Instant.")
@scenario("counter", "Negate target Instant.")
def _counter(t: Table, text: str) -> None:
    item = t.on_stack("instant", "Draw a card.", owner=1)
    t.answer(text, item)
    assert item not in t.g.stack and t.zone(item.source) == ZONE_DISCARD


@scenario("look-at", "Look at the top three cards of your deck.")
def _look(t: Table, text: str) -> None:
    deck = t.deck(5)
    t.run(text)
    assert set(deck[-3:]) <= t.g.known[0] and not set(deck[:2]) & t.g.known[0]


@scenario("look-at-hand", "Look at target opponent's hand.")
def _look_hand(t: Table, text: str) -> None:
    theirs = [t.card(zone="hand", owner=1) for _ in range(2)]
    t.run(text, targets=[1])
    assert set(theirs) <= t.g.known[0]


@scenario("wheel", "Each player discards their hand and draws that many cards.")
def _wheel(t: Table, text: str) -> None:
    t.deck(6)
    held = [t.card(zone="hand"), t.card(zone="hand")]
    t.run(text)
    assert len(t.hand()) == 2 and all(t.zone(u) == ZONE_DISCARD for u in held)


def _static(t: Table, text: str, layer: str) -> tuple[int, object]:
    card = t.card("creature", text)
    (static,) = t.g.statics(layer)
    return card, static[1]


@scenario("hand-size", "Your maximum hand size is 8.")
def _hand_size(t: Table, text: str) -> None:
    source, static = _static(t, text, "hand-size")
    assert static.amount == 8 and static.applies(t.g, source, 0) and not static.applies(t.g, source, 1)  # type: ignore[attr-defined]


@scenario("untargetable", "This creature can't be targeted.")
def _untargetable(t: Table, text: str) -> None:
    t.card("creature", text, owner=1)
    other = t.card(owner=1)
    t.run("Destroy target creature.")
    assert t.zone(other) == ZONE_DISCARD  # the only creature that could be chosen


@scenario("untargetable-by", "This creature cannot be targeted by Instants.")
def _untargetable_by(t: Table, text: str) -> None:
    source, static = _static(t, text, "protect")
    assert static.kinds == {"instant"} and static.applies(t.g, source, source)  # type: ignore[attr-defined]


@scenario("targetable", "Stunned creatures can be targeted.")
def _targetable(t: Table, text: str) -> None:
    source, static = _static(t, text, "expose")
    stunned = t.card()
    assert not static.applies(t.g, source, stunned)  # type: ignore[attr-defined]
    t.g.marks["status:stunned"][stunned] = 1
    assert static.applies(t.g, source, stunned)  # type: ignore[attr-defined]


@scenario("damage-stays", "Damage cannot be removed from this creature.")
def _damage_stays(t: Table, text: str) -> None:
    creature = t.card("creature", text, toughness=5)
    t.g.damage[creature] = 2
    t.run("Remove all damage from target creature.", targets=[creature])
    assert t.g.damage[creature] == 2


@scenario("when", "When you play this card, draw a card.")
def _when_played(t: Table, text: str) -> None:
    t.deck(2)
    card = t.card("creature", text, zone="hand")
    t.emit(Event("plays", 0, card))
    assert len(t.hand()) == 2  # the card itself and the one it drew


@scenario("when", "After this creature attacks, gain 1 life.")
def _after(t: Table, text: str) -> None:
    creature = t.card("creature", text)
    t.emit(Event("attack-event", 0, creature))
    assert t.life(0) == 21


@scenario("turn-start", "At the start of your turn, gain 1 energy.")
def _turn_start(t: Table, text: str) -> None:
    t.card("artifact", text)
    t.emit(Event("turn-start", 1))
    assert "res:energy" not in t.g.counters[0]
    t.emit(Event("turn-start", 0))
    assert t.g.counters[0]["res:energy"] == 1


@scenario("turn-start", "When your turn begins, draw a card.")
def _turn_begins(t: Table, text: str) -> None:
    t.deck(2)
    t.card("artifact", text)
    t.emit(Event("turn-start", 0))
    assert len(t.hand()) == 1


@scenario("turn-end", "At the end of your turn, discard a card.")
def _turn_end(t: Table, text: str) -> None:
    t.card("artifact", text)
    held = t.card(zone="hand")
    t.emit(Event("turn-end", 0))
    assert t.zone(held) == ZONE_DISCARD


@scenario("plays", "Whenever an opponent casts an Instant, draw a card.")
def _casts(t: Table, text: str) -> None:
    t.deck(2)
    t.card("artifact", text)
    theirs = t.card("instant", owner=1, zone="hand")
    t.emit(Event("plays", 1, theirs))
    assert len(t.hand()) == 1


@scenario("plays-targeting", "Whenever an opponent plays an Instant that targets a creature you control, draw a card.")
def _plays_targeting(t: Table, text: str) -> None:
    t.deck(2)
    t.card("artifact", text)
    mine = t.card()
    theirs = t.card("instant", owner=1, zone="hand")
    t.emit(Event("plays", 1, theirs, targets=(mine,)))
    assert len(t.hand()) == 1


@scenario("dealt-damage", "Whenever this creature is dealt damage, gain 1 life.")
def _dealt(t: Table, text: str) -> None:
    creature = t.card("creature", text, toughness=5)
    t.run("Deal 1 damage to target creature.", player=1, targets=[creature])
    assert t.life(0) == 21


@scenario("destroyed", "When this creature dies, draw a card.")
def _dies(t: Table, text: str) -> None:
    t.deck(2)
    creature = t.card("creature", text)
    t.run("Destroy target creature.", player=1, targets=[creature])
    assert t.zone(creature) == ZONE_DISCARD and len(t.hand()) == 1


@scenario("draws", "Whenever an opponent draws a card, gain 1 life.")
def _opponent_draws(t: Table, text: str) -> None:
    t.deck(2)
    t.card("artifact", text)
    t.run("Draw a card.", player=1)
    assert t.life(0) == 21


@scenario("activates-ability", "Whenever an opponent activates an ability, gain 1 life.")
def _activates(t: Table, text: str) -> None:
    t.card("artifact", text)
    t.emit(Event("activates-ability", 1))
    assert t.life(0) == 21


def _draws(t: Table, text: str) -> int:
    t.deck(3)
    before = len(t.hand())
    t.run(text)
    return len(t.hand()) - before


@scenario("controls-count", "If you control three or more creatures, draw a card.")
def _controls_count(t: Table, text: str) -> None:
    t.card(), t.card()
    assert _draws(t, text) == 0
    t.card()
    assert _draws(t, text) == 1


@scenario("controls-more", "If an opponent controls more creatures than you, draw a card.")
def _controls_more(t: Table, text: str) -> None:
    t.card(owner=1)
    assert _draws(t, text) == 1
    t.card()
    assert _draws(t, text) == 0


@scenario("health-at", "If this creature has 2 or less health, gain 1 life.")
def _health_at(t: Table, text: str) -> None:
    creature = t.card("creature", f"At the end of your turn, {text[0].lower()}{text[1:]}", toughness=4)
    t.emit(Event("turn-end", 0))
    assert t.life(0) == 20
    t.g.damage[creature] = 2
    t.emit(Event("turn-end", 0))
    assert t.life(0) == 21 and t.zone(creature) == ZONE_PLAY


@scenario("destroyed-this-turn", "If 2 or more creatures have been destroyed this turn, draw a card.")
def _destroyed_this_turn(t: Table, text: str) -> None:
    first, second = t.card(owner=1), t.card(owner=1)
    t.run("Destroy target creature.", targets=[first])
    assert _draws(t, text) == 0
    t.run("Destroy target creature.", targets=[second])
    assert _draws(t, text) == 1


@pytest.mark.parametrize("key", [k for k, f in SCENARIOS.items() if f.__module__ == __name__], ids=lambda k: k[1])
def test_example_executes(key: tuple[str, str]) -> None:
    run_scenario(key)


class _NoPlayerHealth(PhrasebookSimulator):
    """The reference game played by a simulator that gives its players no health."""

    damage_player = None  # type: ignore[assignment]


def test_damage_to_a_player_without_player_health_is_text_the_engine_cannot_execute() -> None:
    sim = _NoPlayerHealth(pack())
    record = CardRecord("zap", "Zap", "instant", "", "", 1, (), 0, 1, "Deal 2 damage to target opponent.")
    definition = compile_card(0, record, sim)
    assert any("have no health" in problem and "damage_player" in problem for problem in definition.problems)
    creature = CardRecord("bear", "Bear", "creature", "", "", 1, (), 2, 1, "Deal 2 damage to target creature.")
    assert compile_card(1, creature, sim).problems == ()  # damage to a card is still the core's


def test_a_turn_of_the_reference_game_draws_and_plays_until_the_player_passes() -> None:
    t = Table()
    bear = t.card("creature", zone="deck")
    top = t.card("instant", "Deal 2 damage to target opponent.", zone="deck")  # laid last: the deck's top card
    t.agents[0].responses = [("play", top), ("play", bear)]  # the scripted player plays what it is told, then passes
    t.sim.play_turn(t.g)
    assert t.zone(top) == ZONE_DISCARD and t.life(1) == 18  # drawn, played, resolved
    assert t.zone(bear) != ZONE_PLAY  # not drawn: one card a turn
