"""Deck-building rules of Lords of Estraven v2, from the design's "Game Setup" and "Marketplace".

- Each pre-constructed deck holds exactly `deck-size` cards, never resource cards; a
  player selects `decks-per-player` of them and shuffles them together.
- The marketplace is `marketplace-size` resource cards, `marketplace-face-up` of them
  face up at the start.

The seed asks nothing more of a deck: Troops "can exist on the battlefield without a
Leader", and a player's two decks are shuffled together, so a Troop may follow a
Leader of the other deck or none (docs/design-decisions-loe2.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from carddb.pack_api import CardLookup, DeckFormat, DeckPlace, DeckView, Finding, plural


class Loe2DeckRules:
    list_kinds = MappingProxyType(
        {
            "deck": "a pre-constructed {number:deck-size}-card deck; each player selects {number:decks-per-player} "
            "and shuffles them together",
            "marketplace": "the shared marketplace: {number:marketplace-size} resource cards, "
            "{number:marketplace-face-up} face up at the start",
        }
    )
    # The decks and the marketplace are built from the game box.
    formats: MappingProxyType[str, DeckFormat] = MappingProxyType({"deck": "pool", "marketplace": "pool"})

    def check(self, deck: DeckView, db: CardLookup, source: DeckPlace) -> Iterable[Finding]:
        if deck.kind == "marketplace":
            yield from self._check_marketplace(deck, db, source)
        else:
            yield from self._check_deck(deck, db, source)

    def _check_deck(self, deck: DeckView, db: CardLookup, source: DeckPlace) -> Iterable[Finding]:
        size = db.pack.number("deck-size")
        if deck.size != size:
            yield Finding(
                "E-DECK-RULE",
                f"deck '{deck.id}' has {plural(deck.size, 'card')}; a pre-constructed deck has exactly {size}",
                source.path,
                source.span("cards"),
            )
        for card_id in deck.cards:
            card = db.by_id(card_id)
            if card is not None and card.kind == "resource":
                yield Finding(
                    "E-DECK-RULE",
                    f"'{card_id}' is a resource card; resource cards belong in the marketplace, not in a deck",
                    source.path,
                    source.card_span(card_id),
                )

    def _check_marketplace(self, deck: DeckView, db: CardLookup, source: DeckPlace) -> Iterable[Finding]:
        size = db.pack.number("marketplace-size")
        if deck.size != size:
            yield Finding(
                "E-DECK-RULE",
                f"deck '{deck.id}' has {plural(deck.size, 'card')}; a pre-constructed deck has exactly {size}",
                source.path,
                source.span("cards"),
            )
        for card_id in deck.cards:
            card = db.by_id(card_id)
            if card is not None and card.kind != "resource":
                yield Finding(
                    "E-DECK-RULE",
                    f"'{card_id}' is a {db.pack.kind(card.kind).label}; the marketplace holds only resource cards",
                    source.path,
                    source.card_span(card_id),
                )


RULES = Loe2DeckRules()
