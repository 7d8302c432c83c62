"""Loading a game's card database: files -> located YAML -> typed cards -> checks.

`load_database` never raises for bad data: every problem becomes a `Finding` in
the returned report, and every card that did validate is in the database, so a
run can report all problems at once.
"""

from __future__ import annotations

import difflib
import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter, ValidationError

from carddb.cardmodel import Card, StrictModel
from carddb.diagnostics import Finding, Report, Span
from carddb.gamepack import GamePack
from carddb.project import Project
from carddb.yamlsource import Located, load_yaml

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".webp", ".gif", ".tif", ".tiff", ".bmp"}


class CardSetInfo(StrictModel):
    code: Annotated[str, Field(pattern=r"^[A-Z0-9]{2,5}$")]
    name: Annotated[str, Field(min_length=1)]
    release: date | None = None
    # Playtest sets are printed with generated placeholder art, so missing art
    # is only worth a warning once a set is headed for release.
    stage: Literal["playtest", "release"] = "release"


@dataclass
class CardSource:
    """Where a card came from, for findings raised after loading."""

    located: Located

    @property
    def path(self) -> Path:
        return self.located.path

    def value_span(self, *key: str | int) -> Span:
        return self.located.value_span(key)

    def key_span(self, *key: str | int) -> Span:
        return self.located.key_span(key)


@dataclass
class CardDatabase:
    pack: GamePack
    project: Project
    cards: list[Card] = field(default_factory=list)
    sources: dict[str, CardSource] = field(default_factory=dict)
    sets: dict[str, CardSetInfo] = field(default_factory=dict)

    def by_id(self, card_id: str) -> Card | None:
        return next((c for c in self.cards if c.id == card_id), None)

    def source(self, card: Card) -> CardSource:
        return self.sources[card.id]

    def faction_of(self, card: Card) -> str | None:
        value = getattr(card, self.pack.faction_field, None)
        return value if isinstance(value, str) else None

    def set_size(self, code: str) -> int:
        return sum(1 for c in self.cards if c.set == code)

    def of_kind(self, kind: str) -> list[Card]:
        return [c for c in self.cards if c.kind == kind]


def card_files(cards_dir: Path) -> list[Path]:
    if not cards_dir.is_dir():
        return []
    return sorted(p for p in cards_dir.rglob("*") if p.suffix in {".yaml", ".yml"} and p.is_file())


def load_database(project: Project, pack: GamePack, report: Report | None = None) -> tuple[CardDatabase, Report]:
    """Load, validate and cross-check every card of `pack` in `project`."""
    report = report if report is not None else Report(root=project.root)
    project.require_data(pack)
    db = CardDatabase(pack=pack, project=project)
    db.sets = load_sets(project, pack, report)
    files = card_files(project.cards_dir(pack))
    if not files:
        report.add(Finding("E-NO-CARDS", f"no card files (*.yaml) in {project.cards_dir(pack)}"))
    validator = _adapter(pack)
    for path in files:
        for located in card_entries(path, report):
            card = validate_card(located, pack, validator, report)
            if card is None:
                continue
            if card.id in db.sources:
                first = db.sources[card.id]
                report.add(
                    Finding(
                        "E-DUPLICATE-ID",
                        f"id '{card.id}' is already used by the card at "
                        f"{report.display_path(first.path)}:{first.value_span('id').line}",
                        path,
                        located.value_span(("id",)),
                    )
                )
                continue
            db.cards.append(card)
            db.sources[card.id] = CardSource(located)
    report.extend(cross_checks(db))
    for check in pack.card_checks:
        for card in db.cards:
            report.extend(check(card, db))
    return db, report


_ADAPTERS: dict[str, TypeAdapter[Any]] = {}


def _adapter(pack: GamePack) -> TypeAdapter[Any]:
    if pack.id not in _ADAPTERS:
        _ADAPTERS[pack.id] = TypeAdapter(pack.card_schema)
    return _ADAPTERS[pack.id]


def card_entries(path: Path, report: Report) -> Iterable[Located]:
    """Cards of one file: a mapping (one card), a list of mappings, or several documents."""
    docs, findings = load_yaml(path)
    report.extend(findings)
    for doc in docs:
        if doc.value is None:
            continue
        if isinstance(doc.value, dict):
            yield doc
        elif isinstance(doc.value, list):
            for index, item in enumerate(doc.value):
                if isinstance(item, dict):
                    yield doc.sub(index)
                else:
                    report.add(
                        Finding(
                            "E-YAML-SHAPE",
                            "each entry of a card list must be a mapping of fields (id: ..., name: ...)",
                            path,
                            doc.value_span((index,)),
                        )
                    )
        else:
            report.add(
                Finding("E-YAML-SHAPE", "a card file holds a card mapping or a list of cards", path, doc.span)
            )


