"""Every example sentence of Shards' registry, executed in a scenario on a hand-laid table.

Each scenario compiles the sentence on a card through the pack's real handlers, plays it through
`ShardsSimulator.perform` and the stack, and asserts what a player at the table would see change.
"""

from __future__ import annotations

import pytest
from shards_table import SCENARIOS, Table, run_scenario, scenario

from carddb.games.shards.sim import board, turns
from carddb.games.shards.sim.actions import play_cost
from carddb.games.shards.sim.board import BOOST, DEVELOPMENT, TERRITORY, keyword, offence
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DISCARD, ZONE_HAND, ZONE_PLAY
from carddb.sim.ops import health

# -- core effects ---------------------------------------------------------------------------------


@scenario("draw", "Draw a card.")
@scenario("draw", "Draw two cards.")
def _draw(t: Table, text: str) -> None:
    spell = t.card("sorcery", text)
    top = t.g.deck_of(0)[-1]
    t.cast(0, spell)
    assert len(t.hand(0)) == (1 if "a card" in text else 2) and top in t.hand(0)
    assert len(t.hand(1)) == 0  # the opponent's deck is theirs


@scenario("draw", "Each player draws a card.")
def _each_draws(t: Table, text: str) -> None:
    t.cast(0, t.card("sorcery", text))
    assert len(t.hand(0)) == 1 and len(t.hand(1)) == 1


@scenario("discard", "Discard a card.")
def _discard(t: Table, text: str) -> None:
    spell, other = t.card("sorcery", text), t.card("unit")
    t.cast(0, spell)
    assert t.zone_of(other) == ZONE_DISCARD and t.hand(0) == []


@scenario("discard", "Target opponent discards a card at random.")
def _discard_random(t: Table, text: str) -> None:
    theirs = t.card("unit", owner=1)
    t.cast(0, t.card("sorcery", text))
    assert t.zone_of(theirs) == ZONE_DISCARD


@scenario("deal-damage", "Deal 2 damage to target Unit.")
def _damage_unit(t: Table, text: str) -> None:
    target = t.unit(1, health=3)
    t.cast(0, t.card("sorcery", text), [target])
    assert t.g.damage[target] == 2 and t.zone_of(target) == ZONE_PLAY


@scenario("deal-damage", "Deal 3 damage to target Building an opponent controls.")
def _damage_building(t: Table, text: str) -> None:
    spell = t.card("sorcery", text)
    t.give(0, 0)
    t.cast(0, spell)  # the only legal target: the opponent's Keep
    assert t.g.damage[t.keeps[1]] == 3 and t.g.damage[t.keeps[0]] == 0


@scenario("destroy", "Destroy target Policy.")
def _destroy_policy(t: Table, text: str) -> None:
    policy = t.card("policy", "Units you control get +1 offence.", owner=1, zone="play")
    t.cast(0, t.card("sorcery", text), [policy])
    assert t.zone_of(policy) == ZONE_DISCARD


@scenario("destroy", "Destroy target damaged Unit.")
def _destroy_damaged(t: Table, text: str) -> None:
    whole, hurt = t.unit(1, health=4), t.unit(1, health=4)
    t.g.damage[hurt] = 1
    t.cast(0, t.card("sorcery", text), [whole])  # not damaged: not a legal target, the first legal one is taken
    assert t.zone_of(hurt) == ZONE_DISCARD and t.zone_of(whole) == ZONE_PLAY


@scenario("remove-damage", "Remove 2 damage from target Building you control.")
def _remove_damage(t: Table, text: str) -> None:
    t.g.damage[t.keeps[0]] = 3
    t.cast(0, t.card("sorcery", text))
    assert t.g.damage[t.keeps[0]] == 1


@scenario("remove-all-damage", "Remove all damage from target Unit you control.")
def _remove_all(t: Table, text: str) -> None:
    unit = t.unit(0, health=5)
    t.g.damage[unit] = 3
    t.cast(0, t.card("sorcery", text), [unit])
    assert t.g.damage[unit] == 0


