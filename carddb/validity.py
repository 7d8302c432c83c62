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

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from carddb.cardmodel import Card
from carddb.database import CardDatabase
from carddb.diagnostics import Finding, Report
from carddb.yamlsource import Located


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
    by_path: dict[Path, list[int]] = {}
    for index, (located, _) in enumerate(written):
        by_path.setdefault(located.path, []).append(index)
    errors: dict[int, list[Finding]] = {}
    result = Triage()
    for finding in report.errors:
        candidates = [(i, written[i][0]) for i in by_path.get(finding.path, [])] if finding.path else []
        holder = holder_of(candidates, finding)
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


def holder_of(cards: Iterable[tuple[int, Located]], finding: Finding) -> int | None:
    """The card whose span holds the finding: of those that do, the one that starts last.

    A card's span ends where the next one starts, so on that boundary the later card wins.
    """
    if finding.span is None:
        return None
    at = (finding.span.line, finding.span.col)
    holders = [
        (located.span.line, located.span.col, index)
        for index, located in cards
        if (located.span.line, located.span.col) <= at <= (located.span.end_line, located.span.end_col)
        or located.span.line == finding.span.line
    ]
    return max(holders)[2] if holders else None


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
