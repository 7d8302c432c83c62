"""A hand-laid Shards table for scenario tests: put cards where a test needs them, then play through the engine.

Every card is compiled from its rules text through the pack's real handlers; every action goes
through `ShardsSimulator.perform`, the stack loop and the state-based rules, and the invariants
are checked after each one. Each player begins with a Keep (a Building, defence 5) in their
starting Territory, so that Domination does not end a scenario, and eight cards in their deck.
Choices are scripted: a test queues what it wants (`pick`, `answer`, `respond`), otherwise the
first option is taken and every "you may" is accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from carddb.games.shards.sim import board, rules
from carddb.games.shards.sim.board import MARKS, TERRITORY, starting_territory
from carddb.packs.lookup import get_pack
from carddb.sim.cards import CardRecord, Catalogue
from carddb.sim.compiler import compile_card
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, Game
from carddb.sim.invariants import violations
from carddb.sim.options import SimOptions
from carddb.sim.records import GameStats
from carddb.sim.simulator import simulator_for

ZONES = {"hand": ZONE_HAND, "play": ZONE_PLAY, "deck": ZONE_DECK, "discard": ZONE_DISCARD}
SIM = simulator_for(get_pack("shards"))


class Scripted:
    """Takes queued answers, else the first option; accepts every `you may`."""

    def __init__(self) -> None:
        self.picks: list[int] = []
        self.answers: list[bool] = []
        self.responses: list[tuple[str, int]] = []  # (verb, uid) to take when offered
        self.asked: list[str] = []
        self.offered: list[list[Action]] = []
        self.defence: tuple[int, ...] | None = None  # the blocks to declare: (defender, attacker, ...)

    def act(self, game: Game, player: int, options: Sequence[Action], reason: str) -> Action:
        self.asked.append(reason)
        self.offered.append(list(options))
        if self.defence is not None and options and options[0].verb == "defend":
            return Action("defend", targets=self.defence)
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
    def __init__(self, players: int = 2) -> None:
        self.sim = SIM
        self.catalogue = Catalogue([], {})
        game = Game(self.sim, self.catalogue, [], [], players, 7, SimOptions(check_invariants=True))
        for name in MARKS:
            game.marks[name] = []
        self.g = game
        self.agents = [Scripted() for _ in range(players)]
        game.agents = list(self.agents)
        game.stats = GameStats(players)
        game.active = 0
        game.turn = 5
        game.turns = [3] * players
        game.counters[0]["started"] = 1
        self.keeps = [
            self.card("building", owner=p, zone="play", defence=5, name=f"Keep {p + 1}") for p in range(players)
        ]
        self.decks = [
            [self.card("unit", owner=p, zone="deck", name=f"Deck card {p + 1}.{i}") for i in range(8)]
            for p in range(players)
        ]

    # -- laying out cards -------------------------------------------------------------------------

    def card(
        self,
        kind: str,
        text: str = "",
        *,
        owner: int = 0,
        zone: str = "hand",
        offence: int = 1,
        health: int = 2,
        defence: int = 4,
        cost: int = 0,
        resources: tuple[tuple[str, int], ...] = (),
        scrap: tuple[tuple[str, int], ...] = (),
        territory: int = 0,
        faction: str = "",
        name: str = "",
    ) -> int:
        index = len(self.catalogue.defs)
        stats = ((("offence", offence),) if kind == "unit" else ()) + tuple((f"scrap:{k}", n) for k, n in scrap)
        toughness = health if kind == "unit" else defence if kind == "building" else 0
        record = CardRecord(
            f"card-{index}",
            name or f"{kind.title()} {index}",
            kind,
            "",
            faction,
            cost,
            resources,
            toughness,
            1,
            text,
            stats,
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
        for values in g.marks.values():
            values.append(0)
        g.defs.append(definition)
        g.move(index, ZONES[zone], owner)
        if zone == "play" and kind in ("unit", "building"):
            g.marks[TERRITORY][index] = territory or starting_territory(owner)
        return index

    def unit(self, owner: int = 0, text: str = "", *, offence: int = 2, health: int = 2, **fields: Any) -> int:
        return self.card("unit", text, owner=owner, zone="play", offence=offence, health=health, **fields)

    def give(self, player: int, basic: int = 0, **advanced: int) -> None:
        board.gain(self.g, player, "basic", basic)
        for kind, n in advanced.items():
            board.gain(self.g, player, kind, n)

    # -- playing ----------------------------------------------------------------------------------

    def do(self, player: int, action: Action) -> None:
        self.sim.perform(self.g, player, action)
        self.settle()

    def settle(self) -> None:
        rules.settle(self.g)
        self.check()

    def check(self) -> None:
        problems = violations(self.g)
        assert problems == [], problems

    def cast(self, player: int, uid: int, targets: Sequence[int] | None = None) -> None:
        from carddb.games.shards.sim.actions import play_cost

        self.give(player, play_cost(self.g, player, uid), **dict(self.g.defs[uid].cost_resources))
        self.do(player, Action("cast", uid, targets=None if targets is None else tuple(targets)))

    def ability(self, player: int, uid: int, targets: Sequence[int] | None = None, index: int = 0) -> None:
        self.do(player, Action("ability", uid, index, None if targets is None else tuple(targets)))

    def options(self, player: int) -> list[Action]:
        return self.sim.main_actions(self.g, player)

    def offered(self, player: int, verb: str, uid: int = -1) -> bool:
        return any(a.verb == verb and (uid < 0 or a.uid == uid) for a in self.options(player))

    def hand(self, player: int) -> list[int]:
        return list(self.g.hands[player])

    def zone_of(self, uid: int) -> int:
        return self.g.place[uid]

    def attack(self, player: int, attackers: Sequence[int], territory: int | None = None) -> None:
        key = starting_territory(1 - player) if territory is None else territory
        self.do(player, Action("attack", index=key, targets=tuple(attackers)))


# -- scenario registry: one scenario per (registry entry, example sentence) -----------------------------

Scenario = Any
SCENARIOS: dict[tuple[str, str], Scenario] = {}


def scenario(entry: str, example: str) -> Any:
    def register(function: Scenario) -> Scenario:
        key = (entry, example)
        assert key not in SCENARIOS, f"two scenarios for {key}"
        SCENARIOS[key] = function
        return function

    return register


def run_scenario(key: tuple[str, str]) -> None:
    table = Table()
    SCENARIOS[key](table, key[1])
