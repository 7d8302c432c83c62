"""What handlers do to a game: draw, discard, damage, destroy, heal, shuffle, look, reveal.

These are the rules every game with a shared vocabulary of cards, zones, health
and attachments has; where a game differs it answers through its `Simulator`
(what to do when the deck is empty, what prevents damage, what replaces a
destruction).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carddb.sim.events import emit
from carddb.sim.game import ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, ZONE_STACK, Game
from carddb.sim.program import Event, Static

if TYPE_CHECKING:
    from carddb.sim.stack import StackItem


def health(game: Game, uid: int) -> int:
    """A card's health now: printed, plus every active static that raises it (0: it has none)."""
    base = game.defs[uid].health
    if base <= 0:
        return 0
    found = (game.statics_cache or game.static_layers()).get("health")  # (`statics`, without the call)
    if found:
        for source, static in found:
            if static.applies(game, source, uid):
                base += static.amount
    return base


def take_top(game: Game, player: int = -1) -> int:
    """The top card of the deck `player` draws from (-1 if there is none even after the pack's rule
    for an empty deck): their own in a game where players have decks of their own, else the shared one."""
    deck = game.deck_of(player)
    if not deck:
        game.sim.draw_from_empty(game, player)
        deck = game.deck_of(player)
        if not deck:
            return -1
    return deck[-1]


def draw(game: Game, player: int, amount: int) -> int:
    """`player` draws up to `amount` cards; returns how many were drawn.

    A player whose own deck runs out makes the rules' checks due (`Simulator.state_checks`)."""
    drawn = 0
    own_decks = game.decks is not None
    for _ in range(amount):
        uid = take_top(game, player)
        if uid < 0:
            if own_decks and not game.over:
                continue  # each card that cannot be drawn asks the pack's rule again (Attrition: pay per card)
            break
        game.move(uid, ZONE_HAND, player)
        drawn += 1
        if game.stats is not None:
            game.stats.drew(game, uid)
        emit(game, Event("draws", player, uid, 1))
    if drawn and game.log is not None:
        game.trace(f"P{player + 1} draws {drawn}")
    if own_decks and not game.deck_of(player):
        game.lethal_dirty = True
    return drawn


def discard(game: Game, uid: int) -> None:
    game.move(uid, ZONE_DISCARD)
    if game.log is not None:
        game.trace(f"{game.name(uid)} is discarded")


def shuffle_deck(game: Game, player: int = -1) -> None:
    """Shuffle the deck `player` draws from (their own with `own_decks`, else the shared one)."""
    deck = game.deck_of(player)
    game.rng.shuffle(deck)
    for known in game.known:  # nobody knows where a card is in a shuffled deck
        known.difference_update(deck)


def shuffle_discard_into_deck(game: Game) -> None:
    game.discard_into_deck()
    shuffle_deck(game)


def put_in_play(game: Game, uid: int, player: int, *, face_down: bool = False) -> None:
    game.move(uid, ZONE_PLAY, player, face_down=face_down)


def leave_play(game: Game, uid: int, zone: int, player: int = -1) -> None:
    """A card leaves play; what was attached to it goes to the discard pile with it."""
    attached = game.attached
    for cards in game.play:
        for other in [o for o in cards if attached[o] == uid]:
            game.move(other, ZONE_DISCARD)
            if game.log is not None:
                game.trace(f"{game.name(other)} goes with it")
    game.move(uid, zone, player)
    game.lethal_dirty = True


def deal_damage(game: Game, uid: int, amount: int) -> int:
    """Damage counters on a card with health; returns the damage dealt after prevention."""
    if game.place[uid] != ZONE_PLAY or game.defs[uid].health <= 0 or amount <= 0:
        return 0
    amount = game.sim.prevent_damage(game, uid, amount)
    if amount <= 0:
        return 0
    game.damage[uid] += amount
    game.lethal_dirty = True
    if game.log is not None:
        game.trace(f"{game.name(uid)} is dealt {amount} damage ({game.damage[uid]}/{health(game, uid)})")
    emit(game, Event("dealt-damage", game.controller[uid], uid, amount))
    return amount


