"""The words of ESTRO rules text, and the rules language built from them.

The estri are adjectives ("Ardo cards you control", "an Armonio Zone card"), as are
the two sides a card is played on ("face-down card"). A stat can restrict a
selector ("target card with TOT 60 or less"). "Gift" names the effect on a card
(what a counter-move counters); "Gift card" names the kind of card that has one.
"""

from __future__ import annotations

from functools import cache

from carddb.games.estro.estri import ESTRI, STAT_NAMES, STATS, TOTAL
from carddb.games.estro.phrases import estro_registry
from carddb.pack_api import Noun, RulesLanguage, Vocabulary

NOUNS = (
    Noun("gift", "Gift card", "Gift cards"),
    Noun("empty", "Empty card", "Empty cards"),
    Noun("zone", "Zone card", "Zone cards"),
    Noun("card", "card", "cards", capitalised=False),
    Noun("gift-ability", "Gift", "Gifts"),
    Noun("player", "player", "players", capitalised=False),
    Noun("opponent", "opponent", "opponents", capitalised=False),
)

VOCABULARY = Vocabulary(
    nouns=NOUNS,
    adjectives=("face-down", "face-up", *(e.name for e in ESTRI)),
    fixed_selectors=(
        ("this-card", "this card"),
        ("that-card", "that card"),
        ("that-gift", "that Gift"),
        ("it", "it"),
        ("you", "you"),
        ("its-controller", "its controller"),
        ("that-player", "that player"),
    ),
    postfixes=(
        ("you-control", "you control"),
        ("opponent-controls", "an opponent controls"),
        *((f"{s}-at", f"with {STAT_NAMES[s][0]} {{amount}} or {{comparison}}") for s in (*STATS, TOTAL)),
    ),
    resources=(),
    # Gifts activate by themselves: no ESTRO card has an ability someone pays to activate.
    activatable_kinds=frozenset(),
)


@cache
def estro_rules() -> RulesLanguage:
    return RulesLanguage(VOCABULARY, estro_registry())
