"""Every number of the LOE v1 rules, as seed 000 states it (or as the pack decides where it is silent).

Validation, deck rules, play modes, the engine and the rulebook read these; nothing
else in the pack writes one of them as a literal.
"""

from __future__ import annotations

from carddb.pack_api import GameNumber, number_reader

SEED = "seed 000"

NUMBERS = (
    GameNumber("players-min", 2, "fewest players", f"{SEED}: a 2-4 player card game"),
    GameNumber("players-max", 4, "most players", f"{SEED}: a 2-4 player card game"),
    GameNumber("council-lords", 1, "Lords in a council", f"{SEED}, Game setup: 1 Lord card"),
    GameNumber("council-dukes-max", 4, "most Dukes in a council", f"{SEED}, Game setup: up to 4 Duke cards"),
    GameNumber("victory-cards", 1, "Victory cards per player", f"{SEED}, Game setup: 1 Victory card"),
    GameNumber("opening-hand", 5, "cards each player draws before the game", f"{SEED}, Before the game"),
    GameNumber("hand-size", 7, "most cards in hand at the end of a turn", f"{SEED}, Hand Size"),
    GameNumber("draws-per-turn", 1, "cards drawn in the draw step", f"{SEED}, Start of a Player's Turn"),
    GameNumber("powerstones-max", 10, "most powerstones received in a main phase", f"{SEED}, Main Phase"),
    GameNumber("powerstones-kept", 1, "unspent powerstones kept in upkeep", f"{SEED}, Upkeep"),
    GameNumber(
        "powerstones-start",
        0,
        "powerstones each player has before their first turn",
        "decision: the design is silent; a player starts with none and receives 1 on turn 1",
    ),
    GameNumber("resources-per-turn", 1, "Resource cards a player may play per turn", f"{SEED}, Resources"),
    GameNumber("market-size", 5, "face-up cards in the market", f"{SEED}, Before the game"),
    GameNumber("market-trades-per-turn", 1, "trades with the market per turn", f"{SEED}, Trade with the Market"),
    GameNumber("market-trade-cost", 1, "powerstones a market trade costs", f"{SEED}, Trade with the Market"),
    GameNumber("victory-first-cost", 1, "powerstones the first Victory attempt costs", f"{SEED}, Victories"),
    GameNumber("victory-cost-step", 1, "extra powerstones each later Victory attempt costs", f"{SEED}, Victories"),
    GameNumber("victory-draft-deal", 3, "Victory cards dealt to each player in a Victory Draft", f"{SEED}, Full Draft"),
    GameNumber(
        "victory-draft-keep", 1, "Victory cards each player keeps in a Victory Draft", f"{SEED}: secretly chooses one"
    ),
    GameNumber(
        "council-draft-picks",
        1,
        "cards a player takes from a lords and dukes booster before passing it",
        f"{SEED}, Council Draft: each player chooses one card ... then passes the remaining cards",
    ),
    GameNumber(
        "sealed-deck-boosters",
        3,
        "deck boosters each player opens in Sealed Deck, unless the table agrees otherwise",
        f"decision (docs/design-decisions-loe.md): {SEED}, Play modes, says only 'a number of deck boosters'",
    ),
    GameNumber(
        "fatigue-per-spend",
        1,
        "fatigue tokens placed on a spent card",
        f"{SEED}, Spending: you place one fatigue token on that card",
    ),
)

number = number_reader(NUMBERS)
