"""The effect registry of ESTRO: the Gifts' phrases in the game's own words.

It lives in the pack (not in `carddb/rules/`) because every word of it is ESTRO's.

ESTRO (seed 002) has no costs, no mana and no hit points: a Gift activates by
itself when its card is played (a plain sentence is an on-play effect), or when
its trigger happens, or holds while its card is face up on the field (a static).
Destroyed and discarded cards go to their owner's Incinerator. A defender's Gift
may cancel an attacker's with a counter-move (the `Counter-move -` timing), which is resolved first.
The core entries ESTRO keeps are re-explained in those words.
"""

from __future__ import annotations

from dataclasses import replace

from carddb.games.estro.estri import STAT_NAMES, STATS, TOTAL
from carddb.pack_api import CoreNouns, EffectEntry, EffectRegistry, Param, Pattern, build_registry, core_entries

PLAYERS = frozenset({"player", "opponent", "you", "its-controller", "that-player"})
# Cards placed on the field: they have stats, attack, defend and can be destroyed.
FIGHTERS = frozenset({"card", "gift", "empty", "it", "this-card", "that-card"})
ZONES = frozenset({"zone"})
GIFTS = frozenset({"gift-ability", "that-gift", "it"})

ESTRO_CORE_NOUNS = CoreNouns(
    players=PLAYERS,
    with_health=frozenset(),  # seed 002: neither the players nor the cards have hit points
    counterable=GIFTS,
    permanents=FIGHTERS | ZONES,
    counter_reason="cannot be countered (only a Gift can, by a counter-move)",
)

# The core entries ESTRO keeps, re-explained and with examples in ESTRO's words.
CORE: dict[str, tuple[str, tuple[str, ...]]] = {
    "draw": ("A player draws that many cards from their own deck.", ("Draw a card.", "Each player draws a card.")),
    "discard": (
        "A player puts that many cards from their hand into their Incinerator.",
        ("Discard a card.", "Target opponent discards a card.", "Each opponent discards a card at random."),
    ),
    "destroy": (
        "Puts the chosen cards into their owners' Incinerator at once: no TOT is compared, "
        "unless a counter-move cancels the Gift.",
        ("Destroy target face-down card.", "Destroy target Empty card with TOT 60 or less."),
    ),
    "counter": (
        "Cancels a Gift as it activates: the countered Gift does nothing. A counter-move that counters a Gift "
        "is resolved before it (the rulebook's decision).",
        ("Counter-move - When an opponent's Gift targets a card you control: Counter that Gift.",),
    ),
    "return-to-hand": (
        "Puts the chosen card from the field back into its owner's hand.",
        ("Return target Empty card to its owner's hand.",),
    ),
    "look-at": ("You look at a face-down card without showing it.", ("Look at target face-down card.",)),
    "look-at-hand": ("You look at the cards in a player's hand.", ("Look at target opponent's hand.",)),
    "hand-size": (
        "Changes how many cards a player may keep at the end of their turn (normally {number:hand-size}).",
        ("Your maximum hand size is 7.", "Each player's maximum hand size is 4."),
    ),
    "untargetable-by": (
        "Gifts of the given kind cannot choose the card.",
        ("This card cannot be targeted by Gifts.",),
    ),
    "when": (
        "The Gift activates each time the event happens (`When` and `Whenever` mean the same).",
        ("When this card attacks, it gets +4 ATK until end of turn.", "Whenever you roll a 6, draw a card."),
    ),
    "turn-start": (
        "The Gift activates at the start of the given player's turn.",
        ("At the start of your turn, draw a card.",),
    ),
    "turn-end": (
        "The Gift activates at the end of the given player's turn.",
        ("At the end of your turn, discard a card.",),
    ),
    "plays": (
        "A player plays a card from their hand (onto the field, face up or face down, or as the active Zone).",
        ("When an opponent plays a Zone card, draw a card.",),
    ),
    "destroyed": (
        "The card is destroyed, by combat or by a Gift, and goes to the Incinerator.",
        ("When this card is destroyed, draw a card.",),
    ),
    "controls-count": (
        "Counts the cards of a kind a player has on the field.",
        ("If you control three or more Ardo cards, draw a card.",),
    ),
    "hand-count": ("Counts the cards in your hand.", ("If you have no cards in hand, draw two cards.",)),
}


