"""Every number of the Shards of the Empire rules, as seed 003 states it (or as the pack decides).

Deck rules, the card checks and the rulebook read these; nothing else in the pack writes
one of them as a literal.
"""

from __future__ import annotations

from carddb.pack_api import GameNumber

SEED = "seed 003"
DECIDED = "decision: the design is silent"

NUMBERS = (
    GameNumber("players-min", 2, "fewest players", f"{SEED}, Game Objective: one versus one"),
    GameNumber("players-max", 2, "most players", f"{SEED}, Game Objective: one versus one"),
    GameNumber("deck-min", 45, "fewest cards in a deck", f"{SEED}, Deckbuilding: 45 card deck (minimum)"),
    GameNumber("copies-max", 3, "most copies of one card in a deck", f"{SEED}, Deckbuilding: limit of 3"),
    GameNumber("starting-cards", 7, "Starting cards in a deck, all different", f"{SEED}, Deckbuilding: exactly 7"),
    GameNumber("starting-kept", 5, "Starting cards left after the random removal", f"{SEED}, Starting Play"),
    GameNumber("starting-chosen", 3, "most Starting cards that begin in play", f"{SEED}, Starting Play"),
    GameNumber("starting-cost-max", 3, "highest total cost of the Starting cards chosen", f"{SEED}, Starting Play"),
    GameNumber("opening-hand", 5, "cards each player draws to begin the game", f"{SEED}, Starting Play"),
    GameNumber(
        "second-player-bonus", 1, "extra advanced resource or card for the second player", f"{SEED}, Starting Play"
    ),
    GameNumber("starting-resources", 0, "basic resources each player begins with", f"{SEED}, Resources"),
    GameNumber("draws-per-turn", 1, "cards drawn in the Draw Phase", f"{SEED}, Phases of a Turn"),
    GameNumber("hand-size", 8, "most cards in hand after the End Phase", f"{SEED}, Phases of a Turn"),
    GameNumber("advanced-types", 4, "types of advanced resource", f"{SEED}, Resources (it says five, lists four)"),
    GameNumber("scrap-cards-max", 2, "most cards one Scrap action scraps", f"{SEED}, Basic Actions: Scrap"),
    GameNumber("scraps-per-turn", 1, "Scrap actions a player may take each turn", f"{SEED}, Basic Actions: Scrap"),
    GameNumber("trade-cost", 2, "basic resources the Trade action takes for one advanced", f"{SEED}, Trade"),
    GameNumber("attacks-per-territory", 1, "attacks on one Territory per turn", f"{SEED}, Basic Actions: Attack"),
    GameNumber(
        "develop-base-cost", 1, "resources the first development counter costs", f"{SEED}, Basic Actions: Develop"
    ),
    GameNumber(
        "develop-step",
        1,
        "resources added to the cost for each development counter already on the card",
        f"{SEED}, Basic Actions: Develop: plus 1 additional resource for each counter",
    ),
    GameNumber("research-draw", 2, "cards the Research action draws", f"{SEED}, Basic Actions: Research"),
    GameNumber("prosperity-counters", 7, "development counters on a Grand card that win", f"{SEED}, Win Conditions"),
    GameNumber("pillage-gain", 1, "resources a Pillage Unit gains for each Building it destroys", f"{SEED}, Pillage"),
    GameNumber("attrition-expend", 1, "resources expended instead of drawing from an empty deck", f"{SEED}, Attrition"),
    GameNumber("limited-deck-min", 30, "fewest cards in a sealed or draft deck", DECIDED),
    GameNumber("draft-rounds", 2, "boosters each player opens in a Booster Draft", DECIDED),
    GameNumber("draft-picks", 1, "cards a player takes from each pack that reaches them", DECIDED),
    GameNumber("sealed-boosters", 6, "boosters each player opens for a Sealed Deck", DECIDED),
    GameNumber("starting-deal", 9, "Starting cards dealt to each player after a draft or sealed opening", DECIDED),
    GameNumber("scrap-max", 3, "largest scrap value printed on a card", DECIDED),
)
