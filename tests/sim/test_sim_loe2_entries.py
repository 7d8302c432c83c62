"""Every example sentence of LOE v2's registry, executed on a hand-laid table: the state change a player expects.

One scenario per (entry, example): the core entries v2 keeps, written in v2's words, and v2's own
(mana, health, tapping, boosts, tokens, the marketplace, combat's statics and events, Reactions).
"""

from __future__ import annotations

import pytest
from loe2_table import SCENARIOS, Table2, run_scenario, scenario

from carddb.games.loe2.sim.board import GONE, power, state
from carddb.games.loe2.sim.marketplace import marketplace
from carddb.sim.game import ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, GameOver
from carddb.sim.ops import end_temporary, health
from carddb.sim.program import Event

# -- the core entries, in v2's words -----------------------------------------------------------------


@scenario("draw", "Draw a card.")
def _draw_one(t: Table2, text: str) -> None:
    spell = t.card("spell", text)
    top = t.g.decks[0][-1]
    t.cast(0, spell)
    assert t.hand(0) == [top] and t.zone_of(spell) == ZONE_DISCARD  # (the graveyard)


@scenario("draw", "Draw two cards.")
def _draw_two(t: Table2, text: str) -> None:
    spell = t.card("spell", text)
    t.cast(0, spell)
    assert len(t.hand(0)) == 2 and len(t.g.decks[0]) == 6 and len(t.g.decks[1]) == 8  # from your own deck


@scenario("draw", "Each player draws a card.")
def _each_draws(t: Table2, text: str) -> None:
    t.cast(0, t.card("spell", text))
    assert len(t.hand(0)) == 1 and len(t.hand(1)) == 1


@scenario("discard", "Discard a card.")
def _discard(t: Table2, text: str) -> None:
    kept, gone = t.card("spell", "Draw a card."), t.card("spell", "Draw a card.")
    t.agents[0].picks = [gone]
    t.cast(0, t.card("spell", text))
    assert t.hand(0) == [kept] and t.zone_of(gone) == ZONE_DISCARD


@scenario("discard", "Target opponent discards a card.")
def _opponent_discards(t: Table2, text: str) -> None:
    theirs = [t.card("spell", "Draw a card.", owner=1) for _ in range(2)]
    t.agents[1].picks = [theirs[1]]  # the opponent chooses
    t.cast(0, t.card("spell", text), [1])
    assert t.hand(1) == [theirs[0]] and t.zone_of(theirs[1]) == ZONE_DISCARD


@scenario("deal-damage", "Deal 2 damage to target Troop.")
def _damage_troop(t: Table2, text: str) -> None:
    sturdy = t.unit("troop", owner=1, toughness=3)
    frail = t.unit("troop", owner=1, toughness=2)
    t.cast(0, t.card("spell", text), [sturdy])
    assert t.g.damage[sturdy] == 2 and t.zone_of(sturdy) == ZONE_PLAY
    t.cast(0, t.card("spell", text), [frail])
    assert t.zone_of(frail) == ZONE_DISCARD  # damage reached its toughness


@scenario("deal-damage", "Deal 4 damage to target opponent.")
def _damage_opponent(t: Table2, text: str) -> None:
    t.cast(0, t.card("spell", text), [1])
    assert (t.life(0), t.life(1)) == (20, 16)
    state(t.g).life[1] = 4
    with pytest.raises(GameOver):
        t.cast(0, t.card("spell", text), [1])
    assert t.g.winner == 0 and t.g.end_reason == "0 health"


@scenario("destroy", "Destroy target tapped Troop.")
def _destroy_tapped(t: Table2, text: str) -> None:
    standing = t.unit("troop", owner=1)
    spell = t.card("spell", text)
    assert not t.offered(0, "cast", spell)  # no tapped Troop: no legal target
    tapped = t.unit("troop", owner=1, tapped=True)
    t.cast(0, spell, [tapped])
    assert t.zone_of(tapped) == ZONE_DISCARD and t.zone_of(standing) == ZONE_PLAY


