"""An attack, from its declaration to the Incinerator, through the pack's combat resolver and the die.

1. The attacker (a face-up card of the active player that may attack) and the defender (any
   card on the opponent's field that may be attacked) are declared: `attacks`, then
   `is-attacked`, each resolved before the next (priority to the attacker).
2. If either has left the field, or the attacker was turned face down, the attack ends.
3. A face-down defender is defeated in any case; otherwise both players roll the die (`rolls`,
   a Gift may roll again) and `combat.judge` decides with the cards' values now.
4. A defeated defender is destroyed (its own `would be destroyed` Gift may save it); if it went,
   `destroys a card in combat`. The attacker is never destroyed by attacking.

In a bot's imagined world (`game.simulated`) no die is rolled: the defender falls if the
attacker wins on at least half of the die's face pairs, so a greedy bot weighs an attack by
its odds, not by one throw it could not foresee.
"""

from __future__ import annotations

from carddb.games.estro.combat import CombatRules, judge, resolve_combat
from carddb.games.estro.sim.board import ATTACKED, ATTACKS, EXTRA_ATTACK, ROLL, ZONE_KIND, fighters, opponent
from carddb.games.estro.sim.stats import (
    ATTACKS_TWICE,
    CANNOT_ATTACK,
    CANNOT_BE_ATTACKED,
    MORE_ATTACKS,
    amount,
    applies,
    combatant,
)
from carddb.pack_api import ZONE_PLAY, Action, Event, Game, destroy, emit, run


def attacks_left(game: Game, player: int) -> int:
    sim = game.sim
    allowed = sim.attacks_per_turn + game.tallies.get((EXTRA_ATTACK, player), 0)  # type: ignore[attr-defined]
    allowed += amount(game, MORE_ATTACKS, player)
    return allowed - game.tallies.get((ATTACKS, player), 0)


def may_attack(game: Game, player: int, uid: int) -> bool:
    """A face-up card `player` controls, that no Gift stops, that has attacks left this turn."""
    if game.face_down[uid] or game.place[uid] != ZONE_PLAY or game.controller[uid] != player:
        return False
    if game.defs[uid].kind == ZONE_KIND or applies(game, CANNOT_ATTACK, uid):
        return False
    limit = 2 if applies(game, ATTACKS_TWICE, uid) else 1
    return game.tallies.get((ATTACKED, uid), 0) < limit


def defenders(game: Game, player: int) -> list[int]:
    """The opponent's cards `player` may attack."""
    return [uid for uid in fighters(game, opponent(player)) if not applies(game, CANNOT_BE_ATTACKED, uid)]


def attack_actions(game: Game, player: int) -> list[Action]:
    if attacks_left(game, player) <= 0 or not defenders(game, player):
        return []
    return [Action("attack", uid) for uid in fighters(game, player) if may_attack(game, player, uid)]


def attack(game: Game, player: int, attacker: int, defender: int) -> None:
    tallies, other = game.tallies, opponent(player)
    tallies[(ATTACKS, player)] = tallies.get((ATTACKS, player), 0) + 1
    tallies[(ATTACKED, attacker)] = tallies.get((ATTACKED, attacker), 0) + 1
    counters = game.counters[player]
    counters["attacks"] = counters.get("attacks", 0) + 1
    if game.log is not None:
        game.trace(f"{game.name(attacker)} attacks {_shown(game, defender)}")
    emit(game, Event("attacks", player, attacker))
    run(game)
    if not _still(game, player, attacker, defender):
        return
    emit(game, Event("is-attacked", other, defender))
    run(game)
    if not _still(game, player, attacker, defender):
        return
    if game.face_down[defender]:
        fallen = True
        if game.log is not None:
            game.trace(f"{game.name(defender)} is face down: it is defeated in any case")
    elif game.simulated:
        fallen = _likely(game, attacker, defender)
    else:
        fallen = _fight(game, player, attacker, defender)
    estro = game.defs[attacker].faction  # (the seat's record: attacks won, by the attacker's estro)
    counters[f"attacks-{estro}"] = counters.get(f"attacks-{estro}", 0) + 1
    if fallen:
        counters["won"] = counters.get("won", 0) + 1
        counters[f"won-{estro}"] = counters.get(f"won-{estro}", 0) + 1
    if fallen and destroy(game, defender):
        emit(game, Event("destroys-in-combat", player, attacker))
        run(game)


def _still(game: Game, player: int, attacker: int, defender: int) -> bool:
    """Both cards still where the attack found them (a Gift may have moved, destroyed or turned them)."""
    ok = (
        game.place[attacker] == ZONE_PLAY
        and game.controller[attacker] == player
        and not game.face_down[attacker]
        and game.place[defender] == ZONE_PLAY
        and game.controller[defender] == opponent(player)
    )
    if not ok and game.log is not None:
        game.trace("the attack ends: a card is no longer where it was")
    return ok


def _fight(game: Game, player: int, attacker: int, defender: int) -> bool:
    rules: CombatRules = game.sim.combat_rules  # type: ignore[attr-defined]
    tallies = game.tallies
    for who in (player, opponent(player)):  # both players roll; the attacker first
        face = 1 + game.rng.below(rules.die_sides)
        tallies[(ROLL, who)] = face
        emit(game, Event("rolls", who, amount=face))
    run(game)  # Gifts that hear the die (draw a card, roll again)
    a_roll, d_roll = tallies.pop((ROLL, player)), tallies.pop((ROLL, opponent(player)))
    if not _still(game, player, attacker, defender):
        return False
    fighter, target = combatant(game, attacker, a_roll), combatant(game, defender, d_roll)
    if game.log is not None:
        for step in resolve_combat(game.sim.pack, fighter, target).steps:
            game.trace(f"  {step.number}. {step.title}: {step.text}" if step.number else f"  {step.text}")
    return judge(rules, fighter, target).defender_destroyed


def _likely(game: Game, attacker: int, defender: int) -> bool:
    rules: CombatRules = game.sim.combat_rules  # type: ignore[attr-defined]
    sides = rules.die_sides
    fighter, target = combatant(game, attacker, None), combatant(game, defender, None)
    wins = 0
    for a_roll in range(1, sides + 1):
        a = fighter.with_roll(a_roll)
        for d_roll in range(1, sides + 1):
            wins += judge(rules, a, target.with_roll(d_roll)).defender_destroyed
    return 2 * wins >= sides * sides


def _shown(game: Game, uid: int) -> str:
    return "a face-down card" if game.face_down[uid] else game.name(uid)
