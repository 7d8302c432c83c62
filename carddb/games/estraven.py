"""The world both Lords of Estraven designs share: its provinces (the factions) and rarities."""

from __future__ import annotations

from carddb.pack_api import Faction, Rarity

PROVINCES = (
    Faction("ashmarch", "Ashmarch", "#8f2d1f", "#e0a24a", "Iron, fire and discipline: direct damage and control."),
    Faction("veldmoor", "Veldmoor", "#2f5a4a", "#9cc3a5", "Marsh spies: secrets, reactions and counters."),
    Faction("corvane", "Corvane", "#1f4f86", "#d9b45a", "The merchant coast: the market, Influence and card flow."),
    Faction("thornwall", "Thornwall", "#5b4a3a", "#b9a27c", "Mountain forges: Materials, Items and sturdy councils."),
    Faction("sel-amara", "Sel Amara", "#5d3f7a", "#e8d7a8", "The temple city: Rituals, Subjects and healing."),
    Faction("neutral", "Neutral", "#55585c", "#c9c6bd", "Cards any province may use."),
)

RARITIES = (
    Rarity("common", "Common", "#2b2b2b"),
    Rarity("uncommon", "Uncommon", "#8c9aa6"),
    Rarity("rare", "Rare", "#c9a227"),
    Rarity("mythic", "Mythic", "#c8502a"),
)
