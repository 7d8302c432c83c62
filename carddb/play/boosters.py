"""Booster definitions: the model of data/<game>/boosters.yaml, validated into plans.

A booster type has slots; a slot draws `count` cards from one or more weighted
sheets; a sheet is a filter over the card pool with optional per-card weights.
Sheet weights are percentages of the slot's draws and must add up to 100, so the
file reads like the odds a designer has in mind ("a mythic 12.5% of the time").

Loading never raises for bad data: every problem is a located `Finding`, and
only booster types without errors become `BoosterPlan`s. The file's `drafts:`
section is read by `carddb.play.draftformat`.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, Field, TypeAdapter, ValidationError, field_validator, model_validator

from carddb.cards.database import CardDatabase
from carddb.files.validation import Validated, validation_findings
from carddb.files.yamlsource import Located, PathKey, load_yaml
from carddb.findings.diagnostics import Finding, Report
from carddb.findings.plural import plural
from carddb.packs.card import Card, Slug, StrictModel
from carddb.rules.numbertext import marker_problem, markers
from carddb.rules.text import keywords_of

# Weights are stored as whole thousandths of a percent so that sums are exact.
WEIGHT_UNITS = 1000
FULL_WEIGHT = 100 * WEIGHT_UNITS


def _as_list(value: Any) -> Any:
    return [value] if isinstance(value, str) else value


class CardFilter(StrictModel):
    """Which cards a sheet holds. Every given field must match; a list means 'any of these'."""

    kind: list[str] = Field(default_factory=list)
    subtype: list[str] = Field(default_factory=list)
    rarity: list[str] = Field(default_factory=list)
    faction: list[str] = Field(default_factory=list, validation_alias=AliasChoices("faction", "province"))
    tag: list[str] = Field(default_factory=list)
    group: list[str] = Field(default_factory=list)
    set: list[str] = Field(default_factory=list)
    cards: list[str] = Field(default_factory=list)
    exclude: list[str] = Field(default_factory=list)
    # keywords of the game's registry that a card's keyword lines have (`starting`), or must not have
    keyword: list[str] = Field(default_factory=list)
    without_keyword: list[str] = Field(default_factory=list)

    @field_validator("*", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return _as_list(value)

    def describe(self) -> str:
        parts = [f"{name}: {', '.join(values)}" for name, values in self.model_dump().items() if values]
        return "; ".join(parts) or "all cards"


class Sheet(StrictModel):
    weight: Annotated[float, Field(gt=0, le=100)] = 100
    filter: CardFilter = Field(default_factory=CardFilter)
    # Relative weights of single cards inside the sheet; unlisted cards weigh 1.
    weights: dict[str, Annotated[int, Field(ge=1, le=1000)]] = Field(default_factory=dict)


class Slot(StrictModel):
    name: Annotated[str, Field(min_length=1)]
    count: Annotated[int, Field(ge=1, le=100)]
    filter: CardFilter | None = None
    sheets: list[Sheet] = Field(default_factory=list)
    # One card of each faction per booster; LOE's files say 'province_balance' (its factions are provinces).
    # `aligned`: one of each faction, and cards of no faction only at their natural odds (no card guaranteed).
    faction_balance: bool | Literal["aligned"] = Field(
        False, validation_alias=AliasChoices("faction_balance", "province_balance")
    )

    @model_validator(mode="after")
    def _one_source(self) -> Slot:
        if (self.filter is None) == (not self.sheets):
            raise ValueError("a slot has either a 'filter' or a list of 'sheets' (not both, not neither)")
        return self

    def all_sheets(self) -> list[Sheet]:
        return self.sheets or [Sheet(filter=self.filter or CardFilter())]


class BoosterType(StrictModel):
    name: Annotated[str, Field(min_length=1)]
    description: str = ""
    # random: every booster is drawn on its own; dealt: one shuffled pile per event is dealt out.
    collation: Literal["random", "dealt"] = "random"
    duplicates: bool = False
    slots: Annotated[list[Slot], Field(min_length=1)]


class BoosterFile(StrictModel):
    boosters: dict[Slug, BoosterType]
    drafts: dict[Slug, Any] = Field(default_factory=dict)  # checked by carddb.play.draftformat


BOOSTER_FILE = Validated("booster definition", BoosterFile, name_models=True)


@dataclass(frozen=True)
class CompiledSheet:
    units: int  # share of the slot's draws, in WEIGHT_UNITS
    cards: tuple[str, ...]
    card_weights: tuple[int, ...]
    factions: tuple[str, ...]  # per card, for faction balance
    copies: tuple[int, ...]  # per card, for dealt collation
    uniform: bool


@dataclass(frozen=True)
class CompiledSlot:
    name: str
    count: int
    sheets: tuple[CompiledSheet, ...]
    balance: bool | str  # True, False, or "aligned" (cards of no faction get no guaranteed card)


@dataclass(frozen=True)
class BoosterPlan:
    """A validated booster type with each sheet resolved to card ids (in set order)."""

    id: str
    name: str
    description: str
    collation: str
    duplicates: bool
    slots: tuple[CompiledSlot, ...]

    @property
    def size(self) -> int:
        return sum(s.count for s in self.slots)


def boosters_path(db: CardDatabase) -> Path:
    return db.project.data_dir(db.pack) / "boosters.yaml"


@dataclass
class BoosterFileContents:
    """A read boosters.yaml: the located document, its parsed form and the clean booster plans."""

    doc: Located | None = None
    parsed: BoosterFile | None = None
    plans: dict[str, BoosterPlan] = field(default_factory=dict)


def load_boosters(db: CardDatabase, report: Report, path: Path | None = None) -> dict[str, BoosterPlan]:
    """Read and check the booster definitions of db's game; only clean types are returned."""
    return read_booster_file(db, report, path).plans


