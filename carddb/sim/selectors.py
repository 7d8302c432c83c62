"""Selectors at run time: what `target face-down Duke an opponent controls`, `each player`, `it` name now.

A `Selector` node is compiled once (`carddb.sim.selector_compiler`) into a `Sel`:
the domain it looks in (cards in a zone, players, or items on the stack), a
predicate built from its noun, adjectives and restrictions, and a mode from its
determiner:

- `target`: chosen when the ability goes on the stack (a `TargetSlot`), checked again on resolution;
- `each`, `all` and bare plurals: everything that matches, on resolution;
- `a`, `another`: the controller chooses one on resolution (`Return a Resource from the discard pile`);
- fixed phrases: `you`, `this card`, `it`, `its controller`, `that player`, and the pack's own
  (LOE: `coupled character`, `your Lord`).

The words' meanings that differ between games (which nouns are kinds, subtypes or
groups, which restriction names a zone) come from the pack's `Semantics`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from carddb.rules.ast import Postfix
from carddb.sim.decisions import choose
from carddb.sim.game import ZONE_PLAY, Game
from carddb.sim.program import Ctx, Static

Pred = Callable[[Game, int, Ctx], bool]
FixedCards = Callable[[Game, Ctx], list[int]]

_NO_GROUPS: list[list[int]] = []
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
    # Adjectives that read a mark every game's state keeps: adjective -> (the Game array, the truth
    # wanted), e.g. LOE's `face-down` -> ("face_down", True), `damaged` -> ("damage", True).
    state_adjectives: Mapping[str, tuple[str, bool]] = field(default_factory=dict)
    adjectives: Mapping[str, Pred] = field(default_factory=dict)  # other adjectives: the pack's own tests
    # Restrictions after a noun beyond `you control`, `an opponent controls`, `with N or more health`:
    # name -> a function from the parsed restriction to its test (LOE: `coupled to it`).
    postfixes: Mapping[str, Callable[[Postfix], Pred]] = field(default_factory=dict)
    # The pack's targeting rule, given a target selector's adjectives: a test every target must
    # pass (LOE: not face down, unless the selector says `face-down` or a static exposes it), or None.
    target_rule: Callable[[tuple[str, ...]], Pred | None] = field(default=lambda adjectives: None)
    # The broad phrasebook's words (carddb.sim.declared): a noun's own test besides its kinds (`Goblin
    # creature`: the subtype), and what each declared zone is to the core (its role: "discard"...).
    noun_tests: Mapping[str, Pred] = field(default_factory=dict)
    zones: Mapping[str, str] = field(default_factory=dict)


class Sel:
    """A compiled selector. `resolve` gives what it names now; `candidates` what may be chosen."""

    __slots__ = ("adjectives", "domain", "hint", "kinds", "one_kind", "place", "pred", "scan", "text")
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
        self.place = zone  # for cards: the zone it looks in
        self.pred = pred
        self.text = text
        self.hint = hint  # what choosing it is for (see decisions.choose)
        self.adjectives = adjectives  # as written: a rule may depend on them (LOE: `face-down` may target)
        self.kinds = kinds  # the card kinds it can name (None: any), so it looks only at those in play
        self.scan = pred  # the test of a card already drawn from `pool` or `groups` (which filter by kind)
        # The one kind of card in play it looks at (`target Duke`), or None: `exists` reads the index directly.
        self.one_kind = kinds[0] if kinds is not None and len(kinds) == 1 and zone == ZONE_PLAY else None

    def pool(self, game: Game, player: int = 0) -> list[int]:
        """Everything of the domain, before the predicate (a hand or own deck: `player`'s)."""
        if self.domain == PLAYERS:
            return list(range(game.n))
        if self.domain == STACK:
            return [item.id for item in game.stack]
        if self.place == ZONE_PLAY:
            if self.kinds is not None:
                index = game.in_play_of_kind()
                return [uid for kind in self.kinds for cards in index.get(kind, ()) for uid in cards]
            return [uid for cards in game.play for uid in cards]
        return list(game.zone_list(self.place, player))

    def candidates(self, game: Game, ctx: Ctx) -> list[int]:
        pred = self.scan
        return [x for x in self.pool(game, ctx.controller) if pred(game, x, ctx)]

    def resolve(self, game: Game, ctx: Ctx) -> list[int]:
        found = self.candidates(game, ctx)
        if self.domain != PLAYERS:
            ctx.last = found
        return found

    def exists(self, game: Game, ctx: Ctx) -> bool:
        """Whether there is at least one candidate (what deciding if a card may be played asks, often)."""
        pred = self.scan
        if self.domain == "card":
            for cards in self.groups(game, ctx.controller):
                for x in cards:
                    if pred(game, x, ctx):
                        return True
            return False
        return any(pred(game, x, ctx) for x in self.pool(game))

    def groups(self, game: Game, player: int = 0) -> Sequence[list[int]]:
        """The card lists a card selector looks through (without copying them; a hand or own deck: `player`'s)."""
        kind = self.one_kind
        if kind is not None:
            index = game.kinds_cache
            if index is None:
                index = game.in_play_of_kind()
            return index.get(kind, _NO_GROUPS)
        if self.place == ZONE_PLAY:
            kinds = self.kinds
            if kinds is not None:
                index = game.in_play_of_kind()
                return [cards for kind in kinds for cards in index.get(kind, _NO_GROUPS)]
            return game.play
        return (game.zone_list(self.place, player),)

    def test(self, game: Game, x: int, ctx: Ctx) -> bool:
        return self.pred(game, x, ctx)

    def holds(self, game: Game, x: int) -> bool:
        """Whether `x` is still where this selector looks (a target that left is no longer legal)."""
        if self.domain == PLAYERS:
            return 0 <= x < game.n
        if self.domain == STACK:
            return any(item.id == x for item in game.stack)
        return game.place[x] == self.place


class TargetSel(Sel):
    """`target ...`: chosen when the ability goes on the stack; a target must also pass the targeting rules."""

    __slots__ = ("rule", "slot")
    mode = "target"

    def __init__(self, base: Sel, slot: int, rule: Pred | None = None) -> None:
        super().__init__(base.domain, base.place, base.pred, base.text, base.hint, base.adjectives, base.kinds)
        self.scan = base.scan
        self.slot = slot
        self.rule = rule  # the pack's targeting rule for cards (None: none)

    def candidates(self, game: Game, ctx: Ctx) -> list[int]:
        pred = self.scan
        if self.domain != "card":
            return [x for x in self.pool(game) if pred(game, x, ctx)]
        rule, protect = self.rule, game.statics("protect")  # (`targetable`, with its lookups done once)
        return [
            x
            for x in self.pool(game, ctx.controller)
            if pred(game, x, ctx)
            and (rule is None or rule(game, x, ctx))
            and (not protect or _unprotected(game, protect, x, ctx))
        ]

    def exists(self, game: Game, ctx: Ctx) -> bool:
        pred = self.scan
        if self.domain == "card":
            cache = game.statics_cache
            protect = cache.get("protect") if cache is not None else game.statics("protect")
            rule = self.rule
            kind = self.one_kind
            if kind is not None:  # the usual case (`target Duke`): the index's lists themselves
                index = game.kinds_cache
                if index is None:
                    index = game.in_play_of_kind()
                groups: Sequence[list[int]] = index.get(kind, _NO_GROUPS)
            else:
                groups = self.groups(game, ctx.controller)
            for cards in groups:
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
