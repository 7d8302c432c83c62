"""Deck-building rules of Shards of the Empire, from seed 003's "Deckbuilding / Starting Play".

- A deck holds at least 45 cards and at most 3 copies of a card name.
- It holds exactly 7 cards with the Starting keyword, all different ("Starting cards must be
  unique within a deck and are counted against the deck size").

A constructed deck comes from a player's collection (any number of each card; the 3-copy
limit is the game's). Sealed and draft decks come from a pool the player opened or
drafted; carddb checks their copies against that pool (`pool:`). The design gives no size
for them: the pack decides 30 cards, and keeps the Starting rule, since setup needs it.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from carddb.games.shards.numbers import NUMBERS
from carddb.pack_api import CardLookup, DeckFormat, DeckPlace, DeckView, Finding, keywords_of

_NUMBER = {n.id: n.value for n in NUMBERS}
DECK_MIN = _NUMBER["deck-min"]
LIMITED_DECK_MIN = _NUMBER["limited-deck-min"]
COPIES_MAX = _NUMBER["copies-max"]
STARTING_CARDS = _NUMBER["starting-cards"]


def is_starting(card_id: str, db: CardLookup) -> bool:
    card = db.by_id(card_id)
    return card is not None and db.pack.language is not None and "starting" in keywords_of(card.text, db.pack.language)


class ShardsDeckRules:
    # Descriptions name the pack's numbers, so the rulebook prints them from NUMBERS.
    list_kinds = MappingProxyType(
        {
            "constructed": "a constructed deck: at least {number:deck-min} cards, at most {number:copies-max} of a "
            "card, exactly {number:starting-cards} different Starting cards",
            "sealed": "a sealed deck from the boosters a player opened: at least {number:limited-deck-min} cards, "
            "exactly {number:starting-cards} different Starting cards",
            "draft": "a draft deck from the cards a player drafted: at least {number:limited-deck-min} cards, "
            "exactly {number:starting-cards} different Starting cards",
        }
    )
    formats: MappingProxyType[str, DeckFormat] = MappingProxyType(
        {"constructed": "collection", "sealed": "pool", "draft": "pool"}
    )
    # Shards has no council to draft.
    draft_limits: MappingProxyType[str, int] = MappingProxyType({})
    draft_required: MappingProxyType[str, int] = MappingProxyType({})

    def check(self, deck: DeckView, db: CardLookup, source: DeckPlace) -> Iterable[Finding]:
        least = DECK_MIN if deck.kind == "constructed" else LIMITED_DECK_MIN
        if deck.size < least:
            yield Finding(
                "E-DECK-RULE",
                f"deck '{deck.id}' has {deck.size} cards; a {deck.kind} deck has at least {least}",
                source.path,
                source.located.key_span(("cards",)),
            )
        yield from self._copies(deck, db, source)
        yield from self._starting(deck, db, source)

    def _copies(self, deck: DeckView, db: CardLookup, source: DeckPlace) -> Iterable[Finding]:
        # The limit is on a card *name*: two versions of a card count together.
        by_name: dict[str, list[str]] = {}
        for card_id in deck.cards:
            card = db.by_id(card_id)
            if card is not None:
                by_name.setdefault(card.name, []).append(card_id)
        for name, ids in by_name.items():
            total = sum(deck.cards[i] for i in ids)
            if total > COPIES_MAX:
                spelled = f"'{ids[0]}'" if len(ids) == 1 else f"'{name}' ({', '.join(ids)})"
                yield Finding(
                    "E-DECK-RULE",
                    f"deck '{deck.id}' holds {total} copies of {spelled}; a deck holds at most {COPIES_MAX} "
                    "of the same card name",
                    source.path,
                    source.card_span(ids[-1]),
                )

    def _starting(self, deck: DeckView, db: CardLookup, source: DeckPlace) -> Iterable[Finding]:
        starting = [card_id for card_id in deck.cards if is_starting(card_id, db)]
        for card_id in starting:
            if deck.cards[card_id] > 1:
                yield Finding(
                    "E-DECK-RULE",
                    f"'{card_id}' is a Starting card listed {deck.cards[card_id]} times; Starting cards are unique "
                    "within a deck",
                    source.path,
                    source.card_span(card_id),
                )
        if len(starting) > STARTING_CARDS:
            yield Finding(
                "E-DECK-RULE",
                f"deck '{deck.id}' has {len(starting)} different Starting cards; a deck has exactly "
                f"{STARTING_CARDS}; '{starting[STARTING_CARDS]}' is one more",
                source.path,
                source.card_span(starting[STARTING_CARDS]),
            )
        elif len(starting) < STARTING_CARDS:
            yield Finding(
                "E-DECK-RULE",
                f"deck '{deck.id}' has {len(starting)} different Starting cards; a deck has exactly "
                f"{STARTING_CARDS}" + (f" (it has: {', '.join(starting)})" if starting else ""),
                source.path,
                source.located.key_span(("cards",)),
            )


RULES = ShardsDeckRules()
