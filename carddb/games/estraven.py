"""The world both Lords of Estraven designs share: its provinces (the factions) and rarities.

Each province's colour letter (for Draftmancer's colour balance and Cockatrice) follows its frame
colour; Thornwall's brown has no letter of its own and takes the one left, white. Neutral is colourless.
"""

from __future__ import annotations

from carddb.pack_api import Faction, Rarity

PROVINCES = (
    Faction(
        "ashmarch",
        "Ashmarch",
        "#8f2d1f",
        "#e0a24a",
        "Iron, fire and discipline: direct damage and control.",
        color_letter="R",
    ),
    Faction(
        "veldmoor", "Veldmoor", "#2f5a4a", "#9cc3a5", "Marsh spies: secrets, reactions and counters.", color_letter="G"
    ),
    Faction(
        "corvane",
        "Corvane",
        "#1f4f86",
        "#d9b45a",
        "The merchant coast: the market, Influence and card flow.",
        color_letter="U",
    ),
    Faction(
        "thornwall",
        "Thornwall",
        "#5b4a3a",
        "#b9a27c",
        "Mountain forges: Materials, Items and sturdy councils.",
        color_letter="W",
    ),
    Faction(
        "sel-amara",
        "Sel Amara",
        "#5d3f7a",
        "#e8d7a8",
        "The temple city: Rituals, Subjects and healing.",
        color_letter="B",
    ),
    Faction("neutral", "Neutral", "#55585c", "#c9c6bd", "Cards any province may use.", color_letter=""),
)

RARITIES = (
    Rarity("common", "Common", "#2b2b2b"),
    Rarity("uncommon", "Uncommon", "#8c9aa6"),
    Rarity("rare", "Rare", "#c9a227"),
    Rarity("mythic", "Mythic", "#c8502a"),
)
