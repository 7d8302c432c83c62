"""The effect registry of Shards of the Empire: the core entries it keeps, then its own.

Shards (seed 003) is a two-player game of kingdoms: Units fight, Buildings stand in
Territories and can be developed, Policies change the rules, and Events (Tactics,
Sorceries, Miracles) resolve once. Costs are paid with basic and advanced resources
(Research, Gold, Gemstones, Faith). Its own phrases are resources, exhausting and
readying, development counters, combat events, the seven keywords of the design and
its four condition keywords (`Affinity Gold Gold - ...`, `No Affinity - ...`,
`Raiding - ...`, `Upgraded 2 - ...`).
"""

from __future__ import annotations

from dataclasses import replace

from carddb.pack_api import (
    YOU,
    CoreNouns,
    EffectEntry,
    EffectRegistry,
    Param,
    Pattern,
    TypeWord,
    WordType,
    build_registry,
    core_entries,
)

PLAYERS = frozenset({"player", "opponent", "you", "its-controller", "that-player"})
UNITS = frozenset({"unit", "it", "this-card", "card"})
BUILDINGS = frozenset({"building", "it", "this-card", "card"})
KINGDOM = frozenset({"unit", "building", "policy", "kingdom-card", "it", "this-card", "card"})
# Units and Buildings take damage: a Unit until its health, a Building until its defence.
WITH_HEALTH = frozenset({"unit", "building", "it", "this-card", "card"})
PERMANENTS = KINGDOM | {"territory"}
KINGDOM_KINDS = frozenset({"unit", "building", "policy"})

# The advanced resources, in the order the design lists them; `Affinity` lists them.
ADVANCED_RESOURCES = WordType(
    "advanced-resources",
    "advanced resource",
    (
        TypeWord("research", "Research", "Research"),
        TypeWord("gold", "Gold", "Gold"),
        TypeWord("gemstone", "Gemstone", "Gemstones"),
        TypeWord("faith", "Faith", "Faith"),
    ),
    many=True,
)

amount = Param("amount", "number", minimum=1)
count = Param("amount", "count", minimum=1)
player = Param("player", "selector", PLAYERS, reason="is not a player")
unit = Param("target", "selector", UNITS, reason="is not a Unit")
building = Param("target", "selector", BUILDINGS, reason="is not a Building")
kingdom_card = Param("target", "selector", KINGDOM, reason="is not a kingdom card")
exhaustible = Param("target", "selector", WITH_HEALTH | {"policy", "kingdom-card"}, reason="is not a kingdom card")

# The core entries Shards keeps, each with examples in Shards' words.
CORE_EXAMPLES: dict[str, tuple[str, ...]] = {
    "draw": ("Draw a card.", "Draw two cards.", "Each player draws a card."),
    "discard": ("Discard a card.", "Target opponent discards a card at random."),
    "deal-damage": ("Deal 2 damage to target Unit.", "Deal 3 damage to target Building an opponent controls."),
    "destroy": ("Destroy target Policy.", "Destroy target damaged Unit."),
    "remove-damage": ("Remove 2 damage from target Building you control.",),
    "remove-all-damage": ("Remove all damage from target Unit you control.",),
    "return-to-hand": ("Return target Unit to its owner's hand.",),
    "look-at-hand": ("Look at target opponent's hand.",),
    "look-at-top": ("Look at the top 3 cards of the deck.",),
    "search": ("Search the deck for a Territory, reveal it and put it into your hand. Shuffle the deck.",),
    "shuffle-deck": ("Shuffle the deck.",),
    "health-bonus": ("Units you control get +1 health.",),
    "hand-size": ("Your maximum hand size is 10.",),
    "untargetable": ("This card cannot be targeted.",),
    "when": ("When you play this card, gain 1 resource.", "Whenever a Unit you control attacks, draw a card."),
    "turn-start": ("At the start of your turn, gain 1 resource.",),
    "turn-end": ("At the end of your turn, remove all damage from this card.",),
    "plays": ("Whenever you play a Sorcery, gain 1 Research.",),
    "dealt-damage": ("Whenever this card is dealt damage, gain 1 resource.",),
    "destroyed": ("When this card is destroyed, draw a card.",),
    "draws": ("Whenever an opponent draws a card, gain 1 resource.",),
    "controls-count": ("If you control three or more Buildings, draw a card.",),
    "controls-more": ("If an opponent controls more Units than you, draw a card.",),
    "hand-count": ("If you have no cards in hand, draw 2 cards.",),
    "your-turn": ("If it is not your turn, gain 1 resource.",),
}

