"""Every example of LOE's own registry entries, executed in a scenario: costs, effects, statics, events,
conditions, the Reaction timing and the keywords."""

from __future__ import annotations

import pytest
from sim_table import Table, keys_of, run_scenario, scenario
from test_sim_core_rules import _attempt, _attempt_wins, _targets_of, _victory

from carddb.games.loe.sim.actions import resources_left
from carddb.games.loe.sim.costs import play_cost
from carddb.games.loe.sim.market import market, trade_cost
from carddb.games.loe.sim.victory import attempt_cost
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DISCARD, ZONE_PLAY, GameOver
from carddb.sim.ops import deal_damage, health
from carddb.sim.stack import run

# -- costs and restrictions ----------------------------------------------------------------------


@scenario("pay-powerstones", "Pay 2 powerstones: Draw a card.")
def _pay(t: Table, text: str) -> None:
    duke = t.text_card("duke", text)
    t.pool(0, 1)
    assert not t.offered(0, "ability", duke)
    t.pool(0, 3)
    t.ability(0, duke)
    assert t.g.pool[0] == 1 and len(t.hand(0)) == 1


@scenario("spend-resource", "Spend 1 Influence: Deal 2 damage to target Duke.")
def _spend(t: Table, text: str) -> None:
    duke = t.text_card("duke", text)
    target = t.card("duke", owner=1, zone="play")
    material = t.resource(0, "material")
    assert not t.offered(0, "ability", duke)  # a Material is not Influence
    influence = t.resource(0, "influence")
    t.ability(0, duke, [target])
    assert t.g.used[influence] and not t.g.used[material] and t.g.damage[target] == 2
    assert not t.offered(0, "ability", duke)  # its only Influence is spent


@scenario("discard-cost", "Discard a card: Gain 1 powerstone.")
def _discard_cost(t: Table, text: str) -> None:
    duke = t.text_card("duke", text)
    assert not t.offered(0, "ability", duke)
    card = t.card("spell", "Draw a card.")
    t.ability(0, duke)
    assert t.zone_of(card) == ZONE_DISCARD and t.g.pool[0] == 1


@scenario("sacrifice", "Destroy a Resource you control: Draw 2 cards.")
def _sacrifice(t: Table, text: str) -> None:
    duke = t.text_card("duke", text)
    assert not t.offered(0, "ability", duke)
    resource = t.resource(0, "subject")
    t.ability(0, duke)
    assert t.zone_of(resource) == ZONE_DISCARD and len(t.hand(0)) == 2


@scenario("fatigue-self", "Fatigue this card: Gain 1 powerstone.")
def _fatigue_self(t: Table, text: str) -> None:
    resource = t.text_card("resource", text)
    t.ability(0, resource)
    assert t.g.used[resource] and t.g.pool[0] == 1
    assert not t.offered(0, "ability", resource)


@scenario("activate-once", "Pay 1 powerstone: Draw a card. Activate only once per turn.")
def _once(t: Table, text: str) -> None:
    duke = t.text_card("duke", text)
    t.pool(0, 3)
    t.ability(0, duke)
    assert len(t.hand(0)) == 1 and not t.offered(0, "ability", duke)
    t.g.tallies.clear()  # a new turn
    assert t.offered(0, "ability", duke)


@scenario(
    "activate-your-turn", "Spend 1 Subject: Remove 1 damage from target character. Activate only during your turn."
)
def _your_turn_only(t: Table, text: str) -> None:
    duke = t.text_card("duke", text)
    t.resource(0, "subject")
    t.g.damage[t.lords[0]] = 2
    t.g.active = 1
    spell = t.card("spell", "Draw a card.", owner=1)
    t.pool(1, 0)
    from carddb.sim.program import Event

    assert t.sim.responses(t.g, 0, Event("plays", 1, spell)) == []  # not on an opponent's turn
    t.g.active = 0
    t.ability(0, duke, [t.lords[0]])
    assert t.g.damage[t.lords[0]] == 1


