"""Events: triggered abilities that hear them, and the response windows they open.

`emit` is called where something happens, before the state moves on (a destroyed
card's own "when this is destroyed" and its Items' "when coupled character is
destroyed" still hear it). Matching triggers wait in `game.pending` until the
stack loop puts them on the stack; an event someone could answer (a Reaction's
timing condition names it, or it is a play that instant-speed actions may answer)
waits in `game.events` for its response window (`carddb.sim.stack`).
"""

from __future__ import annotations

from typing import NamedTuple

from carddb.sim.game import ZONE_PLAY, Game
from carddb.sim.program import Ctx, Event, Triggered


class PendingTrigger(NamedTuple):
    source: int
    controller: int
    ability: Triggered
    event: Event


def emit(game: Game, event: Event) -> None:
    kind = event.type
    if game.listen.get(kind):
        _collect(game, event, kind)
    subject = event.subject
    if subject >= 0 and game.place[subject] != ZONE_PLAY and kind in game.defs[subject].listens:
        _own_trigger(game, event, subject, kind)  # "When you play this card" from the stack or hand
    if game.reacts.get(kind) or kind in game.sim.instant_events:
        game.events.append(event)
    if game.lasting:  # effects that wait for an event (carddb.sim.windows_state.Watch)
        for effect in tuple(game.lasting):
            hear = getattr(effect, "hear", None)
            if hear is not None:
                hear(game, event)


def _collect(game: Game, event: Event, kind: str) -> None:
    by_player = game.listeners(kind)
    if not by_player:
        return
    defs = game.defs
    player = game.active
    ctx = Ctx(-1, player, event=event)  # one context for every test (a test only reads it, and `it`)
    for _ in range(game.n):  # the active player's triggers first, then around the table
        for uid in by_player[player]:
            for ability in defs[uid].triggered:
                if kind in ability.event.types:
                    ctx.source, ctx.controller, ctx.last = uid, player, None
                    if ability.event.match(game, event, ctx):
                        game.pending.append(PendingTrigger(uid, player, ability, event))
        player = (player + 1) % game.n


def _own_trigger(game: Game, event: Event, uid: int, kind: str) -> None:
    owner = game.controller[uid]
    for ability in game.defs[uid].triggered:
        if kind in ability.event.types:
            ctx = Ctx(uid, owner, event=event)
            if ability.event.match(game, event, ctx):
                game.pending.append(PendingTrigger(uid, owner, ability, event))
