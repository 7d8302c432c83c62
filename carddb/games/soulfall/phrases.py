"""The effect registry of Lords (SoulFall): the core entries it keeps, plus its own.

The five Actions (Meditate, Flourish, Prospect, Deify, Beseech) and the two abilities the
Reference cards explain (Agonize, Consecrate) are keywords: a line `Flourish.` performs
the Action, and its reminder text says what that is. `Worship` and `Scorned` are
condition keywords of the shared grammar (`Worship - Flourish, Prospect.`): they gate
a Lord card's ability on whether its Lord's Temple is in a Tribe. The rest are effects on
the Tribe's cards: gaining Followers and Shells, building Citadels, breaking and mending
Shells, losing Followers, taking cards from a hand.
"""

from __future__ import annotations

from carddb.pack_api import (
    CoreNouns,
    EffectEntry,
    EffectRegistry,
    Param,
    Pattern,
    TypeWord,
    WordType,
    build_registry,
    core_entries,
)

PLAYERS = frozenset({"player", "opponent", "you", "that-player"})
TRIBE_CARDS = frozenset({"follower", "citadel", "shell", "broken-shell", "temple", "shrine", "card"})

# The Actions, as the word type of the one effect that names two of them ("Flourish or Prospect").
ACTIONS = WordType(
    "action",
    "Action",
    tuple(TypeWord(a, a.title()) for a in ("meditate", "flourish", "prospect", "deify", "beseech")),
)

# Each Action and ability: (word, what it does, the card kinds that may name it).
ACTION_KINDS = frozenset({"action", "lord", "temple", "broken-shell"})
ABILITY_KINDS = frozenset({"reference", "lord", "temple", "broken-shell"})
KEYWORDS = (
    (
        "Meditate",
        "draw {number:meditate-draw} Lord cards, then discard {number:meditate-discard} card from your hand",
        "The player draws Lord cards and keeps all but one; a hand has no maximum size. An empty deck is "
        "made again from the discard pile.",
        ACTION_KINDS,
    ),
    (
        "Flourish",
        "gain a Follower, or build a Citadel if you have more Followers than Citadels",
        "The player's Tribe grows: a Follower from the middle of the play area, or one of its own Followers "
        "turned to its Citadel side.",
        ACTION_KINDS,
    ),
    (
        "Prospect",
        "gain a random Shell, or break up to {number:prospect-breaks} of your Shells",
        "The player takes a Shell at random from the middle, or turns Shells of their Tribe to their Broken "
        "side and uses each Broken Shell's ability, in the order they choose.",
        ACTION_KINDS,
    ),
    (
        "Deify",
        "discard a Lord card to gain that Lord's Temple, or to turn your Temple of that Lord into a Shrine of Solitude",
        "The player discards a Lord card; the limits on the Temples of a Tribe apply.",
        ACTION_KINDS,
    ),
    (
        "Beseech",
        "reveal a Lord card from your hand, perform its abilities in order, then discard it",
        "The player plays a Lord card for its abilities, which Worship and Scorned may change.",
        ACTION_KINDS,
    ),
    (
        "Agonize",
        "each opponent loses {number:agonize-losses} Follower of their choice; one who has none discards a card "
        "at random",
        "A Reference card explains it. A lost Follower goes back to the middle of the play area.",
        ABILITY_KINDS,
    ),
    (
        "Consecrate",
        "turn one of your Temples into a Shrine of Solitude",
        "A Reference card explains it. The Shrine no longer counts as a Temple: the Lord may become Scorned.",
        ABILITY_KINDS,
    ),
)

amount = Param("amount", "number", minimum=1)
player = Param("player", "selector", PLAYERS, reason="is not a player")


def _keyword(word: str, reminder: str, meaning: str, kinds: frozenset[str]) -> EffectEntry:
    return EffectEntry(
        word.lower(), "keyword", (Pattern(word),), meaning, (f"{word}.",), kinds=kinds, reminder=reminder
    )


