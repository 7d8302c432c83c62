"""Handlers of carddb/rules/phrasebook_misc.py's entries, registered in `PHRASEBOOK` (carddb.sim.phrasebook_handlers
imports this module; the shapes of grammar_misc.lark are compiled by carddb.sim.compiled_shapes)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from carddb.rules.ast import Phrase, Selector
from carddb.sim.broad_state import add_resource, mark, put
from carddb.sim.compiled_shapes import All
from carddb.sim.compiler import Compiler, gate_ability
from carddb.sim.core_handlers import static_applies
from carddb.sim.decisions import choose
from carddb.sim.game import ZONE_DECK, ZONE_PLAY, Game
from carddb.sim.handlers import number, selector, text_arg
from carddb.sim.ops import draw
from carddb.sim.phrasebook_effects import keyword_name, stat_deltas
from carddb.sim.phrasebook_handlers import PHRASEBOOK, YOU, per_player
from carddb.sim.program import Ctx, Op, Static
from carddb.sim.selectors import PLAYERS


# -- entries ------------------------------------------------------------------------------------
@PHRASEBOOK("indestructible")
def _indestructible(phrase: Phrase, c: Compiler) -> Static:
    applies = static_applies(c.predicate(selector(phrase, "target")))
    return Static("indestructible", applies, kinds=frozenset({text_arg(phrase, "by") or "any"}), text=phrase.entry)


@PHRASEBOOK("draw-that-many")
def _draw_that_many(phrase: Phrase, c: Compiler) -> Op:
    def act(g: Game, player: int, ctx: Ctx) -> None:
        draw(g, player, len(ctx.last or ()))

    return per_player(c, phrase, act, "help")


@PHRASEBOOK("and-resource")
def _and_resource(phrase: Phrase, c: Compiler) -> Op:
    """`Target player draws two cards and loses 2 life`: the player the first effect names (the same target)."""
    inner = phrase.arg("effect")
    assert isinstance(inner, Phrase)
    before = len(c.targets)
    first = c.effect(inner)
    node = inner.arg("player")
    node = node if isinstance(node, Selector) else YOU
    # The target the first effect chose (its first target among players), not a new one.
    chosen = (t.index for t in c.targets[before:] if t.selector.domain == PLAYERS)
    slot = next(chosen, None) if node.det == "target" else None
    who = c.selectors.compile(node, PLAYERS, ZONE_PLAY, slot, "")
    amount = number(phrase) * (-1 if phrase.arg("lose") is True else 1)
    res = text_arg(phrase, "resource")

    def op(g: Game, ctx: Ctx) -> None:
        first(g, ctx)
        for player in who.resolve(g, ctx):
            add_resource(g, player, res, amount)

    return op


@PHRASEBOOK("rest-back")
def _rest_back(phrase: Phrase, c: Compiler) -> Op:
    """`Put the Actions into your hand and the rest back in any order`."""
    first = c.effect(phrase.arg("effect"))  # type: ignore[arg-type]
    rest = c.selector(selector(phrase, "rest"))

    def op(g: Game, ctx: Ctx) -> None:
        first(g, ctx)
        left = [uid for uid in rest.resolve(g, ctx) if g.place[uid] == ZONE_DECK]
        order: list[int] = []
        while left:  # the controller puts them back one by one, the first chosen on top
            one = choose(g, ctx.controller, "put back", left, "keep") if len(left) > 1 else left[0]
            order.append(one)
            left.remove(one)
        for uid in reversed(order):
            put(g, uid, ZONE_DECK, g.owner[uid])

    return op


@PHRASEBOOK("new-targets")
def _new_targets(phrase: Phrase, c: Compiler) -> Op:
    def op(g: Game, ctx: Ctx) -> None:
        from carddb.sim.stack import choose_targets

        copy = (ctx.notes or {}).get("copy")
        if copy is None or copy not in g.stack:
            return
        fresh = copy.ctx.copy()
        if choose_targets(g, ctx.controller, copy.program, fresh):  # (no legal target: it keeps its own)
            copy.ctx.targets = fresh.targets

    return op


@PHRASEBOOK("gain-stat-and-keyword")
def _gain_stat_and_keyword(phrase: Phrase, c: Compiler) -> Op:
    deltas, name = stat_deltas(c, phrase), f"keyword:{keyword_name(phrase)}"
    what = c.selector(selector(phrase, "target"), hint="help")

    def op(g: Game, ctx: Ctx) -> None:
        for uid in what.resolve(g, ctx):
            if g.place[uid] == ZONE_PLAY:
                for stat, delta in deltas:
                    mark(g, f"stat:{stat}")[uid] += delta
                mark(g, name)[uid] = 1

    return op


@PHRASEBOOK("while-gains")
def _while_gains(phrase: Phrase, c: Compiler) -> Any:
    has = Static(
        "keyword",
        static_applies(c.predicate(selector(phrase, "target"))),
        kinds=frozenset({keyword_name(phrase)}),
        text=phrase.entry,
    )
    found = phrase.arg("conditions")
    return gate_ability(has, All(c.conditions(found if isinstance(found, tuple) else ())))


@PHRASEBOOK("static-for-every")
def _static_for_every(phrase: Phrase, c: Compiler) -> Any:
    """`Worth 1 victory point for every 5 Action cards in your deck`: the count of such cards, divided (rounded down)."""
    inner = c._handle(phrase.arg("static"))  # type: ignore[arg-type]
    node = selector(phrase, "group")
    every = node.count.value if node.count is not None else 1
    group = c.selector(replace(node, count=None, det="all" if node.det == "n" else node.det))

    def scale(g: Game, source: int) -> int:
        return len(group.candidates(g, Ctx(source, g.controller[source]))) // every

    parts = inner if isinstance(inner, list) else [inner]
    made = [Static(p.layer, p.applies, p.amount, p.kinds, p.text, scale) for p in parts if isinstance(p, Static)]
    return made if isinstance(inner, list) else made[0]
