"""What a Shards player may do, and doing it.

Main Phase, at sorcery speed (the turn player, nothing on the stack): recruit a Unit or construct a
Building into one of their Territories (a Building may found a new one with a Territory card from
hand), enact a Policy, cast an Event, use an ability, and the basic actions Scrap, Trade, Attack,
Move, Develop and Research. Kingdom cards enter play as they are played; Events and abilities go
on the stack.

Fast speed (the pack's decision, `Fast` and `Activate at fast speed`): also in a response window:
the two windows of a combat (`combat.WINDOWS`, the defender first) and after an opponent puts an
Event or ability on the stack. The play counts of the report name the window.
"""

from __future__ import annotations

from itertools import combinations

from carddb.games.shards.sim import board, combat
from carddb.games.shards.sim.board import ADVANCED, DEVELOPMENT, FRESH, LINGERING, SCRAP_PILE, TERRITORY
from carddb.games.shards.sim.effects import FAST, add_development
from carddb.pack_api import (
    ONCE_PER_TURN,
    ZONE_DISCARD,
    ZONE_PLAY,
    ZONE_STACK,
    Action,
    Ctx,
    Event,
    Game,
    Program,
    StackItem,
    choose_targets,
    draw,
    emit,
    has_targets,
    play_program,
    push,
)

ANSWERABLE = frozenset({"plays", "activates-ability"})
INSTANT_EVENTS = combat.WINDOWS | ANSWERABLE
WINDOW_WORDS = {
    combat.ATTACK_DECLARED: "fast: attackers declared",
    combat.DEFENDERS_DECLARED: "fast: defenders declared",
    "plays": "fast: in response",
    "activates-ability": "fast: in response",
}


def play_cost(game: Game, player: int, uid: int) -> int:
    """The basic resources a card costs `player` now, after every static that lowers it (never below 0)."""
    cost = game.defs[uid].cost
    for source, static in game.statics("cost"):
        if static.applies(game, source, uid):
            cost -= static.amount
    return max(cost, 0)


def affordable(game: Game, player: int, uid: int) -> bool:
    return board.can_pay(game, player, play_cost(game, player, uid), game.defs[uid].cost_resources)


def _castable(game: Game, player: int, uid: int, event: Event | None = None) -> bool:
    definition = game.defs[uid]
    if not affordable(game, player, uid):
        return False
    program = definition.effect
    return program is None or has_targets(game, program, Ctx(uid, player, event=event, kind=definition.kind))


def _abilities(game: Game, player: int, actions: list[Action], *, fast_only: bool) -> None:
    used, tallies = game.used, game.tallies
    for uid, activated in game.actors(player):
        for ability in activated:
            if fast_only and FAST not in ability.limits:
                continue
            if ability.uses_self and used[uid]:
                continue
            if ability.once_per_turn and ("once", uid, ability.index) in tallies:
                continue
            ctx = Ctx(uid, player)
            if ability.conditions and not all(cond.test(game, ctx) for cond in ability.conditions):
                continue
            if all(cost.can_pay(game, ctx) for cost in ability.checks) and has_targets(game, ability.program, ctx):
                actions.append(Action("ability", uid, ability.index))


def trade_cost(game: Game, player: int) -> int:
    cost = game.sim.trade_cost  # type: ignore[attr-defined]
    for source, static in game.statics("trade-discount"):
        if static.applies(game, source, player):
            cost -= static.amount
    return max(cost, 1)


def scrap_limit(game: Game, player: int) -> int:
    limit = game.sim.scrap_cards_max  # type: ignore[attr-defined]
    for source, static in game.statics("scrap-extra"):
        if static.applies(game, source, player):
            limit += static.amount
    return limit


def develop_cost(game: Game, uid: int) -> int:
    sim = game.sim
    return sim.develop_base_cost + sim.develop_step * game.marks[DEVELOPMENT][uid]  # type: ignore[attr-defined]


def scrap_value(game: Game, uid: int) -> list[tuple[str, int]]:
    return [(key[6:], n) for key, n in game.defs[uid].numbers.items() if key.startswith("scrap:")]