@scenario("return-to-hand", "Return target Unit to its owner's hand.")
def _bounce(t: Table, text: str) -> None:
    unit = t.unit(1)
    t.cast(0, t.card("sorcery", text), [unit])
    assert t.zone_of(unit) == ZONE_HAND and unit in t.hand(1)


@scenario("look-at-hand", "Look at target opponent's hand.")
def _look_hand(t: Table, text: str) -> None:
    secret = t.card("unit", owner=1)
    assert secret not in t.g.known[0]
    t.cast(0, t.card("sorcery", text))
    assert secret in t.g.known[0]


@scenario("look-at-top", "Look at the top 3 cards of the deck.")
def _look_top(t: Table, text: str) -> None:
    t.cast(0, t.card("sorcery", text))
    assert set(t.g.deck_of(0)[-3:]) <= t.g.known[0]
    assert not set(t.g.deck_of(1)) & t.g.known[0]  # "the deck" is your own


@scenario("search", "Search the deck for a Territory, reveal it and put it into your hand. Shuffle the deck.")
def _search(t: Table, text: str) -> None:
    land = t.card("territory", zone="deck")
    t.cast(0, t.card("sorcery", text))
    assert land in t.hand(0) and land in t.g.known[1]


@scenario("shuffle-deck", "Shuffle the deck.")
def _shuffle(t: Table, text: str) -> None:
    mine, theirs = list(t.g.deck_of(0)), list(t.g.deck_of(1))
    t.cast(0, t.card("sorcery", text))
    assert sorted(t.g.deck_of(0)) == sorted(mine) and t.g.deck_of(0) != mine and t.g.deck_of(1) == theirs


# -- core statics, triggers, conditions ---------------------------------------------------------------


@scenario("health-bonus", "Units you control get +1 health.")
def _health_bonus(t: Table, text: str) -> None:
    mine, theirs = t.unit(0, health=2), t.unit(1, health=2)
    t.card("building", text, zone="play")
    assert health(t.g, mine) == 3 and health(t.g, theirs) == 2


@scenario("hand-size", "Your maximum hand size is 10.")
def _hand_size(t: Table, text: str) -> None:
    assert turns.hand_limit(t.g, 0) == 8
    t.card("policy", text, zone="play")
    assert turns.hand_limit(t.g, 0) == 10 and turns.hand_limit(t.g, 1) == 8


@scenario("untargetable", "This card cannot be targeted.")
def _untargetable(t: Table, text: str) -> None:
    warded, plain = t.unit(1, text, health=5), t.unit(1, health=5)
    t.cast(0, t.card("sorcery", "Deal 2 damage to target Unit."), [warded])
    assert t.g.damage[warded] == 0 and t.g.damage[plain] == 2


@scenario("when", "When you play this card, gain 1 resource.")
def _when_played(t: Table, text: str) -> None:
    unit = t.card("unit", text)
    t.do(0, Action("recruit", unit, board.starting_territory(0)))
    assert t.g.pool[0] == 1 and t.zone_of(unit) == ZONE_PLAY


@scenario("when", "Whenever a Unit you control attacks, draw a card.")
def _when_attacks(t: Table, text: str) -> None:
    t.card("building", text, zone="play")
    attacker = t.unit(0)
    t.attack(0, [attacker])
    assert len(t.hand(0)) == 1


@scenario("turn-start", "At the start of your turn, gain 1 resource.")
def _turn_start(t: Table, text: str) -> None:
    t.card("building", text, zone="play")
    turns.play_turn(t.g)  # the whole turn; the scripted player passes its Main Phase
    assert t.g.pool[0] == 1 and len(t.hand(0)) == 1  # and the Draw Phase drew one


@scenario("turn-end", "At the end of your turn, remove all damage from this card.")
def _turn_end(t: Table, text: str) -> None:
    tower = t.card("building", text, zone="play", defence=6)
    t.g.damage[tower], t.g.damage[t.keeps[0]] = 3, 2
    turns.play_turn(t.g)
    assert t.g.damage[tower] == 0 and t.g.damage[t.keeps[0]] == 2  # Buildings do not heal by themselves


