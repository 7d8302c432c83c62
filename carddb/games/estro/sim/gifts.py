"""Gifts as they activate: on play, when a face-down card turns face up, as counter-moves, as a card is destroyed.

- A card's plain sentences (its Gift "on play") activate when it is played face up or turned
  face up: they go on the stack with their targets chosen, then resolve (`activate`).
- Triggers (`When ...`, `At the start of ...`) and statics are the core's: a face-up card in
  play hears its events and holds its statics; a face-down card does neither.
- Counter-moves: when a Gift of one player is put on the stack targeting a card of the other,
  each face-up card of that other player whose counter-move matches answers it at once
  (Gifts activate by themselves), on top of it: the counter-move resolves first, and the
  countered Gift does nothing (the rulebook's decision on the seed's "the latter is resolved first").
- As a card would be destroyed, its own `When this card would be destroyed` Gift is resolved at
  once, face up or face down (seed 002: "a Gift can also prevent the card from being destroyed");
  if it kept the card on the field or sent it elsewhere, the card is not destroyed.
"""

from __future__ import annotations

from collections.abc import Sequence

from carddb.games.estro.sim.board import BOOST, SAVED, ZONE_KIND
from carddb.pack_api import (
    ZONE_PLAY,
    Ctx,
    Event,
    Game,
    Program,
    StackItem,
    choose_targets,
    emit,
    execute,
    push,
)

COUNTER_MOVE = "counter-move"
WOULD_BE_DESTROYED = "would-be-destroyed"
TURNED_FACE_UP = "turned-face-up"


def activate(
    game: Game, uid: int, controller: int, program: Program | None, preset: Sequence[int] | None = None
) -> None:
    """Put the card's Gift on the stack (it resolves in the stack loop); a Gift without a legal target does nothing."""
    if program is None:
        return
    ctx = Ctx(uid, controller)
    if not choose_targets(game, controller, program, ctx, preset):
        if game.log is not None:
            game.trace(f"{game.name(uid)}'s Gift has no legal target and does nothing")
        return
    label = f"{game.name(uid)}: {program.text.strip()}" if game.log is not None else ""
    push(game, StackItem(game, uid, controller, program, ctx, "ability", card=False, label=label))


def turn_face_up(game: Game, uid: int) -> None:
    """A face-down card is turned face up: it has its values again, and its Gift activates as if just played."""
    if game.place[uid] != ZONE_PLAY or not game.face_down[uid]:
        return
    game.flip(uid, False)
    controller = game.controller[uid]
    if game.log is not None:
        game.trace(f"{game.name(uid)} is turned face up")
    emit(game, Event(TURNED_FACE_UP, controller, uid))
    activate(game, uid, controller, game.defs[uid].effect)


def turn_face_down(game: Game, uid: int) -> None:
    """The card loses its values and its Gift until it is turned face up (its changes until end of turn too)."""
    if game.place[uid] != ZONE_PLAY or game.face_down[uid] or game.defs[uid].kind == ZONE_KIND:
        return
    game.flip(uid, True)
    since = game.since[uid]
    for key in [k for k in game.tallies if k[0] == BOOST and k[1] == uid and k[2] == since]:
        del game.tallies[key]
    if game.log is not None:
        game.trace(f"{game.name(uid)} is turned face down")


def answer(game: Game, item: StackItem) -> None:
    """`Simulator.on_push`: the counter-moves that answer a Gift as it targets an opponent's card."""
    program = item.program
    if program is None or not program.targets or item.card:
        return
    ctx_targets = item.ctx.targets
    defs, face_down = game.defs, game.face_down
    for slot in program.targets:
        if slot.selector.domain != "card" or slot.index >= len(ctx_targets):
            continue
        target = ctx_targets[slot.index]
        if target < 0 or game.controller[target] == item.controller:
            continue
        defender = game.controller[target]
        for uid in game.play[defender]:
            timed = defs[uid].timed
            if timed is None or face_down[uid] or timed.timing != COUNTER_MOVE:
                continue
            event = Event("gift-targets", item.controller, target, item=item)
            ctx = Ctx(uid, defender, event=event)
            if timed.event.match(game, event, ctx) and all(cond.test(game, ctx) for cond in timed.conditions):
                label = f"{game.name(uid)}: counter-move" if game.log is not None else ""
                push(game, StackItem(game, uid, defender, timed.program, ctx, "ability", card=False, label=label))
                return  # one answer is enough: the Gift is countered


def save_from_destruction(game: Game, uid: int) -> bool:
    """`Simulator.replace_destroy`: the card's own `would be destroyed` Gift, resolved at once; True if it saved it."""
    definition = game.defs[uid]
    if WOULD_BE_DESTROYED not in definition.listens:
        return False
    controller = game.controller[uid]
    event = Event(WOULD_BE_DESTROYED, controller, uid)
    for ability in definition.triggered:
        if WOULD_BE_DESTROYED not in ability.event.types:
            continue
        ctx = Ctx(uid, controller, event=event)
        if not ability.event.match(game, event, ctx):
            continue
        if game.log is not None:
            game.trace(f"{game.name(uid)} would be destroyed: {ability.text}")
        execute(game, ability.program, ctx)
        saved = game.tallies.pop((SAVED, uid), 0)
        if saved or game.place[uid] != ZONE_PLAY:
            return True
    return False