@scenario("counter", "Counter target Spell.")
def _counter(t: Table2, text: str) -> None:
    answer = t.card("reaction", f"Reaction - When an opponent plays a Spell: {text}", owner=1)
    spell = t.card("spell", "Draw two cards.")
    t.respond(1, ("react", answer))
    t.cast(0, spell)
    assert t.hand(0) == [] and t.zone_of(spell) == ZONE_DISCARD and t.zone_of(answer) == ZONE_DISCARD


@scenario("return-to-hand", "Return target Troop to its owner's hand.")
def _return(t: Table2, text: str) -> None:
    theirs = t.unit("troop", owner=1)
    t.cast(0, t.card("spell", text), [theirs])
    assert t.hand(1) == [theirs]


@scenario("look-at-hand", "Look at target opponent's hand.")
def _look_at_hand(t: Table2, text: str) -> None:
    theirs = [t.card("spell", "Draw a card.", owner=1) for _ in range(2)]
    assert not set(theirs) & t.g.known[0]
    t.cast(0, t.card("spell", text), [1])
    assert set(theirs) <= t.g.known[0]


@scenario("untargetable", "This card cannot be targeted.")
def _untargetable(t: Table2, text: str) -> None:
    sentinel = t.unit("troop", text, owner=1, toughness=6)
    ping = t.card("spell", "Deal 2 damage to target Troop.")
    assert not t.offered(0, "cast", ping)
    t.cast(0, t.card("spell", "Deal 1 damage to each Troop an opponent controls."))
    assert t.g.damage[sentinel] == 1  # an effect that does not target still reaches it


@scenario("when", "When this card enters the battlefield, draw a card.")
def _when_enters(t: Table2, text: str) -> None:
    troop = t.card("troop", text)
    t.cast(0, troop)
    assert t.zone_of(troop) == ZONE_PLAY and len(t.hand(0)) == 1


@scenario("when", "Whenever this card attacks, draw a card.")
def _when_attacks(t: Table2, text: str) -> None:
    leader = t.unit("leader", text)
    t.attack(0, leader)
    assert len(t.hand(0)) == 1 and t.g.used[leader]


@scenario("turn-start", "At the start of your turn, gain 1 mana.")
def _turn_start(t: Table2, text: str) -> None:
    t.unit("troop", text)
    t.emit(Event("turn-start", 1))
    assert t.g.pool[0] == 0
    t.emit(Event("turn-start", 0))
    assert t.g.pool[0] == 1


@scenario("turn-end", "At the end of your turn, discard a card.")
def _turn_end(t: Table2, text: str) -> None:
    t.unit("troop", text)
    card = t.card("spell", "Draw a card.")
    t.emit(Event("turn-end", 0))
    assert t.zone_of(card) == ZONE_DISCARD


@scenario("plays", "When an opponent plays a Spell, draw a card.")
def _plays(t: Table2, text: str) -> None:
    t.unit("troop", text)
    t.cast(0, t.card("spell", "You gain 4 health."))  # your own Spell: no
    assert t.hand(0) == []
    t.g.active = 1
    t.cast(1, t.card("spell", "You gain 4 health.", owner=1))
    assert len(t.hand(0)) == 1


@scenario("plays-targeting", "When an opponent plays a Spell that targets a unit you control, draw a card.")
def _plays_targeting(t: Table2, text: str) -> None:
    mine = t.unit("troop", text, toughness=3)
    theirs = t.unit("troop", owner=1, toughness=3)
    t.g.active = 1
    t.cast(1, t.card("spell", "Deal 1 damage to target Troop.", owner=1), [theirs])
    assert t.hand(0) == []
    t.cast(1, t.card("spell", "Deal 1 damage to target Troop.", owner=1), [mine])
    assert len(t.hand(0)) == 1


@scenario("dealt-damage", "Whenever a unit you control is dealt damage, gain 1 mana.")
def _dealt_damage(t: Table2, text: str) -> None:
    t.unit("leader", text)
    troop = t.unit("troop", toughness=4)
    t.cast(0, t.card("spell", "Deal 2 damage to target Troop."), [troop])
    assert t.g.pool[0] == 1


