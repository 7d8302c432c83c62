"""Deck lists (data/<game>/decks/*.yaml) and the protocol a game pack's deck rules follow.

The core checks what holds for every game (the ids exist, a pool-limited list uses
no more copies of a card than its pool has); everything else is the game's
`DeckRules`: which kinds of lists there are, whether each is built from a pool or
from a player's collection, and what makes one legal.

Two formats, declared per list kind by the game (`DeckRules.formats`):
- **pool**: the list is built from a pool of cards, so it cannot use more copies of a card
  than the pool holds. The pool is the one the list names (`pool:`, e.g. the boosters a
  player opened in a sealed event or drafted), else the printed pool: each card's `copies`.
- **collection**: constructed from a player's collection, which holds any number of every
  card; only the game's own rules limit copies (Shards: 3 of a card).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, TypeAdapter, ValidationError, field_validator

from carddb.cards.database import CardDatabase
from carddb.files.validation import Validated, validation_findings
from carddb.files.yamlsource import Located, load_yaml
from carddb.findings.diagnostics import Finding, Report, Span
from carddb.packs.card import Slug, StrictModel
from carddb.packs.hooks import DeckFormat, DeckRules, deck_formats

Counts = dict[str, Annotated[int, Field(ge=1, le=99)]]


class DeckList(StrictModel):
    id: Slug
    name: Annotated[str, Field(min_length=1)]
    kind: Annotated[str, Field(min_length=1)]  # a list kind of the game's deck rules
    description: str = ""
    # card id -> copies; a plain list of ids means one copy each
    cards: Counts
    # a pool-limited list's own pool (the cards a player opened or drafted), in the same form
    pool: Counts | None = None

    @field_validator("cards", "pool", mode="before")
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


DECK_LIST = Validated("deck list", DeckList, name_models=True)


@dataclass
class DeckSource:
    """Where a deck list came from, so rules can point at a card's line."""

    located: Located

    @property
    def path(self) -> Path:
        return self.located.path

    def card_span(self, card_id: str, field: str = "cards") -> Span:
        if (field, card_id) in self.located.key_spans:
            return self.located.key_span((field, card_id))
        items = self.located.value.get(field) if isinstance(self.located.value, dict) else None
        if isinstance(items, list) and card_id in items:
            return self.located.value_span((field, items.index(card_id)))
        return self.located.value_span((field,))

    def span(self, *key: str | int) -> Span:
        return self.located.value_span(key)


@dataclass
class LoadedDeck:
    deck: DeckList
    source: DeckSource


def deck_files(db: CardDatabase) -> list[Path]:
    folder = db.project.data_dir(db.pack) / "decks"
    if not folder.is_dir():
        return []
    # Not only regular files: a pipe or a link to a device named *.yaml is reported, not skipped without a word.
    return sorted(p for p in folder.rglob("*") if p.suffix in {".yaml", ".yml"} and not p.is_dir())


def load_deck_file(path: Path, db: CardDatabase, report: Report, *, inside: Path | None = None) -> list[LoadedDeck]:
    """Every deck list of one file (a mapping or a list of them), each checked; bad ones are left out.

    `inside`: the folder the file must really be in (the project, for its own deck lists)."""
    docs, findings = load_yaml(path, inside=inside)
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
            report.extend(validation_findings(exc.errors(include_url=False), located, DECK_LIST))
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
        decks.extend(load_deck_file(path, db, report, inside=db.project.root))
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
    yield from _unknown_cards(deck, db, source)
    deck_format: DeckFormat = deck_formats(rules).get(deck.kind, "pool")
    if deck_format == "pool":
        yield from _pool_copies(deck, db, source)
    elif deck.pool is not None:
        yield Finding(
            "E-DECK-RULE",
            f"deck '{deck.id}' is a '{deck.kind}' list, built from a collection: it has no pool to name",
            source.path,
            source.located.key_span(("pool",)),
            hint="remove 'pool:', or use a list kind built from a pool (sealed, draft)",
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
    # Run even when an id is unknown (reported above): a wrong count or a repeated card is wrong
    # whatever that id was meant to be, and every error of a deck list is reported in one run.
    yield from rules.check(deck, db, source)


def _unknown_cards(deck: DeckList, db: CardDatabase, source: DeckSource) -> Iterable[Finding]:
    known_ids = [c.id for c in db.cards]
    for field, counts in (("cards", deck.cards), ("pool", deck.pool or {})):
        for card_id in counts:
            if db.by_id(card_id) is None:
                close = difflib.get_close_matches(card_id, known_ids, n=1)
                yield Finding(
                    "E-DECK-UNKNOWN-CARD",
                    f"deck '{deck.id}' names the unknown card '{card_id}'"
                    + (" in its pool" if field == "pool" else "")
                    + (f"; did you mean '{close[0]}'?" if close else ""),
                    source.path,
                    source.card_span(card_id, field),
                )


def _pool_copies(deck: DeckList, db: CardDatabase, source: DeckSource) -> Iterable[Finding]:
    """A pool-limited list uses no more copies of a card than its pool (or the printed pool) holds."""
    for card_id, count in deck.cards.items():
        card = db.by_id(card_id)
        if card is None:
            continue
        if deck.pool is not None:
            held = deck.pool.get(card_id, 0)
            where = "its pool has" if held else "its pool has none"
            if count > held:
                yield Finding(
                    "E-DECK-COPIES",
                    f"deck '{deck.id}' uses {count} {'copy' if count == 1 else 'copies'} of '{card_id}' but "
                    + (f"{where} {held}" if held else where),
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
