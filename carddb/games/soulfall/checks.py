"""Checks of Lords (SoulFall) cards that look past one field: a side prints the points the scoring table gives it."""

from __future__ import annotations

from collections.abc import Iterable

from carddb.games.soulfall.numbers import points_number
from carddb.pack_api import Card, CardLookup, Finding


def points_follow_scoring(card: Card, db: CardLookup) -> Iterable[Finding]:
    """A side's printed `points` must be its kind's line of the scoring table (GamePack.numbers)."""
    points = getattr(card, "points", None)
    wanted = points_number(card.kind)
    if not isinstance(points, int) or wanted not in {n.id for n in db.pack.numbers}:
        return
    value = db.pack.number(wanted)
    if points != value:
        src = db.source(card)
        label = db.pack.kind(card.kind).label
        yield Finding(
            "E-KIND-RULE",
            f"a {label} is worth {value} point{'s' * (value != 1)} in the scoring table, but '{card.id}' prints {points}",
            src.path,
            src.value_span("points"),
            hint=f"write points: {value}, or change the number '{wanted}' of the game pack",
        )
