"""Turning pydantic validation errors on play files (boosters, deck lists) into located findings."""

from __future__ import annotations

import difflib
import re
import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from carddb.diagnostics import Finding
from carddb.valuewords import TYPE_WORDS, absorbed_missing, describe, misspelled_required
from carddb.yamlsource import Located, PathKey


def _model_at(root: type[BaseModel], loc: tuple[str | int, ...]) -> type[BaseModel] | None:
    """The model class that holds the last part of `loc`, to suggest its field names."""
    current: Any = root
    keyed = False  # the previous field was a mapping keyed by the user's own names (booster ids)
    for part in loc[:-1]:
        if isinstance(part, int) or keyed:
            keyed = False
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            return None
        field = current.model_fields.get(part) or next(
            (f for f in current.model_fields.values() if f.alias == part), None
        )
        if field is None:
            return None
        keyed = typing.get_origin(field.annotation) is dict
        current = _inner_model(field.annotation)
        if current is None:
            return None
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _field_names(model: type[BaseModel]) -> list[str]:
    """Field names as a user may write them, aliases included (a filter's 'province' is 'faction')."""
    names: list[str] = []
    for name, info in model.model_fields.items():
        alias = info.validation_alias
        choices = getattr(alias, "choices", None)
        names.extend(c for c in (choices or [name]) if isinstance(c, str))
    return list(dict.fromkeys(names))


def _label(model: type[BaseModel] | None, fallback: str) -> str:
    """'a card filter' for CardFilter: what the user wrote, in words."""
    if model is None:
        return fallback
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", model.__name__).lower()
    return ("an " if words[0] in "aeiou" else "a ") + words


def _inner_model(annotation: Any) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    origin = typing.get_origin(annotation)
    if origin in (list, tuple, typing.Union, types.UnionType, dict):
        for arg in reversed(typing.get_args(annotation)):
            found = _inner_model(arg)
            if found is not None:
                return found
    if origin is typing.Annotated:
        return _inner_model(typing.get_args(annotation)[0])
    return None


def clean_location(loc: tuple[Any, ...]) -> tuple[str | int, ...]:
    # pydantic names union branches and validators in the location ('function-before[...]', 'list[str]')
    return tuple(p for p in loc if not (isinstance(p, str) and ("[" in p or p in {"str", "int", "bool", "float"})))


def validation_findings(
    exc: ValidationError, located: Located, root: type[BaseModel], what: str, base: PathKey = ()
) -> list[Finding]:
    """One finding per pydantic error, pointing at the key or value in the YAML file."""
    findings: list[Finding] = []
    errors = exc.errors(include_url=False)
    typed = [(error["type"], clean_location(tuple(error["loc"]))) for error in errors]
    meant = misspelled_required(typed)
    absorbed = absorbed_missing(typed, meant)
    for index, error in enumerate(errors):
        if index in absorbed:
            continue  # reported on the misspelled key
        loc = typed[index][1]
        at: PathKey = (*base, *loc)
        etype = error["type"]
        name = ".".join(str(p) for p in loc) or what
        value = error.get("input")
        if etype == "extra_forbidden":
            model = _model_at(root, loc)
            known = _field_names(model) if model else []
            close = (
                [meant[index]] if index in meant else difflib.get_close_matches(str(loc[-1]), known, n=1, cutoff=0.6)
            )
            message = f"'{loc[-1]}' is not a field of {_label(model, what)}"
            hint = None
            if index in meant:
                message += f"; did you mean '{close[0]}', which {what} needs?"
            elif close:
                message += f"; did you mean '{close[0]}'?"
            elif known:
                hint = "fields: " + ", ".join(known)
            findings.append(Finding("E-UNKNOWN-FIELD", message, located.path, located.key_span(at), hint))
        elif etype == "missing":
            findings.append(
                Finding(
                    "E-MISSING-FIELD", f"{what} needs the field '{loc[-1]}'", located.path, located.value_span(at[:-1])
                )
            )
        elif etype in TYPE_WORDS or etype.endswith("_type"):
            expected = TYPE_WORDS.get(etype, etype.removesuffix("_type").replace("_", " "))
            findings.append(
                Finding(
                    "E-WRONG-TYPE",
                    f"'{name}' must be {expected}, not {describe(value)}",
                    located.path,
                    located.value_span(at),
                )
            )
        elif etype in {"greater_than", "greater_than_equal", "less_than", "less_than_equal"}:
            findings.append(
                Finding(
                    "E-OUT-OF-RANGE",
                    f"'{name}' is {value!r}: {error['msg'].lower()}",
                    located.path,
                    located.value_span(at),
                )
            )
        else:
            msg = error["msg"].removeprefix("Value error, ")
            findings.append(Finding("E-BAD-VALUE", f"'{name}': {msg}", located.path, located.value_span(at)))
    return findings
