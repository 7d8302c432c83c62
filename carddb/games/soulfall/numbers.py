"""Every number of the rules of Lords (SoulFall, seed 004), and its end-of-game scoring table.

Stated once: the card schema's checks (a Citadel prints the points the scoring table
gives it), the reminder text of the Actions and the rulebook (`{number:ID}`,
`{table:scoring}`) all read them from here. `source` says where the seed states a
number, or that the pack decided it where the seed is silent.
"""

from __future__ import annotations

from carddb.pack_api import GameNumber, GameTable

SEED = "seed 004"
DECIDED = "decision: the seed is silent"

NUMBERS = (
    GameNumber("players-min", 2, "fewest players", f"{SEED}: a two player card game"),
    GameNumber("players-max", 2, "most players", f"{SEED}: a two player card game"),
    GameNumber("lords", 4, "Lords of SoulFall", f"{SEED}, Lords: the four remaining fickle Lords"),
    # The cards of the box (seed 004, The Cards): the data holds exactly these (tests/games/test_soulfall_pack.py).
    GameNumber("action-cards", 5, "Action cards", f"{SEED}, The Cards"),
    GameNumber("reference-cards", 2, "Reference cards", f"{SEED}, The Cards"),
    GameNumber("temple-cards", 8, "Temple/Shrine cards", f"{SEED}, The Cards"),
    GameNumber("follower-cards", 12, "Follower/Citadel cards", f"{SEED}, The Cards"),
    GameNumber("shell-cards", 12, "Shell/Broken Shell cards", f"{SEED}, The Cards"),
    GameNumber("lord-cards", 16, "Lord cards", f"{SEED}, The Cards"),
    GameNumber("starting-followers", 2, "Followers each player starts with", f"{SEED}, Setup"),
    GameNumber("starting-shells", 2, "Shells dealt to each player", f"{SEED}, Setup"),
    GameNumber("starting-hand", 3, "Lord cards dealt to each player", f"{SEED}, Setup"),
    GameNumber("active-actions", 2, "Actions the active player selects", f"{SEED}, Player Turns"),
    GameNumber("other-actions", 1, "Actions the other player selects", f"{SEED}, Player Turns"),
    GameNumber("meditate-draw", 2, "Lord cards Meditate draws", f"{SEED}, Meditate"),
    GameNumber("meditate-discard", 1, "cards discarded after Meditate's draw", f"{SEED}, Meditate"),
    GameNumber("prospect-breaks", 2, "most Shells Prospect breaks", f"{SEED}, Prospect"),
    GameNumber("temples-max", 2, "most Temples in one Tribe", f"{SEED}, Deify"),
    GameNumber("temples-per-lord", 1, "most Temples of one Lord in one Tribe", f"{SEED}, Deify"),
    GameNumber("shrines-to-end", 3, "Shrines of Solitude that end the game", f"{SEED}, Ending the game"),
    GameNumber("agonize-losses", 1, "Followers an opponent loses to Agonize", DECIDED),
    # The scoring table, one number per side of a card: the faces print these as their points.
    GameNumber("points-follower", 1, "points of a Follower", f"{SEED}, Scoring"),
    GameNumber("points-citadel", 3, "points of a Citadel", f"{SEED}, Scoring"),
    GameNumber("points-shell", 2, "points of a Shell", f"{SEED}, Scoring"),
    GameNumber("points-broken-shell", 1, "points of a Broken Shell", f"{SEED}, Scoring"),
    GameNumber("points-shrine", 2, "points of a Shrine of Solitude", f"{SEED}, Scoring"),
    GameNumber("points-temple", 0, "points of a Temple", DECIDED + " (a Temple is not in its scoring list)"),
)

# The sides that score, in the order of the seed's scoring list: (kind id, what the table calls it).
SCORED = (
    ("follower", "Follower"),
    ("citadel", "Citadel"),
    ("shell", "Shell"),
    ("broken-shell", "Broken Shell"),
    ("shrine", "Shrine of Solitude"),
    ("temple", "Temple"),
)


def points_number(kind_id: str) -> str:
    """The id of the number that says what a side of `kind_id` is worth."""
    return f"points-{kind_id}"


def scoring_table(numbers: tuple[GameNumber, ...] = NUMBERS) -> GameTable:
    """The end-of-game scoring table, built from the points numbers so the two cannot disagree."""
    values = {n.id: n.value for n in numbers}
    rows = tuple((f"Each {label}", str(values[points_number(kind)])) for kind, label in SCORED)
    return GameTable(
        "scoring",
        "End-of-game scoring",
        ("Card in your Tribe", "Points"),
        rows,
        caption="Only the side that shows scores. Lord cards in hand score nothing.",
    )


TABLES = (scoring_table(),)
