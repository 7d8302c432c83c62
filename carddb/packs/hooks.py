"""The hooks a game pack may give the core, as protocols that name nothing above the pack layer.

A card check receives a card and a `CardLookup` (the loaded database, seen through what a
check may use); deck rules receive a `DeckView` and where it is written (`DeckPlace`). The
core's own classes (`CardDatabase`, `DeckList`, `DeckSource`) satisfy these protocols, so a
pack is written against this contract and never against the core's internals. A pack's
simulator is a class of the simulator kit (`carddb.pack_api.Simulator`); `GamePack.simulator`
is the function that makes one, called only when a command simulates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from carddb.findings.diagnostics import Finding, Span
from carddb.packs.card import Card

if TYPE_CHECKING:
    from carddb.packs.pack import GamePack

# How a list kind is built: from a pool (copies limited by it) or from a collection (any number of each card).
DeckFormat = Literal["pool", "collection"]


class CardPlace(Protocol):
    """Where a card is written: its file, and the span of any of its keys or values."""

    @property
    def path(self) -> Path: ...

    def value_span(self, *key: str | int) -> Span: ...

    def key_span(self, *key: str | int) -> Span: ...


class CardLookup(Protocol):
    """What a card check or deck rule may read of the loaded database."""

    @property
    def pack(self) -> GamePack: ...

    @property
    def cards(self) -> list[Card]: ...

    def by_id(self, card_id: str) -> Card | None: ...

    def source(self, card: Card) -> CardPlace: ...


# A check of one card beyond its schema, run by `carddb validate` after every card has loaded.
CardCheck = Callable[[Card, CardLookup], Iterable[Finding]]


class DeckView(Protocol):
    """A deck list as deck rules see it: `cards` and `pool` map card ids to copies."""

    id: str
    name: str
    kind: str
    cards: Mapping[str, int]
    pool: Mapping[str, int] | None

    @property
    def size(self) -> int: ...


class DeckPlace(Protocol):
    """Where a deck list is written, so a rule can point at one card's line."""

    @property
    def path(self) -> Path: ...

    def card_span(self, card_id: str, field: str = "cards") -> Span: ...

    def span(self, *key: str | int) -> Span: ...


class DeckRules(Protocol):
    """What a game pack declares about decks (for example carddb/games/loe/decks.py)."""

    # list kind -> one line saying what such a list is; it may name rule numbers with {number:ID}
    list_kinds: Mapping[str, str]
    # list kind -> built from a pool or from a collection; optional: read it with `deck_formats(rules)`
    formats: Mapping[str, DeckFormat]
    # list kind -> the booster type that deals the rest of such a list, never repeating its cards
    # (`carddb deck deal`); optional: read it with `completed_by(rules)`
    completed_by: Mapping[str, str]

    # Every finding of the game's own rules; called also when the list names an unknown id (the core
    # reports that one), so `db.by_id` may be None for an id of `deck.cards`.
    def check(self, deck: DeckView, db: CardLookup, source: DeckPlace) -> Iterable[Finding]: ...


def deck_formats(rules: DeckRules | None) -> Mapping[str, DeckFormat]:
    """Which list kinds are built from a collection rather than a pool. A pack that does not say
    (a plugin written before deck formats, a game.yaml game) has pool-limited lists only."""
    declared: Mapping[str, DeckFormat] = getattr(rules, "formats", None) or {}
    return declared


def completed_by(rules: DeckRules | None) -> Mapping[str, str]:
    """The list kinds a game completes with random cards (none, for a pack that does not say)."""
    declared: Mapping[str, str] = getattr(rules, "completed_by", None) or {}
    return declared


# Makes the pack's simulator (a `carddb.pack_api.Simulator`); imports what it needs when called.
SimulatorFactory = Callable[["GamePack"], Any]
