"""Where a game's layouts come from: its game.yaml, a layouts.yaml beside it, or a Python pack's file.

The form and its checks are `carddb.packs.layouts`; this module reads the files and tells the checks
what they need to know of the game (its kinds' fields, stats, icons, factions, card size).
"""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path
from typing import Any, Literal

from pydantic import TypeAdapter, ValidationError

from carddb.files.validation import Validated, validation_findings
from carddb.files.yamlsource import Located, load_yaml
from carddb.findings.diagnostics import Finding
from carddb.findings.errors import LocatedError
from carddb.packs.facedesign import FaceDesign, FieldType
from carddb.packs.layouts import FILE_NAME, GameFacts, LayoutsFile, face_design, layout_problems


def read_layouts_file(path: Path, facts: GameFacts) -> tuple[LayoutsFile, list[Finding]]:
    """The layouts.yaml at `path`, checked: (its declarations, every problem located in it)."""
    docs, findings = load_yaml(path)
    doc = docs[0] if docs else None
    if findings or doc is None:
        return LayoutsFile(), findings
    if not isinstance(doc.value, dict):
        return LayoutsFile(), [
            Finding("E-YAML-SHAPE", "layouts.yaml holds a mapping: layouts: and placeholder:", path, doc.span)
        ]
    try:
        declared = TypeAdapter(LayoutsFile).validate_python(doc.value)
    except ValidationError as exc:
        validated = Validated("layouts file", LayoutsFile, owners=OWNERS, name_models=True)
        return LayoutsFile(), validation_findings(exc.errors(include_url=False), doc, validated)
    return declared, list(layout_problems(declared.layouts, declared.placeholder, facts, doc))


OWNERS = {"layouts": "a layout", "regions": "a region", "placeholder": "the placeholder art"}


def pack_facts(pack: Any) -> GameFacts:
    """What the checks need of a Python pack: each kind's fields, read from its card models."""
    from carddb.packs.card import Card

    common = set(Card.model_fields) | {"kind", "subtype", pack.faction_field}
    fields: dict[str, dict[str, FieldType]] = {kind.id: {} for kind in pack.kinds}
    for model in _models(pack.card_schema):
        kind_field = model.model_fields.get("kind")
        own = {name: _field_type(info.annotation) for name, info in model.model_fields.items() if name not in common}
        for kind_id in typing.get_args(kind_field.annotation) if kind_field is not None else ():
            fields[str(kind_id)] = own
    return GameFacts(
        fields=fields,
        stats=frozenset(s.id for s in pack.stats),
        icons=frozenset(pack.icons),
        factions=frozenset(f.id for f in pack.factions),
        card_mm=pack.card_size_mm,
    )


def _models(schema: Any) -> list[Any]:
    """The card models of a pack's schema: a model, or a (possibly Annotated) union of them."""
    if isinstance(schema, type):
        return [schema] if hasattr(schema, "model_fields") else []
    return [model for arg in typing.get_args(schema) for model in _models(arg)]


def _field_type(annotation: Any) -> FieldType:
    """How the face prints a field of this type: a flag, a choice, a number or a text."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)] or [annotation]
    first = args[0]
    if first is bool:
        return "flag"
    if typing.get_origin(first) is Literal:
        return "choice"
    if first is int or (typing.get_origin(first) is typing.Annotated and typing.get_args(first)[0] is int):
        return "number"
    return "text"


def declared_faces(game: Any, doc: Located, path: Path) -> tuple[FaceDesign, list[Finding]]:
    """The faces a game.yaml declares (its own `layouts:` and `placeholder:`, or a layouts.yaml beside it)."""
    from carddb.packs.pack import CARD_SIZES

    size = CARD_SIZES.get(game.card_size, (63.0, 88.0)) if isinstance(game.card_size, str) else game.card_size
    fields = {kind.id: {name: spec.type for name, spec in kind.fields.items()} for kind in game.kinds}
    facts = GameFacts(
        fields=fields,
        stats=frozenset(s.id for s in game.stats),
        icons=frozenset(game.icons),
        factions=frozenset(f.id for f in game.factions),
        card_mm=(float(size[0]), float(size[1])),
    )
    layouts, placeholder = game.layouts, game.placeholder
    problems = list(layout_problems(layouts, placeholder, facts, doc))
    beside = path.parent / FILE_NAME
    if beside.is_file():
        if layouts or placeholder is not None:
            span = doc.key_span(("layouts",) if layouts else ("placeholder",))
            problems.append(
                Finding(
                    "E-LAYOUT",
                    f"faces are declared twice: here and in {FILE_NAME} beside this file; keep one",
                    path,
                    span,
                )
            )
        else:
            declared, found = read_layouts_file(beside, facts)
            problems.extend(found)
            layouts, placeholder = declared.layouts, declared.placeholder
    printed = {s.id for s in game.stats} | ({"cost"} if game.cost is not None else set())
    return face_design(layouts, placeholder, fields, printed_elsewhere=printed), problems


def with_layouts(pack: Any, path: Path) -> Any:
    """`pack` with the faces its layouts.yaml at `path` declares (the same form as game.yaml's keys).

    Its kinds' fields come from the pack's card models; every problem of the file raises one
    LocatedError with all of them, when the pack is imported.
    """
    facts = pack_facts(pack)
    declared, problems = read_layouts_file(path, facts)
    if problems:
        raise LocatedError(problems)
    printed = {s.id for s in pack.stats} | {pack.cost.field}
    design = face_design(
        declared.layouts, declared.placeholder, facts.fields, default_motif="landscape", printed_elsewhere=printed
    )
    return dataclasses.replace(pack, faces=design)
