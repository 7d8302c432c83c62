"""Costs that games share: paying the turn's currency, spending ready cards (LOE: Resources), discarding,
marking the card used, putting the card itself into the discard pile.

A cost object answers `can_pay(game, ctx)` and `pay(game, ctx)` (see `carddb.sim.program.CostOp`).
Two summaries let the option lists skip most `can_pay` calls: `pool_cost` (how much of the
turn's currency it takes) and `uses_self` (it marks its own card used); a class that sets
`summarised = True` is fully described by them, so its `can_pay` is never asked when options
are listed (`carddb.sim.plays.offer_abilities`).

The currency is paid through the pack (`Simulator.pay_currency`): most games take it from
`game.pool`, a game whose players make it as they pay (LOE v2 pitches cards) does more.

Spending ready cards: a cost may ask for N of the player's cards in play of a kind and
subtype that are not marked used (LOE: `Spend 1 Influence` fatigues an untapped Influence
Resource). The player's cards are picked for them: those without an activated ability
first (the others are worth more ready), oldest first; a card never spends itself for its
own ability. Option lists count the ready cards once per decision (`ready_by_subtype`).
"""

from __future__ import annotations

from carddb.sim.decisions import choose_many
from carddb.sim.events import emit
from carddb.sim.game import ZONE_DISCARD, ZONE_PLAY, Game
from carddb.sim.ops import discard, leave_play
from carddb.sim.program import Ctx, Event


def in_play_of(game: Game, player: int, kind: str) -> list[int]:
    """`player`'s cards of `kind` in play, in play order (the index's own list: do not change it)."""
    index = game.kinds_cache
    if index is None:
        index = game.in_play_of_kind()
    lists = index.get(kind)
    return lists[player] if lists is not None else []


def ready_of(game: Game, player: int, kind: str, subtype: str, exclude: int = -1) -> list[int]:
    """`player`'s cards of `kind` and `subtype` in play that are not marked used (without `exclude`)."""
    defs, used = game.defs, game.used
    return [
        uid
        for uid in in_play_of(game, player, kind)
        if defs[uid].subtype == subtype and not used[uid] and uid != exclude
    ]


def has_ready(game: Game, player: int, kind: str, subtype: str, amount: int, exclude: int = -1) -> bool:
    """Whether `player` has `amount` such cards (counting stops there)."""
    if amount <= 0:
        return True
    defs, used = game.defs, game.used
    for uid in in_play_of(game, player, kind):
        if not used[uid] and uid != exclude and defs[uid].subtype == subtype:
            amount -= 1
            if amount <= 0:
                return True
    return False


def ready_by_subtype(game: Game, player: int, kind: str) -> dict[str, list[int]]:
    """`player`'s ready cards of `kind` by subtype (what `has_ready` counts, for several costs at once)."""
    defs, used = game.defs, game.used
    found: dict[str, list[int]] = {}
    for uid in in_play_of(game, player, kind):
        if not used[uid]:
            found.setdefault(defs[uid].subtype, []).append(uid)
    return found


def spend_ready(
    game: Game, player: int, kind: str, subtype: str, amount: int, exclude: int = -1, event: str = ""
) -> None:
    """Mark `amount` of `player`'s ready cards of `kind` and `subtype` used, each making `event` (if any)."""
    ready = ready_of(game, player, kind, subtype, exclude)
    # keep the cards whose own ability marks them used (they are worth more ready)
    ready.sort(key=lambda uid: (bool(game.defs[uid].activated), game.since[uid]))
    for uid in ready[:amount]:
        game.used[uid] = True
        if game.log is not None:
            game.trace(f"P{player + 1} spends {game.name(uid)}")
        if event:
            emit(game, Event(event, player, uid))


class SpendReady:
    """`Spend N X`: N ready cards of a kind and subtype the player controls, never the ability's own card.

    `carddb.sim.plays.offer_abilities` tests it on the ready cards counted once per decision."""

    __slots__ = ("amount", "event", "kind", "subtype", "text")

    def __init__(self, amount: int, kind: str, subtype: str, *, event: str = "", text: str = "") -> None:
        self.amount, self.kind, self.subtype, self.event = amount, kind, subtype, event
        self.text = text or f"spend {amount} {subtype}"

    def can_pay(self, game: Game, ctx: Ctx) -> bool:
        return has_ready(game, ctx.controller, self.kind, self.subtype, self.amount, ctx.source)

    def pay(self, game: Game, ctx: Ctx) -> bool:
        spend_ready(game, ctx.controller, self.kind, self.subtype, self.amount, ctx.source, self.event)
        return True


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
