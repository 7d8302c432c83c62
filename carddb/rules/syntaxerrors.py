"""Turning a parse that stopped into a problem a designer can act on: what was expected, the closest phrasings."""

from __future__ import annotations

import difflib
import re
from typing import Any

from carddb.rules.language import (
    DASHES,
    RulesLanguage,
    WordToken,
    words_of,
)
from carddb.rules.parsetable import UnexpectedWord
from carddb.rules.problems import Problem
from carddb.rules.registry import EffectEntry, pattern_slots
from carddb.rules.syntaxhints import keywords_with_periods, nothing_may_come

# -- turning parser errors into findings a designer can act on -----------------


def describe_unexpected(line: str, exc: UnexpectedWord, language: RulesLanguage) -> Problem:
    token = exc.token
    expected = {t for t in exc.expected if not t.startswith("NEVER_")}
    names = language.terminal_text
    vocab = language.vocabulary
    found = str(token)
    at_end = token.type == "$END"
    start = len(line.rstrip()) if at_end else token.start
    end = start + (1 if at_end else max(1, len(found)))
    expected_words = sorted(names.get(t, t.lower()) for t in expected)

    resource_words = {w.lower() for r in vocab.resources for w in (r.singular, r.plural)}
    noun_words = {w.lower().split()[0] for n in vocab.nouns for w in (n.singular, n.plural)}
    if token.type == "BADCHAR":
        return Problem("E-RULES-SYNTAX", f"unexpected character '{found}' in rules text", start, end)
    condition = _condition_prefix_problem(line, start, at_end, token, language)
    if condition is not None:
        return condition
    keyword_param = _keyword_param_problem(line, start, language)
    if keyword_param is not None:
        return keyword_param
    periods = keywords_with_periods(line, start, language)
    if periods is not None:
        return periods
    if not [w for w in expected_words if w != "end of text"]:
        return nothing_may_come(line, start, end, found, at_end, language)
    if at_end and "DOT" in expected:
        return Problem(
            "E-RULES-SYNTAX",
            "the sentence is not finished: it needs a period (or more words)",
            start,
            end,
            hint="each sentence ends with a period",
        )
    if at_end:
        return Problem(
            "E-RULES-SYNTAX", "the ability stops in the middle: " + _expected_list(expected_words), start, end
        )
    unknown_word = token.type == "WORD"
    at_keyword = _sentence_start(line, start) and bool(expected & _first_terminals(language, "keyword"))
    if _looks_like_keyword_line(line) and (at_keyword or unknown_word):
        part_start = line.rfind(",", 0, start) + 1
        part_start += len(line[part_start:]) - len(line[part_start:].lstrip())
        name = " ".join(w for w in line[part_start:].split(",")[0].rstrip(". ").split() if not w.isdigit()) or found
        keywords = [_entry_label(e) for e in language.registry.of_role("keyword")]
        close = difflib.get_close_matches(name, keywords, n=2, cutoff=0.7)
        return Problem(
            "E-UNKNOWN-KEYWORD",
            f"'{name}' is not a keyword of this game (keywords: {', '.join(keywords)})",
            part_start,
            part_start + len(name),
            hint=f"did you mean {' or '.join(repr(c) for c in close)}?" if close else None,
        )
    if not _line_start(line, start) and token.type in _first_terminals(language, "timing"):
        return Problem(
            "E-RULES-SYNTAX",
            f"a timing ('{found} - ...') can only start an ability; a condition keyword cannot gate it",
            start,
            end,
            hint=f"state the condition in the timing: '{found} - When EVENT, if CONDITION: EFFECT.'",
        )
    if not _line_start(line, start) and token.type in _first_terminals(language, "cost"):
        return Problem(
            "E-RULES-SYNTAX",
            f"a cost ('{found} ...') can only start an ability; put each ability on its own line",
            start,
            end,
        )
    expected_set = set(expected_words)
    declared = _declared_type_problem(found, start, end, expected, language)
    if declared is not None and token.type == "WORD":
        return declared
    # A resource slot may come here (every resource of the game is expected, maybe among other words).
    if expected_set and resource_words and (expected_set <= resource_words or resource_words <= expected_set):
        close = difflib.get_close_matches(found.lower(), sorted(resource_words), n=2)
        return Problem(
            "E-RULES-UNKNOWN-RESOURCE",
            f"'{found}' is not a resource of this game (resources: "
            + ", ".join(r.singular for r in vocab.resources)
            + ")",
            start,
            end,
            hint=f"did you mean {' or '.join(repr(c) for c in close)}?" if close else None,
        )
    unknown = token.type == "WORD" and found.lower() not in language.word_types
    if unknown and _expects_noun(expected, language) and (found[:1].isupper() or found.lower().endswith("s")):
        close = difflib.get_close_matches(found.lower(), sorted(noun_words), n=2)
        return Problem(
            "E-RULES-UNKNOWN-KIND",
            f"'{found}' is not a card kind or subtype of this game",
            start,
            end,
            hint=f"did you mean {' or '.join(repr(c) for c in close)}?" if close else None,
        )
    if _sentence_start(line, start):
        return _unknown_phrase(line, start, found, language)
    if token.type == "WORD":
        close = difflib.get_close_matches(found.lower(), expected_words, n=3)
        return Problem(
            "E-RULES-UNKNOWN-WORD",
            f"'{found}' is not a word of this game's rules text here; " + _expected_list(expected_words),
            start,
            end,
            hint=f"did you mean {', '.join(repr(c) for c in close)}?" if close else None,
        )
    return Problem(
        "E-RULES-SYNTAX",
        f"unexpected '{found}': " + _expected_list(expected_words),
        start,
        end,
    )


