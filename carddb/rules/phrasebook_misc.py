"""More of the broad phrasebook: protections, `that many`, a second change to the same player, `for every N`,
keywords gained while a condition holds, and other wordings of entries the broad phrasebook already has.

The shapes that go with them (a trigger with a cost, `If ..., STATIC.`, `discarded this way`) are in
grammar_misc.lark. The examples are in the words of the reference game (tests/fixtures/phrasebook/game.yaml).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carddb.rules.ast import Selector
from carddb.rules.phrasebook_shapes import THIS, YOU, core_entry
from carddb.rules.registry import EffectEntry, Param, Pattern

if TYPE_CHECKING:
    from carddb.rules.phrasebook import CoreNouns

IT = Selector("fixed", "it")


def misc_entries(nouns: CoreNouns) -> list[EffectEntry]:
    """This module's entries of the broad phrasebook."""
    target = Param("target", "selector")
    player = Param("player", "selector", nouns.players, reason="is not a player")
    keyword = Param("keyword", "keyword")
    return [
        core_entry(
            "indestructible",
            "static",
            (
                Pattern("{target} cannot be destroyed", (("by", "any"),)),
                Pattern("{target} can't be destroyed", (("by", "any"), ("word", "can't"))),
                Pattern("{target} cannot be destroyed by battle", (("by", "battle"),)),
                Pattern("{target} can't be destroyed by battle", (("by", "battle"), ("word", "can't"))),
                Pattern("{target} cannot be destroyed by card effects", (("by", "effects"),)),
                Pattern("{target} can't be destroyed by card effects", (("by", "effects"), ("word", "can't"))),
            ),
            "The cards are not destroyed (by lethal damage in battle, by an effect that destroys, or either).",
            ("This creature cannot be destroyed by battle.", "Creatures you control can't be destroyed."),
            target,
        ),
        core_entry(
            "draw-that-many",
            "effect",
            (Pattern("Draw that many cards", (("player", YOU),)), Pattern("{player} draw(s) that many cards")),
            "A player draws as many cards as the sentence before acted on (discarded, revealed...).",
            ("Discard up to two cards, then draw that many cards.",),
            player,
        ),
        core_entry(
            "and-resource",
            "effect",
            (
                Pattern("{effect} and loses {amount} {resource}", (("lose", True),)),
                Pattern("{effect} and gains {amount} {resource}", (("lose", False),)),
            ),
            "After the effect, the player it names also loses (or gains) that much of a resource.",
            ("Target opponent draws two cards and loses 2 life.",),
            Param("effect", "effect"),
            Param("amount", "number", minimum=1),
            Param("resource", "resource"),
        ),
        core_entry(
            "gain-stat-and-keyword",
            "effect",
            (
                Pattern("Gain {change} and {keyword}", (("target", THIS),)),
                Pattern("{target} gain(s) {change} and {keyword}"),
            ),
            "The cards' stats change by that much and they get the keyword, for as long as they stay in play.",
            ("When this card enters play, if you are holding a Goblin, gain +1/+1 and Flying.",),
            Param("target", "selector", nouns.permanents, reason="is not a card in play"),
            Param("change", "change"),
            keyword,
        ),
        core_entry(
            "while-gains",
            "static",
            (Pattern("While {conditions}, {target} gain(s) {keyword}"),),
            "The cards have the keyword while the conditions hold.",
            ("While you have more life than your opponent, this creature gains Flying.",),
            Param("conditions", "conditions"),
            target,
            keyword,
        ),
        core_entry(
            "rest-back",
            "effect",
            (Pattern("{effect} and {rest} back in any order"),),
            "After the effect, the other cards looked at go back on top of the deck in the order you choose.",
            ("Reveal the top 3 cards of your deck. Put the creatures into your hand and the rest back in any order.",),
            Param("effect", "effect"),
            Param("rest", "selector"),
        ),
        core_entry(
            "new-targets",
            "effect",
            (Pattern("Choose new targets for the copy"),),
            "You choose the targets of the copy just made again (it keeps its targets otherwise).",
            ("Copy target Instant you control. You may choose new targets for the copy.",),
        ),
        core_entry(
            "static-for-every",
            "static",
            (
                Pattern("{static} for every {group}, rounded down", (("word", "rounded"),)),
                Pattern("{static} for every {group}"),
            ),
            "The continuous effect counts once for every so many cards (`for every 5 ...`: a fifth of them).",
            ("Worth 1 life for every 2 creatures in your graveyard, rounded down.",),
            Param("static", "static"),
            Param("group", "selector"),
        ),
    ]


# Other wordings of entries the broad phrasebook already has (merged like phrasebook_shapes.BROAD_PATTERNS).
MISC_PATTERNS: dict[str, tuple[Pattern, ...]] = {
    "gain-resource": (
        Pattern("Add {amount} {resource} of any colour", (("player", YOU), ("word", "colour"))),
        Pattern("Add {amount} {resource} of any color", (("player", YOU), ("word", "color"))),
    ),
    "counter": (Pattern("Cancel its effects", (("target", IT), ("word", "effects"))),),
    "untargetable": (
        Pattern("{target} cannot be targeted by card effects", (("word", "effects"),)),
        Pattern("{target} can't be targeted by card effects", (("word", "can't-effects"),)),
    ),
    "reveal-cards": (Pattern("{player} reveal(s) {card}", (("word", "card"),)),),
    "move-card": (Pattern("Put {card} face down into {to}", (("player", YOU), ("where", "into"), ("face", "down"))),),
    "deal-damage": (Pattern("{source} also do(es|) {amount} damage to {target}", (("word", "also"),)),),
    "shuffle": (
        Pattern("Shuffle {card} and all cards attached to it into {to}", (("player", YOU), ("attached", True))),
    ),
    "has-card": (
        Pattern("{player} is holding {card}", (("word", "holding"),)),
        Pattern("{player} are holding {card}", (("word", "holding-are"),)),
    ),
}

# Examples of those wordings, added to the entries' own.
MISC_EXAMPLES: dict[str, tuple[str, ...]] = {
    "gain-resource": ("Exhaust this card: Add one energy of any colour.",),
    "counter": ("When an opponent plays an Instant, exhaust this card: Cancel its effects.",),
    "untargetable": ("This creature cannot be targeted by card effects.",),
    "reveal-cards": ("Each opponent reveals the top card of their deck.",),
    "move-card": ("Put a card from your hand face down into play.",),
    "for-each": ("Discard the top 3 cards of your deck. For each creature discarded this way, gain 1 energy.",),
    "deal-damage": ("Deal 2 damage to target creature. This card also does 1 damage to each opponent.",),
    "shuffle": ("Shuffle this creature and all cards attached to it into your deck.",),
    "has-card": ("If you are holding an artifact, draw a card.",),
}
