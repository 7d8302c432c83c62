"""Semantic checks: a sentence that parses may still mean nothing the engine allows.

The checks read the registry's declarations (allowed card kinds, what each
selector parameter may name, minimum numbers) rather than knowing effects by
name, so a new game's entries are checked the same way.
"""

from __future__ import annotations

from carddb.rules.ast import (
    Ability,
    ActivatedAbility,
    KeywordAbility,
    Number,
    Phrase,
    Selector,
    TimedAbility,
    TriggeredAbility,
    Value,
    gated,
    phrases,
)
from carddb.rules.canonical import Renderer, _join
from carddb.rules.language import RulesLanguage, Vocabulary
from carddb.rules.problems import Problem
from carddb.rules.registry import REMINDED_ROLES, EffectEntry, Param

# Abilities the pronoun check skips: keyword lines, and triggers whose event is what a pronoun
# refers to. A tuple, not `A | B`: isinstance with a union builds it on every call (every line).
_NO_PRONOUN_CHECK = (KeywordAbility, TimedAbility, TriggeredAbility)


def check_ability(ability: Ability, language: RulesLanguage, kind: str | None) -> list[Problem]:
    """Problems of one parsed ability on a card of `kind` (None: kind unknown, skip kind checks)."""
    problems: list[Problem] = []
    registry = language.registry
    # Behind a condition keyword (`Raiding - ...`) the gated ability is checked for what it is.
    shape = gated(ability)
    # Only cards that stay in play (the game's vocabulary says which) have abilities someone activates.
    activatable = language.vocabulary.activatable_kinds
    if isinstance(shape, ActivatedAbility) and kind is not None and kind not in activatable:
        first = shape.costs[0]
        kinds = [_kind_label(language, k, plural=True) for k in sorted(activatable)]
        where = ", ".join(kinds[:-1]) + f" or {kinds[-1]}" if len(kinds) > 1 else "".join(kinds) or "no card"
        problems.append(
            Problem(
                "E-RULES-COST-KIND",
                f"a {_kind_label(language, kind)} is not in play to activate an ability; costs such as "
                f"'{_text(language, first)}' belong on {where}",
                first.start,
                first.end,
            )
        )
    found = phrases(ability)
    for phrase in found:
        entry = registry[phrase.entry]
        if kind is not None and entry.kinds is not None and kind not in entry.kinds:
            problems += _kind_problems(phrase, entry, language, kind)
        if entry.checked_params:
            problems += _argument_problems(phrase, entry, language, kind)
        if entry.activated_only and not isinstance(shape, ActivatedAbility):
            problems.append(
                Problem(
                    "E-RULES-MISPLACED",
                    f"'{_text(language, phrase)}' restricts an activated ability, but this line has no cost",
                    phrase.start,
                    phrase.end,
                    hint="write it after the effects of a `COST: EFFECT.` ability",
                )
            )
    if not isinstance(shape, _NO_PRONOUN_CHECK) and _names_a_pronoun(found, language.vocabulary):
        problems += _pronoun_problems(shape, language, found)
    return problems


def check_text_shape(
    abilities: list[tuple[Ability, int]], language: RulesLanguage, kind: str
) -> list[tuple[Problem, int]]:
    """Checks over a card's whole text: (problem, index of the line it belongs to)."""
    out: list[tuple[Problem, int]] = []
    # Kinds that need a timing condition are the kinds the registry's timing entries allow.
    needs_timing = kind in language.timing_kinds
    timed = [(a, i) for a, i in abilities if isinstance(a, TimedAbility)] if needs_timing else []
    if needs_timing and not timed and abilities:
        first, index = abilities[0]
        timing = next((e for e in language.registry.of_role("timing") if e.kinds and kind in e.kinds), None)
        example = f", e.g. '{timing.examples[0]}'" if timing else ""
        out.append(
            (
                Problem(
                    "E-REACTION-TIMING",
                    f"{_article(_kind_label(language, kind))} {_kind_label(language, kind)} needs a timing condition"
                    + example,
                    first.start,
                    max(first.end, first.start + 1),
                ),
                index,
            )
        )
    if needs_timing and len(timed) > 1:
        extra, index = timed[1]
        out.append(
            (
                Problem(
                    "E-REACTION-TIMING",
                    f"{_article(_kind_label(language, kind))} {_kind_label(language, kind)} has exactly one timing "
                    "condition; this is a second one",
                    extra.start,
                    extra.end,
                ),
                index,
            )
        )
    for required_kind, entry_name, message in language.vocabulary.required_phrases:
        if (
            kind == required_kind
            and abilities
            and entry_name in language.registry
            and not any(p.entry == entry_name for a, _ in abilities for p in phrases(a))
        ):
            first, index = abilities[0]
            out.append(
                (
                    Problem("E-RULES-WRONG-KIND", message, first.start, max(first.end, first.start + 1)),
                    index,
                )
            )
    return out


def _kind_problems(phrase: Phrase, entry: EffectEntry, language: RulesLanguage, kind: str | None) -> list[Problem]:
    if kind is None or entry.kinds is None or kind in entry.kinds:
        return []
    allowed = ", ".join(_kind_label(language, k) + "s" for k in sorted(entry.kinds))
    what = _text(language, phrase)
    here = _kind_label(language, kind)
    if entry.role in REMINDED_ROLES:
        return [
            Problem(
                "E-RULES-KEYWORD-KIND",
                f"the {entry.role.replace('-', ' ')} '{what}' is for {allowed}, not a {here}",
                phrase.start,
                phrase.end,
            )
        ]
    if entry.role == "timing":
        return [
            Problem(
                "E-TIMING-NOT-REACTION",
                f"'{what} - ...' is the timing condition of {allowed}; this card is {_article(here)} {here}",
                phrase.start,
                phrase.end,
                hint="write the ability as a trigger: 'When EVENT, EFFECT.'",
            )
        ]
    return [
        Problem(
            "E-RULES-WRONG-KIND",
            f"'{what}' can only be used on {allowed}, not on a {here}",
            phrase.start,
            phrase.end,
        )
    ]


