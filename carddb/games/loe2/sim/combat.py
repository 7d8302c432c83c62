"""Combat: a Leader attacks, Troops of its types join, the defender blocks, and all damage is dealt at once.

An attack is fought in three steps, each an item on the stack so that players answer in
between (seed 001, *Combat*; the rulebook's *Combat*):

1. **Declare** (the `attack` action, in the attacker's main phase, `attacks-per-turn` per
   turn): an untapped Leader taps and attacks the opponent or one of their Leaders. The
   Leader's `attacks` and the player's `leader-attacks` events open their windows (Reactions
   such as Hold the Line; the defender's abilities).
2. **Join**: each untapped Troop of a type the Leader leads may join (its controller
   chooses); it taps and makes an `attacks` event.
3. **Block**: the defender chooses blocks one at a time: an untapped unit taps and blocks one
   attacker, unless the attacker's statics forbid it (`cannot be blocked by more than one
   unit`, `cannot be blocked by Troops with power 1 or less`). Each block makes a `blocks`
   event. The damage step is put on the stack before the blocks are asked, so the blocks'
   answers resolve first.
4. **Damage**, all at once, then destroyed units are found (the kit's lethal check):
   a blocked Leader deals its Power to every blocker; a blocked Troop divides its Power
   among its blockers (each in turn gets what destroys it, the last the rest); every
   blocker deals its Power to the attacker it blocks; an unblocked attacker hits the
   opponent (their health) or the Leader attacked. Damage dealt to a Leader in combat is
   the Power less its Resistance, when more than 0 (the Resistance rule). An attacker
   whose blockers have all left the battlefield stays blocked and deals no damage.
"""

from __future__ import annotations

from carddb.games.loe2.sim.board import Combat, led_types, power, stat, state
from carddb.pack_api import (
    PASS,
    ZONE_PLAY,
    Action,
    Ctx,
    Event,
    Game,
    Program,
    StackItem,
    Step,
    act,
    confirm,
    deal_damage,
    emit,
    health,
    push,
)


def attack_actions(game: Game, player: int, actions: list[Action]) -> None:
    """One `attack` action for each untapped Leader and each thing it may attack (index -1: the opponent)."""
    if game.counters[player].get("attacks", 0) >= game.sim.attacks_per_turn:  # type: ignore[attr-defined]
        return
    index = game.kinds_cache
    if index is None:
        index = game.in_play_of_kind()
    lists = index.get("leader")
    if lists is None:
        return
    mine = [uid for uid in lists[player] if not game.used[uid]]
    if not mine:
        return
    targets = [-1]
    for other in range(game.n):
        if other != player:
            targets += lists[other]
    for uid in mine:
        for target in targets:
            actions.append(Action("attack", uid, target))


def declare(game: Game, player: int, leader: int, target: int) -> None:
    """`leader` attacks `target` (a Leader's uid, or -1 for the opponent)."""
    counters = game.counters[player]
    counters["attacks"] = counters.get("attacks", 0) + 1
    game.used[leader] = True
    opponent = game.next_player(player)
    combat = Combat(player, leader, opponent if target < 0 else target, target < 0)
    state(game).combat = combat
    if game.stats is not None:
        game.stats.use(game, player, leader)
    if game.log is not None:
        aim = f"P{opponent + 1}" if target < 0 else game.name(target)
        game.trace(f"P{player + 1}'s {game.name(leader)} attacks {aim}")
    item = _push(game, player, leader, JOIN)
    emit(game, Event("attacks", player, leader, item=item))
    emit(game, Event("leader-attacks", player, leader, item=item))


def _push(game: Game, player: int, leader: int, program: Program) -> StackItem:
    label = f"{game.name(leader)}'s attack: {program.text}" if game.log is not None else ""
    item = StackItem(game, leader, player, program, Ctx(leader, player), "combat", card=False, label=label)
    item.ability = False  # a step of combat is not an ability: nothing that counters abilities counters it
    push(game, item)
    return item


def _join(game: Game, ctx: Ctx) -> None:
    combat = state(game).combat
    if combat is None:
        return
    leader = combat.leader
    if game.place[leader] != ZONE_PLAY or game.controller[leader] != combat.player:
        state(game).combat = None  # the Leader is gone: the attack is over
        return
    leads = led_types(game.defs[leader])
    defs, used = game.defs, game.used
    joining = [
        uid
        for uid in game.play[combat.player]
        if defs[uid].kind == "troop" and not used[uid] and defs[uid].subtype in leads
    ]
    item = _push(game, combat.player, leader, BLOCK)
    for uid in joining:
        if confirm(game, combat.player, f"join the attack with {game.name(uid)}"):
            used[uid] = True
            combat.attackers.append(uid)
            if game.log is not None:
                game.trace(f"{game.name(uid)} joins the attack")
            emit(game, Event("attacks", combat.player, uid, item=item))


