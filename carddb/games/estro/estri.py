"""The five estri of ESTRO (seed 002, Overview and Card stats): each card's family and its primary stat.

The seed names the estri and the stat each one leads with; the colours, the
rarities and the cycle of advantages (see `numbers.py`) are this pack's decisions.
"""

from __future__ import annotations

from dataclasses import dataclass

from carddb.pack_api import Faction, Rarity

# The five stats in the order the seed lists them, then their sum.
STATS = ("atk", "def", "hel", "dex", "map")
TOTAL = "tot"
STAT_NAMES = {
    "atk": ("ATK", "Attack", "offensive power"),
    "def": ("DEF", "Defense", "damage resistance"),
    "hel": ("HEL", "Health", "buffs and healing"),
    "dex": ("DEX", "Dexterity", "agility and speed"),
    "map": ("MAP", "Manipulation", "control and strategy"),
    "tot": ("TOT", "Total", "the sum of all stats"),
}


@dataclass(frozen=True)
class Estro:
    id: str
    name: str
    primary: str  # the stat this estro leads with (a key of STAT_NAMES)
    color: str
    accent: str
    temper: str  # one line for the rulebook and the spoiler's faction filter
    letter: str  # its colour for Draftmancer and Cockatrice (W, U, B, R, G), after its frame colour


ESTRI = (
    Estro("ardo", "Ardo", "atk", "#a8321c", "#f2a646", "Fire and fervour: strikes first and hardest.", "R"),
    Estro("granito", "Granito", "def", "#5a5650", "#cdbd9c", "Stone and patience: withstands what others cannot.", "W"),
    Estro("armonio", "Armonio", "hel", "#2c7049", "#bfe0a8", "Song and care: heals, strengthens, brings back.", "G"),
    Estro(
        "illusio", "Illusio", "dex", "#553a86", "#c9b6f2", "Mirrors and mist: quick, hidden, never where aimed.", "B"
    ),
    Estro("manpo", "Manpo", "map", "#1b4a66", "#e2c25c", "Threads and schemes: turns the opponent's cards.", "U"),
)

ESTRO_BY_ID = {e.id: e for e in ESTRI}

FACTIONS = tuple(Faction(e.id, e.name, e.color, e.accent, e.temper, color_letter=e.letter) for e in ESTRI)

# Decision (the seed is silent): three rarities, printed as the collector's mark. Draftmancer knows
# no "legendary": exports call it mythic, the rarest it knows.
RARITIES = (
    Rarity("common", "Common", "#2b2b2b"),
    Rarity("rare", "Rare", "#b8c4cc"),
    Rarity("legendary", "Legendary", "#d8a22a", tier="mythic"),
)


def stat_label(stat: str) -> str:
    """'ATK' for 'atk'."""
    return STAT_NAMES[stat][0]
