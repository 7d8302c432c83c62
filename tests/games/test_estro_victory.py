"""ESTRO's end of game: the seed's victory conditions and the rulebook's decisions, case by case."""

from __future__ import annotations

from pathlib import Path

import pytest

from carddb.games.estro.victory import empty_field, final_round
from carddb.packs.lookup import get_pack

PACK = get_pack("estro")
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("first", "second", "outcome"),
    [
        ([70, 60, 55], [80, 90], "first"),  # more cards (3 > 2) and the higher sum (185 > 170): a win
        ([70, 60, 20], [80, 90], "draw"),  # more cards but the lower sum (150 < 170): the seed's draw
        ([70, 60], [80, 20, 10], "draw"),  # the other way round (3 cards, 110 < 130), also a draw
        ([70, 60], [80, 90], "second"),  # decision: as many cards, the higher sum wins
        ([70, 60], [60, 70], "draw"),  # decision: as many cards and the same sum
        ([70, 60, 0], [65, 65], "draw"),  # decision: more cards and the same sum is no win
        ([90, None], [60, 20], "first"),  # decision: a face-down card counts, with TOT 0 (90 > 80)
        ([60, None], [65], "draw"),  # 2 cards against 1 but 60 < 65; not counted, it would lose
    ],
)
def test_the_end_of_the_last_round(first: list[int | None], second: list[int | None], outcome: str) -> None:
    assert final_round(first, second) == outcome


def test_an_empty_field_loses_only_after_round_five() -> None:
    assert PACK.number("field-win-round") == 5
    assert empty_field(PACK, 4, [70], []) == "on"
    assert empty_field(PACK, 5, [70], []) == "first"
    assert empty_field(PACK, 7, [], [None]) == "second"  # a face-down card still holds the field
    assert empty_field(PACK, 9, [70], [60]) == "on"


def test_the_rulebook_states_each_decision() -> None:
    chapter = (ROOT / "data" / "estro" / "rulebook" / "08-winning.md").read_text()
    for decision in ("the higher TOT sum wins", "the same sum, the game is a draw", "TOT 0", "same TOT sum"):
        assert decision in chapter, decision