def block_actions(game: Game, player: int) -> list[Action]:
    """The blocks `player` may declare now: each untapped unit they control against each attacker it may block."""
    combat = state(game).combat
    if combat is None or player == combat.player:
        return []
    defs, used = game.defs, game.used
    blockers = [uid for uid in game.play[player] if defs[uid].kind in ("leader", "troop") and not used[uid]]
    if not blockers:
        return []
    layers = game.statics_cache or game.static_layers()
    limits, evasions = layers.get("block-limit"), layers.get("evasion")
    found = []
    for attacker in combat.attackers:
        if game.place[attacker] != ZONE_PLAY:
            continue
        if limits and combat.blocks.get(attacker) and any(s.applies(game, src, attacker) for src, s in limits):
            continue
        shields = [(src, s) for src, s in evasions or () if s.applies(game, src, attacker)]
        for uid in blockers:
            if shields and any(s.blocker(game, uid, Ctx(src, game.controller[src])) for src, s in shields):  # type: ignore[attr-defined]
                continue
            found.append(Action("block", uid, attacker))
    return found


def block(game: Game, player: int, blocker: int, attacker: int) -> None:
    combat = state(game).combat
    assert combat is not None
    game.used[blocker] = True
    combat.blocks.setdefault(attacker, []).append(blocker)
    if game.log is not None:
        game.trace(f"{game.name(blocker)} blocks {game.name(attacker)}")
    emit(game, Event("blocks", player, blocker))


def _blocks(game: Game, ctx: Ctx) -> None:
    combat = state(game).combat
    if combat is None:
        return
    _push(game, combat.player, combat.leader, DAMAGE)
    defender = combat.target if combat.at_player else game.controller[combat.target]
    sim = game.sim
    if game.simulated:  # a bot's what-if world: the imagined defender blocks by rule (`imagined_blocks`)
        for choice in imagined_blocks(game, defender):
            sim.perform(game, defender, choice)
        return
    for _ in range(len(game.play[defender])):  # (each block taps a unit: at most one per unit)
        options = block_actions(game, defender)
        if not options:
            return
        choice = act(game, defender, [PASS, *options], "block")
        if choice.verb == "pass":
            return
        sim.perform(game, defender, choice)


def imagined_blocks(game: Game, defender: int) -> list[Action]:
    """How a bot imagines its opponent blocks: each attacker, strongest first, is blocked by a unit that destroys
    it and survives, else by one that survives it; no unit is thrown away. (The opponents of a bot's what-if
    world never choose for themselves, and without blocks every attack would look free.)"""
    chosen: list[Action] = []
    taken: set[int] = set()
    options = block_actions(game, defender)
    by_attacker: dict[int, list[int]] = {}
    for option in options:
        by_attacker.setdefault(option.index, []).append(option.uid)
    for attacker in sorted(by_attacker, key=lambda uid: -power(game, uid)):
        best, best_rank = -1, 0
        for uid in by_attacker[attacker]:
            if uid in taken:
                continue
            survives = hit(game, uid, power(game, attacker)) < health(game, uid) - game.damage[uid]
            destroys = hit(game, attacker, power(game, uid)) >= health(game, attacker) - game.damage[attacker]
            rank = 2 if survives and destroys else 1 if survives else 0
            if rank > best_rank:
                best, best_rank = uid, rank
        if best >= 0:
            taken.add(best)
            chosen.append(Action("block", best, attacker))
    return chosen


def hit(game: Game, uid: int, amount: int) -> int:
    """Combat damage `amount` of power does to `uid`: a Leader's Resistance is taken off first."""
    if game.defs[uid].kind == "leader":
        return max(0, amount - stat(game, uid, "resistance"))
    return amount


def divide(game: Game, amount: int, blockers: list[int]) -> list[tuple[int, int]]:
    """A blocked Troop's power shared among its blockers: each in turn gets what destroys it, the last the rest."""
    shares = []
    for position, uid in enumerate(blockers):
        if position == len(blockers) - 1:
            need = amount
        else:
            need = max(0, health(game, uid) - game.damage[uid])
            if game.defs[uid].kind == "leader":
                need += stat(game, uid, "resistance")
        share = min(amount, need)
        shares.append((uid, share))
        amount -= share
    return shares


def _damage(game: Game, ctx: Ctx) -> None:
    combat = state(game).combat
    if combat is None:
        return
    state(game).combat = None
    alive = game.place
    dealt: list[tuple[int, int]] = []
    to_player = 0
    for attacker in combat.attackers:
        if alive[attacker] != ZONE_PLAY:
            continue
        strength = power(game, attacker)
        blockers = combat.blocks.get(attacker)
        if blockers is None:
            if combat.at_player:
                to_player += strength
            elif alive[combat.target] == ZONE_PLAY:
                dealt.append((combat.target, hit(game, combat.target, strength)))
            continue
        standing = [uid for uid in blockers if alive[uid] == ZONE_PLAY]
        if game.defs[attacker].kind == "leader":
            dealt += [(uid, hit(game, uid, strength)) for uid in standing]
        else:
            dealt += [(uid, hit(game, uid, share)) for uid, share in divide(game, strength, standing)]
        dealt += [(attacker, hit(game, attacker, power(game, uid))) for uid in standing]
    if game.log is not None:
        game.trace("combat damage is dealt")
    for uid, amount in dealt:
        if amount > 0:
            deal_damage(game, uid, amount)
    if to_player:
        game.sim.damage_player(game, combat.target, to_player)


JOIN = Program((Step(_join, text="Troops join"),), (), "Troops join")
BLOCK = Program((Step(_blocks, text="blocks"),), (), "blocks")
DAMAGE = Program((Step(_damage, text="combat damage"),), (), "combat damage")