def main_actions(game: Game, player: int) -> list[Action]:
    actions: list[Action] = []
    defs = game.defs
    hand = game.hands[player]
    mine = board.territories(game, player)
    seen: set[str] = set()
    territory_cards = []
    for uid in hand:
        if defs[uid].kind == "territory" and defs[uid].id not in seen:
            seen.add(defs[uid].id)
            territory_cards.append(uid)
    for uid in hand:
        definition = defs[uid]
        kind = definition.kind
        if definition.id in seen or kind == "territory":
            continue
        seen.add(definition.id)
        if kind in board.EVENTS:
            if _castable(game, player, uid):
                actions.append(Action("cast", uid))
        elif affordable(game, player, uid):
            if kind == "policy":
                actions.append(Action("enact", uid))
            else:
                verb = "recruit" if kind == "unit" else "construct"
                actions += [Action(verb, uid, key) for key in mine]
                if kind == "building":  # (the Territory card is the action's card: it is what the action plays)
                    actions += [Action("found", territory, uid) for territory in territory_cards]
    _abilities(game, player, actions, fast_only=False)
    counters, sim = game.counters[player], game.sim
    if counters.get("scraps", 0) < sim.scraps_per_turn:  # type: ignore[attr-defined]
        actions += _scraps(game, player)
    cost = trade_cost(game, player)
    if game.pool[player] >= cost:
        actions += [Action("trade", index=i, label=f"trade for {kind}") for i, kind in enumerate(ADVANCED)]
    actions += _attacks(game, player)
    units = board.of_kind(game, player, "unit")
    if len(mine) > 1:
        territory = game.marks[TERRITORY]
        actions += [Action("move", uid, key) for uid in units for key in mine if key != territory[uid]]
    pool = game.pool[player]
    for uid in game.play[player]:
        if board.can_develop(game, uid) and pool >= develop_cost(game, uid):
            actions.append(Action("develop", uid))
    if not counters.get("actions"):
        actions.append(Action("research"))
    return actions


def _scraps(game: Game, player: int) -> list[Action]:
    by_id: dict[str, int] = {}
    for uid in game.hands[player]:
        if scrap_value(game, uid):
            by_id.setdefault(game.defs[uid].id, uid)
    # a card and its copies, so that a pair of the same card can be scrapped
    pool = [uid for uid in game.hands[player] if game.defs[uid].id in by_id]
    out: list[Action] = []
    chosen: set[tuple[str, ...]] = set()
    for size in range(1, min(scrap_limit(game, player), len(pool)) + 1):
        for combo in combinations(pool, size):
            ids = tuple(sorted(game.defs[uid].id for uid in combo))
            if ids not in chosen:
                chosen.add(ids)
                out.append(Action("scrap", targets=combo, label="scrap " + ", ".join(ids)))
    return out


def _attacks(game: Game, player: int) -> list[Action]:
    able = [uid for uid in board.of_kind(game, player, "unit") if combat.can_attack(game, uid)]
    if not able:
        return []
    out = []
    for other in range(game.n):
        if other == player:
            continue
        for key in board.territories(game, other):
            if not combat.may_attack_territory(game, player, key):
                continue
            plans = [tuple(able)] + ([(uid,) for uid in able] if len(able) > 1 else [])
            out += [Action("attack", index=key, targets=plan, label=f"attack with {len(plan)}") for plan in plans]
    return out


def responses(game: Game, player: int, event: Event) -> list[Action]:
    kind = event.type
    if kind in ANSWERABLE and (event.item is None or event.player == player):
        return []  # fast speed answers what an opponent put on the stack
    actions: list[Action] = []
    defs = game.defs
    seen: set[str] = set()
    for uid in game.hands[player]:
        definition = defs[uid]
        if definition.keywords.get("fast") and definition.id not in seen:
            seen.add(definition.id)
            if _castable(game, player, uid, event):
                actions.append(Action("cast", uid, event=event, label=WINDOW_WORDS[kind]))
    _abilities(game, player, actions, fast_only=True)
    for action in actions:
        action.event = event
    return actions


def action_program(game: Game, player: int, action: Action) -> tuple[Program, Ctx] | None:
    return play_program(game, player, action, _effect)


def _effect(game: Game, uid: int) -> Program | None:
    return game.defs[uid].effect  # (no Shards card has a timing condition of its own)


def perform(game: Game, player: int, action: Action) -> None:
    verb, uid = action.verb, action.uid
    counters = game.counters[player]
    if verb in ("pick", "start", "bonus", "defend"):
        _decision(game, player, action)
        return
    if game.active == player and action.event is None:
        counters["actions"] = counters.get("actions", 0) + 1
    when = WINDOW_WORDS.get(action.event.type, "") if action.event is not None else ""
    if verb in ("recruit", "construct", "found", "enact"):
        _enter(game, player, uid, action)
    elif verb == "cast":
        _cast(game, player, uid, action, when)
    elif verb == "ability":
        _activate(game, player, uid, action, when)
    elif verb == "scrap":
        _scrap(game, player, action.targets or ())
    elif verb == "trade":
        game.pool[player] -= trade_cost(game, player)
        board.gain(game, player, ADVANCED[action.index], 1)
    elif verb == "attack":
        combat.attack(game, player, action.index, action.targets or ())
    elif verb == "move":
        game.marks[TERRITORY][uid] = action.index
        if game.log is not None:
            game.trace(f"{game.name(uid)} moves to {board.territory_name(game, action.index)}")
    elif verb == "develop":
        game.pool[player] -= develop_cost(game, uid)
        if game.stats is not None:
            game.stats.use(game, player, uid)
        add_development(game, uid, 1)
    elif verb == "research":
        draw(game, player, game.sim.research_draw)  # type: ignore[attr-defined]
        counters["research-end"] = 1
    else:
        raise ValueError(f"unknown action '{verb}'")


