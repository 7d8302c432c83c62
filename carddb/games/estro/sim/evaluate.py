"""How the greedy bot judges an ESTRO position, from what its seat may know.

score(player) - score(opponent), where a seat's score adds up:

| part | worth |
|---|---|
| a won game | +10,000 (a lost one: -10,000) |
| a face-up card on its field | 4 + TOT / 15 |
| a face-down card on its field | 3 (an opponent's: its TOT is not known) |
| cards in hand (up to the hand size) | 0.8 each |
| no cards on the field after round `field-win-round` - 1 | -40 (the empty field is about to lose) |
| an empty deck | -2 |

More cards and a higher TOT sum are what wins at the end of round `final-round`, and a card
on the field is what every attack takes away: the field weighs most.
"""

from __future__ import annotations

from carddb.games.estro.sim.board import completed_rounds, deck, fighters
from carddb.games.estro.sim.stats import values
from carddb.pack_api import Game

WIN = 10_000.0


def evaluate(game: Game, player: int) -> float:
    if game.over:
        if game.winner is None:
            return 0.0
        return WIN if game.winner == player else -WIN
    return seat_score(game, player) - seat_score(game, 1 - player)


def seat_score(game: Game, seat: int) -> float:
    sim = game.sim
    score = 0.0
    field = fighters(game, seat)
    for uid in field:
        found = values(game, uid)
        score += 3.0 if found is None else 4.0 + found[-1] / 15
    score += 0.8 * min(len(game.hands[seat]), sim.number("hand-size"))
    if not field and completed_rounds(game) >= sim.number("field-win-round") - 1:
        score -= 40
    if not deck(game, seat):
        score -= 2
    return score


def card_value(game: Game, player: int, uid: int) -> float:
    """A card's rough worth: its printed TOT (a Zone card a middling one), face down or not."""
    numbers = game.defs[uid].numbers
    return numbers.get("tot", 60) / 10
