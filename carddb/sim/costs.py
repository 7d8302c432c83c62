"""Costs of activated abilities that games share: paying the turn's currency, discarding, marking the card
used, putting the card itself into the discard pile.

A cost object answers `can_pay(game, ctx)` and `pay(game, ctx)` (see `carddb.sim.program.CostOp`).
Two summaries let the option lists skip most `can_pay` calls: `pool_cost` (how much of the
turn's currency it takes) and `uses_self` (it marks its own card used); a class that sets
`summarised = True` is fully described by them, so its `can_pay` is never asked when options
are listed (`carddb.sim.plays.offer_abilities`).

The currency is paid through the pack (`Simulator.pay_currency`): most games take it from
`game.pool`, a game whose players make it as they pay (LOE v2 pitches cards) does more.
"""

from __future__ import annotations

from carddb.sim.decisions import choose_many
from carddb.sim.game import ZONE_DISCARD, ZONE_PLAY, Game
from carddb.sim.ops import discard, leave_play
from carddb.sim.program import Ctx


class PoolCost:
    """`Pay N ...`: N of the turn's currency (LOE: powerstones; LOE v2: mana)."""

    __slots__ = ("amount", "pool_cost", "text")
    summarised = True  # can_pay is the ability's `pool_cost` test

    def __init__(self, amount: int, text: str = "") -> None:
        self.amount = amount
        self.pool_cost = amount
        self.text = text or f"pay {amount}"

    def can_pay(self, game: Game, ctx: Ctx) -> bool:
        return game.sim.currency_available(game, ctx.controller) >= self.amount

    def pay(self, game: Game, ctx: Ctx) -> bool:
        game.sim.pay_currency(game, ctx.controller, self.amount)
        return True


class DiscardCost:
    """`Discard N cards`: chosen by the player from their hand."""

    __slots__ = ("amount", "text")

    def __init__(self, amount: int) -> None:
        self.amount = amount
        self.text = f"discard {amount}"

    def can_pay(self, game: Game, ctx: Ctx) -> bool:
        return len(game.hands[ctx.controller]) >= self.amount

    def pay(self, game: Game, ctx: Ctx) -> bool:
        hand = list(game.hands[ctx.controller])
        for uid in choose_many(game, ctx.controller, "discard to pay a cost", hand, self.amount, "lose"):
            discard(game, uid)
        return True


class UseSelf:
    """Mark this card used (LOE: fatigue it; LOE v2: tap it): it cannot pay this cost again until it is ready."""

    __slots__ = ("text",)
    uses_self = True
    summarised = True  # can_pay is the ability's `uses_self` test

    def __init__(self, text: str) -> None:
        self.text = text

    def can_pay(self, game: Game, ctx: Ctx) -> bool:
        return not game.used[ctx.source]

    def pay(self, game: Game, ctx: Ctx) -> bool:
        game.used[ctx.source] = True
        return True


class SacrificeSelf:
    """Put this card from play into the discard pile as a cost (it is not destroyed: nothing hears a destruction)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def can_pay(self, game: Game, ctx: Ctx) -> bool:
        return game.place[ctx.source] == ZONE_PLAY

    def pay(self, game: Game, ctx: Ctx) -> bool:
        if game.place[ctx.source] != ZONE_PLAY:
            return False
        if game.log is not None:
            game.trace(f"{game.name(ctx.source)} is sacrificed")
        leave_play(game, ctx.source, ZONE_DISCARD)
        return True