@scenario("plays", "Whenever you play a Sorcery, gain 1 Research.")
def _plays(t: Table, text: str) -> None:
    t.card("building", text, zone="play")
    t.cast(0, t.card("tactic", "Draw a card."))
    assert board.amount(t.g, 0, "research") == 0
    t.cast(0, t.card("sorcery", "Draw a card."))
    assert board.amount(t.g, 0, "research") == 1


@scenario("dealt-damage", "Whenever this card is dealt damage, gain 1 resource.")
def _dealt(t: Table, text: str) -> None:
    unit = t.unit(0, text, health=5)
    t.cast(1, t.card("sorcery", "Deal 2 damage to target Unit.", owner=1), [unit])
    assert t.g.pool[0] == 1


@scenario("destroyed", "When this card is destroyed, draw a card.")
def _destroyed(t: Table, text: str) -> None:
    unit = t.unit(0, text)
    t.cast(1, t.card("sorcery", "Destroy target Unit.", owner=1), [unit])
    assert t.zone_of(unit) == ZONE_DISCARD and len(t.hand(0)) == 1


@scenario("draws", "Whenever an opponent draws a card, gain 1 resource.")
def _draws(t: Table, text: str) -> None:
    t.card("policy", text, zone="play")
    t.cast(0, t.card("sorcery", "Draw a card."))
    assert t.g.pool[0] == 0
    t.cast(1, t.card("sorcery", "Draw a card.", owner=1))
    assert t.g.pool[0] == 1


@scenario("controls-count", "If you control three or more Buildings, draw a card.")
def _controls_count(t: Table, text: str) -> None:
    t.cast(0, t.card("sorcery", text))
    assert t.hand(0) == []
    t.card("building", zone="play")
    t.card("building", zone="play")
    t.cast(0, t.card("sorcery", text))
    assert len(t.hand(0)) == 1


@scenario("controls-more", "If an opponent controls more Units than you, draw a card.")
def _controls_more(t: Table, text: str) -> None:
    t.unit(0)
    t.unit(1)
    t.cast(0, t.card("sorcery", text))
    assert t.hand(0) == []
    t.unit(1)
    t.cast(0, t.card("sorcery", text))
    assert len(t.hand(0)) == 1


@scenario("hand-count", "If you have no cards in hand, draw 2 cards.")
def _hand_count(t: Table, text: str) -> None:
    spell, other = t.card("sorcery", text), t.card("unit")
    t.cast(0, spell)
    assert t.hand(0) == [other]
    t.g.hands[0].clear()
    t.g.place[other] = -1
    t.g.move(other, ZONE_DISCARD)
    t.cast(0, t.card("sorcery", text))
    assert len(t.hand(0)) == 2


@scenario("your-turn", "If it is not your turn, gain 1 resource.")
def _your_turn(t: Table, text: str) -> None:
    t.cast(0, t.card("sorcery", text))
    assert t.g.pool[0] == 0
    t.cast(1, t.card("sorcery", text, owner=1))
    assert t.g.pool[1] == 1


# -- costs and restrictions of activated abilities -------------------------------------------------


def _ability_offered(t: Table, uid: int) -> bool:
    return t.offered(0, "ability", uid)


@scenario("pay-resources", "Pay 1 Gold: Draw a card.")
def _pay_gold(t: Table, text: str) -> None:
    hall = t.card("building", text, zone="play")
    t.give(0, 3)
    assert not _ability_offered(t, hall)  # basic resources are not Gold
    t.give(0, gold=1)
    t.ability(0, hall)
    assert board.amount(t.g, 0, "gold") == 0 and t.g.pool[0] == 3 and len(t.hand(0)) == 1


@scenario("pay-resources", "Pay 2 resources: Ready target Unit you control.")
def _pay_basic(t: Table, text: str) -> None:
    hall, unit = t.card("building", text, zone="play"), t.unit(0)
    t.g.used[unit] = True
    t.give(0, 1)
    assert not _ability_offered(t, hall)
    t.give(0, 1)
    t.ability(0, hall, [unit])
    assert not t.g.used[unit] and t.g.pool[0] == 0


