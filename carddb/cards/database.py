"""Loading a game's card database: files -> located YAML -> typed cards -> checks.

`load_database` never raises for bad data: every problem becomes a `Finding` in
the returned report, and every card that did validate is in the database, so a
run can report all problems at once.
"""

from __future__ import annotations

import difflib
import functools
import gc
import os
import stat
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from carddb.cards.artverdicts import CACHE_NAME, ArtVerdicts
from carddb.cards.release import release_checks
from carddb.files.project import Project
from carddb.files.yamlsource import Located, load_yaml
from carddb.findings.diagnostics import Finding, Report, Span
from carddb.findings.plural import plural
from carddb.findings.valuewords import TYPE_WORDS, absorbed_missing, describe, misspelled_required
from carddb.packs.card import BACK, SHARED_BY_FACES, SLUG, Card, StrictModel, back_id
from carddb.packs.pack import GamePack

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".webp", ".gif", ".tif", ".tiff", ".bmp"}
SET_CODE = r"^[A-Z0-9]{2,5}$"
MAX_NUMBER = 9999  # the largest collector number (carddb.packs.card.Card.number)


class CardSetInfo(StrictModel):
    code: Annotated[str, Field(pattern=SET_CODE)]
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
    # Where each set is defined in sets.yaml, so set-level findings can point there.
    set_sources: dict[str, Located] = field(default_factory=dict)
    # Cards as written that are not in `cards`: they failed validation or repeat an id
    # (see carddb.cards.validity, which names them when a command leaves them out).
    rejected: list[Located] = field(default_factory=list)
    # Whether each art file decodes (see carddb.cards.artverdicts): made once per run, kept in output/<game>/.cache.
    art_verdicts: ArtVerdicts | None = field(default=None, repr=False, compare=False)
    _index: dict[str, Card] = field(default_factory=dict, init=False, repr=False, compare=False)
    _set_counts: Counter[str] = field(default_factory=Counter, init=False, repr=False, compare=False)

    def by_id(self, card_id: str) -> Card | None:
        # Indexed, because decks and boosters look cards up by id in loops; rebuilt
        # whenever cards were added or removed since the last look-up.
        if len(self._index) != len(self.cards):
            self._index = {c.id: c for c in self.cards}
        return self._index.get(card_id)

    def source(self, card: Card) -> CardSource:
        """Where a card, or the back face of one, is written."""
        return self.sources[card.id]

    def faces(self) -> Iterator[Card]:
        """Every face of every card: each card, then its own back if it is double-sided."""
        for card in self.cards:
            yield from card.faces

    def face(self, face_id: str) -> Card | None:
        """A card by id, or a card's back face by its id (`ID/back`)."""
        card = self.by_id(face_id.removesuffix(f"/{BACK}"))
        if card is None or face_id == card.id:
            return card
        return card.back if face_id == back_id(card.id) else None

    def faction_of(self, card: Card) -> str | None:
        value = getattr(card, self.pack.faction_field, None)
        return value if isinstance(value, str) else None

    def set_size(self, code: str) -> int:
        # Every card face asks: counted in one pass (counting per face was quadratic),
        # again whenever cards were added or removed, as for the id index.
        if sum(self._set_counts.values()) != len(self.cards):
            self._set_counts = Counter(c.set for c in self.cards)
        return self._set_counts.get(code, 0)

    def of_kind(self, kind: str) -> list[Card]:
        return [c for c in self.cards if c.kind == kind]


def card_files(cards_dir: Path) -> list[Path]:
    if not cards_dir.is_dir():
        return []
    return sorted(p for p in cards_dir.rglob("*") if p.suffix in {".yaml", ".yml"} and p.is_file())


