"""Combat: the Attack action from declaration to damage, with its two fast-speed windows.

1. **Attackers.** The attacking player chooses an opponent's Territory and Units that can attack
   (ready, not recruited this turn unless they have Blitz, not forbidden by `cannot attack`).
   `attacks` and `territory-attacked` triggers; then the **first window** (`attack-declared`):
   the defender, then the attacker, may play fast cards and use fast abilities.
2. **Defenders.** The defender chooses ready Units of the attacked Territory, each against one
   attacker. `defends` triggers; Hit and Run (the attacker may ready its Unit and take it out of
   the combat); then the **second window** (`defenders-declared`).
3. **Damage**, all at once. A defended attacker deals its offence to its defenders, in the order
   they were declared, as much to each as destroys it (Overwhelm: what is left to the weakest
   Building of the Territory); each defender deals its offence to it. An undefended attacker deals
   its offence to the Buildings of the Territory, weakest first, as much to each as destroys it.
   Wrecker X adds X to each instance dealt to a Building; Damage Reduction takes X off each
   instance (`ShardsSimulator.prevent_damage`). Pillage: a resource for each Building it destroys.
   The attackers still in the combat are exhausted. An attacking Unit that was exhausted or left
   its Territory's side before damage (Sanctuary) is out of the combat and deals no damage.
"""

from __future__ import annotations

from carddb.games.shards.sim import board, rules
from carddb.games.shards.sim.board import ATTACKING, BLOCKING, FRESH, TERRITORY, keyword, offence
from carddb.pack_api import Action, Event, Game, act, confirm, deal_damage, emit, health

ATTACK_DECLARED = "attack-declared"
DEFENDERS_DECLARED = "defenders-declared"
WINDOWS = frozenset({ATTACK_DECLARED, DEFENDERS_DECLARED})


def can_attack(game: Game, uid: int) -> bool:
    if game.used[uid] or game.defs[uid].kind != "unit":
        return False
    if game.marks[FRESH][uid] and not keyword(game, uid, "blitz"):
        return False
    return all(not static.applies(game, source, uid) for source, static in game.statics("cannot-attack"))


def attack_key(territory: int) -> str:
    return f"attacked:{territory}"


def may_attack_territory(game: Game, player: int, territory: int) -> bool:
    counters = game.counters[player]
    allowed = game.sim.attacks_per_territory  # type: ignore[attr-defined]
    return counters.get(attack_key(territory), 0) < allowed or counters.get("extra-attacks", 0) > 0


def in_combat(game: Game, uid: int) -> bool:
    """Still attacking: marked, in play (the mark goes when it leaves), and not exhausted before damage."""
    return bool(game.marks[ATTACKING][uid]) and not game.used[uid]


def attack(game: Game, player: int, territory: int, attackers: tuple[int, ...]) -> None:
    defender = board.owner_of_territory(territory, game)
    counters = game.counters[player]
    key = attack_key(territory)
    if counters.get(key, 0) >= game.sim.attacks_per_territory:  # type: ignore[attr-defined]
        counters["extra-attacks"] -= 1
    counters[key] = counters.get(key, 0) + 1
    counters["combat"] = territory
    marks = game.marks[ATTACKING]
    for uid in attackers:
        marks[uid] = 1
    if game.log is not None:
        names = ", ".join(game.name(uid) for uid in attackers)
        game.trace(f"P{player + 1} attacks {board.territory_name(game, territory)} of P{defender + 1} with {names}")
    for uid in attackers:
        emit(game, Event("attacks", player, uid))
    emit(game, Event("territory-attacked", player, -1, defender))
    emit(game, Event(ATTACK_DECLARED, player, -1, defender))
    rules.settle(game)
    if not any(in_combat(game, uid) for uid in attackers):
        end_combat(game, player)
        return
    plans = defence_plans(game, defender, territory, attackers)
    choice = act(game, defender, plans, "defend") if plans else Action("defend", targets=())
    after_blocks(game, player, choice.targets or ())


def defence_plans(game: Game, defender: int, territory: int, attackers: tuple[int, ...]) -> list[Action]:
    """The defender's choices: a sensible plan first (what an imagined opponent takes), none, every Unit."""
    ready = [uid for uid in board.in_territory(game, defender, territory) if _can_defend(game, uid)]
    live = [uid for uid in attackers if in_combat(game, uid)]
    if not ready or not live:
        return []
    sensible: list[int] = []
    free = list(ready)
    for attacker in sorted(live, key=lambda uid: -offence(game, uid)):
        hit = offence(game, attacker)
        best = None
        for uid in free:
            survives = _left(game, uid) > max(0, hit - keyword(game, uid, "damage-reduction"))
            kills = offence(game, uid) - keyword(game, attacker, "damage-reduction") >= _left(game, attacker)
            score = 2 * survives + kills
            if score >= 2 and (best is None or score > best[0]):
                best = (score, uid)
        if best is not None:
            free.remove(best[1])
            sensible += [best[1], attacker]
    everyone: list[int] = []
    strongest = max(live, key=lambda uid: offence(game, uid))
    for uid in ready:
        everyone += [uid, strongest]
    plans = [tuple(sensible), (), tuple(everyone)]
    out: list[Action] = []
    for plan in plans:
        if all(plan != o.targets for o in out):
            out.append(Action("defend", targets=plan, label=f"defend with {len(plan) // 2}"))
    return out


