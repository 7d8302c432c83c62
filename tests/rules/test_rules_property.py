"""Property: whatever text a designer types, the parser answers with an AST or located findings, never a crash."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carddb.games.loe.vocabulary import loe_rules
from carddb.rules.ast import Node
from carddb.rules.canonical import ability_text
from carddb.rules.parser import parse_ability
from carddb.rules.problems import Problem
from carddb.rules.text import rules_problems

LANGUAGE = loe_rules()
KINDS = [None, "lord", "duke", "victory", "resource", "spell", "reaction", "item", "ritual"]
SEEDS = sorted({ex for entry in LANGUAGE.registry for ex in entry.examples})
WORDS = [*sorted(LANGUAGE.word_types), "Dragon", "mana", "42", "!", "{T}", "’s", "–", "\t", "  "]

seed_sentences = st.sampled_from(SEEDS)
words = st.sampled_from(WORDS)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A registry example with words dropped, swapped, inserted or re-cased."""
    tokens = draw(seed_sentences).split(" ")
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        op = draw(st.sampled_from(["drop", "insert", "replace", "swap", "case", "punct"]))
        i = draw(st.integers(min_value=0, max_value=max(0, len(tokens) - 1)))
        if op == "drop" and len(tokens) > 1:
            tokens.pop(i)
        elif op == "insert":
            tokens.insert(i, draw(words))
        elif op == "replace":
            tokens[i] = draw(words)
        elif op == "swap" and len(tokens) > 1:
            j = draw(st.integers(min_value=0, max_value=len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif op == "case":
            tokens[i] = tokens[i].swapcase()
        elif op == "punct":
            tokens[i] += draw(st.sampled_from([".", ",", ":", " -", "+"]))
    return " ".join(tokens)


def _assert_well_formed(text: str, kind: str | None) -> None:
    for line in text.splitlines() or [text]:
        result = parse_ability(line, LANGUAGE)
        if isinstance(result, Problem):
            assert 0 <= result.start < result.end <= len(line) + 1
        else:
            assert isinstance(result, Node)
            # Whatever parses renders to text that parses back to the same meaning.
            assert parse_ability(ability_text(result, LANGUAGE), LANGUAGE) == result
    for problem, offset in rules_problems(text, LANGUAGE, kind):
        assert problem.message
        assert 0 <= offset + problem.start <= len(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(max_size=80), kind=st.sampled_from(KINDS))
def test_arbitrary_text_never_raises(text: str, kind: str | None) -> None:
    _assert_well_formed(text, kind)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=mutated(), kind=st.sampled_from(KINDS))
def test_mutated_sentences_never_raise_and_round_trip_when_they_parse(text: str, kind: str | None) -> None:
    _assert_well_formed(text, kind)


@settings(max_examples=200, deadline=None)
@given(text=st.lists(words, min_size=1, max_size=14).map(" ".join), kind=st.sampled_from(KINDS))
def test_word_salad_from_the_vocabulary_never_raises(text: str, kind: str | None) -> None:
    _assert_well_formed(text, kind)
