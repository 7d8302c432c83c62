"""What rules text compiles to: programs of steps, costs, triggers, statics, and the context they run in.

Each card's abilities are compiled once per run (`carddb.sim.compiler`); a game
then only calls these objects. They hold no game state: everything a step reads
or changes is in the `Game` it is given, so one catalogue serves every game and
every copy of a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from carddb.sim.game import Game
    from carddb.sim.selectors import Sel


class Ctx:
    """Where a program runs: its card, its controller, its chosen targets, the event that started it.

    `last` holds what the most recent selector named, for `it` and `its controller`; `notes` what
    the broad phrasebook's effects tell later sentences (`If you do`, coins flipped, cards looked at).
    """

    __slots__ = ("controller", "event", "kind", "last", "notes", "source", "targets")

    def __init__(
        self,
        source: int,
        controller: int,
        targets: list[int] | None = None,
        event: Event | None = None,
        kind: str = "ability",
    ) -> None:
        self.source = source
        self.controller = controller
        self.targets: list[int] = targets if targets is not None else []
        self.event = event
        self.kind = kind  # what targets: a card kind ("spell") or "ability" (for "cannot be targeted by ...")
        self.last: list[int] | None = None
        self.notes: dict[str, Any] | None = None

    def copy(self) -> Ctx:
        ctx = Ctx(self.source, self.controller, list(self.targets), self.event, self.kind)
        ctx.last = self.last
        ctx.notes = dict(self.notes) if self.notes is not None else None
        return ctx


class Event:
    """Something that happened: a card played, damage dealt, a trade... Triggers and Reactions match these.

    `player` is who did it (or whose it was), `subject` the card it concerns (-1
    for none), `item` the stack item it put on the stack, if any.
    """

    __slots__ = ("amount", "item", "kind", "player", "subject", "targets", "type")

    def __init__(
        self,
        type: str,
        player: int,
        subject: int = -1,
        amount: int = 0,
        item: Any = None,
        targets: tuple[int, ...] = (),
        kind: str = "",
    ) -> None:
        self.type = type
        self.player = player
        self.subject = subject
        self.amount = amount
        self.item = item
        self.targets = targets  # card targets of the played card or ability
        self.kind = kind  # the kind of what was put on the stack ("spell", "ability", ...)


Op = Callable[["Game", Ctx], None]


class Cond(Protocol):
    """A condition: whether it holds now, and how close it is (0..1) for a bot's judgement."""

    def test(self, game: Game, ctx: Ctx) -> bool: ...

    def progress(self, game: Game, ctx: Ctx) -> float: ...


class CostOp(Protocol):
    """One cost of an activated ability: whether it can be paid now, and paying it."""

    text: str

    def can_pay(self, game: Game, ctx: Ctx) -> bool: ...

    def pay(self, game: Game, ctx: Ctx) -> bool: ...


@dataclass(frozen=True, slots=True)
class EventMatch:
    """A trigger's event: the event types it listens to and the test a matching event passes."""

    types: frozenset[str]
    match: Callable[[Game, Event, Ctx], bool]
    text: str = ""


@dataclass(frozen=True, slots=True)
class Step:
    """One sentence: its operation, `You may`, and the `If ...,` conditions it needs."""

    op: Op
    optional: bool = False
    conditions: tuple[Cond, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class TargetSlot:
    """A `target ...` selector: chosen when the ability is put on the stack, checked again when it resolves."""

    index: int
    selector: Sel


@dataclass(frozen=True, slots=True)
class Program:
    steps: tuple[Step, ...]
    targets: tuple[TargetSlot, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Activated:
    """`COSTS: EFFECTS.`, with the restrictions written after the effects.

    `pool_cost` and `uses_self` summarise the costs (a cost object may declare them) so
    that deciding whether the ability can be used starts with two cheap tests.
    """

    index: int
    costs: tuple[CostOp, ...]
    program: Program
    once_per_turn: bool = False
    own_turn_only: bool = False
    text: str = ""
    pool_cost: int = 0  # the turn's currency its costs take (LOE: powerstones)
    uses_self: bool = False  # one of its costs marks the card itself used (LOE: fatigues it)
    limits: frozenset[str] = frozenset()  # every restriction written after it, the pack's own included
    conditions: tuple[Cond, ...] = ()  # a condition keyword's: it can be used only while they hold
    # The costs whose `can_pay` the two summaries above do not already answer (a cost class
    # that declares `summarised = True` is fully described by them): the only ones asked.
    checks: tuple[CostOp, ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        checks = tuple(cost for cost in self.costs if not getattr(cost, "summarised", False))
        object.__setattr__(self, "checks", checks)


@dataclass(frozen=True, slots=True)
class Triggered:
    """`When EVENT, EFFECTS.` (or a turn trigger): goes on the stack when its event happens."""

    index: int
    event: EventMatch
    program: Program
    text: str = ""


@dataclass(frozen=True, slots=True)
class Timed:
    """A timing condition (`Reaction - When EVENT, if CONDITION: EFFECTS.`): when the card may be played."""

    timing: str
    event: EventMatch
    conditions: tuple[Cond, ...]
    program: Program
    text: str = ""


@dataclass(frozen=True, slots=True)
class Static:
    """A continuous effect while its card is in play, filed under a `layer` the rules ask about.

    `applies(game, source, x)` says whether it applies to `x` (a card, or a player
    for player layers); `amount` is its number; `kinds` the card kinds it names.
    """

    layer: str
    applies: Callable[[Game, int, int], bool] = field(default=lambda g, s, x: True)
    amount: int = 0
    kinds: frozenset[str] = frozenset()
    text: str = ""
    # The broad phrasebook's `... for each X`: how many times the amount counts, given the game and the source.
    scale: Callable[[Game, int], int] | None = None


ONCE_PER_TURN = "once-per-turn"
OWN_TURN_ONLY = "own-turn-only"


@dataclass(frozen=True, slots=True)
class Restriction:
    """A sentence that limits the activated ability it follows: `ONCE_PER_TURN` or `OWN_TURN_ONLY`."""

    limit: str


@dataclass(frozen=True, slots=True)
class Repeat:
    """`Repeat this N times` (broad phrasebook): the sentences before it in the ability happen N more times."""

    times: int


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword and its number (1 for keywords without one)."""

    name: str
    amount: int = 1


@dataclass(frozen=True, slots=True)
class Timing:
    """A timing condition's word (`Reaction`): the kind of play it allows."""

    name: str