SOULFALL_ENTRIES: list[EffectEntry] = [
    *(_keyword(*keyword) for keyword in KEYWORDS),
    # -- condition keywords: a Lord card's ability that depends on its Lord's Temple
    EffectEntry(
        "worship",
        "condition-keyword",
        (Pattern("Worship"),),
        "The ability happens only if you Worship the card's Lord: its Temple is in your Tribe.",
        ("Worship - Flourish, Prospect.", "Worship - Draw a card."),
        kinds=frozenset({"lord"}),
        reminder="only if this Lord's Temple is in your Tribe",
    ),
    EffectEntry(
        "scorned",
        "condition-keyword",
        (Pattern("Scorned"),),
        "The ability happens only if the card's Lord is Scorned: no player has its Temple in their Tribe.",
        ("Scorned - Each opponent discards a card at random.",),
        kinds=frozenset({"lord"}),
        reminder="only if no Tribe holds this Lord's Temple",
    ),
    # -- effects
    EffectEntry(
        "either-action",
        "effect",
        (Pattern("{action} or {other}"),),
        "The player performs one of the Actions it names, their choice, even if its Action card is face down.",
        ("Flourish or Prospect.",),
        (Param("action", "action"), Param("other", "action")),
    ),
    EffectEntry(
        "both-actions",
        "effect",
        (Pattern("{action} and {other} instead"),),
        "The player performs both Actions it names, in the order they choose, in place of the card's ability that "
        "offers one of them (`{action} or {other}`), which is then not performed.",
        ("Flourish and Prospect instead.", "Worship - Flourish and Prospect instead."),
        (Param("action", "action"), Param("other", "action")),
        kinds=frozenset({"lord"}),
    ),
    EffectEntry(
        "gain-followers",
        "effect",
        (Pattern("Gain {amount} Follower(s)"),),
        "The player takes that many Followers from the middle of the play area into their Tribe, Follower side up.",
        ("Gain a Follower.", "Gain 2 Followers."),
        (amount,),
    ),
    EffectEntry(
        "gain-shells",
        "effect",
        (Pattern("Gain {amount} random Shell(s)"),),
        "The player takes that many Shells at random from the middle of the play area, Shell side up, and keeps "
        "them secret.",
        ("Gain a random Shell.",),
        (amount,),
    ),
    EffectEntry(
        "build-citadels",
        "effect",
        (Pattern("Build {amount} Citadel(s)"),),
        "The player turns that many Followers of their Tribe to their Citadel side, whatever the count of Citadels.",
        ("Build a Citadel.",),
        (amount,),
    ),
    EffectEntry(
        "break-shells",
        "effect",
        (Pattern("Break {amount} Shell(s)"),),
        "The player turns that many Shells of their Tribe to their Broken side and uses each Broken Shell's "
        "ability, in the order they choose.",
        ("Break a Shell.", "You may break a Shell."),
        (amount,),
    ),
    EffectEntry(
        "mend-shells",
        "effect",
        (Pattern("Mend {amount} Broken Shell(s)"),),
        "The player turns that many Broken Shells of their Tribe back to their Shell side; their abilities "
        "are not used again.",
        ("Mend a Broken Shell.",),
        (amount,),
    ),
    EffectEntry(
        "lose-followers",
        "effect",
        (Pattern("{player} lose(s) {amount} Follower(s)"),),
        "The player moves that many Followers of their choice from their Tribe back to the middle of the play area.",
        ("Each opponent loses a Follower.",),
        (player, amount),
    ),
    EffectEntry(
        "take-cards",
        "effect",
        (Pattern("Take {amount} random card(s) from {player}'s hand"),),
        "The player takes that many cards at random from another player's hand into their own.",
        ("Take a random card from each opponent's hand.",),
        (amount, player),
    ),
    # -- conditions
    EffectEntry(
        "tribe-count",
        "condition",
        (Pattern("you have {quantity} {group} in your Tribe"),),
        "Counts the cards of a kind in your Tribe.",
        ("If you have 3 or more Followers in your Tribe, build a Citadel.",),
        (Param("quantity", "quantity"), Param("group", "kinds", TRIBE_CARDS, reason="is never in a Tribe")),
    ),
    EffectEntry(
        "tribe-fewer",
        "condition",
        (Pattern("an opponent has more {group} than you"),),
        "Compares how many cards of a kind an opponent's Tribe and yours hold.",
        ("If an opponent has more Shells than you, gain a random Shell.",),
        (Param("group", "kinds", TRIBE_CARDS, reason="is never in a Tribe"),),
    ),
]

# The shared core entries the game keeps, each with examples in its words.
CORE_EXAMPLES: dict[str, tuple[str, ...]] = {
    "draw": ("Draw a card.", "Draw 2 cards.", "Each opponent draws a card."),
    "discard": ("Discard a card.", "Each opponent discards a card at random."),
    "look-at-hand": ("Look at each opponent's hand.",),
    "shuffle-discard": ("Shuffle the discard pile into the deck.",),
    "turn-start": ("At the start of your turn, draw a card.",),
}

SOULFALL_CORE_NOUNS = CoreNouns(
    players=PLAYERS,
    with_health=frozenset(),
    counterable=frozenset(),
    permanents=TRIBE_CARDS,
)


def soulfall_registry() -> EffectRegistry:
    return build_registry(
        "soulfall", core_entries(SOULFALL_CORE_NOUNS, CORE_EXAMPLES), SOULFALL_ENTRIES, types=(ACTIONS,)
    )
