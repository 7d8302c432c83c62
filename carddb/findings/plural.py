"""Counts in words: "1 card", "2 cards", never "1 cards"."""

from __future__ import annotations


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """`count` and the noun that agrees with it; `nouns` for irregular plurals ("entry", "entries")."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"
