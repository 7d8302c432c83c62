"""The handlers of ESTRO's statics, events, conditions and its timing word (`Counter-move`).

A static holds while its card is face up on the field, or while its Zone is active; each is
filed under a layer the rules ask about (`stats.LAYERS`, `stats.WINS_TIES`...). An event's
type is its entry's name: the fight, the die and the face-down rules emit them.
"""

from __future__ import annotations

from carddb.games.estro.sim.board import active_zone
from carddb.games.estro.sim.gifts import COUNTER_MOVE
from carddb.games.estro.sim.stats import (
    ATTACKS_TWICE,
    CANNOT_ATTACK,
    CANNOT_BE_ATTACKED,
    DIE_FACE,
    IGNORES_MATRIX,
    LAYERS,
    MORE_ATTACKS,
    MORE_PLAYS,
    NO_DOUBLE,
    NO_FACE_DOWN,
    WINS_TIES,
)
from carddb.pack_api import (
    ZONE_PLAY,
    Compiler,
    Condition,
    Ctx,
    EventMatch,
    Game,
    HandlerSet,
    Phrase,
    Static,
    Timing,
    card_event,
    closeness,
    compare,
    event_match,
    number,
    quantity,
    selector,
    static_applies,
    text_arg,
)

STATICS = HandlerSet()


# -- statics -----------------------------------------------------------------------------------------


@STATICS("stat-bonus", "stat-penalty")
def _stat(phrase: Phrase, c: Compiler) -> Static:
    stat = text_arg(phrase, "stat")
    change = number(phrase) if phrase.entry == "stat-bonus" else -number(phrase)
    return Static(LAYERS[stat], static_applies(c.predicate(selector(phrase, "target"))), change, text=phrase.entry)


_RULE_LAYERS = {
    "attacks-twice": ATTACKS_TWICE,
    "cannot-attack": CANNOT_ATTACK,
    "cannot-be-attacked": CANNOT_BE_ATTACKED,
    "wins-ties": WINS_TIES,
    "no-double": NO_DOUBLE,
    "ignores-matrix": IGNORES_MATRIX,
    "no-face-down": NO_FACE_DOWN,
}


@STATICS(*_RULE_LAYERS)
def _rule(phrase: Phrase, c: Compiler) -> Static:
    """A rule bent for the chosen cards (`This card wins ties.`, `Cards cannot be played face down.`)."""
    return Static(
        _RULE_LAYERS[phrase.entry], static_applies(c.predicate(selector(phrase, "target"))), text=phrase.entry
    )


@STATICS("die-face")
def _die_face(phrase: Phrase, c: Compiler) -> Static:
    pred = c.predicate(selector(phrase, "target"))
    return Static(DIE_FACE, static_applies(pred), number(phrase, "face"), text=phrase.entry)


@STATICS("more-placements", "more-attacks")
def _more(phrase: Phrase, c: Compiler) -> Static:
    layer = MORE_PLAYS if phrase.entry == "more-placements" else MORE_ATTACKS
    return Static(layer, static_applies(c.predicate(selector(phrase, "player"))), 1, text=phrase.entry)


# -- events ------------------------------------------------------------------------------------------

STATICS("attacks", "is-attacked", "would-be-destroyed", "destroys-in-combat", "turned-face-up", "is-played")(card_event)


@STATICS("rolls")
def _rolls(phrase: Phrase, c: Compiler) -> EventMatch:
    who, face = c.predicate(selector(phrase, "player")), number(phrase, "face")
    return event_match("rolls", lambda g, ev, ctx: ev.amount == face and who(g, ev.player, ctx), phrase.entry)


@STATICS("gift-targets")
def _gift_targets(phrase: Phrase, c: Compiler) -> EventMatch:
    who, what = c.predicate(selector(phrase, "player")), c.predicate(selector(phrase, "target"))
    return event_match(
        "gift-targets", lambda g, ev, ctx: who(g, ev.player, ctx) and what(g, ev.subject, ctx), phrase.entry
    )


# -- conditions --------------------------------------------------------------------------------------


@STATICS("face-down")
def _face_down(phrase: Phrase, c: Compiler) -> Condition:
    what = c.selector(selector(phrase, "target"))

    def test(g: Game, ctx: Ctx) -> bool:
        found = what.resolve(g, ctx)
        return bool(found) and all(g.place[uid] == ZONE_PLAY and g.face_down[uid] for uid in found)

    return Condition(test)


@STATICS("zone-active")
def _zone_active(phrase: Phrase, c: Compiler) -> Condition:
    wanted = c.predicate(selector(phrase, "zone"))

    def test(g: Game, ctx: Ctx) -> bool:
        uid = active_zone(g)
        return uid >= 0 and wanted(g, uid, ctx)

    return Condition(test)


@STATICS("incinerator-count")
def _incinerator_count(phrase: Phrase, c: Compiler) -> Condition:
    wanted = quantity(phrase)

    def count(g: Game, ctx: Ctx) -> int:
        owner, player = g.owner, ctx.controller
        return sum(1 for uid in g.discard if owner[uid] == player)

    return Condition(lambda g, ctx: compare(count(g, ctx), wanted), lambda g, ctx: closeness(count(g, ctx), wanted))


# -- timing ------------------------------------------------------------------------------------------


@STATICS("counter-move")
def _counter_move(phrase: Phrase, c: Compiler) -> Timing:
    return Timing(COUNTER_MOVE)
