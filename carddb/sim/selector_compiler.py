"""Compiling `Selector` nodes of the AST into `Sel`s, for one game's `Semantics`.

The noun, the usual adjectives and `you control` of a card selector are fused into
one predicate (selectors are tested against every card in play many times per
decision); `it`, `its controller` and `that player` read the ability's context.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from carddb.rules.ast import Postfix, Selector
from carddb.sim.game import ZONE_PLAY, Game
from carddb.sim.program import Ctx
from carddb.sim.selectors import (
    PLAYER_NOUNS,
    PLAYERS,
    STACK,
    ChooseSel,
    FixedSel,
    Pred,
    Sel,
    Semantics,
    TargetSel,
)

if TYPE_CHECKING:
    from carddb.sim.stack import StackItem


# Determiners of the core grammar: a selector with another (or with broad restrictions) is the broad
# phrasebook's, compiled by carddb.sim.selectors_broad.
_CORE_DETS = frozenset({"target", "each", "a", "another", "all", "", "fixed"})


def _all(preds: list[Pred]) -> Pred:
    if not preds:
        return lambda g, x, ctx: True
    if len(preds) == 1:
        return preds[0]
    if len(preds) == 2:
        first, second = preds
        return lambda g, x, ctx: first(g, x, ctx) and second(g, x, ctx)
    rest = _all(preds[1:])
    head = preds[0]
    return lambda g, x, ctx: head(g, x, ctx) and rest(g, x, ctx)


def it_cards(game: Game, ctx: Ctx) -> list[int]:
    """`it`: what the ability named last, else the card its event concerns."""
    if ctx.last is not None:
        return ctx.last
    event = ctx.event
    if event is not None:
        if event.subject >= 0:
            return [event.subject]
        if event.item is not None:
            return [event.item.source]
    return []


def _it_items(game: Game, ctx: Ctx) -> list[int]:
    """`it` on the stack. Items are found by id: in a bot's copy of the game the event names the original item."""
    event = ctx.event
    if ctx.last is None and event is not None and event.item is not None:
        wanted = event.item.id
        return [item.id for item in game.stack if item.id == wanted]
    named = set(it_cards(game, ctx))
    return [item.id for item in game.stack if item.source in named and item.card]


def _its_controller(game: Game, ctx: Ctx) -> list[int]:
    if ctx.last is None and ctx.event is not None and ctx.event.item is not None:
        return [ctx.event.item.controller]
    return sorted({game.controller[uid] for uid in it_cards(game, ctx)})


def _that_player(game: Game, ctx: Ctx) -> list[int]:
    return [ctx.event.player] if ctx.event is not None and ctx.event.player >= 0 else []


