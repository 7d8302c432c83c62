"""Pieces of a turn that games share: starting it, readying cards, the main phase, hand limits.

A pack's `play_turn` is its own sequence of phases; these are the steps many games
have in it, so each is written once:

- `begin_turn`: the turn cap (a draw), the turn counters, and what lasts one turn
  (once-per-turn uses, damage prevented, cards destroyed this turn, the loop guard);
- `ready`: a player's cards in play lose the used mark (LOE: fatigue; LOE v2: untap);
- `main_phase`: the player acts until they pass, the stack resolving after each action;
- `hand_limit` and `discard_down`: the most cards a hand may keep at the end of a turn
  (the rule's number, or the newest `hand-size` static), and discarding down to it;
- `draw_up_to`: draw until the hand holds a number of cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from carddb.sim.decisions import PASS, Action, act, choose_many
from carddb.sim.game import Game
from carddb.sim.invariants import checkpoint
from carddb.sim.ops import discard, draw
from carddb.sim.stack import end_game, run

# A turn that offers its player this many main-phase actions ends (a bot that never
# passes must not hold a game forever); far above what any real turn needs.
MAX_MAIN_ACTIONS = 200


def begin_turn(game: Game, player: int, per_turn: Iterable[str] = ()) -> None:
    """`player`'s turn starts: a game past the turn cap ends as a draw; per-turn tallies start again, and so do
    the pack's own per-turn counters named in `per_turn` (LOE: Resources played, trades), every player's."""
    if game.turns[player] >= game.options.max_rounds:
        end_game(game, None, "turn cap")
    game.turn += 1
    game.turns[player] += 1
    game.steps = 0
    game.destroyed_turn.clear()
    game.tallies.clear()
    for counters in game.counters:
        for name in per_turn:
            counters.pop(name, None)


def ready(game: Game, player: int) -> None:
    """`player`'s cards in play lose the used mark."""
    used = game.used
    for uid in game.play[player]:
        used[uid] = False


def main_phase(game: Game, player: int, offer: Callable[[Game, int], list[Action]] | None = None) -> None:
    """`player` takes actions (`offer`: the pack's `main_actions`) until they pass; the stack resolves after each."""
    sim = game.sim
    options_of = offer if offer is not None else sim.main_actions
    checking = game.options.check_invariants  # (checkpoint's own test, once for the main phase)
    for _ in range(MAX_MAIN_ACTIONS):
        options = options_of(game, player)
        choice = act(game, player, [PASS, *options], "main")
        if choice.verb == "pass":
            return
        sim.perform(game, player, choice)
        run(game)
        if checking:
            checkpoint(game)


def hand_limit(game: Game, player: int, base: int) -> int:
    """The most cards `player` may keep: the newest `hand-size` static that applies, else `base` (the rule)."""
    found = [static for source, static in game.statics("hand-size") if static.applies(game, source, player)]
    return found[-1].amount if found else base


def discard_down(game: Game, player: int, limit: int) -> None:
    """`player` discards cards of their choice until they hold `limit`."""
    hand = game.hands[player]
    if len(hand) > limit:
        for uid in choose_many(game, player, "discard down to the hand size", list(hand), len(hand) - limit, "lose"):
            discard(game, uid)


def draw_up_to(game: Game, player: int, count: int) -> int:
    """`player` draws until they hold `count` cards (none if they already do); returns how many were drawn."""
    missing = count - len(game.hands[player])
    return draw(game, player, missing) if missing > 0 else 0
