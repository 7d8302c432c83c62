"""The effect registry of Lords of Estraven v1: the core entries plus LOE's own.

LOE's own phrases cover what the design seed adds to a generic card game:
powerstones, spending (fatiguing) Resources, face-down Dukes, coupling Items,
Victory attempts, the market, the `Reaction -` timing condition and its keywords.
"""

from __future__ import annotations

from carddb.pack_api import (
    YOU,
    CoreNouns,
    EffectEntry,
    EffectRegistry,
    Param,
    Pattern,
    Selector,
    build_registry,
    core_entries,
)

PLAYERS = frozenset({"player", "opponent", "you", "its-controller", "that-player"})
CHARACTERS = frozenset({"lord", "duke", "character", "coupled-character", "your-lord"})
# `card` and `it` can name a character, so they are accepted where health is needed;
# `this-card` is resolved to the card's own kind by the checks.
WITH_HEALTH = CHARACTERS | {"card", "it", "this-card"}
COUNTERABLE = frozenset({"spell", "reaction", "ability", "victory", "it", "card"})
PERMANENTS = frozenset(
    {
        "lord",
        "duke",
        "character",
        "coupled-character",
        "your-lord",
        "resource",
        "subject",
        "material",
        "influence",
        "item",
        "artifact",
        "gear",
        "class",
        "boon",
        "ritual",
        "card",
        "it",
        "this-card",
        "victory",
    }
)
ITEMS = frozenset({"item", "artifact", "gear", "class", "boon", "it", "this-card"})
RESOURCES = frozenset({"resource", "subject", "material", "influence", "it", "this-card"})
DUKES = frozenset({"duke", "character", "it", "card"})

IN_PLAY_KINDS = frozenset({"lord", "duke", "resource", "item", "ritual"})
THIS_CARD = Selector("fixed", "this-card")

amount = Param("amount", "number", minimum=1)
any_amount = Param("amount", "number")
player = Param("player", "selector", PLAYERS, reason="is not a player")
comparison = Param("comparison", "comparison")


def _keyword(
    name: str, word: str, meaning: str, reminder: str, kinds: set[str] | None, example: str, *, param: bool
) -> EffectEntry:
    pattern = f"{word} {{amount}}" if param else word
    return EffectEntry(
        name,
        "keyword",
        (Pattern(pattern),),
        meaning,
        (example,),
        (amount,) if param else (),
        frozenset(kinds) if kinds else None,
        reminder=reminder,
    )


