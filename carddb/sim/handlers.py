"""The handler table: for every registry entry, the function that compiles one use of it.

A handler takes the `Phrase` (the entry's arguments as parsed) and the `Compiler`
(which turns selectors, nested events and conditions into their compiled form) and
returns what the entry means at run time, by role:

| role | returns |
|---|---|
| effect | an `Op`: `op(game, ctx)` does it |
| cost | a `CostOp`: `can_pay(game, ctx)`, `pay(game, ctx)` |
| condition | a `Cond`: `test(game, ctx)`, `progress(game, ctx)` |
| event, trigger | an `EventMatch`: the event types and the test |
| static | a `Static` (a continuous effect on a layer) or a `Restriction` on an activated ability |
| keyword | a `Keyword`, possibly with abilities it implies (a list) |
| timing | a `Timing` |

Tables are closed like the registry: a pack's table is the core's handlers plus its
own, each name registered once; `missing` lists registry entries with no handler
(a test keeps that list empty).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from carddb.rules.ast import Number, Phrase, Quantity, Selector

if TYPE_CHECKING:
    from carddb.rules.registry import EffectRegistry
    from carddb.sim.compiler import Compiler
    from carddb.sim.game import Game
    from carddb.sim.program import Ctx, Op
    from carddb.sim.selectors import Sel

Handler = Callable[[Phrase, "Compiler"], Any]


class HandlerSet:
    """Handlers being declared: `@handlers("deal-damage")` registers the function under that entry name."""

    def __init__(self) -> None:
        self.table: dict[str, Handler] = {}

    def __call__(self, *names: str) -> Callable[[Handler], Handler]:
        def register(function: Handler) -> Handler:
            for name in names:
                if name in self.table:
                    raise ValueError(f"entry '{name}' already has a handler")
                self.table[name] = function
            return function

        return register

    def without(self, *names: str) -> HandlerSet:
        """A copy without these entries, for a pack whose rules give one of them a meaning of its own
        (ESTRO: each player draws from their own deck, not the shared one the core's `draw` reads), or whose
        table stays closed over its registry (LOE v2 leaves out the core entries its registry does not keep)."""
        unknown = [name for name in names if name not in self.table]
        if unknown:
            raise ValueError(f"no handler to leave out for {', '.join(unknown)}")
        copy = HandlerSet()
        copy.table = {name: handler for name, handler in self.table.items() if name not in names}
        return copy


@dataclass(frozen=True)
class HandlerTable:
    game: str
    handlers: Mapping[str, Handler]

    def __getitem__(self, name: str) -> Handler:
        return self.handlers[name]

    def __contains__(self, name: object) -> bool:
        return name in self.handlers

    def missing(self, registry: EffectRegistry) -> list[str]:
        """Registry entries this table cannot execute."""
        return [entry.name for entry in registry if entry.name not in self.handlers]


def build_table(game: str, *sets: HandlerSet) -> HandlerTable:
    merged: dict[str, Handler] = {}
    for handler_set in sets:
        for name, handler in handler_set.table.items():
            if name in merged:
                raise ValueError(f"entry '{name}' has a handler in two sets")
            merged[name] = handler
    return HandlerTable(game, merged)


def handler_table(registry: EffectRegistry, *own: HandlerSet) -> HandlerTable:
    """A game's handler table: its own handlers, and the core's handler of each core entry its registry keeps.

    A core entry the pack's own sets handle keeps the pack's meaning (as `CORE.without` does); the
    core's handlers of entries the registry left out are not in the table, so a handler without an
    entry cannot hide there."""
    from carddb.sim.core_handlers import CORE  # (it registers its handlers with this module's HandlerSet)

    mine = {name for handler_set in own for name in handler_set.table}
    kept = HandlerSet()
    kept.table = {
        entry.name: CORE.table[entry.name]
        for entry in registry
        if entry.core and entry.name in CORE.table and entry.name not in mine
    }
    return build_table(registry.game, kept, *own)


# -- reading a phrase's arguments ------------------------------------------------------


def number(phrase: Phrase, name: str = "amount", default: int = 0) -> int:
    value = phrase.arg(name)
    if isinstance(value, Number):
        return value.value
    return default


def quantity(phrase: Phrase, name: str = "quantity") -> Quantity:
    value = phrase.arg(name)
    if not isinstance(value, Quantity):
        raise TypeError(f"'{phrase.entry}' has no quantity '{name}'")
    return value


def selector(phrase: Phrase, name: str) -> Selector:
    value = phrase.arg(name)
    if not isinstance(value, Selector):
        raise TypeError(f"'{phrase.entry}' has no selector '{name}'")
    return value


def flag(phrase: Phrase, name: str) -> bool:
    return phrase.arg(name) is True


def text_arg(phrase: Phrase, name: str) -> str:
    value = phrase.arg(name)
    return value if isinstance(value, str) else ""


def compare(count: int, wanted: Quantity) -> bool:
    """`three or more`, `2 or less`, `no` (none)."""
    if wanted.comparison == "no":
        return count == 0
    if wanted.comparison == "less":
        return count <= wanted.amount
    return count >= wanted.amount


def closeness(count: int, wanted: Quantity) -> float:
    """How close `count` is to meeting `wanted`, 0..1 (1: met); for a bot's judgement."""
    if compare(count, wanted):
        return 1.0
    if wanted.comparison == "more":
        return count / wanted.amount if wanted.amount else 1.0
    # "no" or "or less": each card too many halves the closeness
    excess = count - (0 if wanted.comparison == "no" else wanted.amount)
    return float(0.5**excess)


def for_each(sel: Sel, act: Callable[[Game, int, Ctx], None]) -> Op:
    """The usual effect: do `act` to each card, player or stack item the selector names when it resolves."""

    def op(game: Game, ctx: Ctx) -> None:
        for x in sel.resolve(game, ctx):
            act(game, x, ctx)

    return op
