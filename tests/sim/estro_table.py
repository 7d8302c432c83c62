"""A hand-laid ESTRO table for scenario tests: cards where the test needs them, played through the engine.

Every card is compiled from its rules text through ESTRO's real handlers; every play and
attack goes through `EstroSimulator.perform` and the stack loop, and the invariants are
checked after each. Choices are scripted (the first option, every "you may" accepted,
unless a test queues its answers), and so are the dice (`dice`: the faces to roll, in order).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from support.simtable import ScenarioBook, ScenarioTable

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.games.estro.sim.board import deck, deck_zone
from carddb.games.estro.sim.stats import values
from carddb.packs.lookup import get_pack
from carddb.sim.cards import CardRecord, compile_catalogue
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, Game
from carddb.sim.match import play_game, start_game
from carddb.sim.options import SimOptions
from carddb.sim.playtest import PlaytestPlan
from carddb.sim.records import GameRecord
from carddb.sim.runner import Request, prepare
from carddb.sim.simulator import Simulator, simulator_for

STATS = ("atk", "def", "hel", "dex", "map")


class Dice:
    """Stands in for the game's generator: `below(n)` gives the next scripted face - 1."""

    def __init__(self) -> None:
        self.faces: list[int] = []

    def below(self, n: int) -> int:
        assert self.faces, "a die was rolled that the test did not script"
        face = self.faces.pop(0)
        assert 1 <= face <= n
        return face - 1

    def shuffle(self, items: list[Any]) -> None:  # (a search shuffles the deck: keep it as it is)
        return None

    def sample(self, items: Sequence[Any], k: int) -> list[Any]:
        return list(items[:k])


class Table(ScenarioTable):
    def __init__(self, *, round_no: int = 3, deck_size: int = 6) -> None:
        super().__init__(simulator_for(get_pack("estro")))
        game = self.g
        self.dice = Dice()
        game.rng = self.dice  # type: ignore[assignment]
        game.first = 0
        game.turns = [round_no, round_no - 1]  # P1's turn of round `round_no`
        game.turn = 2 * round_no - 1
        self.decks = [
            [self.card("empty", owner=p, zone="deck", name=f"Deck card {p + 1}.{i}") for i in range(deck_size)]
            for p in range(2)
        ]

    # -- laying out cards ---------------------------------------------------------------------

    def card(
        self,
        kind: str = "gift",
        text: str = "",
        *,
        owner: int = 0,
        zone: str = "hand",
        face_down: bool = False,
        estro: str = "granito",
        stats: Sequence[int] = (14, 14, 14, 14, 14),
        name: str = "",
    ) -> int:
        """A new card in `zone` ("hand", "play", "deck", "incinerator") of `owner`."""
        index = len(self.catalogue.defs)
        numbers = () if kind == "zone" else (*zip(STATS, stats, strict=True), ("tot", sum(stats)))
        record = CardRecord(
            self.next_id, name or f"{kind.title()} {index}", kind, faction=estro, text=text, numbers=numbers
        )
        where = {"hand": ZONE_HAND, "play": ZONE_PLAY, "deck": deck_zone(owner), "incinerator": ZONE_DISCARD}[zone]
        return self.put(record, where, owner, face_down=face_down)

    def on_field(self, text: str = "", *, owner: int = 0, kind: str = "gift", **fields: Any) -> int:
        return self.card(kind, text, owner=owner, zone="play", **fields)

    # -- playing ----------------------------------------------------------------------------------

    def play(self, player: int, uid: int, verb: str = "face-up", targets: Sequence[int] | None = None) -> None:
        self.do(player, Action(verb, uid, targets=None if targets is None else tuple(targets)))

    def attack(self, player: int, attacker: int, defender: int, *faces: int) -> None:
        """`attacker` attacks `defender`; `faces`: the dice, the attacker's first (and any rolled again)."""
        self.dice.faces = list(faces)
        self.do(player, Action("attack", attacker, targets=(defender,)))
        assert self.dice.faces == [], f"dice left unrolled: {self.dice.faces}"

    def deck(self, player: int) -> list[int]:
        return list(deck(self.g, player))

    def values(self, uid: int) -> dict[str, int] | None:
        found = values(self.g, uid)
        return None if found is None else dict(zip((*STATS, "tot"), found, strict=True))


# -- scenario registry: one scenario per (registry entry, example sentence) -------------------------

SCENARIOS = ScenarioBook(Table)
scenario = SCENARIOS.scenario
keys_of = SCENARIOS.keys_of
run_scenario = SCENARIOS.run


# -- games of the bundled decks ------------------------------------------------------------------------

REPO = Path(__file__).resolve().parents[2]


@cache
def _database() -> CardDatabase:
    db, report = load_database(Project.at(REPO), get_pack("estro"))
    assert not report.errors
    return db


def real_plan(sim: Simulator, games: int = 10, seed: int = 1, bots: tuple[str, ...] = ("random",)) -> PlaytestPlan:
    """The plan `carddb playtest --game estro` plays: the bundled chosen decks, each completed in every game."""
    plan, _ = prepare(_database(), sim, Request(games=games, seed=seed, bots=bots), Report())
    return plan


def one_game(sim: Simulator, index: int = 0) -> Game:
    """Game `index` of the bundled plan, set up and ready for its first turn."""
    plan = real_plan(sim)
    return start_game(sim, compile_catalogue(plan.records, sim), plan.spec(index), SimOptions(check_invariants=True))


def play_one(sim: Simulator, seed: int) -> GameRecord:
    plan = real_plan(sim, seed=seed)
    return play_game(sim, compile_catalogue(plan.records, sim), plan.spec(0), SimOptions(check_invariants=True))
