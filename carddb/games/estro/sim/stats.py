"""A card's values now, and the Gifts that bend the rules for it: what a fight reads.

A face-up card's stat is its printed value, plus every active static of that stat
(`Ardo cards get +3 ATK`, from a face-up card or the active Zone), plus its changes
until end of turn (`gets +4 ATK until end of turn`). The TOT is the sum of the five,
plus the changes of the TOT itself (`loses 4 TOT`). Decision of the engine: no value
goes below 0. A face-down card has no values at all (None).
"""

from __future__ import annotations

from carddb.games.estro.combat import Combatant
from carddb.games.estro.estri import STATS, TOTAL
from carddb.games.estro.sim.board import BOOST
from carddb.pack_api import Game

ALL = (*STATS, TOTAL)
LAYERS = {stat: f"stat-{stat}" for stat in ALL}  # the static layer of each stat's lasting change
_STAT_LAYERS = tuple(LAYERS[stat] for stat in STATS)
_TOT_LAYER = LAYERS[TOTAL]

# Static layers of the rules a Gift bends (each applies to a card, or to a player where it says so)
ATTACKS_TWICE = "attacks-twice"
CANNOT_ATTACK = "cannot-attack"
CANNOT_BE_ATTACKED = "cannot-be-attacked"
WINS_TIES = "wins-ties"
NO_DOUBLE = "no-double"
IGNORES_MATRIX = "ignores-matrix"
DIE_FACE = "die-face"
NO_FACE_DOWN = "no-face-down"
MORE_PLAYS = "more-placements"  # a player's
MORE_ATTACKS = "more-attacks"  # a player's


def boost(game: Game, uid: int, stat: str, amount: int) -> None:
    """A change of one value until end of turn (lost if the card leaves its place)."""
    key = (BOOST, uid, game.since[uid], ALL.index(stat))
    game.tallies[key] = game.tallies.get(key, 0) + amount


def values(game: Game, uid: int) -> tuple[int, ...] | None:
    """The card's five stats and TOT now, in the seed's order; None while it is face down."""
    if game.face_down[uid]:
        return None
    numbers = game.defs[uid].numbers
    found = [numbers[stat] for stat in STATS]
    tot_change = 0
    layers = game.statics_cache or game.static_layers()
    if layers:
        for index, layer in enumerate(_STAT_LAYERS):
            statics = layers.get(layer)
            if statics:
                for source, static in statics:
                    if static.applies(game, source, uid):
                        found[index] += static.amount
        statics = layers.get(_TOT_LAYER)
        if statics:
            for source, static in statics:
                if static.applies(game, source, uid):
                    tot_change += static.amount
    tallies = game.tallies
    if tallies:
        since = game.since[uid]
        for index in range(len(STATS)):
            found[index] += tallies.get((BOOST, uid, since, index), 0)
        tot_change += tallies.get((BOOST, uid, since, len(STATS)), 0)
    stats = [value if value > 0 else 0 for value in found]
    total = sum(stats) + tot_change
    stats.append(total if total > 0 else 0)
    return tuple(stats)


def applies(game: Game, layer: str, x: int) -> bool:
    """Whether an active static of `layer` applies to `x` (a card, or a player for a player's layer)."""
    statics = (game.statics_cache or game.static_layers()).get(layer)
    return bool(statics) and any(static.applies(game, source, x) for source, static in statics)


def amount(game: Game, layer: str, x: int) -> int:
    """The sum of the active statics of `layer` that apply to `x`."""
    statics = (game.statics_cache or game.static_layers()).get(layer)
    if not statics:
        return 0
    return sum(static.amount for source, static in statics if static.applies(game, source, x))


def extra_faces(game: Game, uid: int) -> tuple[int, ...]:
    statics = (game.statics_cache or game.static_layers()).get(DIE_FACE)
    if not statics:
        return ()
    return tuple(static.amount for source, static in statics if static.applies(game, source, uid))


def combatant(game: Game, uid: int, roll: int | None) -> Combatant:
    """The card as the resolver fights it: its values now, its die, the Gifts that bend the steps."""
    definition = game.defs[uid]
    found = values(game, uid)
    if found is None:
        return Combatant(definition.name, definition.faction, {}, face_down=True, roll=roll)
    return Combatant(
        definition.name,
        definition.faction,
        dict(zip(ALL, found, strict=True)),
        roll=roll,
        ignores_matrix=applies(game, IGNORES_MATRIX, uid),
        wins_ties=applies(game, WINS_TIES, uid),
        no_double=applies(game, NO_DOUBLE, uid),
        extra_faces=extra_faces(game, uid),
    )