@scenario("exhaust-self", "Exhaust this card: Gain 1 resource.")
def _exhaust_self(t: Table, text: str) -> None:
    house = t.card("building", text, zone="play")
    t.ability(0, house)
    assert t.g.used[house] and t.g.pool[0] == 1 and not _ability_offered(t, house)


@scenario("sacrifice-self", "Sacrifice this card: Gain 1 advanced resource of your choice.")
def _sacrifice_self(t: Table, text: str) -> None:
    unit = t.unit(0, text)
    t.card("sorcery", "Draw a card.", resources=(("faith", 2),))  # the bot is offered what its hand needs first
    t.ability(0, unit)
    assert t.zone_of(unit) == ZONE_DISCARD and board.amount(t.g, 0, "faith") == 1
    assert t.g.destroyed_turn == []  # sacrificed, not destroyed


@scenario("discard-cost", "Discard a card, exhaust this card: Draw a card.")
def _discard_cost(t: Table, text: str) -> None:
    hall = t.card("building", text, zone="play")
    assert not _ability_offered(t, hall)
    card = t.card("unit")
    t.ability(0, hall)
    assert t.zone_of(card) == ZONE_DISCARD and len(t.hand(0)) == 1 and t.g.used[hall]


@scenario("spend-development", "Remove a development counter from this card: Draw a card.")
def _spend_development(t: Table, text: str) -> None:
    hall = t.card("building", text, zone="play")
    assert not _ability_offered(t, hall)
    t.g.marks[DEVELOPMENT][hall] = 2
    t.ability(0, hall)
    assert t.g.marks[DEVELOPMENT][hall] == 1 and len(t.hand(0)) == 1


@scenario("activate-once", "Pay 1 resource: Draw a card. Activate only once per turn.")
def _once(t: Table, text: str) -> None:
    hall = t.card("building", text, zone="play")
    t.give(0, 3)
    t.ability(0, hall)
    assert not _ability_offered(t, hall) and t.g.pool[0] == 2


@scenario("activate-fast", "Exhaust this card: Ready target Unit you control. Activate at fast speed.")
def _activate_fast(t: Table, text: str) -> None:
    barracks, guard = t.card("building", text, owner=1, zone="play"), t.unit(1, offence=3, health=4)
    slow = t.card("building", "Exhaust this card: Gain 1 resource.", owner=1, zone="play")
    t.g.used[guard] = True  # exhausted: it cannot defend...
    attacker = t.unit(0, offence=2, health=2)
    t.agents[1].responses.append(("ability", barracks))  # ...unless the fast ability readies it in the window
    t.attack(0, [attacker])
    windows = [o for o in t.agents[1].offered if o and o[0].verb == "pass"]
    assert any(a.uid == barracks for a in windows[0]) and not any(a.uid == slow for w in windows for a in w)
    assert t.zone_of(attacker) == ZONE_DISCARD and t.g.damage[t.keeps[1]] == 0  # the readied guard defended


# -- effects --------------------------------------------------------------------------------------------


@scenario("gain-resources", "Gain 2 resources.")
@scenario("gain-resources", "Gain 1 Faith.")
def _gain(t: Table, text: str) -> None:
    t.cast(0, t.card("sorcery", text))
    assert (t.g.pool[0], board.amount(t.g, 0, "faith")) == ((2, 0) if "resources" in text else (0, 1))


@scenario("gain-advanced", "Gain 1 advanced resource of your choice.")
def _gain_advanced(t: Table, text: str) -> None:
    t.agents[0].responses.append(("pick", -1))
    t.cast(0, t.card("sorcery", text))
    assert board.advanced_total(t.g, 0) == 1 and t.g.pool[0] == 0


@scenario("lose-resources", "Target opponent loses 1 Gold.")
def _lose(t: Table, text: str) -> None:
    t.give(1, 2, gold=2)
    t.cast(0, t.card("sorcery", text))
    assert board.amount(t.g, 1, "gold") == 1 and t.g.pool[1] == 2


@scenario("exhaust", "Exhaust target Unit.")
def _exhaust(t: Table, text: str) -> None:
    unit = t.unit(1)
    t.cast(0, t.card("sorcery", text), [unit])
    assert t.g.used[unit]


