"""A game declared in a project's `data/<id>/game.yaml`, without writing Python.

The file states what a `GamePack` holds (kinds with their fields, stats, factions,
rarities, card size, deck rules, rule numbers and tables); `load_game_file` checks
it like any data file (every problem located, all reported together) and builds
the pack: one pydantic card model per kind, strict and closed like a Python
pack's. Rules text is free text with `{icon}` markers: a rules-text vocabulary
and effect registry, or an engine, need a Python pack (see docs/new-game.md).

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

import difflib
import functools
import re
from collections.abc import Iterable
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Union

from pydantic import Field, TypeAdapter, ValidationError, create_model, field_validator

from carddb.cardmodel import Card, StrictModel
from carddb.diagnostics import Finding, Span
from carddb.errors import LocatedError
from carddb.gamepack import CARD_SIZES, CostInfo, Faction, GameNumber, GamePack, GameTable, KindInfo, Rarity, StatInfo
from carddb.yamlsource import Located, load_yaml

if TYPE_CHECKING:
    from carddb.database import CardDatabase
    from carddb.play.decks import DeckList, DeckSource

FILE_NAME = "game.yaml"
FIELD_ID = r"^[a-z][a-z0-9_]*$"
WORD_ID = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
COLOR = r"^#[0-9a-fA-F]{6}$"
# Fields every card has (carddb.cardmodel.Card), plus those game.yaml adds itself.
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


class StatDeclaration(StrictModel):
    id: FieldId
    label: Label


class FactionDeclaration(StrictModel):
    id: WordId
    name: Label
    color: Color
    accent: Color
    description: str = ""


class RarityDeclaration(StrictModel):
    id: WordId
    name: Label
    color: Color = "#2b2b2b"


class CostDeclaration(StrictModel):
    label: str = ""
    icon: str = ""


class DeckDeclaration(StrictModel):
    size: Annotated[int, Field(ge=1, le=999)] | None = None
    min_size: Annotated[int, Field(ge=1, le=999)] | None = None
    max_size: Annotated[int, Field(ge=1, le=999)] | None = None
    copies: Annotated[int, Field(ge=1, le=99)] | None = None
    kinds: list[WordId] = Field(default_factory=list)  # kinds a deck may hold; empty: every kind


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
    from carddb.play.findings import validation_findings  # generic pydantic -> findings

    docs, findings = load_yaml(path)
    doc = docs[0] if docs else None
    if not findings and (doc is None or not isinstance(doc.value, dict)):
        findings.append(
            Finding("E-YAML-SHAPE", "game.yaml holds a mapping: name, kinds, and what else the game declares", path)
        )
    if findings or doc is None:
        raise LocatedError(findings)
    try:
        declared = TypeAdapter(GameDeclaration).validate_python(doc.value)
    except ValidationError as exc:
        raise LocatedError(
            _schema_findings(exc, doc, validation_findings(exc, doc, GameDeclaration, "a game"))
        ) from None
    problems = list(_consistency(declared, doc, path))
    if problems:
        raise LocatedError(problems)
    return _pack(declared, game_id, path)


def _schema_findings(exc: ValidationError, doc: Located, found: list[Finding]) -> list[Finding]:
    """The schema's findings, with a missing key named after its mapping ('a card kind needs ...'), and
    left out where a misspelling of it is reported already (one typo, one finding)."""
    misspelt = {
        (tuple(e["loc"][:-1]), str(e["loc"][-1]))
        for e in exc.errors(include_url=False)
        if e["type"] == "extra_forbidden"
    }
    out = []
    for error, finding in zip(exc.errors(include_url=False), found, strict=True):
        loc = tuple(error["loc"])
        if error["type"] == "missing":
            name = str(loc[-1])
            if any(
                where == loc[:-1] and difflib.get_close_matches(name, [typo], cutoff=0.6) for where, typo in misspelt
            ):
                continue
            owner = _OWNERS.get(next((str(p) for p in reversed(loc[:-1]) if isinstance(p, str)), ""), "game.yaml")
            finding = Finding("E-MISSING-FIELD", f"{owner} needs the field '{name}'", finding.path, finding.span)
        out.append(finding)
    return out


# The mapping a key belongs to, by the section it is in, for messages about a missing key.
_OWNERS = {
    "kinds": "a card kind",
    "fields": "a card field",
    "factions": "a faction",
    "rarities": "a rarity",
    "stats": "a stat",
    "numbers": "a number",
    "tables": "a table",
}


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
    kind_ids = {k.id for k in game.kinds}
    if game.deck is not None:
        for index, kind_id in enumerate(game.deck.kinds):
            if kind_id not in kind_ids:
                yield problem(f"deck: '{kind_id}' is not a kind of this game", at("deck", "kinds", index))
        if game.deck.size is not None and (game.deck.min_size or game.deck.max_size):
            yield problem("deck: give either size, or min_size and max_size", at("deck", "size"))
    for index, table in enumerate(game.tables):
        for row_index, row in enumerate(table.rows):
            if len(row) != len(table.columns):
                yield problem(
                    f"table '{table.id}': row {row_index + 1} has {len(row)} cells for {len(table.columns)} columns",
                    at("tables", index, "rows", row_index),
                )


# ---------------------------------------------------------------- the pack


class DeclaredCard(Card):
    """A card of a game.yaml game; each kind's model adds its declared fields."""

    def curve_cost(self) -> int | None:
        cost = getattr(self, "cost", None)
        return cost if isinstance(cost, int) and not isinstance(cost, bool) else None

    def cost_label(self) -> str:
        cost = self.curve_cost()
        return "" if cost is None else str(cost)

    # (field, label) of the pack's stats this kind has; set on each kind's model
    stat_labels: ClassVar[tuple[tuple[str, str], ...]] = ()

    def stat_line(self) -> str:
        shown = [(getattr(self, sid, None), label) for sid, label in self.stat_labels]
        return ", ".join(f"{value} {label.lower()}" for value, label in shown if value is not None)


