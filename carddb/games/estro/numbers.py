"""Every number and rules table of ESTRO, as seed 002 states it (or as the pack decides where it is silent).

Validation, deck rules, the dealing mode, the combat resolver and the rulebook
read these; nothing else in the pack writes one of them as a literal. The seed
gives no values for the interaction matrix or the die faces: they are decisions,
and the rulebook says so where it prints them.
"""

from __future__ import annotations

from carddb.games.estro.estri import ESTRI, STATS, stat_label
from carddb.pack_api import GameNumber, GameTable

SEED = "seed 002"
DECIDED = "decision: the seed is silent"

_CHOSEN, _RANDOM = 20, 5  # seed 002: "Each player selects 20 cards and, in addition, 5 cards are drawn at random"

NUMBERS = (
    # Named like every pack's player bounds (LOE: 2-4), so play modes read any game's the same way.
    GameNumber("players-min", 2, "fewest players", f"{SEED}, Overview: a 1 vs 1 card game"),
    GameNumber("players-max", 2, "most players", f"{SEED}, Overview: a 1 vs 1 card game"),
    GameNumber("pool-size", 250, "different cards to build decks from", f"{SEED}, Overview"),
    # Counted from the pack's own lists, so the rulebook says what the schema holds.
    GameNumber("estri", len(ESTRI), "estri a card can belong to", f"{SEED}, Overview: 5 distinct estri"),
    GameNumber(
        "stats-per-card", len(STATS), "stats summed as the TOT", f"{SEED}, Card stats: every card has 5 stats + a Total"
    ),
    # The pool's make-up (tests/games/test_estro_set.py holds data/estro/ to these).
    GameNumber("cards-per-estro", 50, "cards of each estro in the pool", DECIDED),
    GameNumber("gift-cards-per-estro", 30, "Gift cards of each estro", DECIDED),
    GameNumber("empty-cards-per-estro", 16, "Empty cards of each estro", DECIDED),
    GameNumber("zone-cards-per-estro", 4, "Zone cards of each estro", DECIDED),
    GameNumber("common-cards", 160, "Common cards in the pool", DECIDED),
    GameNumber("rare-cards", 70, "Rare cards in the pool", DECIDED),
    GameNumber("legendary-cards", 20, "Legendary cards in the pool", DECIDED),
    GameNumber("deck-chosen", _CHOSEN, "cards each player chooses for their deck", f"{SEED}, Initial setup"),
    GameNumber("deck-random", _RANDOM, "cards drawn at random to complete a deck", f"{SEED}, Initial setup"),
    GameNumber(
        "deck-size",
        _CHOSEN + _RANDOM,
        "cards in a deck (chosen plus random)",
        f"{SEED}, Initial setup: the chosen cards and the random ones, or as many random cards",
    ),
    GameNumber("copies-per-deck", 1, "copies of one card a deck may hold", f"{SEED}, Initial setup: no two identical"),
    GameNumber("opening-hand", 5, "cards in hand at the start", f"{SEED}, Initial setup"),
    GameNumber("hand-size", 5, "most cards in hand at the end of a turn", f"{SEED}, Initial setup"),
    GameNumber("draws-per-turn", 1, "cards drawn each turn", f"{SEED}, Turn rules: draw and play a card every turn"),
    GameNumber("placements-per-turn", 1, "cards placed on the field per turn", f"{SEED}, Turn rules"),
    GameNumber("attacks-per-turn", 2, "attacks per turn, each by a different card", f"{SEED}, Turn rules"),
    GameNumber("die-sides", 6, "sides of the die each player rolls in combat", f"{SEED}, Combat: a d6"),
    GameNumber("die-bonus", 5, "TOT bonus when the die shows a face of your estro", f"{SEED}, Combat step 3"),
    GameNumber("primary-factor", 2, "times the defender's primary stat the attacker's must exceed", f"{SEED}, step 4"),
    GameNumber("matrix-bonus", 6, "TOT bonus of an estro against the estro it beats", DECIDED),
    GameNumber("matrix-penalty", 6, "TOT penalty of an estro against the estro that beats it", DECIDED),
    GameNumber("field-win-round", 5, "round after which an empty field loses the game", f"{SEED}, Victory conditions"),
    GameNumber("final-round", 19, "round at whose end the game is decided", f"{SEED}, Victory conditions"),
)

_NUMBER = {n.id: n.value for n in NUMBERS}

# Decision: each estro beats the next one in this cycle, and is beaten by the one before it.
# Stone outlasts fire, fire outpaces song, song cannot be bent, the schemer sees through the mirror,
# and the mirror slips past the stone. Ardo and Illusio are not neighbours, so the seed's worked
# example (Ardo against Illusio) has no matrix bonus, as the seed shows it.
CYCLE = ("granito", "ardo", "armonio", "manpo", "illusio")


def beats(estro: str, other: str) -> bool:
    """Whether `estro` has the advantage over `other` in the interaction matrix."""
    index = CYCLE.index(estro)
    return CYCLE[(index + 1) % len(CYCLE)] == other


def _modifier(estro: str, other: str) -> str:
    if beats(estro, other):
        return f"+{_NUMBER['matrix-bonus']}"
    if beats(other, estro):
        return f"\u2212{_NUMBER['matrix-penalty']}"  # a true minus sign: the table is printed
    return "0"


MATRIX = GameTable(
    "interaction-matrix",
    "Interaction matrix",
    ("your estro", *(f"vs {e.name}" for e in ESTRI)),
    tuple((e.name, *(_modifier(e.id, o.id) for o in ESTRI)) for e in ESTRI),
    caption="The change to your card's TOT in combat, read along your estro's row under the opposing card's estro.",
)

# Decision: a d6 has six faces for five estri; faces 1-5 favour one estro each, in the seed's order,
# and the 6 is the estro itself (the word means inspiration): it favours every card.
DIE_FACES = {e.id: (index + 1, _NUMBER["die-sides"]) for index, e in enumerate(ESTRI)}

DICE = GameTable(
    "die-faces",
    "Die faces",
    ("estro", "primary stat", "bonus faces"),
    tuple((e.name, stat_label(e.primary), " or ".join(map(str, DIE_FACES[e.id]))) for e in ESTRI),
    caption="A player whose die shows one of their card's bonus faces adds the die bonus to its TOT.",
)

TABLES = (MATRIX, DICE)


def table_number(cell: str) -> int:
    """A printed cell ('+6', '\u22126', '0') as the number code uses."""
    return int(cell.replace("\u2212", "-"))
