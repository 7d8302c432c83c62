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

from support import simtable

from carddb.games.shards.sim import board, rules
from carddb.games.shards.sim.board import MARKS, TERRITORY, starting_territory
from carddb.packs.lookup import get_pack
from carddb.sim.cards import CardRecord
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, Game
from carddb.sim.simulator import simulator_for

ZONES = {"hand": ZONE_HAND, "play": ZONE_PLAY, "deck": ZONE_DECK, "discard": ZONE_DISCARD}
SIM = simulator_for(get_pack("shards"))


class Scripted(simtable.Scripted):
    """Also declares the blocks a test sets in `defence`: (defender, attacker, ...)."""

    def __init__(self) -> None:
        super().__init__()
        self.defence: tuple[int, ...] | None = None

    def act(self, game: Game, player: int, options: Sequence[Action], reason: str) -> Action:
        if self.defence is not None and options and options[0].verb == "defend":
            self.asked.append(reason)
            self.offered.append(list(options))
            return Action("defend", targets=self.defence)
        return super().act(game, player, options, reason)


class Table(simtable.ScenarioTable):
    agent = Scripted

    def __init__(self, players: int = 2) -> None:
        super().__init__(SIM, players)
        game = self.g
        for name in MARKS:
            game.marks[name] = []
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
            self.next_id,
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
        uid = self.put(record, ZONES[zone], owner)
        if zone == "play" and kind in ("unit", "building"):
            self.g.marks[TERRITORY][uid] = territory or starting_territory(owner)
        return uid

    def unit(self, owner: int = 0, text: str = "", *, offence: int = 2, health: int = 2, **fields: Any) -> int:
        return self.card("unit", text, owner=owner, zone="play", offence=offence, health=health, **fields)

    def give(self, player: int, basic: int = 0, **advanced: int) -> None:
        board.gain(self.g, player, "basic", basic)
        for kind, n in advanced.items():
            board.gain(self.g, player, kind, n)

    # -- playing ----------------------------------------------------------------------------------

    def settle(self) -> None:
        rules.settle(self.g)
        self.check()

    def cast(self, player: int, uid: int, targets: Sequence[int] | None = None) -> None:
        from carddb.games.shards.sim.actions import play_cost

        self.give(player, play_cost(self.g, player, uid), **dict(self.g.defs[uid].cost_resources))
        self.do(player, Action("cast", uid, targets=None if targets is None else tuple(targets)))

    def attack(self, player: int, attackers: Sequence[int], territory: int | None = None) -> None:
        key = starting_territory(1 - player) if territory is None else territory
        self.do(player, Action("attack", index=key, targets=tuple(attackers)))


# -- scenario registry: one scenario per (registry entry, example sentence) -----------------------------

SCENARIOS = simtable.ScenarioBook(Table)
scenario = SCENARIOS.scenario
run_scenario = SCENARIOS.run
