"""The rules-text check that `carddb validate` runs on every card (a `GamePack.card_checks` entry)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.findings.diagnostics import Finding, Span
from carddb.packs.card import Card
from carddb.rules.location import span_of, value_positions
from carddb.rules.problems import Problem
from carddb.rules.text import rules_problems

_SOURCES: dict[Path, tuple[float, str]] = {}


def check_card_rules(card: Card, db: CardDatabase) -> Iterable[Finding]:
    language = db.pack.language
    if language is None:
        return []
    located = db.source(card).located
    raw = located.value.get("text") if isinstance(located.value, dict) else None
    if not isinstance(raw, str) or not raw.strip():
        return []
    return located_findings(card, db, rules_problems(raw, language, card.kind))


def located_findings(card: Card, db: CardDatabase, problems: list[tuple[Problem, int]]) -> list[Finding]:
    """Problems of a card's rules text (each with its line's offset in the text) as findings at their words."""
    if not problems:
        # Mapping the text back to file positions means reading the file: only for a card that needs it.
        return []
    located = db.source(card).located
    raw = located.value.get("text") if isinstance(located.value, dict) else None
    if not isinstance(raw, str):
        return [Finding(p.code, p.message, located.path, located.span, p.hint) for p, _ in problems]
    positions = value_positions(_source(located.path), located.value_span(("text",)), raw)
    return [
        Finding(p.code, p.message, located.path, span_of(positions, offset + p.start, offset + p.end), p.hint)
        for p, offset in problems
    ]


def _source(path: Path) -> str:
    try:
        mtime = path.stat().st_mtime
        cached = _SOURCES.get(path)
        if cached is None or cached[0] != mtime:
            _SOURCES[path] = (mtime, path.read_text(encoding="utf-8"))
        return _SOURCES[path][1]
    except (OSError, UnicodeDecodeError):
        return ""


__all__ = ["Span", "check_card_rules", "located_findings", "rules_problems"]
