"""How a game's rule number is written in text: the `{number:ID}` marker and its forms.

A pack's own strings (kind descriptions, effect meanings) and the designer's
text (rules prose, booster and draft descriptions) name a rule number by its id
instead of writing it, so that the text and the code read one value:

- `{number:hand-size}` -> `7`
- `{number:hand-size:word}` -> `seven` (words up to twenty, digits beyond)
- `{number:market-trades-per-turn:times}` -> `once` (`twice`, `three times`, ...)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

# {number:ID} or {number:ID:FORM}; the id and form are checked by the caller, so a typo is reported
NUMBER_MARKER = re.compile(r"\{number:(?P<id>[^{}\s:]*)(?::(?P<form>[^{}\s]*))?\}")
FORMS = ("digits", "word", "times")
WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
)
TIMES = {1: "once", 2: "twice"}

# wrap(id, form, written) -> what the text shows; the rulebook wraps numbers in a tagged span
Wrap = Callable[[str, str, str], str]


def number_text(value: int, form: str = "digits") -> str:
    """`value` written in `form` (one of FORMS)."""
    if form == "word":
        return WORDS[value] if 0 <= value < len(WORDS) else str(value)
    if form == "times":
        return TIMES.get(value) or f"{number_text(value, 'word')} times"
    return str(value)


def marker_problem(number_id: str, form: str | None, numbers: Iterable[str]) -> str | None:
    """Why a marker cannot be printed, or None when it can."""
    if number_id not in numbers:
        return f"the game declares no number '{number_id}'"
    if form is not None and form not in FORMS:
        return f"'{form}' is not a way to write a number (forms: {', '.join(FORMS)})"
    return None


def fill(text: str, numbers: Mapping[str, int], wrap: Wrap | None = None) -> str:
    """`text` with every known number marker written out; unknown markers stay as written."""

    def written(match: re.Match[str]) -> str:
        number_id, form = match["id"], match["form"]
        if marker_problem(number_id, form, numbers) is not None:
            return match.group(0)
        shown = number_text(numbers[number_id], form or "digits")
        return wrap(number_id, form or "digits", shown) if wrap else shown

    return NUMBER_MARKER.sub(written, text)


def markers(text: str) -> list[tuple[str, str | None]]:
    """The (id, form) of every number marker in `text`, in order."""
    return [(m["id"], m["form"]) for m in NUMBER_MARKER.finditer(text)]
