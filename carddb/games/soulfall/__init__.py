"""Lords (SoulFall, seed 004): a fixed two-player game of Tribes, four fickle Lords and double-sided cards.

Every copy holds the same 55 cards: 5 Action, 2 Reference, 8 Temple/Shrine, 12
Follower/Citadel, 12 Shell/Broken Shell and 16 Lord cards. Temples, Followers and
Shells are double-sided (the core's `back_face`): a Temple turns into a Shrine of
Solitude, a Follower into a Citadel, a Shell into a Broken Shell, each side with its
own name, points and text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carddb.games.soulfall.checks import points_follow_scoring
from carddb.games.soulfall.numbers import NUMBERS, TABLES
from carddb.games.soulfall.schema import SoulfallCardSchema
from carddb.games.soulfall.vocabulary import soulfall_rules
from carddb.pack_api import Faction, GamePack, KindInfo, Rarity, StatInfo, check_card_rules, package_folder

if TYPE_CHECKING:
    from carddb.pack_api import Simulator

KINDS = (
    KindInfo(
        "action",
        "Action",
        "Actions",
        "One of the {number:action-cards} Actions a player may select on a turn. A selected Action is turned face down until "
        "the turn ends; only face-up Actions can be selected.",
        layout="action",
        back="action",
        group="play-area",
        frame="the Action frame: the Action's name large, what it does below",
    ),
    KindInfo(
        "reference",
        "Reference card",
        "Reference cards",
        "Explains an ability that Lord cards use but no Action card shows (Agonize, Consecrate). "
        "A Reference card is never selected.",
        layout="reference",
        back="default",
        group="play-area",
        frame="the Reference frame: the ability's name and its full text",
    ),
    KindInfo(
        "temple",
        "Temple",
        "Temples",
        "A Temple to one of the {number:lords} Lords, gained with Deify. At the start of your turn it grants its Special "
        "Ability; while it is in your Tribe you Worship its Lord. Its other side is a Shrine of Solitude.",
        layout="temple",
        group="tribe",
        frame="a Temple frame in its Lord's colours",
        back_face="shrine",
    ),
    KindInfo(
        "shrine",
        "Shrine",
        "Shrines",
        "A Shrine of Solitude: the other side of a Temple, turned up by Deify or Consecrate. It is worth points, "
        "grants no ability, and is not a Temple: its Lord is no longer Worshipped through it.",
        layout="tribe",
        group="tribe",
        frame="a pale stone frame with its points",
    ),
    KindInfo(
        "follower",
        "Follower",
        "Followers",
        "A member of your Tribe, gained with Flourish. Its other side is a Citadel.",
        layout="tribe",
        group="tribe",
        frame="a Tribe frame with its points",
        back_face="citadel",
    ),
    KindInfo(
        "citadel",
        "Citadel",
        "Citadels",
        "The other side of a Follower, built with Flourish when you have more Followers than Citadels.",
        layout="tribe",
        group="tribe",
        frame="a Tribe frame with its points",
    ),
    KindInfo(
        "shell",
        "Shell",
        "Shells",
        "A mysterious Shell, gained at random with Prospect and kept secret. Its other side is a Broken Shell.",
        layout="tribe",
        group="tribe",
        frame="a Tribe frame with its points",
        back_face="broken-shell",
    ),
    KindInfo(
        "broken-shell",
        "Broken Shell",
        "Broken Shells",
        "The other side of a Shell: when you break a Shell you use the ability its Broken side shows.",
        layout="tribe",
        group="tribe",
        frame="a Tribe frame with its points and its ability",
    ),
    KindInfo(
        "lord",
        "Lord",
        "Lord cards",
        "One of the {number:lords} Lords of SoulFall in one of their states. Lord cards make the hand and the deck; they "
        "are discarded to Deify and revealed to Beseech, which performs their abilities in order.",
        layout="lord",
        back="lord",
        group="deck",
        frame="a Lord frame in its Lord's colours, with the Lord's sigil",
    ),
)

# The seed names three of the four Lords; the fourth, the Sunderer, is the pack's, in their spirit:
# each Lord is named for what it does to a Tribe.
LORDS = (
    Faction(
        "interloper",
        "Interloper",
        "#4f2a63",
        "#d6b0e6",
        "Meddles in other Tribes: Agonize, stolen cards.",
        color_letter="B",
    ),
    Faction(
        "ruminator", "Ruminator", "#23476b", "#a8c8e8", "Broods and weighs: Meditate, cards drawn.", color_letter="U"
    ),
    Faction(
        "propagator",
        "Propagator",
        "#2c5e33",
        "#b9dc9c",
        "Multiplies: Flourish, Followers and Citadels.",
        color_letter="G",
    ),
    Faction(
        "sunderer",
        "Sunderer",
        "#7a3a17",
        "#f0c07c",
        "Breaks open the shore's Shells: Prospect, Consecrate.",
        color_letter="R",
    ),
)

_SIMULATORS: dict[str, Simulator] = {}


def simulator(pack: GamePack) -> Simulator:
    """SoulFall's rules for the simulator (carddb/games/soulfall/sim/), built on first use."""
    if pack.id not in _SIMULATORS:
        from carddb.games.soulfall.sim.simulator import SoulfallSimulator

        _SIMULATORS[pack.id] = SoulfallSimulator(pack)
    return _SIMULATORS[pack.id]


PACK = GamePack(
    id="soulfall",
    name="Lords of SoulFall",
    description="Lords, a two-player card game set in the world of SoulFall: grow a Tribe, build Temples, "
    "gather Shells, and Worship or Scorn four fickle Lords.",
    card_schema=SoulfallCardSchema,
    kinds=KINDS,
    rarities=(Rarity("common", "Common", "#2b2b2b"),),
    factions=LORDS,
    faction_field="lord",
    faction_label="Lord",
    icon_dir=package_folder(__name__) / "icons",
    # The Lords' sigils, and the picture every Shell's front shares (placeholder art differs card by card).
    icons=("interloper", "ruminator", "propagator", "sunderer", "shell"),
    stats=(StatInfo("points", "Points"),),
    language=soulfall_rules(),
    card_checks=(check_card_rules, points_follow_scoring),
    numbers=NUMBERS,
    tables=TABLES,
    fixed=True,
    simulator=simulator,
    starter=package_folder(__name__) / "starter",
    components_note="This list follows the design's: {number:action-cards} Action, {number:reference-cards} Reference, "
    "{number:temple-cards} Temple/Shrine, {number:follower-cards} Follower/Citadel, {number:shell-cards} Shell/Broken "
    "Shell and {number:lord-cards} Lord cards, 55 cards in all.",
    author="The carddb project",  # the card data and rulebook prose are written by this project
)