def load_database(
    project: Project, pack: GamePack, report: Report | None = None, *, files: Sequence[Path] | None = None
) -> tuple[CardDatabase, Report]:
    """Load, validate and cross-check every card of `pack` in `project`.

    `files` replaces the project's card files (`carddb import` checks new cards
    against the others by passing the others plus a file of its own).
    """
    with _no_cycle_collection():
        return _load_database(project, pack, report, files)


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    # Loading builds hundreds of thousands of small acyclic objects (values, spans,
    # cards); Python's cycle collector kept re-scanning them, which cost a third of
    # the time of loading 10,000 cards. Reference counting still frees everything.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _load_database(
    project: Project, pack: GamePack, report: Report | None, files: Sequence[Path] | None
) -> tuple[CardDatabase, Report]:
    report = report if report is not None else Report(root=project.root)
    project.require_data(pack)
    db = CardDatabase(pack=pack, project=project)
    db.sets = load_sets(project, pack, report, db.set_sources)
    # Files a caller passes (`carddb import` checks its own new file) are its to choose.
    found = card_files(project.cards_dir(pack)) if files is None else []
    files = found if files is None else files
    for path in [p for p in found if not project.contains(p)]:
        # A card file that links out of the project would show someone else's file in findings.
        report.add(
            Finding(
                "E-PATH-ESCAPE",
                f"card file {path.name} is a symbolic link to {path.resolve()}, outside the project folder; "
                "carddb reads only files inside it",
                path,
            )
        )
        files = [p for p in files if p != path]
    if not files:
        report.add(
            Finding(
                "E-NO-CARDS",
                f"no card files (*.yaml) in {project.cards_dir(pack).relative_to(project.root)}/",
                hint=f"cards are YAML files under data/{pack.id}/cards/; see docs/cards.md",
            )
        )
    validator = _adapter(pack)
    entries: list[CardEntry] = []
    for path in files:
        for located in card_entries(path, report):
            card = validate_card(located, pack, validator, report)
            entries.append(CardEntry.of(located, card))
    first_by_id: dict[str, CardEntry] = {}
    for entry in entries:
        first = first_by_id.setdefault(entry.id, entry) if entry.id is not None else entry
        if first is not entry:
            report.add(
                Finding(
                    "E-DUPLICATE-ID",
                    f"id '{entry.id}' is already used by the card at "
                    f"{report.display_path(first.located.path)}:{first.located.value_span(('id',)).line}",
                    entry.located.path,
                    entry.located.value_span(("id",)),
                )
            )
        if entry.card is not None and entry.id in WINDOWS_DEVICE_NAMES:
            report.add(
                Finding(
                    "E-BAD-VALUE",
                    f"id '{entry.id}' is a device name on Windows: the card's files (cards/{entry.id}.pdf, "
                    f"png/{entry.id}.png...) could not be created or opened there; choose another id",
                    entry.located.path,
                    entry.located.value_span(("id",)),
                )
            )
        if entry.card is not None and first is entry:
            db.cards.append(entry.card)
            db.sources[entry.card.id] = CardSource(entry.located)
            if entry.card.back is not None:
                db.sources[entry.card.back.id] = CardSource(entry.located.sub(BACK))
        else:
            db.rejected.append(entry.located)
    report.extend(cross_checks(db, entries))
    for check in pack.card_checks:
        for card in db.faces():
            report.extend(check(card, db))
    release_checks(db, report)
    if db.art_verdicts is not None:
        db.art_verdicts.save()
    return db, report


@dataclass
class CardEntry:
    """One card as written, valid or not: the fields that cross-card checks need.

    Cross-card checks (unknown set, duplicate numbers, art) also run on cards that
    failed validation, so that one run reports every problem of every card.
    """

    located: Located
    card: Card | None
    id: str | None
    set: str | None
    number: int | None
    art_file: str | None

    @classmethod
    def of(cls, located: Located, card: Card | None) -> CardEntry:
        if card is not None:
            return cls(located, card, card.id, card.set, card.number, card.art.file if card.art else None)
        data = located.value
        art = data.get("art")
        art_file = art.get("file") if isinstance(art, dict) else art
        number = data.get("number")
        return cls(
            located,
            None,
            _text_or_none(data.get("id")),
            _text_or_none(data.get("set")),
            # Only a number a card may have: the gap check counts up to the largest, and 10**400 would never end.
            number if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= MAX_NUMBER else None,
            _text_or_none(art_file),
        )


def _text_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


# By pack object, not id: a project's game.yaml is loaded again when it changes (`carddb serve`),
# and its new card models need a new adapter. The pack is kept, so its id() is not reused.
_ADAPTERS: dict[int, tuple[GamePack, TypeAdapter[Any]]] = {}


def _adapter(pack: GamePack) -> TypeAdapter[Any]:
    if id(pack) not in _ADAPTERS:
        _ADAPTERS[id(pack)] = (pack, TypeAdapter(pack.card_schema))
    return _ADAPTERS[id(pack)][1]


def card_entries(path: Path, report: Report) -> Iterable[Located]:
    """Cards of one file: a mapping (one card), a list of mappings, or several documents."""
    docs, findings = load_yaml(path)
    report.extend(findings)
    if not findings and all(doc.value is None for doc in docs):
        report.add(Finding("W-EMPTY-FILE", "this card file holds no cards", path, Span.point(1, 1)))
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
                            f"list entry {index + 1} is {describe(item)}, not a card; a card is a mapping of fields"
                            " (id: ..., name: ..., kind: ...)",
                            path,
                            doc.value_span((index,)),
                        )
                    )
        else:
            report.add(
                Finding(
                    "E-YAML-SHAPE",
                    f"this file holds {describe(doc.value)}; a card file holds one card (a mapping of fields)"
                    " or a list of cards",
                    path,
                    doc.span,
                )
            )


