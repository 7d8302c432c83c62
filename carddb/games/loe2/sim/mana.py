"""Mana: pitching cards as they pay, the mana pool, and the pitch zone's clean-up at the start of a turn.

- A card in hand with a pitch value above 0 that is not a Resource card can be pitched: it
  goes face up into the pitch zone and adds its pitch value to its owner's mana pool.
- Pitching happens as mana is paid: a player who pays more than their pool holds pitches
  cards of their choice, one at a time, until it is enough (the card being played is not
  among them). Pitching on its own is never better (see docs/engine.md), so it is not
  offered as an action.
- Paying takes the stored mana first, then the mana of pitched cards, oldest first (the
  rulebook's example, *Pitch and Mana*); `Loe2State.pitched` keeps what each pitched card
  still holds.
- At the start of its owner's turn each pitched card is cleaned up: one whose mana was all
  or partly spent goes to the graveyard (its leftover mana stays in the pool); one whose
  mana was not spent returns to the hand, its mana leaves the pool, and its owner takes
  `unused-pitch-damage` damage.
"""

from __future__ import annotations

from carddb.games.loe2.sim.board import PITCH, PITCH_INDEX, state
from carddb.pack_api import ZONE_DISCARD, ZONE_HAND, Game, choose


def pitch_value(game: Game, uid: int) -> int:
    """The mana pitching the card gives (0 for a Resource card: it cannot be pitched)."""
    definition = game.defs[uid]
    return 0 if definition.kind == "resource" else definition.numbers.get("pitch", 0)


def pitchable(game: Game, player: int, exclude: int = -1) -> list[int]:
    defs = game.defs
    return [
        uid
        for uid in game.hands[player]
        if uid != exclude and defs[uid].kind != "resource" and defs[uid].numbers.get("pitch", 0) > 0
    ]


def hand_mana(game: Game, player: int) -> int:
    """The mana pitching every card of the hand would give."""
    defs = game.defs
    total = 0
    for uid in game.hands[player]:
        definition = defs[uid]
        if definition.kind != "resource":
            total += definition.numbers.get("pitch", 0)
    return total


def available(game: Game, player: int) -> int:
    """The most mana `player` could pay now: the pool and every card they could pitch."""
    return game.pool[player] + hand_mana(game, player)


def pitch(game: Game, player: int, uid: int) -> None:
    value = pitch_value(game, uid)
    game.move(uid, PITCH)
    state(game).pitched[uid] = value
    game.pool[player] += value
    if game.log is not None:
        game.trace(f"P{player + 1} pitches {game.name(uid)} for {value} mana ({game.pool[player]})")


def pay(game: Game, player: int, amount: int, exclude: int = -1) -> bool:
    """`player` pays `amount` mana, pitching cards of their choice first if the pool is short (never `exclude`,
    the card being played); False if they cannot (nothing is pitched then)."""
    if amount <= 0:
        return True
    if game.pool[player] < amount:
        short = amount - game.pool[player]
        if sum(pitch_value(game, uid) for uid in pitchable(game, player, exclude)) < short:
            return False
        while game.pool[player] < amount:
            options = pitchable(game, player, exclude)
            pitch(game, player, choose(game, player, "pitch to pay", options, "lose"))
    pitched = state(game).pitched
    mine = pitched_by(game, player)
    stored = game.pool[player] - sum(pitched[uid] for uid in mine)
    game.pool[player] -= amount
    from_cards = amount - min(stored, amount)
    for uid in mine:  # oldest first
        if from_cards <= 0:
            break
        taken = min(pitched[uid], from_cards)
        pitched[uid] -= taken
        from_cards -= taken
    return True


def pitched_by(game: Game, player: int) -> list[int]:
    """`player`'s cards in the pitch zone, oldest first."""
    controller = game.controller
    return [uid for uid in game.shared[PITCH_INDEX] if controller[uid] == player]


def gain(game: Game, player: int, amount: int) -> None:
    """Mana from an effect: stored in the pool, held by no pitched card."""
    game.pool[player] += amount


def clean_up(game: Game, player: int) -> int:
    """The start of `player`'s turn: each of their pitched cards goes to the graveyard or back to the hand; returns
    how many returned unused (the caller deals the damage)."""
    pitched = state(game).pitched
    returned = 0
    for uid in pitched_by(game, player):
        left = pitched.pop(uid)
        if left > 0 and left == pitch_value(game, uid):
            game.pool[player] -= left
            game.move(uid, ZONE_HAND, player)
            returned += 1
            if game.log is not None:
                game.trace(f"{game.name(uid)} was pitched but not used: it returns to P{player + 1}'s hand")
        else:
            game.move(uid, ZONE_DISCARD)
    return returned
