"""Every example sentence of ESTRO's own registry entries, executed on a table: the change a player would
expect to see (the core entries ESTRO keeps: test_sim_estro_core_entries.py)."""

from __future__ import annotations

import pytest
from estro_table import Table, keys_of, run_scenario, scenario

from carddb.games.estro.sim.actions import plays_left
from carddb.games.estro.sim.board import active_zone
from carddb.games.estro.sim.fight import attacks_left, defenders
from carddb.games.estro.sim.stats import CANNOT_ATTACK, applies
from carddb.games.estro.sim.turns import return_borrowed
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DISCARD, ZONE_PLAY

PLAIN = (14, 14, 14, 14, 14)  # TOT 70


# -- ESTRO's own entries ---------------------------------------------------------------------------


@scenario("boost", "Target card you control gets +5 DEF until end of turn.")
def _boost(t: Table, text: str) -> None:
    mine = t.on_field()
    theirs = t.on_field(owner=1)
    t.agents[0].picks = [theirs, mine]
    t.play(0, t.card(text=text))
    assert t.values(mine)["def"] == 19 and t.values(mine)["tot"] == 75 and t.values(theirs)["def"] == 14


@scenario("weaken", "Target card an opponent controls loses 4 DEX until end of turn.")
def _weaken(t: Table, text: str) -> None:
    theirs = t.on_field(owner=1)
    t.play(0, t.card(text=text))
    assert t.values(theirs)["dex"] == 10 and t.values(theirs)["tot"] == 66


@scenario("stat-bonus", "Ardo cards get +3 ATK.")
def _stat_bonus(t: Table, text: str) -> None:
    ardo = t.on_field(owner=1, estro="ardo")
    granito = t.on_field(owner=1)
    source = t.on_field(text)
    assert t.values(ardo)["atk"] == 17 and t.values(ardo)["tot"] == 73 and t.values(granito)["atk"] == 14
    t.g.flip(source, True)  # a face-down card's Gift holds nothing
    assert t.values(ardo)["atk"] == 14


@scenario("stat-penalty", "Cards an opponent controls lose 2 MAP.")
def _stat_penalty(t: Table, text: str) -> None:
    theirs, mine = t.on_field(owner=1), t.on_field()
    t.on_field(text)
    assert t.values(theirs)["map"] == 12 and t.values(mine)["map"] == 14


@scenario("recover", "Return an Empty card from your Incinerator to your hand.")
def _recover(t: Table, text: str) -> None:
    theirs = t.card("empty", owner=1, zone="incinerator")
    gift = t.card("gift", "Draw a card.", zone="incinerator")
    empty = t.card("empty", zone="incinerator")
    t.play(0, t.card(text=text))
    assert t.hand(0) == [empty] and t.zone_of(theirs) == ZONE_DISCARD and t.zone_of(gift) == ZONE_DISCARD


@scenario("revive", "Put a Granito card from your Incinerator onto the field.")
def _revive(t: Table, text: str) -> None:
    theirs = t.card(owner=1, zone="incinerator")
    ardo = t.card(zone="incinerator", estro="ardo")
    granito = t.card("gift", "Draw a card.", zone="incinerator")
    t.play(0, t.card(text=text))
    assert t.zone_of(granito) == ZONE_PLAY and not t.g.face_down[granito] and t.g.controller[granito] == 0
    assert t.hand(0) == []  # put onto the field, not played: its Gift does not activate
    assert t.zone_of(theirs) == ZONE_DISCARD and t.zone_of(ardo) == ZONE_DISCARD
    assert plays_left(t.g, 0) == 0  # the gift card played was the turn's card; the revived one was not


@scenario("burn-top", "Put the top two cards of target opponent's deck into the Incinerator.")
def _burn_top(t: Table, text: str) -> None:
    top = t.deck(1)[-2:]
    t.play(0, t.card(text=text))
    assert all(t.zone_of(u) == ZONE_DISCARD for u in top) and len(t.deck(1)) == 4 and len(t.deck(0)) == 6


@scenario("burn-zone", "Put the active Zone into the Incinerator.")
def _burn_zone(t: Table, text: str) -> None:
    zone = t.card("zone", "Ardo cards get +3 ATK.", owner=1, zone="play")
    t.play(0, t.card(text=text))
    assert t.zone_of(zone) == ZONE_DISCARD and active_zone(t.g) == -1


