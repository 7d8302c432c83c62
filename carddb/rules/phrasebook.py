"""Shared registry entries every game starts from: drawing, discarding, damage, destruction...

Games differ in which nouns have health or can be countered, and in the words their
examples are written in, so the core entries are built by a function that takes both
from the game: the noun sets, and the example sentences of each core entry the game
keeps (an entry without examples is left out of that game's registry).

Two phrasebooks share these entries. The classic one (this module's entries) is what the bundled
packs pick from. The broad one adds the common templating of card games in a game's declared
words (carddb.rules.phrasebook_broad and phrasebook_shapes) and other wordings of some classic
entries; it replaces a few classic entries whose wording overlaps its own (`SUPERSEDED`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from carddb.rules.ast import Selector
from carddb.rules.registry import EffectEntry, Param, Pattern

YOU = Selector("fixed", "you")


@dataclass(frozen=True)
class CoreNouns:
    """The game's answer to "what can be affected how?", as selector noun ids."""

    players: frozenset[str]  # player, opponent, you, its-controller, that-player
    with_health: frozenset[str]  # may be dealt damage and healed
    counterable: frozenset[str]  # may be countered (things on the stack)
    permanents: frozenset[str]  # may be destroyed or returned
    discard_zone: str = "discard pile"  # where discarded and destroyed cards go, in the game's own word
    # Completes "'X' ..." when a counter names something else, e.g. "cannot be countered (only ... can)".
    counter_reason: str = "cannot be countered"


# Stands in for the examples while the entries are built; `core_entries` puts the game's in.
_FROM_PACK = ("(the game pack gives the examples)",)


def core_entries(nouns: CoreNouns, examples: Mapping[str, tuple[str, ...]]) -> list[EffectEntry]:
    """The core entries the game keeps (those `examples` names), each with the game's examples."""
    entries = every_core_entry(nouns)
    unknown = set(examples) - {e.name for e in entries}
    if unknown:
        raise ValueError(f"no core registry entries named {', '.join(sorted(unknown))}")
    return [replace(e, examples=tuple(examples[e.name])) for e in entries if e.name in examples]


def every_core_entry(nouns: CoreNouns, *, broad: bool = False) -> list[EffectEntry]:
    """Every core entry: the classic phrasebook's (placeholder examples), or with `broad` the broad
    phrasebook's (the classic entries it keeps, with their other wordings, and its own)."""
    classic = classic_entries(nouns)
    if not broad:
        return classic
    from carddb.rules.phrasebook_broad import broad_effects
    from carddb.rules.phrasebook_misc import MISC_EXAMPLES, MISC_PATTERNS, misc_entries
    from carddb.rules.phrasebook_moments import broad_moments
    from carddb.rules.phrasebook_shapes import BROAD_PARAMS, BROAD_PATTERNS, CLASSIC_EXAMPLES, SUPERSEDED, broad_shapes
    from carddb.rules.phrasebook_verbs import verb_entries
    from carddb.rules.phrasebook_windows import window_entries

    kept = [
        replace(
            e,
            patterns=e.patterns + BROAD_PATTERNS.get(e.name, ()),
            params=e.params + BROAD_PARAMS.get(e.name, ()),
            examples=CLASSIC_EXAMPLES.get(e.name, e.examples),
        )
        for e in classic
        if e.name not in SUPERSEDED
    ]
    entries = (
        kept
        + broad_effects(nouns)
        + broad_shapes(nouns)
        + broad_moments(nouns)
        + misc_entries(nouns)
        + window_entries(nouns)
        + verb_entries()
    )
    return [  # other wordings of broad entries, from the modules that add them
        replace(e, patterns=e.patterns + MISC_PATTERNS.get(e.name, ()), examples=e.examples + MISC_EXAMPLES[e.name])
        if e.name in MISC_EXAMPLES
        else e
        for e in entries
    ]


