"""What an ESTRO player may do on their turn, and doing it.

| verb | what |
|---|---|
| `reveal` | at the start of the turn, turn one of your face-down cards face up (its Gift activates) |
| `face-up` | play a Gift or Empty card from hand onto your field face up (its Gift activates) |
| `face-down` | ... face down (no values, no Gift), unless a Gift forbids it |
| `zone` | play a Zone card from hand: it becomes the active Zone, the one it replaces goes to its owner's Incinerator |
| `attack` | attack an opponent's card with one of yours (the defender is the action's target) |

Each play counts against the turn's allowance (`placements-per-turn`, plus Gifts); the first
play of a turn is not optional (seed 002: "You must draw and play a card every turn").
"""

from __future__ import annotations

from collections.abc import Sequence

from carddb.games.estro.sim.board import EXTRA_PLAY, PLAYED, ZONE_KIND, active_zone
from carddb.games.estro.sim.fight import attack, attack_actions, defenders
from carddb.games.estro.sim.gifts import activate, turn_face_up
from carddb.games.estro.sim.stats import MORE_PLAYS, NO_FACE_DOWN, amount, applies
from carddb.pack_api import (
    ZONE_DISCARD,
    ZONE_PLAY,
    Action,
    Ctx,
    Event,
    Game,
    Program,
    Sel,
    TargetSlot,
    choose,
    emit,
    run,
)

PLAY_VERBS = ("face-up", "face-down", "zone")


class Defenders(Sel):
    """The cards an attack may choose, as a target slot a greedy bot can weigh one by one."""

    def __init__(self) -> None:
        super().__init__("card", ZONE_PLAY, lambda g, x, ctx: True, "a card to attack", "harm")

    def candidates(self, game: Game, ctx: Ctx) -> list[int]:
        return defenders(game, ctx.controller)


ATTACK = Program((), (TargetSlot(0, Defenders()),), "attack")


def plays_left(game: Game, player: int) -> int:
    allowed = game.sim.placements_per_turn + game.tallies.get((EXTRA_PLAY, player), 0)  # type: ignore[attr-defined]
    allowed += amount(game, MORE_PLAYS, player)
    return allowed - game.tallies.get((PLAYED, player), 0)


def play_actions(game: Game, player: int) -> list[Action]:
    if plays_left(game, player) <= 0:
        return []
    actions: list[Action] = []
    defs = game.defs
    for uid in game.hands[player]:
        if defs[uid].kind == ZONE_KIND:
            actions.append(Action("zone", uid))
            continue
        actions.append(Action("face-up", uid))
        if not applies(game, NO_FACE_DOWN, uid):
            actions.append(Action("face-down", uid))
    return actions


def reveal_actions(game: Game, player: int) -> list[Action]:
    face_down = game.face_down
    return [Action("reveal", uid) for uid in game.play[player] if face_down[uid]]


def main_actions(game: Game, player: int) -> list[Action]:
    return play_actions(game, player) + attack_actions(game, player)


def action_program(game: Game, player: int, action: Action) -> tuple[Program, Ctx] | None:
    if action.verb == "attack":
        return ATTACK, Ctx(action.uid, player)
    if action.verb == "face-up":
        program = game.defs[action.uid].effect
        return (program, Ctx(action.uid, player)) if program is not None else None
    return None


def perform(game: Game, player: int, action: Action) -> None:
    verb, uid = action.verb, action.uid
    if verb in PLAY_VERBS:
        play(game, player, uid, verb, action.targets)
    elif verb == "attack":
        _attack(game, player, uid, action.targets)
    elif verb == "reveal":
        turn_face_up(game, uid)
    else:
        raise ValueError(f"unknown action '{verb}'")


def play(game: Game, player: int, uid: int, verb: str, preset: Sequence[int] | None = None) -> None:
    """Play a card from hand: onto the field face up or face down, or as the active Zone."""
    tally = (PLAYED, player)
    game.tallies[tally] = game.tallies.get(tally, 0) + 1
    definition = game.defs[uid]
    if verb == "zone":
        old = active_zone(game)
        if old >= 0:
            game.move(old, ZONE_DISCARD)
            if game.log is not None:
                game.trace(f"{game.name(old)} goes to the Incinerator")
    face_down = verb == "face-down"
    game.move(uid, ZONE_PLAY, player, face_down=face_down)
    if game.stats is not None:
        game.stats.play(game, player, uid)
    if game.log is not None:
        how = "face down" if face_down else ("as the active Zone" if verb == "zone" else "face up")
        game.trace(f"P{player + 1} plays {game.name(uid)} {how}")
    if not face_down:
        activate(game, uid, player, definition.effect, preset)  # the card's own Gift first
        run(game)
    emit(game, Event("plays", player, uid, kind=definition.kind))
    if not face_down:
        emit(game, Event("is-played", player, uid, kind=definition.kind))


def _attack(game: Game, player: int, attacker: int, preset: Sequence[int] | None) -> None:
    options = defenders(game, player)
    if not options:
        return
    if preset and preset[0] in options:
        defender = preset[0]
        stats = game.stats  # (recorded as if chosen, so the game's log replays without the bot)
        if len(options) > 1 and stats is not None and stats.decisions is not None:
            stats.decisions.append(options.index(defender))
    else:
        defender = choose(game, player, "attack which card", options, "harm")
    attack(game, player, attacker, defender)
