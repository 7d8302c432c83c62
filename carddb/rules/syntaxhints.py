"""Two mistakes a parse that stopped cannot name by itself: keywords written as sentences, and a word where
nothing the game declares may come.

`carddb.rules.syntaxerrors` asks these before its general messages.
"""

from __future__ import annotations

import re

from carddb.rules.ast import KeywordAbility
from carddb.rules.language import RulesLanguage
from carddb.rules.problems import Problem

_PERIOD_BETWEEN = re.compile(r"\.\s+(?=\S)")


def keywords_with_periods(line: str, start: int, language: RulesLanguage) -> Problem | None:
    """`Ward 1. Anchor.`: keywords written as sentences. The line, its periods made commas, must be keywords."""
    if "." not in line[:start]:
        return None
    from carddb.rules.canonical import ability_text
    from carddb.rules.parser import parse_ability

    candidate = _PERIOD_BETWEEN.sub(", ", line.strip()).rstrip(".").rstrip()
    if candidate == line.strip() or "." in candidate:
        return None  # (and the parse below cannot come back here)
    parsed = parse_ability(candidate, language)
    if not isinstance(parsed, KeywordAbility) or len(parsed.keywords) < 2:
        return None
    return Problem(
        "E-RULES-SYNTAX",
        "keywords on one line are separated by commas, not periods",
        line.index("."),
        len(line.rstrip()),
        hint=f"write '{ability_text(parsed, language)}'",
    )


def nothing_may_come(line: str, start: int, end: int, found: str, at_end: bool, language: RulesLanguage) -> Problem:
    """The parse stopped where no word the game declares may come (a word class it declares nothing of):
    what it could say instead are its closest phrasings."""
    from carddb.rules.syntaxerrors import closest_phrasings

    close = closest_phrasings(line, language)
    hint = (
        "closest known phrasings: " + " | ".join(close) if close else "`carddb effects` lists every phrase of the game"
    )
    if at_end:
        return Problem("E-RULES-SYNTAX", "the ability stops in the middle of a phrase", start, end, hint=hint)
    return Problem(
        "E-RULES-SYNTAX",
        f"'{found}' cannot come here: no phrase of this game continues this way",
        start,
        end,
        hint=hint,
    )
