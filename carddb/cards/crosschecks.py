"""Checks that look at more than one card, or outside the card file: sets, collector numbers, art, flavour."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from carddb.cards.art import _art_file_checks, art_checks, db_display_path
from carddb.cards.database import CardDatabase
from carddb.cards.entries import CardEntry, card_start
from carddb.findings.diagnostics import Finding
from carddb.packs.card import BACK


def cross_checks(db: CardDatabase, entries: list[CardEntry] | None = None) -> Iterable[Finding]:
    """Checks that look at more than one card, or outside the card file.

    `entries` also holds cards that failed validation (see `CardEntry`); by default
    only the valid cards of `db` are checked.
    """
    if entries is None:
        entries = [CardEntry.of(db.sources[c.id].located, c) for c in db.cards]
    numbers: dict[tuple[str, int], CardEntry] = {}
    for entry in entries:
        located = entry.located
        if entry.set is not None and entry.set not in db.sets:
            known = ", ".join(db.sets) or "none defined"
            close = difflib.get_close_matches(entry.set, list(db.sets), n=1)
            yield Finding(
                "E-UNKNOWN-SET",
                f"set '{entry.set}' is not defined in data/{db.pack.id}/sets.yaml"
                + (f"; did you mean '{close[0]}'?" if close else f" (sets: {known})"),
                located.path,
                located.value_span(("set",)),
            )
        if entry.set is not None and entry.number is not None:
            key = (entry.set, entry.number)
            other = numbers.setdefault(key, entry)
            if other is not entry:
                yield Finding(
                    "E-DUPLICATE-NUMBER",
                    f"collector number {entry.number} of set {entry.set} is already used by "
                    f"{_entry_name(other)} ({db_display_path(db, other.located.path)}:"
                    f"{other.located.value_span(('number',)).line})",
                    located.path,
                    located.value_span(("number",)),
                )
        if entry.card is not None:
            yield from art_checks(db, entry.card, located)
            if entry.card.back is not None:
                yield from art_checks(db, entry.card.back, located.sub(BACK))
            if not entry.card.flavor:
                yield Finding("W-NO-FLAVOR", f"'{entry.id}' has no flavor text", located.path, card_start(located))
        elif entry.art_file is not None:
            yield from _art_file_checks(db, entry.art_file, located)
    used_by_set: dict[str, set[int]] = {}
    for code, number in numbers:
        used_by_set.setdefault(code, set()).add(number)
    for code, used in used_by_set.items():
        if code not in db.sets:
            continue  # already an E-UNKNOWN-SET on each of its cards
        missing = sorted(set(range(1, max(used) + 1)) - used)
        if missing:
            shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
            where = db.set_sources.get(code)
            yield Finding(
                "W-NUMBER-GAP",
                f"set {code} has no card numbered {shown}",
                where.path if where else None,
                where.value_span(("code",)) if where else None,
            )


def _entry_name(entry: CardEntry) -> str:
    return f"'{entry.id}'" if entry.id else "another card"
