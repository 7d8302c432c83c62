"""Paying in LOE: powerstones, spending (fatiguing) Resources, and the costs of activated abilities.

A card's powerstone cost is its printed cost changed by every active cost static
(`Spells cost 1 more powerstone to play`, `... your opponents play ...`), never
below 0. Spending picks untapped Resources of the named subtype automatically,
keeping back those with an ability that fatigues the card itself; a card never
spends itself for its own ability (Star-Iron Vein fatigues itself and spends two
other Materials).
"""

from __future__ import annotations

from carddb.pack_api import (
    Compiler,
    Ctx,
    DiscardCost,
    Event,
    Game,
    HandlerSet,
    Phrase,
    PoolCost,
    UseSelf,
    choose,
    destroy,
    emit,
    number,
    selector,
    text_arg,
)

COSTS = HandlerSet()


def play_cost(game: Game, player: int, uid: int) -> int:
    """The powerstones `player` pays to play `uid` now."""
    cost = game.defs[uid].cost
    for source, static in game.statics("cost"):
        if static.applies(game, source, uid):
            cost += static.amount
    for source, static in game.statics("cost-opponents"):
        if game.controller[source] != player and static.applies(game, source, uid):
            cost += static.amount
    return max(0, cost)


def resources_in_play(game: Game, player: int) -> list[int]:
    """`player`'s Resources in play, in play order (from the index of cards in play by kind)."""
    index = game.kinds_cache
    if index is None:
        index = game.in_play_of_kind()
    lists = index.get("resource")
    return lists[player] if lists is not None else []


def spendable(game: Game, player: int, resource: str, exclude: int = -1) -> list[int]:
    defs, fatigued = game.defs, game.used
    return [
        uid
        for uid in resources_in_play(game, player)
        if defs[uid].subtype == resource and not fatigued[uid] and uid != exclude
    ]


def has_spendable(game: Game, player: int, resource: str, amount: int, exclude: int = -1) -> bool:
    """Whether `player` has `amount` untapped Resources of the subtype (counting stops there)."""
    if amount <= 0:
        return True
    defs, fatigued = game.defs, game.used
    for uid in resources_in_play(game, player):
        if not fatigued[uid] and uid != exclude and defs[uid].subtype == resource:
            amount -= 1
            if amount <= 0:
                return True
    return False


def ready_resources(game: Game, player: int) -> dict[str, list[int]]:
    """`player`'s untapped Resources by subtype (what `has_spendable` counts, for several costs at once)."""
    defs, fatigued = game.defs, game.used
    found: dict[str, list[int]] = {}
    for uid in resources_in_play(game, player):
        if not fatigued[uid]:
            found.setdefault(defs[uid].subtype, []).append(uid)
    return found


def can_spend(game: Game, player: int, needs: tuple[tuple[str, int], ...], exclude: int = -1) -> bool:
    return all(has_spendable(game, player, resource, amount, exclude) for resource, amount in needs)


def spend(game: Game, player: int, resource: str, amount: int, exclude: int = -1) -> None:
    ready = spendable(game, player, resource, exclude)
    # keep the Resources whose own ability fatigues them (they are worth more untapped)
    ready.sort(key=lambda uid: (bool(game.defs[uid].activated), game.since[uid]))
    for uid in ready[:amount]:
        game.used[uid] = True
        if game.log is not None:
            game.trace(f"P{player + 1} spends {game.name(uid)}")
        emit(game, Event("spends", player, uid))


def can_afford(game: Game, player: int, powerstones: int, needs: tuple[tuple[str, int], ...]) -> bool:
    return game.pool[player] >= powerstones and can_spend(game, player, needs)


def pay(game: Game, player: int, powerstones: int, needs: tuple[tuple[str, int], ...]) -> None:
    game.pool[player] -= powerstones
    for resource, amount in needs:
        spend(game, player, resource, amount)


# -- costs of activated abilities (paying powerstones, discarding and fatiguing are the kit's) ---------


class SpendResource:
    __slots__ = ("amount", "resource", "text")

    def __init__(self, amount: int, resource: str) -> None:
        self.amount, self.resource = amount, resource
        self.text = f"spend {amount} {resource}"

    def can_pay(self, game: Game, ctx: Ctx) -> bool:
        return has_spendable(game, ctx.controller, self.resource, self.amount, ctx.source)

    def pay(self, game: Game, ctx: Ctx) -> bool:
        spend(game, ctx.controller, self.resource, self.amount, ctx.source)
        return True


class Sacrifice:
    __slots__ = ("sel", "text")

    def __init__(self, sel: object) -> None:
        self.sel = sel
        self.text = "destroy a card you control"

    def can_pay(self, game: Game, ctx: Ctx) -> bool:
        return bool(self.sel.candidates(game, ctx))  # type: ignore[attr-defined]

    def pay(self, game: Game, ctx: Ctx) -> bool:
        options = self.sel.candidates(game, ctx)  # type: ignore[attr-defined]
        if not options:
            return False
        destroy(game, choose(game, ctx.controller, "destroy to pay a cost", options, "lose"))
        return True


@COSTS("pay-powerstones")
def _pay_powerstones(phrase: Phrase, c: Compiler) -> PoolCost:
    return PoolCost(number(phrase))


@COSTS("spend-resource")
def _spend_resource(phrase: Phrase, c: Compiler) -> SpendResource:
    return SpendResource(number(phrase), text_arg(phrase, "resource"))


@COSTS("discard-cost")
def _discard_cost(phrase: Phrase, c: Compiler) -> DiscardCost:
    return DiscardCost(number(phrase))


@COSTS("sacrifice")
def _sacrifice(phrase: Phrase, c: Compiler) -> Sacrifice:
    return Sacrifice(c.selector(selector(phrase, "target"), hint="lose"))


@COSTS("fatigue-self")
def _fatigue_self(phrase: Phrase, c: Compiler) -> UseSelf:
    return UseSelf("fatigue this card")
