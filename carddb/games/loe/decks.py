"""Deck-building rules of Lords of Estraven v1, from the design's "Game setup" and "Play modes".

- A council is 1 Lord and up to 4 Dukes; a player also brings 1 Victory card.
- The shared deck (Council Constructed) holds only shared-deck cards: resources,
  spells, reactions, items and rituals, never council or Victory cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from carddb.database import CardDatabase
from carddb.diagnostics import Finding
from carddb.play.decks import DeckList, DeckSource

MAX_DUKES = 4


class LoeDeckRules:
    list_kinds = MappingProxyType(
        {
            "shared-deck": "a themed shared deck all players draw from (Council Constructed)",
            "council": "a player's council (1 Lord, up to 4 Dukes) and their Victory card",
        }
    )
    draft_limits = MappingProxyType({"lord": 1, "duke": MAX_DUKES})
    draft_required = MappingProxyType({"lord": 1})

    def check(self, deck: DeckList, db: CardDatabase, source: DeckSource) -> Iterable[Finding]:
        if deck.kind == "shared-deck":
            yield from self._check_shared(deck, db, source)
        else:
            yield from self._check_council(deck, db, source)

    def _check_shared(self, deck: DeckList, db: CardDatabase, source: DeckSource) -> Iterable[Finding]:
        for card_id in deck.cards:
            card = db.by_id(card_id)
            if card is not None and db.pack.kind(card.kind).group != "deck":
                yield Finding(
                    "E-DECK-RULE",
                    f"'{card_id}' is a {db.pack.kind(card.kind).label}; a shared deck holds only resources, spells, "
                    "reactions, items and rituals",
                    source.path,
                    source.card_span(card_id),
                )

    def _check_council(self, deck: DeckList, db: CardDatabase, source: DeckSource) -> Iterable[Finding]:
        by_kind: dict[str, list[str]] = {}
        for card_id, count in deck.cards.items():
            card = db.by_id(card_id)
            if card is None:
                continue
            by_kind.setdefault(card.kind, []).append(card_id)
            if count != 1:
                yield Finding(
                    "E-DECK-RULE",
                    f"a council holds each card once; '{card_id}' is listed {count} times",
                    source.path,
                    source.card_span(card_id),
                )
            if card.kind not in {"lord", "duke", "victory"}:
                yield Finding(
                    "E-DECK-RULE",
                    f"'{card_id}' is a {db.pack.kind(card.kind).label}; a council list holds a Lord, Dukes and a Victory card",
                    source.path,
                    source.card_span(card_id),
                )
        lords, dukes, victories = (by_kind.get(k, []) for k in ("lord", "duke", "victory"))
        if len(lords) != 1:
            yield Finding(
                "E-DECK-RULE",
                f"council '{deck.id}' has {len(lords)} Lords; a council has exactly one"
                + (f" ({', '.join(lords)})" if lords else ""),
                source.path,
                source.card_span(lords[1]) if len(lords) > 1 else source.span("cards"),
            )
        if len(dukes) > MAX_DUKES:
            yield Finding(
                "E-DECK-RULE",
                f"council '{deck.id}' has {len(dukes)} Dukes; a council has up to {MAX_DUKES}",
                source.path,
                source.card_span(dukes[MAX_DUKES]),
            )
        if len(victories) != 1:
            yield Finding(
                "E-DECK-RULE",
                f"council '{deck.id}' has {len(victories)} Victory cards; each player brings exactly one",
                source.path,
                source.card_span(victories[1]) if len(victories) > 1 else source.span("cards"),
            )


RULES = LoeDeckRules()