class SelectorCompiler:
    """Turns `Selector` nodes into `Sel`s for one game's semantics."""

    def __init__(self, semantics: Semantics) -> None:
        self.semantics = semantics

    def compile(self, node: Selector, domain: str, zone: int, slot: int | None, hint: str = "") -> Sel:
        """`domain` is what the effect needs ("card", PLAYERS or STACK); `slot` the target slot for `target`."""
        if node.det not in _CORE_DETS or node.post or node.others:
            from carddb.sim.selectors_broad import compile_broad, is_broad

            if is_broad(node):
                return compile_broad(self, node, domain, zone, slot, hint)
        text = _selector_text(node)
        if node.det == "fixed":
            return self._fixed(node.noun, domain, text)
        if node.noun in PLAYER_NOUNS:
            domain = PLAYERS
            hint = hint and f"player-{hint}"
        elif domain == STACK:
            hint = hint and f"stack-{hint}"
        for post in node.post:
            zone = self.semantics.zone_postfixes.get(post.name, zone)
        pred = _all(self._preds(node, domain))
        kinds = self._kinds(node.noun) if domain == "card" else None
        base = Sel(domain, zone, pred, text, hint, node.adjectives, kinds)
        if kinds is not None and zone == ZONE_PLAY:
            base.scan = self._card_pred(node, check_kind=False)
        if node.det == "target":
            assert slot is not None, "a target selector needs a slot"
            rule = self.semantics.target_rule(node.adjectives) if domain == "card" else None
            return TargetSel(base, slot, rule)
        if node.det in {"a", "another"} and domain != PLAYERS:
            chooser = ChooseSel(domain, zone, pred, text, hint, node.adjectives, kinds)
            chooser.scan = base.scan
            return chooser
        return base

    def _kinds(self, noun: str) -> tuple[str, ...] | None:
        """Sorted: the candidates' order must not depend on a set's (per-process) iteration order."""
        sem = self.semantics
        if noun in sem.groups:
            return tuple(sorted(sem.groups[noun]))
        if noun in sem.kinds:
            return (noun,)
        return None

    def predicate(self, node: Selector) -> Pred:
        """The test an event's card or player passes (`a Duke you control`, `this card`, `an opponent`)."""
        if node.det not in _CORE_DETS or node.post or node.others:
            from carddb.sim.selectors_broad import broad_predicate, is_broad

            if is_broad(node):
                return broad_predicate(self, node)
        if node.det == "fixed":
            noun = node.noun
            if noun == "you":
                return lambda g, x, ctx: x == ctx.controller
            if noun == "this-card":
                return lambda g, x, ctx: x == ctx.source
            if noun in self.semantics.fixed_tests:
                return self.semantics.fixed_tests[noun]
            fetch = self._fixed(noun, "card", noun).fetch
            return lambda g, x, ctx: x in fetch(g, ctx)
        domain = PLAYERS if node.noun in PLAYER_NOUNS else "card"
        return _all(self._preds(node, domain))

    # -- pieces -------------------------------------------------------------------------

    def _fixed(self, noun: str, domain: str, text: str) -> FixedSel:
        always: Pred = lambda g, x, ctx: True  # noqa: E731
        if noun == "you":
            return FixedSel(PLAYERS, lambda g, ctx: [ctx.controller], always, text)
        if noun == "this-card":
            return FixedSel("card", lambda g, ctx: [ctx.source], always, text)
        if noun == "it":
            if domain == STACK:
                return FixedSel(STACK, _it_items, always, text, sets_last=False)
            return FixedSel("card", it_cards, always, text, sets_last=False)
        if noun == "its-controller":
            return FixedSel(PLAYERS, _its_controller, always, text)
        if noun == "that-player":
            return FixedSel(PLAYERS, _that_player, always, text)
        fetch = self.semantics.fixed.get(noun)
        if fetch is None:
            raise LookupError(f"no meaning for the fixed selector '{noun}'")
        return FixedSel("card", fetch, always, text)

    def _preds(self, node: Selector, domain: str) -> list[Pred]:
        preds: list[Pred] = []
        noun = node.noun
        if domain == PLAYERS:
            if noun == "opponent":
                preds.append(lambda g, p, ctx: p != ctx.controller)
            return preds
        if domain == STACK:
            if noun == "ability":
                preds.append(lambda g, i, ctx: _item(g, i).ability)
            elif noun != "card":
                preds.append(lambda g, i, ctx: _item(g, i).kind == noun)
            return preds
        return [self._card_pred(node)]

    def _card_pred(self, node: Selector, *, check_kind: bool = True) -> Pred:
        """One predicate for a card selector: the common tests inline, in one call per card.

        Selectors are tested against every card in play many times per decision,
        so the noun, the usual adjectives and `you control` are fused here rather
        than chained as one small function each.
        """
        sem, noun = self.semantics, node.noun
        kinds: frozenset[str] | None = None
        subtype: str | None = None
        if noun in sem.groups:
            kinds = sem.groups[noun]
        elif noun in sem.kinds:
            kinds = frozenset({noun})
        elif noun in sem.subtypes:
            subtype = noun
        if not check_kind:
            kinds = None  # the caller only ever offers cards of the right kinds
        # Adjectives that read a mark of the state (LOE: `face-down` reads `face_down`), as
        # (a getter of that array, the truth wanted); any other adjective is the pack's own test.
        marks: list[tuple[Callable[[Game], list[Any]], bool]] = []
        extras: list[Pred] = []
        for adjective in node.adjectives:
            if adjective in sem.state_adjectives:
                field_name, wanted = sem.state_adjectives[adjective]
                marks.append((attrgetter(field_name), wanted))
            elif adjective in sem.adjectives:
                extras.append(sem.adjectives[adjective])
            else:
                raise LookupError(f"no meaning for the adjective '{adjective}'")
        mark = marks[0] if len(marks) == 1 else None
        more_marks = tuple(marks) if len(marks) > 1 else ()
        control = 0  # 1: you control it, -1: an opponent does
        for post in node.post:
            if post.name == "you-control":
                control = 1
            elif post.name == "opponent-controls":
                control = -1
            else:
                test = self._postfix(post)
                if test is not None:
                    extras.append(test)
        another = node.det == "another"
        noun_test = sem.noun_tests.get(noun)  # broad: `Goblin creature`, a kind and a subtype
        if noun_test is not None:
            extras.append(noun_test)
        extra = _all(extras) if extras else None
        if not more_marks and not another and extra is None:
            simple = _simple_pred(kinds, subtype, mark, control)
            if simple is not None:
                return simple

        def pred(g: Game, u: int, ctx: Ctx) -> bool:
            if kinds is not None and g.defs[u].kind not in kinds:
                return False
            if subtype is not None and g.defs[u].subtype != subtype:
                return False
            if mark is not None and bool(mark[0](g)[u]) is not mark[1]:
                return False
            for get, wanted in more_marks:
                if bool(get(g)[u]) is not wanted:
                    return False
            if control and (g.controller[u] == ctx.controller) != (control == 1):
                return False
            if another and u == ctx.source:
                return False
            return extra is None or extra(g, u, ctx)

        return pred

    def _postfix(self, post: Postfix) -> Pred | None:
        name = post.name
        if name == "you-control":
            return lambda g, u, ctx: g.controller[u] == ctx.controller
        if name == "opponent-controls":
            return lambda g, u, ctx: g.controller[u] != ctx.controller
        if name == "health-at":
            assert post.amount is not None
            amount, health = post.amount.value, self.semantics.health
            if post.comparison == "less":
                return lambda g, u, ctx: health(g, u) - g.damage[u] <= amount
            return lambda g, u, ctx: health(g, u) - g.damage[u] >= amount
        if name in self.semantics.postfixes:
            return self.semantics.postfixes[name](post)
        if name in self.semantics.zone_postfixes:
            return None  # it moved the selector's zone
        raise LookupError(f"no meaning for the restriction '{name}'")