def read_booster_file(db: CardDatabase, report: Report, path: Path | None = None) -> BoosterFileContents:
    # The project's own boosters.yaml must really be in it; a `path` given is the caller's choice.
    inside = db.project.root if path is None else None
    path = path or boosters_path(db)
    if not path.exists() and not path.is_symlink():
        report.add(Finding("E-BOOSTER-FILE", f"no booster definitions: {path} does not exist", path))
        return BoosterFileContents()
    docs, findings = load_yaml(path, inside=inside)
    report.extend(findings)
    if not docs or not isinstance(docs[0].value, dict):
        if not findings:
            span = docs[0].span if docs else None
            report.add(Finding("E-BOOSTER-FILE", "a booster file is a mapping with a 'boosters:' key", path, span))
        return BoosterFileContents()
    doc = docs[0]
    try:
        parsed = TypeAdapter(BoosterFile).validate_python(doc.value)
    except ValidationError as exc:
        report.extend(validation_findings(exc.errors(include_url=False), doc, BOOSTER_FILE))
        return BoosterFileContents(doc)
    plans: dict[str, BoosterPlan] = {}
    for type_id, definition in parsed.boosters.items():
        problems = list(check_booster(db, doc, type_id, definition))
        report.extend(problems)
        if not any(p.severity.value == "error" for p in problems):
            plans[type_id] = compile_booster(db, type_id, definition)
    return BoosterFileContents(doc, parsed, plans)


def card_matches(db: CardDatabase, card: Card, flt: CardFilter) -> bool:
    pack = db.pack
    return (
        (not flt.kind or card.kind in flt.kind)
        and (not flt.subtype or card.subtype_id() in flt.subtype)
        and (not flt.rarity or card.rarity in flt.rarity)
        and (not flt.faction or db.faction_of(card) in flt.faction)
        and (not flt.tag or any(t in flt.tag for t in card.tags))
        and (not flt.group or pack.kind(card.kind).group in flt.group)
        and (not flt.set or card.set in flt.set)
        and (not flt.cards or card.id in flt.cards)
        and card.id not in flt.exclude
        and (not (flt.keyword or flt.without_keyword) or _keywords_match(db, card, flt))
    )


def _keywords_match(db: CardDatabase, card: Card, flt: CardFilter) -> bool:
    has = keywords_of(card.text, db.pack.language) if db.pack.language is not None else frozenset()
    return (not flt.keyword or any(k in has for k in flt.keyword)) and not any(k in has for k in flt.without_keyword)


def matching_cards(db: CardDatabase, flt: CardFilter) -> list[Card]:
    # Set order keeps a plan independent of file order and of dict/hash ordering.
    return sorted((c for c in db.cards if card_matches(db, c, flt)), key=lambda c: (c.set, c.number, c.id))