def validate_card(located: Located, pack: GamePack, adapter: TypeAdapter[Any], report: Report) -> Card | None:
    data = located.value
    kind = data.get("kind")
    if kind is not None and not isinstance(kind, str):
        report.add(Finding("E-WRONG-TYPE", "'kind' must be a word", located.path, located.value_span(("kind",))))
        return None
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        for error in exc.errors(include_url=False):
            report.add(_finding_for(error, data, located, pack))
        return None


def _kind_fields(pack: GamePack, kind: str | None) -> list[str]:
    adapter_schema = pack.card_schema
    union = adapter_schema.__origin__ if hasattr(adapter_schema, "__origin__") else adapter_schema
    for model in getattr(union, "__args__", ()):
        field_info = model.model_fields.get("kind")
        if field_info and field_info.annotation.__args__ == (kind,):
            return list(model.model_fields)
    return []


def _finding_for(error: Any, data: dict[str, Any], located: Located, pack: GamePack) -> Finding:
    loc: tuple[Any, ...] = tuple(error["loc"])
    kind = data.get("kind")
    if loc and loc[0] == kind:
        loc = loc[1:]
    # pydantic reports nested union branches with names like 'int' or 'function-before[...]'.
    loc = tuple(p for p in loc if not (isinstance(p, str) and ("[" in p or p in {"int", "Cost"})))
    kind_label = pack.kind(kind).label if kind in pack.kind_ids else "card"
    field_name = ".".join(str(p) for p in loc)
    etype = error["type"]
    path = located.path
    card_name = f" of card '{data['id']}'" if isinstance(data.get("id"), str) else ""
    if etype == "extra_forbidden":
        known = _kind_fields(pack, kind) if len(loc) == 1 else []
        close = difflib.get_close_matches(str(loc[-1]), known, n=1, cutoff=0.6)
        hint = f"did you mean '{close[0]}'?" if close else None
        message = f"'{loc[-1]}' is not a field of a {kind_label}"
        if hint:
            message += f"; {hint}"
        elif known:
            hint = "fields: " + ", ".join(known)
        return Finding("E-UNKNOWN-FIELD", message, path, located.key_span(loc), hint=None if close else hint)
    if etype == "missing":
        return Finding(
            "E-MISSING-FIELD",
            f"a {kind_label} needs the field '{field_name}'{card_name}",
            path,
            located.value_span(loc[:-1]) if len(loc) > 1 else _card_start(located),
        )
    if etype in {"union_tag_not_found"}:
        return Finding(
            "E-MISSING-FIELD",
            f"a card needs the field 'kind'{card_name} (one of: {', '.join(pack.kind_ids)})",
            path,
            _card_start(located),
        )
    if etype == "union_tag_invalid":
        close = difflib.get_close_matches(str(kind), pack.kind_ids, n=1)
        suggestion = f"; did you mean '{close[0]}'?" if close else ""
        return Finding(
            "E-UNKNOWN-KIND",
            f"'{kind}' is not a card kind of {pack.name}{suggestion}",
            path,
            located.value_span(("kind",)),
            hint=f"kinds: {', '.join(pack.kind_ids)}",
        )
    span = located.value_span(loc)
    value = error.get("input")
    if etype == "kind_rule":
        return Finding("E-KIND-RULE", error["msg"] + card_name, path, _card_start(located))
    if etype in {"greater_than", "greater_than_equal", "less_than", "less_than_equal", "too_short", "too_long"}:
        if etype in {"too_short", "too_long"} and isinstance(value, str):
            return Finding("E-BAD-VALUE", f"'{field_name}' {error['msg'].lower()}", path, span)
        return Finding("E-OUT-OF-RANGE", f"'{field_name}' is {value!r}: {error['msg'].lower()}", path, span)
    if etype == "literal_error":
        expected = error.get("ctx", {}).get("expected", "")
        close = difflib.get_close_matches(str(value), [e.strip(" '") for e in expected.replace(" or ", ", ").split(",")], n=1)
        suggestion = f"; did you mean '{close[0]}'?" if close else ""
        return Finding(
            "E-BAD-VALUE", f"'{field_name}' is {value!r}, expected {expected}{suggestion}", path, span
        )
    if etype == "string_pattern_mismatch":
        if field_name == "id" or field_name.startswith("tags"):
            msg = f"'{field_name}' {value!r} must be lowercase words joined by hyphens, e.g. 'ashmarch-duke'"
        else:
            msg = f"'{field_name}' {value!r} does not have the expected format ({error['msg']})"
        return Finding("E-BAD-VALUE", msg, path, span)
    if etype.endswith("_type") or etype.endswith("_parsing") or etype in {"model_attributes_type", "dataclass_type"}:
        expected = _TYPE_WORDS.get(etype, etype.replace("_type", "").replace("_", " "))
        return Finding(
            "E-WRONG-TYPE",
            f"'{field_name}' must be {expected}, not {_describe(value)}",
            path,
            span,
        )
    return Finding("E-BAD-VALUE", f"'{field_name}': {error['msg']}", path, span)