LOE_ENTRIES: list[EffectEntry] = [
    # -- costs of activated abilities
    EffectEntry(
        "pay-powerstones",
        "cost",
        (Pattern("Pay {amount} powerstone(s)"),),
        "You pay that many of your powerstones.",
        ("Pay 2 powerstones: Draw a card.",),
        (amount,),
    ),
    EffectEntry(
        "spend-resource",
        "cost",
        (Pattern("Spend {amount} {resource}"),),
        "You put a fatigue token on that many untapped Resources of the named type you control.",
        ("Spend 1 Influence: Deal 2 damage to target Duke.",),
        (Param("amount", "count", minimum=1), Param("resource", "resource")),
    ),
    EffectEntry(
        "discard-cost",
        "cost",
        (Pattern("Discard {amount} card(s)"),),
        "You discard that many cards from your hand.",
        ("Discard a card: Gain 1 powerstone.",),
        (amount,),
    ),
    EffectEntry(
        "sacrifice",
        "cost",
        (Pattern("Destroy {target}"),),
        "You destroy a card you control as part of the cost.",
        ("Destroy a Resource you control: Draw 2 cards.",),
        (Param("target", "selector", PERMANENTS, reason="is not a card you can destroy"),),
    ),
    EffectEntry(
        "fatigue-self",
        "cost",
        (Pattern("Fatigue this card"),),
        "You put a fatigue token on this card; a fatigued card cannot pay this cost again until it is readied.",
        ("Fatigue this card: Gain 1 powerstone.",),
    ),
    # -- restrictions written after an activated ability's effects
    EffectEntry(
        "activate-once",
        "static",
        (Pattern("Activate only once per turn"),),
        "Once the activated ability has been used, it cannot be used again until the next turn.",
        ("Pay 1 powerstone: Draw a card. Activate only once per turn.",),
        activated_only=True,
    ),
    EffectEntry(
        "activate-your-turn",
        "static",
        (Pattern("Activate only during your turn"),),
        "The activated ability can only be used during your own turn.",
        ("Spend 1 Subject: Remove 1 damage from target character. Activate only during your turn.",),
        activated_only=True,
    ),
    # -- effects
    EffectEntry(
        "gain-powerstones",
        "effect",
        (Pattern("Gain {amount} powerstone(s)"),),
        "You get that many powerstones to spend this turn.",
        ("Gain 2 powerstones.",),
        (amount,),
    ),
    EffectEntry(
        "lose-powerstones",
        "effect",
        (Pattern("{player} lose(s) {amount} powerstone(s)"),),
        "The player loses that many unspent powerstones.",
        ("Target opponent loses 1 powerstone.",),
        (player, amount),
    ),
    EffectEntry(
        "activate-duke-free",
        "effect",
        (Pattern("Activate {target} without paying its cost"),),
        "You turn a face-down Duke face up without paying its activation cost.",
        ("Activate target face-down Duke you control without paying its cost.",),
        (Param("target", "selector", DUKES, reason="is not a Duke"),),
    ),
    EffectEntry(
        "look-at-victory",
        "effect",
        (Pattern("Look at {player}'s Victory card"),),
        "You secretly look at a player's face-down Victory card.",
        ("Look at target opponent's Victory card.",),
        (player,),
    ),
    EffectEntry(
        "reveal",
        "effect",
        (Pattern("Reveal {target}"),),
        "The card is shown to every player, then stays as it was.",
        ("Reveal target face-down Duke.",),
        (Param("target", "selector"),),
    ),
    EffectEntry(
        "turn-face-down",
        "effect",
        (Pattern("Turn {target} face down"),),
        "An active Duke is turned face down again; it must be activated again to use it.",
        ("Turn target Duke face down.",),
        (Param("target", "selector", DUKES, reason="is not a Duke"),),
    ),
    EffectEntry(
        "spend-target",
        "effect",
        (Pattern("Spend {target}"),),
        "Puts a fatigue token on the chosen Resource, as if it had been spent.",
        ("Spend target Resource.",),
        (Param("target", "selector", RESOURCES, reason="is not a Resource"),),
    ),
    EffectEntry(
        "remove-fatigue",
        "effect",
        (Pattern("Remove all fatigue tokens from {target}"),),
        "Readies the chosen cards so that they can be spent again.",
        ("Remove all fatigue tokens from Resources you control.",),
        (Param("target", "selector"),),
    ),
    EffectEntry(
        "ready",
        "effect",
        (Pattern("Ready {target}"),),
        "Removes the fatigue token from the chosen card.",
        ("Ready target Resource.",),
        (Param("target", "selector"),),
    ),
    EffectEntry(
        "trade",
        "effect",
        (
            Pattern("Trade with the market", (("free", False),)),
            Pattern("Trade with the market without paying", (("free", True),)),
        ),
        "You swap a card from your hand with a card in the market (normally for {number:market-trade-cost} "
        "powerstone, {number:market-trades-per-turn:times} per turn).",
        ("Trade with the market.", "Trade with the market without paying."),
    ),
    EffectEntry(
        "refresh-market",
        "effect",
        (Pattern("Refresh the market"),),
        "The oldest market card goes to the discard pile and the top card of the deck replaces it.",
        ("Refresh the market.",),
    ),
    EffectEntry(
        "take-from-market",
        "effect",
        (Pattern("Put {target} from the market into your hand"),),
        "You take a card from the market; the top card of the deck fills its slot.",
        ("Put target card from the market into your hand.",),
        (Param("target", "selector"),),
    ),
    EffectEntry(
        "deck-to-market",
        "effect",
        (Pattern("Put the top card of the deck into the market"),),
        "The top card of the deck is added face up to the market.",
        ("Put the top card of the deck into the market.",),
    ),
    EffectEntry(
        "couple",
        "effect",
        (Pattern("Couple {item} to {target}"),),
        "Attaches an Item to a character, as if it had been played on it.",
        ("Couple target Item to target character you control.",),
        (
            Param("item", "selector", ITEMS, reason="is not an Item"),
            Param("target", "selector", CHARACTERS | {"it", "card"}, reason="is not a character"),
        ),
    ),
    EffectEntry(
        "move-item",
        "effect",
        (Pattern("Move {item} to {target}"),),
        "Uncouples an Item and couples it to another character.",
        ("Move target Item to target character you control.",),
        (
            Param("item", "selector", ITEMS, reason="is not an Item"),
            Param("target", "selector", CHARACTERS | {"it", "card"}, reason="is not a character"),
        ),
    ),
    EffectEntry(
        "attempt-victory-free",
        "effect",
        (Pattern("Attempt your Victory card without paying its cost"),),
        "You attempt your Victory card at no powerstone cost; the attempt still counts for later costs.",
        ("Attempt your Victory card without paying its cost.",),
    ),
    EffectEntry(
        "next-victory-discount",
        "effect",
        (Pattern("Your next Victory attempt costs {amount} less powerstone(s)"),),
        "Your next attempt to play your Victory card is cheaper.",
        ("Your next Victory attempt costs 2 less powerstones.",),
        (amount,),
    ),
    EffectEntry(
        "extra-resource",
        "effect",
        (Pattern("Play an additional Resource this turn"),),
        "You may play an additional Resource this turn, beyond what the rules allow.",
        ("Play an additional Resource this turn.",),
    ),
    EffectEntry(
        "win",
        "effect",
        (Pattern("Win if {conditions}"),),
        "When the Victory attempt resolves, you win the game if every condition holds.",
        ("Win if you control three or more Dukes.", "Win if your Victory card is revealed and it is your turn."),
        (Param("conditions", "conditions"),),
        kinds=frozenset({"victory"}),
    ),
    # -- statics
    EffectEntry(
        "coupled-health",
        "static",
        (Pattern("Coupled character gets +{amount} health"),),
        "The character this Item is coupled to has that much more health.",
        ("Coupled character gets +2 health.",),
        (amount,),
        kinds=frozenset({"item"}),
    ),
    EffectEntry(
        "coupled-untargetable",
        "static",
        (Pattern("Coupled character cannot be targeted by {source}"),),
        "The character this Item is coupled to cannot be chosen as a target by cards of that kind.",
        ("Coupled character cannot be targeted by Spells.",),
        (Param("source", "kinds"),),
        kinds=frozenset({"item"}),
    ),
    EffectEntry(
        "cost-change",
        "static",
        (Pattern("{group} cost {amount} {comparison} powerstone(s) to play"),),
        "Cards of that kind cost more or fewer powerstones to play, for every player.",
        ("Spells cost 1 more powerstone to play.",),
        (Param("group", "kinds"), amount, comparison),
    ),
    EffectEntry(
        "opponent-cost-change",
        "static",
        (Pattern("{group} your opponents play cost {amount} {comparison} powerstone(s) to play"),),
        "Cards of that kind cost your opponents more or fewer powerstones to play.",
        ("Spells your opponents play cost 1 more powerstone to play.",),
        (Param("group", "kinds"), amount, comparison),
    ),
    EffectEntry(
        "extra-resource-each-turn",
        "static",
        (Pattern("You may play an additional Resource each turn"),),
        "You may play an additional Resource each turn, beyond what the rules allow.",
        ("You may play an additional Resource each turn.",),
    ),
    EffectEntry(
        "trade-cost",
        "static",
        (Pattern("Trading with the market costs {amount} powerstone(s)"),),
        "Changes what a trade with the market costs (normally {number:market-trade-cost} powerstone).",
        ("Trading with the market costs 0 powerstones.",),
        (any_amount,),
    ),
    EffectEntry(
        "victory-discount",
        "static",
        (Pattern("Your Victory attempts cost {amount} less powerstone(s)"),),
        "Each attempt to play your Victory card costs that much less.",
        ("Your Victory attempts cost 1 less powerstone.",),
        (amount,),
    ),
    # -- events
    EffectEntry(
        "activates",
        "event",
        (Pattern("{player} activate(s) {target}"),),
        "A player turns a face-down Duke face up by paying its cost.",
        ("Whenever you activate a Duke, draw a card.",),
        (player, Param("target", "selector", DUKES, reason="is not a Duke")),
    ),
    EffectEntry(
        "is-activated",
        "event",
        (Pattern("{target} is activated"),),
        "A face-down Duke is turned face up.",
        ("When a Duke is activated, gain 1 powerstone.",),
        (Param("target", "selector", DUKES, reason="is not a Duke"),),
    ),
    EffectEntry(
        "trades",
        "event",
        (Pattern("{player} trade(s) with the market"),),
        "A player trades with the market.",
        ("Whenever an opponent trades with the market, draw a card.",),
        (player,),
    ),
    EffectEntry(
        "attempts-victory",
        "event",
        (Pattern("{player} attempt(s) a Victory card"),),
        "A player plays (attempts) their Victory card.",
        ("Reaction - When an opponent attempts a Victory card: Counter it.",),
        (player,),
    ),
    EffectEntry(
        "spends",
        "event",
        (Pattern("{player} spend(s) {target}"),),
        "A player puts a fatigue token on a Resource to pay a cost.",
        ("Whenever an opponent spends a Resource, gain 1 powerstone.",),
        (player, Param("target", "selector", RESOURCES, reason="is not a Resource")),
    ),
    EffectEntry(
        "is-coupled",
        "event",
        (Pattern("{target} is coupled"),),
        "An Item is coupled to a character.",
        ("When this card is coupled, draw a card.",),
        (Param("target", "selector", ITEMS, reason="is not an Item"),),
    ),
    EffectEntry(
        "enters-market",
        "event",
        (Pattern("{target} enter(s) the market"),),
        "A card is put into the market.",
        ("Whenever a card enters the market, gain 1 powerstone.",),
        (Param("target", "selector"),),
    ),
    # -- conditions
    EffectEntry(
        "victory-revealed",
        "condition",
        (Pattern("your Victory card is revealed"),),
        "Your Victory card has been attempted and stayed face up.",
        ("Win if your Victory card is revealed and you control three or more Dukes.",),
    ),
    EffectEntry(
        "market-contains",
        "condition",
        (Pattern("the market contains {quantity} {group}"), Pattern("the market contains {card}")),
        "Counts the cards of a kind in the market.",
        ("Win if the market contains three or more Spells.", "If the market contains a Ritual, draw a card."),
        (Param("quantity", "quantity"), Param("group", "kinds"), Param("card", "kind")),
    ),
    # -- timing conditions
    EffectEntry(
        "reaction",
        "timing",
        (Pattern("Reaction"),),
        "Marks the timing condition of a Reaction: it can be played, on any turn, when the event happens.",
        ("Reaction - When an opponent plays a Victory card: Counter it.",),
        kinds=frozenset({"reaction"}),
    ),
    # -- keywords
    _keyword(
        "ambush",
        "Ambush",
        "A Duke with Ambush can be activated on an opponent's turn.",
        "You may activate this Duke during an opponent's turn.",
        {"duke"},
        "Ambush",
        param=False,
    ),
    _keyword(
        "ward",
        "Ward",
        "Punishes opponents for targeting the card.",
        "Whenever this card becomes the target of a Spell or ability an opponent controls, counter it unless that player pays {amount} powerstone(s).",
        None,
        "Ward 2",
        param=True,
    ),
    _keyword(
        "armor",
        "Armor",
        "Protects the card from the first damage each turn.",
        "Prevent the first {amount} damage dealt to this card each turn.",
        {"lord", "duke"},
        "Armor 1, Ambush",
        param=True,
    ),
    _keyword(
        "swift",
        "Swift",
        "Lets a card be played outside its owner's turn.",
        "You may play this card during any player's turn.",
        None,
        "Swift",
        param=False,
    ),
    _keyword(
        "tribute",
        "Tribute",
        "A Resource with Tribute pays you powerstones when it is played.",
        "When you play this card, gain {amount} powerstone(s).",
        {"resource"},
        "Tribute 1",
        param=True,
    ),
    _keyword(
        "hidden",
        "Hidden",
        "Keeps a face-down card secret even from effects that look at cards.",
        "This card cannot be looked at by opponents while face down.",
        {"duke", "victory"},
        "Hidden",
        param=False,
    ),
    _keyword(
        "loyal",
        "Loyal",
        "An Item with Loyal protects the character it is coupled to.",
        "When coupled character would be destroyed, destroy this Item instead.",
        {"item"},
        "Loyal",
        param=False,
    ),
]

