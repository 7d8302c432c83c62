"""The broad phrasebook's other entries: how effects combine and last, continuous effects, and the
broad wordings of the classic entries (triggers, events, conditions and costs: phrasebook_moments.py).

Combining entries take other phrases as parameters (`{first}, then {second}`, `{effect} until end
of turn`, `{static} while {conditions}`), so any effect can be joined, made to last or multiplied
without a grammar shape of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carddb.rules.ast import Selector
from carddb.rules.registry import EffectEntry, Param, Pattern, Role

if TYPE_CHECKING:
    from carddb.rules.phrasebook import CoreNouns

YOU = Selector("fixed", "you")
THIS = Selector("fixed", "this-card")


def core_entry(
    name: str, role: Role, patterns: tuple[Pattern, ...], meaning: str, examples: tuple[str, ...], *params: Param
) -> EffectEntry:
    return EffectEntry(name, role, patterns, meaning, examples, params, core=True)


def broad_shapes(nouns: CoreNouns) -> list[EffectEntry]:
    """Entries that combine, make last or multiply other phrases."""
    first, second = Param("first", "effect"), Param("second", "effect")
    lasting = Param("effect", "lasting")
    static = Param("static", "static")
    group = Param("group", "selector")
    return [
        core_entry(
            "then",
            "effect",
            (
                Pattern("{first}, then {second}", (("join", "then"),)),
                Pattern("{first}, {second}", (("join", "comma"),)),
                Pattern("{first}, and {second}", (("join", "comma-and"),)),
                Pattern("{first} and {second}", (("join", "and"),)),
                Pattern("{first} to {second}", (("join", "to"),)),
            ),
            "Both effects happen, the first one first (`to`: the first is what the second costs).",
            ("Draw a card, then discard a card.", "Search your deck for a creature and put it into your hand."),
            first,
            second,
        ),
        core_entry(
            "until-end-of-turn",
            "effect",
            (
                Pattern("{effect} until end of turn"),
                Pattern("{effect} this turn", (("word", "this"),)),
                Pattern("{effect} until the end of turn", (("word", "the"),)),
                Pattern("{effect} until the end of this turn", (("word", "this-turn"),)),
                Pattern("{effect} for the rest of this turn", (("word", "rest"),)),
            ),
            "The effect lasts until the end of this turn.",
            (
                "Target creature gets +3/+1 until end of turn.",
                "Creatures you control gain Flying this turn.",
                "Target creature can't attack for the rest of this turn.",
            ),
            lasting,
        ),
        core_entry(
            "until-next-turn",
            "effect",
            (Pattern("{effect} until the start of your next turn"),),
            "The effect lasts until your next turn starts.",
            ("Target creature can't attack until the start of your next turn.",),
            lasting,
        ),
        core_entry(
            "until-phase",
            "effect",
            (Pattern("{effect} until the end of {phase}"), Pattern("{effect} until {phase}", (("word", "until"),))),
            "The effect lasts until that phase or round ends.",
            ("Target creature gets +2 power until the end of the round.",),
            lasting,
            Param("phase", "phase"),
        ),
        core_entry(
            "for-each",
            "effect",
            (Pattern("{effect} for {group}"), Pattern("For {group}, {effect}", (("word", "first"),))),
            "The effect happens once for each card or player counted (a number in it is multiplied).",
            (
                "Gain 1 life for each creature you control.",
                "Discard 2 cards. For each creature discarded this way, gain 1 life.",
            ),
            Param("effect", "effect"),
            group,
        ),
        core_entry(
            "unless-pays",
            "effect",
            (Pattern("{effect} unless {player} pay(s) {amount} {resource}"),),
            "The effect happens unless the player pays that much.",
            ("Counter target Instant unless its controller pays 3 energy.",),
            Param("effect", "effect"),
            Param("player", "selector", nouns.players, reason="is not a player"),
            Param("amount", "number", minimum=1),
            Param("resource", "resource"),
        ),
        core_entry(
            "instead",
            "effect",
            (Pattern("{effect} instead"),),
            "The effect replaces what the trigger's event would have done.",
            ("When a creature you control would leave play, put a +1/+1 counter on it instead.",),
            Param("effect", "effect"),
        ),
        # -- continuous effects
        core_entry(
            "stat-static",
            "static",
            (
                Pattern("{target} get(s) {change} {stat}"),
                Pattern("{target} get(s) {change}"),
                Pattern("{target} ha(s|ve) {change} {stat}", (("word", "have"),)),
                Pattern("{target} lose(s) {amount} {stat}", (("word", "lose"),)),
            ),
            "The cards' stats are higher (or lower) by that much while this applies.",
            ("Creatures you control get +1/+1.", "Other Goblin creatures you control get +1 power."),
            Param("target", "selector"),
            Param("change", "change"),
            Param("stat", "stat"),
            Param("amount", "number", minimum=1),
        ),
        core_entry(
            "has-keyword",
            "static",
            (Pattern("{target} ha(s|ve) {keyword}"),),
            "The cards have the keyword while this applies.",
            ("Creatures you control have Haste.",),
            Param("target", "selector"),
            Param("keyword", "keyword"),
        ),
        core_entry(
            "stat-and-keyword",
            "static",
            (
                Pattern("{target} get(s) {change} and gain(s) {keyword}"),
                Pattern("{target} get(s) {change} and ha(s|ve) {keyword}", (("word", "have"),)),
            ),
            "The cards' stats are higher (or lower) by that much and they have the keyword while this applies.",
            (
                "Creatures you control get +1/+0 and have Haste.",
                "Target creature gets +2/+0 and gains Flying until end of turn.",
            ),
            Param("target", "selector"),
            Param("change", "change"),
            Param("keyword", "keyword"),
        ),
        core_entry(
            "cost-modifier",
            "static",
            (
                Pattern("{target} cost(s) {amount} less", (("more", False),)),
                Pattern("{target} cost(s) {amount} more", (("more", True),)),
                Pattern("{target} cost(s) {amount} {resource} less", (("more", False),)),
                Pattern("{target} cost(s) {amount} {resource} more", (("more", True),)),
                Pattern("Costs {amount} less", (("target", THIS), ("more", False))),
            ),
            "Playing the cards costs that much less (or more).",
            ("Your Instants cost 1 less.", "Your Instants cost 1 energy less this turn."),
            Param("target", "selector"),
            Param("amount", "number", minimum=1),
            Param("resource", "resource"),
        ),
        core_entry(
            "cannot",
            "static",
            (
                Pattern("{target} can't {verb}", (("word", "can't"),)),
                Pattern("{target} cannot {verb}"),
                Pattern("{target} can't attack", (("verb", "attack"), ("word", "can't"))),
                Pattern("{target} cannot attack", (("verb", "attack"),)),
                Pattern("{target} can't block", (("verb", "block"), ("word", "can't"))),
                Pattern("{target} cannot block", (("verb", "block"),)),
                Pattern("{target} can't {verb} {other}", (("word", "can't"),)),
                Pattern("{target} cannot {verb} {other}"),
            ),
            "The cards cannot do that (attack, block, or a game verb).",
            ("This creature can't block.", "Target creature can't quest until end of turn."),
            Param("target", "selector"),
            Param("verb", "verb"),
            Param("other", "selector"),
        ),
        core_entry(
            "damage-bonus",
            "static",
            (
                Pattern("{source} do(es|) {amount} more damage"),
                Pattern("{source} do(es|) {amount} more damage to {target}"),
            ),
            "Damage the cards (or attacks) deal is that much higher.",
            ("Creatures you control do 1 more damage.",),
            Param("source", "selector"),
            Param("amount", "number", minimum=1),
            Param("target", "selector"),
        ),
        core_entry(
            "hand-size-bonus",
            "static",
            (Pattern("{player} get(s) {change} maximum hand size"),),
            "The player may keep that many more (or fewer) cards at the end of their turn.",
            ("You get +1 maximum hand size.",),
            Param("player", "selector", nouns.players, reason="is not a player"),
            Param("change", "change"),
        ),
        core_entry(
            "enters-with",
            "static",
            (Pattern("{target} enter(s) play with {amount} {counter} counter(s) on it"),),
            "The card comes into play with those counters on it.",
            ("This card enters play with three charge counters on it.",),
            Param("target", "selector"),
            Param("amount", "number", minimum=1),
            Param("counter", "counter"),
        ),
        core_entry(
            "limit-per",
            "static",
            (
                Pattern("Limit once per {phase}", (("count", 1),)),
                Pattern("Limit {count} times per {phase}"),
                Pattern("Max {count} per {phase}", (("word", "max"),)),
                Pattern("Once per turn", (("count", 1), ("word", "turn"))),
                Pattern("You can only use this effect once per turn", (("count", 1), ("word", "effect"))),
            ),
            "The card's abilities can be used at most that many times in each such phase or round.",
            ("Limit once per round.",),
            Param("count", "count", minimum=1),
            Param("phase", "phase"),
        ),
        core_entry(
            "worth",
            "static",
            (Pattern("Worth {amount} {resource}"),),
            "The card counts as that much of a resource (points that count at the end of the game).",
            ("Worth 2 life.",),
            Param("amount", "number", minimum=1),
            Param("resource", "resource"),
        ),
        core_entry(
            "play-only-if",
            "static",
            (Pattern("Play only if {conditions}"),),
            "The card can only be played while the conditions hold.",
            ("Play only if you control a creature.",),
            Param("conditions", "conditions"),
        ),
        core_entry(
            "while",
            "static",
            (Pattern("{static} while {conditions}"), Pattern("While {conditions}, {static}", (("word", "first"),))),
            "The continuous effect applies only while the conditions hold.",
            ("While this creature is attacking, it gets +2 power.",),
            static,
            Param("conditions", "conditions"),
        ),
        core_entry(
            "static-for-each",
            "static",
            (Pattern("{static} for {group}"),),
            "The continuous effect counts once for each card or player (its number is multiplied).",
            ("This creature gets +1 power for each artifact you control.",),
            static,
            group,
        ),
    ]


# The broad wordings of the classic entries: the same meanings in the words other games print.
BROAD_PATTERNS: dict[str, tuple[Pattern, ...]] = {
    "deal-damage": (
        Pattern("{source} deal(s) {amount} damage to {target}"),
        Pattern("{source} do(es|) {amount} damage to {target}", (("word", "do"),)),
        Pattern("Inflict {amount} damage to {target}", (("word", "inflict"),)),
    ),
    "remove-damage": (
        Pattern("Heal {amount} damage from {target}", (("word", "heal"),)),
        Pattern("Restore {amount} health to {target}", (("word", "restore"),)),
    ),
    "remove-all-damage": (Pattern("Heal all damage from {target}", (("word", "heal"),)),),
    "look-at": (Pattern("Look through {zone}", (("word", "through"),)),),
    "counter": (Pattern("Negate {target}", (("word", "negate"),)), Pattern("Cancel {target}", (("word", "cancel"),))),
    "when": (Pattern("After {event}", (("repeat", True), ("word", "after"))),),
    "turn-start": (Pattern("When your turn begins", (("player", YOU), ("word", "begins"))),),
    "plays": (Pattern("{player} cast(s) {card}", (("word", "cast"),)),),
    "destroyed": (
        Pattern("{target} die(s)", (("word", "dies"),)),
        Pattern("{target} is defeated", (("word", "defeated"),)),
    ),
    "dealt-damage": (Pattern("{target} take(s) damage", (("word", "takes"),)),),
    "untargetable": (Pattern("{target} can't be targeted", (("word", "can't"),)),),
}

# Parameters the broad wordings of a classic entry need besides its own.
BROAD_PARAMS: dict[str, tuple[Param, ...]] = {
    "deal-damage": (Param("source", "selector"),),
    "look-at": (Param("zone", "zone"),),
}

# Classic entries whose wording the broad phrasebook says otherwise (their grammars overlap, so a
# game uses one of each pair): classic name -> the broad entry that replaces it.
SUPERSEDED: dict[str, str] = {
    "discard": "discard-card",
    "return-to-hand": "move-card",
    "return-from-discard": "move-card",
    "look-at-top": "look-at",
    "search": "search-zone",
    "shuffle-deck": "shuffle",
    "shuffle-discard": "shuffle",
    "hand-count": "has-cards",
    "your-turn": "during-turn",
    "health-bonus": "stat-static",
}

# The examples of the classic entries the broad phrasebook keeps, in the reference game's words.
CLASSIC_EXAMPLES: dict[str, tuple[str, ...]] = {
    "draw": ("Draw a card.", "Each player draws 2 cards."),
    "deal-damage": ("Deal 2 damage to target creature.", "This creature deals 1 damage to each opponent."),
    "destroy": ("Destroy target artifact.",),
    "remove-damage": ("Remove 2 damage from target creature.", "Heal 2 damage from target creature."),
    "remove-all-damage": ("Remove all damage from target creature.",),
    "counter": ("Counter target Instant.", "Negate target Instant."),
    "look-at": ("Look at the top three cards of your deck.",),
    "look-at-hand": ("Look at target opponent's hand.",),
    "wheel": ("Each player discards their hand and draws that many cards.",),
    "hand-size": ("Your maximum hand size is 8.",),
    "untargetable": ("This creature can't be targeted.",),
    "untargetable-by": ("This creature cannot be targeted by Instants.",),
    "targetable": ("Stunned creatures can be targeted.",),
    "damage-stays": ("Damage cannot be removed from this creature.",),
    "when": ("When you play this card, draw a card.", "After this creature attacks, gain 1 life."),
    "turn-start": ("At the start of your turn, gain 1 energy.", "When your turn begins, draw a card."),
    "turn-end": ("At the end of your turn, discard a card.",),
    "plays": ("Whenever an opponent casts an Instant, draw a card.",),
    "plays-targeting": ("Whenever an opponent plays an Instant that targets a creature you control, draw a card.",),
    "dealt-damage": ("Whenever this creature is dealt damage, gain 1 life.",),
    "destroyed": ("When this creature dies, draw a card.",),
    "draws": ("Whenever an opponent draws a card, gain 1 life.",),
    "activates-ability": ("Whenever an opponent activates an ability, gain 1 life.",),
    "controls-count": ("If you control three or more creatures, draw a card.",),
    "controls-more": ("If an opponent controls more creatures than you, draw a card.",),
    "health-at": ("If this creature has 2 or less health, gain 1 life.",),
    "destroyed-this-turn": ("If 2 or more creatures have been destroyed this turn, draw a card.",),
}
