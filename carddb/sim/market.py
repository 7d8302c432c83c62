"""A market: a row of face-up cards in one of the pack's shared zones, oldest first.

Games that lay out a row of cards players trade with share its mechanics (LOE v1's
market, LOE v2's marketplace): filling the row at set-up, swapping a card from a
hand for a card of the row (the card given is the newest), taking a card (the next
card fills its slot), adding the next card (the oldest leaves first when the row is
full), and refreshing (the oldest leaves, the next card joins). What a pack says:

- `size`: the id of the rule number that is the row's length;
- `source`: where the next card comes from (default: the top of the shared deck,
  `ops.take_top`, so the pack's rule for an empty deck applies);
- `retire`: where a card leaving the row goes (default: the discard pile), and
  `retired`, how the log says it;
- the event types it makes, if the game's registry has them: a trade (`trade_event`,
  a player event) and a card entering the row (`entered_event`, a card event).

Paying for a trade and how many trades a turn allows are the pack's rules: it calls
`swap` once it has checked and paid.
"""

from __future__ import annotations

from collections.abc import Callable

from carddb.sim.decisions import choose
from carddb.sim.events import emit
from carddb.sim.game import ZONE_DISCARD, ZONE_HAND, ZONE_SHARED, Game
from carddb.sim.ops import take_top
from carddb.sim.program import Event


def _to_discard(game: Game, uid: int) -> None:
    game.move(uid, ZONE_DISCARD)


class MarketRow:
    """The rules of one row of face-up cards (a pack builds one and keeps it: it holds no game state)."""

    __slots__ = ("entered_event", "index", "name", "retire", "retired", "size", "source", "trade_event", "where")

    def __init__(
        self,
        zone: int,
        size: str,
        *,
        name: str = "market",
        source: Callable[[Game], int] = take_top,
        retire: Callable[[Game, int], None] = _to_discard,
        retired: str = "is discarded",
        trade_event: str = "",
        entered_event: str = "",
    ) -> None:
        self.where = zone  # a shared zone (ZONE_SHARED + its index among the pack's shared zones)
        self.index = zone - ZONE_SHARED
        self.size = size
        self.name = name
        self.source = source
        self.retire = retire
        self.retired = retired
        self.trade_event = trade_event
        self.entered_event = entered_event

    def cards(self, game: Game) -> list[int]:
        """The row, oldest first (the game's own list: do not change it)."""
        return game.shared[self.index]

    def length(self, game: Game) -> int:
        return game.sim.number(self.size)

    def fill(self, game: Game) -> None:
        """Set-up: reveal cards until the row is full (or nothing is left)."""
        row = self.cards(game)
        while len(row) < self.length(game):
            uid = self.source(game)
            if uid < 0:
                return
            game.move(uid, self.where)

    def add(self, game: Game) -> bool:
        """The next card joins the row (the oldest leaves first if it is full); False if there is none."""
        uid = self.source(game)
        if uid < 0:
            return False
        row = self.cards(game)
        while len(row) >= self.length(game):
            self.retire(game, row[0])
        game.move(uid, self.where)
        if self.entered_event:
            emit(game, Event(self.entered_event, game.active, uid))
        return True

    def refresh(self, game: Game) -> None:
        """The oldest card leaves the row and the next card joins it."""
        row = self.cards(game)
        if row:
            oldest = row[0]
            self.retire(game, oldest)
            if game.log is not None:
                game.trace(f"the {self.name} refreshes: {game.name(oldest)} {self.retired}")
        self.add(game)

    def take(self, game: Game, player: int, uid: int) -> None:
        """`player` takes a card of the row into their hand; the next card fills its slot."""
        game.move(uid, ZONE_HAND, player)
        if game.log is not None:
            game.trace(f"P{player + 1} takes {game.name(uid)} from the {self.name}")
        self.add(game)

    def swap(self, game: Game, player: int) -> bool:
        """`player` swaps a card of their hand for a card of the row, both chosen by them; False if either is empty.

        The card given becomes the newest of the row."""
        row = self.cards(game)
        if not row or not game.hands[player]:
            return False
        taken = choose(game, player, f"take from the {self.name}", list(row), "keep")
        given = choose(game, player, f"give to the {self.name}", list(game.hands[player]), "lose")
        game.move(taken, ZONE_HAND, player)
        game.move(given, self.where)
        if game.log is not None:
            game.trace(f"P{player + 1} trades {game.name(given)} for {game.name(taken)}")
        if self.trade_event:
            emit(game, Event(self.trade_event, player))
        if self.entered_event:
            emit(game, Event(self.entered_event, player, given))
        return True
