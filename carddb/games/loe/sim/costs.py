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
    Game,
    HandlerSet,
    Phrase,
    PoolCost,
    SpendReady,
    UseSelf,
    choose,
    destroy,
    has_ready,
    number,
    selector,
    spend_ready,
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


def can_spend(game: Game, player: int, needs: tuple[tuple[str, int], ...], exclude: int = -1) -> bool:
    return all(has_ready(game, player, "resource", resource, amount, exclude) for resource, amount in needs)


def spend(game: Game, player: int, resource: str, amount: int, exclude: int = -1) -> None:
    spend_ready(game, player, "resource", resource, amount, exclude, "spends")


def can_afford(game: Game, player: int, powerstones: int, needs: tuple[tuple[str, int], ...]) -> bool:
    return game.pool[player] >= powerstones and can_spend(game, player, needs)


def pay(game: Game, player: int, powerstones: int, needs: tuple[tuple[str, int], ...]) -> None:
    game.pool[player] -= powerstones
    for resource, amount in needs:
        spend(game, player, resource, amount)


# -- costs of activated abilities (paying powerstones, spending, discarding and fatiguing are the kit's) -----


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
def _spend_resource(phrase: Phrase, c: Compiler) -> SpendReady:
    resource = text_arg(phrase, "resource")
    return SpendReady(number(phrase), "resource", resource, event="spends", text=f"spend {number(phrase)} {resource}")


@COSTS("discard-cost")
def _discard_cost(phrase: Phrase, c: Compiler) -> DiscardCost:
    return DiscardCost(number(phrase))


@COSTS("sacrifice")
def _sacrifice(phrase: Phrase, c: Compiler) -> Sacrifice:
    return Sacrifice(c.selector(selector(phrase, "target"), hint="lose"))


@COSTS("fatigue-self")
def _fatigue_self(phrase: Phrase, c: Compiler) -> UseSelf:
    return UseSelf("fatigue this card")
