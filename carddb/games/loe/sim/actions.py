"""What an LOE player may do, and doing it.

Main phase (own turn): play a Resource (one per turn, plus allowances), cast a Spell,
play an Item (coupled to a face-up character you control, chosen like a target) or
a Ritual, activate an ability, activate a face-down Duke, trade with the market,
attempt the Victory card.

Response windows (any turn; see `carddb.sim.stack`): play a Reaction whose timing
condition matches the event and whose condition holds; and after an opponent put a
card, an activated ability or a Victory attempt on the stack (the pack's
`instant_events`), activate an ability (unless it says `Activate only during your
turn`), activate an Ambush Duke on an opponent's turn, or play a Swift card.
(A Resource does not use the stack, so only Reactions answer it; a player who put
something on the stack answers it only with a Reaction, having just acted.)

Identical cards in a hand are offered once (the first copy), so a bot's choice is
between different plays, not between copies.
"""

from __future__ import annotations

from carddb.games.loe.sim import market, victory
from carddb.games.loe.sim.costs import SpendResource, can_spend, pay, play_cost, ready_resources
from carddb.pack_api import (
    ZONE_DISCARD,
    ZONE_PLAY,
    ZONE_STACK,
    Action,
    Activated,
    CardDef,
    Ctx,
    Event,
    Game,
    Program,
    StackItem,
    choose_targets,
    emit,
    has_targets,
    push,
)

INSTANT_EVENTS = frozenset({"plays", "activates-ability", "attempts-victory"})
CAST_KINDS = frozenset({"spell", "item", "ritual"})


def resources_left(game: Game, player: int) -> int:
    counters = game.counters[player]
    allowed = game.sim.resources_per_turn + counters.get("resource-extra", 0)  # type: ignore[attr-defined]
    found = (game.statics_cache or game.static_layers()).get("resources")  # (`statics`, without the call)
    if found:
        for source, static in found:
            if static.applies(game, source, player):
                allowed += static.amount
    return allowed - counters.get("resources", 0)


def card_program(game: Game, uid: int) -> Program | None:
    """What a played card puts on the stack: an Item's coupling target, a Reaction's or Spell's sentences."""
    definition = game.defs[uid]
    if definition.kind == "item":
        coupling: Program = game.sim.coupling  # type: ignore[attr-defined]
        return coupling
    if definition.timed is not None:
        return definition.timed.program
    return definition.effect


def _castable(game: Game, player: int, uid: int, definition: CardDef, event: Event | None = None) -> bool:
    """Whether `player` may play the card now: its cost (powerstones, then Resources), then its targets.

    Runs for every card in hand at every decision: the cost and the program are read inline
    (`play_cost`, `card_program` say the same at length)."""
    cost = definition.cost
    layers = game.statics_cache
    if layers is None:
        layers = game.static_layers()
    found = layers.get("cost")
    if found:
        for source, static in found:
            if static.applies(game, source, uid):
                cost += static.amount
    found = layers.get("cost-opponents")
    if found:
        for source, static in found:
            if game.controller[source] != player and static.applies(game, source, uid):
                cost += static.amount
    if game.pool[player] < (cost if cost > 0 else 0):
        return False
    if definition.cost_resources and not can_spend(game, player, definition.cost_resources):
        return False
    kind = definition.kind
    if kind == "item":
        program: Program | None = game.sim.coupling  # type: ignore[attr-defined]
    elif definition.timed is not None:
        program = definition.timed.program
    else:
        program = definition.effect
    if program is None:
        return True
    targets = program.targets
    if not targets:
        return True
    ctx = Ctx(uid, player, event=event, kind=kind)
    if len(targets) == 1:
        return targets[0].selector.exists(game, ctx)
    return has_targets(game, program, ctx)


