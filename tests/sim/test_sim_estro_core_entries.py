"""Every example sentence of the core entries ESTRO keeps, executed on an ESTRO table: the change a player
would expect to see. ESTRO's own entries that share an example with one of them (`attacks`, `rolls`,
`counter-move`, `gift-targets`) are here too, beside it; the others are in test_sim_estro_entries.py."""

from __future__ import annotations

import pytest
from estro_table import Table, keys_of, run_scenario, scenario

from carddb.games.estro.sim.board import active_zone
from carddb.games.estro.sim.fight import defenders
from carddb.games.estro.sim.turns import hand_limit
from carddb.sim.game import ZONE_DISCARD, ZONE_HAND, ZONE_PLAY
from carddb.sim.program import Event

PLAIN = (14, 14, 14, 14, 14)  # TOT 70


# -- the core entries ESTRO keeps ------------------------------------------------------------------


@scenario("draw", "Draw a card.")
def _draw(t: Table, text: str) -> None:
    gift = t.card(text=text)
    top = t.deck(0)[-1]
    t.play(0, gift)
    assert t.hand(0) == [top] and len(t.deck(0)) == 5 and t.hand(1) == []


@scenario("draw", "Each player draws a card.")
def _each_draws(t: Table, text: str) -> None:
    t.play(0, t.card(text=text))
    assert len(t.hand(0)) == 1 and len(t.hand(1)) == 1
    assert t.hand(1) == [t.decks[1][-1]]  # each from their own deck


@scenario("discard", "Discard a card.")
def _discard(t: Table, text: str) -> None:
    gift, other = t.card(text=text), t.card("empty")
    t.play(0, gift)
    assert t.zone_of(other) == ZONE_DISCARD and t.g.owner[other] == 0 and t.hand(0) == []


@scenario("discard", "Target opponent discards a card.")
def _opponent_discards(t: Table, text: str) -> None:
    theirs = [t.card("empty", owner=1), t.card("empty", owner=1)]
    t.play(0, t.card(text=text))
    assert len(t.hand(1)) == 1 and sum(t.zone_of(u) == ZONE_DISCARD for u in theirs) == 1


@scenario("discard", "Each opponent discards a card at random.")
def _at_random(t: Table, text: str) -> None:
    theirs = t.card("empty", owner=1)
    mine = t.card("empty")
    t.play(0, t.card(text=text))
    assert t.zone_of(theirs) == ZONE_DISCARD and t.zone_of(mine) == ZONE_HAND


@scenario("destroy", "Destroy target face-down card.")
def _destroy_face_down(t: Table, text: str) -> None:
    shown = t.on_field(owner=1)
    first = t.card(text=text)
    t.play(0, first)  # only a face-up card on the other side: no legal target, the Gift does nothing
    assert t.zone_of(shown) == ZONE_PLAY
    hidden = t.on_field(owner=1, face_down=True)
    t.play(0, t.card(text=text))
    assert t.zone_of(hidden) == ZONE_DISCARD and t.zone_of(shown) == ZONE_PLAY


@scenario("destroy", "Destroy target Empty card with TOT 60 or less.")
def _destroy_small_empty(t: Table, text: str) -> None:
    big = t.on_field(kind="empty", owner=1, stats=(13, 12, 12, 12, 12))  # TOT 61
    small_gift = t.on_field(owner=1, stats=(10, 10, 10, 10, 10))  # TOT 50, but a Gift card
    small = t.on_field(kind="empty", owner=1, stats=(12, 12, 12, 12, 12))  # TOT 60
    gift = t.card(text=text)
    t.agents[0].picks = [big, small_gift]  # not legal targets: the first legal one is taken instead
    t.play(0, gift)
    assert t.zone_of(small) == ZONE_DISCARD
    assert t.zone_of(big) == ZONE_PLAY and t.zone_of(small_gift) == ZONE_PLAY


COUNTER = "Counter-move - When an opponent's Gift targets a card you control: Counter that Gift."