# -- effects -------------------------------------------------------------------------------------


@scenario("gain-powerstones", "Gain 2 powerstones.")
def _gain(t: Table, text: str) -> None:
    t.cast(0, t.text_card("spell", text))
    assert t.g.pool[0] == 2


@scenario("lose-powerstones", "Target opponent loses 1 powerstone.")
def _lose(t: Table, text: str) -> None:
    t.pool(1, 3)
    t.cast(0, t.text_card("spell", text), [1])
    assert (t.g.pool[0], t.g.pool[1]) == (0, 2)


@scenario("activate-duke-free", "Activate target face-down Duke you control without paying its cost.")
def _activate_free(t: Table, text: str) -> None:
    duke = t.card("duke", "Whenever you draw a card, gain 1 powerstone.", zone="play", face_down=True, cost=5)
    t.card("duke", owner=1, zone="play", face_down=True)
    t.cast(0, t.text_card("spell", text), [duke])
    assert not t.g.face_down[duke] and t.g.pool[0] == 0
    t.cast(0, t.card("spell", "Draw a card."))
    assert t.g.pool[0] == 1  # its ability now works


@scenario("look-at-victory", "Look at target opponent's Victory card.")
def _look_at_victory(t: Table, text: str) -> None:
    t.cast(0, t.text_card("spell", text), [1])
    assert t.victories[1] in t.g.known[0] and t.g.face_down[t.victories[1]]


@scenario("reveal", "Reveal target face-down Duke.")
def _reveal(t: Table, text: str) -> None:
    duke = t.card("duke", owner=1, zone="play", face_down=True)
    t.cast(0, t.text_card("spell", text), [duke])
    assert duke in t.g.known[0] and t.g.face_down[duke]


@scenario("turn-face-down", "Turn target Duke face down.")
def _turn_face_down(t: Table, text: str) -> None:
    duke = t.card("duke", "Whenever you draw a card, gain 1 powerstone.", owner=1, zone="play")
    t.cast(0, t.text_card("spell", text), [duke])
    assert t.g.face_down[duke]
    t.cast(1, t.card("spell", "Draw a card.", owner=1))
    assert t.g.pool[1] == 0  # a face-down Duke's abilities do nothing


@scenario("spend-target", "Spend target Resource.")
def _spend_target(t: Table, text: str) -> None:
    resource = t.resource(1, "material")
    t.cast(0, t.text_card("spell", text), [resource])
    assert t.g.used[resource]


@scenario("remove-fatigue", "Remove all fatigue tokens from Resources you control.")
def _remove_fatigue(t: Table, text: str) -> None:
    mine = [t.resource(0, "material", fatigued=True) for _ in range(2)]
    theirs = t.resource(1, "material", fatigued=True)
    t.cast(0, t.text_card("spell", text))
    assert [t.g.used[uid] for uid in [*mine, theirs]] == [False, False, True]


@scenario("ready", "Ready target Resource.")
def _ready(t: Table, text: str) -> None:
    resource = t.resource(0, "subject", fatigued=True)
    t.cast(0, t.text_card("spell", text), [resource])
    assert not t.g.used[resource]


@scenario("trade", "Trade with the market.")
def _trade(t: Table, text: str) -> None:
    mine = t.card("spell", "Gain 1 powerstone.")
    wanted = market(t.g)[2]
    t.agents[0].picks = [wanted, mine]
    t.pool(0, 1)
    t.cast(0, t.text_card("spell", text))
    assert t.hand(0) == [wanted] and market(t.g)[-1] == mine and t.g.pool[0] == 0


@scenario("trade", "Trade with the market without paying.")
def _trade_free(t: Table, text: str) -> None:
    mine = t.card("spell", "Gain 1 powerstone.")
    t.cast(0, t.text_card("spell", text))
    assert mine in market(t.g) and len(t.hand(0)) == 1 and t.g.pool[0] == 0


