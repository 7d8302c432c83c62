"""Condition keywords (`CONDITION - ABILITY`) and pack-declared word types, in the shared grammar.

The language under test is LOE v1's plus the condition keywords of `condition_language`:
parsing, canonical text, printed runs with reminder text and icons, located errors, the
registry's own checks, `carddb fmt`, and a property test on mutated lines.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from condition_language import CONDITIONS, RESOURCES, condition_language
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carddb.findings.codes import CODES
from carddb.rules.ast import (
    ActivatedAbility,
    ConditionedAbility,
    KeywordAbility,
    SentenceAbility,
    TriggeredAbility,
    Words,
    phrases,
)
from carddb.rules.canonical import ability_runs, ability_text
from carddb.rules.fmt import format_file, write_formatted
from carddb.rules.markup import Run
from carddb.rules.parser import parse_ability
from carddb.rules.problems import Problem
from carddb.rules.registry import EffectEntry, Param, Pattern, TypeWord, WordType, build_registry
from carddb.rules.text import rules_problems

LANG = condition_language()


def _parse(line: str) -> ConditionedAbility:
    result = parse_ability(line, LANG)
    assert isinstance(result, ConditionedAbility), result
    return result


@pytest.mark.parametrize(
    ("line", "condition", "gated"),
    [
        ("Raiding - Draw a card.", "raiding", SentenceAbility),
        ("Worship - When you play a Spell, draw a card.", "worship", TriggeredAbility),
        ("No Affinity - Ambush", "no-affinity", KeywordAbility),
        ("Upgraded 2 - Pay 1 powerstone: Draw a card.", "upgraded", ActivatedAbility),
        ("Affinity Subject - Armor 1, Ambush", "affinity", KeywordAbility),
        ("Devoted to Veldmoor - Dukes you control get +1 health.", "devoted", SentenceAbility),
    ],
)
def test_a_condition_keyword_gates_any_ability_shape(line: str, condition: str, gated: type) -> None:
    ability = _parse(line)
    assert ability.condition.entry == condition
    assert isinstance(ability.ability, gated)
    assert line[ability.condition.start : ability.condition.end] == line.split(" - ")[0]
    assert line[ability.ability.start : ability.ability.end] == line.split(" - ", 1)[1]
    assert ability_text(ability, LANG) == line
    assert phrases(ability)[0] is ability.condition


def test_a_word_list_is_a_multiset_in_the_declared_order() -> None:
    written = _parse("affinity influence subject SUBJECTS - draw a card.")
    value = written.condition.arg("resources")
    assert value == Words("resource-list", ("subject", "subject", "influence"))
    assert _parse("Affinity Subject Influence Subject - Draw a card.") == written
    assert ability_text(written, LANG) == "Affinity Subject Subject Influence - Draw a card."
    assert parse_ability(ability_text(written, LANG), LANG) == written


def test_every_example_of_the_conditions_parses_checks_and_round_trips() -> None:
    for entry in CONDITIONS:
        kind = sorted(entry.kinds)[0] if entry.kinds else "duke"  # Dukes may use Ambush and activate
        for example in entry.examples:
            ability = _parse(example)
            assert entry.name in {p.entry for p in phrases(ability)}
            assert rules_problems(example, LANG, kind) == [], example
            assert parse_ability(ability_text(ability, LANG), LANG) == ability


def test_printed_runs_show_icons_for_the_word_list_and_the_filled_in_reminder() -> None:
    runs = ability_runs(_parse("Affinity Influence Subject Subject - Draw a card."), LANG)
    assert runs == (
        Run("keyword", "Affinity"),
        Run("text", " "),
        Run("icon", "subject"),
        Run("icon", "subject"),
        Run("icon", "influence"),
        Run("reminder", "only if you control at least 2 Subjects and 1 Influence"),
        Run("text", " \u2013 Draw a card."),  # an en dash in print, a hyphen in canonical text
    )


def test_a_number_parameter_fills_the_reminder_and_the_gated_keyword_keeps_its_own() -> None:
    runs = ability_runs(_parse("Upgraded 3 - Ward 2"), LANG)
    assert runs[:2] == (Run("keyword", "Upgraded 3"), Run("reminder", "only if this card has 3 or more counters"))
    assert runs[3] == Run("keyword", "Ward 2")
    assert runs[4].kind == "reminder" and "2 powerstones" in runs[4].text


def test_a_one_word_type_reads_as_its_word() -> None:
    runs = ability_runs(_parse("Devoted to Ashmarch - Draw a card."), LANG)
    assert runs[:2] == (Run("keyword", "Devoted to Ashmarch"), Run("reminder", "only if your Lord is from Ashmarch"))


BAD = [
    ("ritual", "Raidng - Draw a card.", "E-UNKNOWN-CONDITION", "Raidng"),
    ("ritual", "Affinty Subject - Draw a card.", "E-UNKNOWN-CONDITION", "Affinty Subject"),
    ("ritual", "Affinity - Draw a card.", "E-RULES-KEYWORD-PARAM", "Affinity"),
    ("ritual", "Upgraded - Draw a card.", "E-RULES-KEYWORD-PARAM", "Upgraded"),
    ("ritual", "Upgraded X - Draw a card.", "E-RULES-KEYWORD-PARAM", "X"),
    ("ritual", "Devoted to - Draw a card.", "E-RULES-KEYWORD-PARAM", "Devoted to"),
    ("ritual", "Affinity Wood - Draw a card.", "E-RULES-UNKNOWN-WORD", "Wood"),
    ("ritual", "Affinity Subject Gold - Draw a card.", "E-RULES-UNKNOWN-WORD", "Gold"),
    ("ritual", "Devoted to Ashmar - Draw a card.", "E-RULES-UNKNOWN-WORD", "Ashmar"),
    ("spell", "Upgraded 2 - Draw a card.", "E-RULES-KEYWORD-KIND", "Upgraded 2"),
    ("duke", "Upgraded 0 - Draw a card.", "E-RULES-WRONG-ARGUMENT", "0"),
    ("spell", "Raiding - Pay 1 powerstone: Draw a card.", "E-RULES-COST-KIND", "Pay 1 powerstone"),
    ("spell", "Raiding - Ambush", "E-RULES-KEYWORD-KIND", "Ambush"),
    ("spell", "Raiding - Counter it.", "E-RULES-AMBIGUOUS", "it"),
    ("spell", "Raiding - Drw a card.", "E-UNKNOWN-EFFECT", "Drw"),
    ("spell", "Raiding - Deal 2 damage to target Item.", "E-TARGET-NO-HEALTH", "target Item"),
    ("duke", "Raiding - Ward", "E-RULES-KEYWORD-PARAM", "Ward"),
    ("reaction", "Raiding - Reaction - When an opponent plays a Spell: Counter it.", "E-RULES-SYNTAX", "Reaction"),
    ("spell", "Raiding Draw a card.", "E-RULES-SYNTAX", "Draw"),
    ("spell", "Raiding -", "E-RULES-SYNTAX", "END"),
]


@pytest.mark.parametrize(("kind", "text", "code", "word"), BAD, ids=[f"{c}:{t[:40]}" for _, t, c, _ in BAD])
def test_bad_condition_lines_are_reported_at_the_offending_words(kind: str, text: str, code: str, word: str) -> None:
    problems = rules_problems(text, LANG, kind)
    assert problems, "expected a finding"
    problem, offset = problems[0]
    assert problem.code == code, problem.message
    assert problem.code in CODES
    if word == "END":
        assert problem.start == len(text.rstrip())
    else:
        assert text[offset + problem.start : offset + problem.end] == word, problem


def test_unknown_condition_lists_them_and_suggests_the_closest() -> None:
    problem, _ = rules_problems("Raidng - Draw a card.", LANG, "ritual")[0]
    assert problem.message == (
        "'Raidng' is not a timing or condition keyword of this game "
        "(Reaction, Raiding, Worship, Affinity, No Affinity, Upgraded, Devoted to)"
    )
    assert problem.hint == "did you mean 'Raiding'?"


def test_wrong_word_of_a_word_type_names_the_type_and_the_closest_word() -> None:
    problem, _ = rules_problems("Devoted to Ashmar - Draw a card.", LANG, "ritual")[0]
    assert problem.message == "'Ashmar' is not a province of this game (provinces: Ashmarch, Veldmoor)"
    assert problem.hint == "did you mean 'Ashmarch'?"
    missing, _ = rules_problems("Affinity - Draw a card.", LANG, "ritual")[0]
    assert missing.message == ("the condition keyword 'Affinity' needs one or more resources, e.g. 'Affinity Subject'")


def test_kind_message_names_the_condition_keyword() -> None:
    problem, _ = rules_problems("Upgraded 2 - Draw a card.", LANG, "spell")[0]
    assert problem.message == "the condition keyword 'Upgraded 2' is for Dukes, Lords, not a Spell"


def test_fmt_rewrites_condition_lines_canonically_and_keeps_comments(tmp_path: Path) -> None:
    card_file = tmp_path / "cards.yaml"
    card_file.write_text(
        "# Raiders. This comment stays.\n"
        "- id: raider\n"
        "  kind: duke\n"
        "  text: |\n"
        "    upgraded two - pay 1 powerstone: draw a card.\n"
        "    affinity influence subject - ambush\n"
        "  flavor: Quick.  # so does this one\n",
        encoding="utf-8",
    )
    result = format_file(card_file, LANG)
    assert [c.card_id for c in result.changes] == ["raider"]
    write_formatted(result)
    assert card_file.read_text(encoding="utf-8") == (
        "# Raiders. This comment stays.\n"
        "- id: raider\n"
        "  kind: duke\n"
        "  text: |\n"
        "    Upgraded two - Pay 1 powerstone: Draw a card.\n"
        "    Affinity Subject Influence - Ambush\n"
        "  flavor: Quick.  # so does this one\n"
    )


def test_a_parameter_of_an_undeclared_type_is_refused_with_the_closest_type() -> None:
    entry = EffectEntry(
        "affinity",
        "condition-keyword",
        (Pattern("Affinity {resources}"),),
        "The condition is met if you control the resources.",
        ("Affinity Subject - Draw a card.",),
        (Param("resources", "resource-lists"),),
        reminder="only if you control {resources}",
    )
    with pytest.raises(ValueError, match="unknown type 'resource-lists'; did you mean 'resource-list'"):
        build_registry("bad", [entry], types=(RESOURCES,))


def test_a_condition_keyword_needs_reminder_text() -> None:
    with pytest.raises(ValueError, match="condition-keyword 'raiding' needs reminder text"):
        EffectEntry("raiding", "condition-keyword", (Pattern("Raiding"),), "Met when raiding.", ("Raiding - Draw.",))


def test_a_word_type_is_refused_when_it_repeats_an_id_or_shadows_a_core_type() -> None:
    with pytest.raises(ValueError, match="twice"):
        WordType("gems", "gem", (TypeWord("ruby", "Ruby"), TypeWord("ruby", "Rubies")))
    with pytest.raises(ValueError, match="core parameter type"):
        WordType("number", "number", (TypeWord("one", "One"),))


def test_prose_counts_repeated_words() -> None:
    assert RESOURCES.prose(["influence", "subject", "subject", "material"]) == (
        "2 Subjects, 1 Material and 1 Influence"
    )
    assert RESOURCES.prose(["material"]) == "1 Material"


SEEDS = sorted({example for entry in CONDITIONS for example in entry.examples})
WORDS = ["Raiding", "Affinity", "Subject", "Gold", "No", "-", "–", "Upgraded", "2", "to", "Ashmarch", ":", ","]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    tokens = draw(st.sampled_from(SEEDS)).split(" ")
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        i = draw(st.integers(min_value=0, max_value=len(tokens) - 1))
        op = draw(st.sampled_from(["drop", "insert", "replace"]))
        if op == "drop" and len(tokens) > 1:
            tokens.pop(i)
        elif op == "insert":
            tokens.insert(i, draw(st.sampled_from(WORDS)))
        else:
            tokens[i] = draw(st.sampled_from(WORDS))
    return " ".join(tokens)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=mutated(), kind=st.sampled_from([None, "duke", "spell", "ritual"]))
def test_mutated_condition_lines_never_raise_and_round_trip(line: str, kind: str | None) -> None:
    result = parse_ability(line, LANG)
    if isinstance(result, Problem):
        assert 0 <= result.start < result.end <= len(line) + 1
        assert result.code in CODES
    else:
        assert parse_ability(ability_text(result, LANG), LANG) == result
    for problem, _ in rules_problems(line, LANG, kind):
        assert problem.message and problem.code in CODES
