"""Victory attempts and Duke activations: LOE's two ways of turning a hidden card face up.

A Victory attempt costs `victory-first-cost` powerstones, then `victory-cost-step`
more for each attempt before it, less every `victory-discount` static and the
player's `Your next Victory attempt costs N less` (used up by the attempt); never
below 0. The card is revealed and put on the stack; when it resolves, its
`Win if` sentence ends the game if every condition holds, and otherwise it
returns to its owner's play zone face up for the rest of the game. A countered
attempt returns the same way (it was revealed).

Activating a Duke turns it face up by paying its cost; it does not use the stack
(no card counters it), and Reactions answer the `activates` event it makes.
"""

from __future__ import annotations

from carddb.games.loe.sim.board import victory_card
from carddb.games.loe.sim.costs import can_afford, pay
from carddb.pack_api import ZONE_PLAY, ZONE_STACK, Ctx, Event, Game, StackItem, emit, push


def attempt_cost(game: Game, player: int) -> int:
    sim = game.sim
    counters = game.counters[player]
    cost = sim.victory_first_cost + sim.victory_cost_step * counters.get("attempts", 0)  # type: ignore[attr-defined]
    found = (game.statics_cache or game.static_layers()).get("victory-cost")  # (`statics`, without the call)
    if found:
        for source, static in found:
            if static.applies(game, source, player):
                cost -= static.amount
    cost -= counters.get("victory-next", 0)
    return max(0, cost)


def can_attempt(game: Game, player: int) -> bool:
    uid = victory_card(game, player)
    return uid >= 0 and game.place[uid] == ZONE_PLAY and game.pool[player] >= attempt_cost(game, player)


def attempt(game: Game, player: int, *, free: bool) -> bool:
    uid = victory_card(game, player)
    if uid < 0 or game.place[uid] != ZONE_PLAY:
        return False
    counters = game.counters[player]
    if not free:
        cost = attempt_cost(game, player)
        if game.pool[player] < cost:
            return False
        game.pool[player] -= cost
    counters["attempts"] = counters.get("attempts", 0) + 1
    counters["victory-next"] = 0
    game.flip(uid, False)
    game.move(uid, ZONE_STACK)
    if game.stats is not None:
        game.stats.play(game, player, uid)
    definition = game.defs[uid]
    ctx = Ctx(uid, player, kind="victory")
    item = StackItem(game, uid, player, definition.effect, ctx, "victory", card=True, label=definition.name)
    push(game, item, Event("attempts-victory", player, uid, item=item, kind="victory"))
    emit(game, Event("plays", player, uid, item=item, kind="victory"))
    return True


def failed(game: Game, item: StackItem) -> None:
    """The attempt did not win: the card goes back to its owner's play zone, face up."""
    game.move(item.source, ZONE_PLAY, game.owner[item.source], face_down=False)
    game.counters[item.controller]["revealed"] = 1
    if game.log is not None:
        game.trace(f"{game.name(item.source)} fails and stays revealed")


def duke_cost(game: Game, uid: int) -> tuple[int, tuple[tuple[str, int], ...]]:
    definition = game.defs[uid]
    return definition.cost, definition.cost_resources


def can_activate(game: Game, player: int, uid: int) -> bool:
    powerstones, needs = duke_cost(game, uid)
    return can_afford(game, player, powerstones, needs)


def activate(game: Game, player: int, uid: int, *, free: bool) -> None:
    if not game.face_down[uid] or game.place[uid] != ZONE_PLAY:
        return
    if not free:
        powerstones, needs = duke_cost(game, uid)
        pay(game, player, powerstones, needs)
    game.flip(uid, False)
    if game.log is not None:
        game.trace(f"P{player + 1} activates {game.name(uid)}")
    if game.stats is not None:
        game.stats.play(game, player, uid)
    emit(game, Event("activates", player, uid))
    emit(game, Event("is-activated", player, uid))
