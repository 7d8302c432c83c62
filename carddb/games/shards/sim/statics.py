"""Handlers of Shards' statics, events, conditions, keywords and condition keywords."""

from __future__ import annotations

from collections.abc import Callable

from carddb.games.shards.sim import board
from carddb.games.shards.sim.board import ADVANCED, DEVELOPMENT
from carddb.pack_api import (
    Compiler,
    Condition,
    Ctx,
    EventMatch,
    Game,
    HandlerSet,
    Keyword,
    Phrase,
    Static,
    Words,
    card_event,
    closeness,
    compare,
    event_match,
    kinds_of,
    number,
    player_event,
    quantity,
    selector,
    text_arg,
)

STATICS = HandlerSet()
EVENTS_AND_CONDITIONS = HandlerSet()
KEYWORDS = HandlerSet()


def _applies(c: Compiler, phrase: Phrase, name: str = "target") -> Callable[[Game, int, int], bool]:
    """A selector's predicate as a static's test, `you` being the static card's controller."""
    pred = c.predicate(selector(phrase, name))
    scratch = Ctx(-1, -1)

    def applies(g: Game, source: int, x: int) -> bool:
        scratch.source, scratch.controller, scratch.last = source, g.controller[source], None
        return pred(g, x, scratch)

    return applies


def _controller_is_yours(g: Game, source: int, player: int) -> bool:
    return g.controller[source] == player


# -- statics ------------------------------------------------------------------------------------


@STATICS("can-develop")
def _can_develop(phrase: Phrase, c: Compiler) -> Keyword:
    return Keyword("can-develop")


@STATICS("offence-bonus")
def _offence(phrase: Phrase, c: Compiler) -> Static:
    return Static("offence", _applies(c, phrase), number(phrase), text=phrase.entry)


@STATICS("defence-bonus")
def _defence(phrase: Phrase, c: Compiler) -> Static:
    # A Building's defence is the health the engine counts damage against.
    applies = _applies(c, phrase)
    return Static(
        "health", lambda g, s, x: g.defs[x].kind == "building" and applies(g, s, x), number(phrase), text=phrase.entry
    )


@STATICS("cost-reduction")
def _cost(phrase: Phrase, c: Compiler) -> Static:
    kinds = kinds_of(c, selector(phrase, "group"))
    return Static(
        "cost",
        lambda g, s, uid: g.defs[uid].kind in kinds and g.controller[uid] == g.controller[s],
        number(phrase),
        kinds,
        phrase.entry,
    )


@STATICS("cannot-attack")
def _cannot_attack(phrase: Phrase, c: Compiler) -> Static:
    return Static("cannot-attack", _applies(c, phrase), text=phrase.entry)


@STATICS("extra-scrap")
def _extra_scrap(phrase: Phrase, c: Compiler) -> Static:
    return Static("scrap-extra", _controller_is_yours, number(phrase), text=phrase.entry)


@STATICS("trade-discount")
def _trade(phrase: Phrase, c: Compiler) -> Static:
    return Static("trade-discount", _controller_is_yours, number(phrase), text=phrase.entry)


# -- events -------------------------------------------------------------------------------------

EVENTS_AND_CONDITIONS("attacks", "defends", "developed")(card_event)


@EVENTS_AND_CONDITIONS("scraps")
def _scraps(phrase: Phrase, c: Compiler) -> EventMatch:
    who, what = c.predicate(selector(phrase, "player")), c.predicate(selector(phrase, "card"))
    return event_match("scraps", lambda g, ev, ctx: who(g, ev.player, ctx) and what(g, ev.subject, ctx), phrase.entry)


@EVENTS_AND_CONDITIONS("territory-attacked")
def _territory_attacked(phrase: Phrase, c: Compiler) -> EventMatch:
    """`{player} attacks a Territory you control`: the event's player attacks, its `amount` is the defender."""
    who = player_event(phrase, c)
    return event_match(
        "territory-attacked",
        lambda g, ev, ctx: ev.amount == ctx.controller and who.match(g, ev, ctx),
        phrase.entry,
    )


# -- conditions -----------------------------------------------------------------------------------


@EVENTS_AND_CONDITIONS("development-at")
def _development_at(phrase: Phrase, c: Compiler) -> Condition:
    wanted, more = number(phrase), text_arg(phrase, "comparison") != "less"

    def test(g: Game, ctx: Ctx) -> bool:
        level = board.development(g, ctx.controller)
        return level >= wanted if more else level <= wanted

    def progress(g: Game, ctx: Ctx) -> float:
        return 1.0 if test(g, ctx) else (board.development(g, ctx.controller) / wanted if more and wanted else 0.0)

    return Condition(test, progress)


@EVENTS_AND_CONDITIONS("controls-advanced")
def _controls_advanced(phrase: Phrase, c: Compiler) -> Condition:
    from carddb.pack_api import players_of

    who, wanted, resource = players_of(c, selector(phrase, "player")), quantity(phrase), text_arg(phrase, "resource")

    def test(g: Game, ctx: Ctx) -> bool:
        return all(compare(board.amount(g, p, resource), wanted) for p in who.resolve(g, ctx))

    def progress(g: Game, ctx: Ctx) -> float:
        return min((closeness(board.amount(g, p, resource), wanted) for p in who.resolve(g, ctx)), default=0.0)

    return Condition(test, progress)


@EVENTS_AND_CONDITIONS("affinity")
def _affinity(phrase: Phrase, c: Compiler) -> Condition:
    words = phrase.arg("resources")
    items = words.items if isinstance(words, Words) else ()
    needed = {kind: items.count(kind) for kind in ADVANCED if kind in items}

    def test(g: Game, ctx: Ctx) -> bool:
        counters = g.counters[ctx.controller]
        return all(counters.get(kind, 0) >= n for kind, n in needed.items())

    def progress(g: Game, ctx: Ctx) -> float:
        counters = g.counters[ctx.controller]
        have = sum(min(counters.get(kind, 0), n) for kind, n in needed.items())
        return have / max(1, sum(needed.values()))

    return Condition(test, progress)


@EVENTS_AND_CONDITIONS("no-affinity")
def _no_affinity(phrase: Phrase, c: Compiler) -> Condition:
    return Condition(lambda g, ctx: board.advanced_total(g, ctx.controller) == 0)


@EVENTS_AND_CONDITIONS("raiding")
def _raiding(phrase: Phrase, c: Compiler) -> Condition:
    def test(g: Game, ctx: Ctx) -> bool:
        mine = len(board.buildings(g, ctx.controller))
        return any(len(board.buildings(g, p)) > mine for p in range(g.n) if p != ctx.controller)

    return Condition(test)


@EVENTS_AND_CONDITIONS("upgraded")
def _upgraded(phrase: Phrase, c: Compiler) -> Condition:
    wanted = number(phrase)
    return Condition(
        lambda g, ctx: ctx.source >= 0 and g.marks[DEVELOPMENT][ctx.source] >= wanted,
        lambda g, ctx: min(1.0, g.marks[DEVELOPMENT][ctx.source] / wanted) if ctx.source >= 0 and wanted else 0.0,
    )


# -- keywords -----------------------------------------------------------------------------------


@KEYWORDS(
    "blitz",
    "damage-reduction",
    "hit-and-run",
    "overwhelm",
    "pillage",
    "vigilant",
    "wrecker",
    "starting",
    "grand",
    "fast",
)
def _keyword(phrase: Phrase, c: Compiler) -> Keyword:
    return Keyword(phrase.entry, number(phrase, default=1))
