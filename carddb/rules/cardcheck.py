"""The rules-text check that `carddb validate` runs on every card (a `GamePack.card_checks` entry)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from carddb.cardmodel import Card
from carddb.database import CardDatabase
from carddb.diagnostics import Finding, Span
from carddb.rules.checks import check_ability, check_text_shape
from carddb.rules.language import RulesLanguage
from carddb.rules.location import span_of, value_positions
from carddb.rules.parser import Problem
from carddb.rules.text import AbilityLine, parse_rules_text

_SOURCES: dict[Path, tuple[float, str]] = {}


def check_card_rules(card: Card, db: CardDatabase) -> Iterable[Finding]:
    language = db.pack.rules
    if language is None:
        return []
    located = db.source(card).located
    raw = located.value.get("text") if isinstance(located.value, dict) else None
    if not isinstance(raw, str) or not raw.strip():
        return []
    problems = rules_problems(raw, language, card.kind)
    if not problems:
        # Mapping the text back to file positions means reading the file: only for a card that needs it.
        return []
    positions = value_positions(_source(located.path), located.value_span(("text",)), raw)
    return [
        Finding(p.code, p.message, located.path, span_of(positions, offset + p.start, offset + p.end), p.hint)
        for p, offset in problems
    ]


def rules_problems(raw: str, language: RulesLanguage, kind: str | None) -> list[tuple[Problem, int]]:
    """Every problem of a rules text, each with the offset of its line in `raw`."""
    lines: list[AbilityLine] = parse_rules_text(raw, language)
    out: list[tuple[Problem, int]] = []
    parsed = []
    for index, line in enumerate(lines):
        if line.problem is not None:
            out.append((line.problem, line.offset))
            continue
        assert line.ability is not None
        parsed.append((line.ability, index))
        out += [(p, line.offset) for p in check_ability(line.ability, language, kind)]
    if kind is not None:
        out += [(p, lines[i].offset) for p, i in check_text_shape(parsed, language, kind)]
    return out


def _source(path: Path) -> str:
    try:
        mtime = path.stat().st_mtime
        cached = _SOURCES.get(path)
        if cached is None or cached[0] != mtime:
            _SOURCES[path] = (mtime, path.read_text(encoding="utf-8"))
        return _SOURCES[path][1]
    except (OSError, UnicodeDecodeError):
        return ""


__all__ = ["Span", "check_card_rules", "rules_problems"]