SHARDS_CORE_NOUNS = CoreNouns(players=PLAYERS, with_health=WITH_HEALTH, counterable=frozenset(), permanents=PERMANENTS)


# Core meanings that say "discard pile": Shards calls it the graveyard (seed 003, Zones).
CORE_MEANINGS: dict[str, str] = {
    "discard": "A player puts that many cards from their hand into their graveyard, chosen by them or at random.",
    "destroy": "Puts the chosen cards into their owners' graveyards.",
    "destroyed": "The card is destroyed and goes to its owner's graveyard.",
    "deal-damage": "Puts that much damage on each chosen card; a Unit whose damage reaches its health, or a "
    "Building whose damage reaches its defence, is destroyed.",
    "health-bonus": "The chosen Units have that much more health while this card is in play.",
}


def _shards_core() -> list[EffectEntry]:
    out = []
    for entry in core_entries(SHARDS_CORE_NOUNS, CORE_EXAMPLES):
        entry = replace(entry, meaning=CORE_MEANINGS.get(entry.name, entry.meaning))
        if entry.name == "health-bonus":
            # Only Units have health; a Building's toughness is its defence (`defence-bonus`).
            entry = replace(entry, params=(Param("target", "selector", UNITS, reason="is not a Unit"), amount))
        out.append(entry)
    return out


def _keyword(
    name: str,
    word: str,
    meaning: str,
    reminder: str,
    kinds: frozenset[str],
    example: str,
    *,
    param: bool = False,
) -> EffectEntry:
    return EffectEntry(
        name,
        "keyword",
        (Pattern(f"{word} {{amount}}" if param else word),),
        meaning,
        (example,),
        (amount,) if param else (),
        kinds,
        reminder=reminder,
    )


ATTACKERS = frozenset({"unit"})
EVENTS = frozenset({"tactic", "sorcery", "miracle"})
FIGHTERS = frozenset({"unit", "building"})

KEYWORDS: list[EffectEntry] = [
    _keyword(
        "blitz",
        "Blitz",
        "A Unit with Blitz can attack on the turn it is recruited or put into play.",
        "This unit can attack the turn it is recruited or put into play.",
        ATTACKERS,
        "Blitz",
    ),
    _keyword(
        "damage-reduction",
        "Damage Reduction",
        "Each instance of damage dealt to the card is smaller by the number.",
        "Each instance of damage that would be dealt to this card is reduced by {amount}.",
        FIGHTERS,
        "Damage Reduction 1",
        param=True,
    ),
    _keyword(
        "hit-and-run",
        "Hit and Run",
        "An attacking Unit with Hit and Run may leave a combat when it is defended against.",
        "Whenever this unit is defended against while attacking, you may ready it and remove it from combat; "
        "damage to it and by it is not applied.",
        ATTACKERS,
        "Hit and Run",
    ),
    _keyword(
        "overwhelm",
        "Overwhelm",
        "Combat damage an attacking Unit with Overwhelm deals beyond what destroys its defenders "
        "reaches a Building of the attacked Territory.",
        "Damage this unit deals to defending units beyond what destroys them is dealt to a Building "
        "in the attacked Territory.",
        ATTACKERS,
        "Overwhelm, Wrecker 1",
    ),
    _keyword(
        "pillage",
        "Pillage",
        "A Unit with Pillage gains you a resource for each Building it destroys.",
        "Whenever this unit deals enough damage to a Building to destroy it, gain a resource.",
        ATTACKERS,
        "Pillage",
    ),
    _keyword(
        "vigilant",
        "Vigilant",
        "A Unit with Vigilant readies itself at the end of your turn, so it can defend after attacking.",
        "At the end of your turn, ready this unit.",
        ATTACKERS,
        "Vigilant",
    ),
    _keyword(
        "wrecker",
        "Wrecker",
        "A Unit with Wrecker deals more damage to Buildings.",
        "Damage that would be dealt by this unit to a Building is increased by {amount}.",
        ATTACKERS,
        "Wrecker 2",
        param=True,
    ),
    _keyword(
        "fast",
        "Fast",
        "An Event with Fast may be played at fast speed: also in a response window, as when an opponent attacks "
        "(after attackers are declared, and again after defenders are declared) or plays a card.",
        "You may play this card at fast speed: also in a response window, as when an opponent attacks.",
        EVENTS,
        "Fast",
    ),
    _keyword(
        "starting",
        "Starting",
        "A Starting card may begin the game in play; a deck holds exactly {number:starting-cards} of them, each once.",
        "This card may begin the game in play. A deck holds exactly {number:starting-cards} Starting cards, all different.",
        KINGDOM_KINDS,
        "Starting",
    ),
    _keyword(
        "grand",
        "Grand",
        "A kingdom card with Grand wins the game by Prosperity when it holds {number:prosperity-counters} development counters.",
        "If this card has {number:prosperity-counters} development counters on it, you win the game.",
        KINGDOM_KINDS,
        "Grand",
    ),
]