def _counter_table(t: Table, text: str, *, face_down: bool) -> tuple[int, int]:
    t.on_field(text, owner=1, face_down=face_down)
    target = t.on_field(owner=1, kind="empty")
    t.play(0, t.card(text="Target card an opponent controls loses 4 DEX until end of turn."), targets=[target])
    return target, t.values(target)["dex"]  # type: ignore[index]


@scenario("counter", COUNTER)
def _counter(t: Table, text: str) -> None:
    target, dex = _counter_table(t, text, face_down=False)
    assert dex == 14  # the Gift was countered
    assert t.zone_of(target) == ZONE_PLAY


@scenario("counter-move", COUNTER)
def _counter_move_face_down(t: Table, text: str) -> None:
    _, dex = _counter_table(t, text, face_down=True)
    assert dex == 10  # a face-down card's counter-move does not answer


@scenario("gift-targets", COUNTER)
def _gift_targets_only_opponents(t: Table, text: str) -> None:
    t.on_field(text, owner=1)
    own = t.on_field(owner=1, kind="empty")
    t.g.active = 1
    t.play(1, t.card(text="Target card you control gets +5 DEF until end of turn.", owner=1), targets=[own])
    assert t.values(own)["def"] == 19  # its controller's own Gift is not an opponent's: no answer
    t.g.active = 0
    t.play(0, t.card(text="Target card an opponent controls loses 4 DEX until end of turn."), targets=[own])
    assert t.values(own)["dex"] == 14


@scenario("return-to-hand", "Return target Empty card to its owner's hand.")
def _return(t: Table, text: str) -> None:
    empty = t.on_field(kind="empty", owner=1)
    t.play(0, t.card(text=text))
    assert t.zone_of(empty) == ZONE_HAND and t.hand(1) == [empty]


@scenario("look-at", "Look at target face-down card.")
def _look(t: Table, text: str) -> None:
    hidden = t.on_field(owner=1, face_down=True)
    assert hidden not in t.g.known[0]
    t.play(0, t.card(text=text))
    assert hidden in t.g.known[0] and t.g.face_down[hidden]


@scenario("look-at-hand", "Look at target opponent's hand.")
def _look_hand(t: Table, text: str) -> None:
    theirs = [t.card(owner=1), t.card(owner=1)]
    t.play(0, t.card(text=text))
    assert set(theirs) <= t.g.known[0]


@scenario("hand-size", "Your maximum hand size is 7.")
def _hand_size(t: Table, text: str) -> None:
    assert hand_limit(t.g, 0) == 5
    t.on_field(text)
    assert hand_limit(t.g, 0) == 7 and hand_limit(t.g, 1) == 5


@scenario("hand-size", "Each player's maximum hand size is 4.")
def _each_hand_size(t: Table, text: str) -> None:
    t.card("zone", text, zone="hand")
    t.play(0, t.hand(0)[0], "zone")
    assert hand_limit(t.g, 0) == 4 and hand_limit(t.g, 1) == 4


@scenario("untargetable-by", "This card cannot be targeted by Gifts.")
def _untargetable(t: Table, text: str) -> None:
    safe = t.on_field(text, owner=1)
    t.play(0, t.card(text="Target card an opponent controls loses 4 DEX until end of turn."))
    assert t.values(safe)["dex"] == 14
    attacker = t.on_field(stats=(30, 30, 30, 30, 30))
    assert safe in defenders(t.g, 0)  # it can still be attacked
    t.attack(0, attacker, safe, 1, 1)
    assert t.zone_of(safe) == ZONE_DISCARD


def _attacks_boost(t: Table, text: str) -> None:
    attacker = t.on_field(text)
    defender = t.on_field(owner=1, kind="empty", stats=(14, 16, 14, 14, 14))  # TOT 72
    t.attack(0, attacker, defender, 1, 1)  # 70 + 4 = 74 > 72: the Gift resolved before the TOT was compared
    assert t.values(attacker)["atk"] == 18 and t.values(attacker)["tot"] == 74
    assert t.zone_of(defender) == ZONE_DISCARD