def validate_card(located: Located, pack: GamePack, adapter: TypeAdapter[Any], report: Report) -> Card | None:
    """The card written at `located`, with its back face if it is double-sided; None (and findings) if invalid."""
    data = located.value
    kind = data.get("kind")
    if kind is not None and not isinstance(kind, str):
        report.add(
            Finding(
                "E-WRONG-TYPE",
                f"'kind' must be one word, not {describe(kind)}",
                located.path,
                located.value_span(("kind",)),
                hint=f"kinds: {', '.join(pack.kind_ids)}",
            )
        )
        return None
    if kind in pack.back_kind_ids:
        fronts = " or ".join(_a(k.label) for k in pack.fronts_of(kind))
        report.add(
            Finding(
                "E-BACK-FACE",
                f"{_a(pack.kind(kind).label)} is the back face of {fronts} card, not a card of its own",
                located.path,
                located.value_span(("kind",)),
                hint=f"write it under 'back:' of {fronts} card",
            )
        )
        return None
    front_data = {k: v for k, v in data.items() if k != BACK} if BACK in data else data
    back = _back_face(located, pack, adapter, report) if kind in pack.kind_ids else None
    try:
        card: Card = adapter.validate_python(front_data)
    except ValidationError as exc:
        report.extend(findings_for(exc.errors(include_url=False), data, located, pack))
        return None
    if back is None:
        # A double-sided card whose back is wrong, or a one-faced card written with a back, is not kept.
        return None if pack.kind(card.kind).back_face or BACK in data else card
    return card.model_copy(update={BACK: back.model_copy(update={"id": back_id(card.id)})})


def _back_face(located: Located, pack: GamePack, adapter: TypeAdapter[Any], report: Report) -> Card | None:
    """The back face written under `back:` of a card of a known kind, or None with findings.

    The back is validated as a card of its kind's `back_face` kind, with the fields both
    faces share (`SHARED_BY_FACES`, and the faction unless the back names its own) taken
    from the front, so its findings point into the `back:` mapping.
    """
    data = located.value
    kind = pack.kind(data["kind"])
    who = f"'{data['id']}'" if isinstance(data.get("id"), str) else f"this {kind.label.lower()}"
    if not kind.back_face:
        if BACK in data:
            double = [k.plural for k in pack.kinds if k.back_face]
            report.add(
                Finding(
                    "E-BACK-FACE",
                    f"{_a(kind.label)} has one face; 'back' is the other side of a double-sided card",
                    located.path,
                    located.key_span((BACK,)),
                    hint=f"double-sided kinds: {', '.join(double)}"
                    if double
                    else f"{pack.name} has no double-sided cards",
                )
            )
        return None
    back_kind = pack.kind(kind.back_face)
    if BACK not in data:
        report.add(
            Finding(
                "E-MISSING-FIELD",
                f"{who} has no 'back', which every {kind.label} needs: its {back_kind.label} side",
                located.path,
                _card_start(located),
                hint=f"back: {{name: ..., text: ...}} holds the fields of the {back_kind.label} side",
            )
        )
        return None
    back = data[BACK]
    if not isinstance(back, dict):
        report.add(
            Finding(
                "E-WRONG-TYPE",
                f"'back' must be a mapping of the {back_kind.label} side's fields (name: ..., text: ...), "
                f"not {describe(back)}",
                located.path,
                located.value_span((BACK,)),
            )
        )
        return None
    sub = located.sub(BACK)
    problems = 0
    for name in (*SHARED_BY_FACES, BACK):
        if name in back:
            problems += 1
            report.add(
                Finding(
                    "E-BACK-FACE",
                    f"'{name}' belongs to the whole card, not to its {back_kind.label} side; write it once, on the front",
                    located.path,
                    sub.key_span((name,)),
                )
            )
    if "kind" in back and back["kind"] != back_kind.id:
        problems += 1
        report.add(
            Finding(
                "E-BACK-FACE",
                f"the back of {_a(kind.label)} is {_a(back_kind.label)} ('{back_kind.id}'), not {_show(back['kind'])}",
                located.path,
                sub.value_span(("kind",)),
                hint="leave 'kind' out of 'back:'; the front's kind decides it",
            )
        )
    inherited = {name: data[name] for name in SHARED_BY_FACES if name in data}
    back_model = kind_model(pack, back_kind.id)
    faction = pack.faction_field
    if faction in data and faction not in back and back_model is not None and faction in back_model.model_fields:
        inherited[faction] = data[faction]  # a back of the front's faction, unless it names its own
    merged = {**inherited, **{k: v for k, v in back.items() if k not in (*SHARED_BY_FACES, BACK)}}
    merged["kind"] = back_kind.id
    inherited_keys = {(name,) for name in inherited}
    try:
        face: Card = adapter.validate_python(merged)
    except ValidationError as exc:
        # Errors of the fields taken from the front are left out: the front's own findings say what is wrong.
        errors = [e for e in exc.errors(include_url=False) if _error_loc(e, merged, None)[:1] not in inherited_keys]
        side = f"the {back_kind.label} side of {who}"
        report.extend(findings_for(errors, merged, sub, pack, who=side, hidden=frozenset((*SHARED_BY_FACES, BACK))))
        return None
    return None if problems else face


