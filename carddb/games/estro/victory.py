"""How an ESTRO game ends (seed 002, Victory conditions), as functions the rulebook's decisions can be tested on.

- A player whose opponent has no cards on the field wins, but only after the end of
  round `field-win-round`.
- At the end of round `final-round`, the player with more cards on the field and the
  higher TOT sum wins; fewer cards but the higher sum is a draw.
- Decisions: with as many cards, the higher sum wins and equal sums draw; more cards
  with an equal sum is a draw (the seed asks for the higher sum); a face-down card
  counts as a card with TOT 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from carddb.pack_api import GamePack

Outcome = Literal["first", "second", "draw", "on"]

# A card on the field: its TOT, or None when it lies face down (no values).
FieldCard = int | None


def field_total(field: Sequence[FieldCard]) -> int:
    return sum(tot or 0 for tot in field)


def empty_field(pack: GamePack, round_ended: int, first: Sequence[FieldCard], second: Sequence[FieldCard]) -> Outcome:
    """After a round ends: does an empty field lose? Not before round `field-win-round` has ended."""
    if round_ended < pack.number("field-win-round") or (first and second) or (not first and not second):
        return "on"
    return "first" if first else "second"


def final_round(first: Sequence[FieldCard], second: Sequence[FieldCard]) -> Outcome:
    """The end of the last round: more cards and the higher TOT sum win; anything else mixed is a draw."""
    cards = (len(first) > len(second)) - (len(first) < len(second))
    total = (field_total(first) > field_total(second)) - (field_total(first) < field_total(second))
    if total == 0:
        return "draw"
    if cards in (0, total):
        return "first" if total > 0 else "second"
    return "draw"  # more cards but the lower sum: the seed's draw
