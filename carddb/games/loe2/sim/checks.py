"""The illegal states of LOE v2, checked after every action when asked (beyond the kit's own).

- mana: each player's pool is at least what their pitched cards still hold; a pitched card
  holds between 0 and its pitch value; only cards in the pitch zone are in the ledger, and
  every card there is in it; no Resource card and no card with no pitch value is pitched;
- the marketplace holds `marketplace-face-up` cards and, with the resource deck,
  `marketplace-size` cards;
- a hand holds at most `hand-size` cards at the end of its player's turn, and no Troop
  has damage then;
- at most `attacks-per-turn` attacks and `marketplace-trades-per-turn` trades a turn;
- no attack is being fought between actions; only Leaders, Troops and Resource cards are
  on the battlefield; nothing is face down; a token is on the battlefield or out of the game.
"""

from __future__ import annotations

from carddb.games.loe2.sim.board import GONE, MARKETPLACE_INDEX, PITCH_INDEX, RESOURCE_INDEX, state
from carddb.games.loe2.sim.mana import pitch_value
from carddb.pack_api import ZONE_PLAY, Game

ON_THE_BATTLEFIELD = frozenset({"leader", "troop", "resource"})


def invariants(game: Game, end_of_turn: int | None) -> list[str]:
    sim = game.sim
    st = state(game)
    defs = game.defs
    problems: list[str] = []
    pitch_zone = game.shared[PITCH_INDEX]
    if set(st.pitched) != set(pitch_zone):
        problems.append("the pitch zone and the record of pitched mana disagree")
    held = [0] * game.n
    for uid in pitch_zone:
        left = st.pitched.get(uid, 0)
        value = pitch_value(game, uid)
        if value <= 0:
            problems.append(f"{defs[uid].id} was pitched but gives no mana")
        if not 0 <= left <= value:
            problems.append(f"{defs[uid].id} holds {left} mana of its {value}")
        held[game.controller[uid]] += left
    for player in range(game.n):
        if game.pool[player] < held[player]:
            problems.append(f"P{player + 1} has {game.pool[player]} mana but their pitched cards hold {held[player]}")
        counters = game.counters[player]
        if counters.get("attacks", 0) > sim.number("attacks-per-turn"):
            problems.append(f"P{player + 1} attacked {counters['attacks']} times this turn")
        if counters.get("trades", 0) > sim.number("marketplace-trades-per-turn"):
            problems.append(f"P{player + 1} traded {counters['trades']} times this turn")
    row, deck = game.shared[MARKETPLACE_INDEX], game.shared[RESOURCE_INDEX]
    if len(row) != sim.number("marketplace-face-up"):
        problems.append(f"the marketplace holds {len(row)} cards")
    if len(row) + len(deck) != sim.number("marketplace-size"):
        problems.append(f"the marketplace and the resource deck hold {len(row) + len(deck)} cards")
    if end_of_turn is not None:
        if len(game.hands[end_of_turn]) > sim.number("hand-size"):
            problems.append(f"P{end_of_turn + 1} ends the turn with {len(game.hands[end_of_turn])} cards in hand")
        damaged = [
            defs[uid].id for cards in game.play for uid in cards if defs[uid].kind == "troop" and game.damage[uid]
        ]
        if damaged:
            problems.append(f"Troops keep damage past the end of the turn: {', '.join(damaged)}")
    if st.combat is not None and not game.stack:
        problems.append("an attack is still being fought between actions")
    for cards in game.play:
        for uid in cards:
            if defs[uid].kind not in ON_THE_BATTLEFIELD:
                problems.append(f"{defs[uid].id}, a {defs[uid].kind}, is on the battlefield")
            if game.face_down[uid]:
                problems.append(f"{defs[uid].id} is face down")
    for uid in st.tokens:
        if game.place[uid] not in (ZONE_PLAY, GONE):
            problems.append(f"the token {defs[uid].id} is neither on the battlefield nor out of the game")
    return problems