@scenario("search-deck", "Search your deck for a Zone card and put it into your hand.")
def _search(t: Table, text: str) -> None:
    zone = t.card("zone", "Ardo cards get +3 ATK.", zone="deck")
    t.g.shared[0].insert(0, t.g.shared[0].pop())  # at the bottom of the deck
    t.play(0, t.card(text=text))
    assert t.hand(0) == [zone] and len(t.deck(0)) == 6 and zone in t.g.known[1]


@scenario("look-at-top", "Look at the top three cards of your deck.")
def _look_top(t: Table, text: str) -> None:
    top = t.deck(0)[-3:]
    t.play(0, t.card(text=text))
    assert set(top) <= t.g.known[0] and t.deck(0)[-4] not in t.g.known[0] and not set(top) & t.g.known[1]


@scenario("turn-face-up", "Turn target face-down card face up.")
def _turn_face_up(t: Table, text: str) -> None:
    hidden = t.on_field("Draw a card.", owner=1, face_down=True)
    t.play(0, t.card(text=text))
    assert not t.g.face_down[hidden] and t.values(hidden)["tot"] == 70
    assert len(t.hand(1)) == 1  # its Gift activated for its controller, as if just played


@scenario("turn-face-down", "Turn target Gift card with TOT 70 or less face down.")
def _turn_face_down(t: Table, text: str) -> None:
    big = t.on_field(owner=1, stats=(15, 14, 14, 14, 14))
    small = t.on_field(owner=1)
    t.agents[0].picks = [big, small]  # (the card played is a legal target too: TOT 70)
    t.play(0, t.card(text=text))
    assert t.g.face_down[small] and t.values(small) is None and not t.g.face_down[big]


@scenario("gain-control", "Gain control of target Empty card until end of turn.")
def _gain_control(t: Table, text: str) -> None:
    empty = t.on_field(kind="empty", owner=1)
    t.play(0, t.card(text=text))
    assert t.g.controller[empty] == 0 and empty in t.g.play[0]
    victim = t.on_field(owner=1, stats=(10, 10, 10, 10, 10))
    t.attack(0, empty, victim, 1, 1)  # it attacks for its new controller
    assert t.zone_of(victim) == ZONE_DISCARD
    return_borrowed(t.g)
    assert t.g.controller[empty] == 1 and empty in t.g.play[1]


STAYS = "When this card would be destroyed, if it is face down, it stays on the field."


def _stays(t: Table, face_down: bool) -> int:
    card = t.on_field(STAYS, owner=1, face_down=face_down)
    t.attack(0, t.on_field(stats=(20, 20, 20, 20, 20)), card, *(() if face_down else (1, 1)))
    return card


@scenario("stays", STAYS)
def _stays_face_down(t: Table, text: str) -> None:
    card = _stays(t, face_down=True)
    assert t.zone_of(card) == ZONE_PLAY and not t.g.face_down[card]  # revealed, and still on the field


@scenario("would-be-destroyed", STAYS)
def _would_be_destroyed(t: Table, text: str) -> None:
    card = t.on_field(STAYS, owner=1, face_down=True)
    t.play(0, t.card(text="Destroy target face-down card."))  # destroyed by a Gift: saved the same way
    assert t.zone_of(card) == ZONE_PLAY


@scenario("face-down", STAYS)
def _face_down(t: Table, text: str) -> None:
    card = _stays(t, face_down=False)
    assert t.zone_of(card) == ZONE_DISCARD  # face up, the condition fails


@scenario("extra-placement", "You may place an additional card on the field this turn.")
def _extra_placement(t: Table, text: str) -> None:
    t.play(0, t.card(text=text))
    assert plays_left(t.g, 0) == 1
    t.agents[0].answers = [False]
    t.play(0, t.card(text=text))
    assert plays_left(t.g, 0) == 0


@scenario("extra-attack", "You may make an additional attack this turn.")
def _extra_attack(t: Table, text: str) -> None:
    assert attacks_left(t.g, 0) == 2
    t.play(0, t.card(text=text))
    assert attacks_left(t.g, 0) == 3


@scenario("reroll", "When you roll a 1, you may roll your die again.")
def _reroll(t: Table, text: str) -> None:
    t.on_field(text)
    attacker = t.on_field()  # Granito: its bonus faces are 2 and 6
    defender = t.on_field(owner=1, stats=(14, 14, 14, 14, 16))  # TOT 72
    t.attack(0, attacker, defender, 1, 3, 6)  # a 1, rolled again: a 6, +5: 75 > 72
    assert t.zone_of(defender) == ZONE_DISCARD