def _simple_pred(
    kinds: frozenset[str] | None,
    subtype: str | None,
    mark: tuple[Callable[[Game], list[Any]], bool] | None,
    control: int,
) -> Pred | None:
    """The fused predicate's most common shapes, without the tests that cannot apply (None: not one of them).

    It runs for every card a selector looks at, many times per decision: a kind or a subtype alone
    (`Materials`, `a Spell`), a kind with `you control` or one mark (`face-up Duke`), or at most one
    mark and `you control` when the kind is already known.
    """
    if kinds is not None or subtype is not None:
        if kinds is not None and subtype is not None:
            return None
        if subtype is not None:
            return (lambda g, u, ctx: g.defs[u].subtype == subtype) if mark is None and control == 0 else None
        if mark is None:
            if control == 0:
                return lambda g, u, ctx: g.defs[u].kind in kinds
            if control == 1:
                return lambda g, u, ctx: g.defs[u].kind in kinds and g.controller[u] == ctx.controller
            return lambda g, u, ctx: g.defs[u].kind in kinds and g.controller[u] != ctx.controller
        if control != 0:
            return None
        get_mark, negated_mark = mark[0], not mark[1]
        return lambda g, u, ctx: g.defs[u].kind in kinds and (not get_mark(g)[u]) is negated_mark
    if mark is None:
        if control == 0:
            return lambda g, u, ctx: True
        if control == 1:
            return lambda g, u, ctx: g.controller[u] == ctx.controller
        return lambda g, u, ctx: g.controller[u] != ctx.controller
    # The mark holds the truth wanted when `not value` is `not wanted` (a bool, whatever the array holds).
    get, negated = mark[0], not mark[1]
    if control == 0:
        return lambda g, u, ctx: (not get(g)[u]) is negated
    if control == 1:
        return lambda g, u, ctx: (not get(g)[u]) is negated and g.controller[u] == ctx.controller
    return lambda g, u, ctx: (not get(g)[u]) is negated and g.controller[u] != ctx.controller


def _item(game: Game, item_id: int) -> StackItem:
    for item in game.stack:
        if item.id == item_id:
            return item
    raise LookupError(f"no stack item {item_id}")


def _selector_text(node: Selector) -> str:
    words = [node.det] if node.det not in {"", "fixed"} else []
    words += [*node.adjectives, node.noun, *(p.name for p in node.post)]
    return " ".join(words)
