"""The marketplace: the kit's row of face-up cards (`MarketRow`), fed by the shared resource deck.

- Set-up: the resource deck (`marketplace-size` cards, shuffled) is laid down and its top
  `marketplace-face-up` cards are turned face up, in the order revealed.
- Trading (`marketplace-trades-per-turn` times in your main phase, and each `Trade with the
  marketplace` effect on its own): swap a card of your hand for any marketplace card; the
  card given is the newest. It costs nothing.
- Refreshing, at the start of every round from the second on: the oldest card leaves, the
  others shift, and the top card of the resource deck joins on the right.
- A card that leaves the marketplace is shuffled back into the resource deck (so the deck
  never runs out, and a card traded in from a hand can come back out of it); nobody knows
  where it is then.
"""

from __future__ import annotations

from carddb.games.loe2.sim.board import MARKETPLACE, MARKETPLACE_INDEX, RESOURCE_DECK, RESOURCE_INDEX
from carddb.pack_api import Game, MarketRow


def _resource_top(game: Game) -> int:
    deck = game.shared[RESOURCE_INDEX]
    return deck[-1] if deck else -1


def _shuffle_back(game: Game, uid: int) -> None:
    game.move(uid, RESOURCE_DECK)
    deck = game.shared[RESOURCE_INDEX]
    game.rng.shuffle(deck)
    for known in game.known:  # nobody knows where a card is in a shuffled deck
        known.difference_update(deck)


ROW = MarketRow(
    MARKETPLACE,
    "marketplace-face-up",
    name="marketplace",
    source=_resource_top,
    retire=_shuffle_back,
    retired="is shuffled into the resource deck",
)


def marketplace(game: Game) -> list[int]:
    return game.shared[MARKETPLACE_INDEX]


def resource_deck(game: Game) -> list[int]:
    return game.shared[RESOURCE_INDEX]


def can_trade(game: Game, player: int) -> bool:
    return bool(game.shared[MARKETPLACE_INDEX]) and bool(game.hands[player])


def trade(game: Game, player: int) -> bool:
    return ROW.swap(game, player)


fill = ROW.fill
refresh = ROW.refresh