@scenario("ready", "Ready target Unit you control.")
def _ready(t: Table, text: str) -> None:
    unit = t.unit(0)
    t.g.used[unit] = True
    t.cast(0, t.card("sorcery", text), [unit])
    assert not t.g.used[unit]


@scenario("develop", "Put a development counter on target Building you control.")
def _develop(t: Table, text: str) -> None:
    t.cast(0, t.card("sorcery", text))
    assert t.g.marks[DEVELOPMENT][t.keeps[0]] == 1 and board.development(t.g, 0) == 1


@scenario("undevelop", "Remove 2 development counters from target Building an opponent controls.")
def _undevelop(t: Table, text: str) -> None:
    t.g.marks[DEVELOPMENT][t.keeps[1]] = 3
    t.cast(0, t.card("sorcery", text))
    assert t.g.marks[DEVELOPMENT][t.keeps[1]] == 1


@scenario("boost-offence", "Target Unit gets +2 offence until end of turn.")
def _boost(t: Table, text: str) -> None:
    unit = t.unit(0, offence=1)
    t.cast(0, t.card("sorcery", text), [unit])
    assert offence(t.g, unit) == 3
    turns.end_phase(t.g, 0)
    assert offence(t.g, unit) == 1


@scenario("sacrifice", "Sacrifice a Unit you control. Draw 2 cards.")
def _sacrifice(t: Table, text: str) -> None:
    unit = t.unit(0)
    t.cast(0, t.card("sorcery", text))
    assert t.zone_of(unit) == ZONE_DISCARD and len(t.hand(0)) == 2


@scenario("return-from-graveyard", "Return a Unit from your graveyard to your hand.")
def _return(t: Table, text: str) -> None:
    theirs, mine = t.card("unit", owner=1, zone="discard"), t.card("unit", zone="discard")
    t.cast(0, t.card("sorcery", text))
    assert mine in t.hand(0) and t.zone_of(theirs) == ZONE_DISCARD


def _second_territory(t: Table, owner: int = 0) -> int:
    land = t.card("territory", owner=owner, zone="play")
    t.g.marks[TERRITORY][land] = land + 1
    t.card("building", owner=owner, zone="play", territory=land + 1)
    return land + 1


@scenario("move", "Move target Unit you control to another Territory you control.")
def _move(t: Table, text: str) -> None:
    unit = t.unit(0)
    key = _second_territory(t)
    t.cast(0, t.card("sorcery", text), [unit])
    assert t.g.marks[TERRITORY][unit] == key


@scenario("extra-attack", "You may attack a Territory again this turn.")
def _extra_attack(t: Table, text: str) -> None:
    first, second = t.unit(0, offence=1, health=3), t.unit(0, offence=1, health=3)
    t.attack(0, [first])
    assert not t.offered(0, "attack")
    t.cast(0, t.card("sorcery", text))
    assert t.offered(0, "attack")
    t.attack(0, [second])
    assert t.g.damage[t.keeps[1]] == 2


# -- statics ----------------------------------------------------------------------------------------------


@scenario("can-develop", "This card can be developed.")
def _can_develop(t: Table, text: str) -> None:
    plain, able = t.unit(0), t.unit(0, text)
    t.give(0, 1)
    assert t.offered(0, "develop", able) and not t.offered(0, "develop", plain)
    t.do(0, Action("develop", able))
    assert t.g.marks[DEVELOPMENT][able] == 1 and t.g.pool[0] == 0


@scenario("offence-bonus", "Units you control get +1 offence.")
def _offence_bonus(t: Table, text: str) -> None:
    mine, theirs = t.unit(0, offence=2), t.unit(1, offence=2)
    t.card("policy", text, zone="play")
    assert offence(t.g, mine) == 3 and offence(t.g, theirs) == 2


@scenario("defence-bonus", "Buildings you control get +1 defence.")
def _defence_bonus(t: Table, text: str) -> None:
    unit = t.unit(0, health=2)
    t.card("policy", text, zone="play")
    assert health(t.g, t.keeps[0]) == 6 and health(t.g, t.keeps[1]) == 5 and health(t.g, unit) == 2