def _abilities(game: Game, player: int, actions: list[Action]) -> None:
    """Every ability of `player`'s cards they may activate now: own-turn and once-per-turn restrictions, costs,
    targets. Written as one loop (no call per ability): it runs for every decision and every response window."""
    actors = game.actors(player)
    if not actors:
        return
    used, tallies = game.used, game.tallies
    own_turn = game.active == player
    pool = game.pool[player]
    ctx: Ctx | None = None  # made for the first ability that passes the cheap tests
    ready: dict[str, list[int]] | None = None  # untapped Resources by subtype
    for uid, activated in actors:
        for ability in activated:
            if ability.pool_cost > pool or (ability.uses_self and used[uid]):
                continue
            if ability.own_turn_only and not own_turn:
                continue
            if ability.once_per_turn and ("once", uid, ability.index) in tallies:
                continue
            if ctx is None:
                ctx = Ctx(uid, player)
            else:
                ctx.source = uid
            for cost in ability.checks:
                if cost.__class__ is SpendResource:  # the usual cost: `has_spendable`, on Resources found once
                    if ready is None:
                        ready = ready_resources(game, player)
                    found = ready.get(cost.resource)
                    if (len(found) - (uid in found) if found else 0) < cost.amount:  # (a card never spends itself)
                        break
                elif not cost.can_pay(game, ctx):
                    break
            else:
                targets = ability.program.targets
                if (
                    not targets
                    or (len(targets) == 1 and targets[0].selector.exists(game, ctx))
                    or (len(targets) > 1 and has_targets(game, ability.program, ctx))
                ):
                    actions.append(Action("ability", uid, ability.index))


def _face_down_dukes(game: Game, player: int) -> list[int]:
    """`player`'s face-down Dukes, in play order (from the index of cards in play by kind)."""
    index = game.kinds_cache
    if index is None:
        index = game.in_play_of_kind()
    lists = index.get("duke")
    if lists is None:
        return []
    face_down = game.face_down
    return [uid for uid in lists[player] if face_down[uid]]


def main_actions(game: Game, player: int) -> list[Action]:
    actions: list[Action] = []
    defs = game.defs
    seen: set[str] = set()
    may_resource = resources_left(game, player) > 0
    for uid in game.hands[player]:
        definition = defs[uid]
        card_id = definition.id
        if card_id in seen:
            continue
        seen.add(card_id)
        kind = definition.kind
        if kind == "resource":
            if may_resource:
                actions.append(Action("resource", uid))
        elif kind in CAST_KINDS and _castable(game, player, uid, definition):
            actions.append(Action("cast", uid))
    _abilities(game, player, actions)
    dukes = _face_down_dukes(game, player)
    if dukes:
        pool = game.pool[player]
        for uid in dukes:
            definition = defs[uid]
            if pool >= definition.cost and (
                not definition.cost_resources or can_spend(game, player, definition.cost_resources)
            ):
                actions.append(Action("activate", uid))
    counters = game.counters[player]
    trades_allowed: int = game.sim.market_trades_per_turn  # type: ignore[attr-defined]
    if counters.get("trades", 0) < trades_allowed and market.can_trade(game, player):
        actions.append(Action("trade"))
    uid = counters.get("victory", -1)  # (victory.can_attempt, with the card found once)
    if uid >= 0 and game.place[uid] == ZONE_PLAY and game.pool[player] >= victory.attempt_cost(game, player):
        actions.append(Action("victory", uid))
    return actions


def responses(game: Game, player: int, event: Event) -> list[Action]:
    actions: list[Action] = []
    defs = game.defs
    kind = event.type
    if game.reacts.get(kind):
        ctx: Ctx | None = None  # one context for the tests of every card (reset for each)
        for uid in game.hands[player]:
            timed = defs[uid].timed
            if timed is None or kind not in timed.event.types:
                continue
            if ctx is None:
                ctx = Ctx(uid, player, event=event, kind=defs[uid].kind)
            else:
                ctx.source, ctx.kind, ctx.last = uid, defs[uid].kind, None
            if (
                timed.event.match(game, event, ctx)
                and all(cond.test(game, ctx) for cond in timed.conditions)
                and _castable(game, player, uid, defs[uid], event)
            ):
                actions.append(Action("react", uid, event=event))
    if kind not in INSTANT_EVENTS or event.item is None or event.player == player:
        return actions  # instant-speed actions answer what an opponent put on the stack
    _abilities(game, player, actions)
    if game.active != player:
        for uid in _face_down_dukes(game, player):
            # (`keyword(game, uid, "ambush")`: Ambush works face down)
            if defs[uid].keywords.get("ambush") and victory.can_activate(game, player, uid):
                actions.append(Action("activate", uid))
    may_resource = -1  # asked only when a Swift Resource is in hand
    for uid in game.hands[player]:
        definition = defs[uid]
        if not definition.keywords.get("swift"):
            continue
        if definition.kind == "resource":
            if may_resource < 0:
                may_resource = int(resources_left(game, player) > 0)
            if may_resource:
                actions.append(Action("resource", uid))
        elif definition.kind in CAST_KINDS and _castable(game, player, uid, definition):
            actions.append(Action("cast", uid))
    return actions