@scenario("refresh-market", "Refresh the market.")
def _refresh(t: Table, text: str) -> None:
    oldest, top = market(t.g)[0], t.g.deck[-1]
    t.cast(0, t.text_card("spell", text))
    assert t.zone_of(oldest) == ZONE_DISCARD and market(t.g)[-1] == top and len(market(t.g)) == 5


@scenario("take-from-market", "Put target card from the market into your hand.")
def _take(t: Table, text: str) -> None:
    wanted, top = market(t.g)[3], t.g.deck[-1]
    t.cast(0, t.text_card("spell", text), [wanted])
    assert t.hand(0) == [wanted] and market(t.g)[-1] == top and len(market(t.g)) == 5


@scenario("deck-to-market", "Put the top card of the deck into the market.")
def _deck_to_market(t: Table, text: str) -> None:
    oldest, top = market(t.g)[0], t.g.deck[-1]
    t.cast(0, t.text_card("spell", text))
    assert market(t.g)[-1] == top and t.zone_of(oldest) == ZONE_DISCARD and len(market(t.g)) == 5


@scenario("couple", "Couple target Item to target character you control.")
def _couple(t: Table, text: str) -> None:
    duke = t.card("duke", zone="play")
    item = t.card("item", "Coupled character gets +2 health.", zone="play", on=t.lords[0])
    t.cast(0, t.text_card("spell", text), [item, duke])
    assert t.g.attached[item] == duke and health(t.g, duke) == 8 and health(t.g, t.lords[0]) == 20


@scenario("move-item", "Move target Item to target character you control.")
def _move_item(t: Table, text: str) -> None:
    theirs = t.card("item", "Coupled character gets +2 health.", owner=1, zone="play", on=t.lords[1])
    t.cast(0, t.text_card("spell", text), [theirs, t.lords[0]])
    assert t.g.attached[theirs] == t.lords[0] and t.g.controller[theirs] == 0
    assert theirs in t.g.play[0] and health(t.g, t.lords[0]) == 22


@scenario("attempt-victory-free", "Attempt your Victory card without paying its cost.")
def _attempt_free(t: Table, text: str) -> None:
    t.cast(0, t.text_card("spell", text))
    victory = t.victories[0]
    assert t.g.counters[0]["attempts"] == 1 and t.g.pool[0] == 0
    assert t.zone_of(victory) == ZONE_PLAY and not t.g.face_down[victory]  # failed: stays revealed
    assert attempt_cost(t.g, 0) == 2


@scenario("next-victory-discount", "Your next Victory attempt costs 2 less powerstones.")
def _next_discount(t: Table, text: str) -> None:
    t.g.counters[0]["attempts"] = 2  # the next attempt would cost 3
    t.cast(0, t.text_card("spell", text))
    assert attempt_cost(t.g, 0) == 1
    _attempt(t)
    assert t.g.pool[0] == 4 and attempt_cost(t.g, 0) == 4  # used up by the attempt


@scenario("extra-resource", "Play an additional Resource this turn.")
def _extra_resource(t: Table, text: str) -> None:
    first, second = t.card("resource", subtype="subject"), t.card("resource", subtype="material")
    t.do(0, Action("resource", first))
    assert resources_left(t.g, 0) == 0 and not t.offered(0, "resource", second)
    t.cast(0, t.text_card("spell", text))
    assert t.offered(0, "resource", second)


@scenario("win", "Win if you control three or more Dukes.")
def _win(t: Table, text: str) -> None:
    _victory(t, text)
    for _ in range(3):
        t.card("duke", zone="play", face_down=True)
    assert _attempt_wins(t) and t.g.winner == 0 and t.g.end_reason == "victory"


@scenario("win", "Win if your Victory card is revealed and it is your turn.")
def _win_revealed(t: Table, text: str) -> None:
    _victory(t, text)
    assert not _attempt_wins(t)  # the first attempt reveals it; it was not revealed before
    assert _attempt_wins(t)