def kind_model(pack: GamePack, kind: Any) -> type[BaseModel] | None:
    """The pydantic model of one card kind of the pack (None for a kind it does not have)."""
    for model in models_in(pack.card_schema):
        field_info = model.model_fields.get("kind")
        if field_info is not None and get_args(field_info.annotation) == (kind,):
            return model
    return None


def models_in(annotation: Any) -> list[type[BaseModel]]:
    """The pydantic models an annotation can hold (through Annotated, unions and Optional)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in get_args(annotation) for m in models_in(arg)]


def _model_at(model: type[BaseModel] | None, loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model of the nested value at `loc` below `model` (e.g. Cost for ('cost',))."""
    for part in loc:
        if model is None or not isinstance(part, str) or part not in model.model_fields:
            return None
        models = models_in(model.model_fields[part].annotation)
        model = models[0] if len(models) == 1 else None
    return model


def _kind_fields(pack: GamePack, kind: str | None) -> list[str]:
    model = kind_model(pack, kind)
    return list(model.model_fields) if model else []


def _a(label: str) -> str:
    return f"an {label}" if label[:1].lower() in "aeiou" else f"a {label}"


def _written_loc(loc: tuple[Any, ...], data: Any) -> tuple[Any, ...]:
    """The part of an error location that exists in the YAML as written.

    A pack's shorthand can move the error below what was written: in LOE, `cost: -1` is
    reported by pydantic at ('cost', 'powerstones'), because a bare number stands for the
    main currency; the designer wrote 'cost', so name that.
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


def _field_label(loc: tuple[Any, ...]) -> str:
    """'cost.influence', or "'tags' item 2" for list items (counted from 1, as a designer counts)."""
    for i, part in enumerate(loc):
        if isinstance(part, int):
            base = ".".join(map(str, loc[:i]))
            label = f"'{base}' item {part + 1}" if base else f"item {part + 1}"
            rest = ".".join(map(str, loc[i + 1 :]))
            return f"{label} '{rest}'" if rest else label
    return "'" + ".".join(map(str, loc)) + "'"


# A card's id names its output files; Windows refuses these names with any suffix (`con.pdf`).
WINDOWS_DEVICE_NAMES = frozenset(
    ["con", "prn", "aux", "nul", *(f"com{n}" for n in range(1, 10)), *(f"lpt{n}" for n in range(1, 10))]
)

_PATTERN_WORDS = {
    SLUG: "lowercase letters and digits in words joined by hyphens, e.g. 'iron-gate-guard'",
    SET_CODE: "2 to 5 capital letters or digits, e.g. 'BASE'",
}


def findings_for(
    errors: list[Any],
    data: dict[str, Any],
    located: Located,
    pack: GamePack,
    subject: str | None = None,
    subject_model: type[BaseModel] | None = None,
    who: str | None = None,
    hidden: frozenset[str] = frozenset(),
) -> list[Finding]:
    """The findings of one card's (or set's) pydantic errors; a misspelled required field is one finding.

    `who` names the card in messages (default: its id); `hidden` are fields left out of the
    fields a message lists (a back face does not list those it shares with its front)."""
    locs = [_error_loc(error, data, subject) for error in errors]
    typed = [(error["type"], loc) for error, loc in zip(errors, locs, strict=True)]
    meant = misspelled_required(typed)
    absorbed = absorbed_missing(typed, meant)
    return [
        _finding_for(error, loc, data, located, pack, subject, subject_model, meant.get(index), who, hidden)
        for index, (error, loc) in enumerate(zip(errors, locs, strict=True))
        if index not in absorbed
    ]


def _error_loc(error: Any, data: dict[str, Any], subject: str | None) -> tuple[Any, ...]:
    """The field path of a pydantic error as the designer wrote it (no kind tag, no union branch names)."""
    loc: tuple[Any, ...] = tuple(error["loc"])
    if subject is None and loc and loc[0] == data.get("kind"):
        loc = loc[1:]
    # pydantic names nested union branches 'int', 'function-before[...]', ...; they are not fields. A key
    # the designer wrote is kept whatever it holds (a key 'fla[vor' once vanished, and the finding with it).
    out: list[Any] = []
    current: Any = data
    for part in loc:
        in_dict = isinstance(current, dict) and part in current
        if in_dict or (isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current)):
            current = current[part]
        elif isinstance(part, str) and ("[" in part or part in {"int", "str", "Cost", "ArtRef"}):
            continue
        else:
            current = None
        out.append(part)
    return tuple(out)


def _finding_for(
    error: Any,
    loc: tuple[Any, ...],
    data: dict[str, Any],
    located: Located,
    pack: GamePack,
    subject: str | None = None,
    subject_model: type[BaseModel] | None = None,
    misspells: str | None = None,
    who: str | None = None,
    hidden: frozenset[str] = frozenset(),
) -> Finding:
    """Turns one pydantic error into a finding in the designer's words, at the right span."""
    kind = data.get("kind")
    kind_label = subject or (pack.kind(kind).label if kind in pack.kind_ids else "card")
    etype = error["type"]
    path = located.path
    if who is None:
        who = f"'{data['id']}'" if isinstance(data.get("id"), str) and subject is None else f"this {kind_label.lower()}"
    model = kind_model(pack, kind) if subject is None else subject_model
    if etype == "extra_forbidden":
        if not (kind in pack.kind_ids and pack.kind(kind).back_face):
            hidden |= {BACK}  # every card model has the field, but only a double-sided card writes it
        return _unknown_field(loc, kind_label, model, pack, located, misspells, hidden)
    if etype == "missing":
        if len(loc) > 1:
            return Finding(
                "E-MISSING-FIELD",
                f"{_field_label(loc[:-1])} needs '{loc[-1]}'",
                path,
                located.value_span(loc[:-1]),
            )
        return Finding(
            "E-MISSING-FIELD",
            f"{who} has no '{loc[-1]}', which every {kind_label} needs",
            path,
            _card_start(located),
        )
    if etype == "union_tag_not_found":
        fields = {name for k in pack.kind_ids for name in _kind_fields(pack, k)}
        unknown = [key for key in data if isinstance(key, str) and key not in fields]
        typo = difflib.get_close_matches("kind", unknown, n=1, cutoff=0.6)
        if typo:
            return _unknown_field((typo[0],), kind_label, None, pack, located, misspells="kind")
        return Finding(
            "E-MISSING-FIELD",
            f"{who} has no 'kind'; every card needs one",
            path,
            _card_start(located),
            hint=f"kinds: {', '.join(pack.kind_ids)}",
        )
    if etype == "union_tag_invalid":
        close = difflib.get_close_matches(str(kind), pack.kind_ids, n=1, cutoff=0.7)
        suggestion = f"; did you mean '{close[0]}'?" if close else ""
        return Finding(
            "E-UNKNOWN-KIND",
            f"'{kind}' is not a card kind of {pack.name}{suggestion}",
            path,
            located.value_span(("kind",)),
            hint=f"kinds: {', '.join(pack.kind_ids)}",
        )
    if etype == "kind_rule":
        # A pack's rule names the field it is about in ctx ('field', 'what'); a rule
        # raised with a bare message is shown as written, at the start of the card.
        ctx = error.get("ctx") or {}
        if "what" not in ctx:
            return Finding("E-KIND-RULE", f"{who}: {error['msg']}", path, _card_start(located))
        field = ctx.get("field", "text")
        span = located.key_span((field,)) if (field,) in located.key_spans else _card_start(located)
        return Finding("E-KIND-RULE", f"{who} has no '{field}'; {_a(kind_label)} needs {ctx['what']}", path, span)
    written = _written_loc(loc, data)
    field_name = _field_label(written)
    span = located.value_span(written)
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
        return Finding(
            "E-OUT-OF-RANGE", f"{field_name} is {_show(value)}; it must be {words} {_number(bound)}", path, span
        )
    if etype == "too_short":
        if isinstance(value, str):
            return Finding("E-BAD-VALUE", f"{field_name} is empty", path, span)
        return Finding(
            "E-OUT-OF-RANGE",
            f"{field_name} needs at least {plural(int(ctx.get('min_length', 1)), 'entry', 'entries')}",
            path,
            span,
        )
    if etype == "too_long":
        limit = int(ctx.get("max_length", 0))
        message = (
            f"{field_name} is too long: {len(value)} letters and signs, the limit is {limit}"
            if isinstance(value, str)
            else f"{field_name} is too long: at most {plural(limit, 'entry', 'entries')}"
        )
        return Finding("E-OUT-OF-RANGE", message, path, span)
    if etype == "literal_error":
        expected = ctx.get("expected", "")
        choices = [e.strip(" '") for e in expected.replace(" or ", ", ").split(",")]
        close = difflib.get_close_matches(str(value), choices, n=1)
        suggestion = f"; did you mean '{close[0]}'?" if close else ""
        return Finding("E-BAD-VALUE", f"{field_name} is {_show(value)}, expected {expected}{suggestion}", path, span)
    if etype == "string_pattern_mismatch":
        words = _PATTERN_WORDS.get(ctx.get("pattern", ""), "the expected format")
        return Finding("E-BAD-VALUE", f"{field_name} is {_show(value)}; it must be {words}", path, span)
    if etype in {"model_type", "model_attributes_type", "dataclass_type"}:
        target = _model_at(model, written) if model else None
        expected = getattr(target, "written_as", None) or "a mapping of fields (name: value)"
        return Finding("E-WRONG-TYPE", f"{field_name} must be {expected}, not {describe(value)}", path, span)
    if etype.endswith(("_type", "_parsing")) or etype == "int_from_float":
        expected = TYPE_WORDS.get(etype, etype.removesuffix("_type").removesuffix("_parsing").replace("_", " "))
        hint = None
        if _looks_like(value, etype):
            hint = "remove the quotes: in YAML, quoted values are always text"
        return Finding("E-WRONG-TYPE", f"{field_name} must be {expected}, not {describe(value)}", path, span, hint=hint)
    return Finding("E-BAD-VALUE", f"{field_name}: {error['msg']}", path, span)


