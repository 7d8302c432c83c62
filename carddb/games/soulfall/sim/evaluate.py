"""How the greedy bot judges a SoulFall position, from what its seat may know.

score(player) - the best opponent's score, where a seat's score adds up:

| part | worth |
|---|---|
| a won game | +10,000 (a lost one: -10,000; a tie 0) |
| the Tribe's points, by the scoring table | 1 each |
| a Temple (0 points) | 1: a Special Ability every turn, and half the Shrine of Solitude it can become (one more Deify) |
| a Follower | 0.2 more: it may become a Citadel |
| a Lord card in hand | 0.5, and 0.4 more if the seat could Deify with it now (the seat's own hand only) |
| a card in the Tribe | 0.01 (a tie on points goes to the bigger Tribe) |

The bot knows its own Shells' Broken sides but does not value them here: an opponent's
Shells are secret, and a Shell counts by its points until it is broken (breaking one is
played out, ability and all, when the bot weighs it).
"""

from __future__ import annotations

from carddb.games.soulfall.sim.actions import deify_options
from carddb.games.soulfall.sim.board import count, opponents, points
from carddb.pack_api import Game

WIN = 10_000.0


def evaluate(game: Game, player: int) -> float:
    if game.over:
        if game.winner is None:
            return 0.0
        return WIN if game.winner == player else -WIN
    mine = seat_score(game, player, own=True)
    theirs = max(seat_score(game, other, own=False) for other in opponents(game, player))
    return mine - theirs


def seat_score(game: Game, seat: int, *, own: bool) -> float:
    score = float(points(game, seat))
    score += 1.0 * count(game, seat, "temple") + 0.2 * count(game, seat, "follower")
    score += 0.01 * len(game.play[seat])
    hand = game.hands[seat]
    score += 0.5 * len(hand)
    if own and hand:
        score += 0.4 * len(deifiable(game, seat))
    return score


def deifiable(game: Game, player: int) -> set[int]:
    """The Lord cards of the hand that Deify could discard now (to gain a Temple or make a Shrine)."""
    return {option.targets[0] for option in deify_options(game, player) if option.targets}


def card_value(game: Game, player: int, uid: int) -> float:
    """A Lord card's worth to keep (which to discard after Meditate): more if it can Deify now."""
    return 1.0 + (1.0 if uid in deifiable(game, player) else 0.0)