@scenario("destroyed", "When this card is destroyed, deal 1 damage to target Troop.")
def _destroyed(t: Table2, text: str) -> None:
    veteran = t.unit("troop", text, toughness=1)
    theirs = t.unit("troop", owner=1, toughness=3)
    t.agents[0].picks = [theirs]
    t.cast(0, t.card("spell", "Deal 1 damage to each Troop you control."))
    assert t.zone_of(veteran) == ZONE_DISCARD and t.g.damage[theirs] == 1


@scenario("controls-count", "If you control three or more Troops, draw a card.")
def _controls_count(t: Table2, text: str) -> None:
    t.unit("troop")
    t.unit("troop")
    t.unit("troop", owner=1)
    t.cast(0, t.card("spell", text))
    assert t.hand(0) == []
    t.unit("troop")
    t.cast(0, t.card("spell", text))
    assert len(t.hand(0)) == 1


@scenario("your-turn", "If it is not your turn, draw a card.")
def _not_your_turn(t: Table2, text: str) -> None:
    troop = t.unit("troop", f"Tap this card: {text}")
    t.ability(0, troop)
    assert t.hand(0) == []  # it is your turn
    t.g.used[troop] = False
    t.g.active = 1
    t.ability(0, troop)
    assert len(t.hand(0)) == 1


# -- costs -----------------------------------------------------------------------------------------


@scenario("pay-mana", "Pay 2 mana: Draw a card.")
def _pay_mana(t: Table2, text: str) -> None:
    troop = t.unit("troop", text)
    t.mana(0, 1)
    assert not t.offered(0, "ability", troop)
    fodder = t.card("spell", "Draw a card.", pitch=2)
    assert t.offered(0, "ability", troop)  # 1 stored + 2 from pitching the Spell
    t.ability(0, troop)
    assert t.zone_of(fodder) != ZONE_HAND and t.g.pool[0] == 1 and len(t.hand(0)) == 1
    assert state(t.g).pitched[fodder] == 1  # the stored mana was spent first


@scenario("tap-self", "Tap this card: Tap target Troop.")
def _tap_self(t: Table2, text: str) -> None:
    warden = t.unit("leader", text)
    theirs = t.unit("troop", owner=1)
    t.ability(0, warden, [theirs])
    assert t.g.used[warden] and t.g.used[theirs]
    assert not t.offered(0, "ability", warden)


@scenario("sacrifice-self", "Sacrifice this card: Gain 2 mana.")
def _sacrifice_self(t: Table2, text: str) -> None:
    timber = t.card("resource", text, zone="play")
    t.ability(0, timber)
    assert t.zone_of(timber) == ZONE_DISCARD and t.g.pool[0] == 2


@scenario("discard-cost", "Discard a card, sacrifice this card: Gain 3 mana.")
def _discard_cost(t: Table2, text: str) -> None:
    ore = t.card("resource", text, zone="play")
    assert not t.offered(0, "ability", ore)  # nothing to discard
    card = t.card("spell", "Draw a card.")
    t.ability(0, ore)
    assert t.zone_of(card) == ZONE_DISCARD and t.zone_of(ore) == ZONE_DISCARD and t.g.pool[0] == 3


# -- v2's effects ----------------------------------------------------------------------------------


@scenario("gain-mana", "Sacrifice this card: Gain 2 mana.")
def _gain_mana(t: Table2, text: str) -> None:
    timber = t.card("resource", text, zone="play")
    t.ability(0, timber)
    assert t.g.pool[0] == 2 and state(t.g).pitched == {}  # stored: no pitched card holds it
    from carddb.games.loe2.sim.mana import clean_up

    clean_up(t.g, 0)
    assert t.g.pool[0] == 2  # it stays in the pool across turns


@scenario("gain-health", "You gain 4 health.")
def _gain_health(t: Table2, text: str) -> None:
    t.cast(0, t.card("spell", text))
    assert (t.life(0), t.life(1)) == (24, 20)


@scenario("heal", "Heal 1 damage from target unit.")
def _heal(t: Table2, text: str) -> None:
    leader = t.unit("leader", health=10)
    t.g.damage[leader] = 3
    t.cast(0, t.card("spell", text), [leader])
    assert t.g.damage[leader] == 2


