"""The words of Lords of Estraven v2 rules text, and the rules language built from them.

Troop types are adjectives ("Guard Troop", "Soldier Troops you control"), so the
pack's closed list of troop types is also what `leads` and `troop_type` may name.
"""

from __future__ import annotations

from functools import cache

from carddb.games.loe2.phrases import loe2_registry
from carddb.pack_api import Noun, RulesLanguage, Vocabulary

TROOP_TYPES = ("Soldier", "Rider", "Scout", "Archer", "Guard", "Acolyte")

NOUNS = (
    Noun("leader", "Leader", "Leaders"),
    Noun("troop", "Troop", "Troops"),
    Noun("unit", "unit", "units", capitalised=False),
    Noun("spell", "Spell", "Spells"),
    Noun("reaction", "Reaction", "Reactions"),
    Noun("resource", "Resource", "Resources"),
    Noun("subject", "Subject", "Subjects"),
    Noun("material", "Material", "Materials"),
    Noun("influence", "Influence", "Influence"),
    Noun("card", "card", "cards", capitalised=False),
    Noun("player", "player", "players", capitalised=False),
    Noun("opponent", "opponent", "opponents", capitalised=False),
    Noun("ability", "ability", "abilities", capitalised=False),
)

VOCABULARY = Vocabulary(
    nouns=NOUNS,
    adjectives=("tapped", "untapped", "attacking", "blocking", "damaged", *TROOP_TYPES),
    fixed_selectors=(
        ("this-card", "this card"),
        ("your-leader", "your Leader"),
        ("that-unit", "that unit"),
        ("it", "it"),
        ("you", "you"),
        ("its-controller", "its controller"),
        ("that-player", "that player"),
    ),
    postfixes=(
        ("you-control", "you control"),
        ("opponent-controls", "an opponent controls"),
        ("power-at", "with power {amount} or {comparison}"),
    ),
    resources=(),
    icons={"mana": "mana"},
    # Units and resource cards stay on the battlefield (resources until sacrificed).
    activatable_kinds=frozenset({"leader", "troop", "resource"}),
)


@cache
def loe2_rules() -> RulesLanguage:
    return RulesLanguage(VOCABULARY, loe2_registry())