CONDITION_KEYWORDS: list[EffectEntry] = [
    EffectEntry(
        "affinity",
        "condition-keyword",
        (Pattern("Affinity {resources}"),),
        "The condition is met if you control the advanced resources listed, each as many times as it is listed.",
        ("Affinity Gold Gold - Draw a card.", "Affinity Research Faith - Blitz"),
        (Param("resources", "advanced-resources"),),
        reminder="only while you control at least {resources}",
    ),
    EffectEntry(
        "no-affinity",
        "condition-keyword",
        (Pattern("No Affinity"),),
        "The condition is met if you control no advanced resources of any kind.",
        ("No Affinity - Gain 1 advanced resource of your choice.",),
        reminder="only while you control no advanced resources",
    ),
    EffectEntry(
        "raiding",
        "condition-keyword",
        (Pattern("Raiding"),),
        "The condition is met if you control fewer Buildings, in total, than your opponent.",
        ("Raiding - Deal 2 damage to target Building.",),
        reminder="only while you control fewer Buildings than your opponent",
    ),
    EffectEntry(
        "upgraded",
        "condition-keyword",
        (Pattern("Upgraded {amount}"),),
        "The condition is met if this card has at least that many development counters on it.",
        ("Upgraded 2 - Exhaust this card: Gain 2 resources.",),
        (amount,),
        KINGDOM_KINDS,
        reminder="only while this card has {amount} or more development counters",
    ),
]

