"""A hand-laid LOE v2 table for scenario tests: put cards where the test needs them, then play through the engine.

Every card is compiled from its rules text through the pack's real handlers; every
action goes through `Loe2Simulator.perform` and the stack loop, and the invariants
are checked after each one. Choices are scripted: a test queues the options it
wants (`pick`, `answer`, `respond`), otherwise the first option is taken (in a
response window or a block step: pass) and every "you may" and "join" is accepted.

Each player starts with 20 health, an empty pool, and eight filler cards in their
deck; the marketplace holds five filler Resource cards, the resource deck fifteen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from support.simtable import ScenarioBook, ScenarioTable, Scripted

from carddb.games.loe2.sim.board import LEADS, MARKETPLACE, PITCH, RESOURCE_DECK, Loe2State, state
from carddb.packs.lookup import get_pack
from carddb.sim.cards import CardRecord
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_PLAY
from carddb.sim.invariants import violations
from carddb.sim.simulator import simulator_for

ZONES = {
    "hand": ZONE_HAND,
    "play": ZONE_PLAY,
    "deck": ZONE_DECK,
    "discard": ZONE_DISCARD,
    "market": MARKETPLACE,
    "resource-deck": RESOURCE_DECK,
    "pitch": PITCH,
}


class Scripted2(Scripted):
    """`respond((verb, uid))` or `respond((verb, uid, index))`: the index tells blocks (the attacker) and attacks
    (the target) apart."""

    def matches(self, option: Action, wanted: tuple[Any, ...]) -> bool:
        if len(wanted) == 3:
            return (option.verb, option.uid, option.index) == wanted
        return (option.verb, option.uid) == wanted


class Table2(ScenarioTable):
    agent = Scripted2

    def __init__(self, *, turn: int = 3) -> None:
        super().__init__(simulator_for(get_pack("loe2")))
        game = self.g
        game.extra = Loe2State(2, 20)
        game.turn = turn * 2
        game.turns = [turn, turn]
        self.decks = [
            [self.card("troop", owner=p, zone="deck", name=f"Deck card {p}-{i}") for i in range(8)] for p in (0, 1)
        ]
        self.market = [self.card("resource", "Sacrifice this card: Draw a card.", zone="market") for _ in range(5)]
        self.resources = [self.card("resource", zone="resource-deck", name=f"Resource {i}") for i in range(15)]

    # -- laying out cards ---------------------------------------------------------------------

    def card(
        self,
        kind: str,
        text: str = "",
        *,
        owner: int = 0,
        zone: str = "hand",
        cost: int = 0,
        pitch: int = 1,
        power: int = 1,
        toughness: int = 1,
        health: int = 10,
        resistance: int = 0,
        troop_type: str = "soldier",
        leads: tuple[str, ...] = ("soldier",),
        subtype: str = "",
        name: str = "",
        tapped: bool = False,
    ) -> int:
        """A new card in `zone` (a hand, deck or battlefield: `owner`'s)."""
        index = len(self.catalogue.defs)
        numbers = [("power", power if kind in ("leader", "troop") else 0), ("pitch", pitch)]
        if kind == "leader":
            numbers += [("resistance", resistance), *((LEADS + t, 1) for t in leads)]
        life = toughness if kind == "troop" else health if kind == "leader" else 0
        sub = troop_type if kind == "troop" else (subtype or ("subject" if kind == "resource" else ""))
        record = CardRecord(
            self.next_id, name or f"{kind.title()} {index}", kind, sub, "", cost, (), life, 1, text, tuple(numbers)
        )
        uid = self.put(record, ZONES[zone], owner)
        self.g.used[uid] = tapped
        return uid

    def unit(self, kind: str, text: str = "", owner: int = 0, **fields: Any) -> int:
        return self.card(kind, text, owner=owner, zone="play", **fields)

    def mana(self, player: int, amount: int) -> None:
        """`player` has `amount` stored mana (held by no pitched card)."""
        self.g.pool[player] = amount

    def life(self, player: int) -> int:
        return state(self.g).life[player]

    # -- playing ----------------------------------------------------------------------------------

    def check(self, end_of_turn: int | None = None) -> None:
        assert violations(self.g, end_of_turn=end_of_turn) == []

    def cast(self, player: int, uid: int, targets: Sequence[int] | None = None) -> None:
        """Play a card from hand, its cost given as stored mana first."""
        self.g.pool[player] += self.g.defs[uid].cost
        self.do(player, Action("cast", uid, targets=None if targets is None else tuple(targets)))

    def attack(self, player: int, leader: int, target: int = -1) -> None:
        self.do(player, Action("attack", leader, target))

    def respond(self, player: int, *wanted: tuple[Any, ...]) -> None:
        self.agents[player].responses.extend(wanted)


# -- scenario registry: one scenario per (registry entry, example sentence) of LOE v2 ------------------

SCENARIOS = ScenarioBook(Table2)
scenario = SCENARIOS.scenario
run_scenario = SCENARIOS.run