def _field_type(name: str, spec: CardField) -> tuple[Any, Any]:
    if spec.type == "number":
        base: Any = Annotated[
            int, Field(ge=spec.min if spec.min is not None else -999, le=spec.max if spec.max is not None else 999)
        ]
    elif spec.type == "text":
        base = Annotated[str, Field(min_length=1)]
    elif spec.type == "flag":
        base = bool
    else:
        base = Literal[tuple(spec.values)]  # type: ignore[valid-type]
    if spec.required and spec.default is None:
        return base, ...
    return base | None, spec.default


def _pack(game: GameDeclaration, game_id: str, path: Path) -> GamePack:
    rarity_type: Any = Literal[tuple(r.id for r in game.rarities)]  # type: ignore[valid-type]
    faction_type: Any = Literal[tuple(f.id for f in game.factions)] if game.factions else None  # type: ignore[valid-type]
    stat_labels = tuple((s.id, s.label) for s in game.stats)
    models = []
    for kind in game.kinds:
        fields: dict[str, Any] = {
            "kind": (Literal[kind.id], ...),  # type: ignore[valid-type]
            "rarity": (rarity_type, ...),
        }
        if faction_type is not None:
            fields["faction"] = (faction_type | None, None)
        if kind.subtypes:
            fields["subtype"] = (Literal[tuple(kind.subtypes)], ...)  # type: ignore[valid-type]
        fields.update({name: _field_type(name, spec) for name, spec in kind.fields.items()})
        model = create_model(  # type: ignore[call-overload]
            _model_name(kind.id), __base__=DeclaredCard, __module__=__name__, **fields
        )
        model.stat_labels = tuple((sid, label) for sid, label in stat_labels if sid in kind.fields)
        models.append(model)
    schema: Any = models[0] if len(models) == 1 else Annotated[Union[tuple(models)], Field(discriminator="kind")]  # noqa: UP007
    size = CARD_SIZES[game.card_size] if isinstance(game.card_size, str) else (game.card_size[0], game.card_size[1])
    icon_dir = path.parent / "icons"
    return GamePack(
        id=game_id,
        name=game.name,
        description=game.description,
        card_schema=schema,
        kinds=tuple(
            KindInfo(
                k.id,
                k.label,
                k.plural or f"{k.label}s",
                k.description,
                subtypes=tuple(k.subtypes),
                back=k.back,
                frame=k.frame,
            )
            for k in game.kinds
        ),
        rarities=tuple(Rarity(r.id, r.name, r.color) for r in game.rarities),
        factions=tuple(Faction(f.id, f.name, f.color, f.accent, f.description) for f in game.factions),
        faction_label=game.faction_label,
        card_size_mm=(float(size[0]), float(size[1])),
        stats=tuple(StatInfo(s.id, s.label) for s in game.stats),
        cost=CostInfo(label=game.cost.label, icon=game.cost.icon) if game.cost else CostInfo(),
        icons=tuple(game.icons),
        icon_dir=icon_dir if game.icons else None,
        extras={"bleed_mm": game.bleed},
        deck_rules=DeclaredDeckRules(game.deck, {k.id: k.label for k in game.kinds}) if game.deck else None,
        numbers=tuple(GameNumber(n.id, n.value, n.label, n.source) for n in game.numbers),
        tables=tuple(
            GameTable(t.id, t.title, tuple(t.columns), tuple(tuple(r) for r in t.rows), t.caption) for t in game.tables
        ),
        version=game.version,
    )


