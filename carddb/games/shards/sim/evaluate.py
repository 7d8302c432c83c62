"""How the greedy bot judges a Shards position: its kingdom against its opponent's.

A seat's score: each Building (what is left of its defence, and more for the last ones, which
Domination counts), each Unit (offence and health left), Policies, development counters (the
Grand card's progress towards Prosperity weighs more as it nears `prosperity-counters`), the
resource pool, cards in hand (less than a Research that ends the turn costs), and Attrition's threat when the deck is low. During a combat the
defender's score loses the offence of the attackers still in it (the damage about to land), so
an answer in a combat window is worth what it saves. A won game is +10,000, a lost one -10,000.
"""

from __future__ import annotations

from carddb.games.shards.sim import board
from carddb.games.shards.sim.board import ATTACKING, DEVELOPMENT, LINGERING, keyword, offence
from carddb.pack_api import Game, health

WIN = 10_000.0
# Research ends the turn: what the rest of a Main Phase is worth, which a one-ply look cannot see.
RESEARCH_COST = 3.0


def evaluate(game: Game, player: int) -> float:
    if game.over:
        if game.winner is None:
            return 0.0
        return WIN if game.winner == player else -WIN
    mine = side(game, player)
    theirs = max(side(game, p) for p in range(game.n) if p != player)
    return mine - theirs


def side(game: Game, player: int) -> float:
    defs, damage = game.defs, game.damage
    score = 0.0
    buildings = board.buildings(game, player)
    if not buildings and not game.counters[player].get("grace"):
        return -WIN
    score += 12.0 / len(buildings) if buildings else 0.0  # the fewer Buildings, the more each one is worth
    grand = game.sim.prosperity  # type: ignore[attr-defined]
    development, attacking, lingering = game.marks[DEVELOPMENT], game.marks[ATTACKING], game.marks[LINGERING]
    for uid in game.play[player]:
        kind = defs[uid].kind
        if lingering[uid]:
            continue
        left = health(game, uid) - damage[uid]
        if kind == "unit":
            score += 1.5 + 1.2 * offence(game, uid) + 0.5 * left
        elif kind == "building":
            score += 4.0 + 0.5 * left
        elif kind == "policy":
            score += 2.0 + defs[uid].cost
        elif kind == "territory":
            score += 1.0
        counters = development[uid]
        if counters:
            score += 1.0 * counters
            if keyword(game, uid, "grand"):
                score += 60.0 * (counters / grand) ** 2
    # A card in hand is worth less than the resources it scraps for, and both less than what they
    # put in play: a one-ply bot then scraps to play rather than hoarding.
    score += 0.8 * game.pool[player] + 0.9 * board.advanced_total(game, player)
    score += 0.5 * len(game.hands[player])
    if game.counters[player].get("research-end"):
        score -= RESEARCH_COST
    deck = len(game.deck_of(player))
    if deck < 3:
        score -= 3.0 * (3 - deck)
    if game.counters[game.active].get("combat") and player != game.active:
        threat = sum(offence(game, uid) for uid in game.play[game.active] if attacking[uid] and not game.used[uid])
        score -= 1.5 * threat
    return score


def card_value(game: Game, player: int, uid: int) -> float:
    definition = game.defs[uid]
    value = definition.cost + sum(n for _, n in definition.cost_resources)
    return value + 0.5 * definition.numbers.get("offence", 0) + 0.1 * definition.health
