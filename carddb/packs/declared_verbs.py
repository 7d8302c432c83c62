"""A vocabulary's game verbs that name a core verb (`verbs: [{word: trash, is: destroy}]`), checked and
added to the core entries the game keeps (carddb.rules.phrasebook_verbs says which forms each has)."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

from carddb.rules.phrasebook_verbs import CORE_VERBS, GameVerb, past_of, with_game_verbs

if TYPE_CHECKING:
    from carddb.packs.declared_language import Declared
    from carddb.packs.vocabulary import VocabularyDeclaration
    from carddb.rules.registry import EffectEntry


def with_verbs(decl: VocabularyDeclaration, entries: list[EffectEntry], out: Declared) -> list[EffectEntry]:
    """The kept core entries with the wordings of each declared `is:` verb; problems go to `out`."""
    from carddb.packs.declared_language import VocabularyProblem, plural_of, slug

    verbs: list[GameVerb] = []
    places: dict[str, int] = {}
    for index, verb in enumerate(decl.verbs):
        if verb.is_ is None:
            continue
        if verb.is_ not in CORE_VERBS:
            close = difflib.get_close_matches(verb.is_, list(CORE_VERBS), n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            out.problems.append(
                VocabularyProblem(
                    ("verbs", index, "is"),
                    f"'{verb.is_}' is not a core verb",
                    f"{hint}core verbs: {', '.join(CORE_VERBS)}",
                )
            )
            continue
        word = " ".join(verb.word.split())
        verb_id = verb.id or slug(word)
        head, _, last = word.rpartition(" ")
        third = verb.third or f"{head} {plural_of(last)}".strip()  # special summon -> special summons
        verbs.append(GameVerb(verb_id, word, third, verb.past or past_of(word), verb.is_))
        places[verb_id] = index
    found, unused, clashing = with_game_verbs(entries, verbs)
    for verb in clashing:
        out.problems.append(
            VocabularyProblem(
                ("verbs", places[verb.id], "word"),
                f"'{verb.word}' is already how the core says '{verb.core}'",
                "leave the verb out: the core phrases say it already",
            )
        )
    for verb in unused:
        out.problems.append(
            VocabularyProblem(
                ("verbs", places[verb.id], "is"),
                f"the game keeps none of the core phrases '{verb.core}' has, so '{verb.word}' says nothing",
                f"keep one of them under core: ({', '.join(dict.fromkeys(f.entry for f in CORE_VERBS[verb.core]))})",
            )
        )
    return found