@scenario("cost-reduction", "Sorceries cost you 1 less resource.")
def _cost_reduction(t: Table, text: str) -> None:
    spell, tactic = t.card("sorcery", "Draw a card.", cost=2), t.card("tactic", "Draw a card.", cost=2)
    theirs = t.card("sorcery", "Draw a card.", owner=1, cost=2)
    t.card("policy", text, zone="play")
    assert (play_cost(t.g, 0, spell), play_cost(t.g, 0, tactic), play_cost(t.g, 1, theirs)) == (1, 2, 2)


@scenario("cannot-attack", "Exhausted Units cannot attack.")
@scenario("cannot-attack", "This card cannot attack.")
def _cannot_attack(t: Table, text: str) -> None:
    if text.startswith("This"):
        wall = t.unit(0, text)
        assert not any(a.verb == "attack" and wall in (a.targets or ()) for a in t.options(0))
        return
    t.card("policy", text, zone="play")
    unit = t.unit(0)
    assert t.offered(0, "attack")
    t.g.used[unit] = True
    assert not t.offered(0, "attack")


@scenario("extra-scrap", "You may scrap one more card in each Scrap action.")
def _extra_scrap(t: Table, text: str) -> None:
    for _ in range(3):
        t.card("unit", scrap=(("basic", 1),))
    assert max(len(a.targets or ()) for a in t.options(0) if a.verb == "scrap") == 2
    t.card("policy", text, zone="play")
    three = [a for a in t.options(0) if a.verb == "scrap" and len(a.targets or ()) == 3]
    t.do(0, three[0])
    assert t.g.pool[0] == 3 and t.hand(0) == [] and len(board.scrap_pile(t.g, 0)) == 3
    assert not t.offered(0, "scrap")  # once per turn


@scenario("trade-discount", "Trading costs you 1 less resource.")
def _trade_discount(t: Table, text: str) -> None:
    t.give(0, 1)
    assert not t.offered(0, "trade")
    t.card("building", text, zone="play")
    t.do(0, Action("trade", index=1))
    assert t.g.pool[0] == 0 and board.amount(t.g, 0, "gold") == 1


# -- events ------------------------------------------------------------------------------------------------


@scenario("attacks", "Whenever this card attacks, it gets +1 offence until end of turn.")
def _attacks(t: Table, text: str) -> None:
    raider = t.unit(0, text, offence=2)
    t.attack(0, [raider])
    assert t.g.damage[t.keeps[1]] == 3 and t.g.marks[BOOST][raider] == 1


@scenario("defends", "Whenever this card defends, remove all damage from it.")
def _defends(t: Table, text: str) -> None:
    guard = t.unit(1, text, offence=2, health=3)
    t.g.damage[guard] = 2
    attacker = t.unit(0, offence=2, health=2)
    t.agents[1].defence = (guard, attacker)
    t.attack(0, [attacker])
    # without the trigger the guard (1 health left) would die; it is healed as it defends and takes 2
    assert t.zone_of(guard) == ZONE_PLAY and t.g.damage[guard] == 2 and t.zone_of(attacker) == ZONE_DISCARD


@scenario("developed", "Whenever a Building you control is developed, gain 1 resource.")
def _developed(t: Table, text: str) -> None:
    t.card("policy", text, zone="play")
    t.give(0, 1)
    t.do(0, Action("develop", t.keeps[0]))
    assert t.g.pool[0] == 1 and t.g.marks[DEVELOPMENT][t.keeps[0]] == 1


@scenario("scraps", "Whenever you scrap a card, gain 1 Research.")
def _scraps(t: Table, text: str) -> None:
    t.card("policy", text, zone="play")
    cards = (t.card("unit", scrap=(("basic", 1),)), t.card("unit", scrap=(("gold", 1),)))
    t.do(0, Action("scrap", targets=cards))
    assert (t.g.pool[0], board.amount(t.g, 0, "gold"), board.amount(t.g, 0, "research")) == (1, 1, 2)