@scenario("attacks-twice", "This card can attack twice each turn.")
def _attacks_twice(t: Table, text: str) -> None:
    twice = t.on_field(text, stats=(20, 20, 20, 20, 20))
    once = t.on_field(stats=(20, 20, 20, 20, 20))
    targets = [t.on_field(owner=1, face_down=True) for _ in range(4)]
    t.attack(0, twice, targets[0])
    t.attack(0, once, targets[1])
    assert [a for a in t.sim.main_actions(t.g, 0) if a.verb == "attack"] == []  # two attacks a turn
    t.g.tallies.clear()  # the next turn
    t.attack(0, twice, targets[2])
    attackers = {a.uid for a in t.sim.main_actions(t.g, 0) if a.verb == "attack"}
    assert attackers == {twice, once}
    t.attack(0, twice, targets[3])
    assert all(t.zone_of(u) == ZONE_DISCARD for u in targets)
    t.g.tallies.clear()
    t.on_field(owner=1, face_down=True)
    t.attack(0, once, t.on_field(owner=1, face_down=True))
    attackers = {a.uid for a in t.sim.main_actions(t.g, 0) if a.verb == "attack"}
    assert attackers == {twice}  # a card without the Gift attacks once


@scenario("cannot-attack", "Face-down cards cannot attack.")
def _cannot_attack(t: Table, text: str) -> None:
    t.on_field(text)
    hidden, shown = t.on_field(face_down=True), t.on_field()
    assert applies(t.g, CANNOT_ATTACK, hidden) and not applies(t.g, CANNOT_ATTACK, shown)
    t.on_field(owner=1)
    attackers = {a.uid for a in t.sim.main_actions(t.g, 0) if a.verb == "attack"}
    assert shown in attackers and hidden not in attackers


@scenario("cannot-be-attacked", "This card cannot be attacked.")
def _cannot_be_attacked(t: Table, text: str) -> None:
    safe, open_ = t.on_field(text, owner=1), t.on_field(owner=1)
    assert defenders(t.g, 0) == [open_]
    t.g.flip(safe, True)  # face down, its Gift holds nothing
    assert defenders(t.g, 0) == [safe, open_]


@scenario("wins-ties", "This card wins ties.")
def _wins_ties(t: Table, text: str) -> None:
    plain, tied = t.on_field(), t.on_field(owner=1)
    t.attack(0, plain, tied, 1, 1)
    assert t.zone_of(tied) == ZONE_PLAY  # 70 = 70: the defender withstands
    t.attack(0, t.on_field(text), tied, 1, 1)
    assert t.zone_of(tied) == ZONE_DISCARD


@scenario("no-double", "The double primary stat rule does not apply to this card.")
def _no_double(t: Table, text: str) -> None:
    strong = t.on_field(stats=(5, 29, 5, 5, 5))  # Granito: DEF 29 >= 2 x 14 + 1, TOT 49
    plain, guarded = t.on_field(owner=1), t.on_field(text, owner=1)
    t.attack(0, strong, plain, 1, 1)
    assert t.zone_of(plain) == ZONE_DISCARD  # the double rule wins, whatever the TOT
    t.g.tallies.clear()
    t.attack(0, strong, guarded, 1, 1)
    assert t.zone_of(guarded) == ZONE_PLAY  # 49 < 70


@scenario("ignores-matrix", "Illusio cards you control ignore the interaction matrix.")
def _ignores_matrix(t: Table, text: str) -> None:
    manpo = t.on_field(owner=1, estro="manpo", stats=(14, 14, 14, 14, 16))  # TOT 72, +6 against Illusio
    illusio = t.on_field(estro="illusio", stats=(14, 14, 14, 18, 14))  # TOT 74, -6 against Manpo
    t.attack(0, illusio, manpo, 1, 1)
    assert t.zone_of(manpo) == ZONE_PLAY  # 68 < 78
    t.on_field(text)
    t.g.tallies.clear()
    t.attack(0, illusio, manpo, 1, 1)
    assert t.zone_of(manpo) == ZONE_PLAY  # 74 < 78: the Manpo card keeps its bonus
    t.on_field(text, owner=1)  # the opponent's copy: its Illusio cards, not the Manpo one
    t.g.tallies.clear()
    t.on_field(owner=1, estro="manpo", stats=(14, 14, 14, 14, 8))
    weak = t.g.play[1][-1]  # TOT 64 + 6 = 70 < 74
    t.attack(0, illusio, weak, 1, 1)
    assert t.zone_of(weak) == ZONE_DISCARD


