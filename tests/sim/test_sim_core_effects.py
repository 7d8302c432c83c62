"""Every example sentence of the core effect entries, executed: the state change a player would expect."""

from __future__ import annotations

import pytest
from sim_table import Table, keys_of, run_scenario, scenario

from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_PLAY
from carddb.sim.ops import health


@scenario("draw", "Draw a card.")
def _draw_one(t: Table, text: str) -> None:
    spell = t.text_card("spell", text)
    top = t.g.deck[-1]
    t.cast(0, spell)
    assert t.hand(0) == [top]
    assert t.zone_of(spell) == ZONE_DISCARD


@scenario("draw", "Draw 2 cards.")
def _draw_two(t: Table, text: str) -> None:
    spell = t.text_card("spell", text)
    deck = len(t.g.deck)
    t.cast(0, spell)
    assert len(t.hand(0)) == 2 and len(t.g.deck) == deck - 2


@scenario("draw", "Destroy target Item. Its controller draws a card.")
def _its_controller_draws(t: Table, text: str) -> None:
    item = t.card("item", owner=1, zone="play", on=t.lords[1])
    spell = t.text_card("spell", text)
    t.cast(0, spell, [item])
    assert t.zone_of(item) == ZONE_DISCARD
    assert len(t.hand(1)) == 1 and t.hand(0) == []


@scenario("draw", "Each player draws 2 cards.")
def _each_player_draws(t: Table, text: str) -> None:
    spell = t.text_card("spell", text)
    t.cast(0, spell)
    assert len(t.hand(0)) == 2 and len(t.hand(1)) == 2


@scenario("discard", "Discard 2 cards.")
def _discard_two(t: Table, text: str) -> None:
    kept, *gone = [t.card("spell", "Draw a card.", cost=1) for _ in range(3)]
    spell = t.text_card("spell", text)
    t.agents[0].picks = list(gone)
    t.cast(0, spell)
    assert t.hand(0) == [kept]
    assert all(t.zone_of(uid) == ZONE_DISCARD for uid in gone)


@scenario("discard", "Target opponent discards a card.")
def _target_opponent_discards(t: Table, text: str) -> None:
    theirs = [t.card("spell", "Draw a card.", owner=1) for _ in range(2)]
    spell = t.text_card("spell", text)
    t.agents[1].picks = [theirs[1]]
    t.cast(0, spell, [1])
    assert t.hand(1) == [theirs[0]] and t.zone_of(theirs[1]) == ZONE_DISCARD


@scenario("discard", "Each opponent discards a card at random.")
def _discard_at_random(t: Table, text: str) -> None:
    theirs = [t.card("spell", "Draw a card.", owner=1) for _ in range(3)]
    spell = t.text_card("spell", text)
    t.cast(0, spell)
    assert len(t.hand(1)) == 2
    assert sum(t.zone_of(uid) == ZONE_DISCARD for uid in theirs) == 1
    assert "discard" not in t.agents[1].asked  # nobody chose: it was random


@scenario("deal-damage", "Deal 2 damage to target Duke.")
def _damage_target(t: Table, text: str) -> None:
    duke = t.card("duke", owner=1, zone="play", health=6)
    spell = t.text_card("spell", text)
    t.cast(0, spell, [duke])
    assert t.g.damage[duke] == 2


@scenario("deal-damage", "Deal 1 damage to each damaged character.")
def _damage_each_damaged(t: Table, text: str) -> None:
    hurt = t.card("duke", owner=1, zone="play", health=6)
    whole = t.card("duke", owner=1, zone="play", health=6)
    t.g.damage[hurt] = 2
    t.g.damage[t.lords[0]] = 1
    t.cast(0, t.text_card("spell", text))
    assert (t.g.damage[hurt], t.g.damage[whole], t.g.damage[t.lords[0]]) == (3, 0, 2)


@scenario("destroy", "Destroy target Item.")
def _destroy_target(t: Table, text: str) -> None:
    item = t.card("item", owner=1, zone="play", on=t.lords[1])
    t.cast(0, t.text_card("spell", text), [item])
    assert t.zone_of(item) == ZONE_DISCARD