def _unknown_field(
    loc: tuple[Any, ...],
    kind_label: str,
    model: type[BaseModel] | None,
    pack: GamePack,
    located: Located,
    misspells: str | None = None,
    hidden: frozenset[str] = frozenset(),
) -> Finding:
    name = str(loc[-1])
    span = located.key_span(loc)
    if misspells is not None:
        owner = _a(kind_label) if len(loc) == 1 else _field_label(loc[:-1])
        needs = f"every {kind_label} needs" if len(loc) == 1 else f"{owner} needs"
        return Finding(
            "E-UNKNOWN-FIELD",
            f"'{name}' is not a field of {owner}; did you mean '{misspells}', which {needs}?",
            located.path,
            span,
        )
    if len(loc) == 1:
        owner = f"{_a(kind_label)}"
        known = [f for f in model.model_fields if f not in hidden] if model else []
        elsewhere = [k.plural for k in pack.kinds if name in _kind_fields(pack, k.id)]
        if model is not None and elsewhere:
            return Finding(
                "E-KIND-RULE",
                f"{_a(kind_label)} has no '{name}' field ({name} is a field of {', '.join(elsewhere)})",
                located.path,
                span,
            )
    else:
        owner = _field_label(loc[:-1])
        target = _model_at(model, loc[:-1])
        known = list(target.model_fields) if target else []
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    if close:
        return Finding(
            "E-UNKNOWN-FIELD", f"'{name}' is not a field of {owner}; did you mean '{close[0]}'?", located.path, span
        )
    hint = f"fields: {', '.join(k for k in known if k != 'kind')}" if known else None
    return Finding("E-UNKNOWN-FIELD", f"'{name}' is not a field of {owner}", located.path, span, hint=hint)


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


