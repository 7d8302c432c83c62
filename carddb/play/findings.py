"""Turning pydantic validation errors on play files (boosters, deck lists) into located findings."""

from __future__ import annotations

import difflib
import re
import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from carddb.files.yamlsource import Located, PathKey
from carddb.findings.diagnostics import Finding
from carddb.findings.valuewords import TYPE_WORDS, absorbed_missing, describe, misspelled_required


def _model_at(root: type[BaseModel], loc: tuple[str | int, ...]) -> type[BaseModel] | None:
    """The model class that holds the last part of `loc`, to suggest its field names."""
    candidates: list[type[BaseModel]] = [root]
    keyed = False  # the previous field was a mapping keyed by the user's own names (booster ids)
    for part in loc[:-1]:
        if isinstance(part, int) or keyed:
            keyed = False
            continue
        tagged = [m for m in candidates if _tag_of(m) == part]
        if tagged:  # pydantic names the branch of a discriminated union by its tag ('pick-and-pass')
            candidates = tagged
            continue
        field = next((f for m in candidates if (f := _field(m, str(part))) is not None), None)
        if field is None:
            return None
        keyed = typing.get_origin(field.annotation) is dict
        candidates = _inner_models(field.annotation)
        if not candidates:
            return None
    return candidates[0] if len(candidates) == 1 else None


def _field(model: type[BaseModel], name: str) -> Any:
    return model.model_fields.get(name) or next((f for f in model.model_fields.values() if f.alias == name), None)


def _tag_of(model: type[BaseModel]) -> str | None:
    """The value a discriminated union knows this model by: its one-value Literal field."""
    for field in model.model_fields.values():
        if typing.get_origin(field.annotation) is typing.Literal and len(typing.get_args(field.annotation)) == 1:
            value = typing.get_args(field.annotation)[0]
            return value if isinstance(value, str) else None
    return None


def _real_path(value: Any, loc: tuple[str | int, ...]) -> tuple[str | int, ...]:
    """`loc` without the union tags pydantic adds: only the keys and indexes that are in the YAML."""
    path: list[str | int] = []
    for index, part in enumerate(loc):
        if isinstance(value, dict) and part not in value and index + 1 < len(loc) and loc[index + 1] in value:
            continue  # a tag such as 'pick-and-pass', between a mapping and its real key
        path.append(part)
        if isinstance(value, dict):
            value = value.get(part)
        elif isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value):
            value = value[part]
        else:
            value = None
    return tuple(path)


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


def _inner_models(annotation: Any) -> list[type[BaseModel]]:
    """The models a field holds: one, or the members of a union (a list's or mapping's items included)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _inner_models(typing.get_args(annotation)[0])
    if origin in (list, tuple, dict):
        return _inner_models(typing.get_args(annotation)[-1]) if typing.get_args(annotation) else []
    if origin in (typing.Union, types.UnionType):
        return [m for arg in typing.get_args(annotation) for m in _inner_models(arg)]
    return []


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
        model = _model_at(root, typed[index][1])
        # `located` may be the whole file, with `loc` starting below `base`
        loc = _real_path(_below(located.value, base), typed[index][1])
        at: PathKey = (*base, *loc)
        etype = error["type"]
        name = ".".join(str(p) for p in loc) or what
        value = error.get("input")
        if etype == "extra_forbidden":
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


def _below(value: Any, path: PathKey) -> Any:
    for part in path:
        value = value.get(part) if isinstance(value, dict) else None
    return value
