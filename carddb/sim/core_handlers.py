"""Handlers for the core registry entries (`carddb/rules/phrasebook.py`) that every game starts from."""

from __future__ import annotations

from collections.abc import Callable

from carddb.rules.ast import Phrase, Selector
from carddb.sim.broad_state import looked_at
from carddb.sim.compiler import Compiler
from carddb.sim.decisions import choose_many
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, Game
from carddb.sim.handlers import HandlerSet, closeness, compare, flag, for_each, number, quantity, selector
from carddb.sim.ops import (
    counter,
    deal_damage,
    destroy,
    discard,
    draw,
    health,
    indestructible,
    look,
    remove_damage,
    return_to_hand,
    reveal,
    shuffle_deck,
    shuffle_discard_into_deck,
)
from carddb.sim.program import Ctx, Event, EventMatch, Op, Static
from carddb.sim.selectors import PLAYERS, STACK, Pred, Sel
from carddb.sim.stack import item_by_id

CORE = HandlerSet()


class Condition:
    """A compiled condition: `test` and, for bots, `progress` (0..1)."""

    __slots__ = ("_progress", "_test")

    def __init__(self, test: Callable[[Game, Ctx], bool], progress: Callable[[Game, Ctx], float] | None = None):
        self._test = test
        self._progress = progress

    def test(self, game: Game, ctx: Ctx) -> bool:
        return self._test(game, ctx)

    def progress(self, game: Game, ctx: Ctx) -> float:
        if self._progress is not None:
            return self._progress(game, ctx)
        return 1.0 if self._test(game, ctx) else 0.0


def players_of(c: Compiler, node: Selector, hint: str = "") -> Sel:
    return c.selector(node, PLAYERS, hint=hint)


def static_applies(pred: Pred) -> Callable[[Game, int, int], bool]:
    """A selector's predicate as a static's test, with `you` meaning the static card's controller."""
    scratch = Ctx(-1, -1)  # one context per static, refilled on each call (statics are asked about very often)

    def applies(g: Game, source: int, x: int) -> bool:
        scratch.source = source
        scratch.controller = g.controller[source]
        return pred(g, x, scratch)

    return applies


def kinds_of(c: Compiler, node: Selector) -> frozenset[str]:
    """The card kinds a plural noun names (`Spells`, `characters`), for `cannot be targeted by ...`."""
    groups = c.sim.semantics.groups
    return groups.get(node.noun, frozenset({node.noun}))


def player_quantifier(c: Compiler, node: Selector) -> Callable[[Game, Ctx, Callable[[int], bool]], bool]:
    """How a condition's player is read: `you`, `each opponent` (all of them), `an opponent` (any)."""
    sel = players_of(c, node)
    if node.det in {"each", "all", ""}:
        return lambda g, ctx, test: all(test(p) for p in sel.resolve(g, ctx))
    return lambda g, ctx, test: any(test(p) for p in sel.resolve(g, ctx))


# -- effects --------------------------------------------------------------------------------


@CORE("draw")
def _draw(phrase: Phrase, c: Compiler) -> Op:
    who, amount = players_of(c, selector(phrase, "player"), "help"), number(phrase)
    return for_each(who, lambda g, player, ctx: draw(g, player, amount))


@CORE("discard")
def _discard(phrase: Phrase, c: Compiler) -> Op:
    who, amount, at_random = players_of(c, selector(phrase, "player"), "harm"), number(phrase), flag(phrase, "random")

    def op(g: Game, ctx: Ctx) -> None:
        for player in who.resolve(g, ctx):
            hand = g.hands[player]
            if at_random:
                chosen = g.rng.sample(hand, min(amount, len(hand)))
            else:
                chosen = choose_many(g, player, "discard", list(hand), amount, "lose")
            for uid in chosen:
                discard(g, uid)

    return op


@CORE("deal-damage")
def _deal_damage(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase)
    what = c.selector(selector(phrase, "target"), hint="harm")
    if what.domain == PLAYERS:
        c.check_player_damage()
        return for_each(what, lambda g, player, ctx: g.sim.damage_player(g, player, amount))
    return for_each(what, lambda g, uid, ctx: deal_damage(g, uid, amount))


@CORE("destroy")
def _destroy(phrase: Phrase, c: Compiler) -> Op:
    def destroy_unless_kept(g: Game, uid: int, ctx: Ctx) -> None:
        if not (g.statics("indestructible") and indestructible(g, uid, "effects")):
            _destroy_card(g, uid)

    return for_each(c.selector(selector(phrase, "target"), hint="harm"), destroy_unless_kept)


def _destroy_card(game: Game, uid: int) -> None:
    """A card in play is destroyed; one in a deck or hand goes to its owner's discard pile, as a game's own
    verb for destroying says of any card (Netrunner: `Trash the top 3 cards of your stack`)."""
    if game.place[uid] in (ZONE_DECK, ZONE_HAND):
        game.move(uid, ZONE_DISCARD, game.owner[uid])
        return
    destroy(game, uid)


