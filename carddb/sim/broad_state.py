"""The state the broad phrasebook's handlers read and change, kept in the core's game state.

A game's stats, counters, statuses and granted keywords are marks on cards in play (`Game.marks`,
so they are copied with the game and gone when the card leaves play); its resources are numbers
per player (`Game.counters`, keys `res:<id>`); zones map to the core's zones or to the pack's
shared zones; effects that last a while (`until end of turn`) are `Lasting` entries of
`Game.lasting`, whose statics apply while they are alive and whose revert runs when they expire.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from carddb.sim.events import emit
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_NONE, ZONE_PLAY, ZONE_SHARED, Game
from carddb.sim.program import Ctx, Event, Static

if TYPE_CHECKING:
    from carddb.sim.cards import CardDef

# What a declared zone is to the core (carddb.packs.vocabulary.ZoneRole), as the core's zone.
CORE_ZONES = {"deck": ZONE_DECK, "hand": ZONE_HAND, "discard": ZONE_DISCARD, "play": ZONE_PLAY}


def mark(game: Game, name: str) -> list[int]:
    """A mark every card has (0 until set), made on first use: `counter:charge`, `stat:power`, `status:stun`."""
    values = game.marks.get(name)
    if values is None:
        values = game.marks[name] = [0] * len(game.defs)
    return values


def stat(game: Game, uid: int, stat_id: str) -> int:
    """A card's stat now: printed, plus lasting changes on it, plus continuous effects that apply to it."""
    value = game.defs[uid].numbers.get(stat_id, 0) + mark(game, f"stat:{stat_id}")[uid]
    for source, static in game.statics(f"stat:{stat_id}"):
        if static.applies(game, source, uid):
            value += static.amount * (static.scale(game, source) if static.scale is not None else 1)
    return value


def has_keyword(game: Game, uid: int, name: str) -> bool:
    """Whether a card has a keyword: printed, given to it, or from a continuous effect."""
    if name in game.defs[uid].keywords or mark(game, f"keyword:{name}")[uid]:
        return True
    return any(name in static.kinds and static.applies(game, source, uid) for source, static in game.statics("keyword"))


def cannot(game: Game, uid: int, verb: str) -> bool:
    """Whether a continuous effect forbids the card (or player) that game verb (attack, block, quest...)."""
    return any(verb in static.kinds and static.applies(game, source, uid) for source, static in game.statics("cannot"))


def resource(game: Game, player: int, resource_id: str) -> int:
    return game.counters[player].get(f"res:{resource_id}", 0)


def add_resource(game: Game, player: int, resource_id: str, amount: int) -> int:
    """Give (or, negative, take) a resource; a player never has less than none. Returns the change made."""
    counters = game.counters[player]
    key = f"res:{resource_id}"
    before = counters.get(key, 0)
    counters[key] = max(0, before + amount)
    if game.log is not None:
        game.trace(f"P{player + 1} {'gains' if amount >= 0 else 'loses'} {abs(counters[key] - before)} {resource_id}")
    return counters[key] - before


def zone_place(game: Game, role: str, zone_id: str) -> int:
    """The core zone of a declared zone: a core one by its role, else the pack's shared zone of that id."""
    if role in CORE_ZONES:
        return CORE_ZONES[role]
    shared = game.sim.shared_zones
    for name in (zone_id, role):
        if name in shared:
            return ZONE_SHARED + shared.index(name)
    return ZONE_NONE


def zone_cards(game: Game, place: int, player: int) -> list[int]:
    """The cards of a zone (a hand, play zone or own deck: `player`'s); nothing for a zone the game does not keep."""
    if place == ZONE_NONE:
        return []
    return game.zone_list(place, player)


def put(game: Game, uid: int, place: int, player: int, *, bottom: bool = False, exhausted: bool = False) -> None:
    """Move a card to a zone as the broad phrasebook does: entering play emits `enters-play`, leaving it
    `leaves-play`, and arriving in another zone `put-into` (its player: whose zone it is)."""
    if place == ZONE_NONE:
        return
    was_in_play = game.place[uid] == ZONE_PLAY
    if was_in_play and place != ZONE_PLAY:
        emit(game, Event("leaves-play", game.controller[uid], uid))
        from carddb.sim.ops import leave_play

        leave_play(game, uid, place, player)
    else:
        game.move(uid, place, player, bottom=bottom)
        if place == ZONE_PLAY:
            game.used[uid] = exhausted
            emit(game, Event("enters-play", player, uid))
            return
    emit(game, Event("put-into", player, uid))  # `Whenever a card is put into your inkwell`


def looked_at(game: Game, ctx: Ctx, cards: list[int]) -> None:
    """Cards a sentence looked at or revealed, for `the rest` (carddb.sim.declared) in later sentences."""
    if ctx.notes is None:
        ctx.notes = {}
    ctx.notes["looked"] = list(cards)
    ctx.notes["looked_place"] = game.place[cards[0]] if cards else None