def _filter_vocabulary(db: CardDatabase) -> dict[str, set[str]]:
    pack = db.pack
    ids = {c.id for c in db.cards}
    keywords = {e.name for e in pack.language.registry.of_role("keyword")} if pack.language is not None else set()
    return {
        "kind": set(pack.kind_ids),
        "subtype": {s for k in pack.kinds for s in k.subtypes},
        "rarity": {r.id for r in pack.rarities},
        "faction": {f.id for f in pack.factions},
        "group": {k.group for k in pack.kinds if k.group},
        "set": set(db.sets) | {c.set for c in db.cards},
        "cards": ids,
        "exclude": ids,
        "keyword": keywords,
        "without_keyword": keywords,
    }


def _yaml_key(located: Located, at: PathKey, name: str) -> str:
    # The file may say 'province' (LOE) where the model says 'faction'.
    if name == "faction" and (*at, "faction") not in located.key_spans:
        return "province"
    return name


def check_filter(db: CardDatabase, doc: Located, filter_at: PathKey, flt: CardFilter) -> Iterable[Finding]:
    """Every value of a card filter must be a kind, rarity, faction... of the game."""
    vocabulary = _filter_vocabulary(db)
    for name, values in flt.model_dump().items():
        key = _yaml_key(doc, filter_at, name)
        for v_index, value in enumerate(values):
            if value not in vocabulary.get(name, {value}):
                known = sorted(vocabulary[name])
                shown = ", ".join(known[:12]) + (" ..." if len(known) > 12 else "")
                value_at = (
                    (*filter_at, key, v_index) if (*filter_at, key, v_index) in doc.value_spans else (*filter_at, key)
                )
                yield Finding(
                    "E-BOOSTER-FILTER",
                    f"{key} '{value}' is not known to {db.pack.name}",
                    doc.path,
                    doc.value_span(value_at),
                    hint=f"known: {shown}" if known else None,
                )


def check_number_markers(db: CardDatabase, doc: Located, at: PathKey, text: str) -> Iterable[Finding]:
    """A description may print the game's numbers with {number:ID}; each must name one (carddb.rules.numbertext)."""
    numbers = db.pack.number_values
    for number_id, form in markers(text):
        problem = marker_problem(number_id, form, numbers)
        if problem is not None:
            close = difflib.get_close_matches(number_id, list(numbers), n=1) if number_id not in numbers else []
            yield Finding(
                "E-UNKNOWN-NUMBER",
                problem + (f"; did you mean '{close[0]}'?" if close else ""),
                doc.path,
                doc.value_span(at),
                hint="numbers: " + (", ".join(sorted(numbers)) or f"{db.pack.name} declares none"),
            )


def check_booster(db: CardDatabase, doc: Located, type_id: str, definition: BoosterType) -> Iterable[Finding]:
    vocabulary = _filter_vocabulary(db)
    where: PathKey = ("boosters", type_id)
    path = doc.path
    distinct: set[str] = set()
    yield from check_number_markers(db, doc, (*where, "description"), definition.description)
    for s_index, slot in enumerate(definition.slots):
        slot_at: PathKey = (*where, "slots", s_index)
        sheets = slot.all_sheets()
        for h_index, sheet in enumerate(sheets):
            sheet_at: PathKey = (*slot_at, "sheets", h_index) if slot.sheets else slot_at
            filter_at: PathKey = (*sheet_at, "filter")
            yield from check_filter(db, doc, filter_at, sheet.filter)
            for card_id in sheet.weights:
                if card_id not in vocabulary["cards"]:
                    yield Finding(
                        "E-BOOSTER-FILTER",
                        f"weights name the unknown card '{card_id}'",
                        path,
                        doc.key_span((*sheet_at, "weights", card_id)),
                    )
            matches = matching_cards(db, sheet.filter)
            distinct.update(c.id for c in matches)
            needed = 1 if definition.duplicates else slot.count
            if len(matches) < needed:
                yield Finding(
                    "E-BOOSTER-TOO-FEW",
                    f"slot '{slot.name}' of booster '{type_id}' draws {slot.count} card{'s' * (slot.count != 1)} "
                    f"without repeats, but its filter ({sheet.filter.describe()}) matches only {len(matches)}",
                    path,
                    doc.value_span(filter_at if (*filter_at,) in doc.value_spans else sheet_at),
                    hint="widen the filter, lower 'count', or set 'duplicates: true'",
                )
        units = [round(s.weight * WEIGHT_UNITS) for s in sheets]
        if slot.sheets and sum(units) != FULL_WEIGHT:
            total = sum(s.weight for s in sheets)
            yield Finding(
                "E-BOOSTER-WEIGHTS",
                f"the sheet weights of slot '{slot.name}' add up to {total:g}, not 100",
                path,
                doc.value_span((*slot_at, "sheets")),
                hint="weights are percentages of the slot's draws",
            )
        if definition.collation == "dealt" and (len(sheets) > 1 or sheets[0].weights):
            yield Finding(
                "E-BOOSTER-COLLATION",
                f"slot '{slot.name}': a dealt booster deals from one pile per slot, so it takes a single filter without weights",
                path,
                doc.value_span(slot_at),
            )
        if slot.faction_balance:
            yield from _check_balance(db, doc, slot, slot_at, type_id)
    total = sum(s.count for s in definition.slots)
    if not definition.duplicates and len(distinct) < total:
        yield Finding(
            "E-BOOSTER-TOO-FEW",
            f"booster '{type_id}' holds {total} different cards but its filters match only {plural(len(distinct), 'card')} in all",
            path,
            doc.key_span(where),
        )


