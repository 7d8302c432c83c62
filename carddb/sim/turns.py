"""What every game's turn begins with, whatever its rules: the turn cap, the counts, this turn's tallies."""

from __future__ import annotations

from carddb.sim.game import Game
from carddb.sim.stack import end_game


def begin_turn(game: Game) -> int:
    """Begin `game.active`'s turn and return that player; the game ends as a draw ("turn cap") instead
    when the player has had `max_rounds` turns.

    Counts the turn (`game.turn`, `game.turns`), restarts the loop guard's count (`game.steps`),
    forgets what was counted for the last turn only (`game.tallies`, `game.destroyed_turn`) and
    writes the log's line. A pack's `play_turn` calls it first, then plays the turn its rules say."""
    player = game.active
    if game.turns[player] >= game.options.max_rounds:
        end_game(game, None, "turn cap")
    game.turn += 1
    game.turns[player] += 1
    game.steps = 0
    game.tallies.clear()
    game.destroyed_turn.clear()
    if game.log is not None:
        game.trace(f"turn {game.turns[player]} of P{player + 1} begins")
    return player