_TYPE_WORDS = {
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


def _describe(value: Any) -> str:
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


def _card_start(located: Located) -> Span:
    span = located.key_spans.get(("id",)) or located.span
    return Span.point(span.line, span.col)


def load_sets(project: Project, pack: GamePack, report: Report) -> dict[str, CardSetInfo]:
    path = project.data_dir(pack) / "sets.yaml"
    if not path.exists():
        return {}
    docs, findings = load_yaml(path)
    report.extend(findings)
    sets: dict[str, CardSetInfo] = {}
    adapter = TypeAdapter(CardSetInfo)
    for doc in docs:
        entries = doc.value if isinstance(doc.value, list) else [doc.value] if doc.value else []
        for index, entry in enumerate(entries):
            item = doc.sub(index) if isinstance(doc.value, list) else doc
            if not isinstance(entry, dict):
                report.add(Finding("E-YAML-SHAPE", "each set is a mapping with code, name, release", path, item.span))
                continue
            try:
                info = adapter.validate_python(entry)
            except ValidationError as exc:
                for error in exc.errors(include_url=False):
                    report.add(_finding_for(error, entry, item, pack))
                continue
            sets[info.code] = info
    return sets


def cross_checks(db: CardDatabase) -> Iterable[Finding]:
    """Checks that look at more than one card, or outside the card file."""
    numbers: dict[tuple[str, int], Card] = {}
    for card in db.cards:
        src = db.source(card)
        if card.set not in db.sets:
            known = ", ".join(db.sets) or "none defined"
            close = difflib.get_close_matches(card.set, list(db.sets), n=1)
            yield Finding(
                "E-UNKNOWN-SET",
                f"set '{card.set}' is not defined in data/{db.pack.id}/sets.yaml"
                + (f"; did you mean '{close[0]}'?" if close else f" (sets: {known})"),
                src.path,
                src.value_span("set"),
            )
        key = (card.set, card.number)
        if key in numbers:
            other = numbers[key]
            yield Finding(
                "E-DUPLICATE-NUMBER",
                f"collector number {card.number} of set {card.set} is already used by '{other.id}'",
                src.path,
                src.value_span("number"),
            )
        else:
            numbers[key] = card
        yield from art_checks(db, card)
        if not card.flavor:
            yield Finding("W-NO-FLAVOR", f"'{card.id}' has no flavor text", src.path, _card_start(src.located))
    per_set = Counter(card.set for card in db.cards)
    for code in per_set:
        used = sorted(n for (s, n) in numbers if s == code)
        missing = sorted(set(range(1, used[-1] + 1)) - set(used)) if used else []
        if missing:
            shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
            yield Finding("W-NUMBER-GAP", f"set {code} has no card numbered {shown}")


def resolve_art(db: CardDatabase, file: str) -> Path:
    return (db.project.art_dir(db.pack) / file).resolve()


def art_checks(db: CardDatabase, card: Card) -> Iterable[Finding]:
    src = db.source(card)
    if card.art is None:
        info = db.sets.get(card.set)
        if info is not None and info.stage == "playtest":
            return
        yield Finding("W-NO-ART", f"'{card.id}' has no art; a placeholder will be printed", src.path, _card_start(src.located))
        return
    span = src.value_span("art", "file") if isinstance(src.located.value.get("art"), dict) else src.value_span("art")
    art_dir = db.project.art_dir(db.pack).resolve()
    path = resolve_art(db, card.art.file)
    if os.path.isabs(card.art.file) or not path.is_relative_to(art_dir):
        yield Finding("E-PATH-ESCAPE", f"art '{card.art.file}' is outside data/{db.pack.id}/art/", src.path, span)
        return
    if not path.is_file():
        yield Finding("E-ART-MISSING", f"art file data/{db.pack.id}/art/{card.art.file} does not exist", src.path, span)
        return
    if path.suffix.lower() not in IMAGE_SUFFIXES or not _looks_like_image(path):
        yield Finding("E-ART-UNREADABLE", f"art file {card.art.file} is not a readable image (PNG, JPEG, WebP...)", src.path, span)


_MAGIC = (b"\x89PNG", b"\xff\xd8\xff", b"RIFF", b"GIF8", b"II*\x00", b"MM\x00*", b"BM")


def _looks_like_image(path: Path) -> bool:
    # A header check is enough for validation; the renderer decodes the file fully.
    try:
        with path.open("rb") as fh:
            head = fh.read(12)
    except OSError:
        return False
    return any(head.startswith(m) for m in _MAGIC)
