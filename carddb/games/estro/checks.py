"""ESTRO's card checks that the schema cannot state: TOT is the sum of the stats, Empty cards have no Gift."""

from __future__ import annotations

from collections.abc import Iterable

from carddb.games.estro.estri import STATS, TOTAL, stat_label
from carddb.games.estro.schema import Fighter
from carddb.pack_api import Card, CardLookup, Finding


def tot_is_the_sum(card: Card, db: CardLookup) -> Iterable[Finding]:
    """Seed 002, Card stats: 'TOT Total - The sum of all stats'. A wrong TOT is reported at `tot`."""
    if not isinstance(card, Fighter):
        return
    total = sum(card.stats().values())
    printed = card.stat(TOTAL)
    if printed == total:
        return
    src = db.source(card)
    sum_text = " + ".join(f"{stat_label(s)} {card.stat(s)}" for s in STATS)
    yield Finding(
        "E-KIND-RULE",
        f"'{card.id}' has TOT {printed}, but {sum_text} = {total}; TOT is the sum of the five stats",
        src.path,
        src.value_span(TOTAL),
        hint=f"write 'tot: {total}', or change a stat",
    )


def empty_has_no_gift(card: Card, db: CardLookup) -> Iterable[Finding]:
    """Seed 002, Overview: Empty cards have no special effects, so no rules text."""
    if card.kind != "empty" or not card.text:
        return
    src = db.source(card)
    yield Finding(
        "E-KIND-RULE",
        f"'{card.id}' is an Empty card, which has no Gift, but it has rules text",
        src.path,
        src.value_span("text"),
        hint="remove 'text', or make it a Gift card with 'kind: gift'",
    )
