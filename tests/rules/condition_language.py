"""A rules language with condition keywords and declared word types, for the grammar's tests.

LOE v1's words and phrases plus condition keywords of the shapes games need: none
(`Raiding`, `Worship`), a number (`Upgraded 2`), a list of a declared word type
(`Affinity Subject Subject`) and one word of another (`Devoted to Ashmarch`). LOE
itself has no condition keywords, so these tests build their own language.
"""

from __future__ import annotations

from functools import cache

from carddb.games.loe.phrases import CORE_EXAMPLES, LOE_CORE_NOUNS, LOE_ENTRIES
from carddb.games.loe.vocabulary import VOCABULARY
from carddb.rules.language import RulesLanguage
from carddb.rules.phrasebook import core_entries
from carddb.rules.registry import EffectEntry, Param, Pattern, TypeWord, WordType, build_registry

RESOURCES = WordType(
    "resource-list",
    "resource",
    (
        TypeWord("subject", "Subject", "Subjects"),
        TypeWord("material", "Material", "Materials"),
        TypeWord("influence", "Influence", "Influence"),
    ),
    many=True,
)
PROVINCE = WordType("province", "province", (TypeWord("ashmarch", "Ashmarch"), TypeWord("veldmoor", "Veldmoor")))

CONDITIONS = [
    EffectEntry(
        "raiding",
        "condition-keyword",
        (Pattern("Raiding"),),
        "The condition is met if you control fewer Dukes than an opponent.",
        ("Raiding - Draw a card.",),
        reminder="only if you control fewer Dukes than an opponent",
    ),
    EffectEntry(
        "worship",
        "condition-keyword",
        (Pattern("Worship"),),
        "The condition is met if you control a Ritual.",
        ("Worship - When you play a Spell, draw a card.",),
        reminder="only if you control a Ritual",
    ),
    EffectEntry(
        "affinity",
        "condition-keyword",
        (Pattern("Affinity {resources}"),),
        "The condition is met if you control at least the listed Resources, each as often as it is listed.",
        ("Affinity Subject Subject - Draw a card.",),
        (Param("resources", "resource-list"),),
        reminder="only if you control at least {resources}",
    ),
    EffectEntry(
        "no-affinity",
        "condition-keyword",
        (Pattern("No Affinity"),),
        "The condition is met if you control no Resources at all.",
        ("No Affinity - Ambush",),
        reminder="only if you control no Resources",
    ),
    EffectEntry(
        "upgraded",
        "condition-keyword",
        (Pattern("Upgraded {amount}"),),
        "The condition is met if this card has at least that many counters on it.",
        ("Upgraded 2 - Pay 1 powerstone: Draw a card.",),
        (Param("amount", "number", minimum=1),),
        kinds=frozenset({"duke", "lord"}),
        reminder="only if this card has {amount} or more counters",
    ),
    EffectEntry(
        "devoted",
        "condition-keyword",
        (Pattern("Devoted to {province}"),),
        "The condition is met if your Lord is of the named province.",
        ("Devoted to Ashmarch - Deal 2 damage to target Duke.",),
        (Param("province", "province"),),
        reminder="only if your Lord is from {province}",
    ),
]


@cache
def condition_language() -> RulesLanguage:
    registry = build_registry(
        "conditions",
        core_entries(LOE_CORE_NOUNS, CORE_EXAMPLES),
        LOE_ENTRIES,
        CONDITIONS,
        types=(RESOURCES, PROVINCE),
    )
    return RulesLanguage(VOCABULARY, registry)
