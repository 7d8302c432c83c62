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

from sim_table import Scripted

from carddb.games.loe2.sim.board import LEADS, MARKETPLACE, PITCH, RESOURCE_DECK, Loe2State, state
from carddb.packs.lookup import get_pack
from carddb.sim.cards import CardRecord, Catalogue
from carddb.sim.compiler import compile_card
from carddb.sim.decisions import Action
from carddb.sim.events import emit
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, Game
from carddb.sim.invariants import violations
from carddb.sim.options import SimOptions
from carddb.sim.program import Event
from carddb.sim.records import GameStats
from carddb.sim.simulator import simulator_for
from carddb.sim.stack import run

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

    def act(self, game: Game, player: int, options: Sequence[Action], reason: str) -> Action:
        self.asked.append(reason)
        for wanted in list(self.responses):
            for option in options:
                key: tuple[Any, ...] = (option.verb, option.uid)
                if len(wanted) == 3:
                    key = (option.verb, option.uid, option.index)
                if key == wanted:
                    self.responses.remove(wanted)
                    return option
        return options[0]


class Table2:
    def __init__(self, *, turn: int = 3) -> None:
        self.sim = simulator_for(get_pack("loe2"))
        self.catalogue = Catalogue([], {})
        game = Game(self.sim, self.catalogue, [], [], 2, 7, SimOptions(check_invariants=True))
        game.extra = Loe2State(2, 20)
        self.g = game
        self.agents = [Scripted2(), Scripted2()]
        game.agents = list(self.agents)
        game.stats = GameStats(2)
        game.active = 0
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
            f"card-{index}", name or f"{kind.title()} {index}", kind, sub, "", cost, (), life, 1, text, tuple(numbers)
        )
        definition = compile_card(index, record, self.sim)
        assert not definition.problems, definition.problems
        self.catalogue.defs.append(definition)
        self.catalogue.by_id[definition.id] = definition
        uid = self.g.add_card(definition, owner)
        self.g.move(uid, ZONES[zone], owner)
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

    def do(self, player: int, action: Action) -> None:
        self.sim.perform(self.g, player, action)
        self.settle()

    def settle(self) -> None:
        run(self.g)
        self.check()

    def check(self, end_of_turn: int | None = None) -> None:
        assert violations(self.g, end_of_turn=end_of_turn) == []

    def cast(self, player: int, uid: int, targets: Sequence[int] | None = None) -> None:
        """Play a card from hand, its cost given as stored mana first."""
        self.g.pool[player] += self.g.defs[uid].cost
        self.do(player, Action("cast", uid, targets=None if targets is None else tuple(targets)))

    def ability(self, player: int, uid: int, targets: Sequence[int] | None = None, index: int = 0) -> None:
        self.do(player, Action("ability", uid, index, None if targets is None else tuple(targets)))

    def attack(self, player: int, leader: int, target: int = -1) -> None:
        self.do(player, Action("attack", leader, target))

    def respond(self, player: int, *wanted: tuple[Any, ...]) -> None:
        self.agents[player].responses.extend(wanted)

    def emit(self, event: Event) -> None:
        emit(self.g, event)
        self.settle()

    def options(self, player: int) -> list[Action]:
        return self.sim.main_actions(self.g, player)

    def offered(self, player: int, verb: str, uid: int = -1) -> bool:
        return any(a.verb == verb and (uid < 0 or a.uid == uid) for a in self.options(player))

    def hand(self, player: int) -> list[int]:
        return list(self.g.hands[player])

    def zone_of(self, uid: int) -> int:
        return self.g.place[uid]


# -- scenario registry: one scenario per (registry entry, example sentence) of LOE v2 ------------------

Scenario = Any
SCENARIOS: dict[tuple[str, str], Scenario] = {}


def scenario(entry: str, example: str) -> Any:
    """Register `function(table, example)` as the scenario that executes `example` of `entry`."""

    def register(function: Scenario) -> Scenario:
        key = (entry, example)
        assert key not in SCENARIOS, f"two scenarios for {key}"
        SCENARIOS[key] = function
        return function

    return register


def run_scenario(key: tuple[str, str]) -> None:
    SCENARIOS[key](Table2(), key[1])
