"""One card as written -> a typed card of its kind, or findings in the designer's words.

A card is validated against its kind's model (the pack's discriminated union on `kind`); a
double-sided card's back face against its own kind, with the fields both faces share taken
from the front. Pydantic's errors become findings through `carddb.files.validation`; the kind
tag, the pack's kind rules and fields that belong to another kind are worded here.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, TypeAdapter, ValidationError

from carddb.cards.sets import SET_PATTERNS
from carddb.files.validation import Validated, an, models_in, validation_findings, written_location
from carddb.files.yamlsource import Located, load_yaml
from carddb.findings.diagnostics import Finding, Report, Span
from carddb.findings.valuewords import describe
from carddb.packs.card import BACK, SHARED_BY_FACES, SLUG, Card, back_id
from carddb.packs.pack import GamePack

MAX_NUMBER = 9999  # the largest collector number (carddb.packs.card.Card.number)


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


def card_adapter(pack: GamePack) -> TypeAdapter[Any]:
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
        fronts = " or ".join(an(k.label) for k in pack.fronts_of(kind))
        report.add(
            Finding(
                "E-BACK-FACE",
                f"{an(pack.kind(kind).label)} is the back face of {fronts} card, not a card of its own",
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
        report.extend(card_findings(exc.errors(include_url=False), data, located, pack))
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
                    f"{an(kind.label)} has one face; 'back' is the other side of a double-sided card",
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
                card_start(located),
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
                f"the back of {an(kind.label)} is {an(back_kind.label)} ('{back_kind.id}'), not {show(back['kind'])}",
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
        errors = [
            e
            for e in exc.errors(include_url=False)
            if written_location(tuple(e["loc"]), merged)[:1] not in inherited_keys
        ]
        side = f"the {back_kind.label} side of {who}"
        report.extend(card_findings(errors, merged, sub, pack, who=side, hidden=frozenset((*SHARED_BY_FACES, BACK))))
        return None
    return None if problems else face


def kind_model(pack: GamePack, kind: Any) -> type[BaseModel] | None:
    """The pydantic model of one card kind of the pack (None for a kind it does not have)."""
    for model in models_in(pack.card_schema):
        field_info = model.model_fields.get("kind")
        if field_info is not None and get_args(field_info.annotation) == (kind,):
            return model
    return None


def _kind_fields(pack: GamePack, kind: str | None) -> list[str]:
    model = kind_model(pack, kind)
    return list(model.model_fields) if model else []


# A card's id names its output files; Windows refuses these names with any suffix (`con.pdf`).
WINDOWS_DEVICE_NAMES = frozenset(
    ["con", "prn", "aux", "nul", *(f"com{n}" for n in range(1, 10)), *(f"lpt{n}" for n in range(1, 10))]
)

_PATTERN_WORDS = {
    SLUG: "lowercase letters and digits in words joined by hyphens, e.g. 'iron-gate-guard'",
    **SET_PATTERNS,
}


def card_start(located: Located) -> Span:
    span = located.key_spans.get(("id",)) or located.span
    return Span.point(span.line, span.col)


def card_findings(
    errors: list[Any],
    data: dict[str, Any],
    located: Located,
    pack: GamePack,
    who: str | None = None,
    hidden: frozenset[str] = frozenset(),
) -> list[Finding]:
    """A card's pydantic errors as findings: the kind tag and kind rules here, the rest through `validation_findings`.

    `who` names the card in messages (default: its id); `hidden` are fields left out of the
    fields a message lists (a back face does not list those it shares with its front).
    """
    kind = data.get("kind")
    label = pack.kind(kind).label if kind in pack.kind_ids else "card"
    if who is None:
        who = f"'{data['id']}'" if isinstance(data.get("id"), str) else f"this {label.lower()}"
    if not (kind in pack.kind_ids and pack.kind(kind).back_face):
        hidden |= {BACK}  # every card model has the field, but only a double-sided card writes it
    validated = Validated(
        label=label,
        model=kind_model(pack, kind),
        who=who,
        hidden=hidden,
        start=card_start(located),
        elsewhere=lambda name: [k.plural for k in pack.kinds if name in _kind_fields(pack, k.id)],
        patterns=_PATTERN_WORDS,
    )
    own = [e for e in errors if e["type"] in _CARD_ERRORS]
    rest = [e for e in errors if e["type"] not in _CARD_ERRORS]
    return [
        *(_card_finding(e, data, located, pack, validated) for e in own),
        *validation_findings(rest, located, validated, data=data),
    ]


_CARD_ERRORS = frozenset({"union_tag_not_found", "union_tag_invalid", "kind_rule"})


def _card_finding(error: Any, data: dict[str, Any], located: Located, pack: GamePack, validated: Validated) -> Finding:
    """A card's kind tag is missing or unknown, or a pack's kind rule failed."""
    path = located.path
    kind = data.get("kind")
    if error["type"] == "union_tag_not_found":
        fields = {name for k in pack.kind_ids for name in _kind_fields(pack, k)}
        unknown = [key for key in data if isinstance(key, str) and key not in fields]
        typo = difflib.get_close_matches("kind", unknown, n=1, cutoff=0.6)
        if typo:
            return Finding(
                "E-UNKNOWN-FIELD",
                f"'{typo[0]}' is not a field of {an(validated.label)}; did you mean 'kind', which every card needs?",
                path,
                located.key_span((typo[0],)),
            )
        return Finding(
            "E-MISSING-FIELD",
            f"{validated.named} has no 'kind'; every card needs one",
            path,
            card_start(located),
            hint=f"kinds: {', '.join(pack.kind_ids)}",
        )
    if error["type"] == "union_tag_invalid":
        close = difflib.get_close_matches(str(kind), pack.kind_ids, n=1, cutoff=0.7)
        suggestion = f"; did you mean '{close[0]}'?" if close else ""
        return Finding(
            "E-UNKNOWN-KIND",
            f"'{kind}' is not a card kind of {pack.name}{suggestion}",
            path,
            located.value_span(("kind",)),
            hint=f"kinds: {', '.join(pack.kind_ids)}",
        )
    # A pack's rule names the field it is about in ctx ('field', 'what'); a rule raised with a
    # bare message is shown as written, at the start of the card.
    ctx = error.get("ctx") or {}
    if "what" not in ctx:
        return Finding("E-KIND-RULE", f"{validated.named}: {error['msg']}", path, card_start(located))
    field = ctx.get("field", "text")
    span = located.key_span((field,)) if (field,) in located.key_spans else card_start(located)
    return Finding(
        "E-KIND-RULE", f"{validated.named} has no '{field}'; {an(validated.label)} needs {ctx['what']}", path, span
    )


def show(value: Any) -> str:
    return repr(value) if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)
