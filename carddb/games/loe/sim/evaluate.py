"""How the greedy bot judges an LOE position, from what its seat may know.

score(player) - best score among the opponents, where a seat's score adds up:

| part | worth |
|---|---|
| a won game | +10,000 (a lost one: -10,000) |
| its Victory card's progress (mean of its conditions' closeness, 0..1) | 30 x progress, + 15 when every condition holds |
| cards in hand (up to the hand size) | 1 each |
| ... its own hand only: a card that would bring its Victory card closer once played | + 0.4 x what it would add (an Item for The Armoury of Kings) |
| unspent powerstones | 0.3 each up to the kept one and one more (they pay for Reactions on the next turns), then 0.1 |
| ... its own, up to the cost of the dearest Reaction in its hand | + 0.4 each (held up to answer the opponent's turn) |
| Resources in play | 1.5 each |
| Dukes | face up 2 + 0.4 x cost, face down 1.5, each times (1 + health left / health) / 2 |
| Items and Rituals in play | 1.5 + 0.3 x cost each |
| its Lord | 0.15 per point of health left (no Lord: -5) |

An opponent's Victory progress counts in full if its card is face up or the seat has
looked at it; else as a threat averaged over the Victory cards it could be (`suspects`:
those of the opponent's Lord's province and the neutral ones; `suspected_progress`). An opponent's face-down
Dukes count by number, not by what they are.

Why these worths (issue 35; the first judgement is `git show b905e97:carddb/games/loe/sim/evaluate.py`):
a hand was worth its size, whatever it held, so the bot never traded a useless card
for the Item its Victory card needed; damage that did not destroy a Duke was worth
nothing, so damage Spells were held for ever; and every unspent powerstone was worth
as much as one kept, though all but one are lost in the next upkeep.
"""

from __future__ import annotations

from carddb.games.loe.sim.board import MARKET, lords, victory_card
from carddb.games.loe.sim.effects import Win
from carddb.pack_api import ZONE_PLAY, CardDef, Ctx, Game, health

WIN = 10_000.0
NEAR = 40.0  # a suspected Victory card one step short of holding: the threat grows steeply as it nears
POTENTIAL = 0.4  # a card in hand is worth this share of the Victory progress it would add in play


def evaluate(game: Game, player: int) -> float:
    if game.over:
        if game.winner is None:
            return 0.0
        return WIN if game.winner == player else -WIN
    mine = seat_score(game, player, player)
    theirs = max(seat_score(game, other, player) for other in range(game.n) if other != player)
    return mine - theirs


def seat_score(game: Game, seat: int, viewer: int) -> float:
    defs, face_down, damage = game.defs, game.face_down, game.damage
    score = min(len(game.hands[seat]), game.sim.number("hand-size")) * 1.0
    kept = game.sim.number("powerstones-kept") + 1
    pool = game.pool[seat]
    score += min(pool, kept) * 0.3 + max(0, pool - kept) * 0.1
    if seat == viewer:
        # Powerstones kept to pay for a Reaction in hand are worth keeping: they answer the opponent's turn.
        reserve = max((defs[uid].cost for uid in game.hands[seat] if defs[uid].kind == "reaction"), default=0)
        score += 0.4 * min(pool, reserve)
    for uid in game.play[seat]:
        definition = defs[uid]
        kind = definition.kind
        if kind == "resource":
            score += 1.5
        elif kind == "duke":
            most = health(game, uid)
            left = max(0, most - damage[uid]) / most if most else 1.0
            score += (1.5 if face_down[uid] else 2 + 0.4 * definition.cost) * (1 + left) / 2
        elif kind in ("item", "ritual"):
            score += 1.5 + 0.3 * definition.cost
    found = lords(game, seat)
    if found:
        score += 0.15 * max(0, health(game, found[0]) - damage[found[0]])
    else:
        score -= 5
    uid = victory_card(game, seat)
    if uid >= 0 and (seat == viewer or not face_down[uid] or uid in game.known[viewer]):
        score += victory_progress(game, seat, uid, hand=seat == viewer)
    elif uid >= 0 and game.place[uid] == ZONE_PLAY:
        score += suspected_progress(game, seat, viewer, uid)
    return score


def suspects(game: Game, seat: int, viewer: int) -> list[CardDef]:
    """The Victory cards `viewer` cannot rule out for `seat`: those of its Lord's province, and neutral ones.

    A player who sees a Veldmoor Lord guesses at Veldmoor's Victory cards first; a card
    the viewer can see elsewhere (its own, one revealed) is not the hidden one.
    """
    found = lords(game, seat)
    province = game.defs[found[0]].faction if found else ""
    seen = {
        game.defs[uid].id
        for player in range(game.n)
        if (uid := victory_card(game, player)) >= 0 and (player == viewer or not game.face_down[uid])
    }
    return [
        d
        for d in game.catalogue.defs
        if d.kind == "victory" and d.id not in seen and d.faction in (province, "neutral", "")
    ]