@scenario("heal-all", "Heal all damage from target Leader you control.")
def _heal_all(t: Table2, text: str) -> None:
    mine, theirs = t.unit("leader"), t.unit("leader", owner=1)
    t.g.damage[mine] = t.g.damage[theirs] = 4
    t.agents[0].picks = [theirs]  # not a legal target: the first legal one is taken
    t.cast(0, t.card("spell", text))
    assert (t.g.damage[mine], t.g.damage[theirs]) == (0, 4)


@scenario("tap", "Tap target Troop.")
def _tap(t: Table2, text: str) -> None:
    leader = t.unit("leader", owner=1, power=3)
    blocker = t.unit("troop")
    t.cast(0, t.card("spell", text), [blocker])
    assert t.g.used[blocker]
    t.g.active = 1
    t.attack(1, leader)
    assert t.g.damage[blocker] == 0 and t.life(0) == 17  # a tapped unit cannot block


@scenario("untap", "Untap target Troop you control.")
def _untap(t: Table2, text: str) -> None:
    mine, theirs = t.unit("troop", tapped=True), t.unit("troop", owner=1, tapped=True)
    t.cast(0, t.card("spell", text), [mine])
    assert not t.g.used[mine] and t.g.used[theirs]


@scenario("boost-power", "Troops you control get +1 power until end of turn.")
def _boost_power(t: Table2, text: str) -> None:
    mine, theirs = t.unit("troop", power=2), t.unit("troop", owner=1, power=2)
    t.cast(0, t.card("spell", text))
    assert (power(t.g, mine), power(t.g, theirs)) == (3, 2)
    end_temporary(t.g)
    assert power(t.g, mine) == 2


@scenario("boost-toughness", "Troops you control get +1 toughness until end of turn.")
def _boost_toughness(t: Table2, text: str) -> None:
    mine = t.unit("troop", toughness=2)
    t.cast(0, t.card("spell", text))
    t.cast(0, t.card("spell", "Deal 2 damage to target Troop."), [mine])
    assert t.zone_of(mine) == ZONE_PLAY and health(t.g, mine) == 3  # 2 damage on toughness 3
    t.g.damage[mine] = 0
    end_temporary(t.g)
    assert health(t.g, mine) == 2


@scenario("boost-both", "Target Troop you control gets +2 power and +2 toughness until end of turn.")
def _boost_both(t: Table2, text: str) -> None:
    mine = t.unit("troop", power=1, toughness=1)
    t.cast(0, t.card("spell", text), [mine])
    assert (power(t.g, mine), health(t.g, mine)) == (3, 3)
    t.cast(0, t.card("spell", "Return target Troop to its owner's hand."), [mine])
    t.cast(0, mine)  # back on the battlefield: a new unit, without the boost
    assert (power(t.g, mine), health(t.g, mine)) == (1, 1)


@scenario("anthem-power", "Troops you control get +1 power.")
def _anthem_power(t: Table2, text: str) -> None:
    drummer = t.unit("troop", text, power=1)
    other, theirs = t.unit("troop", power=2), t.unit("troop", owner=1, power=2)
    assert (power(t.g, drummer), power(t.g, other), power(t.g, theirs)) == (2, 3, 2)
    t.cast(0, t.card("spell", "Return target Troop to its owner's hand."), [drummer])
    assert power(t.g, other) == 2


@scenario("anthem-toughness", "Troops you control get +1 toughness.")
def _anthem_toughness(t: Table2, text: str) -> None:
    t.unit("troop", text)
    other = t.unit("troop", toughness=2)
    t.cast(0, t.card("spell", "Deal 2 damage to target Troop."), [other])
    assert t.zone_of(other) == ZONE_PLAY and health(t.g, other) == 3