@CORE("remove-damage", "remove-all-damage")
def _remove_damage(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase) if phrase.entry == "remove-damage" else None
    what = c.selector(selector(phrase, "target"), hint="help")
    return for_each(what, lambda g, uid, ctx: remove_damage(g, uid, amount))


@CORE("counter")
def _counter(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), STACK, hint="harm")

    def counter_item(g: Game, item_id: int, ctx: Ctx) -> None:
        item = item_by_id(g, item_id)
        if item is not None:
            counter(g, item)

    return for_each(what, counter_item)


@CORE("return-to-hand")
def _return_to_hand(phrase: Phrase, c: Compiler) -> Op:
    return for_each(c.selector(selector(phrase, "target"), hint="harm"), lambda g, uid, ctx: return_to_hand(g, uid))


@CORE("return-from-discard")
def _return_from_discard(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "card"), zone=ZONE_DISCARD, hint="keep")

    def take_back(g: Game, uid: int, ctx: Ctx) -> None:
        g.move(uid, ZONE_HAND, ctx.controller)
        if g.log is not None:
            g.trace(f"{g.name(uid)} returns from the discard pile to P{ctx.controller + 1}'s hand")

    return for_each(what, take_back)


@CORE("look-at")
def _look_at(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), hint="harm")

    def op(g: Game, ctx: Ctx) -> None:
        seen = what.resolve(g, ctx)
        look(g, ctx.controller, seen)
        looked_at(g, ctx, seen)  # `... and put the rest back` (the broad phrasebook)

    return op


@CORE("look-at-hand")
def _look_at_hand(phrase: Phrase, c: Compiler) -> Op:
    whose = players_of(c, selector(phrase, "player"), "harm")
    return for_each(whose, lambda g, player, ctx: look(g, ctx.controller, list(g.hands[player])))


@CORE("look-at-top")
def _look_at_top(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase)

    def op(g: Game, ctx: Ctx) -> None:
        look(g, ctx.controller, g.deck_of(ctx.controller)[-amount:])

    return op


@CORE("search")
def _search(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "card"), zone=ZONE_DECK, hint="keep")

    def find(g: Game, uid: int, ctx: Ctx) -> None:
        reveal(g, [uid])
        g.move(uid, ZONE_HAND, ctx.controller)
        if g.log is not None:
            g.trace(f"P{ctx.controller + 1} finds {g.name(uid)} in the deck")

    return for_each(what, find)


@CORE("shuffle-deck")
def _shuffle_deck(phrase: Phrase, c: Compiler) -> Op:
    return lambda g, ctx: shuffle_deck(g, ctx.controller)


@CORE("shuffle-discard")
def _shuffle_discard(phrase: Phrase, c: Compiler) -> Op:
    return lambda g, ctx: shuffle_discard_into_deck(g)


@CORE("wheel")
def _wheel(phrase: Phrase, c: Compiler) -> Op:
    who = players_of(c, selector(phrase, "player"))

    def op(g: Game, ctx: Ctx) -> None:
        for player in who.resolve(g, ctx):
            hand = list(g.hands[player])
            for uid in hand:
                discard(g, uid)
            draw(g, player, len(hand))

    return op


# -- statics --------------------------------------------------------------------------------


@CORE("health-bonus")
def _health_bonus(phrase: Phrase, c: Compiler) -> Static:
    pred = c.predicate(selector(phrase, "target"))
    return Static("health", static_applies(pred), number(phrase), text=phrase.entry)


@CORE("hand-size")
def _hand_size(phrase: Phrase, c: Compiler) -> Static:
    pred = c.predicate(selector(phrase, "player"))
    return Static("hand-size", static_applies(pred), number(phrase), text=phrase.entry)


@CORE("untargetable")
def _untargetable(phrase: Phrase, c: Compiler) -> Static:
    return Static("protect", static_applies(c.predicate(selector(phrase, "target"))), text=phrase.entry)


@CORE("untargetable-by")
def _untargetable_by(phrase: Phrase, c: Compiler) -> Static:
    pred = c.predicate(selector(phrase, "target"))
    return Static("protect", static_applies(pred), kinds=kinds_of(c, selector(phrase, "source")), text=phrase.entry)


@CORE("targetable")
def _targetable(phrase: Phrase, c: Compiler) -> Static:
    return Static("expose", static_applies(c.predicate(selector(phrase, "target"))), text=phrase.entry)


@CORE("damage-stays")
def _damage_stays(phrase: Phrase, c: Compiler) -> Static:
    return Static("damage-stays", static_applies(c.predicate(selector(phrase, "target"))), text=phrase.entry)


# -- triggers and events --------------------------------------------------------------------


@CORE("when")
def _when(phrase: Phrase, c: Compiler) -> EventMatch:
    event = phrase.arg("event")
    assert isinstance(event, Phrase)
    return c.event(event)


@CORE("turn-start", "turn-end")
def _turn(phrase: Phrase, c: Compiler) -> EventMatch:
    who = c.predicate(selector(phrase, "player"))
    kind = phrase.entry
    return EventMatch(frozenset({kind}), lambda g, ev, ctx: who(g, ev.player, ctx), kind)


