"""The words of Lords of Estraven v1 rules text, and the rules language built from them.

Phrases live in the engine's registry (`carddb.games.loe.phrases`); this module lists
the words those phrases are made of: card kinds and subtypes, the nouns a
selector can name, adjectives, fixed selectors, resources and icons.
"""

from __future__ import annotations

from functools import cache

from carddb.games.loe.phrases import loe_registry
from carddb.pack_api import Noun, RulesLanguage, Vocabulary

NOUNS = (
    Noun("lord", "Lord", "Lords"),
    Noun("duke", "Duke", "Dukes"),
    Noun("victory", "Victory card", "Victory cards"),
    Noun("resource", "Resource", "Resources"),
    Noun("subject", "Subject", "Subjects"),
    Noun("material", "Material", "Materials"),
    Noun("influence", "Influence", "Influence"),
    Noun("spell", "Spell", "Spells"),
    Noun("reaction", "Reaction", "Reactions"),
    Noun("item", "Item", "Items"),
    Noun("artifact", "Artifact", "Artifacts"),
    Noun("gear", "Gear", "Gears"),
    Noun("class", "Class", "Classes"),
    Noun("boon", "Boon", "Boons"),
    Noun("ritual", "Ritual", "Rituals"),
    Noun("character", "character", "characters", capitalised=False),
    Noun("card", "card", "cards", capitalised=False),
    Noun("player", "player", "players", capitalised=False),
    Noun("opponent", "opponent", "opponents", capitalised=False),
    Noun("ability", "ability", "abilities", capitalised=False),
)

RESOURCES = (
    Noun("subject", "Subject", "Subjects"),
    Noun("material", "Material", "Materials"),
    Noun("influence", "Influence", "Influence"),
)

VOCABULARY = Vocabulary(
    nouns=NOUNS,
    adjectives=("face-down", "face-up", "damaged", "fatigued"),
    fixed_selectors=(
        ("this-card", "this card"),
        ("coupled-character", "coupled character"),
        ("your-lord", "your Lord"),
        ("it", "it"),
        ("you", "you"),
        ("its-controller", "its controller"),
        ("that-player", "that player"),
    ),
    postfixes=(
        ("you-control", "you control"),
        ("opponent-controls", "an opponent controls"),
        ("health-at", "with {amount} or {comparison} health"),
        ("coupled-to-it", "coupled to it"),
        ("in-market", "in the market"),
    ),
    resources=RESOURCES,
    icons={"powerstone": "powerstone", "subject": "subject", "material": "material", "influence": "influence"},
    activatable_kinds=frozenset({"lord", "duke", "resource", "item", "ritual"}),
    required_phrases=(("victory", "win", "a Victory card states its win condition as 'Win if CONDITION.'"),),
    pronoun_postfixes=frozenset({"coupled-to-it"}),
)


@cache
def loe_rules() -> RulesLanguage:
    return RulesLanguage(VOCABULARY, loe_registry())
