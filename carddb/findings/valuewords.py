"""How findings put a YAML value and an expected type into a designer's words.

Shared by every loader that turns pydantic errors into findings (cards, sets,
booster definitions, deck lists), so one value is described the same way everywhere.
"""

from __future__ import annotations

import difflib
from typing import Any

# pydantic error type -> what the field expects, as a designer would say it
TYPE_WORDS = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "string_type": "text",
    "bool_type": "true or false",
    "list_type": "a list",
    "tuple_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping of fields",
    "model_attributes_type": "a mapping of fields",
    "date_type": "a date (YYYY-MM-DD)",
}


def describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"{str(value).lower()} (true/false)"
    if isinstance(value, str):
        return f"text {value!r}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if value is None:
        return "nothing (empty value)"
    return type(value).__name__


def misspelled_required(errors: list[tuple[str, tuple[Any, ...]]]) -> dict[int, str]:
    """Unknown fields that misspell a missing required one: error index -> the field meant.

    `nmae: X` makes pydantic report an unknown 'nmae' and a missing 'name'. The
    designer made one mistake, so loaders report one finding, on 'nmae', and drop
    the missing 'name'. `errors` are (pydantic error type, field path) pairs.
    """
    missing = {loc for etype, loc in errors if etype == "missing" and loc}
    meant: dict[int, str] = {}
    for index, (etype, loc) in enumerate(errors):
        if etype != "extra_forbidden" or not loc:
            continue
        names = sorted(str(m[-1]) for m in missing if m[:-1] == loc[:-1])
        close = difflib.get_close_matches(str(loc[-1]), names, n=1, cutoff=0.6)
        if close:
            meant[index] = close[0]
            missing.discard((*loc[:-1], close[0]))
    return meant


def absorbed_missing(errors: list[tuple[str, tuple[Any, ...]]], meant: dict[int, str]) -> set[int]:
    """Indexes of the 'missing' errors that `misspelled_required` already reports on the misspelled key."""
    fields = {(*errors[index][1][:-1], name) for index, name in meant.items()}
    return {index for index, (etype, loc) in enumerate(errors) if etype == "missing" and loc in fields}
