"""Pydantic validation errors as findings: in a designer's words, at the key or value they wrote.

The one translator for every file carddb validates with pydantic: cards and their back faces,
sets, booster and draft definitions, deck lists, game.yaml. What differs between them is the
`Validated` (what the validated mapping is called, its model, fields it does not list); the card
loader also handles its kind tag before calling here (carddb.cards.entries).
It lives with the YAML loader because its findings point into `Located` YAML.

A misspelt required key is one finding, on the key as written ("'nmae' is not a field of a
Duke; did you mean 'name', which every Duke needs?"), not two (see `valuewords`).
"""

from __future__ import annotations

import difflib
import re
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from carddb.files.yamlsource import Located, PathKey
from carddb.findings.diagnostics import Finding, Span
from carddb.findings.plural import plural
from carddb.findings.valuewords import TYPE_WORDS, absorbed_missing, describe, misspelled_required

# pydantic names union branches by the type or model they tried; they are not keys the designer wrote
_BRANCH_NAMES = {"int", "str", "bool", "float", "list", "dict"}

# Patterns a designer reads as words (see `Validated.patterns`): the regex -> what it asks for.
Patterns = Mapping[str, str]


@dataclass(frozen=True)
class Validated:
    """What a validated mapping is, for messages about it.

    `label` names its kind without an article ("Duke", "deck list"); `who` names this one in
    messages about the whole of it (default: "this <label>"); `model` is its pydantic model, for
    the fields a message suggests; `hidden` are fields it never lists; `start` is where a missing
    top-level field is reported (default: the mapping's own value); `owners` name the mapping
    below a section key ("kinds" -> "a card kind"); `elsewhere(field)` names other subjects that
    have a field this one lacks (cards: "power is a field of Troops").
    """

    label: str
    model: type[BaseModel] | None = None
    who: str = ""
    hidden: frozenset[str] = frozenset()
    start: Span | None = None
    owners: Mapping[str, str] = field(default_factory=dict)
    elsewhere: Callable[[str], list[str]] | None = None
    patterns: Patterns = field(default_factory=dict)
    # Name a nested mapping by its model ('a card filter') rather than by its key ("'filter'").
    name_models: bool = False

    @property
    def named(self) -> str:
        return self.who or f"this {self.label.lower()}"


def an(label: str) -> str:
    """'a Duke', 'an Item'."""
    return f"an {label}" if label[:1].lower() in "aeiou" else f"a {label}"


def validation_findings(
    errors: list[Any], located: Located, validated: Validated, base: PathKey = (), data: Any = None
) -> list[Finding]:
    """One finding per pydantic error (`exc.errors()`), pointing into `located`.

    `located` may be a whole file whose mapping at `base` was validated; `data` is the value
    validated when it is not `located`'s own (a card's front without its `back:`).
    """
    value = _below(located.value if data is None else data, base)
    locs = [written_location(tuple(error["loc"]), value) for error in errors]
    typed = [(error["type"], loc) for error, loc in zip(errors, locs, strict=True)]
    meant = misspelled_required(typed)
    absorbed = absorbed_missing(typed, meant)
    return [
        _finding(error, loc, value, located, validated, base, meant.get(index))
        for index, (error, loc) in enumerate(zip(errors, locs, strict=True))
        if index not in absorbed
    ]


def written_location(loc: tuple[Any, ...], data: Any) -> tuple[Any, ...]:
    """A pydantic error's location as the designer wrote it: no union tags, no branch names.

    A discriminated union puts its tag in the location ('duke', 'pick-and-pass'): a value of the
    mapping (its `kind: duke`), or a part before one of the mapping's own keys, followed by more
    of the location that does not go into a key of that name (a SoulFall Lord has a field `lord`
    too). A union of types puts the branch it tried ('int', 'function-before[...]', 'Cost'). Other
    keys the designer wrote are always kept, whatever they hold (a key 'fla[vor' once vanished).
    """
    out: list[Any] = []
    current: Any = data
    for index, part in enumerate(loc):
        if isinstance(part, str) and _is_tag(part, current, loc[index + 1 :]):
            continue
        if _has(current, part):
            current = current[part]
        elif isinstance(part, str) and ("[" in part or part in _BRANCH_NAMES or part[:1].isupper()):
            continue
        else:
            current = None
        out.append(part)
    return tuple(out)