def _can_defend(game: Game, uid: int) -> bool:
    return game.defs[uid].kind == "unit" and not game.used[uid]


def _left(game: Game, uid: int) -> int:
    return health(game, uid) - game.damage[uid]


def after_blocks(game: Game, player: int, blocks: tuple[int, ...]) -> None:
    """The combat from the defenders' declaration to its end (the greedy bot plays this out for each plan)."""
    territory = game.counters[player].get("combat", 0)
    defender = board.owner_of_territory(territory, game) if territory else 1 - player
    blocking = game.marks[BLOCKING]
    pairs = [(blocks[i], blocks[i + 1]) for i in range(0, len(blocks) - 1, 2)]
    for uid, attacker in pairs:
        if game.place[uid] == 2 and in_combat(game, attacker):
            blocking[uid] = attacker + 1
            if game.log is not None:
                game.trace(f"{game.name(uid)} defends against {game.name(attacker)}")
    for uid, _ in pairs:
        if blocking[uid]:
            emit(game, Event("defends", defender, uid))
    for attacker in _attackers(game, player):
        if (
            keyword(game, attacker, "hit-and-run")
            and _blockers(game, attacker)
            and confirm(game, player, f"Hit and Run: take {game.name(attacker)} out of the combat")
        ):
            game.marks[ATTACKING][attacker] = 0
            game.used[attacker] = False
            if game.log is not None:
                game.trace(f"{game.name(attacker)} hits and runs")
    emit(game, Event(DEFENDERS_DECLARED, player, -1, defender))
    rules.settle(game)
    damage_step(game, player, territory)
    end_combat(game, player)


def _attackers(game: Game, player: int) -> list[int]:
    marks = game.marks[ATTACKING]
    return [uid for uid in game.play[player] if marks[uid] and not game.used[uid]]


def _blockers(game: Game, attacker: int) -> list[int]:
    blocking, wanted = game.marks[BLOCKING], attacker + 1
    return [uid for cards in game.play for uid in cards if blocking[uid] == wanted]


def _weakest_buildings(game: Game, player: int, territory: int) -> list[int]:
    marks = game.marks[TERRITORY]
    found = [uid for uid in board.buildings(game, player) if marks[uid] == territory]
    return sorted(found, key=lambda uid: (_left(game, uid), uid))


def _to_buildings(game: Game, attacker: int, amount: int, targets: list[int], planned: dict[int, int]) -> list[tuple]:
    """An attacker's damage to Buildings, weakest first, as much to each as destroys it (the rest to the last)."""
    wrecker = keyword(game, attacker, "wrecker")
    out = []
    for index, uid in enumerate(targets):
        if amount <= 0:
            break
        reduction = keyword(game, uid, "damage-reduction")
        needed = max(0, _left(game, uid) - planned.get(uid, 0))
        last = index == len(targets) - 1
        # the smallest share that, with Wrecker and after Damage Reduction, destroys it
        share = amount if last else min(amount, max(1, needed + reduction - wrecker))
        dealt = share + wrecker
        out.append((attacker, uid, dealt))
        planned[uid] = planned.get(uid, 0) + max(0, dealt - reduction)
        amount -= share
    return out


def damage_step(game: Game, player: int, territory: int) -> None:
    defender = board.owner_of_territory(territory, game)
    hits: list[tuple[int, int, int]] = []  # (source, target, damage before reduction)
    planned: dict[int, int] = {}  # damage each target is about to take (after reduction), for the division
    for attacker in _attackers(game, player):
        power = offence(game, attacker)
        blockers = [uid for uid in _blockers(game, attacker) if game.place[uid] == 2]
        if blockers:
            for uid in blockers:
                hits.append((uid, attacker, offence(game, uid)))
            for uid in blockers:
                if power <= 0:
                    break
                needed = max(0, _left(game, uid) - planned.get(uid, 0)) + keyword(game, uid, "damage-reduction")
                share = (
                    power if uid == blockers[-1] and not keyword(game, attacker, "overwhelm") else min(power, needed)
                )
                hits.append((attacker, uid, share))
                planned[uid] = planned.get(uid, 0) + max(0, share - keyword(game, uid, "damage-reduction"))
                power -= share
            if power > 0 and keyword(game, attacker, "overwhelm"):
                hits += _to_buildings(game, attacker, power, _weakest_buildings(game, defender, territory), planned)
        elif power > 0:
            hits += _to_buildings(game, attacker, power, _weakest_buildings(game, defender, territory), planned)
    destroyed_by: dict[int, int] = {}
    for source, target, amount in hits:
        if amount > 0 and game.place[target] == 2:
            was_standing = game.damage[target] < health(game, target)
            deal_damage(game, target, amount)
            if was_standing and game.defs[target].kind == "building" and game.damage[target] >= health(game, target):
                destroyed_by[target] = source
    for attacker in _attackers(game, player):
        game.used[attacker] = True
    for source in destroyed_by.values():
        if game.place[source] == 2 and keyword(game, source, "pillage"):
            board.gain(game, game.controller[source], "basic", game.sim.pillage_gain)  # type: ignore[attr-defined]
    rules.settle(game)


def end_combat(game: Game, player: int) -> None:
    attacking, blocking = game.marks[ATTACKING], game.marks[BLOCKING]
    for cards in game.play:
        for uid in cards:
            attacking[uid] = 0
            blocking[uid] = 0
    game.counters[player].pop("combat", None)
