"""Handlers of Shards' own costs and effects (the core's are `carddb.pack_api.CORE`).

Costs: `Pay 2 resources`, `Exhaust this card`, `Sacrifice this card`, `Discard a card`,
`Remove a development counter from this card`. Effects: resources gained and lost,
exhausting and readying, development counters, offence until end of turn, sacrifice,
returning from the graveyard, moving between Territories, another attack.
"""

from __future__ import annotations

from carddb.games.shards.sim import board
from carddb.games.shards.sim.board import ADVANCED, BOOST, DEVELOPMENT, TERRITORY
from carddb.pack_api import (
    ONCE_PER_TURN,
    ZONE_DISCARD,
    ZONE_HAND,
    ZONE_PLAY,
    Action,
    Compiler,
    Ctx,
    DiscardCost,
    Event,
    Game,
    HandlerSet,
    Op,
    Phrase,
    Restriction,
    SacrificeSelf,
    UseSelf,
    act,
    emit,
    for_each,
    number,
    players_of,
    selector,
    text_arg,
)

COSTS = HandlerSet()
EFFECTS = HandlerSet()
FAST = "fast"  # the restriction `Activate at fast speed`


def pick_resource(game: Game, player: int, reason: str) -> str:
    """An advanced resource of the player's choice: the bots are offered the one their hand needs most first."""
    wanted = {kind: 0 for kind in ADVANCED}
    for uid in game.hands[player]:
        for kind, n in game.defs[uid].cost_resources:
            wanted[kind] = wanted.get(kind, 0) + n - board.amount(game, player, kind)
    order = sorted(ADVANCED, key=lambda kind: -wanted[kind])
    options = [Action("pick", index=ADVANCED.index(kind), label=kind) for kind in order]
    return ADVANCED[act(game, player, options, reason).index]


def add_development(game: Game, uid: int, count: int) -> None:
    """Development counters on a card in play; each one is an event (`Whenever ... is developed`)."""
    if game.place[uid] != ZONE_PLAY or count <= 0:
        return
    game.marks[DEVELOPMENT][uid] += count
    if game.log is not None:
        game.trace(f"{game.name(uid)} has {game.marks[DEVELOPMENT][uid]} development counters")
    for _ in range(count):
        emit(game, Event("developed", game.controller[uid], uid))
    board.check_victory(game)


# -- costs ------------------------------------------------------------------------------------


class PayResources:
    summarised = False

    def __init__(self, count: int, resource: str) -> None:
        self.count, self.resource = count, resource
        self.pool_cost = count if resource == "basic" else 0
        self.text = f"pay {count} {resource}"

    def can_pay(self, game: Game, ctx: Ctx) -> bool:
        return board.amount(game, ctx.controller, self.resource) >= self.count

    def pay(self, game: Game, ctx: Ctx) -> bool:
        return board.lose(game, ctx.controller, self.resource, self.count) == self.count


class SpendDevelopment:
    def __init__(self, count: int) -> None:
        self.count = count
        self.text = f"remove {count} development counters"

    def can_pay(self, game: Game, ctx: Ctx) -> bool:
        return game.marks[DEVELOPMENT][ctx.source] >= self.count

    def pay(self, game: Game, ctx: Ctx) -> bool:
        game.marks[DEVELOPMENT][ctx.source] -= self.count
        return True


@COSTS("pay-resources")
def _pay(phrase: Phrase, c: Compiler) -> PayResources:
    return PayResources(number(phrase), text_arg(phrase, "resource"))


@COSTS("exhaust-self")
def _exhaust_self(phrase: Phrase, c: Compiler) -> UseSelf:
    return UseSelf("exhaust this card")


@COSTS("sacrifice-self")
def _sacrifice_self(phrase: Phrase, c: Compiler) -> SacrificeSelf:
    return SacrificeSelf("sacrifice this card")


@COSTS("discard-cost")
def _discard_cost(phrase: Phrase, c: Compiler) -> DiscardCost:
    return DiscardCost(number(phrase))


@COSTS("spend-development")
def _spend_development(phrase: Phrase, c: Compiler) -> SpendDevelopment:
    return SpendDevelopment(number(phrase))


@COSTS("activate-once")
def _once(phrase: Phrase, c: Compiler) -> Restriction:
    return Restriction(ONCE_PER_TURN)


@COSTS("activate-fast")
def _fast(phrase: Phrase, c: Compiler) -> Restriction:
    return Restriction(FAST)


# -- effects ----------------------------------------------------------------------------------