_BOUNDS = {
    "greater_than": "more than",
    "greater_than_equal": "at least",
    "less_than": "less than",
    "less_than_equal": "at most",
}
_BOUND_KEYS = {"greater_than": "gt", "greater_than_equal": "ge", "less_than": "lt", "less_than_equal": "le"}


def _show(value: Any) -> str:
    return repr(value) if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)


def _card_start(located: Located) -> Span:
    span = located.key_spans.get(("id",)) or located.span
    return Span.point(span.line, span.col)


def load_sets(
    project: Project, pack: GamePack, report: Report, sources: dict[str, Located] | None = None
) -> dict[str, CardSetInfo]:
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
                report.add(
                    Finding(
                        "E-YAML-SHAPE",
                        f"a set is a mapping with code, name and release, not {describe(entry)}",
                        path,
                        item.span,
                    )
                )
                continue
            try:
                info = adapter.validate_python(entry)
            except ValidationError as exc:
                errors = exc.errors(include_url=False)
                report.extend(findings_for(errors, entry, item, pack, subject="set", subject_model=CardSetInfo))
                continue
            if info.code in sets:
                first = sources[info.code].value_span(("code",)).line if sources and info.code in sources else None
                report.add(
                    Finding(
                        "E-DUPLICATE-SET",
                        f"set '{info.code}' is defined twice" + (f" (first on line {first})" if first else ""),
                        path,
                        item.value_span(("code",)),
                    )
                )
                continue
            sets[info.code] = info
            if sources is not None:
                sources[info.code] = item
    return sets


