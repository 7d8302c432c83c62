"""What the time windows keep in the game: effects that hear events, and the plays a game's rules note.

A `Watch` is a lasting effect (it lives in `Game.lasting`, beside `carddb.sim.broad_state.Lasting`)
that hears every event while it is kept: `carddb.sim.events.emit` hands it each one. The time
windows make them: a delayed trigger (`At the start of your next turn, ...`) is a watch that puts its
ability among the pending triggers when its event comes, then drops itself; the next card of a kind
(`Your next attack this turn ...`) is claimed by a watch that hears it played.

`note_play` is what a game's rules call when a player plays a card: the `plays` event, and the count
of this turn's plays of the card (`("played", turn, uid)` in `Game.tallies`, which the conditions
`you have played ... this turn` and `this is the first time you played this card this turn` read);
`note_act` likewise when a card or player does one of the game's verbs (`you quested this turn`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from carddb.sim.events import emit
from carddb.sim.program import Event

if TYPE_CHECKING:
    from carddb.sim.game import Game


@dataclass(frozen=True, eq=False)
class Watch:
    """A lasting effect that hears events: `on(game, event, self)` for each event while `alive`."""

    source: int
    controller: int
    alive: Callable[[Game], bool]
    on: Callable[[Game, Event, Watch], None]
    text: str = ""
    # What `Game.static_layers` and `expire_lasting` read of every lasting effect: a watch has neither.
    static = None
    revert = None

    def hear(self, game: Game, event: Event) -> None:
        if self.alive(game):
            self.on(game, event, self)


def drop(game: Game, effect: object) -> None:
    """The effect is no longer kept (a one-shot watch that fired, a claim made)."""
    game.lasting = [e for e in game.lasting if e is not effect]


def serial(game: Game) -> tuple[str, int]:
    """A key of `Game.tallies` no other effect of this turn uses (the time windows' claims)."""
    count = game.tallies.get(("window-serial",), 0) + 1
    game.tallies[("window-serial",)] = count
    return ("window", count)


def note_play(game: Game, player: int, uid: int) -> None:
    """`player` plays card `uid` (a game's rules call it as the card is played): counted, then the event."""
    key = ("played", game.turn, uid)
    game.tallies[key] = game.tallies.get(key, 0) + 1
    emit(game, Event("plays", player, uid))


def plays_this_turn(game: Game, uid: int) -> int:
    return game.tallies.get(("played", game.turn, uid), 0)


def acted_key(game: Game, verb: str, who: int, *, player: bool) -> tuple[object, ...]:
    """Where `Game.tallies` counts this turn's uses of a game verb by a card (`("acted", turn, verb, uid)`, which
    `has-acted` reads too) or by a player (a key of its own: a player's index is also some card's uid)."""
    return ("acted-player" if player else "acted", game.turn, verb, who)


def note_act(game: Game, player: int, verb: str, uid: int = -1) -> None:
    """Card `uid` of `player` (or, with none, the player) does one of the game's verbs (a game's rules call it):
    counted for this turn (`you quested this turn`), then the `acts:<verb>` event (`Whenever you quest`)."""
    key = acted_key(game, verb, uid if uid >= 0 else player, player=uid < 0)
    game.tallies[key] = game.tallies.get(key, 0) + 1
    emit(game, Event(f"acts:{verb}", player, uid))


def attack_under_way(game: Game) -> bool:
    """Whether a card is attacking (the game's rules mark attackers `attacking`): damage now is an attack's."""
    from carddb.sim.broad_state import mark

    return any(mark(game, "attacking"))


def damage_reduced(game: Game, target: int, amount: int, *, player: bool = False) -> int:
    """Damage left after the continuous reductions of `damage-reduction` (`takes 2 less damage`, `from attacks`
    only while an attack is under way); carddb.sim.broad_state.damage_after_shields takes them first."""
    found = game.statics("damage-taken")
    if not found or player:
        return amount
    attacking = any(static.kinds for _, static in found) and attack_under_way(game)
    for source, static in found:
        if static.kinds and not attacking:
            continue
        if static.applies(game, source, target):
            amount = max(0, amount - static.amount)
    return amount
