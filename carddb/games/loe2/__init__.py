"""Lords of Estraven, design v2: Leaders and Troops in combat, pitch for mana, a resource marketplace."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carddb.games.estraven import PROVINCES, RARITIES
from carddb.games.loe2.checks import leader_troop_types_exist
from carddb.games.loe2.decks import RULES as DECK_RULES
from carddb.games.loe2.numbers import NUMBERS
from carddb.games.loe2.schema import Loe2CardSchema
from carddb.games.loe2.vocabulary import TROOP_TYPES, loe2_rules
from carddb.pack_api import CostInfo, GamePack, KindInfo, StatInfo, check_card_rules, package_folder

if TYPE_CHECKING:
    from carddb.pack_api import Simulator

KINDS = (
    KindInfo(
        "leader",
        "Leader",
        "Leaders",
        "A unit with Power, Resistance and Health. Attacks with the Troops whose type it names (Leader - Troop type); its damage is permanent.",
        layout="unit",
        back="deck",
        group="deck",
    ),
    KindInfo(
        "troop",
        "Troop",
        "Troops",
        "A unit with Power and Toughness that joins a matching Leader's attack or blocks; its damage resets each turn.",
        subtypes=tuple(t.lower() for t in TROOP_TYPES),
        layout="unit",
        back="deck",
        group="deck",
    ),
    KindInfo(
        "spell",
        "Spell",
        "Spells",
        "A one-time effect played in your main phase, then put into the graveyard.",
        layout="action",
        back="deck",
        group="deck",
    ),
    KindInfo(
        "reaction",
        "Reaction",
        "Reactions",
        "An instant-speed effect with a scoped condition, played when you have priority.",
        layout="action",
        back="deck",
        group="deck",
    ),
    KindInfo(
        "resource",
        "Resource",
        "Resources",
        "A marketplace card that cannot be pitched; its sacrifice cost is printed on it.",
        subtypes=("subject", "material", "influence"),
        layout="resource",
        back="market",
        group="market",
    ),
)

_SIMULATORS: dict[str, Simulator] = {}


def simulator(pack: GamePack) -> Simulator:
    """LOE v2's rules for the simulator (carddb/games/loe2/sim/), built on first use."""
    if pack.id not in _SIMULATORS:
        from carddb.games.loe2.sim.simulator import Loe2Simulator

        _SIMULATORS[pack.id] = Loe2Simulator(pack)
    return _SIMULATORS[pack.id]


PACK = GamePack(
    id="loe2",
    name="Lords of Estraven v2",
    description="Design v2: Leaders and Troops in combat, pitch values for mana, a shared resource marketplace.",
    card_schema=Loe2CardSchema,
    kinds=KINDS,
    rarities=RARITIES,
    factions=PROVINCES,
    faction_field="province",
    faction_label="province",
    icon_dir=package_folder(__name__) / "icons",
    starter=package_folder(__name__) / "starter",
    icons=("mana", "tap", "subject", "material", "influence"),
    stats=(
        StatInfo("power", "Power"),
        StatInfo("toughness", "Tough."),
        StatInfo("resistance", "Resist."),
        StatInfo("health", "Health"),
    ),
    cost=CostInfo(label="mana", icon="mana"),
    deck_rules=DECK_RULES,
    language=loe2_rules(),
    card_checks=(check_card_rules, leader_troop_types_exist),
    extras={"troop_types": TROOP_TYPES},
    numbers=NUMBERS,
    author="The carddb project",  # the card data and rulebook prose are written by this project
    simulator=simulator,
)