@scenario("die-face", "This card gets the die bonus on a 3.")
def _die_face(t: Table, text: str) -> None:
    attacker = t.on_field(text)
    defender = t.on_field(owner=1, stats=(14, 14, 14, 14, 17))  # TOT 73
    t.attack(0, attacker, defender, 3, 1)  # Granito's faces are 2 and 6; this card's 3 too: 75 > 73
    assert t.zone_of(defender) == ZONE_DISCARD


@scenario("no-face-down", "Cards cannot be played face down.")
def _no_face_down(t: Table, text: str) -> None:
    card = t.card()
    assert {a.verb for a in t.sim.main_actions(t.g, 0) if a.uid == card} == {"face-up", "face-down"}
    t.card("zone", text, owner=1, zone="play")
    assert {a.verb for a in t.sim.main_actions(t.g, 0) if a.uid == card} == {"face-up"}


@scenario("more-placements", "Each player can place an additional card on the field each turn.")
def _more_placements(t: Table, text: str) -> None:
    t.card("zone", text, owner=1, zone="play")
    assert plays_left(t.g, 0) == 2 and plays_left(t.g, 1) == 2


@scenario("more-attacks", "Each player can make an additional attack each turn.")
def _more_attacks(t: Table, text: str) -> None:
    t.card("zone", text, zone="play")
    assert attacks_left(t.g, 0) == 3 and attacks_left(t.g, 1) == 3


@scenario("is-played", "Whenever an Empty card is played, its controller draws a card.")
def _is_played(t: Table, text: str) -> None:
    t.on_field(text)
    t.g.active = 1
    t.play(1, t.card("gift", owner=1))
    assert t.hand(1) == []
    t.play(1, t.card("empty", owner=1), "face-down")  # face down: not shown as an Empty card
    assert t.hand(1) == []
    t.g.tallies.clear()
    t.play(1, t.card("empty", owner=1))
    assert len(t.hand(1)) == 1 and t.hand(0) == []


@scenario("is-attacked", "When this card is attacked, it gets +6 DEF until end of turn.")
def _is_attacked(t: Table, text: str) -> None:
    defender = t.on_field(text, owner=1)
    attacker = t.on_field(stats=(15, 15, 15, 15, 15))  # 75 against 70 + 6
    t.attack(0, attacker, defender, 1, 1)
    assert t.zone_of(defender) == ZONE_PLAY and t.values(defender)["def"] == 20


@scenario("destroys-in-combat", "Whenever this card destroys a card in combat, draw a card.")
def _destroys(t: Table, text: str) -> None:
    attacker = t.on_field(text, stats=(15, 15, 15, 15, 15))
    t.attack(0, attacker, t.on_field(owner=1, stats=(20, 20, 20, 20, 20)), 1, 1)
    assert t.hand(0) == []  # it lost
    t.attack(0, attacker, t.on_field(owner=1, face_down=True))
    assert len(t.hand(0)) == 1


@scenario("turned-face-up", "When this card is turned face up, destroy target Empty card.")
def _turned_face_up(t: Table, text: str) -> None:
    card = t.on_field(text, face_down=True)
    empty = t.on_field(kind="empty", owner=1)
    t.do(0, Action("reveal", card))
    assert not t.g.face_down[card] and t.zone_of(empty) == ZONE_DISCARD


@scenario("zone-active", "If the active Zone is an Armonio Zone card, draw a card.")
def _zone_active(t: Table, text: str) -> None:
    t.play(0, t.card(text=text))
    assert t.hand(0) == []
    t.card("zone", "Ardo cards get +3 ATK.", owner=1, zone="play", estro="armonio")
    t.g.tallies.clear()
    t.play(0, t.card(text=text))
    assert len(t.hand(0)) == 1


@scenario("incinerator-count", "If your Incinerator holds five or more cards, draw a card.")
def _incinerator_count(t: Table, text: str) -> None:
    for _ in range(4):
        t.card("empty", zone="incinerator")
    for _ in range(3):
        t.card("empty", owner=1, zone="incinerator")
    t.play(0, t.card(text=text))
    assert t.hand(0) == []  # four of one's own (the opponent's do not count)
    t.card("empty", zone="incinerator")
    t.g.tallies.clear()
    t.play(0, t.card(text=text))
    assert len(t.hand(0)) == 1


# -- the table is whole --------------------------------------------------------------------------------


@pytest.mark.parametrize("key", keys_of(__name__), ids=lambda k: f"{k[0]}: {k[1]}")
def test_example(key: tuple[str, str]) -> None:
    run_scenario(key)