def new_card(game: Game, definition: CardDef, owner: int) -> int:
    """A card that was not in the game (a token, a copy): every per-card array grows by one; it is nowhere yet."""
    uid = len(game.defs)
    game.place.append(ZONE_NONE)
    game.attached.append(-1)
    game.owner.append(owner)
    game.controller.append(owner)
    for flags in (game.face_down, game.used):
        flags.append(False)
    game.damage.append(0)
    game.since.append(0)
    for values in game.marks.values():
        values.append(0)
    game.defs.append(definition)
    return uid


@dataclass(frozen=True)
class Lasting:
    """An effect that lasts while `alive` says so: a continuous effect (`static`), and what undoes it at the end."""

    source: int
    controller: int
    alive: Callable[[Game], bool]
    static: Static | None = None
    revert: Callable[[Game], None] | None = None
    text: str = ""


def add_lasting(game: Game, effect: Lasting) -> None:
    expire_lasting(game)
    static = effect.static
    if static is not None:  # it applies only while alive
        applies, alive = static.applies, effect.alive
        static = Static(
            static.layer,
            lambda g, s, x: alive(g) and applies(g, s, x),
            static.amount,
            static.kinds,
            static.text,
            static.scale,
        )
        effect = Lasting(effect.source, effect.controller, effect.alive, static, effect.revert, effect.text)
    game.lasting.append(effect)
    game.statics_cache = None


def expire_lasting(game: Game) -> None:
    """Drop the lasting effects that ended, undoing what they did (a game's turn calls it as a turn ends)."""
    if not game.lasting:
        return
    ended = [e for e in game.lasting if not e.alive(game)]
    if not ended:
        return
    game.lasting = [e for e in game.lasting if e.alive(game)]
    game.statics_cache = None
    for effect in ended:
        if effect.revert is not None:
            effect.revert(game)


def this_turn(game: Game) -> Callable[[Game], bool]:
    turn = game.turn
    return lambda g: g.turn == turn


def until_next_turn(game: Game, player: int) -> Callable[[Game], bool]:
    started = game.turns[player]
    return lambda g: g.turns[player] == started


def until_phase_ends(game: Game, phase: str) -> Callable[[Game], bool]:
    """Alive until the phase ends (`end_phase`); a phase that is not going on ends at the end of the next one."""
    ended = game.tallies.get(("phase-ended", phase), 0)
    return lambda g: g.tallies.get(("phase-ended", phase), 0) == ended


def end_phase(game: Game, phase: str) -> None:
    """A game's turn says a phase ended: effects lasting until then end, `At the end of the PHASE` triggers."""
    key = ("phase-ended", phase)
    game.tallies[key] = game.tallies.get(key, 0) + 1
    emit(game, Event(f"phase-end:{phase}", game.active))
    expire_lasting(game)


def start_phase(game: Game, phase: str) -> None:
    emit(game, Event(f"phase-start:{phase}", game.active))


def damage_after_shields(game: Game, target: int, amount: int, *, player: bool = False, pending: bool = True) -> int:
    """The damage left after `prevent` shields (a game's `prevent_damage` and `damage_player` call it):
    first what an effect prevented of the damage being dealt now (`Prevent 1 of that damage`), then what
    was prevented for the card or player this turn (`Prevent the next 3 damage ...`)."""
    from carddb.sim.windows_state import damage_reduced

    amount = damage_reduced(game, target, amount, player=player)
    tallies = game.tallies
    keys = [("shield", game.turn, "player" if player else "card", target)]
    if pending:
        keys.insert(0, ("pending",))
    for key in keys:
        shield = tallies.get(key, 0)
        if shield and amount:
            used = min(shield, amount)
            amount -= used
            tallies[key] = shield - used
    if pending:
        tallies.pop(("pending",), None)  # what was prevented of this damage does not carry over
    return amount


def would_be_dealt(game: Game, target: int, amount: int, *, player: bool = False) -> int:
    """Damage about to be dealt (a game's `prevent_damage` and `damage_player` call it): the triggered abilities
    of cards in play that answer `would be dealt damage` happen at once (prevent, redirect), each at most once
    for this damage, then the shields take their part (`damage_after_shields`). Returns the damage left."""

    from carddb.sim.stack import execute

    if game.tallies.get(("replacing",)):
        # Damage an answer deals (redirected damage) is not answered again, nor does it use what the answer prevented.
        return damage_after_shields(game, target, amount, player=player, pending=False)
    event = Event("would-take-damage", target if player else game.controller[target], -1 if player else target, amount)
    game.tallies[("replacing",)] = 1
    try:
        for holder in [uid for cards in game.play for uid in cards]:
            for ability in game.defs[holder].triggered:
                ctx = Ctx(holder, game.controller[holder], event=event)
                if "would-take-damage" in ability.event.types and ability.event.match(game, event, ctx):
                    execute(game, ability.program, ctx)
    finally:
        game.tallies.pop(("replacing",), None)
    return damage_after_shields(game, target, amount, player=player)