def _estro_core() -> list[EffectEntry]:
    kept = core_entries(ESTRO_CORE_NOUNS, {name: examples for name, (_meaning, examples) in CORE.items()})
    return [replace(e, meaning=CORE[e.name][0]) for e in kept]


amount = Param("amount", "number", minimum=1)
player = Param("player", "selector", PLAYERS, reason="is not a player")
fighter = Param("target", "selector", FIGHTERS, reason="is not a card on the field (a Zone card has no stats)")
face = Param("face", "count", minimum=1)
STAT_WORDS = (*STATS, TOTAL)


def _stat_patterns(template: str) -> tuple[Pattern, ...]:
    """One wording per stat, e.g. `{target} get(s) +{amount} ATK`; the stat is the wording's fixed argument."""
    return tuple(Pattern(template.replace("STAT", STAT_NAMES[s][0]), (("stat", s),)) for s in STAT_WORDS)


def _stat_change(name: str, verb: str, until_end: bool, meaning: str, example: str) -> EffectEntry:
    sign = "+" if verb == "get(s)" else ""
    tail = " until end of turn" if until_end else ""
    return EffectEntry(
        name,
        "effect" if until_end else "static",
        _stat_patterns(f"{{target}} {verb} {sign}{{amount}} STAT{tail}"),
        meaning,
        (example,),
        (fighter, amount),
    )


