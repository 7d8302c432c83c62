"""What an LOE v2 player may do, and doing it.

Main phase (own turn): play a Leader, Troop or Spell (its mana cost paid from the pool and
by pitching other cards of the hand), put a Resource card onto the battlefield (any
number a turn: it does not use the stack), activate an ability, attack with a Leader
(`attacks-per-turn` a turn), trade with the marketplace (`marketplace-trades-per-turn`).

Response windows (either player's turn): play a Reaction whose condition names the event
and holds; and, after an opponent played a card, activated an ability, attacked or
blocked (`INSTANT_EVENTS`), activate an ability ("Unless the ability says otherwise, you
can activate it any time you have priority").

Blocks are chosen in combat's block step (`combat`), not here.

Identical cards in a hand are offered once (the first copy), so a bot's choice is
between different plays, not between copies.
"""

from __future__ import annotations

from carddb.games.loe2.sim import combat, mana, marketplace
from carddb.games.loe2.sim.handlers import entered
from carddb.pack_api import (
    ZONE_DISCARD,
    ZONE_PLAY,
    Action,
    CardDef,
    Event,
    Game,
    StackItem,
    activate,
    can_target,
    card_program,
    emit,
    offer_abilities,
    offer_reactions,
    play_card,
)

INSTANT_EVENTS = frozenset({"plays", "activates-ability", "leader-attacks", "blocks"})
MAIN_KINDS = frozenset({"leader", "troop", "spell"})  # (a Reaction is played only in answer to its event)


def _castable(game: Game, player: int, uid: int, definition: CardDef, event: Event | None = None) -> bool:
    """Whether `player` may play the card now: its cost against the pool and the rest of the hand, then targets."""
    cost = definition.cost
    if cost > game.pool[player] and cost > mana.available(game, player) - mana.pitch_value(game, uid):
        return False
    program = definition.timed.program if definition.timed is not None else definition.effect
    return program is None or not program.targets or can_target(game, player, uid, program, event)


def main_actions(game: Game, player: int) -> list[Action]:
    actions: list[Action] = []
    defs = game.defs
    seen: set[str] = set()
    pool = game.pool[player]
    in_hand = mana.hand_mana(game, player)
    for uid in game.hands[player]:
        definition = defs[uid]
        if definition.id in seen:
            continue
        seen.add(definition.id)
        kind = definition.kind
        if kind == "resource":
            actions.append(Action("resource", uid))
        elif kind in MAIN_KINDS and definition.cost <= pool + in_hand - definition.numbers.get("pitch", 0):
            program = definition.effect
            if program is None or not program.targets or can_target(game, player, uid, program):
                actions.append(Action("cast", uid))
    offer_abilities(game, player, actions, pool + in_hand)
    combat.attack_actions(game, player, actions)
    sim = game.sim
    if game.counters[player].get("trades", 0) < sim.trades_per_turn and marketplace.can_trade(game, player):  # type: ignore[attr-defined]
        actions.append(Action("trade"))
    return actions


def responses(game: Game, player: int, event: Event) -> list[Action]:
    actions: list[Action] = []
    if game.reacts.get(event.type):
        offer_reactions(game, player, event, _castable, actions)
    if event.type in INSTANT_EVENTS and event.item is not None and event.player != player:
        offer_abilities(game, player, actions, mana.available(game, player))
    return actions


def _pay_card(game: Game, player: int, uid: int) -> None:
    mana.pay(game, player, game.defs[uid].cost, exclude=uid)


def perform(game: Game, player: int, action: Action) -> None:
    verb, uid = action.verb, action.uid
    if verb in {"cast", "react"}:
        play_card(game, player, uid, card_program(game, uid), action, _pay_card)
    elif verb == "ability":
        activate(game, player, uid, game.defs[uid].activated[action.index], action)
    elif verb == "resource":
        _play_resource(game, player, uid)
    elif verb == "attack":
        combat.declare(game, player, uid, action.index)
    elif verb == "block":
        combat.block(game, player, uid, action.index)
    elif verb == "trade":
        counters = game.counters[player]
        counters["trades"] = counters.get("trades", 0) + 1
        marketplace.trade(game, player)
    else:
        raise ValueError(f"unknown action '{verb}'")


def _play_resource(game: Game, player: int, uid: int) -> None:
    game.move(uid, ZONE_PLAY, player)
    if game.log is not None:
        game.trace(f"P{player + 1} plays {game.name(uid)}")
    if game.stats is not None:
        game.stats.play(game, player, uid)
    emit(game, Event("plays", player, uid, kind="resource"))


def resolve_card(game: Game, item: StackItem) -> None:
    uid = item.source
    if item.kind in ("leader", "troop"):
        game.move(uid, ZONE_PLAY, item.controller)
        entered(game, uid, item.controller)
    else:
        game.move(uid, ZONE_DISCARD)


def countered(game: Game, item: StackItem) -> None:
    game.move(item.source, ZONE_DISCARD)