def _model_name(kind_id: str) -> str:
    return "".join(part.title() for part in kind_id.split("-")) + "Card"


class DeclaredDeckRules:
    """Deck rules of a game.yaml game: a deck's size, the most copies of one card, the kinds it may hold."""

    draft_limits: MappingProxyType[str, int] = MappingProxyType({})
    draft_required: MappingProxyType[str, int] = MappingProxyType({})

    def __init__(self, deck: DeckDeclaration, kind_labels: dict[str, str]) -> None:
        self.deck = deck
        self.kind_labels = kind_labels
        self.list_kinds = MappingProxyType({"deck": self.describe()})

    def describe(self) -> str:
        deck = self.deck
        if deck.size:
            parts = [f"exactly {deck.size} cards"]
        elif deck.min_size and deck.max_size:
            parts = [f"{deck.min_size} to {deck.max_size} cards"]
        elif deck.min_size or deck.max_size:
            parts = [f"at least {deck.min_size} cards" if deck.min_size else f"at most {deck.max_size} cards"]
        else:
            parts = []
        if deck.copies:
            parts.append(f"at most {deck.copies} {'copy' if deck.copies == 1 else 'copies'} of a card")
        if deck.kinds:
            parts.append("only " + ", ".join(self.kind_labels[k] for k in deck.kinds) + " cards")
        return "a deck: " + ("; ".join(parts) if parts else "any cards")

    def check(self, deck: DeckList, db: CardDatabase, source: DeckSource) -> Iterable[Finding]:
        rules = self.deck
        size = deck.size
        low = rules.size or rules.min_size
        high = rules.size or rules.max_size
        if (low is not None and size < low) or (high is not None and size > high):
            yield Finding(
                "E-DECK-RULE",
                f"deck '{deck.id}' has {size} cards; {self.describe().removeprefix('a deck: ')}",
                source.path,
                source.span("cards"),
            )
        for card_id, count in deck.cards.items():
            card = db.by_id(card_id)
            if rules.copies is not None and count > rules.copies:
                yield Finding(
                    "E-DECK-RULE",
                    f"deck '{deck.id}' has {count} copies of '{card_id}'; a deck holds at most {rules.copies}",
                    source.path,
                    source.card_span(card_id),
                )
            if card is not None and rules.kinds and card.kind not in rules.kinds:
                yield Finding(
                    "E-DECK-RULE",
                    f"'{card_id}' is a {self.kind_labels.get(card.kind, card.kind)}; a deck holds only "
                    + ", ".join(self.kind_labels[k] for k in rules.kinds)
                    + " cards",
                    source.path,
                    source.card_span(card_id),
                )