# -- statics ---------------------------------------------------------------------------------------


@scenario("coupled-health", "Coupled character gets +2 health.")
def _coupled_health(t: Table, text: str) -> None:
    duke = t.card("duke", zone="play", health=3)
    item = t.text_card("item", text, on=duke)
    t.g.damage[duke] = 4
    assert health(t.g, duke) == 5
    t.cast(1, t.card("spell", "Destroy target Item.", owner=1), [item])
    assert t.zone_of(duke) == ZONE_DISCARD  # 4 damage on 3 health once the Item is gone


@scenario("coupled-untargetable", "Coupled character cannot be targeted by Spells.")
def _coupled_untargetable(t: Table, text: str) -> None:
    duke = t.card("duke", owner=1, zone="play")
    t.text_card("item", text, owner=1, on=duke)
    spell = t.card("spell", "Deal 1 damage to target Duke.")
    assert _targets_of(t, 0, spell) == []
    t.pool(0, 1)
    shooter = t.card("duke", "Pay 1 powerstone: Deal 1 damage to target Duke.", zone="play")
    t.ability(0, shooter, [duke])
    assert t.g.damage[duke] == 1


@scenario("cost-change", "Spells cost 1 more powerstone to play.")
def _cost_change(t: Table, text: str) -> None:
    mine, theirs = t.card("spell", "Draw a card.", cost=2), t.card("spell", "Draw a card.", owner=1, cost=2)
    item = t.card("item", "Coupled character gets +1 health.", cost=2)
    t.text_card("ritual", text, owner=1)
    assert (play_cost(t.g, 0, mine), play_cost(t.g, 1, theirs), play_cost(t.g, 0, item)) == (3, 3, 2)
    t.pool(0, 2)
    assert not t.offered(0, "cast", mine)


@scenario("opponent-cost-change", "Spells your opponents play cost 1 more powerstone to play.")
def _opponent_cost_change(t: Table, text: str) -> None:
    mine, theirs = t.card("spell", "Draw a card.", cost=2), t.card("spell", "Draw a card.", owner=1, cost=2)
    t.text_card("item", text, owner=1, on=t.lords[1])
    assert (play_cost(t.g, 0, mine), play_cost(t.g, 1, theirs)) == (3, 2)


@scenario("extra-resource-each-turn", "You may play an additional Resource each turn.")
def _extra_resource_each_turn(t: Table, text: str) -> None:
    t.text_card("ritual", text)
    assert (resources_left(t.g, 0), resources_left(t.g, 1)) == (2, 1)


@scenario("trade-cost", "Trading with the market costs 0 powerstones.")
def _trade_cost(t: Table, text: str) -> None:
    t.card("spell", "Draw a card.")
    assert not t.offered(0, "trade")
    t.text_card("ritual", text, owner=1)
    assert trade_cost(t.g) == 0 and t.offered(0, "trade")
    t.do(0, Action("trade"))
    assert t.g.pool[0] == 0 and not t.offered(0, "trade")  # once per turn


@scenario("victory-discount", "Your Victory attempts cost 1 less powerstone.")
def _victory_discount(t: Table, text: str) -> None:
    t.g.counters[0]["attempts"] = 1
    t.text_card("lord", text)
    assert (attempt_cost(t.g, 0), attempt_cost(t.g, 1)) == (1, 1)
    t.g.counters[1]["attempts"] = 1
    assert attempt_cost(t.g, 1) == 2


# -- events and conditions -------------------------------------------------------------------------


@scenario("activates", "Whenever you activate a Duke, draw a card.")
def _activates(t: Table, text: str) -> None:
    t.text_card("duke", text)
    hidden = t.card("duke", zone="play", face_down=True, cost=2)
    t.pool(0, 2)
    t.do(0, Action("activate", hidden))
    assert not t.g.face_down[hidden] and len(t.hand(0)) == 1 and t.g.pool[0] == 0