def _check_balance(db: CardDatabase, doc: Located, slot: Slot, slot_at: PathKey, type_id: str) -> Iterable[Finding]:
    written = next((k for k in ("faction_balance", "province_balance") if (*slot_at, k) in doc.key_spans), "")
    at = doc.value_span((*slot_at, written))
    if len(slot.all_sheets()) > 1 or slot.all_sheets()[0].weights:
        yield Finding(
            "E-BOOSTER-BALANCE",
            f"slot '{slot.name}': {db.pack.faction_label} balance works on a slot with one filter and no card weights",
            doc.path,
            at,
        )
        return
    cards = matching_cards(db, slot.all_sheets()[0].filter)
    by_faction: dict[str, int] = {}
    for card in cards:
        faction = db.faction_of(card) or ""
        by_faction[faction] = by_faction.get(faction, 0) + 1
    if slot.faction_balance == "aligned":
        by_faction.pop("", None)  # no card of no faction is guaranteed: their odds are not raised, nothing to warn
    if slot.count < len(by_faction):
        yield Finding(
            "W-BOOSTER-BALANCE",
            f"slot '{slot.name}' of booster '{type_id}' draws {plural(slot.count, 'card')} but its cards come from "
            f"{len(by_faction)} {db.pack.factions_label}; balance is skipped",
            doc.path,
            at,
        )
        return
    for faction, n in sorted(by_faction.items()):
        # One card of each faction is guaranteed; that keeps the natural odds only
        # while each faction's expected count, count * n / N, is at least 1.
        if slot.count * n < len(cards):
            yield Finding(
                "W-BOOSTER-BALANCE",
                f"slot '{slot.name}' of booster '{type_id}': {db.pack.faction_label} '{faction or 'none'}' has "
                f"{n} of {plural(len(cards), 'card')}, fewer than 1 per booster on average; guaranteeing one raises its odds",
                doc.path,
                at,
            )


def compile_booster(db: CardDatabase, type_id: str, definition: BoosterType) -> BoosterPlan:
    slots = []
    for slot in definition.slots:
        sheets = []
        for sheet in slot.all_sheets():
            cards = matching_cards(db, sheet.filter)
            weights = tuple(sheet.weights.get(c.id, 1) for c in cards)
            sheets.append(
                CompiledSheet(
                    units=round(sheet.weight * WEIGHT_UNITS) if slot.sheets else FULL_WEIGHT,
                    cards=tuple(c.id for c in cards),
                    card_weights=weights,
                    factions=tuple(db.faction_of(c) or "" for c in cards),
                    copies=tuple(c.copies for c in cards),
                    uniform=all(w == 1 for w in weights),
                )
            )
        slots.append(CompiledSlot(slot.name, slot.count, tuple(sheets), slot.faction_balance))
    return BoosterPlan(
        id=type_id,
        name=definition.name,
        description=definition.description,
        collation=definition.collation,
        duplicates=definition.duplicates,
        slots=tuple(slots),
    )