def _is_tag(part: str, current: Any, rest: tuple[Any, ...]) -> bool:
    if not rest or not isinstance(current, dict):
        return False
    if part in current and _has(current[part], rest[0]):
        return False  # a real key, and the location goes on into its value
    return rest[0] in current or part in current.values()


def _has(value: Any, key: Any) -> bool:
    if isinstance(value, dict):
        return key in value
    return isinstance(value, list) and isinstance(key, int) and 0 <= key < len(value)


def model_at(root: type[BaseModel] | None, loc: tuple[Any, ...], data: Any = None) -> type[BaseModel] | None:
    """The model of the mapping at `loc` below `root` (e.g. Cost for ('cost',)), or None if unsure.

    `data` is the value `root` validated: where a field holds a union of models, the one whose
    tag (a one-value Literal field) the data carries is meant.
    """
    if root is None:
        return None
    candidates: list[type[BaseModel]] = [root]
    keyed = False  # the previous field was a mapping keyed by the user's own names (booster ids)
    for part in loc:
        data = data[part] if _has(data, part) else None
        if isinstance(part, int) or keyed:
            keyed = False
            candidates = _narrow(candidates, data)
            continue
        found = next((f for m in candidates if (f := _field(m, str(part))) is not None), None)
        if found is None:
            return None
        keyed = typing.get_origin(_unwrap(found.annotation)) is dict
        candidates = _narrow(models_in(found.annotation), data)
        if not candidates:
            return None
    return candidates[0] if len(candidates) == 1 else None


def _narrow(models: list[type[BaseModel]], value: Any) -> list[type[BaseModel]]:
    """The models of a union that `value` (a mapping) names by its tag, or all of them."""
    if len(models) < 2 or not isinstance(value, dict):
        return models
    tagged = [m for m in models if any(value.get(name) == tag for name, tag in _tags(m))]
    return tagged or models


def _tags(model: type[BaseModel]) -> list[tuple[str, Any]]:
    found = []
    for name, info in model.model_fields.items():
        annotation = _unwrap(info.annotation)
        if typing.get_origin(annotation) is typing.Literal and len(typing.get_args(annotation)) == 1:
            found += [(key, typing.get_args(annotation)[0]) for key in (info.alias or name, name)]
    return found


