"""Handlers for LOE's own effects: powerstones, Dukes, fatigue, the market, Items, Victory attempts, winning."""

from __future__ import annotations

from carddb.games.loe.sim import market, victory
from carddb.games.loe.sim.board import MARKET, gain, victory_card
from carddb.pack_api import (
    ZONE_PLAY,
    Compiler,
    Cond,
    Ctx,
    Event,
    Game,
    HandlerSet,
    Op,
    Phrase,
    Sel,
    emit,
    end_game,
    flag,
    for_each,
    look,
    number,
    players_of,
    reveal,
    selector,
)

EFFECTS = HandlerSet()


@EFFECTS("gain-powerstones")
def _gain(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase)

    def op(g: Game, ctx: Ctx) -> None:
        gain(g, ctx.controller, amount)
        if g.log is not None:
            g.trace(f"P{ctx.controller + 1} gains {amount} powerstones ({g.pool[ctx.controller]})")

    return op


@EFFECTS("lose-powerstones")
def _lose(phrase: Phrase, c: Compiler) -> Op:
    who, amount = players_of(c, selector(phrase, "player"), "harm"), number(phrase)

    def lose(g: Game, player: int, ctx: Ctx) -> None:
        g.pool[player] = max(0, g.pool[player] - amount)
        if g.log is not None:
            g.trace(f"P{player + 1} loses {amount} powerstones ({g.pool[player]})")

    return for_each(who, lose)


@EFFECTS("activate-duke-free")
def _activate_free(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), hint="help")
    return for_each(what, lambda g, uid, ctx: victory.activate(g, g.controller[uid], uid, free=True))


@EFFECTS("look-at-victory")
def _look_at_victory(phrase: Phrase, c: Compiler) -> Op:
    whose = players_of(c, selector(phrase, "player"), "harm")

    def look_at(g: Game, player: int, ctx: Ctx) -> None:
        uid = victory_card(g, player)
        if uid >= 0:
            look(g, ctx.controller, [uid])

    return for_each(whose, look_at)


@EFFECTS("reveal")
def _reveal(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), hint="harm")
    return lambda g, ctx: reveal(g, what.resolve(g, ctx))


@EFFECTS("turn-face-down")
def _turn_face_down(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), hint="harm")

    def turn(g: Game, uid: int, ctx: Ctx) -> None:
        if g.place[uid] == ZONE_PLAY and not g.face_down[uid]:
            g.flip(uid, True)
            if g.log is not None:
                g.trace(f"{g.name(uid)} is turned face down")

    return for_each(what, turn)


@EFFECTS("spend-target")
def _spend_target(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), hint="harm")

    def spend(g: Game, uid: int, ctx: Ctx) -> None:
        if not g.used[uid]:
            g.used[uid] = True
            emit(g, Event("spends", ctx.controller, uid))

    return for_each(what, spend)


@EFFECTS("remove-fatigue", "ready")
def _ready(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), hint="help")

    def ready(g: Game, uid: int, ctx: Ctx) -> None:
        g.used[uid] = False

    return for_each(what, ready)


@EFFECTS("trade")
def _trade(phrase: Phrase, c: Compiler) -> Op:
    free = flag(phrase, "free")

    def op(g: Game, ctx: Ctx) -> None:
        market.trade(g, ctx.controller, paid=not free)

    return op


@EFFECTS("refresh-market")
def _refresh(phrase: Phrase, c: Compiler) -> Op:
    return lambda g, ctx: market.refresh(g)


@EFFECTS("take-from-market")
def _take(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), zone=MARKET, hint="keep")
    return for_each(what, lambda g, uid, ctx: market.take(g, ctx.controller, uid))


@EFFECTS("deck-to-market")
def _deck_to_market(phrase: Phrase, c: Compiler) -> Op:
    def op(g: Game, ctx: Ctx) -> None:
        market.add_top(g)

    return op


def couple(g: Game, item: int, character: int) -> None:
    """Attach an Item in play to a character in play; the Item is controlled by the character's controller."""
    owner = g.controller[character]
    if g.controller[item] != owner:
        g.move(item, ZONE_PLAY, owner)  # a change of control keeps it in play
    g.attached[item] = character
    if g.log is not None:
        g.trace(f"{g.name(item)} is coupled to {g.name(character)}")
    emit(g, Event("is-coupled", owner, item))


def _items_and_characters(phrase: Phrase, c: Compiler) -> tuple[Sel, Sel]:
    return c.selector(selector(phrase, "item"), hint="help"), c.selector(selector(phrase, "target"), hint="help")


@EFFECTS("couple", "move-item")
def _couple(phrase: Phrase, c: Compiler) -> Op:
    items, characters = _items_and_characters(phrase, c)

    def op(g: Game, ctx: Ctx) -> None:
        found = items.resolve(g, ctx)
        onto = characters.resolve(g, ctx)
        if found and onto and g.place[found[0]] == ZONE_PLAY and g.attached[found[0]] != onto[0]:
            couple(g, found[0], onto[0])

    return op


@EFFECTS("attempt-victory-free")
def _attempt_free(phrase: Phrase, c: Compiler) -> Op:
    def op(g: Game, ctx: Ctx) -> None:
        victory.attempt(g, ctx.controller, free=True)

    return op


@EFFECTS("next-victory-discount")
def _next_discount(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase)

    def op(g: Game, ctx: Ctx) -> None:
        counters = g.counters[ctx.controller]
        counters["victory-next"] = counters.get("victory-next", 0) + amount

    return op


@EFFECTS("extra-resource")
def _extra_resource(phrase: Phrase, c: Compiler) -> Op:
    def op(g: Game, ctx: Ctx) -> None:
        counters = g.counters[ctx.controller]
        counters["resource-extra"] = counters.get("resource-extra", 0) + 1

    return op


class Win:
    """`Win if CONDITIONS`: ends the game when every condition holds; bots read `conditions` for progress."""

    __slots__ = ("conditions",)

    def __init__(self, conditions: tuple[Cond, ...]) -> None:
        self.conditions = conditions

    def __call__(self, g: Game, ctx: Ctx) -> None:
        if all(cond.test(g, ctx) for cond in self.conditions):
            end_game(g, ctx.controller, "victory")

    def progress(self, g: Game, ctx: Ctx) -> float:
        scores = [cond.progress(g, ctx) for cond in self.conditions]
        return sum(scores) / len(scores) if scores else 0.0


@EFFECTS("win")
def _win(phrase: Phrase, c: Compiler) -> Win:
    conditions = phrase.arg("conditions")
    assert isinstance(conditions, tuple)
    return Win(c.conditions(conditions))
