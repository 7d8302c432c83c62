"""The time windows' wordings (carddb/rules/phrasebook_windows.py) read, print and refuse as a designer expects.

They are written in the reference game's words (tests/fixtures/phrasebook/game.yaml), whose vocabulary
declares the verb `acquire`.
"""

from __future__ import annotations

import pytest
from support.referencegame import reference_language as language

from carddb.cards.rulescheck import rules_problems
from carddb.rules.canonical import ability_text
from carddb.rules.problems import Problem
from carddb.rules.text import parse_line


@pytest.mark.parametrize(
    ("text", "entry"),
    [
        ("Your next creature this turn gets +3 power.", "next-card-gets"),
        ("The next Goblin creature you play this turn gets +1/+0.", "next-card-gets"),
        ("The next artifact you acquire this turn costs 2 energy less.", "next-card-costs"),
        ("Reduce the cost of the next Instant you play this round by 2.", "next-card-costs"),
        ("Put the next creature you acquire this turn on top of your deck.", "next-card-goes"),
        ("At the beginning of your next turn, gain 2 energy.", "next-turn-start"),
        ("During your next turn, creatures you control get +1/+1.", "during-next-turn"),
        ("The first time each turn you quest, draw a card.", "first-time-each-turn"),
        ("The first artifact you acquire each turn costs 1 less.", "first-card-costs"),
    ],
)
def test_a_time_window_prints_as_written(text: str, entry: str) -> None:
    ability = parse_line(text, language())
    assert not isinstance(ability, Problem), ability
    assert entry in repr(ability)
    assert ability_text(ability, language()) == text  # one card stays singular; `you acquire`, not `acquires`
    assert rules_problems(text, language(), None) == []


def test_the_canonical_text_mends_the_case_of_a_window() -> None:
    ability = parse_line("your NEXT creature this turn gets +3 power.", language())
    assert ability_text(ability, language()) == "Your next creature this turn gets +3 power."


@pytest.mark.parametrize(
    "text",
    [
        "Your next dragon this turn gets +3 power.",  # not a kind of the game
        "The next creature you fly this turn costs 1 less.",  # not a verb of the game
        "At the start of your next turn, Haste.",  # a keyword is no effect
    ],
)
def test_a_window_with_words_the_game_lacks_is_refused_at_the_word(text: str) -> None:
    problems = rules_problems(text, language(), None)
    assert problems and problems[0][0].code in {"E-RULES-SYNTAX", "E-RULES-UNKNOWN-WORD", "E-UNKNOWN-EFFECT"}