def classic_entries(nouns: CoreNouns) -> list[EffectEntry]:
    """The classic phrasebook, with placeholder examples: what the bundled packs pick from."""
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
            _FROM_PACK,
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
            _FROM_PACK,
            (player, amount),
            core=True,
        ),
        EffectEntry(
            "deal-damage",
            "effect",
            (Pattern("Deal {amount} damage to {target}"),),
            "Puts that many damage counters on each chosen card; a card whose damage reaches its health is destroyed.",
            _FROM_PACK,
            (amount, health_target),
            core=True,
        ),
        EffectEntry(
            "destroy",
            "effect",
            (Pattern("Destroy {target}"),),
            f"Puts the chosen cards into their owners' {nouns.discard_zone}.",
            _FROM_PACK,
            (permanent,),
            core=True,
        ),
        EffectEntry(
            "remove-damage",
            "effect",
            (Pattern("Remove {amount} damage from {target}"),),
            "Takes that many damage counters off the chosen cards (healing).",
            _FROM_PACK,
            (amount, heal_target),
            core=True,
        ),
        EffectEntry(
            "remove-all-damage",
            "effect",
            (Pattern("Remove all damage from {target}"),),
            "Takes every damage counter off the chosen cards.",
            _FROM_PACK,
            (heal_target,),
            core=True,
        ),
        EffectEntry(
            "counter",
            "effect",
            (Pattern("Counter {target}"),),
            "Cancels the chosen card or ability on the stack; it does nothing.",
            _FROM_PACK,
            (
                Param(
                    "target",
                    "selector",
                    nouns.counterable,
                    violation="E-COUNTER-TARGET",
                    reason=nouns.counter_reason,
                ),
            ),
            core=True,
        ),
        EffectEntry(
            "return-to-hand",
            "effect",
            (Pattern("Return {target} to its owner's hand"),),
            "Puts the chosen card from play back into its owner's hand.",
            _FROM_PACK,
            (permanent,),
            core=True,
        ),
        EffectEntry(
            "return-from-discard",
            "effect",
            (Pattern("Return {card} from the discard pile to your hand"),),
            "Takes a card from the discard pile into your hand.",
            _FROM_PACK,
            (card,),
            core=True,
        ),
        EffectEntry(
            "look-at",
            "effect",
            (Pattern("Look at {target}"),),
            "You look at the chosen hidden card without showing it to anyone.",
            _FROM_PACK,
            (Param("target", "selector"),),
            core=True,
        ),
        EffectEntry(
            "look-at-hand",
            "effect",
            (Pattern("Look at {player}'s hand"),),
            "You look at the cards in a player's hand.",
            _FROM_PACK,
            (player,),
            core=True,
        ),
        EffectEntry(
            "look-at-top",
            "effect",
            (Pattern("Look at the top {amount} card(s) of the deck"),),
            "You look at that many cards from the top of the deck and put them back in the same order.",
            _FROM_PACK,
            (amount,),
            core=True,
        ),
        EffectEntry(
            "search",
            "effect",
            (Pattern("Search the deck for {card}, reveal it and put it into your hand"),),
            "You find a card of that kind in the deck, show it, and take it into your hand.",
            _FROM_PACK,
            (card,),
            core=True,
        ),
        EffectEntry(
            "shuffle-deck",
            "effect",
            (Pattern("Shuffle the deck"),),
            "The deck is shuffled.",
            _FROM_PACK,
            core=True,
        ),
        EffectEntry(
            "shuffle-discard",
            "effect",
            (Pattern("Shuffle the discard pile into the deck"),),
            "The discard pile is shuffled into the deck.",
            _FROM_PACK,
            core=True,
        ),
        EffectEntry(
            "wheel",
            "effect",
            (Pattern("{player} discard(s) their hand and draw(s) that many cards"),),
            "Each chosen player discards their hand, then draws as many cards as they discarded.",
            _FROM_PACK,
            (player,),
            core=True,
        ),
        # -- statics
        EffectEntry(
            "health-bonus",
            "static",
            (Pattern("{target} get(s) +{amount} health"),),
            "The chosen cards have that much more health while this card is in play.",
            _FROM_PACK,
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
            _FROM_PACK,
            (player, amount),
            core=True,
        ),
        EffectEntry(
            "untargetable",
            "static",
            (Pattern("{target} cannot be targeted"),),
            "No card or ability can choose the card as a target.",
            _FROM_PACK,
            (Param("target", "selector"),),
            core=True,
        ),
        EffectEntry(
            "untargetable-by",
            "static",
            (Pattern("{target} cannot be targeted by {source}"),),
            "Cards of the given kind cannot choose the card as a target.",
            _FROM_PACK,
            (Param("target", "selector"), Param("source", "kinds")),
            core=True,
        ),
        EffectEntry(
            "targetable",
            "static",
            (Pattern("{target} can be targeted"),),
            "Lifts a rule that protects the cards from being targeted.",
            _FROM_PACK,
            (Param("target", "selector"),),
            core=True,
        ),
        EffectEntry(
            "damage-stays",
            "static",
            (Pattern("Damage cannot be removed from {target}"),),
            "No effect can take damage counters off the chosen cards.",
            _FROM_PACK,
            (health_target,),
            core=True,
        ),
        # -- triggers
        EffectEntry(
            "when",
            "trigger",
            (Pattern("When {event}", (("repeat", False),)), Pattern("Whenever {event}", (("repeat", True),))),
            "The ability triggers each time the event happens (`When` and `Whenever` mean the same).",
            _FROM_PACK,
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
            _FROM_PACK,
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
            _FROM_PACK,
            (player,),
            core=True,
        ),
        # -- events
        EffectEntry(
            "plays",
            "event",
            (Pattern("{player} play(s) {card}"),),
            "A player plays a card.",
            _FROM_PACK,
            (player, card),
            core=True,
        ),
        EffectEntry(
            "plays-targeting",
            "event",
            (Pattern("{player} play(s) {card} that targets {target}"),),
            "A player plays a card that chooses the given card as a target.",
            _FROM_PACK,
            (player, card, Param("target", "selector")),
            core=True,
        ),
        EffectEntry(
            "dealt-damage",
            "event",
            (Pattern("{target} is dealt damage"),),
            "Damage counters are put on the card.",
            _FROM_PACK,
            (health_target,),
            core=True,
        ),
        EffectEntry(
            "destroyed",
            "event",
            (Pattern("{target} is destroyed"),),
            f"The card is destroyed and goes to the {nouns.discard_zone}.",
            _FROM_PACK,
            (permanent,),
            core=True,
        ),
        EffectEntry(
            "draws",
            "event",
            (Pattern("{player} draw(s) {amount} card(s)"),),
            "A player draws a card.",
            _FROM_PACK,
            (player, amount),
            core=True,
        ),
        EffectEntry(
            "activates-ability",
            "event",
            (Pattern("{player} activate(s) an ability"),),
            "A player activates an ability of a card they control.",
            _FROM_PACK,
            (player,),
            core=True,
        ),
        # -- conditions
        EffectEntry(
            "controls-count",
            "condition",
            (Pattern("{player} control(s) {quantity} {group}"),),
            "Counts the cards of a kind the player controls.",
            _FROM_PACK,
            (player, Param("quantity", "quantity"), Param("group", "kinds")),
            core=True,
        ),
        EffectEntry(
            "controls-more",
            "condition",
            (Pattern("{player} control(s) more {group} than you"),),
            "Compares how many cards of a kind a player and you control.",
            _FROM_PACK,
            (player, Param("group", "kinds")),
            core=True,
        ),
        EffectEntry(
            "hand-count",
            "condition",
            (Pattern("you have {quantity} cards in hand"),),
            "Counts the cards in your hand.",
            _FROM_PACK,
            (Param("quantity", "quantity"),),
            core=True,
        ),
        EffectEntry(
            "health-at",
            "condition",
            (Pattern("{target} has {amount} or {comparison} health"),),
            "Compares a card's remaining health with a number.",
            _FROM_PACK,
            (health_target, Param("amount", "number"), Param("comparison", "comparison")),
            core=True,
        ),
        EffectEntry(
            "your-turn",
            "condition",
            (Pattern("it is your turn", (("negated", False),)), Pattern("it is not your turn", (("negated", True),))),
            "Whether it is (or is not) your turn.",
            _FROM_PACK,
            core=True,
        ),
        EffectEntry(
            "destroyed-this-turn",
            "condition",
            (Pattern("{quantity} {group} have been destroyed this turn"),),
            "Counts the cards of a kind destroyed so far this turn.",
            _FROM_PACK,
            (Param("quantity", "quantity"), Param("group", "kinds")),
            core=True,
        ),
    ]
