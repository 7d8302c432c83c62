"""The run's catalogue: every card of the game compiled once into a `CardDef` the games share.

A `CardRecord` is the plain data of one card (picklable, so worker processes and
Dask workers compile their own catalogue without reading the project); the game
pack's rules say how a database card becomes a record (`Simulator.card_record`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from carddb.sim.program import Activated, Cond, Program, Static, Timed, Triggered

if TYPE_CHECKING:
    from carddb.cards.database import CardDatabase
    from carddb.sim.simulator import Simulator


@dataclass(frozen=True)
class CardRecord:
    """One card as the simulator needs it: what the game pack read from the card's fields, and its text."""

    id: str
    name: str
    kind: str
    subtype: str = ""
    faction: str = ""
    cost: int = 0
    cost_resources: tuple[tuple[str, int], ...] = ()
    health: int = 0
    copies: int = 1
    text: str = ""
    # The pack's other printed numbers, by name (ESTRO: the five stats and the TOT; LOE v2: power, pitch,
    # resistance, and `leads:<troop type>` = 1 for each type a Leader leads), for its own rules.
    numbers: tuple[tuple[str, int], ...] = ()


@dataclass(eq=False, slots=True)
class CardDef:
    """A card of the catalogue: its record's numbers and its compiled abilities."""

    index: int
    id: str
    name: str
    kind: str
    subtype: str
    faction: str
    cost: int
    cost_resources: tuple[tuple[str, int], ...]
    health: int
    keywords: dict[str, int] = field(default_factory=dict)
    # Keywords behind a condition keyword (`Raiding - Blitz`): the card has them only while the condition holds.
    keyword_conditions: dict[str, Cond] = field(default_factory=dict)
    activated: tuple[Activated, ...] = ()
    triggered: tuple[Triggered, ...] = ()
    timed: Timed | None = None
    statics: tuple[Static, ...] = ()
    effect: Program | None = None  # what it does when it resolves (a Spell's sentences, a Victory card's `Win if`)
    listens: frozenset[str] = frozenset()  # event types its triggers listen to while it is in play
    reacts: frozenset[str] = frozenset()  # event types that let it be played from hand (its timing condition)
    problems: tuple[str, ...] = ()  # lines that did not parse or compile: those abilities do nothing
    numbers: dict[str, int] = field(default_factory=dict)  # the record's `numbers`


@dataclass
class Catalogue:
    defs: list[CardDef]
    by_id: dict[str, CardDef]

    def __getitem__(self, card_id: str) -> CardDef:
        return self.by_id[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.by_id


def records_from_database(db: CardDatabase, sim: Simulator) -> list[CardRecord]:
    """Every face: a double-sided card's back is a record of its own, `ID/back` (`carddb.sim.sides` turns it up)."""
    return [sim.card_record(face) for face in db.faces()]


def compile_catalogue(records: Iterable[CardRecord], sim: Simulator) -> Catalogue:
    """Every record compiled through the pack's handlers; a line that does not compile is kept as a problem."""
    from carddb.sim.compiler import compile_card

    defs: list[CardDef] = []
    for index, record in enumerate(records):
        defs.append(compile_card(index, record, sim))
    return Catalogue(defs, {d.id: d for d in defs})