def action_program(game: Game, player: int, action: Action) -> tuple[Program, Ctx] | None:
    verb, uid = action.verb, action.uid
    if verb in {"cast", "react"}:
        program = card_program(game, uid)
        if program is None:
            return None
        return program, Ctx(uid, player, event=action.event, kind=game.defs[uid].kind)
    if verb == "ability":
        return game.defs[uid].activated[action.index].program, Ctx(uid, player)
    return None


def perform(game: Game, player: int, action: Action) -> None:
    verb, uid = action.verb, action.uid
    if verb == "resource":
        _play_resource(game, player, uid)
    elif verb in {"cast", "react"}:
        _cast(game, player, uid, action)
    elif verb == "ability":
        _activate_ability(game, player, uid, game.defs[uid].activated[action.index], action)
    elif verb == "activate":
        victory.activate(game, player, uid, free=False)
    elif verb == "trade":
        counters = game.counters[player]
        counters["trades"] = counters.get("trades", 0) + 1
        market.trade(game, player, paid=True)
    elif verb == "victory":
        victory.attempt(game, player, free=False)
    else:
        raise ValueError(f"unknown action '{verb}'")


def _play_resource(game: Game, player: int, uid: int) -> None:
    counters = game.counters[player]
    counters["resources"] = counters.get("resources", 0) + 1
    game.move(uid, ZONE_PLAY, player)
    if game.log is not None:
        game.trace(f"P{player + 1} plays {game.name(uid)}")
    if game.stats is not None:
        game.stats.play(game, player, uid)
    emit(game, Event("plays", player, uid, kind="resource"))


def _card_targets(program: Program | None, ctx: Ctx) -> tuple[int, ...]:
    if program is None:
        return ()
    return tuple(ctx.targets[slot.index] for slot in program.targets if slot.selector.domain == "card")


def _cast(game: Game, player: int, uid: int, action: Action) -> None:
    definition = game.defs[uid]
    program = card_program(game, uid)
    ctx = Ctx(uid, player, event=action.event, kind=definition.kind)
    if not choose_targets(game, player, program, ctx, action.targets):
        return
    pay(game, player, play_cost(game, player, uid), definition.cost_resources)
    game.move(uid, ZONE_STACK)
    if game.stats is not None:
        game.stats.play(game, player, uid)
    item = StackItem(game, uid, player, program, ctx, definition.kind, card=True, label=definition.name)
    targets = _card_targets(program, ctx)
    push(game, item, Event("plays", player, uid, item=item, targets=targets, kind=definition.kind))


def _activate_ability(game: Game, player: int, uid: int, ability: Activated, action: Action) -> None:
    ctx = Ctx(uid, player)
    if not choose_targets(game, player, ability.program, ctx, action.targets):
        return
    for cost in ability.costs:
        cost.pay(game, ctx)
    if ability.once_per_turn:
        game.tallies[("once", uid, ability.index)] = 1
    if game.stats is not None:
        game.stats.use(game, player, uid)
    label = f"{game.name(uid)}: {ability.text}" if game.log is not None else ""  # (a label is only ever logged)
    item = StackItem(game, uid, player, ability.program, ctx, "ability", card=False, label=label)
    targets = _card_targets(ability.program, ctx)
    push(game, item, Event("activates-ability", player, uid, item=item, targets=targets, kind="ability"))


def resolve_card(game: Game, item: StackItem) -> None:
    uid, kind = item.source, item.kind
    if kind == "victory":
        victory.failed(game, item)
    elif kind == "item":
        character = item.ctx.targets[0] if item.ctx.targets else -1
        legal = (
            character >= 0
            and game.place[character] == ZONE_PLAY
            and not game.face_down[character]
            and game.controller[character] == item.controller
        )
        if not legal:
            game.move(uid, ZONE_DISCARD)
            return
        game.move(uid, ZONE_PLAY, item.controller)
        game.attached[uid] = character
        if game.log is not None:
            game.trace(f"{game.name(uid)} is coupled to {game.name(character)}")
        emit(game, Event("is-coupled", item.controller, uid))
    elif kind == "ritual":
        game.move(uid, ZONE_PLAY, item.controller)
    else:
        game.move(uid, ZONE_DISCARD)


def countered(game: Game, item: StackItem) -> None:
    if item.kind == "victory":
        victory.failed(game, item)
    else:
        game.move(item.source, ZONE_DISCARD)
