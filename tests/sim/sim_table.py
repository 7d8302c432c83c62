"""A hand-laid LOE table for scenario tests: put cards where the test needs them, then play through the engine.

Every card is compiled from its rules text through the pack's real handlers;
every action goes through `LoeSimulator.perform` and the stack loop, and the
invariants are checked after each one. Choices are scripted: a test queues
the options it wants (`pick`, `answer`, `respond`), otherwise the first option
is taken and every "you may" is accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from carddb.games.loe.sim.board import MARKET
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

ZONES = {"hand": ZONE_HAND, "play": ZONE_PLAY, "deck": ZONE_DECK, "discard": ZONE_DISCARD, "market": MARKET}


class Scripted:
    """Takes queued answers, else the first option; accepts every `you may`."""

    def __init__(self) -> None:
        self.picks: list[int] = []
        self.answers: list[bool] = []
        self.responses: list[tuple[str, int]] = []  # (verb, uid) to take when offered in a response window
        self.asked: list[str] = []

    def act(self, game: Game, player: int, options: Sequence[Action], reason: str) -> Action:
        self.asked.append(reason)
        for wanted in list(self.responses):
            for option in options:
                if (option.verb, option.uid) == wanted:
                    self.responses.remove(wanted)
                    return option
        return options[0]

    def choose(self, game: Game, player: int, reason: str, options: Sequence[int], hint: str) -> int:
        self.asked.append(reason)
        while self.picks:
            wanted = self.picks.pop(0)
            if wanted in options:
                return wanted
        return options[0]

    def confirm(self, game: Game, player: int, reason: str) -> bool:
        self.asked.append(reason)
        return self.answers.pop(0) if self.answers else True


class Table:
    def __init__(self, players: int = 2, *, turn: int = 3) -> None:
        self.sim = simulator_for(get_pack("loe"))
        self.catalogue = Catalogue([], {})
        game = Game(self.sim, self.catalogue, [], [], players, 7, SimOptions(check_invariants=True))
        self.g = game
        self.agents = [Scripted() for _ in range(players)]
        game.agents = list(self.agents)
        game.stats = GameStats(players)
        game.active = 0
        game.turn = turn * players
        game.turns = [turn] * players
        self.lords = [self.card("lord", owner=p, zone="play", health=20, name=f"Lord {p + 1}") for p in range(players)]
        self.victories = []
        for p in range(players):
            uid = self.card("victory", "Win if you control five or more Rituals.", owner=p, zone="play", face_down=True)
            game.counters[p]["victory"] = uid
            self.victories.append(uid)
        self.deck = [self.card("resource", subtype="subject", zone="deck", name=f"Deck card {i}") for i in range(8)]
        self.market = [self.card("spell", "Draw a card.", zone="market", cost=1, name=f"Market {i}") for i in range(5)]

    # -- laying out cards ---------------------------------------------------------------------

    def card(
        self,
        kind: str,
        text: str = "",
        *,
        owner: int = 0,
        zone: str = "hand",
        face_down: bool = False,
        health: int = 0,
        cost: int = 0,
        resources: tuple[tuple[str, int], ...] = (),
        subtype: str = "",
        name: str = "",
        on: int = -1,
    ) -> int:
        """A new card in `zone` (a hand or play zone: `owner`'s); `on`: the character an Item is coupled to."""
        if kind == "item" and not subtype:
            subtype = "gear"
        if kind in ("lord", "duke") and not health:
            health = 6
        index = len(self.catalogue.defs)
        record = CardRecord(
            f"card-{index}", name or f"{kind.title()} {index}", kind, subtype, "", cost, resources, health, 1, text
        )
        definition = compile_card(index, record, self.sim)
        assert not definition.problems, definition.problems
        self.catalogue.defs.append(definition)
        self.catalogue.by_id[definition.id] = definition
        g = self.g
        for array, value in (
            (g.place, -1),
            (g.owner, owner),
            (g.controller, owner),
            (g.face_down, False),
            (g.damage, 0),
            (g.used, False),
            (g.attached, -1),
            (g.since, 0),
        ):
            array.append(value)
        g.defs.append(definition)
        g.move(index, ZONES[zone], owner, face_down=face_down)
        if on >= 0:
            g.attached[index] = on
        return index

    def resource(self, owner: int, subtype: str, text: str = "", *, fatigued: bool = False) -> int:
        uid = self.card("resource", text, owner=owner, zone="play", subtype=subtype)
        self.g.used[uid] = fatigued
        return uid

    def pool(self, player: int, amount: int) -> None:
        """`player` has `amount` powerstones, as if the main phase had given them."""
        self.g.pool[player] = amount
        self.g.counters[player]["received"] = amount

    def text_card(self, kind: str, text: str, owner: int = 0, **fields: Any) -> int:
        """A card of `kind` with `text`, in the place such a card is used from (a hand, or play for permanents)."""
        zone = "play" if kind in ("duke", "lord", "resource", "ritual", "item") else "hand"
        if kind == "item" and "on" not in fields:
            fields["on"] = self.lords[owner]
        if kind == "victory":
            fields.setdefault("face_down", True)
        if kind == "resource":
            fields.setdefault("subtype", "influence")
        return self.card(kind, text, owner=owner, zone=zone, **fields)

    # -- playing ----------------------------------------------------------------------------------

    def do(self, player: int, action: Action) -> None:
        self.sim.perform(self.g, player, action)
        self.settle()

    def settle(self) -> None:
        run(self.g)
        self.check()

    def check(self) -> None:
        problems = [
            p for p in violations(self.g) if "Victory card is not in their play zone" not in p or not self.g.over
        ]
        assert problems == [], problems

    def cast(self, player: int, uid: int, targets: Sequence[int] | None = None) -> None:
        self.g.pool[player] += self.rules_cost(player, uid)
        self.g.counters[player]["gained"] = self.g.counters[player].get("gained", 0) + self.rules_cost(player, uid)
        self.do(player, Action("cast", uid, targets=None if targets is None else tuple(targets)))

    def rules_cost(self, player: int, uid: int) -> int:
        from carddb.games.loe.sim.costs import play_cost

        return play_cost(self.g, player, uid)

    def ability(self, player: int, uid: int, targets: Sequence[int] | None = None, index: int = 0) -> None:
        self.do(player, Action("ability", uid, index, None if targets is None else tuple(targets)))

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


# -- scenario registry: one scenario per (registry entry, example sentence) -------------------------

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


def keys_of(module: str) -> list[tuple[str, str]]:
    return [key for key, function in SCENARIOS.items() if function.__module__ == module]


def run_scenario(key: tuple[str, str]) -> None:
    table = Table()
    SCENARIOS[key](table, key[1])