def models_in(annotation: Any) -> list[type[BaseModel]]:
    """The models an annotation can hold: one, the members of a union, a list's or mapping's items."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    origin = typing.get_origin(annotation)
    if origin in (list, tuple, dict):
        args = typing.get_args(annotation)
        return models_in(args[-1]) if args else []
    return [m for arg in typing.get_args(annotation) for m in models_in(arg)]


def field_names(model: type[BaseModel], hidden: frozenset[str] = frozenset()) -> list[str]:
    """Field names as a designer may write them, aliases included (a filter's 'province' is 'faction')."""
    names: list[str] = []
    for name, info in model.model_fields.items():
        choices = getattr(info.validation_alias, "choices", None)
        names.extend(c for c in (choices or [info.alias or name]) if isinstance(c, str))
    return [n for n in dict.fromkeys(names) if n not in hidden]


def _unwrap(annotation: Any) -> Any:
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _unwrap(args[0]) if len(args) == 1 else annotation
    return annotation


def _field(model: type[BaseModel], name: str) -> Any:
    fields = model.model_fields
    return fields.get(name) or next((f for f in fields.values() if name in _aliases(f)), None)


def _aliases(info: Any) -> list[str]:
    choices = getattr(info.validation_alias, "choices", None)
    return [c for c in (choices or [info.alias]) if isinstance(c, str)]


def field_label(loc: tuple[Any, ...]) -> str:
    """'cost.influence', or "'tags' item 2" for list items (counted from 1, as a designer counts)."""
    for i, part in enumerate(loc):
        if isinstance(part, int):
            base = ".".join(map(str, loc[:i]))
            label = f"'{base}' item {part + 1}" if base else f"item {part + 1}"
            rest = ".".join(map(str, loc[i + 1 :]))
            return f"{label} '{rest}'" if rest else label
    return "'" + ".".join(map(str, loc)) + "'"


def _owner(loc: tuple[Any, ...], validated: Validated, data: Any = None) -> str:
    """The mapping that holds the field at `loc`, in words: 'a Duke', 'a card kind', "'cost'"."""
    if len(loc) == 1:
        return an(validated.label)
    section = next((str(p) for p in reversed(loc[:-1]) if isinstance(p, str)), "")
    if section in validated.owners:
        return validated.owners[section]
    model = model_at(validated.model, loc[:-1], data) if validated.name_models else None
    return words_of_model(model) if model is not None else field_label(loc[:-1])


def _finding(
    error: Any,
    loc: tuple[Any, ...],
    data: Any,
    located: Located,
    validated: Validated,
    base: PathKey,
    misspells: str | None,
) -> Finding:
    """One pydantic error in the designer's words, at the right span."""
    etype = error["type"]
    path = located.path
    at = (*base, *loc)
    if etype == "extra_forbidden":
        return _unknown_field(loc, data, located, validated, base, misspells)
    if etype == "missing":
        if len(loc) > 1:
            owner = _owner(loc, validated, data)
            return Finding("E-MISSING-FIELD", f"{owner} needs the field '{loc[-1]}'", path, located.value_span(at[:-1]))
        span = validated.start or located.value_span(base)
        return Finding(
            "E-MISSING-FIELD", f"{validated.named} has no '{loc[-1]}', which every {validated.label} needs", path, span
        )
    written = _written_part(loc, data)
    name = field_label(written)
    span = located.value_span((*base, *written))
    value = error.get("input")
    if written != loc and isinstance(value, dict | list):
        value = _value_at(data, written)
    ctx = error.get("ctx") or {}
    if etype in _BOUNDS:
        words, bound = _BOUNDS[etype], ctx.get(_BOUND_KEYS[etype])
        # Whole-number fields read better as inclusive bounds: "at least 1", not "more than 0".
        if etype == "greater_than" and isinstance(bound, int):
            words, bound = "at least", bound + 1
        elif etype == "less_than" and isinstance(bound, int):
            words, bound = "at most", bound - 1
        return Finding("E-OUT-OF-RANGE", f"{name} is {_show(value)}; it must be {words} {_number(bound)}", path, span)
    if etype == "too_short":
        if isinstance(value, str):
            return Finding("E-BAD-VALUE", f"{name} is empty", path, span)
        least = plural(int(ctx.get("min_length", 1)), "entry", "entries")
        return Finding("E-OUT-OF-RANGE", f"{name} needs at least {least}", path, span)
    if etype == "too_long":
        limit = int(ctx.get("max_length", 0))
        message = (
            f"{name} is too long: {len(value)} letters and signs, the limit is {limit}"
            if isinstance(value, str)
            else f"{name} is too long: at most {plural(limit, 'entry', 'entries')}"
        )
        return Finding("E-OUT-OF-RANGE", message, path, span)
    if etype in {"literal_error", "enum"}:
        expected = ctx.get("expected", "")
        choices = [e.strip(" '") for e in expected.replace(" or ", ", ").split(",")]
        close = difflib.get_close_matches(str(value), choices, n=1)
        suggestion = f"; did you mean '{close[0]}'?" if close else ""
        return Finding("E-BAD-VALUE", f"{name} is {_show(value)}, expected {expected}{suggestion}", path, span)
    if etype == "union_tag_invalid":
        tags = [t.strip(" '") for t in str(ctx.get("expected_tags", "")).split(",") if t.strip(" '")]
        close = difflib.get_close_matches(str(ctx.get("tag", "")), tags, n=1, cutoff=0.6)
        suggestion = f"; did you mean '{close[0]}'?" if close else ""
        key = (*base, *written, str(ctx.get("discriminator", "")).strip("'"))
        tag_span = located.value_span(key) if key in located.value_spans else span
        return Finding(
            "E-BAD-VALUE",
            f"{name} is {_show(ctx.get('tag'))}{suggestion}",
            path,
            tag_span,
            hint=f"one of: {', '.join(tags)}",
        )
    if etype == "string_pattern_mismatch":
        words = validated.patterns.get(ctx.get("pattern", ""), "the expected format")
        return Finding("E-BAD-VALUE", f"{name} is {_show(value)}; it must be {words}", path, span)
    if etype in {"model_type", "model_attributes_type", "dataclass_type"}:
        target = model_at(validated.model, written, data)
        expected = getattr(target, "written_as", None) or "a mapping of fields (name: value)"
        return Finding("E-WRONG-TYPE", f"{name} must be {expected}, not {describe(value)}", path, span)
    if etype.endswith(("_type", "_parsing")) or etype == "int_from_float":
        expected = TYPE_WORDS.get(etype, etype.removesuffix("_type").removesuffix("_parsing").replace("_", " "))
        hint = "remove the quotes: in YAML, quoted values are always text" if _looks_like(value, etype) else None
        return Finding("E-WRONG-TYPE", f"{name} must be {expected}, not {describe(value)}", path, span, hint=hint)
    message = str(error["msg"]).removeprefix("Value error, ")
    return Finding("E-BAD-VALUE", f"{name}: {message}", path, span)


def _unknown_field(
    loc: tuple[Any, ...], data: Any, located: Located, validated: Validated, base: PathKey, misspells: str | None
) -> Finding:
    name = str(loc[-1])
    span = located.key_span((*base, *loc))
    owner = _owner(loc, validated, data)
    if misspells is not None:
        needs = f"every {validated.label} needs" if len(loc) == 1 else f"{owner} needs"
        return Finding(
            "E-UNKNOWN-FIELD",
            f"'{name}' is not a field of {owner}; did you mean '{misspells}', which {needs}?",
            located.path,
            span,
        )
    model = validated.model if len(loc) == 1 else model_at(validated.model, loc[:-1], data)
    known = field_names(model, validated.hidden) if model else []
    if len(loc) == 1 and validated.model is not None and validated.elsewhere is not None:
        elsewhere = validated.elsewhere(name)
        if elsewhere:
            return Finding(
                "E-KIND-RULE",
                f"{owner} has no '{name}' field ({name} is a field of {', '.join(elsewhere)})",
                located.path,
                span,
            )
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    if close:
        return Finding(
            "E-UNKNOWN-FIELD", f"'{name}' is not a field of {owner}; did you mean '{close[0]}'?", located.path, span
        )
    hint = f"fields: {', '.join(k for k in known if k != 'kind')}" if known else None
    return Finding("E-UNKNOWN-FIELD", f"'{name}' is not a field of {owner}", located.path, span, hint=hint)


def _written_part(loc: tuple[Any, ...], data: Any) -> tuple[Any, ...]:
    """The part of a location that exists in the YAML as written.

    A pack's shorthand can move an error below what was written: in LOE, `cost: -1` is reported
    by pydantic at ('cost', 'powerstones'), because a bare number stands for the main currency;
    the designer wrote 'cost', so name that.
    """
    written: list[Any] = []
    for part in loc:
        if (isinstance(data, dict) and part in data) or (
            isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data)
        ):
            data = data[part]
        else:
            break
        written.append(part)
    return tuple(written) if written else loc[:1]


