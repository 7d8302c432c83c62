"""Card fields as spreadsheet columns, read from the pack's schema (for `carddb import` and `carddb export`).

A column is named after a field (`name`, `health`). A field that holds a mapping
of its own (LOE's `cost`, every card's `art`) has a column per part, named with a
dot (`cost.influence`, `art.artist`), and may also be given whole in one column,
written as in YAML (`3`, or LOE's `{powerstones: 2, influence: 1}`). A list is one cell
of comma-separated items. An empty cell is a field left out (its default applies).
A double-sided card's other side has a column per field of its own kind, after
`back.` (`back.name`, `back.points`); the fields both sides share are the front's.

Cells are typed by the field they fill, for the kind of the card on that row: a
whole-number field turns `3` into 3, a yes/no field takes true/false/yes/no. A cell
that does not read as its type stays text, so that validation reports it as the
designer wrote it ("'health' must be a whole number, not the text 'eight'").
"""

from __future__ import annotations

import re
import types
import typing
from dataclasses import dataclass, replace
from datetime import date
from typing import Any, Literal

import yaml
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from carddb.cards.entries import kind_model
from carddb.files.validation import models_in
from carddb.packs.card import BACK, SHARED_BY_FACES, Card
from carddb.packs.pack import GamePack

# The order of the core fields in an exported sheet: who the card is first, bookkeeping last.
# A pack's own fields (province, cost, health...) go between `kind` and `set`.
LEADING = ("id", "name", "kind")
TRAILING = ("set", "number", "rarity", "text", "flavor", "art", "version", "copies", "tags")


@dataclass(frozen=True)
class Column:
    name: str  # "cost.influence"
    path: tuple[str, ...]  # ("cost", "influence")
    annotation: Any  # the type of the value, to type a cell
    info: FieldInfo

    @property
    def whole_mapping(self) -> bool:
        """A column that holds a whole nested mapping (`cost`), where parts have columns of their own."""
        return _nested_model(self.annotation) is not None


def kind_columns(pack: GamePack, kind: str) -> dict[str, Column]:
    """The columns a card of one kind can fill, in the order of its schema."""
    model = kind_model(pack, kind)
    columns: dict[str, Column] = {}
    if model is None:
        return columns
    for name, info in model.model_fields.items():
        if name == BACK:
            continue  # a double-sided kind's back face has columns of its own (below)
        columns[name] = Column(name, (name,), info.annotation, info)
        nested = _nested_model(info.annotation)
        if nested is not None:
            for part, part_info in nested.model_fields.items():
                dotted = f"{name}.{part}"
                columns[dotted] = Column(dotted, (name, part), part_info.annotation, part_info)
    back_face = pack.kind(kind).back_face if kind in pack.kind_ids else ""
    for name, column in kind_columns(pack, back_face).items() if back_face else ():
        if column.path[0] not in (*SHARED_BY_FACES, "kind"):
            dotted = f"{BACK}.{name}"
            columns[dotted] = replace(column, name=dotted, path=(BACK, *column.path))
    return columns


def pack_columns(pack: GamePack) -> dict[str, Column]:
    """Every column of every kind, in sheet order: id, name, kind, the pack's own fields, then the core ones."""
    found: dict[str, Column] = {}
    for kind in pack.kinds:
        for name, column in kind_columns(pack, kind.id).items():
            found.setdefault(name, column)
    core = [*LEADING, *TRAILING]

    def rank(column: Column) -> tuple[int, int]:
        head = column.path[0]
        if head in LEADING:
            return (0, LEADING.index(head))
        if head in core or head in Card.model_fields:
            return (2, core.index(head) if head in core else len(core))
        return (1, 0)

    return {c.name: c for c in sorted(found.values(), key=rank)}  # sorted() is stable: schema order within a rank


def header_key(text: str) -> str:
    """How headers are matched to column names: case, spaces and hyphens do not matter ("Troop Type")."""
    return re.sub(r"[\s-]+", "_", text.strip().casefold())


def cell_value(text: str, annotation: Any) -> Any:
    """The value of a cell for a field of this type; text that does not read as the type stays text.

    A text field takes the cell exactly as written (spaces included: `carddb export` writes
    them so); any other cell is read without the spaces around it, which nobody sees in a sheet.
    """
    text = text.replace("\r\n", "\n")
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return cell_value(text, typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        options = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        return cell_value(text, options[0]) if len(options) == 1 else _yaml_value(text.strip())
    if origin is list:
        (item,) = typing.get_args(annotation)
        return [cell_value(part.strip(), item) for part in text.split(",") if part.strip()]
    if annotation is str:
        return text
    text = text.strip()
    if origin is Literal:
        choices = typing.get_args(annotation)
        return _number(text, int) if choices and all(isinstance(c, int) for c in choices) else text
    if annotation is bool:
        return _BOOLEANS.get(text.casefold(), text)
    if annotation is int:
        return _number(text, int)
    if annotation is float:
        return _number(text, float)
    if annotation is date:
        try:
            return date.fromisoformat(text)
        except ValueError:
            return text
    return _yaml_value(text)  # a nested mapping given whole, or a type this module does not know


_BOOLEANS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


def _number(text: str, kind: type) -> Any:
    for reader in (int, float) if kind is int else (float,):
        try:
            return reader(text)
        except ValueError:
            continue
    return text


def _yaml_value(text: str) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text


def cell_text(value: Any) -> str:
    """A field's value as a cell (export): lists comma-separated, true/false, whole numbers without '.0'."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ", ".join(cell_text(item) for item in value)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, BaseModel):
        return yaml.safe_dump(value.model_dump(mode="json"), default_flow_style=True, width=10_000).strip()
    return str(value)


def card_cells(card: Card, columns: dict[str, Column]) -> dict[str, str]:
    """A card as cells (export): parts of a mapping in their own columns; a value left at its default is empty.

    A required mapping whose parts are all at their defaults (a cost of 0) still
    fills its first part, or importing the row would find the field missing.
    """
    cells: dict[str, str] = {}
    back = {
        name: replace(c, name=name, path=c.path[1:])
        for c in columns.values()
        if c.path[0] == BACK and (name := c.name.removeprefix(f"{BACK}."))
    }
    if card.back is not None:
        cells.update({f"{BACK}.{name}": text for name, text in card_cells(card.back, back).items()})
    for column in columns.values():
        if column.whole_mapping or column.path[0] == BACK:
            continue
        head = column.path[0]
        if head not in type(card).model_fields:
            continue
        value = getattr(card, head)
        info = type(card).model_fields[head]
        if len(column.path) == 1:
            if info.is_required() or value != _default(info):
                cells[column.name] = cell_text(value)
            continue
        if value is None or (not info.is_required() and value == _default(info)):
            continue
        parts = type(value).model_fields
        part = getattr(value, column.path[1])
        all_default = all(getattr(value, name) == _default(part_info) for name, part_info in parts.items())
        first = next(iter(parts)) == column.path[1]
        if part != _default(column.info) or (first and info.is_required() and all_default):
            cells[column.name] = cell_text(part)
    return cells


def _default(info: FieldInfo) -> Any:
    return info.get_default(call_default_factory=True)


def _nested_model(annotation: Any) -> type[BaseModel] | None:
    if typing.get_origin(annotation) in (list, tuple, dict):
        return None  # a list of mappings is not a set of columns
    models = models_in(annotation)
    return models[0] if len(models) == 1 else None
