"""A SoulFall table for scenario tests: the real game set up from the bundled cards, then arranged by hand.

`Table()` is a new game of the real box (the pack's `fixed_table`, the real catalogue
compiled through the pack's handlers), with the Tribes, hands, deck and discard pile
emptied back into the middle, so a test puts exactly the cards it needs where it
needs them (`tribe`, `hand`, `deck`). A card with any rules text can be added
(`text_card`), compiled through the real handlers. Every action goes through the
simulator's `perform`; the invariants are checked after each. Choices are scripted:
a test queues the options it wants (`pick` by verb or label, `picks` of card uids),
otherwise the first option is taken and every "you may" is accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from support.simtable import ScenarioBook

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.games.soulfall.sim.board import ACTIONS, FOLLOWERS, SHELLS, TEMPLES
from carddb.packs.lookup import get_pack
from carddb.sim.cards import CardRecord, Catalogue, compile_catalogue, records_from_database
from carddb.sim.compiler import compile_card
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, Game
from carddb.sim.invariants import violations
from carddb.sim.options import SimOptions
from carddb.sim.records import GameStats
from carddb.sim.simulator import Matchup, simulator_for

REPO = Path(__file__).resolve().parents[2]
PACK = get_pack("soulfall")
SIM = simulator_for(PACK)


@cache
def database() -> Any:
    db, report = load_database(Project.at(REPO), PACK)
    assert not report.errors
    return db


@cache
def box() -> tuple[Matchup, tuple[CardRecord, ...]]:
    db = database()
    table = SIM.fixed_table(db.cards)
    return Matchup(table.seats, table.cards, table.name), tuple(records_from_database(db, SIM))


class Scripted:
    """Takes queued answers (an option whose verb, label or uid matches), else the first; accepts every `you may`."""

    def __init__(self) -> None:
        self.wanted: list[str | int] = []
        self.answers: list[bool] = []
        self.asked: list[tuple[str, list[str]]] = []  # (reason, labels or uids offered)

    def act(self, game: Game, player: int, options: Sequence[Action], reason: str) -> Action:
        self.asked.append((reason, [o.label or o.verb for o in options]))
        while self.wanted:
            wanted = self.wanted.pop(0)
            for option in options:
                if wanted in (option.verb, option.label, option.uid):
                    return option
            raise AssertionError(f"'{wanted}' is not offered for '{reason}': {[o.label for o in options]}")
        return options[0]

    def choose(self, game: Game, player: int, reason: str, options: Sequence[int], hint: str) -> int:
        self.asked.append((reason, [str(x) for x in options]))
        while self.wanted:
            wanted = self.wanted.pop(0)
            if wanted in options:
                return int(wanted)
            raise AssertionError(f"{wanted} is not an option for '{reason}': {options}")
        return options[0]

    def confirm(self, game: Game, player: int, reason: str) -> bool:
        self.asked.append((reason, ["yes", "no"]))
        return self.answers.pop(0) if self.answers else True


class Table:
    def __init__(self, seed: int = 7, *, empty: bool = True) -> None:
        matchup, records = box()
        self.catalogue: Catalogue = compile_catalogue(records, SIM)
        self.g = SIM.new_game(self.catalogue, matchup, seed, 0, SimOptions(check_invariants=True))
        self.agents = [Scripted(), Scripted()]
        self.g.agents = list(self.agents)
        self.g.stats = GameStats(2)
        if empty:
            self.empty()

    # -- laying out cards -------------------------------------------------------------------

    def empty(self) -> None:
        """Every Tribe card back to the middle on its first side, every Lord card into the deck."""
        g = self.g
        for player in range(g.n):
            for uid in list(g.play[player]):
                self.to_middle(uid)
            for uid in list(g.hands[player]):
                g.move(uid, ZONE_DECK)
        for uid in list(g.discard):
            g.move(uid, ZONE_DECK)

    def to_middle(self, uid: int) -> None:
        from carddb.sim.sides import shows_back, turn_over

        g = self.g
        if shows_back(g, uid):
            turn_over(g, uid)
        kind = g.defs[uid].kind
        g.move(uid, {"temple": TEMPLES, "follower": FOLLOWERS, "shell": SHELLS}[kind])

    def uid(self, card_id: str, where: int | None = None) -> int:
        """The first physical card `card_id` (in zone `where`, if given)."""
        for uid, definition in enumerate(self.g.defs):
            if definition.id == card_id and (where is None or self.g.place[uid] == where):
                return uid
        raise KeyError(f"no {card_id} there")

    def tribe(self, player: int, card_id: str, *, back: bool = False) -> int:
        """Move a card of the middle into `player`'s Tribe (a Shell secret, face down), on its back if asked."""
        from carddb.sim.sides import turn_over

        g = self.g
        uid = next(u for u, d in enumerate(g.defs) if d.id == card_id and g.place[u] not in (ZONE_PLAY, ZONE_HAND))
        kind = g.defs[uid].kind
        g.move(uid, ZONE_PLAY, player, face_down=kind == "shell" and not back)
        if back:
            turn_over(g, uid)
        return uid

    def hand(self, player: int, card_id: str) -> int:
        uid = self.uid(card_id, ZONE_DECK)
        self.g.move(uid, ZONE_HAND, player)
        return uid

    def top_of_deck(self, card_id: str) -> int:
        uid = self.uid(card_id, ZONE_DECK)
        self.g.deck.remove(uid)
        self.g.deck.append(uid)
        return uid

    def discard_pile(self, card_id: str) -> int:
        uid = self.uid(card_id, ZONE_DECK)
        self.g.move(uid, ZONE_DISCARD)
        return uid

    def text_card(self, text: str, *, kind: str = "lord", lord: str = "propagator", owner: int = 0) -> int:
        """A new card with `text`, compiled through the pack's handlers: a Lord card in `owner`'s hand, or
        (kind `temple`) a Temple in their Tribe."""
        g = self.g
        index = len(self.catalogue.defs)
        record = CardRecord(f"test-card-{index}", f"Test card {index}", kind, faction=lord, text=text)
        definition = compile_card(index, record, SIM)
        assert not definition.problems, definition.problems
        self.catalogue.defs.append(definition)
        self.catalogue.by_id[definition.id] = definition
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
        uid = len(g.defs)
        g.defs.append(definition)
        g.move(uid, ZONE_PLAY if kind == "temple" else ZONE_HAND, owner)
        return uid

    # -- playing ---------------------------------------------------------------------------------

    def want(self, player: int, *choices: str | int) -> None:
        self.agents[player].wanted.extend(choices)

    def do(self, player: int, action: Action) -> None:
        SIM.perform(self.g, player, action)
        self.check()

    def select(self, player: int, action_id: str) -> None:
        """`player` selects an Action card (as a turn does) and performs it."""
        self.do(player, Action("select", self.uid(action_id, ACTIONS)))

    def beseech(self, player: int, uid: int) -> None:
        self.do(player, Action("beseech", uid))

    def check(self) -> None:
        problems = violations(self.g)
        assert problems == [], problems

    # -- reading -----------------------------------------------------------------------------------

    def kinds(self, player: int) -> list[str]:
        """The kinds the Tribe shows, sorted."""
        return sorted(self.g.defs[uid].kind for uid in self.g.play[player])

    def count(self, player: int, kind: str) -> int:
        return self.kinds(player).count(kind)

    def hand_ids(self, player: int) -> list[str]:
        return sorted(self.g.defs[uid].id for uid in self.g.hands[player])

    def middle(self, zone: int) -> int:
        return len(self.g.zone_list(zone, 0))


# -- scenario registry: one scenario per (registry entry, example sentence) -------------------------

SCENARIOS = ScenarioBook(Table)
scenario = SCENARIOS.scenario