@scenario("when", "When this card attacks, it gets +4 ATK until end of turn.")
def _when_attacks(t: Table, text: str) -> None:
    _attacks_boost(t, text)


@scenario("attacks", "When this card attacks, it gets +4 ATK until end of turn.")
def _attacks(t: Table, text: str) -> None:
    _attacks_boost(t, text)
    t.g.tallies.clear()  # the end of the turn
    assert t.values(t.g.play[0][0])["atk"] == 14


def _roll_six(t: Table, text: str, faces: tuple[int, int], draws: int) -> None:
    t.on_field(text)
    attacker = t.on_field(stats=PLAIN)
    defender = t.on_field(owner=1, stats=(14, 30, 14, 14, 14))
    t.attack(0, attacker, defender, *faces)
    assert len(t.hand(0)) == draws


@scenario("when", "Whenever you roll a 6, draw a card.")
def _when_rolls(t: Table, text: str) -> None:
    _roll_six(t, text, (6, 3), 1)


@scenario("rolls", "Whenever you roll a 6, draw a card.")
def _rolls(t: Table, text: str) -> None:
    _roll_six(t, text, (5, 6), 0)  # the opponent's 6 is not yours


@scenario("turn-start", "At the start of your turn, draw a card.")
def _turn_start(t: Table, text: str) -> None:
    t.on_field(text)
    t.emit(Event("turn-start", 1))
    assert t.hand(0) == []
    t.emit(Event("turn-start", 0))
    assert len(t.hand(0)) == 1


@scenario("turn-end", "At the end of your turn, discard a card.")
def _turn_end(t: Table, text: str) -> None:
    t.on_field(text)
    card = t.card("empty")
    t.emit(Event("turn-end", 0))
    assert t.zone_of(card) == ZONE_DISCARD


@scenario("plays", "When an opponent plays a Zone card, draw a card.")
def _plays(t: Table, text: str) -> None:
    t.on_field(text)
    mine = t.card("zone", "Ardo cards get +3 ATK.")
    t.play(0, mine, "zone")
    assert t.hand(0) == []
    theirs = t.card("zone", "Ardo cards get +3 ATK.", owner=1)
    t.g.active = 1
    t.play(1, theirs, "zone")
    assert len(t.hand(0)) == 1
    assert active_zone(t.g) == theirs and t.zone_of(mine) == ZONE_DISCARD and t.g.owner[mine] == 0


@scenario("destroyed", "When this card is destroyed, draw a card.")
def _destroyed(t: Table, text: str) -> None:
    victim = t.on_field(text, owner=1)
    attacker = t.on_field(stats=(20, 20, 20, 20, 20))
    t.attack(0, attacker, victim, 1, 1)
    assert t.zone_of(victim) == ZONE_DISCARD and len(t.hand(1)) == 1


@scenario("controls-count", "If you control three or more Ardo cards, draw a card.")
def _controls_count(t: Table, text: str) -> None:
    t.on_field(estro="ardo")
    t.on_field(estro="ardo", face_down=True)  # a face-down card shows no estro
    t.play(0, t.card(text=text, estro="ardo"))
    assert t.hand(0) == []
    t.play(0, t.card(text=text, estro="ardo"))  # now three face-up Ardo cards, itself included
    assert len(t.hand(0)) == 1


@scenario("hand-count", "If you have no cards in hand, draw two cards.")
def _hand_count(t: Table, text: str) -> None:
    gift, other = t.card(text=text), t.card("empty")
    t.play(0, gift)
    assert t.hand(0) == [other]  # a card left in hand: no draw
    t.play(0, other)
    t.play(0, t.card(text=text))  # the last card of the hand
    assert len(t.hand(0)) == 2


# -- the table is whole --------------------------------------------------------------------------------


@pytest.mark.parametrize("key", keys_of(__name__), ids=lambda k: f"{k[0]}: {k[1]}")
def test_example(key: tuple[str, str]) -> None:
    run_scenario(key)