@scenario("create-troop", "Create a Guard Troop token with 1 power and 2 toughness.")
def _create_troop(t: Table2, text: str) -> None:
    t.cast(0, t.card("spell", text))
    (token,) = state(t.g).tokens
    assert t.zone_of(token) == ZONE_PLAY and t.g.controller[token] == 0
    assert (t.g.defs[token].kind, t.g.defs[token].subtype, power(t.g, token), health(t.g, token)) == (
        "troop",
        "guard",
        1,
        2,
    )
    t.cast(0, t.card("spell", "Return target Troop to its owner's hand."), [token])
    assert t.zone_of(token) == GONE and t.hand(0) == []  # a token is not a card: it leaves the game


@scenario("prevent-damage", "Reaction - When a unit you control is dealt damage: Prevent 2 of that damage.")
def _prevent(t: Table2, text: str) -> None:
    brace = t.card("reaction", text, owner=1)
    guard = t.unit("troop", owner=1, toughness=3)
    t.respond(1, ("react", brace))
    t.cast(0, t.card("spell", "Deal 4 damage to target Troop."), [guard])
    assert t.zone_of(guard) == ZONE_PLAY and t.g.damage[guard] == 2  # lethal 4, answered before it was destroyed
    assert t.zone_of(brace) == ZONE_DISCARD


@scenario("look-at-top-own", "Look at the top 2 cards of your deck.")
def _look_at_top(t: Table2, text: str) -> None:
    pile = t.g.decks[0]
    t.cast(0, t.card("spell", text))
    assert set(pile[-2:]) <= t.g.known[0] and pile[-3] not in t.g.known[0]
    assert not set(pile) & t.g.known[1]


@scenario("trade", "Tap this card, sacrifice this card: Trade with the marketplace.")
def _trade(t: Table2, text: str) -> None:
    favour = t.card("resource", text, zone="play")
    given = t.card("spell", "Draw a card.")
    wanted = marketplace(t.g)[2]
    t.agents[0].picks = [wanted, given]
    t.ability(0, favour)
    assert t.hand(0) == [wanted] and marketplace(t.g)[-1] == given  # the card given is the newest
    assert t.offered(0, "trade")  # the turn's own trade is still there


# -- combat's statics and events ---------------------------------------------------------------------


@scenario("block-limit", "This card cannot be blocked by more than one unit.")
def _block_limit(t: Table2, text: str) -> None:
    mother = t.unit("leader", text, owner=1, power=3, health=10)
    first, second = t.unit("troop", power=2, toughness=4), t.unit("troop", power=2, toughness=4)
    t.g.active = 1
    t.respond(0, ("block", first, mother), ("block", second, mother))
    t.attack(1, mother)
    assert t.g.used[first] and not t.g.used[second] and t.g.damage[mother] == 2


@scenario("evasion", "This card cannot be blocked by Troops with power 1 or less.")
def _evasion(t: Table2, text: str) -> None:
    leader = t.unit("leader", text, owner=1, power=2)
    weak, strong = t.unit("troop", power=1, toughness=3), t.unit("troop", power=2, toughness=3)
    t.g.active = 1
    state_before = t.life(0)
    t.respond(0, ("block", weak, leader))
    t.attack(1, leader)
    assert not t.g.used[weak] and t.life(0) == state_before - 2  # it could not block
    t.g.used[leader] = False
    t.g.counters[1].clear()
    t.respond(0, ("block", strong, leader))
    t.attack(1, leader)
    assert t.g.used[strong] and t.life(0) == state_before - 2


@scenario("enters-tapped", "This card enters the battlefield tapped.")
def _enters_tapped(t: Table2, text: str) -> None:
    stalker, plain = t.card("troop", text), t.card("troop")
    t.cast(0, stalker)
    t.cast(0, plain)
    assert t.g.used[stalker] and not t.g.used[plain]


@scenario("enters", "When this card enters the battlefield, draw a card.")
def _enters(t: Table2, text: str) -> None:
    scout = t.card("troop", text)
    assert t.g.defs[scout].listens == {"enters"}
    t.cast(0, scout)
    assert len(t.hand(0)) == 1
    t.cast(0, t.card("spell", "Return target Troop to its owner's hand."), [scout])
    t.cast(0, scout)  # it enters again
    assert len(t.hand(0)) == 2


