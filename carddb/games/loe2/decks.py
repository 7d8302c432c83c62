"""Deck-building rules of Lords of Estraven v2, from the design's "Game Setup" and "Marketplace".

- Each pre-constructed deck holds exactly 20 cards, never resource cards; a player
  picks two of them, so plays with 40.
- A deck needs a Leader, and each of its Troops must be of a type one of its
  Leaders leads, or the Troop could never join an attack.
- The marketplace is 20 resource cards; 5 are face up at the start.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from carddb.database import CardDatabase
from carddb.diagnostics import Finding
from carddb.play.decks import DeckList, DeckSource
from carddb.plural import plural
from carddb.rules.canonical import indefinite_article

DECK_SIZE = 20
DECKS_PER_PLAYER = 2
MARKETPLACE_SIZE = 20
MARKETPLACE_FACE_UP = 5


class Loe2DeckRules:
    list_kinds = MappingProxyType(
        {
            "deck": f"a pre-constructed {DECK_SIZE}-card deck; each player picks {DECKS_PER_PLAYER} "
            f"({DECK_SIZE * DECKS_PER_PLAYER} cards)",
            "marketplace": f"the shared marketplace: {MARKETPLACE_SIZE} resource cards, "
            f"{MARKETPLACE_FACE_UP} face up at the start",
        }
    )
    # v2 has no council draft.
    draft_limits: MappingProxyType[str, int] = MappingProxyType({})
    draft_required: MappingProxyType[str, int] = MappingProxyType({})

    def check(self, deck: DeckList, db: CardDatabase, source: DeckSource) -> Iterable[Finding]:
        if deck.kind == "marketplace":
            yield from self._check_marketplace(deck, db, source)
        else:
            yield from self._check_deck(deck, db, source)

    def _check_deck(self, deck: DeckList, db: CardDatabase, source: DeckSource) -> Iterable[Finding]:
        if deck.size != DECK_SIZE:
            yield Finding(
                "E-DECK-RULE",
                f"deck '{deck.id}' has {plural(deck.size, 'card')}; a pre-constructed deck has exactly {DECK_SIZE}",
                source.path,
                source.span("cards"),
            )
        cards = [(card_id, db.by_id(card_id)) for card_id in deck.cards]
        led: set[str] = set()
        for card_id, card in cards:
            if card is None:
                continue
            if card.kind == "resource":
                yield Finding(
                    "E-DECK-RULE",
                    f"'{card_id}' is a resource card; resource cards belong in the marketplace, not in a deck",
                    source.path,
                    source.card_span(card_id),
                )
            if card.kind == "leader":
                led.update(getattr(card, "leads", ()))
        if not any(card is not None and card.kind == "leader" for _, card in cards):
            yield Finding(
                "E-DECK-RULE", f"deck '{deck.id}' has no Leader to attack with", source.path, source.span("cards")
            )
            return
        for card_id, card in cards:
            troop_type = getattr(card, "troop_type", None)
            if card is not None and card.kind == "troop" and troop_type not in led:
                yield Finding(
                    "E-DECK-RULE",
                    f"'{card_id}' is {indefinite_article(str(troop_type))} {troop_type} Troop, but no Leader of deck '{deck.id}' leads {troop_type} "
                    f"Troops (its Leaders lead: {', '.join(sorted(led))})",
                    source.path,
                    source.card_span(card_id),
                )

    def _check_marketplace(self, deck: DeckList, db: CardDatabase, source: DeckSource) -> Iterable[Finding]:
        if deck.size != MARKETPLACE_SIZE:
            yield Finding(
                "E-DECK-RULE",
                f"the marketplace '{deck.id}' has {plural(deck.size, 'card')}; it has exactly {MARKETPLACE_SIZE} resource cards",
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
