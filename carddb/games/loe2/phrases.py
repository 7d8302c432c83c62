"""The effect registry of Lords of Estraven v2: the core entries plus v2's own.

v2 is a different game on the same world: players have health, units (Leaders
and Troops) attack and block, cards are pitched for mana, and the marketplace
replaces v1's market. The core entries are reused with v2's nouns and examples
written in v2's words; v2 adds mana, tapping, combat events, temporary stat
boosts, Troop tokens and the marketplace trade.
"""

from __future__ import annotations

from carddb.pack_api import YOU, CoreNouns, EffectEntry, EffectRegistry, Param, Pattern, build_registry, core_entries

PLAYERS = frozenset({"player", "opponent", "you", "its-controller", "that-player"})
UNITS = frozenset({"leader", "troop", "unit", "your-leader", "that-unit"})
# In v2 players have health too: damage can be dealt to an opponent directly.
WITH_HEALTH = UNITS | PLAYERS | {"card", "it", "this-card"}
COUNTERABLE = frozenset({"spell", "reaction", "ability", "it", "card"})
PERMANENTS = UNITS | {"resource", "subject", "material", "influence", "card", "it", "this-card"}

amount = Param("amount", "number", minimum=1)
player = Param("player", "selector", PLAYERS, reason="is not a player")
unit = Param("target", "selector", UNITS | {"card", "it", "this-card"}, reason="is not a unit")

# The core entries v2 keeps, each with examples in v2's words.
CORE_EXAMPLES: dict[str, tuple[str, ...]] = {
    "draw": ("Draw a card.", "Draw two cards.", "Each player draws a card."),
    "discard": ("Discard a card.", "Target opponent discards a card."),
    "deal-damage": ("Deal 2 damage to target Troop.", "Deal 4 damage to target opponent."),
    "destroy": ("Destroy target tapped Troop.",),
    "counter": ("Counter target Spell.",),
    "return-to-hand": ("Return target Troop to its owner's hand.",),
    "look-at-hand": ("Look at target opponent's hand.",),
    "untargetable": ("This card cannot be targeted.",),
    "when": ("When this card enters the battlefield, draw a card.", "Whenever this card attacks, draw a card."),
    "turn-start": ("At the start of your turn, gain 1 mana.",),
    "turn-end": ("At the end of your turn, discard a card.",),
    "plays": ("When an opponent plays a Spell, draw a card.",),
    "plays-targeting": ("When an opponent plays a Spell that targets a unit you control, draw a card.",),
    "dealt-damage": ("Whenever a unit you control is dealt damage, gain 1 mana.",),
    "destroyed": ("When this card is destroyed, deal 1 damage to target Troop.",),
    "controls-count": ("If you control three or more Troops, draw a card.",),
    "your-turn": ("If it is not your turn, draw a card.",),
}

# The seed's glossary: "Graveyard: Discard pile where used or destroyed cards go".
V2_CORE_NOUNS = CoreNouns(
    players=PLAYERS, with_health=WITH_HEALTH, counterable=COUNTERABLE, permanents=PERMANENTS, discard_zone="graveyard"
)


def _boost(name: str, stats: str, until_end: bool) -> EffectEntry:
    """`+N power`, `+N toughness` or both, for a turn (an effect) or while in play (a static)."""
    tail = " until end of turn" if until_end else ""
    if stats == "both":
        pattern = "{target} get(s) +{power} power and +{toughness} toughness" + tail
        params = (unit, Param("power", "number", minimum=1), Param("toughness", "number", minimum=1))
        example = f"Target Troop you control gets +2 power and +2 toughness{tail}."
    else:
        pattern = f"{{target}} get(s) +{{amount}} {stats}" + tail
        params = (unit, amount)
        example = f"Troops you control get +1 {stats}{tail}."
    return EffectEntry(
        name,
        "effect" if until_end else "static",
        (Pattern(pattern),),
        (
            f"The chosen units have that much more {'power and toughness' if stats == 'both' else stats}"
            + (" until the end of the turn." if until_end else " while this card is on the battlefield.")
        ),
        (example,),
        params,
    )