@scenario("territory-attacked", "Whenever an opponent attacks a Territory you control, ready target Unit you control.")
def _territory_attacked(t: Table, text: str) -> None:
    t.card("building", text, owner=1, zone="play")
    guard = t.unit(1, offence=3, health=3)
    t.g.used[guard] = True
    attacker = t.unit(0, offence=2, health=2)
    t.attack(0, [attacker])
    assert t.zone_of(attacker) == ZONE_DISCARD  # the readied guard defended


# -- conditions --------------------------------------------------------------------------------------------


@scenario("development-at", "If your development is 3 or more, draw a card.")
def _development_at(t: Table, text: str) -> None:
    t.g.marks[DEVELOPMENT][t.keeps[0]] = 2
    t.cast(0, t.card("sorcery", text))
    assert t.hand(0) == []
    t.g.marks[DEVELOPMENT][t.keeps[0]] = 3
    t.cast(0, t.card("sorcery", text))
    assert len(t.hand(0)) == 1


@scenario("controls-advanced", "If you control two or more Gold, draw a card.")
def _controls_advanced(t: Table, text: str) -> None:
    t.give(0, 5, gold=1)
    t.cast(0, t.card("sorcery", text))
    assert t.hand(0) == []
    t.give(0, gold=1)
    t.cast(0, t.card("sorcery", text))
    assert len(t.hand(0)) == 1


# -- keywords ---------------------------------------------------------------------------------------------


@scenario("blitz", "Blitz")
def _blitz(t: Table, text: str) -> None:
    fast, slow = t.card("unit", text, offence=2), t.card("unit", offence=2)
    territory = board.starting_territory(0)
    t.do(0, Action("recruit", fast, territory))
    t.do(0, Action("recruit", slow, territory))
    plans = [a.targets for a in t.options(0) if a.verb == "attack"]
    assert plans and all(slow not in plan for plan in plans) and any(fast in plan for plan in plans)


@scenario("damage-reduction", "Damage Reduction 1")
def _damage_reduction(t: Table, text: str) -> None:
    wall = t.unit(0, text, health=4)
    t.cast(1, t.card("sorcery", "Deal 3 damage to target Unit.", owner=1), [wall])
    assert t.g.damage[wall] == 2


@scenario("hit-and-run", "Hit and Run")
def _hit_and_run(t: Table, text: str) -> None:
    runner = t.unit(0, text, offence=1, health=1)
    guard = t.unit(1, offence=3, health=3)
    t.attack(0, [runner])
    assert t.zone_of(runner) == ZONE_PLAY and not t.g.used[runner] and t.g.damage[guard] == 0


@scenario("overwhelm", "Overwhelm, Wrecker 1")
def _overwhelm(t: Table, text: str) -> None:
    giant = t.unit(0, text, offence=5, health=6)
    guard = t.unit(1, offence=1, health=2)
    t.card("building", owner=1, zone="play", defence=9)  # a second Building: the Keep's fall is no Domination
    t.agents[1].defence = (guard, giant)
    t.attack(0, [giant])
    # 2 destroy the defender, the 3 left go on to the weakest Building (the Keep, 5), with Wrecker 1: 4
    assert t.zone_of(guard) == ZONE_DISCARD and t.g.damage[t.keeps[1]] == 4


@scenario("pillage", "Pillage")
def _pillage(t: Table, text: str) -> None:
    t.card("building", owner=1, zone="play", defence=9)  # the opponent keeps a Building: no Domination
    looter = t.unit(0, text, offence=5, health=2)
    t.attack(0, [looter])
    assert t.zone_of(t.keeps[1]) == ZONE_DISCARD and t.g.pool[0] == 1


@scenario("vigilant", "Vigilant")
def _vigilant(t: Table, text: str) -> None:
    watch, plain = t.unit(0, text), t.unit(0)
    t.attack(0, [watch, plain])
    assert t.g.used[watch] and t.g.used[plain]
    turns.end_phase(t.g, 0)
    assert not t.g.used[watch] and t.g.used[plain]


@scenario("wrecker", "Wrecker 2")
def _wrecker(t: Table, text: str) -> None:
    crew = t.unit(0, text, offence=1)
    t.attack(0, [crew])
    assert t.g.damage[t.keeps[1]] == 3


