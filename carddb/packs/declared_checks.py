"""Checks of a declared vocabulary against the language it makes: examples, meanings, reminder text.

Each example a vocabulary gives (of a keyword, a phrase, or a core phrase it keeps) must parse,
pass the rules checks on a kind that may use it, and use the entry it documents; a declared phrase's
meaning, with its first example's arguments written in, must parse as core rules text of its role;
reminder text may only name the keyword's slots. Problems come back with their place in the
vocabulary section and, for text, the offsets of the words at fault.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from carddb.packs.declared_language import Declared, Path
from carddb.rules.ast import Phrase, phrases
from carddb.rules.canonical import indefinite_article
from carddb.rules.language import RulesLanguage
from carddb.rules.means import MEANS_RULES, expanded, parse_means
from carddb.rules.problems import Problem
from carddb.rules.registry import EffectEntry, pattern_slots
from carddb.rules.text import parse_line, rules_problems, split_abilities


@dataclass(frozen=True)
class TextProblem:
    """A problem at `path` in the vocabulary; `text` and the offsets say which words, when it is about text."""

    path: Path
    code: str
    message: str
    hint: str | None = None
    text: str = ""
    start: int = 0
    end: int = 0


def check_declared(declared: Declared) -> list[TextProblem]:
    language = declared.language
    assert language is not None
    out: list[TextProblem] = []
    for name, path in declared.places.items():
        if path == ("core",):
            continue  # `core: all`: the core's own examples, checked by carddb's tests
        entry = language.registry[name]
        out += _examples(entry, path, language)
        if entry.means:
            out += _meaning(entry, path, language)
        if entry.reminder:
            unknown = sorted(
                set(re.findall(r"\{([a-z_]+)\}", entry.reminder)) - set(pattern_slots(entry.patterns[0].text))
            )
            if unknown:
                out.append(
                    TextProblem(
                        (*path, "reminder"),
                        "E-GAME-FILE",
                        f"the reminder names {', '.join('{' + u + '}' for u in unknown)}, which the keyword does not have",
                    )
                )
    return out


def _examples(entry: EffectEntry, path: Path, language: RulesLanguage) -> Iterator[TextProblem]:
    kind = sorted(entry.kinds)[0] if entry.kinds else None
    for index, example in enumerate(entry.examples):
        where: Path = (*path, "examples", index) if path[0] != "core" else (*path, index)
        found = rules_problems(example, language, kind)
        for problem, offset in found:
            yield TextProblem(
                where,
                problem.code,
                problem.message,
                problem.hint,
                example,
                offset + problem.start,
                offset + problem.end,
            )
        if found:
            continue
        used = {p.entry for _, line in split_abilities(example) for p in _phrases(parse_line(line, language))}
        if entry.name not in used:
            yield TextProblem(
                where,
                "E-GAME-FILE",
                f"this example does not use '{entry.patterns[0].text}'",
                text=example,
                end=len(example),
            )


def _phrases(result: object) -> list[Phrase]:
    return [] if isinstance(result, Problem) else phrases(result)  # type: ignore[arg-type]


def _meaning(entry: EffectEntry, path: Path, language: RulesLanguage) -> Iterator[TextProblem]:
    where: Path = (*path, "means")
    if MEANS_RULES.get(entry.role) is None:
        yield TextProblem(where, "E-GAME-FILE", f"a {entry.role.replace('-', ' ')} cannot have a meaning (means:)")
        return
    unknown = sorted(set(re.findall(r"\{([a-z_]+)\}", entry.means)) - {p.name for p in entry.params})
    if unknown:
        yield TextProblem(
            where,
            "E-GAME-FILE",
            f"means names {', '.join('{' + u + '}' for u in unknown)}, which the phrase does not have",
        )
        return
    use = _first_use(entry, language)
    if use is None:
        return  # its examples do not parse: reported with them
    result = parse_means(entry, use, language)
    if isinstance(result, Problem):
        text = expanded(entry, use, language)
        role = entry.role.replace("-", " ")
        yield TextProblem(
            where,
            result.code,
            f"what '{entry.patterns[0].text}' means is not core rules text of {indefinite_article(role)} {role}: "
            f"'{text}': {result.message}",
            result.hint,
        )


def _first_use(entry: EffectEntry, language: RulesLanguage) -> Phrase | None:
    for example in entry.examples:
        for _, line in split_abilities(example):
            for phrase in _phrases(parse_line(line, language)):
                if phrase.entry == entry.name:
                    return phrase
    return None
