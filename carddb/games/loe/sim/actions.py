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
from carddb.games.loe.sim.costs import can_spend, pay, play_cost
from carddb.pack_api import (
    ZONE_DISCARD,
    ZONE_PLAY,
    Action,
    CardDef,
    Ctx,
    Event,
    Game,
    Program,
    StackItem,
    activate,
    can_target,
    emit,
    offer_abilities,
    offer_reactions,
    play_card,
    play_program,
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
    if definition.kind == "item":
        program: Program | None = game.sim.coupling  # type: ignore[attr-defined]
    elif definition.timed is not None:
        program = definition.timed.program
    else:
        program = definition.effect
    return program is None or not program.targets or can_target(game, player, uid, program, event)


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
    offer_abilities(game, player, actions, game.pool[player])
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
        offer_reactions(game, player, event, _castable, actions)
    if kind not in INSTANT_EVENTS or event.item is None or event.player == player:
        return actions  # instant-speed actions answer what an opponent put on the stack
    offer_abilities(game, player, actions, game.pool[player])
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
    return play_program(game, player, action, card_program)


def perform(game: Game, player: int, action: Action) -> None:
    verb, uid = action.verb, action.uid
    if verb == "resource":
        _play_resource(game, player, uid)
    elif verb in {"cast", "react"}:
        _cast(game, player, uid, action)
    elif verb == "ability":
        activate(game, player, uid, game.defs[uid].activated[action.index], action)
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


def _pay_card(game: Game, player: int, uid: int) -> None:
    pay(game, player, play_cost(game, player, uid), game.defs[uid].cost_resources)


def _cast(game: Game, player: int, uid: int, action: Action) -> None:
    play_card(game, player, uid, card_program(game, uid), action, _pay_card)


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
