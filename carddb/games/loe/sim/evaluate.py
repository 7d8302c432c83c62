"""How the greedy bot judges an LOE position, from what its seat may know.

score(player) - best score among the opponents, where a seat's score adds up:

| part | worth |
|---|---|
| a won game | +10,000 (a lost one: -10,000) |
| its Victory card's progress (mean of its conditions' closeness, 0..1) | 30 x progress, + 15 when every condition holds |
| cards in hand (up to the hand size) | 1 each |
| unspent powerstones | 0.3 each |
| Resources in play | 1.5 each |
| face-up Dukes | 2 + 0.4 x cost each; face-down Dukes 1.5 each |
| Items and Rituals in play | 1.5 + 0.3 x cost each |
| its Lord | 0.15 per point of health left (no Lord: -5) |

An opponent's Victory progress counts only if its card is face up or the seat has
looked at it; an opponent's face-down Dukes count by number, not by what they are.
"""

from __future__ import annotations

from carddb.games.loe.sim.board import lords, victory_card
from carddb.games.loe.sim.effects import Win
from carddb.pack_api import ZONE_PLAY, Ctx, Game, health

WIN = 10_000.0


def evaluate(game: Game, player: int) -> float:
    if game.over:
        if game.winner is None:
            return 0.0
        return WIN if game.winner == player else -WIN
    mine = seat_score(game, player, player)
    theirs = max(seat_score(game, other, player) for other in range(game.n) if other != player)
    return mine - theirs


def seat_score(game: Game, seat: int, viewer: int) -> float:
    defs, face_down = game.defs, game.face_down
    score = min(len(game.hands[seat]), game.sim.number("hand-size")) * 1.0 + game.pool[seat] * 0.3
    for uid in game.play[seat]:
        definition = defs[uid]
        kind = definition.kind
        if kind == "resource":
            score += 1.5
        elif kind == "duke":
            score += 1.5 if face_down[uid] else 2 + 0.4 * definition.cost
        elif kind in ("item", "ritual"):
            score += 1.5 + 0.3 * definition.cost
    found = lords(game, seat)
    if found:
        score += 0.15 * max(0, health(game, found[0]) - game.damage[found[0]])
    else:
        score -= 5
    uid = victory_card(game, seat)
    if uid >= 0 and (seat == viewer or not face_down[uid] or uid in game.known[viewer]):
        score += victory_progress(game, seat, uid)
    return score


def victory_progress(game: Game, seat: int, uid: int) -> float:
    program = game.defs[uid].effect
    if program is None or game.place[uid] != ZONE_PLAY:
        return 0.0
    ctx = Ctx(uid, seat, kind="victory")
    for step in program.steps:
        if isinstance(step.op, Win):
            progress = step.op.progress(game, ctx)
            return 30 * progress + (15 if progress >= 1.0 else 0)
    return 0.0


def card_value(game: Game, player: int, uid: int) -> float:
    definition = game.defs[uid]
    kind = definition.kind
    if kind == "resource":
        have = sum(1 for other in game.play[player] if game.defs[other].kind == "resource")
        return 3.0 if have < 5 else 1.5
    if kind in ("lord", "duke", "victory"):
        return 0.5  # a council card in a hand cannot be played
    return 1.0 + definition.cost * 0.5
