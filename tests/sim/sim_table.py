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

from support.simtable import ScenarioBook, ScenarioTable

from carddb.games.loe.sim.board import MARKET
from carddb.packs.lookup import get_pack
from carddb.sim.cards import CardRecord
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_PLAY
from carddb.sim.invariants import violations
from carddb.sim.simulator import simulator_for

ZONES = {"hand": ZONE_HAND, "play": ZONE_PLAY, "deck": ZONE_DECK, "discard": ZONE_DISCARD, "market": MARKET}


class Table(ScenarioTable):
    def __init__(self, players: int = 2, *, turn: int = 3) -> None:
        super().__init__(simulator_for(get_pack("loe")), players)
        game = self.g
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
        record = CardRecord(
            self.next_id,
            name or f"{kind.title()} {len(self.catalogue.defs)}",
            kind,
            subtype,
            "",
            cost,
            resources,
            health,
            1,
            text,
        )
        uid = self.put(record, ZONES[zone], owner, face_down=face_down)
        if on >= 0:
            self.g.attached[uid] = on
        return uid

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


# -- scenario registry: one scenario per (registry entry, example sentence) -------------------------

SCENARIOS = ScenarioBook(Table)
scenario = SCENARIOS.scenario
keys_of = SCENARIOS.keys_of
run_scenario = SCENARIOS.run
