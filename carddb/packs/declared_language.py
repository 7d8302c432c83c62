"""A declared vocabulary (game.yaml's `vocabulary:`) made into the game's `RulesLanguage`.

The nouns come from the game's kinds and subtypes (`creature`, `creature card`, `Goblin creature`),
the stats from its stats; the vocabulary adds its own words, keywords, the core phrases it keeps and
phrases of its own. Every problem is returned with where it is in the vocabulary section, so
game.yaml reports it at its line (`carddb.packs.gamefile`); `carddb.packs.declared_checks` then
checks the examples and meanings against the language built here.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from carddb.packs.declared_verbs import with_verbs
from carddb.packs.vocabulary import (
    KeywordDeclaration,
    PhraseDeclaration,
    VerbDeclaration,
    VocabularyDeclaration,
    ZoneDeclaration,
)
from carddb.rules.language import Noun, RulesLanguage, Vocabulary
from carddb.rules.phrasebook import CoreNouns, every_core_entry
from carddb.rules.phrasebook_shapes import SUPERSEDED
from carddb.rules.phrasebook_verbs import past_of
from carddb.rules.registry import PARAM_TYPES, EffectEntry, Param, Pattern, Role, build_registry, pattern_slots

Path = tuple[str | int, ...]
PLAYERS = frozenset({"player", "opponent", "you", "its-controller", "that-player", "they"})
# Core adjective meanings (carddb.packs.vocabulary.AdjectiveMeaning) an adjective of that word has.
CORE_ADJECTIVES = frozenset(
    {"exhausted", "ready", "damaged", "undamaged", "face-down", "face-up", "attacking", "defending"}
    | {"friendly", "enemy", "other", "random", "token"}
)
ZONE_ROLES = frozenset({"deck", "hand", "discard", "play", "removed", "aside"})
KEYWORD_ROLES: dict[str, Role] = {
    "keyword": "keyword",
    "trigger": "trigger",
    "cost": "cost",
    "condition": "condition-keyword",
    "window": "timing",
}


@dataclass(frozen=True)
class KindWords:
    """What the vocabulary needs of a card kind of the game."""

    id: str
    label: str
    plural: str
    subtypes: tuple[str, ...] = ()


@dataclass(frozen=True)
class VocabularyProblem:
    """A problem of the vocabulary section, at `path` inside it (`("keywords", 2, "keyword")`)."""

    path: Path
    message: str
    hint: str | None = None
    code: str = "E-GAME-FILE"


@dataclass
class Declared:
    """The language a vocabulary declares, and what was wrong with it."""

    language: RulesLanguage | None
    problems: list[VocabularyProblem] = field(default_factory=list)
    # Where each entry the vocabulary declared (a keyword, a phrase, a kept core phrase) is in it.
    places: dict[str, Path] = field(default_factory=dict)


def slug(words: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", words.lower()).strip("-") or "word"


def plural_of(word: str) -> str:
    """An English plural, good enough for a default the designer can override (`plural:`)."""
    if re.search(r"(s|sh|ch|x|z)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def declared_language(
    decl: VocabularyDeclaration,
    game: str,
    kinds: Iterable[KindWords],
    stats: Iterable[tuple[str, str]] = (),
    numbers: Mapping[str, int] | None = None,
) -> Declared:
    """The game's language from its declaration; `stats` are (id, label) of the game's stats."""
    out = Declared(None)
    kinds = list(kinds)
    kind_ids = {k.id for k in kinds}
    vocab, nouns = _vocabulary(decl, kinds, list(stats), out)
    core = with_verbs(decl, _core(decl, nouns, out), out)
    registry_entries = core + _keywords(decl, kind_ids, out) + _phrases(decl, kind_ids, out)
    if out.problems:
        return out
    try:
        registry = build_registry(game, registry_entries)
    except ValueError as exc:
        out.problems.append(VocabularyProblem((), str(exc)))
        return out
    language = RulesLanguage(vocab, registry, numbers)
    out.language = language
    return out


def _vocabulary(
    decl: VocabularyDeclaration, kinds: list[KindWords], stats: list[tuple[str, str]], out: Declared
) -> tuple[Vocabulary, CoreNouns]:
    nouns: dict[str, Noun] = {}
    meanings: list[tuple[str, str]] = []

    def add_noun(noun: Noun, meaning: str, path: Path = ()) -> None:
        clash = next((n for n in nouns.values() if n.singular.lower() == noun.singular.lower()), None)
        if noun.id in nouns or clash is not None:
            if path:
                out.problems.append(
                    VocabularyProblem(path, f"the noun '{noun.singular}' is already a word of the game")
                )
            return
        nouns[noun.id] = noun
        meanings.append((f"noun:{noun.id}", meaning))

    for kind in kinds:
        add_noun(Noun(kind.id, kind.label, kind.plural, kind.label[:1].isupper()), f"kinds={kind.id}")
    for kind in kinds:
        for sub in kind.subtypes:
            word = sub.replace("-", " ").title()
            having = ",".join(k.id for k in kinds if sub in k.subtypes)
            add_noun(Noun(sub, word, plural_of(word)), f"kinds={having} subtype={sub}")
    for kind in kinds:
        if not kind.label.lower().endswith("card"):
            add_noun(Noun(f"{kind.id}-card", f"{kind.label} card", f"{kind.label} cards", False), f"kinds={kind.id}")
        for sub in kind.subtypes:
            word = sub.replace("-", " ").title()
            add_noun(
                Noun(f"{sub}-{kind.id}", f"{word} {kind.label}", f"{word} {kind.plural}"),
                f"kinds={kind.id} subtype={sub}",
            )
            having = ",".join(k.id for k in kinds if sub in k.subtypes)
            add_noun(Noun(f"{sub}-card", f"{word} card", f"{word} cards"), f"kinds={having} subtype={sub}")
    for index, noun_decl in enumerate(decl.nouns):
        noun_id = noun_decl.id or slug(noun_decl.word)
        for k_index, kind_id in enumerate(noun_decl.kinds):
            if kind_id not in {k.id for k in kinds}:
                out.problems.append(_unknown_kind(kind_id, kinds, ("nouns", index, "kinds", k_index)))
        meaning = f"kinds={','.join(noun_decl.kinds)}" if noun_decl.kinds else "card"
        plural = noun_decl.plural or plural_of(noun_decl.word)
        add_noun(Noun(noun_id, noun_decl.word, plural, noun_decl.word[:1].isupper()), meaning, ("nouns", index, "word"))
        if not noun_decl.word.lower().endswith("card"):  # `ally card`, as for a kind
            card_word = f"{noun_decl.word} card"
            add_noun(Noun(f"{noun_id}-card", card_word, f"{card_word}s", False), meaning)
    for core_id, word, many in (("card", "card", "cards"), ("player", "player", "players"), ("opponent", "opponent", "opponents"), ("ability", "ability", "abilities")):  # fmt: skip
        if core_id not in nouns and all(n.singular.lower() != word for n in nouns.values()):
            nouns[core_id] = Noun(core_id, word, many, capitalised=False)
            meanings.append((f"noun:{core_id}", "card" if core_id == "card" else core_id))

    adjectives: list[str] = []
    for adjective in decl.adjectives:
        word = adjective.word
        adjectives.append(word)
        meaning = adjective.means or (word.lower() if word.lower() in CORE_ADJECTIVES else None)
        if meaning:
            meanings.append((f"adjective:{word.lower()}", meaning))
    statuses = []
    for status in decl.statuses:
        status_id = status.id or slug(status.adjective)
        statuses.append(Noun(status_id, status.verb, status.verb))
        adjectives.append(status.adjective)
        meanings.append((f"adjective:{status.adjective.lower()}", f"status={status_id}"))

    fixed = [("this-card", "this card"), ("this-card", "this")]
    fixed += [("this-card", f"this {n.singular}") for n in nouns.values() if n.id not in PLAYERS | {"card", "ability"}]
    fixed += [("it", "it"), ("them", "them"), ("they", "they"), ("you", "you"), ("its-controller", "its controller")]
    fixed += [("the-rest", "the rest"), *((slug(name), name) for name in decl.names)]
    names = frozenset(slug(name) for name in decl.names)  # what a name names is the game's: any check passes
    postfixes = [
        ("you-control", "you control"),
        ("opponent-controls", "an opponent controls"),
        ("your-opponent-controls", "your opponent controls"),
        *((slug(words), words) for words in decl.restrictions),
    ]

    zones = []
    declared_zones = list(decl.zones)
    if not any(
        (z.id or slug(z.word)) == "play" or (z.is_ == "play" and z.word.lower() == "play") for z in declared_zones
    ):
        declared_zones.append(ZoneDeclaration(word="play", plural="play"))  # `into play`, `in play`: every game's
    for zone in declared_zones:
        zone_id = zone.id or slug(zone.word)
        zones.append(Noun(zone_id, zone.word, zone.plural or plural_of(zone.word)))
        role = zone.is_ or (zone_id if zone_id in ZONE_ROLES else "aside")
        meanings.append((f"zone:{zone_id}", role))
    resources = [Noun(r.id or slug(r.word), r.word, r.plural or r.word, r.word[:1].isupper()) for r in decl.resources]
    icons = {r.word.lower(): r.icon for r in decl.resources if r.icon}
    icons.update({(r.id or slug(r.word)): r.icon for r in decl.resources if r.icon})
    declared_stats = {s.id or slug(s.word): s for s in decl.stats}
    stat_words = [
        Noun(sid, declared_stats[sid].word if sid in declared_stats else label.lower(), "") for sid, label in stats
    ]
    stat_words += [Noun(sid, s.word, "") for sid, s in declared_stats.items() if sid not in {w.id for w in stat_words}]
    for index, stat_id in enumerate(decl.pair):
        if stat_id not in {w.id for w in stat_words}:
            out.problems.append(VocabularyProblem(("pair", index), f"'{stat_id}' is not a stat of the game"))
    if decl.pair and len(decl.pair) != 2:
        out.problems.append(VocabularyProblem(("pair",), "pair names two stats: the ones a `+1/+1` changes"))

    kind_ids = frozenset(k.id for k in kinds)
    in_play = frozenset(decl.in_play) if decl.in_play is not None else kind_ids
    for name, listed in (("in_play", decl.in_play or []), ("damageable", decl.damageable or [])):
        for index, noun_id in enumerate(listed):
            if noun_id not in kind_ids and noun_id not in nouns and noun_id not in PLAYERS:
                out.problems.append(VocabularyProblem((name, index), f"'{noun_id}' is not a kind or noun of the game"))

    def naming(allowed: frozenset[str]) -> frozenset[str]:
        """Noun ids that name only cards of the allowed kinds."""
        found = set()
        for key, meaning in meanings:
            if key.startswith("noun:") and meaning.startswith("kinds="):
                named = set(meaning.split()[0].removeprefix("kinds=").split(","))
                if named and named <= allowed:
                    found.add(key.removeprefix("noun:"))
        return frozenset(found)

    every = frozenset(nouns) | {"it", "this-card", "them", "the-rest", "they"} | names
    if decl.damageable is not None:
        damageable = frozenset(decl.damageable)
        players = PLAYERS if damageable & PLAYERS else frozenset()
        with_health = damageable | naming(damageable) | players | {"card", "it", "this-card", "them", "they"} | names
    else:
        with_health = every | PLAYERS
    permanents = naming(in_play) | {"card", "it", "this-card", "them", "the-rest", "they"} | names
    counterable = naming(kind_ids - in_play) | {"card", "ability", "it", "them"} | names
    core_nouns = CoreNouns(
        players=PLAYERS | names, with_health=with_health, counterable=counterable, permanents=permanents
    )
    pair = (decl.pair[0], decl.pair[1]) if len(decl.pair) == 2 else None
    vocab = Vocabulary(
        nouns=tuple(nouns.values()),
        adjectives=tuple(adjectives),
        fixed_selectors=tuple(dict.fromkeys(fixed)),
        postfixes=tuple(dict.fromkeys(postfixes)),
        resources=tuple(resources),
        icons=icons,
        activatable_kinds=in_play,
        pronouns=frozenset({"it", "its-controller", "that-player", "them", "the-rest", "they"}),
        broad=True,
        zones=tuple(zones),
        counters=tuple(Noun(c.id or slug(c.word), c.word, c.word) for c in decl.counters),
        stats=tuple(stat_words),
        statuses=tuple(statuses),
        tokens=tuple(Noun(t.id or slug(t.word), t.word, t.plural or plural_of(t.word)) for t in decl.tokens),
        phases=tuple(Noun(p.id or slug(p.word), p.word, p.word) for p in decl.phases),
        verbs=tuple(Noun(v.id or slug(v.word), v.word, v.third or plural_of(v.word)) for v in decl.verbs if not v.is_),
        # A game's word for a core verb takes the core verb's forms (its participle below), not a past tense.
        past_verbs=tuple(Noun(v.id or slug(v.word), v.past or past_of(v.word), "") for v in decl.verbs if not v.is_),
        # One word only: `special summoned` after a noun would read alike with `Each player special summons`.
        participles=tuple(_participle(v) for v in decl.verbs if v.is_ and len(v.word.split()) == 1),
        target_words=tuple(w.lower() for w in decl.chosen),
        stat_pair=pair,
        meanings=tuple(meanings),
    )
    return vocab, core_nouns


def _participle(verb: VerbDeclaration) -> Noun:
    """A game verb's participle, for `each card trashed this way` (its id is the verb's)."""
    word = " ".join(verb.word.split())
    past = verb.past or past_of(word)
    return Noun(verb.id or slug(word), past, past)


def _unknown_kind(kind_id: str, kinds: list[KindWords], path: Path) -> VocabularyProblem:
    close = difflib.get_close_matches(kind_id, [k.id for k in kinds], n=1)
    return VocabularyProblem(
        path, f"'{kind_id}' is not a kind of this game", f"did you mean '{close[0]}'?" if close else None
    )


def _core(decl: VocabularyDeclaration, nouns: CoreNouns, out: Declared) -> list[EffectEntry]:
    offered = {e.name: e for e in every_core_entry(nouns, broad=True)}
    if decl.core == "all":
        for name in offered:
            out.places[name] = ("core",)
        return list(offered.values())
    kept = []
    for name, examples in decl.core.items():
        if name not in offered:
            if name in SUPERSEDED:
                message = f"'{name}' is a classic phrase; a vocabulary uses '{SUPERSEDED[name]}' instead"
                hint = None
            else:
                close = difflib.get_close_matches(name, list(offered), n=2)
                message = f"'{name}' is not a core phrase"
                hint = f"did you mean {' or '.join(repr(c) for c in close)}?" if close else None
            out.problems.append(VocabularyProblem(("core", name), message, hint, "E-UNKNOWN-EFFECT"))
            continue
        entry = offered[name]
        kept.append(replace(entry, examples=tuple(examples)) if examples else entry)
        out.places[name] = ("core", name)
    return kept


# Slot names a designer writes for a type without naming it: `{target}` is a selector, `{amount}` a number.
SLOT_TYPES = {"target": "selector", "card": "selector", "player": "selector", "amount": "number", "cards": "kinds"}


def _slot_params(
    text: str, slots: Mapping[str, str], path: Path, out: Declared, minimum: bool = True
) -> tuple[Param, ...] | None:
    """The typed parameters of a declared pattern: a slot named after a type has that type (`{number}`),
    so does `{target}` (a selector); None if a slot has no type (reported)."""
    params = []
    failed = False
    for slot in dict.fromkeys(pattern_slots(text)):
        type_name = slots.get(slot, SLOT_TYPES.get(slot, slot))
        if type_name not in PARAM_TYPES:
            close = difflib.get_close_matches(type_name, PARAM_TYPES, n=1)
            out.problems.append(
                VocabularyProblem(
                    path,
                    f"'{{{slot}}}' has no type: name the slot after a type, or give it one under slots:",
                    f"did you mean '{{{close[0]}}}'?" if close else f"types: {', '.join(PARAM_TYPES)}",
                )
            )
            failed = True
            continue
        params.append(Param(slot, type_name, minimum=1 if minimum and type_name in {"number", "count"} else None))
    return None if failed else tuple(params)


def _check_kinds(kinds: list[str], kind_ids: set[str], path: Path, out: Declared) -> None:
    """A keyword's or phrase's `kinds:` must name kinds of the game (each unknown one located)."""
    for k_index, kind_id in enumerate(kinds):
        if kind_id not in kind_ids:
            out.problems.append(
                _unknown_kind(kind_id, [KindWords(k, k, k) for k in sorted(kind_ids)], (*path, "kinds", k_index))
            )


def _keywords(decl: VocabularyDeclaration, kind_ids: set[str], out: Declared) -> list[EffectEntry]:
    entries = []
    for index, keyword in enumerate(decl.keywords):
        path: Path = ("keywords", index)
        _check_kinds(keyword.kinds, kind_ids, path, out)
        role = KEYWORD_ROLES[keyword.role]
        reminder = keyword.reminder or (
            f"Only if {keyword.means.strip().rstrip('.')}." if role == "condition-keyword" and keyword.means else ""
        )
        if role in {"keyword", "condition-keyword"} and not reminder:
            out.problems.append(
                VocabularyProblem(
                    (*path, "keyword"), f"the keyword '{keyword.keyword}' needs its reminder text (reminder:)"
                )
            )
            continue
        params = _slot_params(keyword.keyword, keyword.slots, (*path, "keyword"), out)
        if params is None:
            continue
        name = "kw-" + slug(re.sub(r"\{[a-z_]+\}", "", keyword.keyword))
        entries.append(
            EffectEntry(
                name,
                role,
                (Pattern(keyword.keyword),),
                keyword.meaning or _meaning(keyword),
                tuple(keyword.examples) or (_sample(keyword.keyword, keyword.role),),
                params,
                frozenset(keyword.kinds) or None,
                reminder=reminder,
                means=keyword.means,
            )
        )
        out.places[name] = path
    return entries


def _meaning(keyword: KeywordDeclaration) -> str:
    if keyword.means:
        written = re.sub(r"\{([a-z_]+)\}", r"\1", keyword.means).rstrip(".")
        return f"Means: {written}."
    text = keyword.reminder.strip() or keyword.keyword
    return re.sub(r"\{([a-z_]+)\}", r"\1", text if text.endswith(".") else text + ".")


# A value of each type for the example a declared keyword gets when it gives none.
SAMPLES = {"number": "1", "count": "1"}


# The example a keyword gets when it gives none: its words, on the line shape its role makes.
SAMPLE_LINES = {
    "keyword": "{}",
    "trigger": "{}: Draw a card.",
    "cost": "{}: Draw a card.",
    "condition": "{} - Draw a card.",
    "window": "{}: When you play this card, draw a card.",
}


def _sample(pattern: str, role: str) -> str:
    words = re.sub(r"\{([a-z_]+)\}", lambda m: SAMPLES.get(m.group(1), m.group(1)), pattern)
    words = re.sub(r"\(s\)", "", re.sub(r"\(([a-z]*)\|[a-z]*\)", r"\1", words))  # `Card(s)` after 1: `Card`
    return SAMPLE_LINES[role].format(words)


def _phrases(decl: VocabularyDeclaration, kind_ids: set[str], out: Declared) -> list[EffectEntry]:
    entries = []
    for index, phrase in enumerate(decl.phrases):
        path: Path = ("phrases", index)
        _check_kinds(phrase.kinds, kind_ids, path, out)
        params = _slot_params(phrase.phrase, phrase.slots, (*path, "phrase"), out)
        if params is None:
            continue
        name = phrase.id or slug(re.sub(r"\{[a-z_]+\}", " ", phrase.phrase))
        entries.append(
            EffectEntry(
                name,
                phrase.role,
                (Pattern(phrase.phrase),),
                phrase.meaning or _phrase_meaning(phrase),
                tuple(phrase.examples),
                params,
                frozenset(phrase.kinds) or None,
                means=phrase.means,
            )
        )
        out.places[name] = path
    return entries


def _phrase_meaning(phrase: PhraseDeclaration) -> str:
    """`Means: Deal 1 damage to target, then draw a card.`: the meaning as the glossary prints it."""
    text = re.sub(r"\{([a-z_]+)\}", lambda m: m.group(1).replace("_", " "), phrase.means.strip())
    return f"Means: {text.rstrip('.')}."
