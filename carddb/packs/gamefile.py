"""A game declared in a project's `data/<id>/game.yaml`, without writing Python.

The file states what a `GamePack` holds (kinds with their fields, stats, factions,
rarities, card size, deck rules, rule numbers and tables); `load_game_file` checks
it like any data file (every problem located, all reported together) and builds
the pack: one pydantic card model per kind, strict and closed like a Python
pack's. Rules text is free text with `{icon}` markers, unless the file declares a `vocabulary:`
(carddb.packs.vocabulary): then it is parsed and checked like a Python pack's. An engine needs
Python (see docs/new-game.md).

    name: Starfall Skirmish
    card_size: mini                 # poker, bridge, mini, tarot, square, or [width, height] in mm
    cost: {label: energy, icon: energy}
    icons: [energy]                 # data/<id>/icons/energy.svg
    stats: [{id: attack, label: Attack}, {id: hull, label: Hull}]
    factions: [{id: solar, name: Solar Union, color: "#b5532a", accent: "#f0c060"}]
    kinds:
      - id: ship
        label: Ship
        subtypes: [fighter, cruiser]
        fields:
          cost: {type: number, min: 0, max: 10}
          attack: {type: number, min: 0, max: 20}
    deck: {size: 30, copies: 3}
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, TypeAdapter, ValidationError, field_validator

from carddb.files.svgsafety import icon_problems
from carddb.files.validation import Validated, validation_findings
from carddb.files.yamlsource import Located, load_yaml
from carddb.findings.diagnostics import Finding, Span
from carddb.findings.errors import LocatedError
from carddb.findings.plural import plural
from carddb.packs.card import Card, StrictModel
from carddb.packs.declared import declared_pack
from carddb.packs.gamefile_vocabulary import game_language
from carddb.packs.layouts import LayoutDeclaration, Placeholder
from carddb.packs.layoutsources import declared_faces
from carddb.packs.pack import CARD_SIZES, GamePack
from carddb.packs.vocabulary import VocabularyDeclaration

if TYPE_CHECKING:
    pass

FILE_NAME = "game.yaml"
FIELD_ID = r"^[a-z][a-z0-9_]*$"
WORD_ID = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
COLOR = r"^#[0-9a-fA-F]{6}$"
# Fields every card has (carddb.packs.card.Card), plus those game.yaml adds itself.
RESERVED = frozenset(Card.model_fields) | {"subtype", "faction", "kind"}

FieldId = Annotated[str, Field(pattern=FIELD_ID, max_length=40)]
WordId = Annotated[str, Field(pattern=WORD_ID, max_length=40)]
Label = Annotated[str, Field(min_length=1, max_length=60)]
Color = Annotated[str, Field(pattern=COLOR)]


class CardField(StrictModel):
    """One field a kind's cards have: a whole number in a range, text, one of some values, or a flag."""

    type: Literal["number", "text", "choice", "flag"] = "number"
    min: int | None = None
    max: int | None = None
    values: list[str] = Field(default_factory=list)
    required: bool = True
    default: int | str | bool | None = None


class CardKind(StrictModel):
    id: WordId
    label: Label
    plural: str = ""
    description: str = ""
    subtypes: list[WordId] = Field(default_factory=list)
    fields: dict[str, CardField] = Field(default_factory=dict)
    back: WordId = "default"
    frame: str = ""
    back_face: WordId | None = None  # a double-sided kind: the kind of each card's other side


class StatDeclaration(StrictModel):
    id: FieldId
    label: Label


class FactionDeclaration(StrictModel):
    id: WordId
    name: Label
    color: Color
    accent: Color
    description: str = ""
    # its colour for Draftmancer and Cockatrice (W, U, B, R, G; "" colourless); absent: by its place
    color_letter: Literal["W", "U", "B", "R", "G", ""] | None = None


class RarityDeclaration(StrictModel):
    id: WordId
    name: Label
    color: Color = "#2b2b2b"
    # what Draftmancer and Cockatrice call it; absent: by its name and place (GamePack.rarity_tier)
    tier: Literal["common", "uncommon", "rare", "mythic", "special", ""] = ""


