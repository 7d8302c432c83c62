"""The broad phrasebook's effects: the common templating of card games, in each game's own nouns.

Resources, counters, zones, stats, statuses and tokens are parameters whose words the game declares
(its vocabulary), so one entry says `Gain 2 energy`, `Gain 3 ember` and `Gain 1 lore`. Entries are
small and compose: `Search your deck for a creature, reveal it and put it into your hand.` is a
search, a reveal and a move joined by `then` (carddb.rules.phrasebook_shapes), `it` naming what the
search found. The examples are written in the words of the reference game the tests build
(tests/fixtures/phrasebook/game.yaml); a game that keeps an entry gives its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carddb.rules.ast import Selector
from carddb.rules.registry import EffectEntry, Param, Pattern

if TYPE_CHECKING:
    from carddb.rules.phrasebook import CoreNouns

YOU = Selector("fixed", "you")


def _entry(
    name: str, patterns: tuple[Pattern, ...], meaning: str, examples: tuple[str, ...], *params: Param
) -> EffectEntry:
    return EffectEntry(name, "effect", patterns, meaning, examples, params, core=True)


def broad_effects(nouns: CoreNouns) -> list[EffectEntry]:
    """Every effect of the broad phrasebook, with the reference game's examples."""
    player = Param("player", "selector", nouns.players, reason="is not a player")
    amount = Param("amount", "number", minimum=1)
    resource = Param("resource", "resource")
    card = Param("card", "selector")
    target = Param("target", "selector")
    permanent = Param("target", "selector", nouns.permanents, reason="is not a card in play")
    to = Param("to", "zone")
    counter = Param("counter", "counter")
    you = (("player", YOU),)
    return [
        # -- resources
        _entry(
            "gain-resource",
            (
                Pattern("Gain {amount} {resource}", you),
                Pattern("{player} gain(s) {amount} {resource}"),
                Pattern("Add {amount} {resource}", (*you, ("word", "add"))),
            ),
            "A player gets that much of a resource of the game.",
            ("Gain 2 energy.", "Each player gains 1 life."),
            player,
            amount,
            resource,
        ),
        _entry(
            "lose-resource",
            (Pattern("Lose {amount} {resource}", you), Pattern("{player} lose(s) {amount} {resource}")),
            "A player loses that much of a resource (as much as they have, at most).",
            ("Each opponent loses 2 life.",),
            player,
            amount,
            resource,
        ),
        _entry(
            "steal-resource",
            (Pattern("Steal {amount} {resource}"),),
            "You take that much of a resource from an opponent (as much as they have, at most).",
            ("Steal 1 energy.",),
            amount,
            resource,
        ),
        _entry(
            "give-resource",
            (Pattern("Give {player} {amount} {resource}"),),
            "A player gets that much of a resource (a mark such as a tag, or a present).",
            ("Give target opponent 2 life.",),
            player,
            amount,
            resource,
        ),
        # -- cards: drawing, discarding, moving between zones
        _entry(
            "draw-until",
            (
                Pattern("Draw cards until you have {amount} cards in hand"),
                Pattern("Draw cards until you have {amount} cards in your hand", (("word", "your"),)),
                Pattern("Draw until you have {amount} cards in hand", (("word", "short"),)),
            ),
            "You draw until your hand holds that many cards.",
            ("Draw cards until you have 5 cards in hand.",),
            amount,
        ),
        _entry(
            "discard-card",
            (
                Pattern("Discard {card}", (*you, ("random", False))),
                Pattern("{player} discard(s) {card} at random", (("random", True),)),
                Pattern("{player} discard(s) {card}", (("random", False),)),
            ),
            f"A player puts cards from their hand into their {nouns.discard_zone} (chosen by them, or at random).",
            ("Discard a card.", "Discard 2 cards.", "Each opponent discards a card at random.", "Discard this card."),
            player,
            card,
        ),
        _entry(
            "discard-down",
            (
                Pattern("Discard down to {amount} cards in hand", you),
                Pattern("{player} discard(s) down to {amount} cards in hand"),
            ),
            "A player discards until their hand holds that many cards.",
            ("Each opponent discards down to 3 cards in hand.",),
            player,
            amount,
        ),
        _entry(
            "move-card",
            (
                Pattern("Put {card} into {to}", (*you, ("where", "into"))),
                Pattern("{player} put(s) {card} into {to}", (("where", "into"),)),
                Pattern("Put {card} onto {to}", (*you, ("where", "onto"))),
                Pattern("Put {card} on top of {to}", (*you, ("where", "top"))),
                Pattern("Put {card} on the bottom of {to}", (*you, ("where", "bottom"))),
                Pattern("Add {card} to {to}", (*you, ("where", "add"))),
                Pattern("Send {card} to {to}", (*you, ("where", "send"))),
                Pattern("{player} send(s) {card} to {to}", (("where", "send"),)),
                Pattern("Return {card} to {to}", (*you, ("where", "return"))),
                Pattern("Put {card} into {to} {state}", (*you, ("where", "into"))),
                Pattern("Put {card} into {to} {state} and {also}", (*you, ("where", "into"))),
            ),
            "Moves the cards to that zone: a hand, the deck (on top or at the bottom), play, the discard pile...",
            (
                "Put a creature from your hand into play.",
                "Return target creature to its owner's hand.",
                "Return a creature from your graveyard to your hand.",
                "Put target card from your graveyard on top of your deck.",
                "Each player puts the top 2 cards of their deck into their graveyard.",
            ),
            player,
            card,
            to,
            Param("state", "state"),
            Param("also", "state"),
        ),
        _entry(
            "exile",
            (Pattern("Exile {target}"),),
            "Removes the chosen cards from the game.",
            ("Exile target creature.", "Exile a card from an opponent's graveyard."),
            target,
        ),
        _entry(
            "sacrifice-card",
            (Pattern("Sacrifice {card}", you), Pattern("{player} sacrifice(s) {card}")),
            f"A player chooses cards they control and puts them into their {nouns.discard_zone}.",
            ("Each opponent sacrifices a creature.", "Sacrifice this card."),
            player,
            Param("card", "selector", nouns.permanents, reason="is not a card in play"),
        ),
        _entry(
            "shuffle",
            (
                Pattern("Shuffle", (*you, ("what", "deck"))),
                Pattern("Shuffle {zone}", you),
                Pattern("Shuffle {card} into {to}", you),
                Pattern("Shuffle {zone} into {to}", you),
                Pattern("{player} shuffle(s) {zone} into {to}"),
            ),
            "A deck is shuffled; cards shuffled into a deck go into it first.",
            (
                "Shuffle your deck.",
                "Shuffle your graveyard into your deck.",
                "Each player shuffles their hand into their deck.",
            ),
            player,
            card,
            Param("zone", "zone"),
            to,
        ),
        _entry(
            "search-zone",
            (Pattern("Search {zone} for {card}"), Pattern("Search {among} for {card}")),
            "You look through the zone (or the cards named) and choose cards of that kind in it (`it` then names them).",
            (
                "Search your deck for a creature, reveal it and put it into your hand, then shuffle.",
                "Search the top 5 cards of your deck for an artifact and put it into your hand.",
            ),
            Param("zone", "zone"),
            card,
            Param("among", "selector"),
        ),
        _entry(
            "reveal-cards",
            (Pattern("Reveal {card}", you), Pattern("{player} reveal(s) {zone}"), Pattern("Reveal {zone}", you)),
            "Every player sees the cards (a hand, or the chosen cards).",
            ("Reveal the top card of your deck.", "Each opponent reveals their hand."),
            player,
            card,
            Param("zone", "zone"),
        ),
        _entry(
            "rearrange",
            (
                Pattern("Put {card} back in any order", (("where", "top"),)),
                Pattern("Arrange {card} in any order", (("where", "top"), ("word", "arrange"))),
                Pattern("Put {card} on the bottom of {to} in any order", (("where", "bottom"),)),
            ),
            "You put the cards back on top of (or at the bottom of) the deck, in the order you choose.",
            ("Look at the top three cards of your deck, then put them back in any order.",),
            card,
            to,
        ),
        _entry(
            "choose-card",
            (Pattern("Choose {target}", you), Pattern("{player} choose(s) {target}")),
            "A player chooses a card or player, which `it` or `that` names later in the ability.",
            ("Choose a creature. It gets +2/+0 until end of turn.",),
            player,
            target,
        ),
        # -- cards in play
        _entry(
            "exhaust-card",
            (
                Pattern("Exhaust {target}"),
                Pattern("Tap {target}", (("word", "tap"),)),
                Pattern("Exert {target}", (("word", "exert"),)),
            ),
            "Turns the cards sideways: exhausted, they cannot attack or pay exhaust costs until readied.",
            ("Exhaust target creature.",),
            permanent,
        ),
        _entry(
            "ready-card",
            (Pattern("Ready {target}"), Pattern("Untap {target}", (("word", "untap"),))),
            "Turns exhausted cards upright again.",
            ("Ready each creature you control.",),
            permanent,
        ),
        _entry(
            "put-counters",
            (
                Pattern("Put {amount} {counter} counter(s) on {target}"),
                Pattern("Place {amount} {counter} counter(s) on {target}", (("word", "place"),)),
                Pattern("Place {amount} {counter} on {target}", (("word", "place-bare"),)),
                Pattern("Give {target} {amount} {counter} counter(s)", (("word", "give"),)),
            ),
            "Puts counters of that kind on the cards.",
            ("Put a +1/+1 counter on each creature you control.", "Put 2 charge counters on this card."),
            amount,
            counter,
            permanent,
        ),
        _entry(
            "remove-counters",
            (
                Pattern("Remove {amount} {counter} counter(s) from {target}"),
                Pattern("Remove {amount} {counter} from {target}", (("word", "bare"),)),
                Pattern("Heal {amount} {counter} from {target}", (("word", "heal"),)),
            ),
            "Takes counters of that kind off the cards.",
            ("Remove a charge counter from target artifact.",),
            amount,
            counter,
            permanent,
        ),
        _entry(
            "move-counters",
            (Pattern("Move {amount} {counter} counter(s) from {target} to {other}"),),
            "Takes counters of that kind off one card and puts them on another.",
            ("Move a +1/+1 counter from target creature to another creature.",),
            amount,
            counter,
            permanent,
            Param("other", "selector", nouns.permanents, reason="is not a card in play"),
        ),
        _entry(
            "stat-change",
            (
                Pattern("Give {target} {change} {stat}"),
                Pattern("Give {target} {change}"),
                Pattern("{target} gain(s) {change} {stat}", (("word", "gain"),)),
                Pattern("{target} gain(s) {amount} {stat}", (("word", "gain-plain"),)),
            ),
            "The cards' stats change by that much for as long as they stay in play.",
            ("Give target creature +2 power.", "Give a creature you control +1/+1."),
            permanent,
            Param("change", "change"),
            Param("stat", "stat"),
            Param("amount", "number", minimum=1),
        ),
        _entry(
            "gain-keyword",
            (Pattern("{target} gain(s) {keyword}"), Pattern("Give {target} {keyword}", (("word", "give"),))),
            "The cards get the keyword for as long as they stay in play.",
            ("Target creature gains Flying until end of turn.",),
            permanent,
            Param("keyword", "keyword"),
        ),
        _entry(
            "apply-status",
            (Pattern("{status} {target}"),),
            "The cards get the status (the game's rules say what it does and when it ends).",
            ("Stun target creature.",),
            Param("status", "status"),
            permanent,
        ),
        _entry(
            "now-state",
            (Pattern("{target} is now {state}"), Pattern("{target} is now {state} and {also}")),
            "The cards are in that state (a status such as stunned, or exhausted) from now on.",
            ("Target creature is now stunned.",),
            permanent,
            Param("state", "state"),
            Param("also", "state"),
        ),
        _entry(
            "attach",
            (Pattern("Attach {card} to {target}"),),
            "Puts the card into play attached to the chosen card; it leaves play with it.",
            ("Attach an artifact from your hand to target creature you control.",),
            card,
            permanent,
        ),
        _entry(
            "forced-attack",
            (Pattern("{target} attack(s) {other}"),),
            "The card attacks the player or card at once.",
            ("Target creature attacks you.",),
            permanent,
            Param("other", "selector"),
        ),
        _entry(
            "gain-card",
            (
                Pattern("Gain {card}", you),
                Pattern("{player} gain(s) {card}"),
                Pattern("Acquire {card}", (*you, ("word", "acquire"))),
                Pattern("Acquire {card} for free", (*you, ("word", "acquire"), ("free", True))),
                Pattern("Gain {card} for free", (*you, ("free", True))),
            ),
            f"A player takes such a card from the cards available to all into their {nouns.discard_zone}.",
            ("Gain an artifact.",),
            player,
            card,
        ),
        _entry(
            "take-control",
            (Pattern("Gain control of {target}"), Pattern("Take control of {target}", (("word", "take"),))),
            "You control the cards from now on.",
            ("Gain control of target creature until end of turn.",),
            permanent,
        ),
        _entry(
            "create-token",
            (
                Pattern("Create {amount} {token} token(s)"),
                Pattern("Create {amount} {pt} {token} token(s)"),
                Pattern("Create {amount} {pt} {token} token(s) with {keyword}"),
                Pattern("Summon {amount} {pt} {token}", (("word", "summon"),)),
                Pattern("Summon {amount} {token}", (("word", "summon"),)),
            ),
            "Puts that many token cards of that name into play under your control.",
            ("Create two 1/1 Sprite tokens.", "Create a 2/2 Sprite token with Flying."),
            amount,
            Param("pt", "pt"),
            Param("token", "token"),
            Param("keyword", "keyword"),
        ),
        _entry(
            "copy-card",
            (Pattern("Add a copy of {card} to {to}"), Pattern("Copy {target}", (("word", "copy"),))),
            "A copy of the card goes to that zone (or, for a card on the stack, is played again).",
            ("Add a copy of target creature to your hand.",),
            card,
            to,
            target,
        ),
        _entry(
            "play-more",
            (Pattern("Play {amount} more card(s) this turn"),),
            "You may play that many more cards this turn than the rules allow.",
            ("You may play one more card this turn.",),
            amount,
        ),
        # -- damage
        _entry(
            "prevent",
            (
                Pattern("Prevent the next {amount} damage that would be dealt to {target} this turn"),
                Pattern("Prevent {amount} damage that would be dealt to {target}", (("word", "once"),)),
                Pattern("Prevent all damage that would be dealt to {target} this turn", (("all", True),)),
                Pattern("Prevent {amount} of that damage", (("word", "that"),)),
                Pattern("Prevent {amount} damage", (("word", "bare"),)),
            ),
            "That much damage that would be dealt is not dealt (this turn, or the damage just announced).",
            ("Prevent the next 3 damage that would be dealt to target creature this turn.",),
            amount,
            Param(
                "target", "selector", nouns.with_health, violation="E-TARGET-NO-HEALTH", reason="is never dealt damage"
            ),
        ),
        _entry(
            "redirect-damage",
            (Pattern("Deal that damage to {target} instead"),),
            "The damage about to be dealt is dealt to the chosen card or player instead.",
            ("Whenever a creature you control would be dealt damage, deal that damage to this card instead.",),
            Param(
                "target", "selector", nouns.with_health, violation="E-TARGET-NO-HEALTH", reason="cannot be dealt damage"
            ),
        ),
        # -- turns, chance, choices
        _entry(
            "extra-turn",
            (
                Pattern("Take an extra turn after this one", you),
                Pattern("{player} take(s) an extra turn after this one"),
            ),
            "The player takes another turn after this one.",
            ("Take an extra turn after this one.",),
            player,
        ),
        _entry(
            "flip-coins",
            (Pattern("Flip {amount} coin(s)"),),
            "You flip that many coins; later sentences may ask how many came up heads.",
            ("Flip 2 coins. If both of them are heads, draw 2 cards.",),
            amount,
        ),
        _entry(
            "repeat",
            (Pattern("Repeat this {count} times"), Pattern("Repeat this", (("word", "once"),))),
            "The ability's effects so far happen again that many times.",
            ("Deal 1 damage to target creature. Repeat this two times.",),
            Param("count", "count", minimum=1),
        ),
        _entry(
            "choose-modes",
            (
                Pattern("Choose {count} - {modes}", you),
                Pattern("Choose {count}: {modes}", (*you, ("word", "colon"))),
                Pattern("Apply {count} of these effects: {modes}", (*you, ("word", "apply"))),
                Pattern("{player} choose(s) {count}: {modes}"),
            ),
            "A player chooses that many of the effects (different ones); they happen in the order written.",
            (
                "Choose one - Gain 5 life; or draw 2 cards.",
                "Choose one: \u2022 Destroy target artifact. \u2022 Draw 2 cards.",
            ),
            player,
            Param("count", "count", minimum=1),
            Param("modes", "modes"),
        ),
    ]
