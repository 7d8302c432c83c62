"""ESTRO (seed 002): a 1 vs 1 game of five estri, five stats and their TOT, Gifts, Empty cards and Zones."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carddb.games.estro.checks import empty_has_no_gift, tot_is_the_sum
from carddb.games.estro.decks import RULES as DECK_RULES
from carddb.games.estro.estri import ESTRI, FACTIONS, RARITIES, STATS, TOTAL, stat_label
from carddb.games.estro.numbers import NUMBERS, TABLES
from carddb.games.estro.schema import EstroCardSchema
from carddb.games.estro.vocabulary import estro_rules
from carddb.pack_api import GamePack, KindInfo, StatInfo, check_card_rules, package_folder

if TYPE_CHECKING:
    from carddb.pack_api import Simulator

KINDS = (
    KindInfo(
        "gift",
        "Gift card",
        "Gift cards",
        "A card with the {number:stats-per-card:word} stats, their TOT, and a Gift: an effect that activates by itself when the card is "
        "played face up, when its trigger happens, or holds while it is face up on the field.",
        layout="fighter",
        back="estro",
        group="fighter",
    ),
    KindInfo(
        "empty",
        "Empty card",
        "Empty cards",
        "A card with the {number:stats-per-card:word} stats and their TOT and no Gift: it fights with its values alone.",
        layout="fighter",
        back="estro",
        group="fighter",
    ),
    KindInfo(
        "zone",
        "Zone card",
        "Zone cards",
        "Played like any card, it becomes the active Zone around the field, for both players, until another "
        "Zone replaces it. It has no stats; its effect holds while it is active.",
        layout="zone",
        back="estro",
        group="zone",
    ),
)

_SIMULATORS: dict[str, Simulator] = {}


def simulator(pack: GamePack) -> Simulator:
    """ESTRO's rules for the simulator (carddb/games/estro/sim/), built on first use."""
    if pack.id not in _SIMULATORS:
        from carddb.games.estro.sim.simulator import EstroSimulator

        _SIMULATORS[pack.id] = EstroSimulator(pack)
    return _SIMULATORS[pack.id]


PACK = GamePack(
    id="estro",
    name="ESTRO",
    description="A 1 vs 1 duel of {number:estri:word} estri: {number:deck-chosen} chosen cards plus "
    "{number:deck-random} at random, {number:stats-per-card:word} stats and their TOT, Gifts and Zones.",
    card_schema=EstroCardSchema,
    kinds=KINDS,
    rarities=RARITIES,
    factions=FACTIONS,
    faction_field="estro",
    faction_label="estro",
    faction_plural="estri",
    icons=tuple(e.id for e in ESTRI),  # each estro's emblem, on the faces and as {ardo} in the rulebook
    icon_dir=package_folder(__name__) / "icons",
    starter=package_folder(__name__) / "starter",
    # The five stats and their total, as the seed prints them. ESTRO's own face draws them in a row;
    # the spoiler, the rulebook and a face without its template read their labels from here.
    stats=tuple(StatInfo(stat, stat_label(stat)) for stat in (*STATS, TOTAL)),
    deck_rules=DECK_RULES,
    language=estro_rules(),
    card_checks=(check_card_rules, tot_is_the_sum, empty_has_no_gift),
    numbers=NUMBERS,
    tables=TABLES,
    simulator=simulator,
    author="The carddb project",  # the card data and rulebook prose are written by this project
)
