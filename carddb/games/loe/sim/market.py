"""The market: a row of face-up cards, oldest first; trading, refreshing, taking and adding.

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
from carddb.pack_api import ZONE_DISCARD, ZONE_HAND, Event, Game, choose, emit, take_top


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
    row = market(game)
    if not row or not game.hands[player]:
        return False
    if paid:
        cost = trade_cost(game)
        if game.pool[player] < cost:
            return False
        game.pool[player] -= cost
    taken = choose(game, player, "take from the market", list(row), "keep")
    given = choose(game, player, "give to the market", list(game.hands[player]), "lose")
    game.move(taken, ZONE_HAND, player)
    game.move(given, MARKET)
    if game.log is not None:
        game.trace(f"P{player + 1} trades {game.name(given)} for {game.name(taken)}")
    emit(game, Event("trades", player))
    emit(game, Event("enters-market", player, given))
    return True


def add_top(game: Game) -> bool:
    """The top card of the deck joins the market (the oldest leaves if the market is full)."""
    uid = take_top(game)
    if uid < 0:
        return False
    row = market(game)
    while len(row) >= market_size(game):
        game.move(row[0], ZONE_DISCARD)
    game.move(uid, MARKET)
    emit(game, Event("enters-market", game.active, uid))
    return True


def refresh(game: Game) -> None:
    row = market(game)
    if row:
        oldest = row[0]
        game.move(oldest, ZONE_DISCARD)
        if game.log is not None:
            game.trace(f"the market refreshes: {game.name(oldest)} is discarded")
    add_top(game)


def take(game: Game, player: int, uid: int) -> None:
    game.move(uid, ZONE_HAND, player)
    if game.log is not None:
        game.trace(f"P{player + 1} takes {game.name(uid)} from the market")
    add_top(game)


def fill(game: Game) -> None:
    """Set-up: reveal cards until the market is full."""
    while len(market(game)) < market_size(game) and game.deck:
        game.move(game.deck[-1], MARKET)
