"""Deck lists (data/<game>/decks/*.yaml) and the protocol a game pack's deck rules follow.

The core checks what holds for every game (the ids exist, a list uses no more
copies of a card than the pool has); everything else is the game's `DeckRules`:
which kinds of lists there are and what makes one legal.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Protocol

from pydantic import Field, TypeAdapter, ValidationError, field_validator

from carddb.cardmodel import Slug, StrictModel
from carddb.database import CardDatabase
from carddb.diagnostics import Finding, Report, Span
from carddb.play.findings import validation_findings
from carddb.yamlsource import Located, load_yaml


class DeckList(StrictModel):
    id: Slug
    name: Annotated[str, Field(min_length=1)]
    kind: Annotated[str, Field(min_length=1)]  # a list kind of the game's deck rules
    description: str = ""
    # card id -> copies; a plain list of ids means one copy each
    cards: dict[str, Annotated[int, Field(ge=1, le=99)]]

    @field_validator("cards", mode="before")
    @classmethod
    def _list_means_one_each(cls, value: Any) -> Any:
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            counts: dict[str, int] = {}
            for card_id in value:
                counts[card_id] = counts.get(card_id, 0) + 1
            return counts
        return value

    @property
    def size(self) -> int:
        return sum(self.cards.values())


@dataclass
class DeckSource:
    """Where a deck list came from, so rules can point at a card's line."""

    located: Located

    @property
    def path(self) -> Path:
        return self.located.path

    def card_span(self, card_id: str) -> Span:
        if ("cards", card_id) in self.located.key_spans:
            return self.located.key_span(("cards", card_id))
        items = self.located.value.get("cards") if isinstance(self.located.value, dict) else None
        if isinstance(items, list) and card_id in items:
            return self.located.value_span(("cards", items.index(card_id)))
        return self.located.value_span(("cards",))

    def span(self, *key: str | int) -> Span:
        return self.located.value_span(key)


class DeckRules(Protocol):
    """What a game pack declares about decks (see carddb/games/loe/decks.py)."""

    # list kind -> one line saying what such a list is; it may name rule numbers with {number:ID}
    list_kinds: Mapping[str, str]

    def check(self, deck: DeckList, db: CardDatabase, source: DeckSource) -> Iterable[Finding]: ...


@dataclass
class LoadedDeck:
    deck: DeckList
    source: DeckSource


def deck_files(db: CardDatabase) -> list[Path]:
    folder = db.project.data_dir(db.pack) / "decks"
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*") if p.suffix in {".yaml", ".yml"} and p.is_file())


def load_deck_file(path: Path, db: CardDatabase, report: Report) -> list[LoadedDeck]:
    """Every deck list of one file (a mapping or a list of them), each checked; bad ones are left out."""
    docs, findings = load_yaml(path)
    report.extend(findings)
    entries: list[Located] = []
    for doc in docs:
        if isinstance(doc.value, dict):
            entries.append(doc)
        elif isinstance(doc.value, list):
            for index, item in enumerate(doc.value):
                if isinstance(item, dict):
                    entries.append(doc.sub(index))
                else:
                    report.add(Finding("E-DECK-FILE", "each deck list is a mapping", path, doc.value_span((index,))))
        elif doc.value is not None:
            report.add(
                Finding("E-DECK-FILE", "a deck file holds a deck list mapping or a list of them", path, doc.span)
            )
    if not entries and not findings and not report.errors:
        report.add(Finding("E-DECK-FILE", "the file holds no deck list", path))
    decks = []
    adapter = TypeAdapter(DeckList)
    for located in entries:
        try:
            deck = adapter.validate_python(located.value)
        except ValidationError as exc:
            report.extend(validation_findings(exc, located, DeckList, "a deck list"))
            continue
        source = DeckSource(located)
        problems = list(check_deck(deck, db, source))
        report.extend(problems)
        if not any(p.severity.value == "error" for p in problems):
            decks.append(LoadedDeck(deck, source))
    return decks


def load_decks(db: CardDatabase, report: Report) -> list[LoadedDeck]:
    decks: list[LoadedDeck] = []
    for path in deck_files(db):
        decks.extend(load_deck_file(path, db, report))
    seen: dict[str, LoadedDeck] = {}
    for loaded in decks:
        if loaded.deck.id in seen:
            report.add(
                Finding(
                    "E-DECK-FILE",
                    f"deck id '{loaded.deck.id}' is already used in {report.display_path(seen[loaded.deck.id].source.path)}",
                    loaded.source.path,
                    loaded.source.span("id"),
                )
            )
        seen.setdefault(loaded.deck.id, loaded)
    return list(seen.values())


def check_deck(deck: DeckList, db: CardDatabase, source: DeckSource) -> Iterable[Finding]:
    rules: DeckRules | None = db.pack.deck_rules
    known_ids = [c.id for c in db.cards]
    for card_id, count in deck.cards.items():
        card = db.by_id(card_id)
        if card is None:
            close = difflib.get_close_matches(card_id, known_ids, n=1)
            yield Finding(
                "E-DECK-UNKNOWN-CARD",
                f"deck '{deck.id}' names the unknown card '{card_id}'"
                + (f"; did you mean '{close[0]}'?" if close else ""),
                source.path,
                source.card_span(card_id),
            )
        elif count > card.copies:
            yield Finding(
                "E-DECK-COPIES",
                f"deck '{deck.id}' uses {count} copies of '{card_id}' but the pool has {card.copies} (its 'copies')",
                source.path,
                source.card_span(card_id),
            )
    if rules is None:
        return
    if deck.kind not in rules.list_kinds:
        close = difflib.get_close_matches(deck.kind, list(rules.list_kinds), n=1)
        yield Finding(
            "E-DECK-RULE",
            f"'{deck.kind}' is not a kind of deck list of {db.pack.name}"
            + (f"; did you mean '{close[0]}'?" if close else ""),
            source.path,
            source.span("kind"),
            hint="kinds: " + ", ".join(rules.list_kinds),
        )
        return
    if all(db.by_id(card_id) is not None for card_id in deck.cards):
        yield from rules.check(deck, db, source)
