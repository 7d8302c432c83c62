"""What a game pack declares, so that the core can load, check and print any game.

The core never asks "which game is this?": everything that differs between games
(card kinds, factions, rarities, the card schema, extra checks, the rules-text
vocabulary and effect registry, deck rules) is a value in a `GamePack`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from carddb.diagnostics import Finding

if TYPE_CHECKING:
    from carddb.cardmodel import Card
    from carddb.database import CardDatabase
    from carddb.play.decks import DeckRules
    from carddb.rules.language import RulesLanguage


@dataclass(frozen=True)
class KindInfo:
    """One card kind of a game (Duke, Troop, ...)."""

    id: str
    label: str
    plural: str
    description: str
    subtypes: tuple[str, ...] = ()
    layout: str = "standard"  # which face template family draws it
    back: str = "default"  # which card back it is printed with
    group: str = ""  # how a game groups kinds (LOE: "council", "victory", "deck")


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    color: str  # frame colour, #rrggbb
    accent: str  # second colour for trims and placeholders
    description: str = ""


@dataclass(frozen=True)
class Rarity:
    id: str
    name: str
    color: str  # colour of the rarity mark on the card


@dataclass(frozen=True)
class GameNumber:
    """One number of a game's rules (hand size, deck size, players...).

    Stated once in the pack, so validation, play modes, the engine and the rulebook
    read the same value and cannot disagree. `source` says where the design states
    it, or that the pack decided it where the design is silent.
    """

    id: str  # "hand-size"
    value: int
    label: str  # "maximum hand size at the end of a turn"
    source: str = ""  # "seed 000, Main mechanics" or "decision: the design is silent"


@dataclass(frozen=True)
class GameTable:
    """A table of a game's rules as data (a scoring table, an interaction matrix...).

    The rulebook prints it where the prose writes `{table:ID}`; code that needs the
    same facts reads them from here, so the printed table and the code agree.
    """

    id: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.columns):
                raise ValueError(f"table '{self.id}': row {row!r} has {len(row)} cells for {len(self.columns)} columns")


CardCheck = Callable[["Card", "CardDatabase"], Iterable[Finding]]


@dataclass(frozen=True)
class GamePack:
    id: str
    name: str
    description: str
    card_schema: Any  # a pydantic-validatable type: the discriminated union of kinds
    kinds: tuple[KindInfo, ...]
    rarities: tuple[Rarity, ...]
    factions: tuple[Faction, ...]
    faction_field: str = "faction"
    faction_label: str = "faction"
    faction_plural: str = ""  # when the plural is not the label + "s" (ESTRO: estro, estri)
    card_size_mm: tuple[float, float] = (63.0, 88.0)
    icons: tuple[str, ...] = ()
    card_checks: tuple[CardCheck, ...] = ()
    extras: dict[str, Any] = field(default_factory=dict)
    deck_rules: DeckRules | None = None  # what `carddb deck check` and the council draft enforce
    rules: RulesLanguage | None = None  # rules-text vocabulary + effect registry (carddb.rules.language)
    numbers: tuple[GameNumber, ...] = ()  # the game's rule numbers, one place for code and rulebook
    tables: tuple[GameTable, ...] = ()  # rules tables the rulebook prints with {table:ID}

    def kind(self, kind_id: str) -> KindInfo:
        for kind in self.kinds:
            if kind.id == kind_id:
                return kind
        raise KeyError(kind_id)

    def faction(self, faction_id: str | None) -> Faction | None:
        return next((f for f in self.factions if f.id == faction_id), None)

    def rarity(self, rarity_id: str) -> Rarity:
        return next(r for r in self.rarities if r.id == rarity_id)

    def number(self, number_id: str) -> int:
        for number in self.numbers:
            if number.id == number_id:
                return number.value
        raise KeyError(f"game '{self.id}' declares no number '{number_id}'")

    def table(self, table_id: str) -> GameTable:
        for table in self.tables:
            if table.id == table_id:
                return table
        raise KeyError(f"game '{self.id}' declares no table '{table_id}'")

    @property
    def factions_label(self) -> str:
        """The faction label in the plural ("provinces", "estri")."""
        return self.faction_plural or f"{self.faction_label}s"

    @property
    def kind_ids(self) -> tuple[str, ...]:
        return tuple(k.id for k in self.kinds)
