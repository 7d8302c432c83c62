"""A game's own word for a core verb: every wording of the core verb, said with the game's word.

Many games name a core action in their own word: Netrunner trashes (destroys), Yu-Gi-Oh banishes
(exiles), tributes (sacrifices) and special summons (puts into play), Star Realms scraps. A vocabulary
declares such a verb once (`verbs: [{word: trash, is: destroy}]`) and gets every form the core has of
the verb in its word: the effect (`Trash target resource.`), the cost (`Trash this resource: ...`),
another player doing it (`Each opponent banishes one of their characters.`), the passive event (`When
this character is banished, ...`) and the participle (`have been trashed this turn`).

Each form is a wording added to the core entry that already means it, so it needs no handler of its
own: `Trash target resource` is the `destroy` entry, executed by its handler. The wording implies
`word=<the verb's id>`, which is how canonical text keeps the game's word (`carddb fmt` picks the
wording whose implied values the phrase has).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from carddb.rules.ast import Selector, Zone
from carddb.rules.registry import EffectEntry, Param, Pattern

YOU = Selector("fixed", "you")
THIS = Selector("fixed", "this-card")
PLAY = Zone("", "play")


@dataclass(frozen=True)
class Form:
    """One wording of a core verb: the entry it says, its text with `{V}` (the verb), `{V(s)}` (the verb
    agreeing with its subject) or `{Ved}` (the participle) in place of the verb, and what it implies."""

    entry: str
    text: str
    fixed: tuple[tuple[str, object], ...] = ()
    params: tuple[Param, ...] = ()  # parameters the wording adds to the entry


# `Special summon this card from your hand`: only if the card is in that zone (a fixed selector such as
# `this card` takes no zone of its own, so the wording names it).
FROM = Param("from", "zone")


# The core verbs a game may name in its own words, each with every wording the core has of it.
CORE_VERBS: dict[str, tuple[Form, ...]] = {
    "destroy": (
        Form("destroy", "{V} {target}"),
        Form("destroyed", "{target} is {Ved}"),
        Form("destroyed-this-turn", "{quantity} {group} have been {Ved} this turn"),
        Form("cost-sacrifice", "{V} {card}"),
        # A player destroying one of their own cards: they choose it (`Each opponent banishes a character`).
        Form("sacrifice-card", "{player} {V(s)} {card}"),
        Form("sacrifice-card", "{player} choose(s) and {V(s)} {card}", (("chooses", True),)),
    ),
    "exile": (
        Form("exile", "{V} {target}"),
        Form("cost-exile", "{V} {card}"),
    ),
    "sacrifice": (
        Form("sacrifice-card", "{V} {card}", (("player", YOU),)),
        Form("sacrifice-card", "{player} {V(s)} {card}"),
        Form("sacrifice-card", "{player} choose(s) and {V(s)} {card}", (("chooses", True),)),
        Form("cost-sacrifice", "{V} {card}"),
    ),
    "put-into-play": (
        Form("move-card", "{V} {card}", (("player", YOU), ("to", PLAY), ("where", "into"))),
        Form("move-card", "{player} {V(s)} {card}", (("to", PLAY), ("where", "into"))),
        Form("move-card", "{V} {card} from {from}", (("player", YOU), ("to", PLAY), ("where", "into")), (FROM,)),
        Form("enters-play", "{target} is {Ved}"),
    ),
    "discard": (
        Form("discard-card", "{V} {card}", (("player", YOU), ("random", False))),
        Form("discard-card", "{player} {V(s)} {card} at random", (("random", True),)),
        Form("discard-card", "{player} {V(s)} {card}", (("random", False),)),
        Form("cost-discard", "{V} {card}"),
    ),
    "exhaust": (
        Form("exhaust-card", "{V} {target}"),
        Form("cost-exhaust", "{V} {card}"),
        Form("cost-exhaust", "{V}", (("card", THIS),)),
    ),
    "ready": (Form("ready-card", "{V} {target}"),),
    "reveal": (
        Form("reveal-cards", "{V} {card}", (("player", YOU),)),
        Form("cost-reveal", "{V} {card}"),
    ),
}


@dataclass(frozen=True)
class GameVerb:
    """A verb a game declares as a core verb: its id, its word, third person and participle."""

    id: str
    word: str  # trash, special summon
    third: str  # trashes
    past: str  # trashed
    core: str  # a key of CORE_VERBS


def past_of(word: str) -> str:
    """A regular English participle, good enough for a default the designer can override (`past:`)."""
    last = word.split()[-1] if word.split() else word
    head = word[: len(word) - len(last)]
    if last.endswith("e"):
        return f"{word}d"
    if len(last) > 1 and last.endswith("y") and last[-2] not in "aeiou":
        return f"{word[:-1]}ied"
    vowel_groups = sum(1 for i, ch in enumerate(last) if ch in "aeiou" and (i == 0 or last[i - 1] not in "aeiou"))
    if vowel_groups == 1 and len(last) >= 3 and _cvc(last):  # scrap -> scrapped
        return f"{head}{last}{last[-1]}ed"
    return f"{word}ed"


def _cvc(word: str) -> bool:
    a, b, c = word[-3], word[-2], word[-1]
    return a not in "aeiou" and b in "aeiou" and c not in "aeiouwxy"


def agreeing(word: str, third: str) -> str:
    """`{V(s)}` in pattern syntax: `trash(es|)`, the first form after a singular subject."""
    size = next((i for i, (a, b) in enumerate(zip(word, third, strict=False)) if a != b), min(len(word), len(third)))
    common = word[:size]
    if not common or " " in word[len(common) :] or " " in third[len(common) :]:
        return word  # an irregular verb whose forms differ before the last word: its base form only
    return f"{common}({third[len(common) :]}|{word[len(common) :]})"


def form_text(form: Form, verb: GameVerb) -> str:
    return (
        form.text.replace("{V(s)}", agreeing(verb.word, verb.third))
        .replace("{Ved}", verb.past)
        .replace("{V}", verb.word)
    )


def with_game_verbs(
    entries: list[EffectEntry], verbs: list[GameVerb]
) -> tuple[list[EffectEntry], list[GameVerb], list[GameVerb]]:
    """The entries with each game verb's wordings added to the core entries they say; the verbs none of
    whose entries the game keeps, and those whose wording is already the core's (the vocabulary reports both)."""
    added: dict[str, list[Pattern]] = {}
    params: dict[str, list[Param]] = {}
    by_name = {e.name: e for e in entries}
    unused, clashing = [], []
    for verb in verbs:
        forms = [f for f in CORE_VERBS[verb.core] if f.entry in by_name]
        if not forms:
            unused.append(verb)
        if any(
            form_text(f, verb).lower() == p.text.lower() for f in forms for p in by_name[f.entry].patterns
        ):  # `{word: destroy, is: destroy}`, `{word: exert, is: exhaust}`: the core says it so already
            clashing.append(verb)
            continue
        for form in forms:
            added.setdefault(form.entry, []).append(Pattern(form_text(form, verb), (*form.fixed, ("word", verb.id))))
            params.setdefault(form.entry, []).extend(form.params)
    out = [
        replace(
            e,
            patterns=e.patterns + tuple(added[e.name]),
            params=e.params + tuple(p for p in dict.fromkeys(params[e.name]) if not e.has_param(p.name)),
        )
        if e.name in added
        else e
        for e in entries
    ]
    return out, unused, clashing


def verb_entries() -> list[EffectEntry]:
    """The core entries a core verb needs besides the phrasebook's: exiling as a cost (`Scrap this card:`)."""
    return [
        EffectEntry(
            "cost-exile",
            "cost",
            (Pattern("Exile {card}"),),
            "As a cost, you remove the card (yours, in play or in a zone named) from the game.",
            ("Exile this card: Draw a card.", "Exile a creature from your graveyard: Gain 2 life."),
            (Param("card", "selector"),),
            core=True,
        )
    ]
