"""The broad phrasebook's other entries: how effects combine and last, continuous effects, triggers,
events, conditions and costs, and the broad wordings of the classic entries.

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


def _entry(
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
        _entry(
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
        _entry(
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
            ("Target creature gets +3/+1 until end of turn.", "Creatures you control gain Flying this turn."),
            lasting,
        ),
        _entry(
            "until-next-turn",
            "effect",
            (Pattern("{effect} until the start of your next turn"),),
            "The effect lasts until your next turn starts.",
            ("Target creature can't attack until the start of your next turn.",),
            lasting,
        ),
        _entry(
            "until-phase",
            "effect",
            (Pattern("{effect} until the end of {phase}"), Pattern("{effect} until {phase}", (("word", "until"),))),
            "The effect lasts until that phase or round ends.",
            ("Target creature gets +2 power until the end of the round.",),
            lasting,
            Param("phase", "phase"),
        ),
        _entry(
            "for-each",
            "effect",
            (Pattern("{effect} for {group}"),),
            "The effect happens once for each card or player counted (a number in it is multiplied).",
            ("Gain 1 life for each creature you control.",),
            Param("effect", "effect"),
            group,
        ),
        _entry(
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
        _entry(
            "instead",
            "effect",
            (Pattern("{effect} instead"),),
            "The effect replaces what the trigger's event would have done.",
            ("When a creature you control would leave play, put a +1/+1 counter on it instead.",),
            Param("effect", "effect"),
        ),
        # -- continuous effects
        _entry(
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
        _entry(
            "has-keyword",
            "static",
            (Pattern("{target} ha(s|ve) {keyword}"),),
            "The cards have the keyword while this applies.",
            ("Creatures you control have Haste.",),
            Param("target", "selector"),
            Param("keyword", "keyword"),
        ),
        _entry(
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
        _entry(
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
        _entry(
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
        _entry(
            "hand-size-bonus",
            "static",
            (Pattern("{player} get(s) {change} maximum hand size"),),
            "The player may keep that many more (or fewer) cards at the end of their turn.",
            ("You get +1 maximum hand size.",),
            Param("player", "selector", nouns.players, reason="is not a player"),
            Param("change", "change"),
        ),
        _entry(
            "enters-with",
            "static",
            (Pattern("{target} enter(s) play with {amount} {counter} counter(s) on it"),),
            "The card comes into play with those counters on it.",
            ("This card enters play with three charge counters on it.",),
            Param("target", "selector"),
            Param("amount", "number", minimum=1),
            Param("counter", "counter"),
        ),
        _entry(
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
        _entry(
            "worth",
            "static",
            (Pattern("Worth {amount} {resource}"),),
            "The card counts as that much of a resource (points that count at the end of the game).",
            ("Worth 2 life.",),
            Param("amount", "number", minimum=1),
            Param("resource", "resource"),
        ),
        _entry(
            "play-only-if",
            "static",
            (Pattern("Play only if {conditions}"),),
            "The card can only be played while the conditions hold.",
            ("Play only if you control a creature.",),
            Param("conditions", "conditions"),
        ),
        _entry(
            "while",
            "static",
            (Pattern("{static} while {conditions}"), Pattern("While {conditions}, {static}", (("word", "first"),))),
            "The continuous effect applies only while the conditions hold.",
            ("While this creature is attacking, it gets +2 power.",),
            static,
            Param("conditions", "conditions"),
        ),
        _entry(
            "static-for-each",
            "static",
            (Pattern("{static} for {group}"),),
            "The continuous effect counts once for each card or player (its number is multiplied).",
            ("This creature gets +1 power for each artifact you control.",),
            static,
            group,
        ),
    ]


def broad_moments(nouns: CoreNouns) -> list[EffectEntry]:
    """Triggers, events, conditions and costs of the broad phrasebook."""
    player = Param("player", "selector", nouns.players, reason="is not a player")
    target = Param("target", "selector")
    card = Param("card", "selector")
    amount = Param("amount", "number", minimum=1)
    phase = Param("phase", "phase")
    return [
        _entry(
            "phase-start",
            "trigger",
            (Pattern("At the start of {phase}"), Pattern("At the beginning of {phase}", (("word", "beginning"),))),
            "The ability triggers when that phase or round begins.",
            ("At the start of the round, gain 1 energy.",),
            phase,
        ),
        _entry(
            "phase-end",
            "trigger",
            (Pattern("At the end of {phase}"), Pattern("During {phase}", (("word", "during"),))),
            "The ability triggers when that phase or round ends.",
            ("At the end of the round, discard this card.",),
            phase,
        ),
        _entry(
            "enters-play",
            "event",
            (
                Pattern("{target} enter(s) play"),
                Pattern("{target} come(s) into play", (("word", "comes"),)),
                Pattern("{target} is put into play", (("word", "put"),)),
                Pattern("{target} is summoned", (("word", "summoned"),)),
            ),
            "A card comes into play.",
            ("When this creature enters play, draw a card.",),
            target,
        ),
        _entry(
            "leaves-play",
            "event",
            (Pattern("{target} leave(s) play"), Pattern("{target} would leave play", (("would", True),))),
            "A card leaves play (for any reason); `would` answers it before it does.",
            ("When this creature leaves play, each player gains 1 life.",),
            target,
        ),
        _entry(
            "attack-event",
            "event",
            (
                Pattern("{target} attack(s)"),
                Pattern("{target} attack(s) {other}"),
                Pattern("{target} declare(s) an attack", (("word", "declares"),)),
            ),
            "A card (or player) attacks.",
            ("Whenever this creature attacks, it gets +1/+0 until end of turn.",),
            target,
            Param("other", "selector"),
        ),
        _entry(
            "block-event",
            "event",
            (Pattern("{target} block(s)"), Pattern("{target} defend(s)", (("word", "defend"),))),
            "A card blocks (or defends against) an attack.",
            ("Whenever this creature blocks, gain 1 life.",),
            target,
        ),
        _entry(
            "deals-damage",
            "event",
            (
                Pattern("{source} deal(s) damage to {target}"),
                Pattern("{source} deal(s) combat damage to {target}", (("combat", True),)),
                Pattern("{source} inflict(s) battle damage to {target}", (("combat", True), ("word", "inflict"))),
            ),
            "A card deals damage (in combat) to a card or player.",
            ("Whenever this creature deals combat damage to a player, draw a card.",),
            Param("source", "selector"),
            target,
        ),
        _entry(
            "gains-card",
            "event",
            (Pattern("{player} gain(s) {card}"), Pattern("{player} acquire(s) {card}", (("word", "acquire"),))),
            "A player gains a card (from the cards available to all).",
            ("When you gain this card, gain 1 life.",),
            Param("player", "selector", nouns.players, reason="is not a player"),
            card,
        ),
        _entry(
            "would-take-damage",
            "event",
            (Pattern("{target} would be dealt damage"), Pattern("{target} would take damage", (("word", "take"),))),
            "Damage is about to be dealt to a card or player (an effect can prevent or redirect it).",
            ("Whenever this creature would be dealt damage, prevent 1 of that damage.",),
            Param(
                "target", "selector", nouns.with_health, violation="E-TARGET-NO-HEALTH", reason="is never dealt damage"
            ),
        ),
        _entry(
            "acts",
            "event",
            (Pattern("{target} {verb}"), Pattern("{target} {verb} {other}")),
            "A card or player does one of the game's actions (quests, challenges...).",
            ("Whenever this creature quests, gain 1 life.",),
            target,
            Param("verb", "verb"),
            Param("other", "selector"),
        ),
        _entry(
            "has-resource",
            "condition",
            (Pattern("{player} ha(s|ve) {quantity} {resource}"),),
            "Counts how much of a resource a player has.",
            ("If you have 10 or more life, draw a card.",),
            player,
            Param("quantity", "quantity"),
            Param("resource", "resource"),
        ),
        _entry(
            "has-more-resource",
            "condition",
            (Pattern("{player} ha(s|ve) more {resource} than {other}"),),
            "Compares how much of a resource two players have.",
            ("If you have more life than target opponent, draw a card.",),
            player,
            Param("resource", "resource"),
            Param("other", "selector", nouns.players, reason="is not a player"),
        ),
        _entry(
            "has-cards",
            "condition",
            (Pattern("{player} ha(s|ve) {quantity} cards in {zone}"),),
            "Counts the cards in a player's zone (hand, discard pile...).",
            ("If you have no cards in hand, draw a card.",),
            player,
            Param("quantity", "quantity"),
            Param("zone", "zone"),
        ),
        _entry(
            "has-card",
            "condition",
            (Pattern("{player} ha(s|ve) {card}"), Pattern("{player} control(s) {card}", (("word", "control"),))),
            "Whether a player has such a card (in play, unless a zone is named).",
            ("If you control an artifact, draw a card.", "If you have another creature in play, gain 1 life."),
            player,
            card,
        ),
        _entry(
            "is-state",
            "condition",
            (
                Pattern("{target} is {state}", (("negated", False),)),
                Pattern("{target} is not {state}", (("negated", True),)),
            ),
            "Whether the card is in that state (exhausted, attacking, damaged...).",
            ("If this creature is exhausted, gain 1 life.",),
            target,
            Param("state", "state"),
        ),
        _entry(
            "is-kind",
            "condition",
            (Pattern("{target} is {kind}"),),
            "Whether the card named earlier is of that kind.",
            ("Reveal the top card of your deck. If it is a creature, put it into your hand.",),
            target,
            Param("kind", "kind"),
        ),
        _entry(
            "is-in-zone",
            "condition",
            (Pattern("{target} is in {zone}"),),
            "Whether the card is in that zone.",
            ("If this card is in your graveyard, draw a card.",),
            target,
            Param("zone", "zone"),
        ),
        _entry(
            "costs-at",
            "condition",
            (
                Pattern("{target} cost(s) {amount} {resource} or {comparison}"),
                Pattern("{target} cost(s) {amount} or {comparison}"),
            ),
            "Compares what the card costs with a number.",
            ("Reveal the top card of your deck. If it costs 3 energy or more, draw a card.",),
            target,
            Param("amount", "number"),
            Param("resource", "resource"),
            Param("comparison", "comparison"),
        ),
        _entry(
            "dealt-at",
            "condition",
            (Pattern("{source} deal(s) {quantity} damage"),),
            "Compares the damage the card dealt (this turn, or in the attack) with a number.",
            ("If this creature deals 4 or more damage, draw a card.",),
            Param("source", "selector"),
            Param("quantity", "quantity"),
        ),
        _entry(
            "has-acted",
            "condition",
            (Pattern("{target} {verb}"),),
            "Whether the card or player did that this turn (the game's verb: quests, hits...).",
            ("If this creature quests, gain 1 life.",),
            target,
            Param("verb", "verb"),
        ),
        _entry(
            "has-counters",
            "condition",
            (Pattern("{target} ha(s|ve) {quantity} {counter} counter(s) on it"),),
            "Counts the counters of a kind on the card.",
            ("If this creature has any +1/+1 counters on it, draw a card.",),
            target,
            Param("quantity", "quantity"),
            Param("counter", "counter"),
        ),
        _entry(
            "you-do",
            "condition",
            (Pattern("you do"), Pattern("you did", (("word", "did"),))),
            "Whether you did the optional sentence before this one.",
            ("You may discard a card. If you do, draw 2 cards.",),
        ),
        _entry(
            "coin-heads",
            "condition",
            (
                Pattern("you flip heads", (("count", 1), ("word", "flip"))),
                Pattern("both of them are heads", (("count", 2), ("word", "both"))),
                Pattern("{count} of them are heads"),
            ),
            "Whether (that many of) the coins flipped earlier in the ability came up heads.",
            ("Flip 2 coins. If both of them are heads, draw 2 cards.",),
            Param("count", "count", minimum=1),
        ),
        _entry(
            "during-turn",
            "condition",
            (
                Pattern("during your turn", (("negated", False),)),
                Pattern("during an opponent's turn", (("negated", True),)),
            ),
            "Whether it is (or is not) your turn.",
            ("If during your turn, draw a card.",),
        ),
        _entry(
            "played-this-turn",
            "condition",
            (Pattern("{player} ha(s|ve) played {card} this turn"),),
            "Whether the player played such a card earlier this turn.",
            ("If you have played an Instant this turn, draw a card.",),
            player,
            card,
        ),
        _entry(
            "cost-pay",
            "cost",
            (
                Pattern("Pay {amount} {resource}"),
                Pattern("Spend {amount} {resource}", (("word", "spend"),)),
                Pattern("{amount} {resource}", (("word", "bare"),)),
            ),
            "You pay that much of a resource to use the ability.",
            ("Pay 2 energy: Draw a card.",),
            amount,
            Param("resource", "resource"),
        ),
        _entry(
            "cost-exhaust",
            "cost",
            (
                Pattern("Exhaust {card}"),
                Pattern("Tap {card}", (("word", "tap"),)),
                Pattern("Exert {card}", (("word", "exert"),)),
                Pattern("Exhaust", (("card", THIS),)),
                Pattern("Tap", (("card", THIS), ("word", "tap"))),
                Pattern("Exert", (("card", THIS), ("word", "exert"))),
            ),
            "You exhaust a card you control (this card, unless another is named) to use the ability.",
            ("Exhaust this card: Gain 1 energy.",),
            card,
        ),
        _entry(
            "cost-sacrifice",
            "cost",
            (Pattern("Sacrifice {card}"), Pattern("Destroy {card}", (("word", "destroy"),))),
            "You put a card you control into its owner's discard pile to use the ability.",
            ("Sacrifice another creature: Put a +1/+1 counter on this card.",),
            Param("card", "selector", nouns.permanents, reason="is not a card in play"),
        ),
        _entry(
            "cost-discard",
            "cost",
            (Pattern("Discard {card}"), Pattern("Discard {card} from play", (("from", "play"),))),
            "You discard cards from your hand (or this card, from play) to use the ability.",
            ("Discard a card: Draw a card.",),
            card,
        ),
        _entry(
            "cost-remove-counters",
            "cost",
            (
                Pattern("Remove {amount} {counter} counter(s) from {card}"),
                Pattern("Spend {amount} {counter}", (("card", THIS), ("word", "spend"))),
            ),
            "You take counters off a card to use the ability.",
            ("Remove a charge counter from this card: Draw a card.",),
            amount,
            Param("counter", "counter"),
            card,
        ),
        _entry(
            "cost-target",
            "cost",
            (Pattern("Target {card}"),),
            "You choose the ability's target as you use it (`it` names it after the semicolon).",
            ("Target 1 creature; exhaust it.",),
            Param("card", "counted"),
        ),
        _entry(
            "cost-reveal",
            "cost",
            (Pattern("Reveal {card}"),),
            "You show a card from your hand to use the ability.",
            ("Reveal a creature in your hand: Gain 1 life.",),
            card,
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
