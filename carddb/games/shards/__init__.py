"""Shards of the Empire (seed 003): kingdoms of Units, Buildings and Policies, Events, Territories,
costs in basic and advanced resources, development counters and condition keywords."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carddb.games.shards.checks import development_needs_developing, scrap_value_in_range
from carddb.games.shards.decks import RULES as DECK_RULES
from carddb.games.shards.numbers import NUMBERS
from carddb.games.shards.schema import ShardsCardSchema
from carddb.games.shards.vocabulary import shards_rules
from carddb.pack_api import CostInfo, Faction, GamePack, KindInfo, Rarity, StatInfo, check_card_rules, package_folder

if TYPE_CHECKING:
    from carddb.pack_api import Simulator

KINDS = (
    KindInfo(
        "unit",
        "Unit",
        "Units",
        "A kingdom card you recruit into a Territory: workers, soldiers and other personnel. Its offence is the "
        "damage it deals in combat, its health the damage it takes before it is put into the graveyard.",
        layout="kingdom",
        back="deck",
        group="kingdom",
    ),
    KindInfo(
        "building",
        "Building",
        "Buildings",
        "A kingdom card you construct into a Territory. Its defence is the damage it takes before it is put into "
        "the graveyard; unlike a Unit it does not heal at the end of the turn. Buildings can be developed.",
        layout="kingdom",
        back="deck",
        group="kingdom",
    ),
    KindInfo(
        "policy",
        "Policy",
        "Policies",
        "A kingdom card you enact: a general effect on your kingdom, outside any Territory, that other cards "
        "rarely touch.",
        layout="kingdom",
        back="deck",
        group="kingdom",
    ),
    KindInfo(
        "tactic",
        "Tactic",
        "Tactics",
        "An event card of war and cunning: its effect resolves, then it goes to the graveyard.",
        layout="event",
        back="deck",
        group="event",
    ),
    KindInfo(
        "sorcery",
        "Sorcery",
        "Sorceries",
        "An event card of arcane power: its effect resolves, then it goes to the graveyard.",
        layout="event",
        back="deck",
        group="event",
    ),
    KindInfo(
        "miracle",
        "Miracle",
        "Miracles",
        "An event card of divine favour: its effect resolves, then it goes to the graveyard.",
        layout="event",
        back="deck",
        group="event",
    ),
    KindInfo(
        "territory",
        "Territory",
        "Territories",
        "Never played on its own: revealed as you construct a Building, which founds a new Territory in your "
        "Kingdom. It ceases to exist when no Building stands in it.",
        layout="territory",
        back="deck",
        group="territory",
    ),
)

# The design names no factions; the pack's are the four successor realms of the shattered Empire,
# one for each advanced resource, and the unaligned free cities.
FACTIONS = (
    Faction(
        "lumen",
        "Lumen Conclave",
        "#24507a",
        "#9fcdef",
        "Scholars of the old Academy: Research and Sorceries.",
        color_letter="U",
    ),
    Faction(
        "auric",
        "Auric League",
        "#7a5a14",
        "#efd27a",
        "Merchant princes and hired blades: Gold and Tactics.",
        color_letter="W",
    ),
    Faction(
        "geode",
        "Geode Clans",
        "#4f356e",
        "#c7a6e6",
        "Mountain clans and their forts: Gemstones and Buildings.",
        color_letter="B",
    ),
    Faction(
        "sanctum",
        "Dawn Sanctum",
        "#7d2f2a",
        "#f1dfb1",
        "The last faith of the Empire: Faith and Miracles.",
        color_letter="R",
    ),
    Faction(
        "neutral",
        "Unbound Cities",
        "#4d5358",
        "#cfcbc0",
        "Unaligned towns; any kingdom may use their cards.",
        color_letter="",
    ),
)

RARITIES = (
    Rarity("common", "Common", "#2b2b2b"),
    Rarity("uncommon", "Uncommon", "#8c9aa6"),
    Rarity("rare", "Rare", "#c9a227"),
    Rarity("mythic", "Mythic", "#c8502a"),
)


def simulator(pack: GamePack) -> Simulator:
    """Shards' rules for the simulator (carddb/games/shards/sim/), built on first use."""
    from carddb.games.shards.sim.simulator import ShardsSimulator

    return ShardsSimulator(pack)


PACK = GamePack(
    id="shards",
    name="Shards of the Empire",
    description="Two kingdoms at war: Units, Buildings and Policies in Territories, Events, basic and advanced "
    "resources, development counters, condition keywords.",
    card_schema=ShardsCardSchema,
    kinds=KINDS,
    rarities=RARITIES,
    factions=FACTIONS,
    faction_field="faction",
    faction_label="realm",
    icon_dir=package_folder(__name__) / "icons",
    starter=package_folder(__name__) / "starter",
    # Basic first: a cost's basic amount prints on that one numbered gem, advanced resources as icons.
    icons=("basic", "research", "gold", "gemstone", "faith"),
    # A Unit's offence and health, a Building's defence; Policies, Events and Territories have none.
    stats=(StatInfo("offence", "Offence"), StatInfo("health", "Health"), StatInfo("defence", "Defence")),
    cost=CostInfo(label="resources", icon="basic"),
    deck_rules=DECK_RULES,
    language=shards_rules(),
    card_checks=(check_card_rules, development_needs_developing, scrap_value_in_range),
    numbers=NUMBERS,
    simulator=simulator,
    author="The carddb project",  # the card data and rulebook prose are written by this project
)