def _looks_like(value: Any, etype: str) -> bool:
    """Whether a quoted value would have had the expected type without its quotes."""
    if not isinstance(value, str):
        return False
    if etype in {"int_type", "int_parsing"}:
        return value.strip().lstrip("+-").isdigit()
    if etype == "bool_type":
        return value.strip().lower() in {"true", "false"}
    return False


def _number(bound: Any) -> str:
    return str(int(bound)) if isinstance(bound, float) and bound.is_integer() else str(bound)


def _value_at(data: Any, loc: tuple[Any, ...]) -> Any:
    for part in loc:
        data = data[part]
    return data


def _below(value: Any, path: PathKey) -> Any:
    for part in path:
        value = value.get(part) if isinstance(value, dict) else None
    return value


def _show(value: Any) -> str:
    return repr(value) if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)


def words_of_model(model: type[BaseModel]) -> str:
    """'a card filter' for CardFilter: a model's name in words, for a validated label."""
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", model.__name__).lower()
    return an(words)


_BOUNDS = {
    "greater_than": "more than",
    "greater_than_equal": "at least",
    "less_than": "less than",
    "less_than_equal": "at most",
}
_BOUND_KEYS = {"greater_than": "gt", "greater_than_equal": "ge", "less_than": "lt", "less_than_equal": "le"}
