"""The stack: Last In, First Out, with Reactions answering events and priority passed around the table.

`run` is the loop after every action: put waiting triggered abilities on the stack
(their targets chosen then), open a response window for each waiting event (each
player, from the one after the active player, may answer once: a Reaction whose
timing condition names the event, or an instant-speed action the pack allows),
then resolve the top item, check for cards whose damage reached their health,
and repeat until nothing is left. An answer is itself put on the stack and opens
its own window, so Reactions answer Reactions to any depth players can pay for.
"""

from __future__ import annotations

from typing import Any

from carddb.sim.decisions import PASS, act, choose, confirm
from carddb.sim.events import PendingTrigger, emit
from carddb.sim.game import Game, GameOver
from carddb.sim.ops import check_lethal
from carddb.sim.program import Ctx, Event, Program


class StackItem:
    """A played card, an activated or triggered ability, or a Victory attempt, waiting to resolve."""

    __slots__ = ("ability", "card", "controller", "ctx", "id", "kind", "label", "program", "source")

    def __init__(
        self,
        game: Game,
        source: int,
        controller: int,
        program: Program | None,
        ctx: Ctx,
        kind: str,
        *,
        card: bool,
        label: str,
    ) -> None:
        self.id = game.next_item
        game.next_item += 1
        self.source = source
        self.controller = controller
        self.program = program
        self.ctx = ctx
        self.kind = kind  # the card's kind for a played card, "ability" for an ability
        self.card = card  # a played card (it moves when it resolves or is countered)
        self.ability = not card
        self.label = label

    def copy(self) -> StackItem:
        new = object.__new__(StackItem)
        new.id, new.source, new.controller, new.program = self.id, self.source, self.controller, self.program
        new.ctx, new.kind, new.card, new.ability, new.label = (
            self.ctx.copy(),
            self.kind,
            self.card,
            self.ability,
            self.label,
        )
        return new


def choose_targets(game: Game, player: int, program: Program | None, ctx: Ctx, preset: Any = None) -> bool:
    """Fill `ctx.targets` for every target slot; False if a slot has no legal target."""
    if program is None or not program.targets:
        return True
    ctx.targets = [-1] * len(program.targets)
    for slot in program.targets:
        options = slot.selector.candidates(game, ctx)
        if not options:
            return False
        if preset is not None and slot.index < len(preset) and preset[slot.index] in options:
            chosen = preset[slot.index]
            if len(options) > 1 and game.stats is not None and game.stats.decisions is not None:
                game.stats.decisions.append(options.index(chosen))
        else:
            chosen = choose(game, player, f"target: {slot.selector.text}", options, slot.selector.hint)
        ctx.targets[slot.index] = chosen
    return True


def has_targets(game: Game, program: Program | None, ctx: Ctx) -> bool:
    """Whether every target slot has at least one legal target now (else the card cannot be played)."""
    if program is None:
        return True
    targets = program.targets
    if len(targets) == 1:  # the usual case, without a generator
        return targets[0].selector.exists(game, ctx)
    return all(slot.selector.exists(game, ctx) for slot in targets)


def push(game: Game, item: StackItem, event: Event | None = None) -> None:
    game.stack.append(item)
    if game.log is not None:
        game.trace(f"P{item.controller + 1} puts {item.label} on the stack")
    game.sim.on_push(game, item)
    if event is not None and item in game.stack:  # (a Ward may have countered it already)
        emit(game, event)


def item_by_id(game: Game, item_id: int) -> StackItem | None:
    for item in game.stack:
        if item.id == item_id:
            return item
    return None


def run(game: Game) -> None:
    """Resolve everything: triggers, response windows, the stack, until it is empty."""
    limit = game.options.max_steps_per_turn
    while True:
        _flush(game)
        if not game.stack:
            return
        item = game.stack.pop()
        game.steps += 1
        if game.steps > limit:
            end_game(game, None, "loop")
        resolve(game, item)
        check_lethal(game)  # (and the pack's state-based rules, after every item)
        if game.over:
            raise GameOver


def resolve(game: Game, item: StackItem) -> None:
    if game.log is not None:
        game.trace(f"{item.label} resolves")
    program = item.program
    if program is not None:
        execute(game, program, item.ctx)
    if game.over:
        raise GameOver
    if item.card:
        game.sim.resolve_card(game, item)


def execute(game: Game, program: Program, ctx: Ctx) -> None:
    for step in program.steps:
        if step.conditions and not all(cond.test(game, ctx) for cond in step.conditions):
            continue
        if step.optional and not confirm(game, ctx.controller, f"you may: {step.text}"):
            continue
        step.op(game, ctx)
        if game.over:
            return


def _flush(game: Game) -> None:
    if game.lethal_dirty:
        check_lethal(game)
    while game.pending or game.events:
        if game.pending:
            _put_trigger(game, game.pending.pop(0))
        else:
            _window(game, game.events.pop(0))
        if game.lethal_dirty:
            check_lethal(game)
        if game.over:
            raise GameOver


def _put_trigger(game: Game, pending: PendingTrigger) -> None:
    ability = pending.ability
    ctx = Ctx(pending.source, pending.controller, event=pending.event)
    if not choose_targets(game, pending.controller, ability.program, ctx):
        return  # no legal target: the ability does nothing
    label = f"{game.name(pending.source)}: {ability.text}" if game.log is not None else ""
    push(
        game,
        StackItem(game, pending.source, pending.controller, ability.program, ctx, "ability", card=False, label=label),
    )


def _window(game: Game, event: Event) -> None:
    players = game.n
    player = (game.active + 1) % players
    sim = game.sim
    for _ in range(players):
        options = sim.responses(game, player, event)
        if options:
            choice = act(game, player, [PASS, *options], "respond")
            if choice.verb != "pass":
                sim.perform(game, player, choice)
        player = (player + 1) % players


def answer_now(game: Game, event: Event) -> None:
    """Open `event`'s response window now and resolve what is put on the stack in answer to it (and what answers
    that), leaving what was on the stack before as it was.

    For an event the rules cannot wait for: a replacement (LOE v2: `When a Troop you control would be
    destroyed`) must be answered before the destruction it could prevent."""
    depth = len(game.stack)
    limit = game.options.max_steps_per_turn
    _window(game, event)
    while True:
        _flush(game)
        if len(game.stack) <= depth:
            return
        item = game.stack.pop()
        game.steps += 1
        if game.steps > limit:
            end_game(game, None, "loop")
        resolve(game, item)
        if game.lethal_dirty:
            check_lethal(game)
        if game.over:
            raise GameOver


def end_game(game: Game, winner: int | None, reason: str) -> None:
    game.over = True
    game.winner = winner
    game.end_reason = reason
    if game.log is not None:
        game.trace(f"game over: {reason}" + (f", P{winner + 1} wins" if winner is not None else ", a draw"))
    raise GameOver