LOE2_ENTRIES: list[EffectEntry] = [
    # -- costs
    EffectEntry(
        "pay-mana",
        "cost",
        (Pattern("Pay {amount} mana"),),
        "You pay that much mana from your mana pool (mana comes from pitching cards).",
        ("Pay 2 mana: Draw a card.",),
        (amount,),
    ),
    EffectEntry(
        "tap-self",
        "cost",
        (Pattern("Tap this card"),),
        "You turn this card sideways; a tapped card cannot pay this cost again until it untaps.",
        ("Tap this card: Tap target Troop.",),
    ),
    EffectEntry(
        "sacrifice-self",
        "cost",
        (Pattern("Sacrifice this card"),),
        "You put this card into the graveyard as part of the cost (a resource card's sacrifice cost).",
        ("Sacrifice this card: Gain 2 mana.",),
    ),
    EffectEntry(
        "discard-cost",
        "cost",
        (Pattern("Discard {amount} card(s)"),),
        "You discard that many cards from your hand.",
        ("Discard a card, sacrifice this card: Gain 3 mana.",),
        (amount,),
    ),
    # -- effects
    EffectEntry(
        "gain-mana",
        "effect",
        (Pattern("Gain {amount} mana"),),
        "Adds that much mana to your mana pool; unused mana stays in the pool between turns.",
        ("Sacrifice this card: Gain 2 mana.",),
        (amount,),
    ),
    EffectEntry(
        "gain-health",
        "effect",
        (Pattern("{player} gain(s) {amount} health"),),
        "The player's health goes up by that much.",
        ("You gain 4 health.",),
        (player, amount),
    ),
    EffectEntry(
        "heal",
        "effect",
        (Pattern("Heal {amount} damage from {target}"),),
        "Removes that much damage from the chosen unit.",
        ("Heal 1 damage from target unit.",),
        (amount, unit),
    ),
    EffectEntry(
        "heal-all",
        "effect",
        (Pattern("Heal all damage from {target}"),),
        "Removes all damage from the chosen unit.",
        ("Heal all damage from target Leader you control.",),
        (unit,),
    ),
    EffectEntry(
        "tap",
        "effect",
        (Pattern("Tap {target}"),),
        "Turns the chosen unit sideways: it cannot attack or block until it untaps.",
        ("Tap target Troop.",),
        (unit,),
    ),
    EffectEntry(
        "untap",
        "effect",
        (Pattern("Untap {target}"),),
        "Turns the chosen unit upright again: it can attack or block.",
        ("Untap target Troop you control.",),
        (unit,),
    ),
    _boost("boost-power", "power", until_end=True),
    _boost("boost-toughness", "toughness", until_end=True),
    _boost("boost-both", "both", until_end=True),
    _boost("anthem-power", "power", until_end=False),
    _boost("anthem-toughness", "toughness", until_end=False),
    EffectEntry(
        "create-troop",
        "effect",
        (Pattern("Create {token} token with {power} power and {toughness} toughness"),),
        "Puts a new Troop of that type onto the battlefield under your control; it is not a card.",
        ("Create a Guard Troop token with 1 power and 2 toughness.",),
        (
            Param("token", "kind", frozenset({"troop"}), reason="is not a Troop"),
            Param("power", "number"),
            Param("toughness", "number", minimum=1),
        ),
    ),
    EffectEntry(
        "prevent-damage",
        "effect",
        (Pattern("Prevent {amount} of that damage"),),
        "That much of the damage being dealt is not dealt.",
        ("Reaction - When a unit you control is dealt damage: Prevent 2 of that damage.",),
        (amount,),
    ),
    EffectEntry(
        "look-at-top-own",
        "effect",
        (Pattern("Look at the top {amount} card(s) of your deck"),),
        "You look at that many cards from the top of your deck and put them back in the same order.",
        ("Look at the top 2 cards of your deck.",),
        (amount,),
    ),
    EffectEntry(
        "trade",
        "effect",
        (Pattern("Trade with the marketplace"),),
        "You swap a card from your hand with a card in the marketplace, in addition to the trades the rules allow.",
        ("Tap this card, sacrifice this card: Trade with the marketplace.",),
    ),
    # -- statics
    EffectEntry(
        "block-limit",
        "static",
        (Pattern("{target} cannot be blocked by more than one unit"),),
        "At most one unit may block the chosen unit.",
        ("This card cannot be blocked by more than one unit.",),
        (unit,),
    ),
    EffectEntry(
        "evasion",
        "static",
        (Pattern("{target} cannot be blocked by {blockers}"),),
        "Units of the given kind cannot block the chosen unit.",
        ("This card cannot be blocked by Troops with power 1 or less.",),
        (unit, Param("blockers", "kinds", UNITS, reason="is not a unit")),
    ),
    EffectEntry(
        "enters-tapped",
        "static",
        (Pattern("{target} enters the battlefield tapped"),),
        "The unit is tapped when it arrives, so it cannot block or attack at once.",
        ("This card enters the battlefield tapped.",),
        (unit,),
    ),
    # -- events
    EffectEntry(
        "enters",
        "event",
        (Pattern("{target} enters the battlefield"),),
        "The unit is played or created onto the battlefield.",
        ("When this card enters the battlefield, draw a card.",),
        (unit,),
    ),
    EffectEntry(
        "attacks",
        "event",
        (Pattern("{target} attacks"),),
        "The unit is declared as an attacker (a Leader) or joins an attack (a Troop).",
        ("Whenever this card attacks, draw a card.",),
        (unit,),
    ),
    EffectEntry(
        "leader-attacks",
        "event",
        (Pattern("{player}'s Leader attacks"),),
        "A player declares one of their Leaders as the attacker.",
        ("Reaction - When an opponent's Leader attacks: Tap target Troop an opponent controls.",),
        (player,),
    ),
    EffectEntry(
        "blocks",
        "event",
        (Pattern("{target} blocks"),),
        "The unit taps to block an attacking unit.",
        ("Whenever a Troop you control blocks, it gets +2 toughness until end of turn.",),
        (unit,),
    ),
    EffectEntry(
        "would-be-destroyed",
        "event",
        (Pattern("{target} would be destroyed"),),
        "The unit is about to be destroyed; a reaction to this happens before it is.",
        ("Reaction - When a Troop you control would be destroyed: Heal all damage from it.",),
        (unit,),
    ),
    # -- timing
    EffectEntry(
        "reaction",
        "timing",
        (Pattern("Reaction"),),
        "Marks the scoped condition of a Reaction: it can be played, on any turn, when the event happens.",
        ("Reaction - When an opponent plays a Spell: Counter it.",),
        kinds=frozenset({"reaction"}),
    ),
]


def loe2_registry() -> EffectRegistry:
    """LOE v2's closed table: the shared core entries it keeps, then v2's own."""
    return build_registry("loe2", core_entries(V2_CORE_NOUNS, CORE_EXAMPLES), LOE2_ENTRIES)


__all__ = ["YOU", "loe2_registry"]
