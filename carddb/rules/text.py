"""A card's whole rules text: one ability per line, each parsed on its own.

Offsets are kept relative to the raw text so that findings can be placed in the
YAML file (see `carddb.rules.location`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from carddb.rules.ast import Ability, KeywordAbility
from carddb.rules.checks import check_ability, check_text_shape
from carddb.rules.language import RulesLanguage
from carddb.rules.parser import parse_ability
from carddb.rules.problems import Problem


@dataclass(frozen=True)
class AbilityLine:
    """One non-blank line of rules text: where it starts in the raw text, and what it parsed to."""

    offset: int  # offset of the line's first non-blank character in the raw text
    text: str  # the line without surrounding blanks
    result: Ability | Problem

    @property
    def ability(self) -> Ability | None:
        return None if isinstance(self.result, Problem) else self.result

    @property
    def problem(self) -> Problem | None:
        return self.result if isinstance(self.result, Problem) else None


def split_abilities(raw: str) -> list[tuple[int, str]]:
    """(offset, stripped line) for every non-blank line of `raw`."""
    out: list[tuple[int, str]] = []
    pos = 0
    for line in raw.splitlines(keepends=True):
        stripped = line.strip()
        if stripped:
            out.append((pos + (len(line) - len(line.lstrip())), stripped))
        pos += len(line)
    return out


def parse_rules_text(raw: str, language: RulesLanguage) -> list[AbilityLine]:
    """Every ability of a card's rules text, parsed (or the problem that stopped it)."""
    return [AbilityLine(offset, line, parse_line(line, language)) for offset, line in split_abilities(raw)]


@lru_cache(maxsize=8192)
def parse_line(line: str, language: RulesLanguage) -> Ability | Problem:
    """`parse_ability`, cached: cards share many lines and faces are rendered repeatedly."""
    return parse_ability(line, language)


def keywords_of(raw: str, language: RulesLanguage) -> frozenset[str]:
    """The registry names of the keywords a rules text has on its keyword lines (`Starting`, `Ward 2`).

    A keyword behind a condition keyword (`Raiding - Blitz`) is not always there, so it is
    left out: this answers what a card is, for deck rules and booster filters.
    """
    found: set[str] = set()
    for _, line in split_abilities(raw):
        ability = parse_line(line, language)
        if isinstance(ability, KeywordAbility):
            found.update(keyword.entry for keyword in ability.keywords)
    return frozenset(found)


def rules_problems(raw: str, language: RulesLanguage, kind: str | None) -> list[tuple[Problem, int]]:
    """Every problem of a rules text, each with the offset of its line in `raw` (as `carddb validate` finds
    them on a card of `kind`; None: a text checked without a card, such as a declared phrase's example).

    `parse_rules_text` without its `AbilityLine`s: validate runs this on every card."""
    out: list[tuple[Problem, int]] = []
    parsed: list[tuple[Ability, int]] = []
    offsets: list[int] = []
    for index, (offset, line) in enumerate(split_abilities(raw)):
        offsets.append(offset)
        result = parse_line(line, language)
        if isinstance(result, Problem):
            out.append((result, offset))
            continue
        parsed.append((result, index))
        out += [(problem, offset) for problem in check_ability(result, language, kind)]
    if kind is not None:
        out += [(problem, offsets[index]) for problem, index in check_text_shape(parsed, language, kind)]
    return out
