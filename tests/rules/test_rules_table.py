"""The AST parser drives lark's LALR table itself; it must accept exactly what lark's own parser accepts."""

from __future__ import annotations

import pytest
from lark.exceptions import UnexpectedInput

from carddb.games.loe.vocabulary import loe_rules
from carddb.rules.parser import Problem, parse_ability

LANGUAGE = loe_rules()
LINES = sorted(
    {line for entry in LANGUAGE.registry for example in entry.examples for line in example.splitlines()}
    | {
        "Draw a card",
        "Deal 2 damage to to target Duke.",
        "Armor, Ambush",
        "Spend 1 Gold: Draw a card.",
        "When you play a Resource draw a card.",
        "Reaction - When an opponent plays a Spell Counter it.",
        "Destroy all Items coupled to it. Its controller draws 3 cards.",
        "If you control no face-down Dukes, you may draw two cards.",
        "Win if you control three or more Dukes and",
        "Coupled character cannot be targeted by Spells.",
        "Whenever an opponent activates an ability, draw a card.",
    }
)


def _lark_accepts(line: str) -> bool:
    try:
        LANGUAGE.parser.parse(line)
    except UnexpectedInput:
        return False
    return True


@pytest.mark.parametrize("line", LINES)
def test_table_driver_agrees_with_lark(line: str) -> None:
    ours = parse_ability(line, LANGUAGE)
    assert (not isinstance(ours, Problem)) == _lark_accepts(line)