# The shared core entries LOE keeps, each with examples in LOE's words.
CORE_EXAMPLES: dict[str, tuple[str, ...]] = {
    "draw": (
        "Draw a card.",
        "Draw 2 cards.",
        "Destroy target Item. Its controller draws a card.",
        "Each player draws 2 cards.",
    ),
    "discard": ("Discard 2 cards.", "Target opponent discards a card.", "Each opponent discards a card at random."),
    "deal-damage": ("Deal 2 damage to target Duke.", "Deal 1 damage to each damaged character."),
    "destroy": ("Destroy target Item.", "Destroy all Items coupled to it."),
    "remove-damage": ("Remove 2 damage from target character.",),
    "remove-all-damage": ("Remove all damage from your Lord.",),
    "counter": ("Counter target Spell.", "Counter target ability."),
    "return-to-hand": ("Return target Item to its owner's hand.",),
    "return-from-discard": (
        "Return target card from the discard pile to your hand.",
        "Return a Resource from the discard pile to your hand.",
    ),
    "look-at": ("Look at target face-down Duke.",),
    "look-at-hand": ("Look at target opponent's hand.",),
    "look-at-top": ("Look at the top 3 cards of the deck.",),
    "search": ("Search the deck for a Resource, reveal it and put it into your hand. Shuffle the deck.",),
    "shuffle-deck": ("Shuffle the deck.",),
    "shuffle-discard": ("Shuffle the discard pile into the deck.",),
    "wheel": ("Each player discards their hand and draws that many cards.",),
    "health-bonus": ("Dukes you control get +1 health.", "Your Lord gets +2 health."),
    "hand-size": ("Each player's maximum hand size is 5.", "Your maximum hand size is 9."),
    "untargetable": ("This card cannot be targeted.",),
    "untargetable-by": ("This card cannot be targeted by Spells.", "Your Lord cannot be targeted by Reactions."),
    "targetable": ("Face-down Dukes can be targeted.",),
    "damage-stays": ("Damage cannot be removed from characters.",),
    "when": ("When you play this card, gain 1 powerstone.", "Whenever an opponent draws a card, draw a card."),
    "turn-start": ("At the start of your turn, draw a card.", "At the start of each player's turn, gain 1 powerstone."),
    "turn-end": ("At the end of your turn, discard a card.",),
    "plays": ("When you play a Spell, draw a card.", "When an opponent plays a Victory card, draw a card."),
    "plays-targeting": ("When an opponent plays a Spell that targets a character you control, draw a card.",),
    "dealt-damage": ("Whenever a character you control is dealt damage, draw a card.",),
    "destroyed": ("When a character is destroyed, gain 1 powerstone.",),
    "draws": ("Whenever you draw a card, gain 1 powerstone.",),
    "activates-ability": ("Whenever an opponent activates an ability, draw a card.",),
    "controls-count": ("Win if you control three or more Dukes.", "Win if you control no face-down Dukes."),
    "controls-more": ("If an opponent controls more Dukes than you, draw a card.",),
    "hand-count": ("If you have no cards in hand, draw 2 cards.", "Win if you have 7 or more cards in hand."),
    "health-at": ("If your Lord has 5 or less health, gain 2 powerstones.",),
    "your-turn": ("If it is not your turn, draw a card.",),
    "destroyed-this-turn": ("Win if 3 or more characters have been destroyed this turn.",),
}

LOE_CORE_NOUNS = CoreNouns(
    players=PLAYERS,
    with_health=WITH_HEALTH,
    counterable=COUNTERABLE,
    permanents=PERMANENTS,
    counter_reason="cannot be countered (only Spells, Reactions, abilities and Victory attempts can)",
)


def loe_registry() -> EffectRegistry:
    """LOE v1's closed table: the shared core entries, then LOE's own."""
    return build_registry("loe", core_entries(LOE_CORE_NOUNS, CORE_EXAMPLES), LOE_ENTRIES)


__all__ = ["IN_PLAY_KINDS", "THIS_CARD", "YOU", "loe_registry"]