@scenario("starting", "Starting")
def _starting(t: Table, text: str) -> None:
    start = t.card("building", text, zone="deck", cost=1)
    kept = [start, t.card("unit", zone="deck", cost=1)]
    choices = turns.starting_choices(t.g, 0, kept)
    assert choices[0].targets == tuple(sorted(kept)) and t.g.defs[start].keywords == {"starting": 1}


@scenario("grand", "Grand")
def _grand(t: Table, text: str) -> None:
    spire = t.card("building", text, zone="play")
    t.g.marks[DEVELOPMENT][spire] = 6
    t.give(0, 7)
    with pytest.raises(Exception) as ended:
        t.do(0, Action("develop", spire))
    assert type(ended.value).__name__ == "GameOver" and t.g.winner == 0 and t.g.end_reason == "prosperity"


@scenario("fast", "Fast")
def _fast(t: Table, text: str) -> None:
    ambush = t.card("tactic", f"{text}\nDeal 3 damage to target attacking Unit.", owner=1, resources=(("gold", 1),))
    slow = t.card("tactic", "Deal 3 damage to target Unit.", owner=1)
    t.give(1, 0, gold=1)
    attacker = t.unit(0, offence=2, health=3)
    t.agents[1].responses.append(("cast", ambush))
    t.attack(0, [attacker])
    first = next(o for o in t.agents[1].offered if o[0].verb == "pass")
    assert [a.uid for a in first[1:]] == [ambush] and slow in t.hand(1)  # only the Fast card, in the window
    assert t.zone_of(attacker) == ZONE_DISCARD and t.g.damage[t.keeps[1]] == 0
    assert t.g.stats.counts == {(t.g.defs[ambush].id, "fast: attackers declared"): 1}


# -- condition keywords ---------------------------------------------------------------------------------


@scenario("affinity", "Affinity Gold Gold - Draw a card.")
def _affinity(t: Table, text: str) -> None:
    t.give(0, 0, gold=1)
    t.cast(0, t.card("sorcery", text))
    assert t.hand(0) == []
    t.give(0, 0, gold=2)
    t.cast(0, t.card("sorcery", text))
    assert len(t.hand(0)) == 1


@scenario("affinity", "Affinity Research Faith - Blitz")
def _affinity_keyword(t: Table, text: str) -> None:
    unit = t.unit(0, text)
    t.give(0, 0, research=1)
    assert keyword(t.g, unit, "blitz") == 0
    t.give(0, 0, faith=1)
    assert keyword(t.g, unit, "blitz") == 1


@scenario("no-affinity", "No Affinity - Gain 1 advanced resource of your choice.")
def _no_affinity(t: Table, text: str) -> None:
    t.cast(0, t.card("sorcery", text))
    assert board.advanced_total(t.g, 0) == 1
    t.cast(0, t.card("sorcery", text))
    assert board.advanced_total(t.g, 0) == 1


@scenario("raiding", "Raiding - Deal 2 damage to target Building.")
def _raiding(t: Table, text: str) -> None:
    t.cast(0, t.card("sorcery", text), [t.keeps[1]])
    assert t.g.damage[t.keeps[1]] == 0  # one Building each: not raiding
    t.card("building", owner=1, zone="play")
    t.cast(0, t.card("sorcery", text), [t.keeps[1]])
    assert t.g.damage[t.keeps[1]] == 2


@scenario("upgraded", "Upgraded 2 - Exhaust this card: Gain 2 resources.")
def _upgraded(t: Table, text: str) -> None:
    hall = t.card("building", text, zone="play")
    t.g.marks[DEVELOPMENT][hall] = 1
    assert not _ability_offered(t, hall)
    t.g.marks[DEVELOPMENT][hall] = 2
    t.ability(0, hall)
    assert t.g.pool[0] == 2


@pytest.mark.parametrize("key", sorted(SCENARIOS), ids=lambda k: f"{k[0]}: {k[1]}")
def test_scenario(key: tuple[str, str]) -> None:
    run_scenario(key)