def _decision(game: Game, player: int, action: Action) -> None:
    """A choice inside a rule, taken as an action by a bot weighing it in an imagined world."""
    verb = action.verb
    if verb == "start":
        board.place_starting(game, player, action.targets or ())
    elif verb == "bonus":
        board.take_bonus(game, player, action.index, game.sim.number("second-player-bonus"))
    elif verb == "defend":
        combat.after_blocks(game, game.active, action.targets or ())


def _enter(game: Game, player: int, uid: int, action: Action) -> None:
    territory = action.index
    if action.verb == "found":  # a Building revealed with a Territory card, which founds its Territory
        card, uid = uid, action.index
        game.move(card, ZONE_PLAY, player)
        territory = card + 1
        game.marks[TERRITORY][card] = territory
        board.reveal_territory(game, card)
        if game.stats is not None:
            game.stats.play(game, player, card)
    definition = game.defs[uid]
    board.pay(game, player, play_cost(game, player, uid), definition.cost_resources)
    game.move(uid, ZONE_PLAY, player)
    if definition.kind != "policy":
        game.marks[TERRITORY][uid] = territory
    if definition.kind == "unit":
        game.marks[FRESH][uid] = 1
    if game.log is not None:
        where = f" into {board.territory_name(game, territory)}" if definition.kind != "policy" else ""
        game.trace(f"P{player + 1} plays {definition.name}{where}")
    if game.stats is not None:
        game.stats.play(game, player, uid)
    emit(game, Event("plays", player, uid, kind=definition.kind))


def _card_targets(program: Program | None, ctx: Ctx) -> tuple[int, ...]:
    if program is None:
        return ()
    return tuple(ctx.targets[slot.index] for slot in program.targets if slot.selector.domain == "card")


def _cast(game: Game, player: int, uid: int, action: Action, when: str) -> None:
    definition = game.defs[uid]
    program = definition.effect
    ctx = Ctx(uid, player, event=action.event, kind=definition.kind)
    if not choose_targets(game, player, program, ctx, action.targets):
        return
    board.pay(game, player, play_cost(game, player, uid), definition.cost_resources)
    game.move(uid, ZONE_STACK)
    if game.stats is not None:
        game.stats.play(game, player, uid, when)
    item = StackItem(game, uid, player, program, ctx, definition.kind, card=True, label=definition.name)
    push(game, item, Event("plays", player, uid, item=item, targets=_card_targets(program, ctx), kind=definition.kind))


def _activate(game: Game, player: int, uid: int, action: Action, when: str) -> None:
    ability = game.defs[uid].activated[action.index]
    ctx = Ctx(uid, player)
    if not choose_targets(game, player, ability.program, ctx, action.targets):
        return
    for cost in ability.costs:
        cost.pay(game, ctx)
    if ONCE_PER_TURN in ability.limits:
        game.tallies[("once", uid, ability.index)] = 1
    if game.stats is not None:
        game.stats.use(game, player, uid, when)
    label = f"{game.name(uid)}: {ability.text}" if game.log is not None else ""
    item = StackItem(game, uid, player, ability.program, ctx, "ability", card=False, label=label)
    push(game, item, Event("activates-ability", player, uid, item=item, kind="ability"))


def _scrap(game: Game, player: int, cards: tuple[int, ...]) -> None:
    counters = game.counters[player]
    counters["scraps"] = counters.get("scraps", 0) + 1
    for uid in cards:
        game.move(uid, SCRAP_PILE)
        board.reveal_territory(game, uid)
        if game.log is not None:
            game.trace(f"P{player + 1} scraps {game.name(uid)}")
        for resource, n in scrap_value(game, uid):
            board.gain(game, player, resource, n)
        emit(game, Event("scraps", player, uid))


def resolve_card(game: Game, item: StackItem) -> None:
    """An Event that resolved goes to the graveyard; one with static sentences waits in play to the end of the turn."""
    uid = item.source
    if game.defs[uid].statics:
        game.move(uid, ZONE_PLAY, item.controller)
        game.marks[LINGERING][uid] = 1
    else:
        game.move(uid, ZONE_DISCARD)


def countered(game: Game, item: StackItem) -> None:
    game.move(item.source, ZONE_DISCARD)
