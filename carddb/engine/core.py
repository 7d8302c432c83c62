"""Shared registry entries every game starts from: drawing, discarding, damage, destruction...

Games differ in which nouns have health or can be countered, so the core entries
are built by a function that takes those noun sets from the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from carddb.engine.registry import EffectEntry, Param, Pattern
from carddb.rules.ast import Selector

YOU = Selector("fixed", "you")


@dataclass(frozen=True)
class CoreNouns:
    """The game's answer to "what can be affected how?", as selector noun ids."""

    players: frozenset[str]  # player, opponent, you, its-controller, that-player
    with_health: frozenset[str]  # may be dealt damage and healed
    counterable: frozenset[str]  # may be countered (things on the stack)
    permanents: frozenset[str]  # may be destroyed or returned
    discard_zone: str = "discard pile"  # where discarded and destroyed cards go, in the game's own word


def core_entries(nouns: CoreNouns) -> list[EffectEntry]:
    player = Param("player", "selector", nouns.players, reason="is not a player")
    amount = Param("amount", "number", minimum=1)
    health_target = Param(
        "target", "selector", nouns.with_health, violation="E-TARGET-NO-HEALTH", reason="cannot be dealt damage"
    )
    heal_target = Param(
        "target", "selector", nouns.with_health, violation="E-TARGET-NO-HEALTH", reason="has no damage to remove"
    )
    permanent = Param("target", "selector", nouns.permanents, reason="is not a card in play")
    card = Param("card", "selector")
    return [
        # -- effects
        EffectEntry(
            "draw",
            "effect",
            (
                Pattern("Draw {amount} card(s)", (("player", YOU),)),
                Pattern("{player} draw(s) {amount} card(s)"),
            ),
            "A player draws that many cards from the deck.",
            (
                "Draw a card.",
                "Draw 2 cards.",
                "Destroy target Item. Its controller draws a card.",
                "Each player draws 2 cards.",
            ),
            (player, amount),
            core=True,
        ),
        EffectEntry(
            "discard",
            "effect",
            (
                Pattern("Discard {amount} card(s)", (("player", YOU), ("random", False))),
                Pattern("{player} discard(s) {amount} card(s) at random", (("random", True),)),
                Pattern("{player} discard(s) {amount} card(s)", (("random", False),)),
            ),
            f"A player puts that many cards from their hand into the {nouns.discard_zone}, chosen by them or at random.",
            ("Discard 2 cards.", "Target opponent discards a card.", "Each opponent discards a card at random."),
            (player, amount),
            core=True,
        ),
        EffectEntry(
            "deal-damage",
            "effect",
            (Pattern("Deal {amount} damage to {target}"),),
            "Puts that many damage counters on each chosen card; a card whose damage reaches its health is destroyed.",
            ("Deal 2 damage to target Duke.", "Deal 1 damage to each damaged character."),
            (amount, health_target),
            core=True,
        ),
        EffectEntry(
            "destroy",
            "effect",
            (Pattern("Destroy {target}"),),
            f"Puts the chosen cards into their owners' {nouns.discard_zone}.",
            ("Destroy target Item.", "Destroy all Items coupled to it."),
            (permanent,),
            core=True,
        ),
        EffectEntry(
            "remove-damage",
            "effect",
            (Pattern("Remove {amount} damage from {target}"),),
            "Takes that many damage counters off the chosen cards (healing).",
            ("Remove 2 damage from target character.",),
            (amount, heal_target),
            core=True,
        ),
        EffectEntry(
            "remove-all-damage",
            "effect",
            (Pattern("Remove all damage from {target}"),),
            "Takes every damage counter off the chosen cards.",
            ("Remove all damage from your Lord.",),
            (heal_target,),
            core=True,
        ),
        EffectEntry(
            "counter",
            "effect",
            (Pattern("Counter {target}"),),
            "Cancels a Spell, Reaction, ability or Victory attempt on the stack; it does nothing.",
            ("Counter target Spell.", "Counter target ability."),
            (
                Param(
                    "target",
                    "selector",
                    nouns.counterable,
                    violation="E-COUNTER-TARGET",
                    reason="cannot be countered (only Spells, Reactions, abilities and Victory attempts can)",
                ),
            ),
            core=True,
        ),
        EffectEntry(
            "return-to-hand",
            "effect",
            (Pattern("Return {target} to its owner's hand"),),
            "Puts the chosen card from play back into its owner's hand.",
            ("Return target Item to its owner's hand.",),
            (permanent,),
            core=True,
        ),
        EffectEntry(
            "return-from-discard",
            "effect",
            (Pattern("Return {card} from the discard pile to your hand"),),
            "Takes a card from the discard pile into your hand.",
            (
                "Return target card from the discard pile to your hand.",
                "Return a Resource from the discard pile to your hand.",
            ),
            (card,),
            core=True,
        ),
        EffectEntry(
            "look-at",
            "effect",
            (Pattern("Look at {target}"),),
            "You look at the chosen hidden card without showing it to anyone.",
            ("Look at target face-down Duke.",),
            (Param("target", "selector"),),
            core=True,
        ),
        EffectEntry(
            "look-at-hand",
            "effect",
            (Pattern("Look at {player}'s hand"),),
            "You look at the cards in a player's hand.",
            ("Look at target opponent's hand.",),
            (player,),
            core=True,
        ),
        EffectEntry(
            "look-at-top",
            "effect",
            (Pattern("Look at the top {amount} card(s) of the deck"),),
            "You look at that many cards from the top of the deck and put them back in the same order.",
            ("Look at the top 3 cards of the deck.",),
            (amount,),
            core=True,
        ),
        EffectEntry(
            "search",
            "effect",
            (Pattern("Search the deck for {card}, reveal it and put it into your hand"),),
            "You find a card of that kind in the deck, show it, and take it into your hand.",
            ("Search the deck for a Resource, reveal it and put it into your hand. Shuffle the deck.",),
            (card,),
            core=True,
        ),
        EffectEntry(
            "shuffle-deck",
            "effect",
            (Pattern("Shuffle the deck"),),
            "The deck is shuffled.",
            ("Shuffle the deck.",),
            core=True,
        ),
        EffectEntry(
            "shuffle-discard",
            "effect",
            (Pattern("Shuffle the discard pile into the deck"),),
            "The discard pile is shuffled into the deck.",
            ("Shuffle the discard pile into the deck.",),
            core=True,
        ),
        EffectEntry(
            "wheel",
            "effect",
            (Pattern("{player} discard(s) their hand and draw(s) that many cards"),),
            "Each chosen player discards their hand, then draws as many cards as they discarded.",
            ("Each player discards their hand and draws that many cards.",),
            (player,),
            core=True,
        ),
        # -- statics
        EffectEntry(
            "health-bonus",
            "static",
            (Pattern("{target} get(s) +{amount} health"),),
            "The chosen characters have that much more health while this card is in play.",
            ("Dukes you control get +1 health.", "Your Lord gets +2 health."),
            (
                Param("target", "selector", nouns.with_health, violation="E-TARGET-NO-HEALTH", reason="has no health"),
                amount,
            ),
            core=True,
        ),
        EffectEntry(
            "hand-size",
            "static",
            (
                Pattern("Your maximum hand size is {amount}", (("player", YOU),)),
                Pattern("{player}'s maximum hand size is {amount}"),
            ),
            "Changes how many cards a player may keep at the end of their turn.",
            ("Each player's maximum hand size is 5.", "Your maximum hand size is 9."),
            (player, amount),
            core=True,
        ),
        EffectEntry(
            "untargetable",
            "static",
            (Pattern("{target} cannot be targeted"),),
            "Spells and abilities cannot choose the card as a target.",
            ("This card cannot be targeted.",),
            (Param("target", "selector"),),
            core=True,
        ),
        EffectEntry(
            "untargetable-by",
            "static",
            (Pattern("{target} cannot be targeted by {source}"),),
            "Cards of the given kind cannot choose the card as a target.",
            ("This card cannot be targeted by Spells.", "Your Lord cannot be targeted by Reactions."),
            (Param("target", "selector"), Param("source", "kinds")),
            core=True,
        ),
        EffectEntry(
            "targetable",
            "static",
            (Pattern("{target} can be targeted"),),
            "Lifts a rule that protects the cards from being targeted.",
            ("Face-down Dukes can be targeted.",),
            (Param("target", "selector"),),
            core=True,
        ),
        EffectEntry(
            "damage-stays",
            "static",
            (Pattern("Damage cannot be removed from {target}"),),
            "No effect can take damage counters off the chosen cards.",
            ("Damage cannot be removed from characters.",),
            (health_target,),
            core=True,
        ),
        # -- triggers
        EffectEntry(
            "when",
            "trigger",
            (Pattern("When {event}", (("repeat", False),)), Pattern("Whenever {event}", (("repeat", True),))),
            "The ability triggers each time the event happens (`When` and `Whenever` mean the same).",
            ("When you play this card, gain 1 powerstone.", "Whenever an opponent draws a card, draw a card."),
            (Param("event", "event"),),
            core=True,
        ),
        EffectEntry(
            "turn-start",
            "trigger",
            (
                Pattern("At the start of your turn", (("player", YOU),)),
                Pattern("At the start of {player}'s turn"),
            ),
            "The ability triggers at the start of the given player's turn, before they draw.",
            ("At the start of your turn, draw a card.", "At the start of each player's turn, gain 1 powerstone."),
            (player,),
            core=True,
        ),
        EffectEntry(
            "turn-end",
            "trigger",
            (
                Pattern("At the end of your turn", (("player", YOU),)),
                Pattern("At the end of {player}'s turn"),
            ),
            "The ability triggers at the end of the given player's turn.",
            ("At the end of your turn, discard a card.",),
            (player,),
            core=True,
        ),
        # -- events
        EffectEntry(
            "plays",
            "event",
            (Pattern("{player} play(s) {card}"),),
            "A player plays a card (for a Victory card: attempts it).",
            ("When you play a Spell, draw a card.", "When an opponent plays a Victory card, draw a card."),
            (player, card),
            core=True,
        ),
        EffectEntry(
            "plays-targeting",
            "event",
            (Pattern("{player} play(s) {card} that targets {target}"),),
            "A player plays a card that chooses the given card as a target.",
            ("When an opponent plays a Spell that targets a character you control, draw a card.",),
            (player, card, Param("target", "selector")),
            core=True,
        ),
        EffectEntry(
            "dealt-damage",
            "event",
            (Pattern("{target} is dealt damage"),),
            "Damage counters are put on the card.",
            ("Whenever a character you control is dealt damage, draw a card.",),
            (health_target,),
            core=True,
        ),
        EffectEntry(
            "destroyed",
            "event",
            (Pattern("{target} is destroyed"),),
            f"The card is destroyed and goes to the {nouns.discard_zone}.",
            ("When a character is destroyed, gain 1 powerstone.",),
            (permanent,),
            core=True,
        ),
        EffectEntry(
            "draws",
            "event",
            (Pattern("{player} draw(s) {amount} card(s)"),),
            "A player draws a card.",
            ("Whenever you draw a card, gain 1 powerstone.",),
            (player, amount),
            core=True,
        ),
        EffectEntry(
            "activates-ability",
            "event",
            (Pattern("{player} activate(s) an ability"),),
            "A player activates an ability of a card they control.",
            ("Whenever an opponent activates an ability, draw a card.",),
            (player,),
            core=True,
        ),
        # -- conditions
        EffectEntry(
            "controls-count",
            "condition",
            (Pattern("{player} control(s) {quantity} {group}"),),
            "Counts the cards of a kind the player controls.",
            ("Win if you control three or more Dukes.", "Win if you control no face-down Dukes."),
            (player, Param("quantity", "quantity"), Param("group", "kinds")),
            core=True,
        ),
        EffectEntry(
            "controls-more",
            "condition",
            (Pattern("{player} control(s) more {group} than you"),),
            "Compares how many cards of a kind a player and you control.",
            ("If an opponent controls more Dukes than you, draw a card.",),
            (player, Param("group", "kinds")),
            core=True,
        ),
        EffectEntry(
            "hand-count",
            "condition",
            (Pattern("you have {quantity} cards in hand"),),
            "Counts the cards in your hand.",
            ("If you have no cards in hand, draw 2 cards.", "Win if you have 7 or more cards in hand."),
            (Param("quantity", "quantity"),),
            core=True,
        ),
        EffectEntry(
            "health-at",
            "condition",
            (Pattern("{target} has {amount} or {comparison} health"),),
            "Compares a character's remaining health with a number.",
            ("If your Lord has 5 or less health, gain 2 powerstones.",),
            (health_target, Param("amount", "number"), Param("comparison", "comparison")),
            core=True,
        ),
        EffectEntry(
            "your-turn",
            "condition",
            (Pattern("it is your turn", (("negated", False),)), Pattern("it is not your turn", (("negated", True),))),
            "Whether it is (or is not) your turn.",
            ("If it is not your turn, draw a card.",),
            core=True,
        ),
        EffectEntry(
            "destroyed-this-turn",
            "condition",
            (Pattern("{quantity} {group} have been destroyed this turn"),),
            "Counts the cards of a kind destroyed so far this turn.",
            ("Win if 3 or more characters have been destroyed this turn.",),
            (Param("quantity", "quantity"), Param("group", "kinds")),
            core=True,
        ),
    ]