@scenario("destroy", "Destroy all Items coupled to it.")
def _destroy_coupled_to_it(t: Table, text: str) -> None:
    # `it` needs something to refer to: the character an event names.
    t.text_card("ritual", f"Whenever a character an opponent controls is dealt damage, {text[0].lower()}{text[1:]}")
    duke = t.card("duke", owner=1, zone="play", health=6)
    on_duke = [t.card("item", owner=1, zone="play", on=duke) for _ in range(2)]
    on_lord = t.card("item", owner=1, zone="play", on=t.lords[1])
    t.cast(0, t.text_card("spell", "Deal 1 damage to target Duke."), [duke])
    assert [t.zone_of(uid) for uid in on_duke] == [ZONE_DISCARD, ZONE_DISCARD]
    assert t.zone_of(on_lord) == ZONE_PLAY


@scenario("remove-damage", "Remove 2 damage from target character.")
def _heal_two(t: Table, text: str) -> None:
    duke = t.card("duke", zone="play", health=6)
    t.g.damage[duke] = 3
    t.cast(0, t.text_card("spell", text), [duke])
    assert t.g.damage[duke] == 1


@scenario("remove-all-damage", "Remove all damage from your Lord.")
def _heal_lord(t: Table, text: str) -> None:
    t.g.damage[t.lords[0]] = 9
    t.g.damage[t.lords[1]] = 4
    t.cast(0, t.text_card("spell", text))
    assert (t.g.damage[t.lords[0]], t.g.damage[t.lords[1]]) == (0, 4)


def _opponents_turn(t: Table) -> None:
    t.g.active = 1


@scenario("counter", "Counter target Spell.")
def _counter_spell(t: Table, text: str) -> None:
    _opponents_turn(t)
    theirs = t.card("spell", "Draw 2 cards.", owner=1, cost=1)
    answer = t.text_card("spell", f"Swift\n{text}", cost=1)
    t.pool(0, 1)
    t.agents[0].responses = [("cast", answer)]
    t.cast(1, theirs)
    assert t.hand(1) == []  # their Spell drew nothing
    assert t.zone_of(theirs) == ZONE_DISCARD and t.zone_of(answer) == ZONE_DISCARD
    assert t.g.pool[0] == 0


@scenario("counter", "Counter target ability.")
def _counter_ability(t: Table, text: str) -> None:
    _opponents_turn(t)
    duke = t.card("duke", "Pay 2 powerstones: Draw a card.", owner=1, zone="play")
    t.pool(1, 2)
    answer = t.text_card("spell", f"Swift\n{text}", cost=1)
    t.pool(0, 1)
    t.agents[0].responses = [("cast", answer)]
    t.ability(1, duke)
    assert t.hand(1) == [] and t.g.pool[1] == 0  # paid, and got nothing


@scenario("return-to-hand", "Return target Item to its owner's hand.")
def _bounce_item(t: Table, text: str) -> None:
    item = t.card("item", owner=1, zone="play", on=t.lords[1])
    t.cast(0, t.text_card("spell", text), [item])
    assert t.hand(1) == [item] and t.g.attached[item] == -1


@scenario("return-from-discard", "Return target card from the discard pile to your hand.")
def _return_target_from_discard(t: Table, text: str) -> None:
    gone = t.card("spell", "Draw a card.", zone="discard")
    t.cast(0, t.text_card("spell", text), [gone])
    assert t.hand(0) == [gone]


@scenario("return-from-discard", "Return a Resource from the discard pile to your hand.")
def _return_resource_from_discard(t: Table, text: str) -> None:
    t.card("spell", "Draw a card.", zone="discard")
    resource = t.card("resource", zone="discard", subtype="material")
    t.cast(0, t.text_card("spell", text))
    assert t.hand(0) == [resource]


@scenario("look-at", "Look at target face-down Duke.")
def _look_at_duke(t: Table, text: str) -> None:
    duke = t.card("duke", owner=1, zone="play", face_down=True)
    assert duke not in t.g.known[0]
    t.cast(0, t.text_card("spell", text), [duke])
    assert duke in t.g.known[0] and t.g.face_down[duke]


