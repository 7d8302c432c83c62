"""The broad phrasebook's moments: triggers, events, conditions and costs.

Split from phrasebook_shapes.py (how effects combine and last) to keep each module one concept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carddb.rules.phrasebook_shapes import THIS, core_entry
from carddb.rules.registry import EffectEntry, Param, Pattern

if TYPE_CHECKING:
    from carddb.rules.phrasebook import CoreNouns


def broad_moments(nouns: CoreNouns) -> list[EffectEntry]:
    """Triggers, events, conditions and costs of the broad phrasebook."""
    player = Param("player", "selector", nouns.players, reason="is not a player")
    target = Param("target", "selector")
    card = Param("card", "selector")
    amount = Param("amount", "number", minimum=1)
    phase = Param("phase", "phase")
    return [
        core_entry(
            "phase-start",
            "trigger",
            (Pattern("At the start of {phase}"), Pattern("At the beginning of {phase}", (("word", "beginning"),))),
            "The ability triggers when that phase or round begins.",
            ("At the start of the round, gain 1 energy.",),
            phase,
        ),
        core_entry(
            "phase-end",
            "trigger",
            (Pattern("At the end of {phase}"), Pattern("During {phase}", (("word", "during"),))),
            "The ability triggers when that phase or round ends.",
            ("At the end of the round, discard this card.",),
            phase,
        ),
        core_entry(
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
        core_entry(
            "leaves-play",
            "event",
            (Pattern("{target} leave(s) play"), Pattern("{target} would leave play", (("would", True),))),
            "A card leaves play (for any reason); `would` answers it before it does.",
            ("When this creature leaves play, each player gains 1 life.",),
            target,
        ),
        core_entry(
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
        core_entry(
            "block-event",
            "event",
            (Pattern("{target} block(s)"), Pattern("{target} defend(s)", (("word", "defend"),))),
            "A card blocks (or defends against) an attack.",
            ("Whenever this creature blocks, gain 1 life.",),
            target,
        ),
        core_entry(
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
        core_entry(
            "gains-card",
            "event",
            (Pattern("{player} gain(s) {card}"), Pattern("{player} acquire(s) {card}", (("word", "acquire"),))),
            "A player gains a card (from the cards available to all).",
            ("When you gain this card, gain 1 life.",),
            Param("player", "selector", nouns.players, reason="is not a player"),
            card,
        ),
        core_entry(
            "would-take-damage",
            "event",
            (Pattern("{target} would be dealt damage"), Pattern("{target} would take damage", (("word", "take"),))),
            "Damage is about to be dealt to a card or player (an effect can prevent or redirect it).",
            ("Whenever this creature would be dealt damage, prevent 1 of that damage.",),
            Param(
                "target", "selector", nouns.with_health, violation="E-TARGET-NO-HEALTH", reason="is never dealt damage"
            ),
        ),
        core_entry(
            "acts",
            "event",
            (Pattern("{target} {verb}"), Pattern("{target} {verb} {other}")),
            "A card or player does one of the game's actions (quests, challenges...).",
            ("Whenever this creature quests, gain 1 life.",),
            target,
            Param("verb", "verb"),
            Param("other", "selector"),
        ),
        core_entry(
            "has-resource",
            "condition",
            (Pattern("{player} ha(s|ve) {quantity} {resource}"),),
            "Counts how much of a resource a player has.",
            ("If you have 10 or more life, draw a card.",),
            player,
            Param("quantity", "quantity"),
            Param("resource", "resource"),
        ),
        core_entry(
            "has-more-resource",
            "condition",
            (Pattern("{player} ha(s|ve) more {resource} than {other}"),),
            "Compares how much of a resource two players have.",
            ("If you have more life than target opponent, draw a card.",),
            player,
            Param("resource", "resource"),
            Param("other", "selector", nouns.players, reason="is not a player"),
        ),
        core_entry(
            "has-cards",
            "condition",
            (Pattern("{player} ha(s|ve) {quantity} cards in {zone}"),),
            "Counts the cards in a player's zone (hand, discard pile...).",
            ("If you have no cards in hand, draw a card.",),
            player,
            Param("quantity", "quantity"),
            Param("zone", "zone"),
        ),
        core_entry(
            "has-card",
            "condition",
            (Pattern("{player} ha(s|ve) {card}"), Pattern("{player} control(s) {card}", (("word", "control"),))),
            "Whether a player has such a card (in play, unless a zone is named).",
            ("If you control an artifact, draw a card.", "If you have another creature in play, gain 1 life."),
            player,
            card,
        ),
        core_entry(
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
        core_entry(
            "is-kind",
            "condition",
            (Pattern("{target} is {kind}"),),
            "Whether the card named earlier is of that kind.",
            ("Reveal the top card of your deck. If it is a creature, put it into your hand.",),
            target,
            Param("kind", "kind"),
        ),
        core_entry(
            "is-in-zone",
            "condition",
            (Pattern("{target} is in {zone}"),),
            "Whether the card is in that zone.",
            ("If this card is in your graveyard, draw a card.",),
            target,
            Param("zone", "zone"),
        ),
        core_entry(
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
        core_entry(
            "dealt-at",
            "condition",
            (Pattern("{source} deal(s) {quantity} damage"),),
            "Compares the damage the card dealt (this turn, or in the attack) with a number.",
            ("If this creature deals 4 or more damage, draw a card.",),
            Param("source", "selector"),
            Param("quantity", "quantity"),
        ),
        core_entry(
            "has-acted",
            "condition",
            (Pattern("{target} {verb}"),),
            "Whether the card or player did that this turn (the game's verb: quests, hits...).",
            ("If this creature quests, gain 1 life.",),
            target,
            Param("verb", "verb"),
        ),
        core_entry(
            "has-counters",
            "condition",
            (Pattern("{target} ha(s|ve) {quantity} {counter} counter(s) on it"),),
            "Counts the counters of a kind on the card.",
            ("If this creature has any +1/+1 counters on it, draw a card.",),
            target,
            Param("quantity", "quantity"),
            Param("counter", "counter"),
        ),
        core_entry(
            "you-do",
            "condition",
            (Pattern("you do"), Pattern("you did", (("word", "did"),))),
            "Whether you did the optional sentence before this one.",
            ("You may discard a card. If you do, draw 2 cards.",),
        ),
        core_entry(
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
        core_entry(
            "during-turn",
            "condition",
            (
                Pattern("during your turn", (("negated", False),)),
                Pattern("during an opponent's turn", (("negated", True),)),
            ),
            "Whether it is (or is not) your turn.",
            ("If during your turn, draw a card.",),
        ),
        core_entry(
            "played-this-turn",
            "condition",
            (Pattern("{player} ha(s|ve) played {card} this turn"),),
            "Whether the player played such a card earlier this turn.",
            ("If you have played an Instant this turn, draw a card.",),
            player,
            card,
        ),
        core_entry(
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
        core_entry(
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
        core_entry(
            "cost-sacrifice",
            "cost",
            (Pattern("Sacrifice {card}"), Pattern("Destroy {card}", (("word", "destroy"),))),
            "You put a card you control into its owner's discard pile to use the ability.",
            ("Sacrifice another creature: Put a +1/+1 counter on this card.",),
            Param("card", "selector", nouns.permanents, reason="is not a card in play"),
        ),
        core_entry(
            "cost-discard",
            "cost",
            (Pattern("Discard {card}"), Pattern("Discard {card} from play", (("from", "play"),))),
            "You discard cards from your hand (or this card, from play) to use the ability.",
            ("Discard a card: Draw a card.",),
            card,
        ),
        core_entry(
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
        core_entry(
            "cost-target",
            "cost",
            (Pattern("Target {card}"),),
            "You choose the ability's target as you use it (`it` names it after the semicolon).",
            ("Target 1 creature; exhaust it.",),
            Param("card", "counted"),
        ),
        core_entry(
            "cost-reveal",
            "cost",
            (Pattern("Reveal {card}"),),
            "You show a card from your hand to use the ability.",
            ("Reveal a creature in your hand: Gain 1 life.",),
            card,
        ),
    ]