def add_temporary(game: Game, source: int, static: Static) -> None:
    """A static that lasts until the pack ends it (`end_temporary`), e.g. `... gets +2 power until end of turn`."""
    game.temporary.append((source, static))
    game.statics_cache = None
    game.lethal_dirty = True  # (a lower health may now be lethal)


def end_temporary(game: Game) -> None:
    """Every temporary static ends (LOE v2: at the end of each turn)."""
    if game.temporary:
        game.temporary.clear()
        game.statics_cache = None
        game.lethal_dirty = True


def remove_damage(game: Game, uid: int, amount: int | None) -> int:
    """Take damage counters off (all of them for None), unless a static keeps them on."""
    if game.place[uid] != ZONE_PLAY or game.damage[uid] == 0:
        return 0
    for source, static in game.statics("damage-stays"):
        if static.applies(game, source, uid):
            return 0
    removed = game.damage[uid] if amount is None else min(amount, game.damage[uid])
    game.damage[uid] -= removed
    if game.log is not None:
        game.trace(f"{game.name(uid)}: {removed} damage removed")
    return removed


def destroy(game: Game, uid: int) -> bool:
    """Destroy a card in play (or a card still on the stack: it never arrives); True if it went."""
    zone = game.place[uid]
    if zone == ZONE_STACK:
        return counter_card(game, uid)
    if zone != ZONE_PLAY:
        return False
    if game.sim.replace_destroy(game, uid):
        return False
    if game.log is not None:
        game.trace(f"{game.name(uid)} is destroyed")
    emit(game, Event("destroyed", game.controller[uid], uid))  # before it leaves: its own triggers still hear it
    game.destroyed_turn.append(uid)
    leave_play(game, uid, ZONE_DISCARD)
    return True


def indestructible(game: Game, uid: int, how: str) -> bool:
    """Whether a continuous effect (the broad phrasebook's `cannot be destroyed`) keeps the card from being
    destroyed `how`: "battle" (by lethal damage) or "effects" (by an effect that destroys)."""
    return any(
        static.kinds & {how, "any"} and static.applies(game, source, uid)
        for source, static in game.statics("indestructible")
    )


def check_lethal(game: Game) -> None:
    """Destroy every card whose damage reached its health (repeated: a destruction can lower another's health),
    then the pack's own state-based rules (`Simulator.state_checks`).

    A card is destroyed only if its damage still reaches its health when its turn comes: answering the
    destruction of another (LOE v2: `would be destroyed`) may have healed it."""
    while game.lethal_dirty:
        game.lethal_dirty = False
        damage, defs = game.damage, game.defs
        doomed = [
            uid
            for cards in game.play
            for uid in cards
            if damage[uid] and defs[uid].health and damage[uid] >= health(game, uid)
        ]
        if doomed and game.statics("indestructible"):  # broad: `This creature cannot be destroyed by battle.`
            doomed = [uid for uid in doomed if not indestructible(game, uid, "battle")]
        for uid in doomed:
            if game.place[uid] == ZONE_PLAY and damage[uid] >= health(game, uid):
                destroy(game, uid)
    game.sim.state_checks(game)


def return_to_hand(game: Game, uid: int) -> None:
    if game.place[uid] == ZONE_PLAY:
        if game.log is not None:
            game.trace(f"{game.name(uid)} returns to its owner's hand")
        leave_play(game, uid, ZONE_HAND, game.owner[uid])


def look(game: Game, player: int, uids: list[int]) -> None:
    """`player` sees these hidden cards (what the greedy bot may then use), unless a card forbids it."""
    can_look = game.sim.can_look
    game.known[player].update(uid for uid in uids if can_look(game, player, uid))


def reveal(game: Game, uids: list[int]) -> None:
    for known in game.known:
        known.update(uids)


def counter(game: Game, item: StackItem) -> None:
    """Take an item off the stack unresolved; a played card goes where the pack sends countered cards."""
    if item not in game.stack:
        return
    game.stack.remove(item)
    if game.log is not None:
        game.trace(f"{item.label} is countered")
    if item.card:
        game.sim.countered(game, item)


def counter_card(game: Game, uid: int) -> bool:
    """Counter the played card `uid` if it is still on the stack."""
    for item in game.stack:
        if item.card and item.source == uid and game.place[uid] == ZONE_STACK:
            counter(game, item)
            return True
    return False
