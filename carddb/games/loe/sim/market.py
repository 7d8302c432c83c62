"""LOE's market: the kit's row of face-up cards (`MarketRow`), with LOE's price and events.

- Set-up reveals `market-size` cards from the deck.
- A trade: take one market card into your hand, put one card from your hand in its
  place; the card given is the newest. The rules action costs `market-trade-cost`
  powerstones (a `trade-cost` static changes it) and may be taken
  `market-trades-per-turn` times per turn; a card's `Trade with the market` effect
  is a trade of its own, not limited by (nor counted against) that.
- A refresh (end of every turn, or an effect): the oldest card goes to the discard
  pile and the top card of the deck is added.
- Taking a card (`Put target card from the market into your hand`): the top card of
  the deck fills its slot.
- Adding the top card of the deck when the market is full: the oldest card goes to
  the discard pile first, so the market never holds more than `market-size` cards
  (the design: "the market always has five cards").
"""

from __future__ import annotations

from carddb.games.loe.sim.board import MARKET
from carddb.pack_api import Game, MarketRow

ROW = MarketRow(MARKET, "market-size", trade_event="trades", entered_event="enters-market")


def market(game: Game) -> list[int]:
    return game.shared[0]


def market_size(game: Game) -> int:
    return game.sim.number("market-size")


def trade_cost(game: Game) -> int:
    found = (game.statics_cache or game.static_layers()).get("trade-cost")  # (`statics`, without the call)
    if found:
        return max(0, found[-1][1].amount)  # the newest static wins
    return game.sim.market_trade_cost  # type: ignore[attr-defined,no-any-return]


def can_trade(game: Game, player: int) -> bool:
    return bool(game.shared[0]) and bool(game.hands[player]) and game.pool[player] >= trade_cost(game)


def trade(game: Game, player: int, *, paid: bool) -> bool:
    """Swap a hand card for a market card; False if it cannot be done (nothing to swap, cannot pay)."""
    if not market(game) or not game.hands[player]:
        return False
    if paid:
        cost = trade_cost(game)
        if game.pool[player] < cost:
            return False
        game.pool[player] -= cost
    return ROW.swap(game, player)


add_top = ROW.add
refresh = ROW.refresh
take = ROW.take
fill = ROW.fill