def _keyword_param_problem(line: str, start: int, language: RulesLanguage) -> Problem | None:
    """A keyword of a keyword line (`Ward`, `Damage Reduction`) whose parameter should come at `start`.

    The words of the keyword line's current part (after the last comma or condition dash)
    are the keyword's words up to its slot, so the parameter is what is missing or wrong.
    """
    cuts = [line.rfind(",", 0, start), line.rfind(":", 0, start)]
    if (dash := line.rfind(" - ", 0, start)) >= 0:
        cuts.append(dash + 2)
    part_start = max(cuts) + 1
    tokens = language.tokens(line[part_start:start])
    words = [t.lower() for t in tokens]
    if not words:
        return None
    for entry in language.registry.of_role("keyword"):
        for pattern in entry.patterns:
            slots = pattern_slots(pattern.text)
            if slots and _leading_words(pattern.text) == words:
                missing = not line[start : start + 1].isalpha()
                problem = _parameter_problem(entry, slots[0], language, missing=missing)
                if problem is not None:
                    return Problem(problem[0], problem[1], part_start + tokens[0].start, part_start + tokens[-1].end)
    return None


# A line `WORDS - ABILITY` opens with a condition keyword (`Raiding`, `Affinity Gold Gold`) or
# a timing (`Reaction`): at most this many words, then a dash.
_PREFIX_WORDS = 6


def _condition_prefix(line: str, language: RulesLanguage) -> int | None:
    """Where the dash after a condition keyword or timing starts, if the line opens with one."""
    for index, token in enumerate(language.tokens(line)):
        if DASHES.get(token, token) == "-":
            return token.start if index else None
        if index >= _PREFIX_WORDS or token.type == "BADCHAR" or not (token[:1].isalnum() or token[:1] == "{"):
            return None
    return None


def _leading_words(text: str) -> list[str]:
    """The words of a pattern before its first slot (`Damage Reduction {amount}` -> damage, reduction)."""
    return words_of(text.split("{")[0])


def _entry_label(entry: EffectEntry) -> str:
    """How the glossary names an entry: its first pattern without slots (`Affinity`, `Damage Reduction`)."""
    return " ".join(w for w in entry.patterns[0].text.split() if "{" not in w)