def suspected_progress(game: Game, seat: int, viewer: int, uid: int) -> float:
    """An unseen Victory card's threat, averaged over the cards it could be (`suspects`).

    Each suspect whose every condition holds counts 45 (the seat may attempt it and win
    next), and short of that NEAR x the cube of the product of its conditions' closeness: a
    suspect is a threat only when all its conditions are near, not when one of them happens
    to hold, and most when it is one step short (that is when a player stops it).
    Without it a bot let an opponent's hidden Victory card come true for nothing (it
    flipped Dukes into The Last Secret).
    """
    ctx = Ctx(uid, seat, kind="victory")
    scores = []
    for definition in suspects(game, seat, viewer):
        program = definition.effect
        for step in program.steps if program is not None else ():
            if isinstance(step.op, Win):
                if all(cond.test(game, ctx) for cond in step.op.conditions):
                    scores.append(45.0)
                    continue
                product = 1.0
                for cond in step.op.conditions:
                    product *= cond.progress(game, ctx)
                scores.append(NEAR * product)
    return sum(scores) / len(scores) if scores else 0.0


def victory_progress(game: Game, seat: int, uid: int, *, hand: bool = False) -> float:
    """30 x progress (+15 when met); with `hand`, plus what the seat's hand would add once played."""
    program = game.defs[uid].effect
    if program is None or game.place[uid] != ZONE_PLAY:
        return 0.0
    ctx = Ctx(uid, seat, kind="victory")
    for step in program.steps:
        if isinstance(step.op, Win):
            progress = step.op.progress(game, ctx)
            score = 30 * progress + (15 if progress >= 1.0 else 0)
            if hand and progress < 1.0:
                score += 30 * POTENTIAL * hand_potential(game, seat, step.op, ctx, progress)
            return score
    return 0.0


def hand_potential(game: Game, seat: int, win: Win, ctx: Ctx, progress: float) -> float:
    """The Victory progress the seat's hand would add if each card in it were in play (Resources: one)."""
    total = 0.0
    resource = 0.0
    for card in game.hands[seat]:
        gained = gain_in_play(game, seat, card, win, ctx, progress)
        if gained <= 0:
            continue
        if game.defs[card].kind == "resource":
            resource = max(resource, gained)  # one Resource a turn
        else:
            total += gained
    return min(1.0 - progress, total + resource)


def gain_in_play(game: Game, seat: int, card: int, win: Win, ctx: Ctx, progress: float) -> float:
    """How much closer the seat's Victory card would be with `card` in its play zone."""
    play = game.play[seat]
    play.append(card)  # counted as if in play: the conditions count the play list, and nothing else runs
    try:
        return win.progress(game, ctx) - progress
    finally:
        play.pop()


def gain_in_market(game: Game, card: int, win: Win, ctx: Ctx, progress: float) -> float:
    """How much closer the Victory card is with `card` in the market than without it (Cornering the Market)."""
    row = game.zone_list(MARKET, 0)
    if card in row:
        position = row.index(card)
        row.pop(position)
        try:
            return progress - win.progress(game, ctx)
        finally:
            row.insert(position, card)
    row.append(card)
    try:
        return win.progress(game, ctx) - progress
    finally:
        row.pop()


def own_win(game: Game, player: int) -> tuple[Win, Ctx] | None:
    uid = victory_card(game, player)
    if uid < 0 or game.place[uid] != ZONE_PLAY:
        return None
    program = game.defs[uid].effect
    for step in program.steps if program is not None else ():
        if isinstance(step.op, Win):
            return step.op, Ctx(uid, player, kind="victory")
    return None


def card_value(game: Game, player: int, uid: int) -> float:
    """What a card is worth to `player` in hand (what to take, what to give away or discard)."""
    definition = game.defs[uid]
    kind = definition.kind
    if kind == "resource":
        have = sum(1 for other in game.play[player] if game.defs[other].kind == "resource")
        value = 3.0 if have < 5 else 1.5
    elif kind in ("lord", "duke", "victory"):
        return 0.5  # a council card in a hand cannot be played
    else:
        value = 1.0 + definition.cost * 0.5
    found = own_win(game, player)
    if found is not None:
        # A card its Victory card counts is worth keeping; the choice is made by what it would add.
        win, ctx = found
        progress = win.progress(game, ctx)
        if progress < 1.0:
            value += 30 * POTENTIAL * max(0.0, gain_in_play(game, player, uid, win, ctx, progress))
            # ... and one that helps it from the market is better left there, or traded into it
            value -= 30 * POTENTIAL * max(0.0, gain_in_market(game, uid, win, ctx, progress))
    return value