@scenario("look-at-hand", "Look at target opponent's hand.")
def _look_at_hand(t: Table, text: str) -> None:
    theirs = [t.card("spell", "Draw a card.", owner=1) for _ in range(3)]
    t.cast(0, t.text_card("spell", text), [1])
    assert set(theirs) <= t.g.known[0] and not set(theirs) & t.g.known[1] - set(theirs)


@scenario("look-at-top", "Look at the top 3 cards of the deck.")
def _look_at_top(t: Table, text: str) -> None:
    order = list(t.g.deck)
    t.cast(0, t.text_card("spell", text))
    assert set(order[-3:]) <= t.g.known[0] and not set(order[:-3]) & t.g.known[0]
    assert t.g.deck == order  # put back in the same order


@scenario("search", "Search the deck for a Resource, reveal it and put it into your hand. Shuffle the deck.")
def _search(t: Table, text: str) -> None:
    t.g.deck[:] = [uid for uid in t.g.deck if uid != t.deck[0]]
    t.g.place[t.deck[0]] = -1
    t.g.move(t.deck[0], ZONE_DECK, bottom=True)  # a Resource at the bottom, spells above it
    for _ in range(3):
        t.card("spell", "Draw a card.", zone="deck")
    deck = len(t.g.deck)
    t.cast(0, t.text_card("spell", text))
    (found,) = t.hand(0)
    assert t.g.defs[found].kind == "resource" and found in t.g.known[1]  # revealed
    assert len(t.g.deck) == deck - 1


@scenario("shuffle-deck", "Shuffle the deck.")
def _shuffle(t: Table, text: str) -> None:
    order = list(t.g.deck)
    t.g.known[0].update(order[-2:])  # looked at the top two before
    t.cast(0, t.text_card("spell", text))
    assert sorted(t.g.deck) == sorted(order) and t.g.deck != order
    assert not set(order) & t.g.known[0]


@scenario("shuffle-discard", "Shuffle the discard pile into the deck.")
def _shuffle_discard(t: Table, text: str) -> None:
    gone = [t.card("spell", "Draw a card.", zone="discard") for _ in range(3)]
    deck = len(t.g.deck)
    spell = t.text_card("spell", text)
    t.cast(0, spell)
    assert set(gone) <= set(t.g.deck) and len(t.g.deck) == deck + 3
    assert t.g.discard == [spell]  # only the Spell itself, which resolved afterwards


@scenario("wheel", "Each player discards their hand and draws that many cards.")
def _wheel(t: Table, text: str) -> None:
    mine = [t.card("spell", "Draw a card.") for _ in range(2)]
    theirs = [t.card("spell", "Draw a card.", owner=1) for _ in range(3)]
    t.cast(0, t.text_card("spell", text))
    assert len(t.hand(0)) == 2 and len(t.hand(1)) == 3
    assert all(t.zone_of(uid) == ZONE_DISCARD for uid in mine + theirs)
    assert all(t.zone_of(uid) == ZONE_HAND for uid in t.hand(0) + t.hand(1))


def test_lethal_damage_destroys_and_coupled_items_follow() -> None:
    t = Table()
    duke = t.card("duke", owner=1, zone="play", health=3)
    item = t.card("item", owner=1, zone="play", on=duke)
    t.cast(0, t.text_card("spell", "Deal 2 damage to target Duke."), [duke])
    assert t.zone_of(duke) == ZONE_PLAY and health(t.g, duke) == 3
    t.cast(0, t.text_card("spell", "Deal 2 damage to target Duke."), [duke])
    assert t.zone_of(duke) == ZONE_DISCARD and t.zone_of(item) == ZONE_DISCARD
    assert t.g.damage[duke] == 0  # counters leave with the card


@pytest.mark.parametrize("key", keys_of(__name__), ids=lambda key: f"{key[0]}: {key[1]}")
def test_example_executes(key: tuple[str, str]) -> None:
    run_scenario(key)
