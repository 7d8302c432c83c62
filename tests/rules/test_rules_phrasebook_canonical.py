"""`carddb fmt` leaves the core phrasebook's own examples as they are written.

Every example of every core entry, in the words of the reference game (tests/fixtures/phrasebook/game.yaml),
is correct English by construction; canonical text that changes one (`can't quests`, `any +1/+1 counter`)
would rewrite a designer's correct card the same way.
"""

from __future__ import annotations

import pytest
from support.referencegame import reference_language as language

from carddb.rules.canonical import ability_text
from carddb.rules.problems import Problem
from carddb.rules.text import parse_line, split_abilities


def example_lines() -> list[tuple[str, str]]:
    return [
        (entry.name, line)
        for entry in language().registry
        for example in entry.examples
        for _, line in split_abilities(example)
    ]


def test_the_reference_game_has_an_example_for_every_core_entry() -> None:
    assert len({name for name, _ in example_lines()}) == len(list(language().registry))


@pytest.mark.parametrize(("entry", "line"), example_lines())
def test_an_example_prints_as_written(entry: str, line: str) -> None:
    ability = parse_line(line, language())
    assert not isinstance(ability, Problem), ability
    assert ability_text(ability, language()) == line


@pytest.mark.parametrize(
    "line",
    [
        "Target creature can't quest until end of turn.",  # a verb after a modal keeps its base form
        "Whenever this creature quests, draw a card.",  # ... and agrees with its subject otherwise
        "If this creature has any +1/+1 counters on it, draw a card.",  # `any` and `no` take the plural
        "If you have no cards in hand, draw a card.",
    ],
)
def test_agreement_after_modals_and_quantities(line: str) -> None:
    ability = parse_line(line, language())
    assert not isinstance(ability, Problem), ability
    assert ability_text(ability, language()) == line