def _condition_prefix_problem(
    line: str, start: int, at_end: bool, token: WordToken, language: RulesLanguage
) -> Problem | None:
    """A mistake in the `CONDITION -` that opens a line: an unknown condition keyword, or its parameter."""
    dash = _condition_prefix(line, language)
    if dash is None or start > dash or at_end:
        return None
    gates = language.registry.of_role("condition-keyword", "timing")
    if not gates:
        return None
    prefix = line[:dash].strip()
    tokens = language.tokens(prefix)
    words = [t.lower() for t in tokens]
    for entry in gates:
        for pattern in entry.patterns:
            lead, slots = _leading_words(pattern.text), pattern_slots(pattern.text)
            if slots and words[: len(lead)] == lead:
                # The parameter's first word is missing (the dash came) or not one it can be.
                slot_at = tokens[len(lead)].start if len(tokens) > len(lead) else dash
                if start == slot_at:
                    problem = _parameter_problem(entry, slots[0], language, missing=start == dash)
                    if problem is not None:
                        span = (tokens[0].start, tokens[len(lead) - 1].end) if start == dash else (start, token.end)
                        return Problem(problem[0], problem[1], *span)
    labels = [_entry_label(e) for e in gates]
    if any(words[: len(w := words_of(label))] == w for label in labels):
        return None  # a known condition keyword: the mistake is elsewhere
    name = " ".join(w for w in prefix.split() if not w.isdigit())
    close = difflib.get_close_matches(name.lower(), [label.lower() for label in labels], n=2, cutoff=0.6)
    shown = [label for label in labels if label.lower() in close]
    roles = " or ".join(dict.fromkeys(e.role.replace("-", " ") for e in gates))
    return Problem(
        "E-UNKNOWN-CONDITION",
        f"'{name}' is not a {roles} of this game ({', '.join(labels)})",
        0,
        len(prefix),
        hint=f"did you mean {' or '.join(repr(c) for c in shown)}?" if shown else None,
    )


def _parameter_problem(
    entry: EffectEntry, slot: str, language: RulesLanguage, *, missing: bool
) -> tuple[str, str] | None:
    """(code, message) for a keyword or condition keyword whose parameter is missing or not a number.

    A wrong word where a declared word type is expected is `_declared_type_problem`'s to describe.
    """
    label = _entry_label(entry)
    what = entry.role.replace("-", " ")
    param = entry.param(slot)
    if param.type in {"number", "count"}:
        return "E-RULES-KEYWORD-PARAM", f"the {what} '{label}' needs a number, e.g. '{label} 1'"
    word_type = language.registry.word_type(param.type)
    if word_type is not None and missing:
        some = "one or more " + _plural(word_type.label) if word_type.many else indefinite(word_type.label)
        single = "" if word_type.many else f" {word_type.label}"
        return (
            "E-RULES-KEYWORD-PARAM",
            f"the {what} '{label}' needs {some}{single}, e.g. '{label} {word_type.words[0].singular}'",
        )
    return None


def _declared_type_problem(
    found: str, start: int, end: int, expected: set[str], language: RulesLanguage
) -> Problem | None:
    """An unknown word where the words of a declared word type (`Gold`, `Faith`...) are expected."""
    # Only where the words of one type are all that may come (besides punctuation): `Gain 2 Silver`
    # expects any resource, basic ones too, and is the resource check's to describe.
    punctuation = {language.word_types.get(mark) for mark in ".,:-"}
    words_expected = {t for t in expected if t not in punctuation}
    for word_type in language.registry.types:
        forms = {f.lower() for w in word_type.words for f in w.forms}
        names = {language.word_types.get(f) for f in forms}
        if not names or not names <= expected or not words_expected <= names:
            continue
        # Matched against every form (`Gemstonez` is closest to `Gemstones`), suggested once, as written singly.
        singular = {f.lower(): w.singular for w in word_type.words for f in w.forms}
        close = list(dict.fromkeys(singular[c] for c in difflib.get_close_matches(found.lower(), sorted(forms), n=2)))
        return Problem(
            "E-RULES-UNKNOWN-WORD",
            f"'{found}' is not {indefinite(word_type.label)} {word_type.label} of this game "
            f"({_plural(word_type.label)}: {', '.join(w.singular for w in word_type.words)})",
            start,
            end,
            hint=f"did you mean {' or '.join(repr(c) for c in close)}?" if close else None,
        )
    return None


