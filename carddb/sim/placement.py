"""Spaces: shared cards a player selects to act (worker placement), each open again once a round ends.

A game of placement lays a few cards in a shared zone (one per thing a player may do);
a player who selects one does what it says and it is closed (turned aside, face down)
until the pack reopens every space, at the end of a round or a turn. The cards stay in
their zone all game: whether a space is taken is kept beside them, in `game.tallies`,
so it is copied with the game (a bot's imagined world) and never confused with a
card's facing (the core's invariants allow face-down cards only in play).

Each seat's uses of each space are counted in `game.counters` (`space_uses`), so
a pack's `describe` can put them in the game's record and the report can say how
often a winner selected each space. A selection is also recorded as the seat playing
that card (`GameStats.play`), for the report's card tables.

A turn offers `space_options` through `act` (so a bot weighs each), and the pack's
`Simulator.perform` of a `SELECT` action calls `take_space` and then does what the space says:
the bots' imagined worlds go through the same `perform`.
"""

from __future__ import annotations

from carddb.sim.decisions import Action
from carddb.sim.game import Game

SELECT = "select"  # the verb of the actions `space_options` offers
_TAKEN = "taken space"  # game.tallies[(_TAKEN, uid)] = the player who took it
_USES = "uses:"  # game.counters[player][_USES + card id] = times the seat selected that space


def space_is_open(game: Game, uid: int) -> bool:
    return (_TAKEN, uid) not in game.tallies


def open_spaces(game: Game, zone: int) -> list[int]:
    """The cards of `zone` (a shared zone of spaces) that no one has taken since they were last reopened."""
    tallies = game.tallies
    return [uid for uid in game.zone_list(zone, 0) if (_TAKEN, uid) not in tallies]


def space_taken_by(game: Game, uid: int) -> int | None:
    return game.tallies.get((_TAKEN, uid))


def taken_spaces(game: Game, zone: int) -> list[tuple[int, int]]:
    """(space, player) for every taken space of `zone`, in the zone's order."""
    return [(uid, game.tallies[(_TAKEN, uid)]) for uid in game.zone_list(zone, 0) if (_TAKEN, uid) in game.tallies]


def space_options(game: Game, zone: int) -> list[Action]:
    """An action for every open space of `zone`: what `act` offers a player who must select one."""
    defs = game.defs
    return [Action(SELECT, uid, label=defs[uid].name) for uid in open_spaces(game, zone)]


def take_space(game: Game, player: int, uid: int) -> None:
    """`player` selects the space `uid`: it is closed until `reopen_spaces`, and counted as a use."""
    if (_TAKEN, uid) in game.tallies:
        raise ValueError(f"{game.defs[uid].id} is already taken")
    game.tallies[(_TAKEN, uid)] = player
    key = _USES + game.defs[uid].id
    counters = game.counters[player]
    counters[key] = counters.get(key, 0) + 1
    if game.stats is not None:
        game.stats.play(game, player, uid)
    if game.log is not None:
        game.trace(f"P{player + 1} selects {game.defs[uid].name}")


def reopen_spaces(game: Game, zone: int) -> None:
    """Every space of `zone` is open again."""
    tallies = game.tallies
    for uid in game.zone_list(zone, 0):
        tallies.pop((_TAKEN, uid), None)


def space_uses(game: Game, player: int) -> dict[str, int]:
    """How many times `player` selected each space, by card id (spaces never selected are absent)."""
    return {key[len(_USES) :]: count for key, count in sorted(game.counters[player].items()) if key.startswith(_USES)}
