"""Checks specific to LOE v2 that look across cards."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from carddb.pack_api import Card, CardLookup, Finding


def leader_troop_types_exist(card: Card, db: CardLookup) -> Iterable[Finding]:
    """A Leader may only name troop types that some Troop card of the game has."""
    leads = getattr(card, "leads", None)
    if card.kind != "leader" or not leads:
        return
    known = sorted({getattr(c, "troop_type", "") for c in db.cards if c.kind == "troop"})
    src = db.source(card)
    for index, troop_type in enumerate(leads):
        if troop_type in known:
            continue
        close = difflib.get_close_matches(troop_type, known, n=1)
        suggestion = f"; did you mean '{close[0]}'?" if close else ""
        yield Finding(
            "E-KIND-RULE",
            f"Leader '{card.id}' leads '{troop_type}', but no Troop has that troop type{suggestion}",
            src.path,
            src.value_span("leads", index),
            hint=f"troop types: {', '.join(known)}" if known else "no Troop cards define a troop_type yet",
        )
