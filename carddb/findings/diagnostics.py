"""Findings: every problem a run discovers, located in a file, reported together.

A stage never stops at the first problem. It adds `Finding`s to a `Report`, and
the CLI prints them all, sorted by file and line, each followed by the source
line and a caret, then exits non-zero if any is an error (or a warning under
`--strict`).
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import NamedTuple

from carddb.findings.codes import CODES


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


class Span(NamedTuple):
    """A 1-based line and column range inside one file.

    A named tuple rather than a dataclass: the loader records one for every key and
    value of every card, and a tuple is several times cheaper to build (10,000 cards
    means about half a million spans).
    """

    line: int
    col: int
    end_line: int
    end_col: int

    @classmethod
    def point(cls, line: int, col: int, length: int = 1) -> Span:
        return cls(line, col, line, col + max(length, 1))

    def shifted(self, line_offset: int, col: int, length: int) -> Span:
        """A span `length` characters long at `col` on the line `line_offset` lines below."""
        return Span(self.line + line_offset, col, self.line + line_offset, col + max(length, 1))


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    path: Path | None = None
    span: Span | None = None
    hint: str | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"undocumented finding code {self.code}")

    @property
    def severity(self) -> Severity:
        return Severity.WARNING if self.code.startswith("W-") else Severity.ERROR

    def sort_key(self) -> tuple[str, int, int, str]:
        span = self.span or Span(0, 0, 0, 0)
        return (str(self.path or ""), span.line, span.col, self.code)


@dataclass
class Report:
    """All findings of one run. `root` makes printed paths relative to the project."""

    root: Path | None = None
    findings: list[Finding] = field(default_factory=list)

    def add(self, finding: Finding) -> None:
        self.findings.append(finding)

    def extend(self, findings: Iterable[Finding]) -> None:
        self.findings.extend(findings)

    def __iter__(self) -> Iterator[Finding]:
        return iter(sorted(set(self.findings), key=_natural_order))

    def __len__(self) -> int:
        return len(self.findings)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self if f.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self if f.severity is Severity.WARNING]

    def failed(self, strict: bool = False) -> bool:
        return bool(self.errors) or (strict and bool(self.warnings))

    def display_path(self, path: Path | None) -> str:
        if path is None:
            return "<input>"
        if self.root is not None:
            try:
                return str(path.resolve().relative_to(self.root.resolve()))
            except ValueError:
                pass
        return str(path)

    def format_text(self, sources: SourceCache | None = None) -> str:
        sources = sources or SourceCache()
        blocks = [format_finding(f, self.display_path(f.path), sources) for f in self]
        return "\n".join(blocks)

    def summary(self) -> str:
        e, w = len(self.errors), len(self.warnings)
        return f"{e} error{'s' * (e != 1)}, {w} warning{'s' * (w != 1)}"

    def to_json(self) -> str:
        items = []
        for f in self:
            item: dict[str, object] = {
                "code": f.code,
                "severity": f.severity.value,
                "message": f.message,
                "path": self.display_path(f.path) if f.path else None,
            }
            if f.span:
                item.update(line=f.span.line, column=f.span.col, end_line=f.span.end_line, end_column=f.span.end_col)
            if f.hint:
                item["hint"] = f.hint
            items.append(item)
        return json.dumps({"findings": items, "errors": len(self.errors), "warnings": len(self.warnings)}, indent=2)


def _natural_order(finding: Finding) -> tuple[object, ...]:
    # cards-2.yaml before cards-10.yaml: designers number their files.
    path, line, col, code = finding.sort_key()
    parts = tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", path))
    return (parts, line, col, code)


class SourceCache:
    """Reads each file once, to quote the offending line under a finding."""

    def __init__(self, overrides: dict[Path, str] | None = None) -> None:
        self._lines: dict[Path, list[str]] = {}
        for path, text in (overrides or {}).items():
            self._lines[path] = text.splitlines()

    def line(self, path: Path, number: int) -> str | None:
        if path not in self._lines:
            self._lines[path] = _quotable_lines(path)
        lines = self._lines[path]
        return lines[number - 1] if 0 < number <= len(lines) else None


_QUOTED_BYTES = 100_000_000  # carddb's limit for a data file: a larger one is not read, so not quoted either


def _quotable_lines(path: Path) -> list[str]:
    """The lines of a regular file, to quote; none for a pipe or a device (a pipe would wait for ever)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (OSError, ValueError):
        return []
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > _QUOTED_BYTES:
            return []
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(_QUOTED_BYTES).decode("utf-8", errors="replace").splitlines()
    except OSError:
        return []
    finally:
        os.close(fd)


_PRINTABLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_SOURCE_WIDTH = 100


def format_finding(finding: Finding, shown_path: str, sources: SourceCache) -> str:
    where = shown_path
    if finding.span:
        where += f":{finding.span.line}:{finding.span.col}"
    # A finding about no file in particular (an empty project) has no location to print.
    text = f"{where}: {finding.code} {finding.message}" if finding.path else f"{finding.code} {finding.message}"
    if finding.path and finding.span:
        source = sources.line(finding.path, finding.span.line)
        if source is not None:
            # Tabs become one space so the caret stays under the column; control
            # characters (from a binary file) would garble the terminal.
            expanded = _PRINTABLE.sub("\ufffd", source.replace("\t", " "))
            col = min(finding.span.col, len(expanded) + 1)
            width = 1
            if finding.span.end_line == finding.span.line:
                width = max(1, finding.span.end_col - finding.span.col)
            width = min(width, max(1, len(expanded) - col + 1))
            # Long lines are cut to a window around the caret.
            start = max(0, col - 1 - _SOURCE_WIDTH // 2) if len(expanded) > _SOURCE_WIDTH else 0
            shown = expanded[start : start + _SOURCE_WIDTH]
            width = min(width, max(1, len(shown) - (col - 1 - start)))
            text += f"\n    {shown}\n    {' ' * (col - 1 - start)}{'^' * width}"
    if finding.hint:
        text += f"\n    hint: {finding.hint}"
    return text