@EFFECTS("gain-resources")
def _gain(phrase: Phrase, c: Compiler) -> Op:
    count, resource = number(phrase), text_arg(phrase, "resource")
    return lambda g, ctx: board.gain(g, ctx.controller, resource, count)


@EFFECTS("gain-advanced")
def _gain_advanced(phrase: Phrase, c: Compiler) -> Op:
    count = number(phrase)

    def op(g: Game, ctx: Ctx) -> None:
        for _ in range(count):
            board.gain(g, ctx.controller, pick_resource(g, ctx.controller, "gain an advanced resource"), 1)

    return op


@EFFECTS("lose-resources")
def _lose(phrase: Phrase, c: Compiler) -> Op:
    who = players_of(c, selector(phrase, "player"), "harm")
    count, resource = number(phrase), text_arg(phrase, "resource")
    return for_each(who, lambda g, player, ctx: board.lose(g, player, resource, count) and None)


@EFFECTS("exhaust")
def _exhaust(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), hint="harm")

    def exhaust(g: Game, uid: int, ctx: Ctx) -> None:
        if g.place[uid] != ZONE_PLAY:  # (`it`: a card that has left play since)
            return
        g.used[uid] = True
        if g.log is not None:
            g.trace(f"{g.name(uid)} is exhausted")

    return for_each(what, exhaust)


@EFFECTS("ready")
def _ready(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), hint="help")

    def ready(g: Game, uid: int, ctx: Ctx) -> None:
        if g.place[uid] == ZONE_PLAY:
            g.used[uid] = False

    return for_each(what, ready)


@EFFECTS("develop")
def _develop(phrase: Phrase, c: Compiler) -> Op:
    count, what = number(phrase), c.selector(selector(phrase, "target"), hint="help")
    return for_each(what, lambda g, uid, ctx: add_development(g, uid, count))


@EFFECTS("undevelop")
def _undevelop(phrase: Phrase, c: Compiler) -> Op:
    count, what = number(phrase), c.selector(selector(phrase, "target"), hint="harm")

    def remove(g: Game, uid: int, ctx: Ctx) -> None:
        if g.place[uid] != ZONE_PLAY:
            return
        counters = g.marks[DEVELOPMENT]
        counters[uid] = max(0, counters[uid] - count)

    return for_each(what, remove)


@EFFECTS("boost-offence")
def _boost(phrase: Phrase, c: Compiler) -> Op:
    count, what = number(phrase), c.selector(selector(phrase, "target"), hint="help")

    def boost(g: Game, uid: int, ctx: Ctx) -> None:
        if g.place[uid] == ZONE_PLAY:
            g.marks[BOOST][uid] += count

    return for_each(what, boost)


@EFFECTS("sacrifice")
def _sacrifice(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), hint="lose")
    return for_each(what, lambda g, uid, ctx: board.put_in_graveyard(g, uid))


@EFFECTS("return-from-graveyard")
def _return(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "card"), zone=ZONE_DISCARD, hint="keep")
    # "your graveyard": the one shared discard list holds every player's graveyard; the owner says whose.
    scan, pred = what.scan, what.pred
    what.scan = lambda g, x, ctx: g.owner[x] == ctx.controller and scan(g, x, ctx)
    what.pred = lambda g, x, ctx: g.owner[x] == ctx.controller and pred(g, x, ctx)

    def take_back(g: Game, uid: int, ctx: Ctx) -> None:
        g.move(uid, ZONE_HAND, ctx.controller)
        if g.log is not None:
            g.trace(f"{g.name(uid)} returns from the graveyard to P{ctx.controller + 1}'s hand")

    return for_each(what, take_back)


@EFFECTS("move")
def _move(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), hint="help")

    def move(g: Game, uid: int, ctx: Ctx) -> None:
        if g.place[uid] != ZONE_PLAY:
            return
        player = g.controller[uid]
        others = [key for key in board.territories(g, player) if key != g.marks[TERRITORY][uid]]
        if not others:
            return
        options = [Action("pick", index=key, label=board.territory_name(g, key)) for key in others]
        g.marks[TERRITORY][uid] = act(g, ctx.controller, options, "move to a Territory").index

    return for_each(what, move)


@EFFECTS("extra-attack")
def _extra_attack(phrase: Phrase, c: Compiler) -> Op:
    def op(g: Game, ctx: Ctx) -> None:
        counters = g.counters[ctx.controller]
        counters["extra-attacks"] = counters.get("extra-attacks", 0) + 1

    return op
