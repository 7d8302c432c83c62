"""Shards' state-based rules, checked after every stack item resolves, after every lethal-damage check
(`Simulator.state_checks`) and after every action.

- A Territory ceases to exist when no Building is left in it (the starting Territory too, once
  its player has another); the other kingdom cards in it are put into the graveyard. Cards in a
  Territory whose card has left play (Shatter) go with it.
- Domination and Prosperity (`board.check_victory`).
"""

from __future__ import annotations

from carddb.games.shards.sim import board
from carddb.games.shards.sim.board import TERRITORY
from carddb.pack_api import ZONE_DISCARD, Game, run

CHECKED = "checked"  # (player 0's counters) the clock + 1 when the state was last checked


def state_checks(game: Game) -> None:
    """Territories and Domination change only when a card changes zone (`Game.move` moves the clock), so a
    check with the clock where the last one left it has nothing to do (Prosperity is checked as counters land)."""
    counters = game.counters[0]
    if counters.get(CHECKED) == game.clock + 1:
        return
    changed = True
    while changed:
        changed = False
        for player in range(game.n):
            changed |= _territories(game, player)
    board.check_victory(game)
    counters[CHECKED] = game.clock + 1


def _territories(game: Game, player: int) -> bool:
    existing = board.territories(game, player)
    marks, defs = game.marks[TERRITORY], game.defs
    with_building = {marks[uid] for uid in board.buildings(game, player)}
    gone: set[int] = set()
    for key in existing:
        if key in with_building:
            continue
        if key > 0 or len(existing) > 1:
            gone.add(key)
    doomed = [
        uid
        for uid in game.play[player]
        if defs[uid].kind in ("unit", "building")
        and (marks[uid] in gone or (marks[uid] > 0 and marks[uid] not in existing))
    ]
    doomed += [key - 1 for key in gone if key > 0]
    if not gone and not doomed:
        return False
    for key in gone:
        if key < 0:
            game.counters[player]["start-gone"] = 1
        if game.log is not None:
            game.trace(f"P{player + 1}'s {board.territory_name(game, key)} ceases to exist")
    for uid in doomed:
        if game.place[uid] == 2:
            game.move(uid, ZONE_DISCARD)
    game.lethal_dirty = True
    return True


def settle(game: Game) -> None:
    """Resolve everything waiting (triggers, windows, the stack), then the state-based rules."""
    run(game)
    state_checks(game)
    if game.pending or game.events:
        settle(game)