@scenario("is-activated", "When a Duke is activated, gain 1 powerstone.")
def _is_activated(t: Table, text: str) -> None:
    t.text_card("ritual", text)
    hidden = t.card("duke", owner=1, zone="play", face_down=True, cost=1)
    t.g.active = 1
    t.pool(1, 1)
    t.do(1, Action("activate", hidden))
    assert t.g.pool[0] == 1


@scenario("trades", "Whenever an opponent trades with the market, draw a card.")
def _trades(t: Table, text: str) -> None:
    t.text_card("duke", text)
    t.card("spell", "Draw a card.", owner=1)
    t.g.active = 1
    t.pool(1, 1)
    t.do(1, Action("trade"))
    assert len(t.hand(0)) == 1


@scenario("attempts-victory", "Reaction - When an opponent attempts a Victory card: Counter it.")
def _counter_attempt(t: Table, text: str) -> None:
    _an_attempt_is_countered(t, text)
    assert t.g.counters[1]["attempts"] == 1


def _an_attempt_is_countered(t: Table, text: str) -> None:
    """Player 2 attempts a Victory card that would win; player 1 answers with the Reaction `text`."""
    reaction = t.text_card("reaction", text, cost=1)
    _victory(t, "Win if you have no cards in hand.", player=1)
    t.g.active = 1
    t.pool(0, 1)
    t.agents[0].responses = [("react", reaction)]
    _attempt(t, 1)
    assert not t.g.over and t.zone_of(reaction) == ZONE_DISCARD and t.g.pool[0] == 0
    assert t.zone_of(t.victories[1]) == ZONE_PLAY and not t.g.face_down[t.victories[1]]


@scenario("spends", "Whenever an opponent spends a Resource, gain 1 powerstone.")
def _spends(t: Table, text: str) -> None:
    t.text_card("duke", text)
    t.resource(1, "influence")
    duke = t.card("duke", "Spend 1 Influence: Draw a card.", owner=1, zone="play")
    t.ability(1, duke)
    assert t.g.pool[0] == 1


@scenario("is-coupled", "When this card is coupled, draw a card.")
def _is_coupled(t: Table, text: str) -> None:
    item = t.card("item", text, cost=1)
    t.cast(0, item, [t.lords[0]])
    assert t.g.attached[item] == t.lords[0] and len(t.hand(0)) == 1


@scenario("enters-market", "Whenever a card enters the market, gain 1 powerstone.")
def _enters_market(t: Table, text: str) -> None:
    t.text_card("ritual", text)
    t.cast(0, t.card("spell", "Refresh the market."))
    assert t.g.pool[0] == 1


@scenario("victory-revealed", "Win if your Victory card is revealed and you control three or more Dukes.")
def _revealed_and_dukes(t: Table, text: str) -> None:
    _victory(t, text)
    for _ in range(3):
        t.card("duke", zone="play")
    assert not _attempt_wins(t)
    assert _attempt_wins(t)


@scenario("market-contains", "Win if the market contains three or more Spells.")
def _market_spells(t: Table, text: str) -> None:
    _victory(t, text)
    for uid in market(t.g)[:3]:
        t.g.move(uid, ZONE_DISCARD)
    assert not _attempt_wins(t)
    for _ in range(1):
        t.card("spell", "Draw a card.", zone="market")
    assert _attempt_wins(t)


@scenario("market-contains", "If the market contains a Ritual, draw a card.")
def _market_ritual(t: Table, text: str) -> None:
    t.cast(0, t.text_card("spell", text))
    assert t.hand(0) == []
    t.g.move(market(t.g)[0], ZONE_DISCARD)
    t.card("ritual", "Each character gets +1 health.", zone="market")
    t.cast(0, t.text_card("spell", text))
    assert len(t.hand(0)) == 1


@scenario("reaction", "Reaction - When an opponent plays a Victory card: Counter it.")
def _reaction(t: Table, text: str) -> None:
    _an_attempt_is_countered(t, text)
    with pytest.raises(GameOver):
        _attempt(t, 1)  # no Reaction left to answer it: the second attempt wins
    assert t.g.winner == 1


