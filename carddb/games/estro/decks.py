"""Deck-building rules of ESTRO, from seed 002's "Initial setup".

Each player chooses 20 cards; 5 more are drawn at random from the pool, never a
card the player chose; a deck never holds two identical cards. A deck list of
kind `chosen` is the player's 20; `carddb deck deal` (and `carddb build`'s play
samples) deal its random 5 with the booster type `random-five`, and a list of
kind `deck` is a whole 25-card deck (a dealt one, or 25 random cards).
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from carddb.games.estro.numbers import NUMBERS
from carddb.pack_api import CardLookup, DeckFormat, DeckPlace, DeckView, Finding, Span

_NUMBER = {n.id: n.value for n in NUMBERS}
CHOSEN = _NUMBER["deck-chosen"]
RANDOM = _NUMBER["deck-random"]
DECK = _NUMBER["deck-size"]
COPIES = _NUMBER["copies-per-deck"]


class EstroDeckRules:
    list_kinds = MappingProxyType(
        {
            "chosen": "the {number:deck-chosen} cards a player chooses; {number:deck-random} more are drawn at random "
            "to complete the deck",
            "deck": "a whole deck of {number:deck-size} cards: {number:deck-chosen} chosen and {number:deck-random} "
            "random, or {number:deck-size} random cards",
        }
    )
    # Seed 002 assumes both players own all the cards, so every list is built from the collection:
    # the pool's one printed copy is no limit, and the deck's own rule reports a repeated card once.
    formats: MappingProxyType[str, DeckFormat] = MappingProxyType({"chosen": "collection", "deck": "collection"})
    # list kind -> the booster type that deals the rest of such a list, never repeating its cards
    completed_by = MappingProxyType({"chosen": "random-five"})

    def check(self, deck: DeckView, db: CardLookup, source: DeckPlace) -> Iterable[Finding]:
        size = CHOSEN if deck.kind == "chosen" else DECK
        if deck.size != size:
            what = "chosen cards; a player chooses exactly" if deck.kind == "chosen" else "cards; a deck has exactly"
            yield Finding(
                "E-DECK-RULE",
                f"deck '{deck.id}' has {deck.size} {what} {size}",
                source.path,
                source.span("cards"),
                hint=f"{CHOSEN} chosen + {RANDOM} drawn at random = {DECK} cards"
                if deck.kind == "chosen"
                else f"a dealt deck is {CHOSEN} chosen + {RANDOM} random cards",
            )
        for card_id, count in deck.cards.items():
            if count > COPIES:
                yield Finding(
                    "E-DECK-RULE",
                    f"'{card_id}' is in deck '{deck.id}' {count} times; a deck cannot hold two identical cards",
                    source.path,
                    _repeat_span(source, card_id),
                )


def _repeat_span(source: DeckPlace, card_id: str) -> Span:
    """Where the card is listed the second time (a list of ids), or its count (a mapping)."""
    items = source.located.value.get("cards") if isinstance(source.located.value, dict) else None
    if isinstance(items, list):
        places = [index for index, item in enumerate(items) if item == card_id]
        if len(places) > 1:
            return source.located.value_span(("cards", places[1]))
    if isinstance(items, dict):
        return source.located.value_span(("cards", card_id))
    return source.card_span(card_id)


RULES = EstroDeckRules()
