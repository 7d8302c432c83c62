"""Deck-building rules of Lords of Estraven v1, from the design's "Game setup" and "Play modes".

- A council is `council-lords` Lord and up to `council-dukes-max` Dukes; a player
  also brings `victory-cards` Victory card (numbers.py).
- The shared deck (Council Constructed) holds only shared-deck cards: resources,
  spells, reactions, items and rituals, never council or Victory cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from carddb.pack_api import CardLookup, DeckFormat, DeckPlace, DeckView, Finding


class LoeDeckRules:
    list_kinds = MappingProxyType(
        {
            "shared-deck": "a themed shared deck all players draw from (Council Constructed)",
            "council": "a player's council ({number:council-lords} Lord, up to {number:council-dukes-max} Dukes) "
            "and their {number:victory-cards} Victory card",
        }
    )
    # Both are built from the game box: a list cannot use more copies than the box holds.
    formats: MappingProxyType[str, DeckFormat] = MappingProxyType({"shared-deck": "pool", "council": "pool"})

    def check(self, deck: DeckView, db: CardLookup, source: DeckPlace) -> Iterable[Finding]:
        if deck.kind == "shared-deck":
            yield from self._check_shared(deck, db, source)
        else:
            yield from self._check_council(deck, db, source)

    def _check_shared(self, deck: DeckView, db: CardLookup, source: DeckPlace) -> Iterable[Finding]:
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

    def _check_council(self, deck: DeckView, db: CardLookup, source: DeckPlace) -> Iterable[Finding]:
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
        want_lords, most_dukes, want_victories = (
            db.pack.number(n) for n in ("council-lords", "council-dukes-max", "victory-cards")
        )
        if len(lords) != want_lords:
            yield Finding(
                "E-DECK-RULE",
                f"council '{deck.id}' has {len(lords)} Lords; a council has exactly {want_lords}"
                + (f" ({', '.join(lords)})" if lords else ""),
                source.path,
                source.card_span(lords[want_lords]) if len(lords) > want_lords else source.span("cards"),
            )
        if len(dukes) > most_dukes:
            yield Finding(
                "E-DECK-RULE",
                f"council '{deck.id}' has {len(dukes)} Dukes; a council has up to {most_dukes}",
                source.path,
                source.card_span(dukes[most_dukes]),
            )
        if len(victories) != want_victories:
            yield Finding(
                "E-DECK-RULE",
                f"council '{deck.id}' has {len(victories)} Victory cards; each player brings exactly {want_victories}",
                source.path,
                source.card_span(victories[want_victories])
                if len(victories) > want_victories
                else source.span("cards"),
            )


RULES = LoeDeckRules()
