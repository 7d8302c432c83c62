"""A problem with one line of rules text, before it is placed in a card file."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """A finding about one ability, before it is placed in a file."""

    code: str
    message: str
    start: int
    end: int
    hint: str | None = None