def _argument_problems(phrase: Phrase, entry: EffectEntry, language: RulesLanguage, kind: str | None) -> list[Problem]:
    problems: list[Problem] = []
    checked = entry.checked_params
    for name, value in phrase.args:
        param = checked.get(name)
        if param is None:
            continue
        if isinstance(value, Number) and param.minimum is not None and value.value < param.minimum:
            problems.append(
                Problem(
                    "E-RULES-WRONG-ARGUMENT",
                    f"'{_text(language, phrase)}' needs at least {param.minimum}, not {value.value}",
                    value.start,
                    value.end,
                )
            )
        if isinstance(value, Selector) and param.nouns is not None and value.noun not in param.nouns:
            problem = _selector_problem(value, param, language, kind)
            if problem:
                problems.append(problem)
    return problems


def _selector_problem(selector: Selector, param: Param, language: RulesLanguage, kind: str | None) -> Problem | None:
    assert param.nouns is not None
    noun = selector.noun
    if noun in param.nouns:
        return None
    if noun == "this-card" and kind is not None:
        noun = kind
        if noun in param.nouns:
            return None
    elif noun == "this-card":
        return None
    shown = _join(Renderer(language).selector(selector))
    message = f"'{shown}' {param.reason}" if param.reason else f"'{shown}' cannot be used here"
    if param.violation == "E-TARGET-NO-HEALTH":
        label = _noun_label(language, noun)
        named = label.split()[0].lower() in {"the", "this", "that", "your", "its", "any", "it"}  # `the villain`
        message += f": {label if named else _article(label) + ' ' + label} has no health"
    return Problem(param.violation, message, selector.start, selector.end)


def _names_a_pronoun(found: list[Phrase], vocabulary: Vocabulary) -> bool:
    """Whether these phrases name a pronoun or a postfix that holds one; without one the pronoun
    check has nothing to report, and most lines have none."""
    for phrase in found:
        for _, arg in phrase.args:
            if isinstance(arg, Selector | tuple) and _holds_pronoun(arg, vocabulary):
                return True
    return False


def _holds_pronoun(value: object, vocabulary: Vocabulary) -> bool:
    """A pronoun among the selectors `_pronoun_problems` collects from `value` (phrases inside are in `found`)."""
    if isinstance(value, Selector):
        if value.det == "fixed" and value.noun in vocabulary.pronouns:
            return True
        return any(post.name in vocabulary.pronoun_postfixes for post in value.post)
    if isinstance(value, tuple):
        return any(_holds_pronoun(item, vocabulary) for item in value)
    return False


def _pronoun_problems(ability: Ability, language: RulesLanguage, found: list[Phrase]) -> list[Problem]:
    """Pronouns (`it`, `its controller`, `that player`) need something earlier in the ability to refer to.

    `found` are the ability's phrases (`phrases(ability)`).
    """
    pronouns, holders = language.vocabulary.pronouns, language.vocabulary.pronoun_postfixes
    selectors: list[Selector] = []

    def visit(value: Value | object) -> None:
        if isinstance(value, Selector):
            selectors.append(value)
            for post in value.post:
                if post.name in holders:
                    selectors.append(Selector("fixed", "it", start=post.start, end=post.end))
        elif isinstance(value, Phrase):
            for _, arg in value.args:
                visit(arg)
        elif isinstance(value, tuple):
            for item in value:
                visit(item)

    for phrase in found:
        for _, arg in phrase.args:
            visit(arg)
    if not any(s.det == "fixed" and s.noun in pronouns for s in selectors):
        return []  # the usual case, without hashing and sorting every selector
    problems: list[Problem] = []
    for selector in sorted(set(selectors), key=lambda s: s.start):
        if selector.det != "fixed" or selector.noun not in pronouns:
            continue
        earlier = [s for s in selectors if s.start < selector.start and not (s.det == "fixed" and s.noun == "you")]
        if isinstance(ability, TimedAbility | TriggeredAbility) or earlier:
            continue
        shown = _noun_label(language, selector.noun)
        problems.append(
            Problem(
                "E-RULES-AMBIGUOUS",
                f"'{shown}' refers to nothing earlier in this ability",
                selector.start,
                selector.end,
                hint="name what it is (e.g. 'target card') or put it after the sentence that names it",
            )
        )
    return problems


def _kind_label(language: RulesLanguage, kind: str, *, plural: bool = False) -> str:
    noun = language.vocabulary.noun(kind)
    if noun is None:
        return kind
    return noun.plural if plural else noun.singular


def _noun_label(language: RulesLanguage, noun_id: str) -> str:
    noun = language.vocabulary.noun(noun_id)
    if noun:
        return noun.singular
    return (
        language.vocabulary.fixed_text(noun_id)
        if any(s == noun_id for s, _ in language.vocabulary.fixed_selectors)
        else noun_id
    )


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _text(language: RulesLanguage, phrase: Phrase) -> str:
    return _join(Renderer(language).phrase(phrase, initial=True))