def cross_checks(db: CardDatabase, entries: list[CardEntry] | None = None) -> Iterable[Finding]:
    """Checks that look at more than one card, or outside the card file.

    `entries` also holds cards that failed validation (see `CardEntry`); by default
    only the valid cards of `db` are checked.
    """
    if entries is None:
        entries = [CardEntry.of(db.sources[c.id].located, c) for c in db.cards]
    numbers: dict[tuple[str, int], CardEntry] = {}
    for entry in entries:
        located = entry.located
        if entry.set is not None and entry.set not in db.sets:
            known = ", ".join(db.sets) or "none defined"
            close = difflib.get_close_matches(entry.set, list(db.sets), n=1)
            yield Finding(
                "E-UNKNOWN-SET",
                f"set '{entry.set}' is not defined in data/{db.pack.id}/sets.yaml"
                + (f"; did you mean '{close[0]}'?" if close else f" (sets: {known})"),
                located.path,
                located.value_span(("set",)),
            )
        if entry.set is not None and entry.number is not None:
            key = (entry.set, entry.number)
            other = numbers.setdefault(key, entry)
            if other is not entry:
                yield Finding(
                    "E-DUPLICATE-NUMBER",
                    f"collector number {entry.number} of set {entry.set} is already used by "
                    f"{_entry_name(other)} ({db_display_path(db, other.located.path)}:"
                    f"{other.located.value_span(('number',)).line})",
                    located.path,
                    located.value_span(("number",)),
                )
        if entry.card is not None:
            yield from art_checks(db, entry.card, located)
            if entry.card.back is not None:
                yield from art_checks(db, entry.card.back, located.sub(BACK))
            if not entry.card.flavor:
                yield Finding("W-NO-FLAVOR", f"'{entry.id}' has no flavor text", located.path, _card_start(located))
        elif entry.art_file is not None:
            yield from _art_file_checks(db, entry.art_file, located)
    used_by_set: dict[str, set[int]] = {}
    for code, number in numbers:
        used_by_set.setdefault(code, set()).add(number)
    for code, used in used_by_set.items():
        if code not in db.sets:
            continue  # already an E-UNKNOWN-SET on each of its cards
        missing = sorted(set(range(1, max(used) + 1)) - used)
        if missing:
            shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
            where = db.set_sources.get(code)
            yield Finding(
                "W-NUMBER-GAP",
                f"set {code} has no card numbered {shown}",
                where.path if where else None,
                where.value_span(("code",)) if where else None,
            )


def _entry_name(entry: CardEntry) -> str:
    return f"'{entry.id}'" if entry.id else "another card"


def db_display_path(db: CardDatabase, path: Path) -> str:
    try:
        return str(path.relative_to(db.project.root))
    except ValueError:
        return str(path)


def resolve_art(db: CardDatabase, file: str) -> Path:
    return (db.project.art_dir(db.pack) / file).resolve()


def art_checks(db: CardDatabase, card: Card, located: Located | None = None) -> Iterable[Finding]:
    """Art findings of a card, at `located` (default: where the database has it; a card that repeats an id has none)."""
    located = located or db.source(card).located
    if card.art is None:
        info = db.sets.get(card.set)
        if info is not None and info.stage == "playtest":
            return
        yield Finding(
            "W-NO-ART", f"'{card.id}' has no art; a placeholder will be printed", located.path, _card_start(located)
        )
        return
    yield from _art_file_checks(db, card.art.file, located)


