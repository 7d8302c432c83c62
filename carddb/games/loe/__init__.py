"""Lords of Estraven, design v1: councils, hidden Victory cards and a shared deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carddb.games.estraven import PROVINCES, RARITIES
from carddb.games.loe.decks import RULES as DECK_RULES
from carddb.games.loe.numbers import NUMBERS
from carddb.games.loe.schema import LoeCardSchema
from carddb.games.loe.vocabulary import loe_rules
from carddb.pack_api import CostInfo, GamePack, KindInfo, StatInfo, check_card_rules, package_folder

if TYPE_CHECKING:
    from carddb.pack_api import Simulator

KINDS = (
    KindInfo(
        "lord",
        "Lord",
        "Lords",
        "Heads your council. Starts the game in play, face up, with the health printed on it.",
        layout="council",
        back="council",
        group="council",
        frame="a council frame with health in the corner",
    ),
    KindInfo(
        "duke",
        "Duke",
        "Dukes",
        "A council member that starts face down and is activated (turned face up) by paying its cost.",
        layout="council",
        back="council",
        group="council",
        frame="a council frame with health in the corner",
    ),
    KindInfo(
        "victory",
        "Victory",
        "Victory cards",
        "Your secret win condition. The first attempt costs {number:victory-first-cost} powerstone, and each "
        "later attempt {number:victory-cost-step} more than the one before.",
        layout="victory",
        back="victory",
        group="victory",
        frame="the Victory frame; its rules text is the win condition",
    ),
    KindInfo(
        "resource",
        "Resource",
        "Resources",
        "Played {number:resources-per-turn:word} per turn; spent (fatigued) to pay costs. Subjects, Materials or "
        "Influence.",
        subtypes=("subject", "material", "influence"),
        layout="deck",
        back="deck",
        group="deck",
        frame="the shared-deck frame",
    ),
    KindInfo(
        "spell",
        "Spell",
        "Spells",
        "A one-time effect, cast on your turn by paying its cost.",
        layout="deck",
        back="deck",
        group="deck",
        frame="the shared-deck frame",
    ),
    KindInfo(
        "reaction",
        "Reaction",
        "Reactions",
        "Played in response, on any turn, when its timing condition is met; uses the stack.",
        layout="deck",
        back="deck",
        group="deck",
        frame="the shared-deck frame",
    ),
    KindInfo(
        "item",
        "Item",
        "Items",
        "Coupled to a Lord or Duke you control; leaves play with it. Artifacts, Gear, Classes or Boons.",
        subtypes=("artifact", "gear", "class", "boon"),
        layout="deck",
        back="deck",
        group="deck",
        frame="the shared-deck frame",
    ),
    KindInfo(
        "ritual",
        "Ritual",
        "Rituals",
        "A continuous, usually symmetrical effect while it stays in play.",
        layout="deck",
        back="deck",
        group="deck",
        frame="the shared-deck frame",
    ),
)

_SIMULATORS: dict[str, Simulator] = {}


def simulator(pack: GamePack) -> Simulator:
    """LOE's rules for the simulator (carddb/games/loe/sim/), built on first use."""
    if pack.id not in _SIMULATORS:
        from carddb.games.loe.sim.simulator import LoeSimulator

        _SIMULATORS[pack.id] = LoeSimulator(pack)
    return _SIMULATORS[pack.id]


PACK = GamePack(
    id="loe",
    name="Lords of Estraven",
    description="Design v1: a council of a Lord and hidden Dukes, secret Victory cards, a shared deck.",
    card_schema=LoeCardSchema,
    kinds=KINDS,
    rarities=RARITIES,
    factions=PROVINCES,
    faction_field="province",
    faction_label="province",
    icon_dir=package_folder(__name__) / "icons",
    starter=package_folder(__name__) / "starter",
    icons=("powerstone", "subject", "material", "influence"),
    stats=(StatInfo("health", "Health"),),
    cost=CostInfo(label="powerstones", icon="powerstone"),
    deck_rules=DECK_RULES,
    language=loe_rules(),
    card_checks=(check_card_rules,),
    numbers=NUMBERS,
    simulator=simulator,
    author="The carddb project",  # the card data and rulebook prose are written by this project
)