class CostDeclaration(StrictModel):
    label: str = ""
    icon: str = ""


class DeckDeclaration(StrictModel):
    size: Annotated[int, Field(ge=1, le=999)] | None = None
    min_size: Annotated[int, Field(ge=1, le=999)] | None = None
    max_size: Annotated[int, Field(ge=1, le=999)] | None = None
    copies: Annotated[int, Field(ge=1, le=99)] | None = None
    kinds: list[WordId] = Field(default_factory=list)  # kinds a deck may hold; empty: every kind
    # a deck comes from the game's printed pool (each card's copies), or from a player's collection
    built_from: Literal["pool", "collection"] = "pool"


class NumberDeclaration(StrictModel):
    id: WordId
    value: int
    label: Label
    source: str = ""


class TableDeclaration(StrictModel):
    id: WordId
    title: Label
    columns: list[str]
    rows: list[list[str]]
    caption: str = ""

    @field_validator("rows", mode="before")
    @classmethod
    def _cells_as_text(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [[str(c) for c in row] if isinstance(row, list) else row for row in value]
        return value


DEFAULT_RARITIES = [
    RarityDeclaration(id="common", name="Common", color="#2b2b2b"),
    RarityDeclaration(id="uncommon", name="Uncommon", color="#8c9aa6"),
    RarityDeclaration(id="rare", name="Rare", color="#c9a227"),
]


class GameDeclaration(StrictModel):
    name: Label
    description: str = ""
    version: str = ""
    author: Annotated[str, Field(max_length=200)] = ""  # the PDFs' Author (default: the game's name)
    lang: Annotated[str, Field(pattern=r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$")] = "en"  # BCP 47
    card_size: str | list[float] = "poker"
    bleed: Annotated[float, Field(ge=0, le=10)] = 3.0
    faction_label: Label = "faction"
    factions: list[FactionDeclaration] = Field(default_factory=list)
    rarities: list[RarityDeclaration] = Field(default_factory=lambda: list(DEFAULT_RARITIES))
    cost: CostDeclaration | None = None
    icons: list[WordId] = Field(default_factory=list)
    stats: list[StatDeclaration] = Field(default_factory=list)
    kinds: Annotated[list[CardKind], Field(min_length=1)]
    deck: DeckDeclaration | None = None
    numbers: list[NumberDeclaration] = Field(default_factory=list)
    tables: list[TableDeclaration] = Field(default_factory=list)
    # The checked rules-text language (carddb.packs.vocabulary); without one, rules text is free.
    vocabulary: VocabularyDeclaration | None = None
    # The faces as data (carddb.packs.layouts), or a layouts.yaml beside the file.
    layouts: list[LayoutDeclaration] = Field(default_factory=list)
    placeholder: Placeholder = None

    @field_validator("version", mode="before")
    @classmethod
    def _version_as_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int | float) and not isinstance(value, bool) else value


# ---------------------------------------------------------------- loading


def game_file(data_dir: Path) -> Path:
    return data_dir / FILE_NAME


def load_game_file(path: Path, game_id: str) -> GamePack:
    """The pack `path` declares; every problem of the file raises one LocatedError with all of them."""
    stat = path.stat()
    return _load(path, game_id, stat.st_size, stat.st_mtime_ns)


@functools.lru_cache(maxsize=16)
def _load(path: Path, game_id: str, _size: int, _mtime: int) -> GamePack:
    # Cached by the file's size and time: `carddb serve` reloads an edited game.yaml, and every
    # stage of one run gets the same pack object (card models are built once).
    docs, findings = load_yaml(path)
    doc = docs[0] if docs else None
    if not findings and (doc is None or not isinstance(doc.value, dict)):
        findings.append(
            Finding(
                "E-YAML-SHAPE",
                "game.yaml holds a mapping: name, kinds, and what else the game declares",
                path,
                doc.span if doc is not None else None,  # a file without a document has no line to show
            )
        )
    if findings or doc is None:
        raise LocatedError(findings)
    try:
        declared = TypeAdapter(GameDeclaration).validate_python(doc.value)
    except ValidationError as exc:
        validated = Validated("game", GameDeclaration, owners=_OWNERS, name_models=True)
        raise LocatedError(validation_findings(exc.errors(include_url=False), doc, validated)) from None
    problems = list(_consistency(declared, doc, path))
    faces, face_problems = declared_faces(declared, doc, path)
    problems += face_problems
    if problems:
        raise LocatedError(problems)
    language, problems = game_language(declared, doc, path, game_id)
    if problems:
        raise LocatedError(problems)
    return declared_pack(declared, game_id, path, language, faces)


# The mapping a key belongs to, by the section it is in, for messages about a missing key.
_OWNERS = {
    "kinds": "a card kind",
    "fields": "a card field",
    "factions": "a faction",
    "rarities": "a rarity",
    "stats": "a stat",
    "numbers": "a number",
    "tables": "a table",
    "keywords": "a keyword",
    "phrases": "a phrase",
    "layouts": "a layout",
    "regions": "a region",
    "placeholder": "the placeholder art",
}


def _default_problem(spec: CardField) -> str:
    """What is wrong with a field's default ('' if nothing): a card without the field prints it."""
    value = spec.default
    if value is None:
        return ""
    shown = f"'{value}'" if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)
    if spec.type == "number":
        if not isinstance(value, int) or isinstance(value, bool):
            return f"{shown} is not a whole number"
        if spec.min is not None and value < spec.min:
            return f"{shown} is below its min {spec.min}"
        if spec.max is not None and value > spec.max:
            return f"{shown} is above its max {spec.max}"
    elif spec.type == "flag" and not isinstance(value, bool):
        return f"{shown} is not true or false"
    elif spec.type == "choice" and value not in spec.values:
        return f"{shown} is not one of its values: {', '.join(spec.values)}"
    elif spec.type == "text" and (not isinstance(value, str) or not value):
        return f"{shown} is not text"
    return ""


def _consistency(game: GameDeclaration, doc: Located, path: Path) -> Iterable[Finding]:
    """What the schema cannot see: duplicate ids, stats no kind has, a field named like a common one..."""

    def at(*key: str | int) -> Span:
        return doc.value_span(key)

    def problem(message: str, span: Span, hint: str | None = None) -> Finding:
        return Finding("E-GAME-FILE", message, path, span, hint=hint)

    if isinstance(game.card_size, str) and game.card_size not in CARD_SIZES:
        close = difflib.get_close_matches(game.card_size, list(CARD_SIZES), n=1)
        yield problem(
            f"'{game.card_size}' is not a card size carddb knows" + (f"; did you mean '{close[0]}'?" if close else ""),
            at("card_size"),
            hint="sizes: "
            + ", ".join(f"{k} ({w:g} x {h:g} mm)" for k, (w, h) in CARD_SIZES.items())
            + ", or [width, height] in mm",
        )
    elif isinstance(game.card_size, list) and (
        len(game.card_size) != 2 or not all(20 <= v <= 200 for v in game.card_size)
    ):
        yield problem("card_size [width, height] takes two sizes in mm, each from 20 to 200", at("card_size"))
    for section, items in (
        ("kinds", game.kinds),
        ("factions", game.factions),
        ("rarities", game.rarities),
        ("stats", game.stats),
        ("numbers", game.numbers),
        ("tables", game.tables),
    ):
        seen: set[str] = set()
        for index, item in enumerate(items):
            if item.id in seen:
                yield problem(f"{section}: the id '{item.id}' is declared twice", at(section, index, "id"))
            seen.add(item.id)
    number_fields: set[str] = set()
    for k_index, kind in enumerate(game.kinds):
        for name, spec in kind.fields.items():
            span = doc.key_span(("kinds", k_index, "fields", name))
            if not re.match(FIELD_ID, name):
                yield problem(f"field name '{name}' must be lowercase letters, digits and _", span)
            elif name in RESERVED:
                yield problem(
                    f"'{name}' is a field every card already has; the kind's fields are its own",
                    span,
                    hint="common fields: " + ", ".join(sorted(RESERVED)),
                )
            if spec.type == "number":
                number_fields.add(name)
                if spec.min is not None and spec.max is not None and spec.min > spec.max:
                    yield problem(f"field '{name}': min {spec.min} is above max {spec.max}", span)
            if spec.type == "choice" and not spec.values:
                yield problem(f"field '{name}' is a choice and needs its values: [...]", span)
            if spec.type != "choice" and spec.values:
                yield problem(f"field '{name}' has values but is a {spec.type}; write type: choice", span)
            wrong_default = _default_problem(spec)
            if wrong_default:
                yield problem(f"field '{name}': the default {wrong_default}", span)
    for index, stat in enumerate(game.stats):
        if stat.id not in number_fields:
            yield problem(
                f"stat '{stat.id}' is not a number field of any kind, so no card can print it",
                at("stats", index, "id"),
                hint="add it to a kind's fields: {type: number, min: 0, max: 20}",
            )
    if game.cost is not None and "cost" not in number_fields:
        yield problem("cost is declared, but no kind has a number field 'cost'", at("cost"))
    icons = set(game.icons)
    if game.cost is not None and game.cost.icon and game.cost.icon not in icons:
        yield problem(f"the cost icon '{game.cost.icon}' is not in icons: [...]", at("cost", "icon"))
    for index, name in enumerate(game.icons):
        svg = path.parent / "icons" / f"{name}.svg"
        if not svg.is_file():
            yield problem(f"icon '{name}' has no picture: {svg.name} is missing from icons/", at("icons", index))
        else:  # copied into the site and the rulebook, where a browser opens it: a picture, nothing more
            yield from icon_problems(svg, root=path.parents[2])
    kind_ids = {k.id for k in game.kinds}
    back_faces = {k.back_face for k in game.kinds if k.back_face}
    for index, kind in enumerate(game.kinds):
        if kind.back_face is None:
            continue
        if kind.back_face not in kind_ids or kind.back_face == kind.id:
            close = difflib.get_close_matches(kind.back_face, sorted(kind_ids - {kind.id}), n=1)
            yield problem(
                f"kind '{kind.id}': back_face '{kind.back_face}' is not another kind of this game"
                + (f"; did you mean '{close[0]}'?" if close else ""),
                at("kinds", index, "back_face"),
                hint="back_face names the kind of the card's other side, declared under kinds: like any kind",
            )
        elif kind.id in back_faces:
            yield problem(
                f"kind '{kind.id}' is the back face of another kind, so it cannot have a back face itself",
                at("kinds", index, "back_face"),
            )
    if game.deck is not None:
        for index, kind_id in enumerate(game.deck.kinds):
            if kind_id not in kind_ids:
                yield problem(f"deck: '{kind_id}' is not a kind of this game", at("deck", "kinds", index))
        if game.deck.size is not None and (game.deck.min_size or game.deck.max_size):
            yield problem("deck: give either size, or min_size and max_size", at("deck", "size"))
        low, high = game.deck.min_size, game.deck.max_size
        if low is not None and high is not None and low > high:
            yield problem(f"deck: min_size {low} is above max_size {high}", at("deck", "min_size"))
    for index, table in enumerate(game.tables):
        for row_index, row in enumerate(table.rows):
            if len(row) != len(table.columns):
                yield problem(
                    f"table '{table.id}': row {row_index + 1} has {plural(len(row), 'cell')} "
                    f"for {plural(len(table.columns), 'column')}",
                    at("tables", index, "rows", row_index),
                )


def hybrid_pack(path: Path, game_id: str, **parts: Any) -> GamePack:
    """The pack a game.yaml declares, with parts written in Python added: the 'game.yaml plus Python' pack.

    `parts` are `GamePack` fields (`language`, `simulator`, `card_checks`, `template_dir`...); they
    replace what the file made. A name that is no field is a TypeError when the pack is imported, so a
    misspelt part never goes unnoticed (docs/new-game.md, Path 3).
    """
    unknown = sorted(set(parts) - {f.name for f in dataclasses.fields(GamePack)})
    if unknown:
        raise TypeError(f"hybrid_pack: {', '.join(unknown)} is not a GamePack field")
    return dataclasses.replace(load_game_file(path, game_id), **parts)
