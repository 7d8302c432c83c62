"""Handlers for LOE's statics, restrictions, events, conditions and timing condition."""

from __future__ import annotations

from carddb.games.loe.sim.board import MARKET
from carddb.pack_api import (
    ONCE_PER_TURN,
    OWN_TURN_ONLY,
    Compiler,
    Condition,
    Ctx,
    EventMatch,
    Game,
    HandlerSet,
    Phrase,
    Restriction,
    Selector,
    Static,
    Timing,
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


def _signed(phrase: Phrase) -> int:
    amount = number(phrase)
    return -amount if text_arg(phrase, "comparison") == "less" else amount


@STATICS("coupled-health")
def _coupled_health(phrase: Phrase, c: Compiler) -> Static:
    return Static("health", lambda g, source, x: g.attached[source] == x, number(phrase), text=phrase.entry)


@STATICS("coupled-untargetable")
def _coupled_untargetable(phrase: Phrase, c: Compiler) -> Static:
    kinds = kinds_of(c, selector(phrase, "source"))
    return Static("protect", lambda g, source, x: g.attached[source] == x, kinds=kinds, text=phrase.entry)


@STATICS("cost-change")
def _cost_change(phrase: Phrase, c: Compiler) -> Static:
    group = c.predicate(selector(phrase, "group"))
    return Static("cost", lambda g, source, uid: group(g, uid, _CTX), _signed(phrase), text=phrase.entry)


@STATICS("opponent-cost-change")
def _opponent_cost_change(phrase: Phrase, c: Compiler) -> Static:
    group = c.predicate(selector(phrase, "group"))
    return Static("cost-opponents", lambda g, source, uid: group(g, uid, _CTX), _signed(phrase), text=phrase.entry)


@STATICS("extra-resource-each-turn")
def _extra_resource(phrase: Phrase, c: Compiler) -> Static:
    return Static("resources", lambda g, source, player: g.controller[source] == player, 1, text=phrase.entry)


@STATICS("trade-cost")
def _trade_cost(phrase: Phrase, c: Compiler) -> Static:
    return Static("trade-cost", amount=number(phrase), text=phrase.entry)


@STATICS("victory-discount")
def _victory_discount(phrase: Phrase, c: Compiler) -> Static:
    return Static("victory-cost", lambda g, source, player: g.controller[source] == player, number(phrase))


@STATICS("activate-once")
def _once(phrase: Phrase, c: Compiler) -> Restriction:
    return Restriction(ONCE_PER_TURN)


@STATICS("activate-your-turn")
def _own_turn(phrase: Phrase, c: Compiler) -> Restriction:
    return Restriction(OWN_TURN_ONLY)


# A card kind test needs no controller: the group of a cost static is a plain kind or subtype.
_CTX = Ctx(-1, -1)


# -- events -----------------------------------------------------------------------------------


@STATICS("activates")
def _activates(phrase: Phrase, c: Compiler) -> EventMatch:
    who, what = c.predicate(selector(phrase, "player")), c.predicate(selector(phrase, "target"))
    return event_match("activates", lambda g, ev, ctx: who(g, ev.player, ctx) and what(g, ev.subject, ctx), "activates")


STATICS("is-activated", "is-coupled", "enters-market")(card_event)
STATICS("trades", "attempts-victory")(player_event)


@STATICS("spends")
def _spends(phrase: Phrase, c: Compiler) -> EventMatch:
    who, what = c.predicate(selector(phrase, "player")), c.predicate(selector(phrase, "target"))
    return event_match("spends", lambda g, ev, ctx: who(g, ev.player, ctx) and what(g, ev.subject, ctx), "spends")


# -- conditions -------------------------------------------------------------------------------


@STATICS("victory-revealed")
def _victory_revealed(phrase: Phrase, c: Compiler) -> Condition:
    # "attempted and stayed face up": true from the first failed attempt on, also while a later attempt resolves
    return Condition(lambda g, ctx: bool(g.counters[ctx.controller].get("revealed")))


@STATICS("market-contains")
def _market_contains(phrase: Phrase, c: Compiler) -> Condition:
    node = phrase.arg("group") if phrase.arg("group") is not None else phrase.arg("card")
    assert isinstance(node, Selector)
    group = c.predicate(node)
    wanted = quantity(phrase) if phrase.arg("quantity") is not None else None

    def count(g: Game, ctx: Ctx) -> int:
        return sum(1 for uid in g.zone_list(MARKET, 0) if group(g, uid, ctx))

    if wanted is None:
        return Condition(lambda g, ctx: count(g, ctx) >= 1)
    return Condition(lambda g, ctx: compare(count(g, ctx), wanted), lambda g, ctx: closeness(count(g, ctx), wanted))


@STATICS("reaction")
def _reaction(phrase: Phrase, c: Compiler) -> Timing:
    return Timing("reaction")
