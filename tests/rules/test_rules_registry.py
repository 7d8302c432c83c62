"""The whole registry at once: every entry is documented, and every example parses, checks and round-trips."""

from __future__ import annotations

import pytest

from carddb.cards.rulescheck import rules_problems
from carddb.games.loe.vocabulary import loe_rules
from carddb.packs.lookup import get_pack
from carddb.rules.ast import phrases
from carddb.rules.canonical import ability_text
from carddb.rules.parser import parse_ability
from carddb.rules.problems import Problem
from carddb.rules.registry import PARAM_TYPES, EffectEntry
from carddb.rules.text import split_abilities

LOE = loe_rules()
ENTRIES = list(LOE.registry)


def _kind_for(entry: EffectEntry, example: str) -> str:
    """A card kind on which the example is legal."""
    if entry.kinds:
        return sorted(entry.kinds)[0]
    if example.startswith("Reaction -"):
        return "reaction"
    if ":" in example and not example.startswith("Reaction"):
        return "duke"
    if example.startswith("Win if"):
        return "victory"
    return "ritual" if entry.role in {"static", "trigger", "event"} else "spell"


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_entry_is_documented(entry: EffectEntry) -> None:
    assert entry.meaning.endswith(".") and len(entry.meaning.split()) >= 4
    assert entry.examples
    assert entry.patterns
    assert all(p.type in PARAM_TYPES for p in entry.params)
    if entry.role == "keyword":
        assert entry.reminder.endswith(".")


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_every_example_parses_checks_and_round_trips(entry: EffectEntry) -> None:
    for example in entry.examples:
        kind = _kind_for(entry, example)
        assert rules_problems(example, LOE, kind) == [], example
        for _, line in split_abilities(example):
            ast = parse_ability(line, LOE)
            assert not isinstance(ast, Problem), (line, ast)
            assert parse_ability(ability_text(ast, LOE), LOE) == ast


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_examples_actually_use_the_entry_they_document(entry: EffectEntry) -> None:
    used = set()
    for example in entry.examples:
        ast = parse_ability(example, LOE)
        assert not isinstance(ast, Problem)
        used |= {p.entry for p in phrases(ast)}
    assert entry.name in used


def test_registry_for_the_pack_is_the_languages_registry() -> None:
    pack = get_pack("loe")
    registry = pack.registry
    assert registry is LOE.registry
    assert {"draw", "deal-damage", "counter", "ward", "spend-resource", "win", "reaction"} <= {e.name for e in registry}


def test_core_entries_are_shared_and_marked() -> None:
    core = [e for e in ENTRIES if e.core]
    assert {"draw", "discard", "deal-damage", "destroy", "remove-damage", "counter"} <= {e.name for e in core}
    assert all(not e.core for e in ENTRIES if e.name in {"pay-powerstones", "couple", "trade", "win"})


def test_an_entry_without_examples_is_refused() -> None:
    from carddb.rules.registry import Pattern

    with pytest.raises(ValueError, match="example"):
        EffectEntry("nothing", "effect", (Pattern("Do nothing"),), "Does nothing at all.", ())


def test_an_entry_naming_an_unknown_slot_is_refused() -> None:
    from carddb.rules.registry import Pattern

    with pytest.raises(ValueError, match="unknown parameter"):
        EffectEntry("bad", "effect", (Pattern("Draw {count} cards"),), "Draws some cards.", ("Draw 2 cards.",))
