"""Lords of Estraven, design v1: councils, hidden Victory cards and a shared deck."""

from __future__ import annotations

from carddb.gamepack import Faction, GamePack, KindInfo, Rarity
from carddb.games.loe.decks import RULES as DECK_RULES
from carddb.games.loe.schema import LoeCardSchema
from carddb.games.loe.vocabulary import loe_rules
from carddb.rules.cardcheck import check_card_rules

KINDS = (
    KindInfo("lord", "Lord", "Lords", "Heads your council. Starts the game in play, face up, with the health printed on it.", layout="council", back="council", group="council"),
    KindInfo("duke", "Duke", "Dukes", "A council member that starts face down and is activated (turned face up) by paying its cost.", layout="council", back="council", group="council"),
    KindInfo("victory", "Victory", "Victory cards", "Your secret win condition. Attempting it costs 1 powerstone, then 2, then 3...", layout="victory", back="victory", group="victory"),
    KindInfo("resource", "Resource", "Resources", "Played one per turn; spent (fatigued) to pay costs. Subjects, Materials or Influence.", subtypes=("subject", "material", "influence"), layout="deck", back="deck", group="deck"),
    KindInfo("spell", "Spell", "Spells", "A one-time effect, cast on your turn by paying its cost.", layout="deck", back="deck", group="deck"),
    KindInfo("reaction", "Reaction", "Reactions", "Played in response, on any turn, when its timing condition is met; uses the stack.", layout="deck", back="deck", group="deck"),
    KindInfo("item", "Item", "Items", "Coupled to a Lord or Duke you control; leaves play with it. Artifacts, Gear, Classes or Boons.", subtypes=("artifact", "gear", "class", "boon"), layout="deck", back="deck", group="deck"),
    KindInfo("ritual", "Ritual", "Rituals", "A continuous, usually symmetrical effect while it stays in play.", layout="deck", back="deck", group="deck"),
)

PROVINCES = (
    Faction("ashmarch", "Ashmarch", "#8f2d1f", "#e0a24a", "Iron, fire and discipline: direct damage and control."),
    Faction("veldmoor", "Veldmoor", "#2f5a4a", "#9cc3a5", "Marsh spies: secrets, reactions and counters."),
    Faction("corvane", "Corvane", "#1f4f86", "#d9b45a", "The merchant coast: the market, Influence and card flow."),
    Faction("thornwall", "Thornwall", "#5b4a3a", "#b9a27c", "Mountain forges: Materials, Items and sturdy councils."),
    Faction("sel-amara", "Sel Amara", "#5d3f7a", "#e8d7a8", "The temple city: Rituals, Subjects and healing."),
    Faction("neutral", "Neutral", "#55585c", "#c9c6bd", "Cards any province may use."),
)

RARITIES = (
    Rarity("common", "Common", "#2b2b2b"),
    Rarity("uncommon", "Uncommon", "#8c9aa6"),
    Rarity("rare", "Rare", "#c9a227"),
    Rarity("mythic", "Mythic", "#c8502a"),
)

PACK = GamePack(
    id="loe",
    name="Lords of Estraven",
    description="Design v1: a council of a Lord and hidden Dukes, secret Victory cards, a shared deck.",
    card_schema=LoeCardSchema,
    kinds=KINDS,
    rarities=RARITIES,
    factions=PROVINCES,
    faction_field="province",
    faction_label="province",
    icons=("powerstone", "subject", "material", "influence"),
    deck_rules=DECK_RULES,
    rules=loe_rules(),
    card_checks=(check_card_rules,),
)
