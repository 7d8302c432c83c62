"""Selectors resolved from the AST: `target face-down Duke an opponent controls`, `each player`, `it`.

A `Selector` node is compiled once into a `Sel`: the domain it looks in (cards in
a zone, players, or items on the stack), a predicate built from its noun,
adjectives and restrictions, and a mode from its determiner:

- `target`: chosen when the ability goes on the stack (a `TargetSlot`), checked again on resolution;
- `each`, `all` and bare plurals: everything that matches, on resolution;
- `a`, `another`: the controller chooses one on resolution (`Return a Resource from the discard pile`);
- fixed phrases: `you`, `this card`, `it`, `its controller`, `that player`, and the pack's own
  (LOE: `coupled character`, `your Lord`).

The words' meanings that differ between games (which nouns are kinds, subtypes or
groups, which restriction names a zone) come from the pack's `Semantics`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from carddb.rules.ast import Postfix, Selector
from carddb.sim.decisions import choose
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_PLAY, Game
from carddb.sim.program import Ctx, Static

if TYPE_CHECKING:
    from carddb.sim.stack import StackItem

Pred = Callable[[Game, int, Ctx], bool]
FixedCards = Callable[[Game, Ctx], list[int]]

_EMPTY: list[int] = []
PLAYERS = "player"
STACK = "stack"
PLAYER_NOUNS = frozenset({"player", "opponent", "you", "its-controller", "that-player"})


@dataclass(frozen=True)
class Semantics:
    """What a game's selector words mean (the core knows `card`, `player`, `opponent` and the pronouns)."""

    kinds: frozenset[str]  # nouns that are card kinds
    subtypes: frozenset[str] = frozenset()  # nouns that are subtypes
    groups: Mapping[str, frozenset[str]] = field(default_factory=dict)  # noun -> kinds (LOE: character)
    zone_postfixes: Mapping[str, int] = field(default_factory=dict)  # restriction -> zone (LOE: in the market)
    fixed: Mapping[str, FixedCards] = field(default_factory=dict)  # the pack's fixed phrases naming cards
    fixed_tests: Mapping[str, Pred] = field(default_factory=dict)  # ... and how an event's card is tested
    health: Callable[[Game, int], int] = field(default=lambda g, uid: 0)  # a card's current health
    adjectives: Mapping[str, Pred] = field(default_factory=dict)  # the pack's own adjectives
    # The pack's targeting rule, given a target selector's adjectives: a test every target must
    # pass (LOE: not face down, unless the selector says `face-down` or a static exposes it), or None.
    target_rule: Callable[[tuple[str, ...]], Pred | None] = field(default=lambda adjectives: None)


class Sel:
    """A compiled selector. `resolve` gives what it names now; `candidates` what may be chosen."""

    __slots__ = ("adjectives", "domain", "hint", "kinds", "pred", "scan", "text", "zone")
    mode = "all"

    def __init__(
        self,
        domain: str,
        zone: int,
        pred: Pred,
        text: str,
        hint: str = "",
        adjectives: tuple[str, ...] = (),
        kinds: tuple[str, ...] | None = None,
    ) -> None:
        self.domain = domain  # "card", PLAYERS or STACK
        self.zone = zone  # for cards: the zone it looks in
        self.pred = pred
        self.text = text
        self.hint = hint  # what choosing it is for (see decisions.choose)
        self.adjectives = adjectives  # as written: a rule may depend on them (LOE: `face-down` may target)
        self.kinds = kinds  # the card kinds it can name (None: any), so it looks only at those in play
        self.scan = pred  # the test of a card already drawn from `pool` or `groups` (which filter by kind)

    def pool(self, game: Game) -> list[int]:
        """Everything of the domain, before the predicate."""
        if self.domain == PLAYERS:
            return list(range(game.n))
        if self.domain == STACK:
            return [item.id for item in game.stack]
        if self.zone == ZONE_PLAY:
            if self.kinds is not None:
                index = game.in_play_of_kind()
                return [uid for kind in self.kinds for uid in index.get(kind, ())]
            return [uid for cards in game.play for uid in cards]
        return list(game.zone_list(self.zone, 0))

    def candidates(self, game: Game, ctx: Ctx) -> list[int]:
        pred = self.scan
        return [x for x in self.pool(game) if pred(game, x, ctx)]

    def resolve(self, game: Game, ctx: Ctx) -> list[int]:
        found = self.candidates(game, ctx)
        if self.domain != PLAYERS:
            ctx.last = found
        return found

    def exists(self, game: Game, ctx: Ctx) -> bool:
        """Whether there is at least one candidate (what deciding if a card may be played asks, often)."""
        pred = self.scan
        if self.domain == "card":
            for cards in self.groups(game):
                for x in cards:
                    if pred(game, x, ctx):
                        return True
            return False
        return any(pred(game, x, ctx) for x in self.pool(game))

    def groups(self, game: Game) -> list[list[int]] | tuple[list[int], ...]:
        """The card lists a card selector looks through (without copying them)."""
        if self.zone == ZONE_PLAY:
            kinds = self.kinds
            if kinds is not None:
                index = game.in_play_of_kind()
                if len(kinds) == 1:
                    return (index.get(kinds[0], _EMPTY),)
                return tuple(index.get(kind, _EMPTY) for kind in kinds)
            return game.play
        return (game.zone_list(self.zone, 0),)

    def test(self, game: Game, x: int, ctx: Ctx) -> bool:
        return self.pred(game, x, ctx)

    def holds(self, game: Game, x: int) -> bool:
        """Whether `x` is still where this selector looks (a target that left is no longer legal)."""
        if self.domain == PLAYERS:
            return 0 <= x < game.n
        if self.domain == STACK:
            return any(item.id == x for item in game.stack)
        return game.zone[x] == self.zone


