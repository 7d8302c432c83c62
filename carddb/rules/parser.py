"""Parsing one line of rules text (one ability) into the typed AST, or into located problems.

A problem's `start`/`end` are character offsets inside the line; the card check
maps them to a line and column in the YAML file.
"""

from __future__ import annotations

from typing import Any

from carddb.rules.ast import Ability
from carddb.rules.language import RulesLanguage
from carddb.rules.parsetable import UnexpectedWord, parse_table
from carddb.rules.problems import Problem
from carddb.rules.syntaxerrors import describe_unexpected

__all__ = ["Problem", "parse_ability", "parse_fragment"]


def parse_ability(line: str, language: RulesLanguage) -> Ability | Problem:
    """The AST of one ability, or the first problem that stops it from parsing."""
    if not line.strip():
        return Problem("E-RULES-SYNTAX", "an empty ability", 0, 1)
    try:
        result: Ability = parse_table(language).parse(line)
        return result
    except UnexpectedWord as exc:
        return describe_unexpected(line, exc, language)


def parse_fragment(text: str, rule: str, language: RulesLanguage) -> Any:
    """One phrase of a broad language on its own (`rule` is one of `carddb.rules.language.FRAGMENTS`),
    or the problem that stops it: what a declared phrase `means` is written as."""
    if not text.strip():
        return Problem("E-RULES-SYNTAX", "an empty phrase", 0, 1)
    try:
        return parse_table(language).parse(text, rule)
    except UnexpectedWord as exc:
        return describe_unexpected(text, exc, language)
