"""Which cards of a loaded database are fit to use, and which errors keep the others out.

`load_database` keeps every card that validated, yet some of those still carry
errors found later (rules text, art, a repeated collector number), and the cards
that failed validation are not in the database at all. A command that works on
"the valid cards" (`carddb print --skip-invalid`) asks `triage`: each error finding
goes to the card whose YAML holds it; the cards with none are valid, the others
are left out with their findings, and errors outside any card (sets.yaml, a file
that is not YAML at all) are kept apart.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.files.yamlsource import Located
from carddb.findings.diagnostics import Finding, Report
from carddb.packs.card import Card


@dataclass(frozen=True)
class LeftOut:
    """A card as written that has errors: its id (if it has a readable one), where it starts, why."""

    card_id: str | None
    kind: str | None
    path: Path
    line: int
    findings: tuple[Finding, ...]

    def label(self, report: Report) -> str:
        where = f"{report.display_path(self.path)}:{self.line}"
        return f"{self.card_id} ({where})" if self.card_id else f"the card at {where}"


@dataclass
class Triage:
    valid: list[Card] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)
    outside_cards: list[Finding] = field(default_factory=list)  # errors in no card: sets.yaml, unreadable files

    @property
    def left_out_ids(self) -> set[str]:
        return {entry.card_id for entry in self.left_out if entry.card_id}


def triage(db: CardDatabase, report: Report) -> Triage:
    """Split the cards of `db` by the errors of `report` (the report `load_database` filled)."""
    written: list[tuple[Located, Card | None]] = [(db.source(card).located, card) for card in db.cards]
    written += [(located, None) for located in db.rejected]
    by_path: dict[Path, list[tuple[int, Located]]] = {}
    for index, (located, _) in enumerate(written):
        by_path.setdefault(located.path, []).append((index, located))
    spans = {path: CardSpans(items) for path, items in by_path.items()}
    errors: dict[int, list[Finding]] = {}
    result = Triage()
    for finding in report.errors:
        holder = spans[finding.path].holder(finding) if finding.path in spans else None
        if holder is None:
            result.outside_cards.append(finding)
        else:
            errors.setdefault(holder, []).append(finding)
    for index, (located, card) in enumerate(written):
        if index in errors:
            result.left_out.append(_left_out(located, errors[index]))
        elif card is not None:
            result.valid.append(card)
    result.left_out.sort(key=lambda entry: (str(entry.path), entry.line))
    return result


class CardSpans:
    """The cards of one file by where they start, to find the card that holds a finding.

    A lookup is a binary search: a file of 10,000 cards with a finding on each must not
    cost 10,000 x 10,000 comparisons.
    """

    def __init__(self, cards: Iterable[tuple[int, Located]]) -> None:
        self._cards = sorted(cards, key=lambda item: (item[1].span.line, item[1].span.col))
        self._starts = [(located.span.line, located.span.col) for _, located in self._cards]

    def holder(self, finding: Finding) -> int | None:
        """The key of the card whose span holds the finding, or None."""
        return self.at(finding.span.line, finding.span.col) if finding.span is not None else None

    def at(self, line: int, col: int = 1) -> int | None:
        """The key of the card whose span holds this position (cards do not nest; the span of one
        ends where the next starts, so on that boundary the later card wins), or None."""
        at = (line, col)
        index = bisect.bisect_right(self._starts, at) - 1
        if index + 1 < len(self._starts) and self._starts[index + 1][0] == at[0]:
            index += 1  # on a card's first line, before its first key (the '- ' of a list item)
        if index < 0:
            return None
        key, located = self._cards[index]
        if located.span.line != at[0] and at > (located.span.end_line, located.span.end_col):
            return None
        return key


def _left_out(located: Located, findings: list[Finding]) -> LeftOut:
    data = located.value if isinstance(located.value, dict) else {}
    card_id, kind = data.get("id"), data.get("kind")
    return LeftOut(
        card_id if isinstance(card_id, str) and card_id else None,
        kind if isinstance(kind, str) else None,
        located.path,
        located.span.line,
        tuple(findings),
    )
