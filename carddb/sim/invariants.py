"""The illegal states a game must never reach, checked after every action when asked (tests, the soak script).

The core checks what holds in every game: each card in exactly one zone and its
index agreeing, the number of cards conserved, no negative damage, health or currency,
the used mark (LOE: fatigue), facing and attachments only on cards in play, attachments pointing at
cards in play, nothing left on the stack between actions. The pack adds its own
(`Simulator.invariants`: LOE checks powerstones against what the turn gave, hand
size at the end of a turn, the market's size, what may be face down).
"""

from __future__ import annotations

from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_NONE, ZONE_PLAY, ZONE_SHARED, ZONE_STACK, Game
from carddb.sim.ops import health


class IllegalState(AssertionError):
    """A game reached a state its rules forbid (a bug in the engine or a handler)."""


def checkpoint(game: Game, *, end_of_turn: int | None = None) -> None:
    """Raise `IllegalState` if the game is in an illegal state (only when the options ask for checks)."""
    if not game.options.check_invariants or game.simulated:
        return
    problems = violations(game, end_of_turn=end_of_turn)
    if problems:
        raise IllegalState(f"turn {game.turn}: " + "; ".join(problems))


def violations(game: Game, *, end_of_turn: int | None = None) -> list[str]:
    problems = _zones(game)
    for uid in range(len(game.defs)):
        name = game.defs[uid].id
        in_play = game.place[uid] == ZONE_PLAY
        if game.damage[uid] < 0:
            problems.append(f"{name} has negative damage {game.damage[uid]}")
        if in_play and game.defs[uid].health > 0 and health(game, uid) < 1:
            problems.append(f"{name} has {health(game, uid)} health")
        if game.damage[uid] and not in_play:
            problems.append(f"{name} has damage counters outside play")
        if game.used[uid] and not in_play:
            problems.append(f"{name} is marked used outside play")
        if game.face_down[uid] and not in_play:
            problems.append(f"{name} is face down outside play")
        if not in_play:
            for mark, values in game.marks.items():
                if values[uid]:
                    problems.append(f"{name} has the mark {mark} = {values[uid]} outside play")
        target = game.attached[uid]
        if target >= 0 and (not in_play or game.place[target] != ZONE_PLAY):
            problems.append(f"{name} is attached to {game.defs[target].id}, but one of them is not in play")
    for player in range(game.n):
        if game.pool[player] < 0:
            problems.append(f"P{player + 1} has {game.pool[player]} of the turn's currency")
    if game.stack:
        problems.append(f"{len(game.stack)} items are left on the stack between actions")
    problems += game.sim.invariants(game, end_of_turn)
    return problems


def _zones(game: Game) -> list[str]:
    problems: list[str] = []
    seen: dict[int, str] = {}

    def place(uid: int, where: str, zone: int, player: int = -1) -> None:
        if uid in seen:
            problems.append(f"{game.defs[uid].id} is in two places: {seen[uid]} and {where}")
        seen[uid] = where
        if game.place[uid] != zone:
            problems.append(f"{game.defs[uid].id} is in the {where} but its place says {game.place[uid]}")
        if player >= 0 and game.controller[uid] != player:
            problems.append(
                f"{game.defs[uid].id} is in P{player + 1}'s {where} but is controlled by P{game.controller[uid] + 1}"
            )

    for uid in game.deck:
        place(uid, "deck", ZONE_DECK)
    for player, deck in enumerate(game.decks or ()):
        for uid in deck:
            place(uid, "deck", ZONE_DECK, player)  # (a card in an own deck is controlled by the deck's player)
            if game.owner[uid] != player:
                problems.append(f"{game.defs[uid].id} is in P{player + 1}'s deck but belongs to P{game.owner[uid] + 1}")
    for uid in game.discard:
        place(uid, "discard pile", ZONE_DISCARD)
    for player in range(game.n):
        for uid in game.hands[player]:
            place(uid, "hand", ZONE_HAND, player)
        for uid in game.play[player]:
            place(uid, "play area", ZONE_PLAY, player)
    for index, cards in enumerate(game.shared):
        for uid in cards:
            place(uid, game.sim.shared_zones[index], ZONE_SHARED + index)
    for item in game.stack:
        if item.card:
            place(item.source, "stack", ZONE_STACK)
    missing = [game.defs[uid].id for uid in range(len(game.defs)) if uid not in seen]
    if missing:
        problems.append(f"{len(missing)} cards are nowhere (the card count is not conserved): {', '.join(missing[:5])}")
    if any(zone == ZONE_NONE for zone in game.place):
        problems.append("a card was never placed")
    return problems