ESTRO_ENTRIES: list[EffectEntry] = [
    # -- stats (TOT follows: a stat's change changes the TOT by as much; a TOT change changes TOT alone)
    _stat_change(
        "boost",
        "get(s)",
        True,
        "The chosen cards have that much more of the stat (and so of TOT) until the end of the turn.",
        "Target card you control gets +5 DEF until end of turn.",
    ),
    _stat_change(
        "weaken",
        "lose(s)",
        True,
        "The chosen cards have that much less of the stat (and so of TOT) until the end of the turn.",
        "Target card an opponent controls loses 4 DEX until end of turn.",
    ),
    _stat_change(
        "stat-bonus",
        "get(s)",
        False,
        "The chosen cards have that much more of the stat (and so of TOT) while this card is face up on the "
        "field, or while this Zone is active.",
        "Ardo cards get +3 ATK.",
    ),
    _stat_change(
        "stat-penalty",
        "lose(s)",
        False,
        "The chosen cards have that much less of the stat (and so of TOT) while this card is face up on the "
        "field, or while this Zone is active.",
        "Cards an opponent controls lose 2 MAP.",
    ),
    # -- the field, the hand, the deck and the Incinerator
    EffectEntry(
        "recover",
        "effect",
        (Pattern("Return {card} from your Incinerator to your hand"),),
        "You take a card of the given kind from your Incinerator back into your hand.",
        ("Return an Empty card from your Incinerator to your hand.",),
        (Param("card", "selector"),),
    ),
    EffectEntry(
        "revive",
        "effect",
        (Pattern("Put {card} from your Incinerator onto the field"),),
        "You place a card of the given kind from your Incinerator onto your side of the field, face up; "
        "it is not played (its Gift does not activate as on play) and is not your card of the turn.",
        ("Put a Granito card from your Incinerator onto the field.",),
        (Param("card", "selector"),),
    ),
    EffectEntry(
        "burn-top",
        "effect",
        (Pattern("Put the top {amount} card(s) of {player}'s deck into the Incinerator"),),
        "That many cards from the top of the player's deck go to their Incinerator, unseen.",
        ("Put the top two cards of target opponent's deck into the Incinerator.",),
        (amount, player),
    ),
    EffectEntry(
        "burn-zone",
        "effect",
        (Pattern("Put the active Zone into the Incinerator"),),
        "The active Zone card goes to its owner's Incinerator; until another Zone is played, no Zone is active.",
        ("Put the active Zone into the Incinerator.",),
    ),
    EffectEntry(
        "search-deck",
        "effect",
        (Pattern("Search your deck for {card} and put it into your hand"),),
        "You look through your deck for a card of the given kind, show it, put it into your hand and shuffle "
        "your deck.",
        ("Search your deck for a Zone card and put it into your hand.",),
        (Param("card", "selector"),),
    ),
    EffectEntry(
        "look-at-top",
        "effect",
        (Pattern("Look at the top {amount} card(s) of your deck"),),
        "You look at that many cards from the top of your deck and put them back in any order.",
        ("Look at the top three cards of your deck.",),
        (amount,),
    ),
    EffectEntry(
        "turn-face-up",
        "effect",
        (Pattern("Turn {target} face up"),),
        "The face-down card is turned face up: it has its stats again, and its Gift activates as if it had "
        "just been played.",
        ("Turn target face-down card face up.",),
        (fighter,),
    ),
    EffectEntry(
        "turn-face-down",
        "effect",
        (Pattern("Turn {target} face down"),),
        "The card is turned face down: it has no stats and no Gift until it is turned face up, and it is "
        "defeated whenever it is attacked.",
        ("Turn target Gift card with TOT 70 or less face down.",),
        (fighter,),
    ),
    EffectEntry(
        "gain-control",
        "effect",
        (Pattern("Gain control of {target} until end of turn"),),
        "The card moves to your side of the field until the end of the turn; it can attack for you, then "
        "goes back to its owner.",
        ("Gain control of target Empty card until end of turn.",),
        (fighter,),
    ),
    EffectEntry(
        "stays",
        "effect",
        (Pattern("{target} stay(s) on the field"),),
        "The card is not destroyed after all: it stays where it is (a face-down card is turned face up first).",
        ("When this card would be destroyed, if it is face down, it stays on the field.",),
        (fighter,),
    ),
    EffectEntry(
        "extra-placement",
        "effect",
        (Pattern("Place an additional card on the field this turn"),),
        "You may play one more card this turn, onto the field or as the active Zone (the rules allow "
        "{number:placements-per-turn} per turn).",
        ("You may place an additional card on the field this turn.",),
    ),
    EffectEntry(
        "extra-attack",
        "effect",
        (Pattern("Make an additional attack this turn"),),
        "You may make one more attack this turn (the rules allow {number:attacks-per-turn}), with a card that has "
        "not attacked.",
        ("You may make an additional attack this turn.",),
    ),
    EffectEntry(
        "reroll",
        "effect",
        (Pattern("Roll your die again"),),
        "You roll your combat die once more and keep the new result.",
        ("When you roll a 1, you may roll your die again.",),
    ),
    # -- statics
    EffectEntry(
        "attacks-twice",
        "static",
        (Pattern("{target} can attack twice each turn"),),
        "The card may make both attacks of a turn (normally a card attacks at most once).",
        ("This card can attack twice each turn.",),
        (fighter,),
    ),
    EffectEntry(
        "cannot-attack",
        "static",
        (Pattern("{target} cannot attack"),),
        "The chosen cards are never declared as attackers.",
        ("Face-down cards cannot attack.",),
        (fighter,),
    ),
    EffectEntry(
        "cannot-be-attacked",
        "static",
        (Pattern("{target} cannot be attacked"),),
        "No card may choose the chosen cards as the target of an attack.",
        ("This card cannot be attacked.",),
        (fighter,),
    ),
    EffectEntry(
        "wins-ties",
        "static",
        (Pattern("{target} win(s) ties"),),
        "When the TOT comparison ends in a tie, the card wins it: as an attacker it destroys the defender, "
        "as a defender it withstands (as it would anyway).",
        ("This card wins ties.",),
        (fighter,),
    ),
    EffectEntry(
        "no-double",
        "static",
        (Pattern("The double primary stat rule does not apply to {target}"),),
        "When the chosen cards defend, the attacker cannot win by the double primary stat rule: the TOT is compared.",
        ("The double primary stat rule does not apply to this card.",),
        (fighter,),
    ),
    EffectEntry(
        "ignores-matrix",
        "static",
        (Pattern("{target} ignore(s) the interaction matrix"),),
        "Neither the bonus nor the penalty of the interaction matrix changes the chosen cards' TOT.",
        ("Illusio cards you control ignore the interaction matrix.",),
        (fighter,),
    ),
    EffectEntry(
        "die-face",
        "static",
        (Pattern("{target} get(s) the die bonus on a {face}"),),
        "That face of the die also gives the chosen cards the die bonus (+{number:die-bonus} TOT).",
        ("This card gets the die bonus on a 3.",),
        (fighter, face),
    ),
    EffectEntry(
        "no-face-down",
        "static",
        (Pattern("{target} cannot be played face down"),),
        "The chosen cards must be played face up.",
        ("Cards cannot be played face down.",),
        (Param("target", "selector"),),
    ),
    EffectEntry(
        "more-placements",
        "static",
        (Pattern("{player} can place an additional card on the field each turn"),),
        "The player may play one more card each turn, onto the field or as the active Zone (the rules allow "
        "{number:placements-per-turn}).",
        ("Each player can place an additional card on the field each turn.",),
        (player,),
    ),
    EffectEntry(
        "more-attacks",
        "static",
        (Pattern("{player} can make an additional attack each turn"),),
        "The player may make one more attack each turn (the rules allow {number:attacks-per-turn}), each with a "
        "different card.",
        ("Each player can make an additional attack each turn.",),
        (player,),
    ),
    # -- events
    EffectEntry(
        "attacks",
        "event",
        (Pattern("{target} attacks"),),
        "The card is declared as an attacker, before the dice are rolled.",
        ("When this card attacks, it gets +4 ATK until end of turn.",),
        (fighter,),
    ),
    EffectEntry(
        "is-played",
        "event",
        (Pattern("{target} is played"),),
        "The card is played from its owner's hand (face up, or as the active Zone). A Gift's own plain sentences "
        "already activate then: this event is for Gifts that watch other cards arrive.",
        ("Whenever an Empty card is played, its controller draws a card.",),
        (Param("target", "selector", FIGHTERS | ZONES, reason="is not a card"),),
    ),
    EffectEntry(
        "is-attacked",
        "event",
        # "defends" is accepted too; `carddb fmt` writes the first wording.
        (Pattern("{target} is attacked"), Pattern("{target} defends")),
        "The card is chosen as the defender of an attack, before the dice are rolled.",
        ("When this card is attacked, it gets +6 DEF until end of turn.",),
        (fighter,),
    ),
    EffectEntry(
        "would-be-destroyed",
        "event",
        (Pattern("{target} would be destroyed"),),
        "The card is about to be destroyed, by combat or by a Gift; a face-down card may reveal its Gift now.",
        ("When this card would be destroyed, if it is face down, it stays on the field.",),
        (fighter,),
    ),
    EffectEntry(
        "destroys-in-combat",
        "event",
        (Pattern("{target} destroy(s) a card in combat"),),
        "The card attacked and the defender was destroyed.",
        ("Whenever this card destroys a card in combat, draw a card.",),
        (fighter,),
    ),
    EffectEntry(
        "turned-face-up",
        "event",
        (Pattern("{target} is turned face up"),),
        "A face-down card is turned face up (by its owner at the start of their turn, or by a Gift).",
        ("When this card is turned face up, destroy target Empty card.",),
        (fighter,),
    ),
    EffectEntry(
        "rolls",
        "event",
        (Pattern("{player} roll(s) a {face}"),),
        "A player's combat die shows that face.",
        ("Whenever you roll a 6, draw a card.",),
        (player, face),
    ),
    EffectEntry(
        "gift-targets",
        "event",
        (Pattern("{player}'s Gift targets {target}"),),
        "A Gift of that player's card chooses the given card as it activates.",
        ("Counter-move - When an opponent's Gift targets a card you control: Counter that Gift.",),
        (player, Param("target", "selector")),
    ),
    # -- conditions
    EffectEntry(
        "face-down",
        "condition",
        (Pattern("{target} is face down"),),
        "Whether the card is face down on the field.",
        ("When this card would be destroyed, if it is face down, it stays on the field.",),
        (fighter,),
    ),
    EffectEntry(
        "zone-active",
        "condition",
        (Pattern("the active Zone is {zone}"),),
        "Whether the Zone card around the field is of the given kind (an Ardo Zone card...).",
        ("If the active Zone is an Armonio Zone card, draw a card.",),
        (Param("zone", "selector", ZONES, reason="is not a Zone card"),),
    ),
    EffectEntry(
        "incinerator-count",
        "condition",
        (Pattern("your Incinerator holds {quantity} card(s)"),),
        "Counts the cards in your Incinerator.",
        ("If your Incinerator holds five or more cards, draw a card.",),
        (Param("quantity", "quantity"),),
    ),
    # -- timing
    EffectEntry(
        "counter-move",
        "timing",
        (Pattern("Counter-move"),),
        "Marks a Gift that answers an opponent's Gift as it activates: the counter-move activates by itself and "
        "is resolved first, before the Gift it answers (the rulebook's decision).",
        ("Counter-move - When an opponent's Gift targets a card you control: Counter that Gift.",),
    ),
]


def estro_registry() -> EffectRegistry:
    """ESTRO's closed table: the shared core entries it keeps, then ESTRO's own."""
    return build_registry("estro", _estro_core(), ESTRO_ENTRIES)