class TargetSel(Sel):
    """`target ...`: chosen when the ability goes on the stack; a target must also pass the targeting rules."""

    __slots__ = ("rule", "slot")
    mode = "target"

    def __init__(self, base: Sel, slot: int, rule: Pred | None = None) -> None:
        super().__init__(base.domain, base.zone, base.pred, base.text, base.hint, base.adjectives, base.kinds)
        self.scan = base.scan
        self.slot = slot
        self.rule = rule  # the pack's targeting rule for cards (None: none)

    def candidates(self, game: Game, ctx: Ctx) -> list[int]:
        pred = self.scan
        return [x for x in self.pool(game) if pred(game, x, ctx) and targetable(game, self, x, ctx)]

    def exists(self, game: Game, ctx: Ctx) -> bool:
        pred = self.scan
        if self.domain == "card":
            cache = game.statics_cache
            protect = cache.get("protect") if cache is not None else game.statics("protect")
            rule = self.rule
            for cards in self.groups(game):
                for x in cards:
                    if (
                        pred(game, x, ctx)
                        and (rule is None or rule(game, x, ctx))
                        and (not protect or _unprotected(game, protect, x, ctx))
                    ):
                        return True
            return False
        return any(pred(game, x, ctx) and targetable(game, self, x, ctx) for x in self.pool(game))

    def resolve(self, game: Game, ctx: Ctx) -> list[int]:
        chosen = ctx.targets[self.slot] if self.slot < len(ctx.targets) else -1
        legal = (
            chosen >= 0
            and self.holds(game, chosen)
            and self.pred(game, chosen, ctx)
            and targetable(game, self, chosen, ctx)
        )
        found = [chosen] if legal else []
        if self.domain != PLAYERS:
            ctx.last = found
        return found


class ChooseSel(Sel):
    """`a Resource from the discard pile`: the controller picks one when it resolves."""

    __slots__ = ()
    mode = "choose"

    def resolve(self, game: Game, ctx: Ctx) -> list[int]:
        options = self.candidates(game, ctx)
        found = [choose(game, ctx.controller, f"choose {self.text}", options, self.hint)] if options else []
        if self.domain != PLAYERS:
            ctx.last = found
        return found


class FixedSel(Sel):
    """`you`, `this card`, `it`...: what it names comes from the context, not from a search."""

    __slots__ = ("fetch", "sets_last")
    mode = "fixed"

    def __init__(self, domain: str, fetch: FixedCards, pred: Pred, text: str, *, sets_last: bool = True) -> None:
        super().__init__(domain, ZONE_PLAY, pred, text)
        self.fetch = fetch
        self.sets_last = sets_last

    def candidates(self, game: Game, ctx: Ctx) -> list[int]:
        return self.fetch(game, ctx)

    def exists(self, game: Game, ctx: Ctx) -> bool:
        return bool(self.fetch(game, ctx))

    def resolve(self, game: Game, ctx: Ctx) -> list[int]:
        found = self.fetch(game, ctx)
        if self.sets_last and self.domain != PLAYERS:
            ctx.last = found
        return found

    def holds(self, game: Game, x: int) -> bool:
        return True


def targetable(game: Game, sel: TargetSel, x: int, ctx: Ctx) -> bool:
    """Whether `x` may be chosen as a target: the pack's targeting rule allows it, no `cannot be targeted` protects it."""
    if sel.domain != "card":
        return True
    if sel.rule is not None and not sel.rule(game, x, ctx):
        return False
    protect = game.statics("protect")
    return not protect or _unprotected(game, protect, x, ctx)


def _unprotected(game: Game, protect: list[tuple[int, Static]], x: int, ctx: Ctx) -> bool:
    for source, static in protect:
        if (not static.kinds or ctx.kind in static.kinds) and static.applies(game, source, x):
            return False
    return True


# -- building predicates ------------------------------------------------------------


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
        face: bool | None = None  # True: must be face down, False: face up
        damaged = fatigued = False
        extras: list[Pred] = []
        for adjective in node.adjectives:
            if adjective in sem.adjectives:
                extras.append(sem.adjectives[adjective])
            elif adjective in ("face-down", "face-up"):
                face = adjective == "face-down"
            elif adjective == "damaged":
                damaged = True
            elif adjective == "fatigued":
                fatigued = True
            else:
                raise LookupError(f"no meaning for the adjective '{adjective}'")
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
        extra = _all(extras) if extras else None

        def pred(g: Game, u: int, ctx: Ctx) -> bool:
            if kinds is not None and g.defs[u].kind not in kinds:
                return False
            if subtype is not None and g.defs[u].subtype != subtype:
                return False
            if face is not None and g.face_down[u] != face:
                return False
            if damaged and not g.damage[u]:
                return False
            if fatigued and not g.fatigued[u]:
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
        if name == "coupled-to-it":
            return lambda g, u, ctx: g.attached[u] >= 0 and g.attached[u] in it_cards(g, ctx)
        if name in self.semantics.zone_postfixes:
            return None  # it moved the selector's zone
        raise LookupError(f"no meaning for the restriction '{name}'")


def _item(game: Game, item_id: int) -> StackItem:
    for item in game.stack:
        if item.id == item_id:
            return item
    raise LookupError(f"no stack item {item_id}")


def _selector_text(node: Selector) -> str:
    words = [node.det] if node.det not in {"", "fixed"} else []
    words += [*node.adjectives, node.noun, *(p.name for p in node.post)]
    return " ".join(words)


ZONES_BY_NAME = {"play": ZONE_PLAY, "discard": ZONE_DISCARD, "deck": ZONE_DECK}