@scenario("attacks", "Whenever this card attacks, draw a card.")
def _attacks(t: Table2, text: str) -> None:
    leader = t.unit("leader", leads=("scout",))
    scout = t.unit("troop", text, troop_type="scout")
    archer = t.unit("troop", text, troop_type="archer")  # not a type the Leader leads: cannot join
    t.attack(0, leader)
    assert t.g.used[scout] and not t.g.used[archer] and len(t.hand(0)) == 1


@scenario("leader-attacks", "Reaction - When an opponent's Leader attacks: Tap target Troop an opponent controls.")
def _leader_attacks(t: Table2, text: str) -> None:
    collapse = t.card("reaction", text)
    leader = t.unit("leader", owner=1, power=2)
    soldier = t.unit("troop", owner=1, power=3)
    t.g.active = 1
    t.respond(0, ("react", collapse))
    t.attack(1, leader)
    assert t.g.used[soldier] and t.life(0) == 18  # tapped before it could join: only the Leader's 2 land


@scenario("blocks", "Whenever a Troop you control blocks, it gets +2 toughness until end of turn.")
def _blocks(t: Table2, text: str) -> None:
    t.unit("leader", text)
    blocker = t.unit("troop", power=1, toughness=2)
    attacker = t.unit("leader", owner=1, power=3, resistance=1)
    t.g.active = 1
    t.respond(0, ("block", blocker, attacker))
    t.attack(1, attacker)
    assert t.zone_of(blocker) == ZONE_PLAY and t.g.damage[blocker] == 3 and health(t.g, blocker) == 4
    assert t.g.damage[attacker] == 0 and t.life(0) == 20  # power 1 does not beat resistance 1


@scenario("would-be-destroyed", "Reaction - When a Troop you control would be destroyed: Heal all damage from it.")
def _would_be_destroyed(t: Table2, text: str) -> None:
    sanctuary = t.card("reaction", text, owner=1)
    troop = t.unit("troop", owner=1, toughness=2)
    t.respond(1, ("react", sanctuary))
    t.cast(0, t.card("spell", "Deal 2 damage to target Troop."), [troop])
    assert t.zone_of(troop) == ZONE_PLAY and t.g.damage[troop] == 0
    other = t.card("reaction", text, owner=1)
    t.g.used[troop] = True
    t.respond(1, ("react", other))
    t.cast(0, t.card("spell", "Destroy target tapped Troop."), [troop])
    assert t.zone_of(troop) == ZONE_DISCARD  # healing does not stop a destruction that is not damage
    assert t.zone_of(other) == ZONE_DISCARD


@scenario("reaction", "Reaction - When an opponent plays a Spell: Counter it.")
def _reaction(t: Table2, text: str) -> None:
    silence = t.card("reaction", text, owner=1, cost=3)
    t.card("spell", "Draw a card.", owner=1, pitch=3)
    troop = t.card("troop")
    t.cast(0, troop)
    assert t.zone_of(troop) == ZONE_PLAY and t.zone_of(silence) == ZONE_HAND  # a Troop is not a Spell
    spell = t.card("spell", "Draw two cards.")
    t.respond(1, ("react", silence))
    t.cast(0, spell)
    assert t.zone_of(spell) == ZONE_DISCARD and t.hand(0) == []  # countered
    assert t.hand(1) == [] and len(state(t.g).pitched) == 1  # paid by pitching the other card, on your turn


@pytest.mark.parametrize("key", sorted(SCENARIOS), ids=lambda key: f"{key[0]}: {key[1]}")
def test_example_executes(key: tuple[str, str]) -> None:
    run_scenario(key)


def test_a_blocked_leader_with_no_blockers_left_deals_no_damage() -> None:
    t = Table2()
    leader = t.unit("leader", power=4)
    blocker = t.unit("troop", owner=1, toughness=5)
    ping = t.card(
        "reaction", "Reaction - When a unit an opponent controls blocks: Return target Troop to its owner's hand."
    )
    t.respond(1, ("block", blocker, leader))
    t.respond(0, ("react", ping))
    t.attack(0, leader)
    assert t.zone_of(blocker) == ZONE_HAND and t.life(1) == 20  # blocked, and stays blocked