def indefinite(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _plural(label: str) -> str:
    return label + ("es" if label.endswith(("s", "sh", "ch")) else "s")


def _looks_like_keyword_line(line: str) -> bool:
    """A line without sentences: no period, no colon, only short comma-separated parts."""
    short_parts = all(len(part.split()) <= 3 for part in line.split(","))
    return short_parts and "." not in line and ":" not in line


def _line_start(line: str, start: int) -> bool:
    return not line[:start].strip()


def _expected_list(words: list[str]) -> str:
    shown = [w for w in words if w != "end of text"][:12]
    more = " ..." if len(words) > 12 else ""
    return "expected " + ", ".join(f"'{w}'" if w != "a number" else w for w in shown) + more


def _sentence_start(line: str, start: int) -> bool:
    before = line[:start].rstrip()
    return before == "" or before.endswith((".", ":", ",", " -"))


_FIRST_CACHE: dict[tuple[int, str], set[str]] = {}


def _first_terminals(language: RulesLanguage, hook: str) -> set[str]:
    """Terminals that can start the given hook rule (computed from the grammar)."""
    key = (id(language), hook)
    if key not in _FIRST_CACHE:
        rules = language.parser.rules
        by_origin: dict[str, list[Any]] = {}
        for rule in rules:
            by_origin.setdefault(rule.origin.name, []).append(rule)
        seen: set[str] = set()
        out: set[str] = set()

        def visit(name: str) -> None:
            if name in seen:
                return
            seen.add(name)
            for rule in by_origin.get(name, []):
                if rule.expansion:
                    sym = rule.expansion[0]
                    if sym.is_term:
                        out.add(sym.name)
                    else:
                        visit(sym.name)

        visit(hook)
        _FIRST_CACHE[key] = out
    return _FIRST_CACHE[key]


def _expects_noun(expected: set[str], language: RulesLanguage) -> bool:
    nouns = _first_terminals(language, "noun") | _first_terminals(language, "nouns")
    return bool(expected & nouns) and len(expected & nouns) * 2 >= len(expected - {"DOT", "COMMA"})


def _unknown_phrase(line: str, start: int, found: str, language: RulesLanguage) -> Problem:
    rest = line[start:].split(".")[0].split(":")[0].strip() or found
    if start > 0 and _says_alone(rest, language):
        # A phrase of the game in a place it cannot come: `When ..., exhaust target creature, draw a card.`
        # reads the phrases after the trigger's comma as costs, so the effect is refused where it stands.
        return Problem(
            "E-RULES-SYNTAX",
            f"'{rest[:60]}' is a phrase of this game, but it cannot come here",
            start,
            start + max(1, len(found)),
            hint="join it to the phrase before with ', then' or 'and' (after a trigger, 'X, Y' reads as costs "
            "that end with a colon), or make it a sentence of its own",
        )
    close = closest_phrasings(rest, language)
    hint = "closest known phrasings: " + " | ".join(close) if close else None
    return Problem(
        "E-UNKNOWN-EFFECT",
        f"no effect of this game reads '{rest[:60]}'",
        start,
        start + max(1, len(found)),
        hint=hint,
    )


def _says_alone(text: str, language: RulesLanguage) -> bool:
    """Whether `text` is a whole sentence of the game on its own (`draw a card` -> `Draw a card.`)."""
    from carddb.rules.parser import parse_ability  # the parser reports through this module

    return bool(text) and not isinstance(parse_ability(f"{text[:1].upper()}{text[1:]}.", language), Problem)


def closest_phrasings(text: str, language: RulesLanguage, n: int = 3) -> list[str]:
    """The registry's example sentences that read most like `text`.

    Compared word by word on the first six words (difflib on characters is far too
    slow for long garbage lines, and a misspelt verb still leaves the rest matching).
    """
    query = text.lower().split()[:6]
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(query)
    scored: list[tuple[float, str]] = []
    for words, sentence in _example_sentences(language):
        matcher.set_seq1(words)
        if matcher.real_quick_ratio() >= 0.4 and matcher.quick_ratio() >= 0.4:
            ratio = matcher.ratio()
            if ratio >= 0.4:
                scored.append((ratio, sentence))
    scored.sort(key=lambda item: -item[0])
    return [sentence for _, sentence in scored[:n]]


_EXAMPLES: dict[int, list[tuple[list[str], str]]] = {}


def _example_sentences(language: RulesLanguage) -> list[tuple[list[str], str]]:
    """(opening words, sentence) for every sentence of every registry example, without repeats."""
    key = id(language)
    if key not in _EXAMPLES:
        seen: dict[str, tuple[list[str], str]] = {}
        for entry in language.registry:
            for example in entry.examples:
                for sentence in re.split(r"(?<=[.:]) |, ", example):
                    sentence = sentence.rstrip(".:")
                    seen.setdefault(sentence.lower(), (sentence.lower().split()[:6], sentence))
        _EXAMPLES[key] = list(seen.values())
    return _EXAMPLES[key]