def _art_file_checks(db: CardDatabase, file: str, located: Located) -> Iterable[Finding]:
    span = (
        located.value_span(("art", "file"))
        if isinstance(located.value.get("art"), dict)
        else located.value_span(("art",))
    )
    if "\0" in file:  # no file name holds one; the operating system would refuse the path outright
        yield Finding("E-BAD-VALUE", f"art file name {file!r} holds a NUL character", located.path, span)
        return
    art_root = _art_root(db)
    # A lexical check, not resolve(): it runs for every card, and resolving 10,000
    # paths component by component was a third of a validate run. A symlink in the
    # art folder is the designer's own choice as long as it stays in the project (checked below).
    full = os.path.normpath(os.path.join(art_root, file))
    if os.path.isabs(file) or not full.startswith(art_root + os.sep):
        yield Finding(
            "E-PATH-ESCAPE",
            f"art '{file}' is outside data/{db.pack.id}/art/; art paths are relative to that folder",
            located.path,
            span,
        )
        return
    real = _outside_project(db, full)
    if real is not None:
        yield Finding(
            "E-PATH-ESCAPE",
            f"art '{file}' is a symbolic link to {real}, outside the project folder; carddb reads only files inside it",
            located.path,
            span,
        )
        return
    try:
        mode = os.stat(full).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        # A pipe or a device would block or never end if read.
        what = "a named pipe" if stat.S_ISFIFO(mode) else "a device or socket"
        yield Finding("E-ART-UNREADABLE", f"art file {file} is {what}, not a file", located.path, span)
        return
    header = _read_header(full)
    if header is None:
        yield Finding("E-ART-MISSING", f"art file data/{db.pack.id}/art/{file} does not exist", located.path, span)
        return
    if os.path.splitext(full)[1].lower() not in IMAGE_SUFFIXES or not header.startswith(_MAGIC):
        yield Finding(
            "E-ART-UNREADABLE",
            f"art file {file} is not a readable image (PNG, JPEG, WebP, GIF, TIFF or BMP)",
            located.path,
            span,
        )
        return
    problem = verdicts(db).problem(full)
    if problem is not None:
        yield Finding(
            "E-ART-UNREADABLE",
            f"art file {file} cannot be decoded ({problem})",
            located.path,
            span,
            hint="export the picture again from the image editor (PNG, JPEG, WebP, GIF, TIFF or BMP)",
        )


def verdicts(db: CardDatabase) -> ArtVerdicts:
    """The database's art decode verdicts, read from its cache on first use."""
    if db.art_verdicts is None:
        db.art_verdicts = ArtVerdicts(db.project.output_dir(db.pack) / ".cache" / CACHE_NAME, _art_root(db))
    return db.art_verdicts


_ART_ROOTS: dict[tuple[Path, str], str] = {}


def _art_root(db: CardDatabase) -> str:
    key = (db.project.root, db.pack.id)
    if key not in _ART_ROOTS:
        _ART_ROOTS[key] = str(db.project.art_dir(db.pack).resolve())
    return _ART_ROOTS[key]


_REAL_FOLDERS: dict[tuple[str, int, int], str] = {}


def _outside_project(db: CardDatabase, full: str) -> str | None:
    """Where the art file `full` really is, if symbolic links take it out of the project folder; else None.

    Resolving every path costs a system call per component; the real folder of each art
    folder is remembered (keyed by its inode, so a folder swapped for a link is looked at
    again) and only a file that is itself a link is followed.
    """
    project = _project_root(db)
    folder = os.path.dirname(full)
    try:
        info = os.lstat(folder)
    except OSError:
        return None  # no such folder: the file is reported missing
    key = (folder, info.st_ino, info.st_mode)
    real_folder = _REAL_FOLDERS.get(key)
    if real_folder is None:
        real_folder = _REAL_FOLDERS[key] = os.path.realpath(folder)
    real = os.path.join(real_folder, os.path.basename(full))
    try:
        if stat.S_ISLNK(os.lstat(real).st_mode):
            real = os.path.realpath(real)
    except OSError:
        return None  # missing: reported as such
    return None if real.startswith(project + os.sep) else real


def _project_root(db: CardDatabase) -> str:
    return _real_root(db.project.root)


@functools.cache
def _real_root(root: Path) -> str:
    return os.path.realpath(root)


def _read_header(path: str) -> bytes | None:
    """The first bytes of a regular file, or None if there is no such file."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            # A folder is no file; a named pipe would block the read forever, and a device is no picture.
            return None if os.path.isdir(path) else b""
        with open(path, "rb") as fh:
            return fh.read(12)
    except (IsADirectoryError, FileNotFoundError, NotADirectoryError):
        return None
    except OSError:
        return b""


_MAGIC = (b"\x89PNG", b"\xff\xd8\xff", b"RIFF", b"GIF8", b"II*\x00", b"MM\x00*", b"BM")
