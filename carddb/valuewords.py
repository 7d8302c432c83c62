"""How findings put a YAML value and an expected type into a designer's words.

Shared by every loader that turns pydantic errors into findings (cards, sets,
booster definitions, deck lists), so one value is described the same way everywhere.
"""

from __future__ import annotations

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