SHARDS_ENTRIES: list[EffectEntry] = [
    # -- costs of activated abilities
    EffectEntry(
        "pay-resources",
        "cost",
        (Pattern("Pay {amount} {resource}"),),
        "You spend that many resources of the named type from your resource pool.",
        ("Pay 1 Gold: Draw a card.", "Pay 2 resources: Ready target Unit you control."),
        (count, Param("resource", "resource")),
    ),
    EffectEntry(
        "exhaust-self",
        "cost",
        (Pattern("Exhaust this card"),),
        "You turn this card sideways; an exhausted card cannot pay this cost again until it is readied.",
        ("Exhaust this card: Gain 1 resource.",),
    ),
    EffectEntry(
        "sacrifice-self",
        "cost",
        (Pattern("Sacrifice this card"),),
        "You put this card from your Kingdom into your graveyard as part of the cost.",
        ("Sacrifice this card: Gain 1 advanced resource of your choice.",),
    ),
    EffectEntry(
        "discard-cost",
        "cost",
        (Pattern("Discard {amount} card(s)"),),
        "You put that many cards from your hand into your graveyard.",
        ("Discard a card, exhaust this card: Draw a card.",),
        (amount,),
    ),
    EffectEntry(
        "spend-development",
        "cost",
        (Pattern("Remove {amount} development counter(s) from this card"),),
        "You take that many development counters off this card.",
        ("Remove a development counter from this card: Draw a card.",),
        (amount,),
    ),
    # -- restriction written after an activated ability's effects
    EffectEntry(
        "activate-once",
        "static",
        (Pattern("Activate only once per turn"),),
        "The activated ability cannot be used again in the same turn.",
        ("Pay 1 resource: Draw a card. Activate only once per turn.",),
        activated_only=True,
    ),
    EffectEntry(
        "activate-fast",
        "static",
        (Pattern("Activate at fast speed"),),
        "The activated ability may be used at fast speed: also in a response window, on any player's turn.",
        ("Exhaust this card: Ready target Unit you control. Activate at fast speed.",),
        activated_only=True,
    ),
    # -- effects
    EffectEntry(
        "gain-resources",
        "effect",
        (Pattern("Gain {amount} {resource}"),),
        "Adds that many resources of the named type to your resource pool.",
        ("Gain 2 resources.", "Gain 1 Faith."),
        (count, Param("resource", "resource")),
    ),
    EffectEntry(
        "gain-advanced",
        "effect",
        (Pattern("Gain {amount} advanced resource(s) of your choice"),),
        "Adds that many advanced resources to your pool, each of a type you choose.",
        ("Gain 1 advanced resource of your choice.",),
        (amount,),
    ),
    EffectEntry(
        "lose-resources",
        "effect",
        (Pattern("{player} lose(s) {amount} {resource}"),),
        "The player removes that many resources of the named type from their pool.",
        ("Target opponent loses 1 Gold.",),
        (player, count, Param("resource", "resource")),
    ),
    EffectEntry(
        "exhaust",
        "effect",
        (Pattern("Exhaust {target}"),),
        "Turns the chosen cards sideways: an exhausted Unit cannot attack or defend until it is readied.",
        ("Exhaust target Unit.",),
        (exhaustible,),
    ),
    EffectEntry(
        "ready",
        "effect",
        (Pattern("Ready {target}"),),
        "Turns the chosen exhausted cards upright again.",
        ("Ready target Unit you control.",),
        (exhaustible,),
    ),
    EffectEntry(
        "develop",
        "effect",
        (Pattern("Put {amount} development counter(s) on {target}"),),
        "Develops the chosen card that many times without paying the Develop action's cost.",
        ("Put a development counter on target Building you control.",),
        (amount, kingdom_card),
    ),
    EffectEntry(
        "undevelop",
        "effect",
        (Pattern("Remove {amount} development counter(s) from {target}"),),
        "Takes that many development counters off the chosen card.",
        ("Remove 2 development counters from target Building an opponent controls.",),
        (amount, kingdom_card),
    ),
    EffectEntry(
        "boost-offence",
        "effect",
        (Pattern("{target} get(s) +{amount} offence until end of turn"),),
        "The chosen Units deal that much more damage in combat this turn.",
        ("Target Unit gets +2 offence until end of turn.",),
        (unit, amount),
    ),
    EffectEntry(
        "sacrifice",
        "effect",
        (Pattern("Sacrifice {target}"),),
        "You put a card you control from your Kingdom into your graveyard.",
        ("Sacrifice a Unit you control. Draw 2 cards.",),
        (kingdom_card,),
    ),
    EffectEntry(
        "return-from-graveyard",
        "effect",
        (Pattern("Return {card} from your graveyard to your hand"),),
        "Takes a card from your graveyard back into your hand.",
        ("Return a Unit from your graveyard to your hand.",),
        (Param("card", "selector"),),
    ),
    EffectEntry(
        "move",
        "effect",
        (Pattern("Move {target} to another Territory you control"),),
        "The chosen Unit leaves its Territory for another of your Territories, as the Move action does.",
        ("Move target Unit you control to another Territory you control.",),
        (unit,),
    ),
    EffectEntry(
        "extra-attack",
        "effect",
        (Pattern("You may attack a Territory again this turn"),),
        "Lifts the once-per-turn limit of the Attack action for one more attack on a Territory this turn.",
        ("You may attack a Territory again this turn.",),
    ),
    # -- statics
    EffectEntry(
        "can-develop",
        "static",
        (Pattern("This card can be developed"),),
        "The Develop action may put development counters on this Unit or Policy (Buildings can by default).",
        ("This card can be developed.",),
        kinds=frozenset({"unit", "policy"}),
    ),
    EffectEntry(
        "offence-bonus",
        "static",
        (Pattern("{target} get(s) +{amount} offence"),),
        "The chosen Units deal that much more damage in combat while this card is in play.",
        ("Units you control get +1 offence.",),
        (unit, amount),
    ),
    EffectEntry(
        "defence-bonus",
        "static",
        (Pattern("{target} get(s) +{amount} defence"),),
        "The chosen Buildings can take that much more damage while this card is in play.",
        ("Buildings you control get +1 defence.",),
        (building, amount),
    ),
    EffectEntry(
        "cost-reduction",
        "static",
        (Pattern("{group} cost you {amount} less resource(s)"),),
        "Cards of that kind cost you that many fewer basic resources to play (never less than nothing).",
        ("Sorceries cost you 1 less resource.",),
        (Param("group", "kinds"), amount),
    ),
    EffectEntry(
        "cannot-attack",
        "static",
        (Pattern("{target} cannot attack"),),
        "The chosen Units cannot be declared as attackers.",
        ("Exhausted Units cannot attack.", "This card cannot attack."),
        (unit,),
    ),
    EffectEntry(
        "extra-scrap",
        "static",
        (Pattern("You may scrap {amount} more card(s) in each Scrap action"),),
        "Raises the number of cards a Scrap action may scrap.",
        ("You may scrap one more card in each Scrap action.",),
        (amount,),
    ),
    EffectEntry(
        "trade-discount",
        "static",
        (Pattern("Trading costs you {amount} less resource(s)"),),
        "The Trade action takes that many fewer basic resources for an advanced resource (always at least one).",
        ("Trading costs you 1 less resource.",),
        (amount,),
    ),
    # -- events
    EffectEntry(
        "attacks",
        "event",
        (Pattern("{target} attack(s)"),),
        "The Unit is declared as an attacker in a combat.",
        ("Whenever this card attacks, it gets +1 offence until end of turn.",),
        (unit,),
    ),
    EffectEntry(
        "defends",
        "event",
        (Pattern("{target} defend(s)"),),
        "The Unit is declared as a defender against an attack.",
        ("Whenever this card defends, remove all damage from it.",),
        (unit,),
    ),
    EffectEntry(
        "developed",
        "event",
        (Pattern("{target} is developed"),),
        "A development counter is put on the card.",
        ("Whenever a Building you control is developed, gain 1 resource.",),
        (kingdom_card,),
    ),
    EffectEntry(
        "scraps",
        "event",
        (Pattern("{player} scrap(s) {card}"),),
        "A player puts a card from their hand into the scrap pile with the Scrap action.",
        ("Whenever you scrap a card, gain 1 Research.",),
        (player, Param("card", "selector")),
    ),
    EffectEntry(
        "territory-attacked",
        "event",
        (Pattern("{player} attack(s) a Territory you control"),),
        "A player declares an attack on one of your Territories.",
        ("Whenever an opponent attacks a Territory you control, ready target Unit you control.",),
        (player,),
    ),
    # -- conditions
    EffectEntry(
        "development-at",
        "condition",
        (Pattern("your development is {amount} or {comparison}"),),
        "Compares your development (the most development counters on one of your kingdom cards) with a number.",
        ("If your development is 3 or more, draw a card.",),
        (Param("amount", "number"), Param("comparison", "comparison")),
    ),
    EffectEntry(
        "controls-advanced",
        "condition",
        (Pattern("{player} control(s) {quantity} {resource}"),),
        "Counts the resources of a type in a player's resource pool.",
        ("If you control two or more Gold, draw a card.",),
        (player, Param("quantity", "quantity"), Param("resource", "resource")),
    ),
    *KEYWORDS,
    *CONDITION_KEYWORDS,
]


def shards_registry() -> EffectRegistry:
    """Shards' closed table: the shared core entries it keeps, then its own, with its word type."""
    return build_registry("shards", _shards_core(), SHARDS_ENTRIES, types=(ADVANCED_RESOURCES,))


__all__ = ["ADVANCED_RESOURCES", "KINGDOM_KINDS", "YOU", "shards_registry"]
