"""The words of Lords (SoulFall) rules text, and the rules language built from them.

Phrases live in the registry (`carddb.games.soulfall.phrases`); this module lists the
words they are made of: the card kinds and sides a Tribe holds, players, and the
fixed selectors.
"""

from __future__ import annotations

from functools import cache

from carddb.games.soulfall.numbers import NUMBERS
from carddb.games.soulfall.phrases import soulfall_registry
from carddb.pack_api import Noun, RulesLanguage, Vocabulary

NOUNS = (
    Noun("lord", "Lord card", "Lord cards"),
    Noun("temple", "Temple", "Temples"),
    Noun("shrine", "Shrine of Solitude", "Shrines of Solitude"),
    Noun("follower", "Follower", "Followers"),
    Noun("citadel", "Citadel", "Citadels"),
    Noun("shell", "Shell", "Shells"),
    Noun("broken-shell", "Broken Shell", "Broken Shells"),
    Noun("card", "card", "cards", capitalised=False),
    Noun("player", "player", "players", capitalised=False),
    Noun("opponent", "opponent", "opponents", capitalised=False),
)

VOCABULARY = Vocabulary(
    nouns=NOUNS,
    adjectives=(),
    fixed_selectors=(
        ("this-card", "this card"),
        ("it", "it"),
        ("you", "you"),
        ("that-player", "that player"),
    ),
    postfixes=(),
    resources=(),
    # No card of the game is activated: abilities happen when a Lord is Beseeched, a Shell is broken,
    # or a turn starts (Temples).
    activatable_kinds=frozenset(),
)


@cache
def soulfall_rules() -> RulesLanguage:
    # Reminders print rule numbers (Meditate's draw, Prospect's breaks) from the pack's numbers.
    return RulesLanguage(VOCABULARY, soulfall_registry(), {n.id: n.value for n in NUMBERS})
