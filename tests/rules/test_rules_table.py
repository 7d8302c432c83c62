"""The AST parser drives lark's LALR table itself; it must accept exactly what lark's own parser accepts."""

from __future__ import annotations

import pytest
from lark.exceptions import UnexpectedInput

from carddb.games.loe.vocabulary import loe_rules
from carddb.rules.parser import parse_ability
from carddb.rules.parsetable import ParseTable
from carddb.rules.problems import Problem

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


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Deal 2 damage to target Duke.", "deal 13   damage to  target  DUKE ."),
        ("Spend 1 Influence: Deal 2 damage to target Duke.", "Spend 20 influence :deal 3 Damage to target Duke."),
        (
            "If you control no face-down Dukes, you may draw two cards.",
            "if you control NO face-down dukes,you may draw two cards.",
        ),
    ],
)
def test_a_replayed_parse_places_every_node_like_a_fresh_one(first: str, second: str) -> None:
    # Same terminals, other numbers and spacing: the second line replays the first one's recorded parse.
    table = ParseTable(LANGUAGE)
    table.parse(first)
    assert table.knows_shape(second)
    replayed = table.parse(second)
    fresh = ParseTable(LANGUAGE).parse(second)
    assert repr(replayed) == repr(fresh)  # the repr shows every node's start and end
