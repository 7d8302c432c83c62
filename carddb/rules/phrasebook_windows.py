"""The broad phrasebook's time windows: effects that wait for a later moment or hold only for a while.

- the next card of a kind a player plays (or acquires): `Your next attack this turn gets +3 power.`, `The
  next ship you acquire this turn costs 2 less.`, `Put the next card you acquire this turn into your hand.`;
- a one-shot delayed trigger an effect makes: `At the start of your next turn, draw 2 cards.`, with `Set
  aside {card}` to keep cards for it;
- an effect that holds during the opponent's next turn only: `During your opponent's next turn, this
  creature takes 30 less damage from attacks.`;
- once-per-turn moments: `The first time each turn you quest, ...`, `The first program you install each
  turn costs 1 less`, `if this is the first time you played this card this turn`, and a trigger that
  only hears events during its controller's turn (`During your turn, whenever ...`).

A card named alone after `next` or `first` (`attack`, `ship`) is a `{card}` of type `noun`
(grammar_windows.lark); the verb is `play` or one of the game's verbs (`acquire`, `install`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carddb.rules.ast import Selector
from carddb.rules.phrasebook_shapes import core_entry
from carddb.rules.registry import EffectEntry, Param, Pattern

if TYPE_CHECKING:
    from carddb.rules.phrasebook import CoreNouns

YOU = Selector("fixed", "you")
PLAY = (("verb", "play"),)
YOURS = (("player", YOU),)  # whose play claims it (the entries take a player: a wording may name another)


def _next_patterns(tail: str, *fixed: tuple[str, object]) -> tuple[Pattern, ...]:
    """The ways to name the next card of a kind, followed by `tail` (`gets {change} {stat}`: one card, so the
    verb is singular whoever plays it)."""
    return (
        Pattern(f"Your next {{card}} this turn {tail}", (*PLAY, *YOURS, ("word", "your"), *fixed)),
        Pattern(f"The next {{card}} you play this turn {tail}", (*PLAY, *YOURS, *fixed)),
        Pattern(f"The next {{card}} you {{verb}} this turn {tail}", (*YOURS, *fixed)),
    )


def window_entries(nouns: CoreNouns) -> list[EffectEntry]:
    """The entries of the time windows, with the reference game's examples."""
    card = Param("card", "noun")
    verb = Param("verb", "act")
    amount = Param("amount", "number", minimum=1)
    player = Param("player", "selector", nouns.players, reason="is not a player")
    return [
        core_entry(
            "next-card-gets",
            "effect",
            (*_next_patterns("gets {change} {stat}"), *_next_patterns("gets {change}")),
            "The next card of that kind the player plays this turn has its stats changed while it stays in play.",
            ("Your next creature this turn gets +3 power.", "The next creature you play this turn gets +1/+1."),
            card,
            player,
            verb,
            Param("change", "change"),
            Param("stat", "stat"),
        ),
        core_entry(
            "next-card-costs",
            "effect",
            (
                *_next_patterns("costs {amount} less"),
                *_next_patterns("costs {amount} {resource} less"),
                *_next_patterns("costs {amount} more", ("more", True)),
                *_next_patterns("costs {amount} {resource} more", ("more", True)),
                Pattern("Reduce the cost of the next {card} you play this turn by {amount}", (*PLAY, *YOURS)),
                Pattern("Reduce the cost of the next {card} you {verb} this turn by {amount}", YOURS),
                Pattern("Reduce the cost of the next {card} you play this {phase} by {amount}", (*PLAY, *YOURS)),
            ),
            "The next card of that kind the player plays (or acquires) this turn (or phase) costs that much less (more).",
            (
                "The next Instant you play this turn costs 2 less.",
                "The next Instant you play this turn costs 1 energy more.",
                "Reduce the cost of the next Instant you play this round by 1.",
            ),
            card,
            player,
            verb,
            amount,
            Param("resource", "resource"),
            Param("phase", "phase"),
        ),
        core_entry(
            "next-card-goes",
            "effect",
            (
                Pattern("Put the next {card} you {verb} this turn into {to}", YOURS),
                Pattern("Put the next {card} you play this turn into {to}", (*PLAY, *YOURS)),
                Pattern("Put the next {card} you {verb} this turn on top of {to}", (*YOURS, ("where", "top"))),
            ),
            "The next card of that kind the player gains (or plays) this turn goes to that zone instead.",
            ("Put the next artifact you acquire this turn into your hand.",),
            card,
            player,
            verb,
            Param("to", "zone"),
        ),
        core_entry(
            "next-turn-start",
            "effect",
            (
                Pattern("At the start of your next turn, {effect}"),
                Pattern("At the beginning of your next turn, {effect}", (("word", "beginning"),)),
                Pattern("At the start of your opponent's next turn, {effect}", (("whose", "opponent"),)),
                Pattern("At the end of this turn, {effect}", (("when", "end"),)),
            ),
            "The effect happens once, at the start of your (or your opponent's) next turn, or at the end of this "
            "turn (`them` still names what it named now).",
            ("At the start of your next turn, draw 2 cards.", "At the end of this turn, return it to your hand."),
            Param("effect", "effect"),
        ),
        core_entry(
            "set-aside",
            "effect",
            (Pattern("Set aside {card}"), Pattern("Set aside {card} face down", (("face_down", True),))),
            "The cards are put aside, out of play, until an effect takes them back (`them` names them).",
            (
                "Set aside up to 2 cards from your hand face down. At the start of your next turn, "
                "put them into your hand.",
            ),
            Param("card", "selector"),
        ),
        core_entry(
            "during-next-turn",
            "effect",
            (
                Pattern("During your opponent's next turn, {effect}"),
                Pattern("During your next turn, {effect}", (("whose", "you"),)),
            ),
            "The effect holds from the start to the end of that player's next turn, and at no other time.",
            (
                "During your opponent's next turn, this creature can't be targeted.",
                "During your opponent's next turn, this creature takes 2 less damage from attacks.",
            ),
            Param("effect", "lasting"),
        ),
        core_entry(
            "damage-reduction",
            "static",
            (
                Pattern("{target} take(s) {amount} less damage"),
                Pattern("{target} take(s) {amount} less damage from attacks", (("attacks", True),)),
                Pattern("Prevent all damage done to {target} by attacks", (("attacks", True), ("all", True))),
            ),
            "Damage dealt to the cards (by attacks only, if it says so) is that much lower, or none at all.",
            ("This creature takes 1 less damage.", "Prevent all damage done to this creature by attacks."),
            Param(
                "target", "selector", nouns.with_health, violation="E-TARGET-NO-HEALTH", reason="is never dealt damage"
            ),
            amount,
        ),
        core_entry(
            "first-time-each-turn",
            "trigger",
            (
                Pattern("The first time each turn {event}"),
                Pattern("The first time {event} each turn", (("word", "after"),)),
            ),
            "The ability triggers on the first such event of each turn only.",
            ("The first time each turn this creature quests, gain 1 life.",),
            Param("event", "event"),
        ),
        core_entry(
            "during-your-turn-when",
            "trigger",
            (
                Pattern("During your turn, whenever {event}"),
                Pattern("During your turn, when {event}", (("word", "when"),)),
            ),
            "The ability triggers when the event happens during its controller's turn, and never otherwise.",
            ("During your turn, whenever a creature enters play, gain 1 life.",),
            Param("event", "event"),
        ),
        core_entry(
            "put-into-zone",
            "event",
            (Pattern("{target} is put into your {zone}"),),
            "A card arrives in that zone of yours (a discard pile, an inkwell...) from anywhere.",
            ("Whenever a creature is put into your hand, gain 1 life.",),
            Param("target", "selector"),
            Param("zone", "zone"),
        ),
        core_entry(
            "first-card-costs",
            "static",
            (
                Pattern("The first {card} you {verb} each turn costs {amount} {resource} less to {again}", YOURS),
                Pattern("The first {card} you {verb} each turn costs {amount} less", YOURS),
                Pattern("The first {card} you play each turn costs {amount} less", (*PLAY, *YOURS)),
            ),
            "The first card of that kind the player plays (or installs) each turn costs that much less.",
            ("The first Instant you play each turn costs 1 less.",),
            card,
            player,
            verb,
            amount,
            Param("resource", "resource"),
            Param("again", "verb"),
        ),
        core_entry(
            "acted-this-turn",
            "condition",
            (Pattern("{target} {verb} this turn"),),
            "Whether the card or player did that (the game's verb) this turn.",
            ("If this creature quested this turn, draw a card.",),
            Param("target", "selector"),
            Param("verb", "past"),
        ),
        core_entry(
            "first-time-played",
            "condition",
            (Pattern("{target} is the first time {player} played {card} this turn"),),
            "Whether the card has been played only once this turn (this play).",
            ("If this is the first time you played this card this turn, take an extra turn after this one.",),
            Param("target", "selector"),
            player,
            Param("card", "selector"),
        ),
    ]