def event_match(kind: str, test: Callable[[Game, Event, Ctx], bool], text: str) -> EventMatch:
    return EventMatch(frozenset({kind}), test, text)


@CORE("plays")
def _plays(phrase: Phrase, c: Compiler) -> EventMatch:
    who, what = c.predicate(selector(phrase, "player")), c.predicate(selector(phrase, "card"))
    return event_match("plays", lambda g, ev, ctx: who(g, ev.player, ctx) and what(g, ev.subject, ctx), phrase.entry)


@CORE("plays-targeting")
def _plays_targeting(phrase: Phrase, c: Compiler) -> EventMatch:
    who, what = c.predicate(selector(phrase, "player")), c.predicate(selector(phrase, "card"))
    aimed = c.predicate(selector(phrase, "target"))

    def test(g: Game, ev: Event, ctx: Ctx) -> bool:
        return (
            who(g, ev.player, ctx) and what(g, ev.subject, ctx) and any(t >= 0 and aimed(g, t, ctx) for t in ev.targets)
        )

    return event_match("plays", test, phrase.entry)


@CORE("dealt-damage", "destroyed")
def card_event(phrase: Phrase, c: Compiler) -> EventMatch:
    """An event about a card (`{target} is dealt damage`): its type is the entry's name. Packs reuse it."""
    what = c.predicate(selector(phrase, "target"))
    return event_match(phrase.entry, lambda g, ev, ctx: what(g, ev.subject, ctx), phrase.entry)


@CORE("draws", "activates-ability")
def player_event(phrase: Phrase, c: Compiler) -> EventMatch:
    """An event about a player (`{player} draws a card`): its type is the entry's name. Packs reuse it."""
    who = c.predicate(selector(phrase, "player"))
    return event_match(phrase.entry, lambda g, ev, ctx: who(g, ev.player, ctx), phrase.entry)


# -- conditions -----------------------------------------------------------------------------


def count_in_play(g: Game, player: int, pred: Pred, ctx: Ctx) -> int:
    return sum(1 for uid in g.play[player] if pred(g, uid, ctx))


@CORE("controls-count")
def _controls_count(phrase: Phrase, c: Compiler) -> Condition:
    node = selector(phrase, "player")
    quantify, players = player_quantifier(c, node), players_of(c, node)
    group, wanted = c.predicate(selector(phrase, "group")), quantity(phrase)

    def test(g: Game, ctx: Ctx) -> bool:
        return quantify(g, ctx, lambda p: compare(count_in_play(g, p, group, ctx), wanted))

    def progress(g: Game, ctx: Ctx) -> float:
        scores = [closeness(count_in_play(g, p, group, ctx), wanted) for p in players.resolve(g, ctx)]
        return min(scores, default=0.0)

    return Condition(test, progress)


@CORE("controls-more")
def _controls_more(phrase: Phrase, c: Compiler) -> Condition:
    node = selector(phrase, "player")
    quantify, group = player_quantifier(c, node), c.predicate(selector(phrase, "group"))

    def test(g: Game, ctx: Ctx) -> bool:
        mine = count_in_play(g, ctx.controller, group, ctx)
        return quantify(g, ctx, lambda p: count_in_play(g, p, group, ctx) > mine)

    return Condition(test)


@CORE("hand-count")
def _hand_count(phrase: Phrase, c: Compiler) -> Condition:
    wanted = quantity(phrase)
    return Condition(
        lambda g, ctx: compare(len(g.hands[ctx.controller]), wanted),
        lambda g, ctx: closeness(len(g.hands[ctx.controller]), wanted),
    )


@CORE("health-at")
def _health_at(phrase: Phrase, c: Compiler) -> Condition:
    what, amount = c.selector(selector(phrase, "target")), number(phrase)
    more = phrase.arg("comparison") == "more"

    def remaining(g: Game, ctx: Ctx) -> list[int]:
        return [health(g, uid) - g.damage[uid] for uid in what.candidates(g, ctx)]

    def test(g: Game, ctx: Ctx) -> bool:
        left = remaining(g, ctx)
        return bool(left) and all((h >= amount) if more else (h <= amount) for h in left)

    def progress(g: Game, ctx: Ctx) -> float:
        left = remaining(g, ctx)
        if not left:
            return 0.0
        h = min(left)
        if more:
            return min(1.0, h / amount) if amount else 1.0
        return 1.0 if h <= amount else amount / h

    return Condition(test, progress)


@CORE("your-turn")
def _your_turn(phrase: Phrase, c: Compiler) -> Condition:
    negated = flag(phrase, "negated")
    return Condition(lambda g, ctx: (g.active == ctx.controller) != negated)


@CORE("destroyed-this-turn")
def _destroyed_this_turn(phrase: Phrase, c: Compiler) -> Condition:
    group, wanted = c.predicate(selector(phrase, "group")), quantity(phrase)

    def count(g: Game, ctx: Ctx) -> int:
        return sum(1 for uid in g.destroyed_turn if group(g, uid, ctx))

    return Condition(lambda g, ctx: compare(count(g, ctx), wanted), lambda g, ctx: closeness(count(g, ctx), wanted))
