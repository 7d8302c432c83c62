"""The words of Shards of the Empire rules text, and the rules language built from them.

Phrases live in the engine's registry (`carddb.games.shards.phrases`); this module lists the
words they are made of: the card kinds, the nouns a selector can name, the basic and
advanced resources (each printed as its icon after a number), adjectives and fixed
selectors.
"""

from __future__ import annotations

from functools import cache

from carddb.games.shards.numbers import NUMBERS
from carddb.games.shards.phrases import ADVANCED_RESOURCES, shards_registry
from carddb.pack_api import Noun, RulesLanguage, Vocabulary

NOUNS = (
    Noun("unit", "Unit", "Units"),
    Noun("building", "Building", "Buildings"),
    Noun("policy", "Policy", "Policies"),
    Noun("kingdom-card", "kingdom card", "kingdom cards", capitalised=False),
    Noun("tactic", "Tactic", "Tactics"),
    Noun("sorcery", "Sorcery", "Sorceries"),
    Noun("miracle", "Miracle", "Miracles"),
    Noun("event", "Event", "Events"),
    Noun("territory", "Territory", "Territories"),
    Noun("card", "card", "cards", capitalised=False),
    Noun("player", "player", "players", capitalised=False),
    Noun("opponent", "opponent", "opponents", capitalised=False),
    Noun("ability", "ability", "abilities", capitalised=False),
)

# "Whenever a card ... refers to a resource without being more specific, it always indicates a
# basic resource" (seed 003, Resources): the word `resource` is the basic one.
RESOURCES = (
    Noun("basic", "resource", "resources", capitalised=False),
    *(Noun(w.id, w.singular, w.plural) for w in ADVANCED_RESOURCES.words),
)

ICONS = {"basic": "basic", **{w.id: w.id for w in ADVANCED_RESOURCES.words}}

VOCABULARY = Vocabulary(
    nouns=NOUNS,
    adjectives=("exhausted", "damaged", "attacking", "defending"),
    fixed_selectors=(
        ("this-card", "this card"),
        ("it", "it"),
        ("you", "you"),
        ("its-controller", "its controller"),
        ("that-player", "that player"),
    ),
    postfixes=(
        ("you-control", "you control"),
        ("opponent-controls", "an opponent controls"),
        ("offence-at", "with {amount} or {comparison} offence"),
        ("in-this-territory", "in this Territory"),
    ),
    resources=RESOURCES,
    icons=ICONS,
    # Kingdom cards and Territories stay in play, so their abilities can be activated.
    activatable_kinds=frozenset({"unit", "building", "policy", "territory"}),
)


@cache
def shards_rules() -> RulesLanguage:
    # Reminders print rule numbers (Starting: 7 cards; Grand: 7 counters) from the pack's numbers.
    return RulesLanguage(VOCABULARY, shards_registry(), {n.id: n.value for n in NUMBERS})
