"""What every game's hand-laid scenario table shares: scripted players, cards compiled from their rules text
and put where a test needs them, plays through the pack's real `perform` and stack loop with the invariants
checked after each, and the registry of one scenario per (registry entry, example sentence).

Each game's table (tests/sim/<game>_table.py) adds only what its board needs: its card fields, its zones,
its dice or its pools.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from carddb.sim.cards import CardRecord, Catalogue
from carddb.sim.compiler import compile_card
from carddb.sim.decisions import Action
from carddb.sim.events import emit
from carddb.sim.game import Game
from carddb.sim.invariants import violations
from carddb.sim.options import SimOptions
from carddb.sim.records import GameStats
from carddb.sim.simulator import Simulator
from carddb.sim.stack import run


class Scripted:
    """Takes queued answers, else the first option; accepts every `you may`.

    `picks`: cards or players to choose, in order; `answers`: yes/no for each `you may`; `responses`:
    (verb, uid) to take when offered in a response window."""

    def __init__(self) -> None:
        self.picks: list[int] = []
        self.answers: list[bool] = []
        self.responses: list[tuple[Any, ...]] = []
        self.asked: list[str] = []
        self.offered: list[list[Action]] = []

    def act(self, game: Game, player: int, options: Sequence[Action], reason: str) -> Action:
        self.asked.append(reason)
        self.offered.append(list(options))
        for wanted in list(self.responses):
            for option in options:
                if self.matches(option, wanted):
                    self.responses.remove(wanted)
                    return option
        return options[0]

    def matches(self, option: Action, wanted: tuple[Any, ...]) -> bool:
        return (option.verb, option.uid) == wanted

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


class ScenarioTable:
    """An empty game of `sim` with scripted players; `put` lays out cards, `do` plays through the engine."""

    agent: Callable[[], Any] = Scripted

    def __init__(self, sim: Simulator, players: int = 2) -> None:
        self.sim = sim
        self.catalogue = Catalogue([], {})
        game = Game(sim, self.catalogue, [], [], players, 7, SimOptions(check_invariants=True))
        self.g = game
        self.agents = [self.agent() for _ in range(players)]
        game.agents = list(self.agents)
        game.stats = GameStats(players)
        game.active = 0

    @property
    def next_id(self) -> str:
        """The id the next card laid out gets (its uid is its index)."""
        return f"card-{len(self.catalogue.defs)}"

    def put(self, record: CardRecord, zone: int, owner: int = 0, *, face_down: bool = False) -> int:
        """`record` compiled through the pack's real handlers (its text must compile) and moved to `zone`."""
        definition = compile_card(len(self.catalogue.defs), record, self.sim)
        assert not definition.problems, definition.problems
        self.catalogue.defs.append(definition)
        self.catalogue.by_id[definition.id] = definition
        uid = self.g.add_card(definition, owner)
        self.g.move(uid, zone, owner, face_down=face_down)
        return uid

    # -- playing ----------------------------------------------------------------------------------

    def do(self, player: int, action: Action) -> None:
        self.sim.perform(self.g, player, action)
        self.settle()

    def settle(self) -> None:
        run(self.g)
        self.check()

    def check(self) -> None:
        problems = violations(self.g)
        assert problems == [], problems

    def ability(self, player: int, uid: int, targets: Sequence[int] | None = None, index: int = 0) -> None:
        self.do(player, Action("ability", uid, index, None if targets is None else tuple(targets)))

    def emit(self, event: Any) -> None:
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


Scenario = Callable[[Any, str], None]


class ScenarioBook(dict[tuple[str, str], Scenario]):
    """(registry entry, example sentence) -> the scenario that executes that example on a fresh table."""

    def __init__(self, table: Callable[[], Any]) -> None:
        super().__init__()
        self.table = table

    def scenario(self, entry: str, example: str) -> Callable[[Scenario], Scenario]:
        """Register `function(table, example)` as the scenario that executes `example` of `entry`."""

        def register(function: Scenario) -> Scenario:
            key = (entry, example)
            assert key not in self, f"two scenarios for {key}"
            self[key] = function
            return function

        return register

    def keys_of(self, module: str) -> list[tuple[str, str]]:
        return sorted(key for key, function in self.items() if function.__module__ == module)

    def run(self, key: tuple[str, str]) -> None:
        self[key](self.table(), key[1])