# -- keywords --------------------------------------------------------------------------------------


def _response_verbs(t: Table, player: int) -> list[tuple[str, int]]:
    from carddb.sim.program import Event

    spell = t.card("spell", "Draw a card.", owner=1 - player)
    event = Event("plays", 1 - player, spell, item=object())  # a Spell on the stack
    return [(a.verb, a.uid) for a in t.sim.responses(t.g, player, event)]


@scenario("ambush", "Ambush")
def _ambush(t: Table, text: str) -> None:
    lurker = t.card("duke", text, zone="play", face_down=True, cost=2)
    plain = t.card("duke", zone="play", face_down=True, cost=2)
    t.g.active = 1
    t.pool(0, 2)
    assert _response_verbs(t, 0) == [("activate", lurker)]
    assert ("activate", plain) not in [(a.verb, a.uid) for a in t.options(0)] or t.g.active == 1


@scenario("ward", "Ward 2")
def _ward(t: Table, text: str) -> None:
    warded = t.card("duke", text, owner=1, zone="play")
    t.cast(0, t.card("spell", "Deal 1 damage to target Duke."), [warded])
    assert t.g.damage[warded] == 0  # could not pay 2: countered
    t.pool(0, 2)
    t.cast(0, t.card("spell", "Deal 1 damage to target Duke."), [warded])
    assert t.g.damage[warded] == 1 and t.g.pool[0] == 0


@scenario("armor", "Armor 1, Ambush")
def _armor(t: Table, text: str) -> None:
    duke = t.card("duke", text, zone="play", health=9)
    assert deal_damage(t.g, duke, 2) == 1 and deal_damage(t.g, duke, 2) == 2
    run(t.g)
    t.g.tallies.clear()  # next turn
    assert deal_damage(t.g, duke, 1) == 0
    run(t.g)
    assert t.g.damage[duke] == 3


@scenario("swift", "Swift")
def _swift(t: Table, text: str) -> None:
    quick = t.card("spell", f"{text}\nGain 2 powerstones.", cost=0)
    slow = t.card("spell", "Gain 3 powerstones.", cost=0)
    t.g.active = 1
    verbs = _response_verbs(t, 0)
    assert ("cast", quick) in verbs and ("cast", slow) not in verbs
    t.agents[0].responses = [("cast", quick)]
    t.cast(1, t.card("spell", "Draw a card.", owner=1))
    assert t.g.pool[0] == 2


@scenario("tribute", "Tribute 1")
def _tribute(t: Table, text: str) -> None:
    resource = t.card("resource", text, subtype="material")
    t.do(0, Action("resource", resource))
    assert t.g.pool[0] == 1


@scenario("hidden", "Hidden")
def _hidden(t: Table, text: str) -> None:
    secret = _victory(t, f"{text}\nWin if you have 9 or more cards in hand.", player=1)
    t.cast(0, t.card("spell", "Look at target opponent's Victory card."), [1])
    assert secret not in t.g.known[0]
    plain = t.victories[0]
    t.cast(1, t.card("spell", "Look at target opponent's Victory card.", owner=1), [0])
    assert plain in t.g.known[1]


@scenario("loyal", "Loyal")
def _loyal(t: Table, text: str) -> None:
    duke = t.card("duke", zone="play", health=4)
    guard = t.card("item", text, zone="play", on=duke)
    t.cast(1, t.card("spell", "Deal 5 damage to target Duke.", owner=1), [duke])
    assert t.zone_of(guard) == ZONE_DISCARD and t.zone_of(duke) == ZONE_PLAY and t.g.damage[duke] == 0


@pytest.mark.parametrize("key", keys_of(__name__), ids=lambda key: f"{key[0]}: {key[1]}")
def test_example_executes(key: tuple[str, str]) -> None:
    run_scenario(key)
