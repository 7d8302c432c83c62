"""Every number of the LOE v2 rules, as seed 001 states it (or as the pack decides where it is silent).

Validation, deck rules, play modes, the engine and the rulebook read these; nothing
else in the pack writes one of them as a literal.
"""

from __future__ import annotations

from carddb.pack_api import GameNumber, number_reader

SEED = "seed 001"
DECIDED = "decision (docs/design-decisions-loe2.md)"

NUMBERS = (
    GameNumber(
        "players-min",
        2,
        "fewest players",
        f"{DECIDED}: the seed speaks of 'your opponent' and 'both players', so the game is a duel",
    ),
    GameNumber("players-max", 2, "most players", f"{DECIDED}: a duel, as players-min"),
    GameNumber("starting-health", 20, "health each player starts with", f"{SEED}, Game Setup: starts with 20 health"),
    GameNumber(
        "decks-per-player",
        2,
        "pre-constructed decks each player selects",
        f"{SEED}, Game Setup: two pre-constructed 20-card decks (40 cards total)",
    ),
    GameNumber(
        "deck-size",
        20,
        "cards in a pre-constructed deck",
        f"{SEED}, Game Setup: two pre-constructed 20-card decks (40 cards total)",
    ),
    GameNumber("opening-hand", 7, "cards each player draws to start", f"{SEED}, Game Setup: all players draw 7 cards"),
    GameNumber(
        "draw-up-to", 7, "cards in hand a player draws up to in the start phase", f"{SEED}, Turn Structure: draw to 7"
    ),
    GameNumber(
        "hand-size", 7, "most cards in hand at the end of a turn", f"{SEED}, Turn Structure: discard down to 7 cards"
    ),
    GameNumber(
        "marketplace-size",
        20,
        "resource cards in the marketplace's resource deck",
        f"{SEED}, Marketplace: 20 resource cards, 5 face-up at game start",
    ),
    GameNumber(
        "marketplace-face-up",
        5,
        "face-up resource cards in the marketplace",
        f"{SEED}, Marketplace: 20 resource cards, 5 face-up at game start",
    ),
    GameNumber(
        "marketplace-trades-per-turn",
        1,
        "trades with the marketplace per turn",
        f"{SEED}, Marketplace: once per turn, swap any card from your hand",
    ),
    GameNumber(
        "pitch-min", 1, "lowest usual pitch value of a card", f"{SEED}, Pitching: its pitch value (1, 2, or 3 mana)"
    ),
    GameNumber("pitch-max", 3, "highest pitch value of a card", f"{SEED}, Pitching: its pitch value (1, 2, or 3 mana)"),
    GameNumber(
        "pitch-special",
        0,
        "pitch value of special cards that give no mana",
        f"{SEED}, Pitching: some special cards may have a value of 0",
    ),
    GameNumber(
        "unused-pitch-damage",
        1,
        "damage a player takes for each unused pitched card returned to hand",
        f"{SEED}, Turn Structure: unused -> return to hand and deal 1 damage",
    ),
    GameNumber(
        "attacks-per-turn",
        1,
        "Leaders that may attack per turn",
        f"{SEED}, Leaders: only one Leader may attack per turn",
    ),
)

number = number_reader(NUMBERS)
