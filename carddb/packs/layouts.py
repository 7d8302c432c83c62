"""The `layouts:` and `placeholder:` of a game.yaml (or of a `layouts.yaml` beside it), read and checked.

    layouts:
      - kinds: [vessel]                 # the kinds drawn with it; none: every kind without its own
        hide: [footer]                  # parts or fields left off on purpose
        regions:
          - {show: name, slot: title, align: center}
          - {show: hold, slot: art-bottom-left, shape: shield, color: faction}
          - {text: Flagship, at: [20, 40, 30, 6], shape: banner, color: accent, font: display}
    placeholder: {motif: sea, kinds: {harbor: landscape}, factions: {corsairs: "icon:skull"}}

Every problem is a located finding (E-LAYOUT), all reported together, like any game.yaml key;
`face_design` turns a checked declaration into the `FaceDesign` the renderer reads
(carddb.packs.facedesign). A Python pack reads the same form with `with_layouts`.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from carddb.files.yamlsource import Located
from carddb.findings.diagnostics import Finding, Span
from carddb.packs.card import StrictModel
from carddb.packs.facedesign import (
    MOTIFS,
    PARTS,
    SLOTS,
    FaceDesign,
    FaceLayout,
    FieldInfo,
    FieldType,
    PlaceholderArt,
    Region,
    field_label,
)

FILE_NAME = "layouts.yaml"
COLOR = re.compile(r"^(faction|accent|#[0-9a-fA-F]{6})$")
MIN_PT, MAX_PT = 4.0, 72.0


class RegionDeclaration(StrictModel):
    show: str | None = None
    text: str | None = None
    at: list[float] | None = None
    slot: str | None = None
    font: Literal["serif", "display", "sans"] | None = None
    size: float | list[float] | None = None
    align: Literal["left", "center", "right"] | None = None
    color: str | None = None
    shape: Literal["none", "box", "pill", "circle", "shield", "banner"] | None = None
    label: str | None = None
    icon: str | None = None

    @model_validator(mode="after")
    def _one_thing(self) -> RegionDeclaration:
        if (self.show is None) == (self.text is None):
            raise ValueError("a region shows one thing: write show: (a part, field or stat) or text: (a fixed label)")
        return self


class LayoutDeclaration(StrictModel):
    id: str = ""
    kinds: list[str] = Field(default_factory=list)
    frame: Literal["default", "blank"] = "default"
    hide: list[str] = Field(default_factory=list)
    regions: list[RegionDeclaration] = Field(default_factory=list)


class PlaceholderDeclaration(StrictModel):
    motif: str = "neutral"
    kinds: dict[str, str] = Field(default_factory=dict)
    factions: dict[str, str] = Field(default_factory=dict)


def _motif_alone(value: Any) -> Any:
    return {"motif": value} if isinstance(value, str) else value


# `placeholder: sea` is short for `placeholder: {motif: sea}`.
Placeholder = Annotated[PlaceholderDeclaration | None, BeforeValidator(_motif_alone)]


class LayoutsFile(StrictModel):
    """What a layouts.yaml holds: the same two keys as in game.yaml."""

    layouts: list[LayoutDeclaration] = Field(default_factory=list)
    placeholder: Placeholder = None


@dataclasses.dataclass(frozen=True)
class GameFacts:
    """What the checks need to know of the game: its kinds' fields, stats, icons, factions, card size."""

    fields: Mapping[str, Mapping[str, FieldType]]  # kind -> field id -> type
    stats: frozenset[str]
    icons: frozenset[str]
    factions: frozenset[str]
    card_mm: tuple[float, float]


def _suggest(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, sorted(set(choices)), n=1)
    return f"; did you mean '{close[0]}'?" if close else ""


def layout_problems(
    layouts: Sequence[LayoutDeclaration],
    placeholder: PlaceholderDeclaration | None,
    facts: GameFacts,
    doc: Located,
    base: tuple[str | int, ...] = (),
) -> Iterable[Finding]:
    """Every problem of checked-by-schema `layouts:` and `placeholder:` that needs the game to see."""

    def at(*key: str | int) -> Span:
        return doc.value_span((*base, *key))

    def problem(message: str, span: Span, hint: str | None = None) -> Finding:
        return Finding("E-LAYOUT", message, doc.path, span, hint=hint)

    kinds = set(facts.fields)
    claimed: dict[str, int] = {}
    every_kind = [i for i, layout in enumerate(layouts) if not layout.kinds]
    for extra in every_kind[1:]:
        yield problem(
            "only one layout may leave out kinds: (it draws every kind without its own)", at("layouts", extra)
        )
    for index, layout in enumerate(layouts):
        for k_index, kind in enumerate(layout.kinds):
            if kind not in kinds:
                yield problem(
                    f"layout: '{kind}' is not a kind of this game" + _suggest(kind, kinds),
                    at("layouts", index, "kinds", k_index),
                )
            elif kind in claimed:
                yield problem(
                    f"kind '{kind}' already has a layout (layout {claimed[kind] + 1}); a kind has one layout",
                    at("layouts", index, "kinds", k_index),
                )
            else:
                claimed[kind] = index
        known = [k for k in layout.kinds if k in kinds]
        own = known or sorted(kinds)
        fields = {name: kind_fields[name] for k in own for kind_fields in [facts.fields[k]] for name in kind_fields}
        can_show = set(PARTS) | set(fields) | (facts.stats & set(fields))
        for h_index, name in enumerate(layout.hide):
            if name not in set(PARTS) | set(fields):
                yield problem(
                    f"hide: '{name}' is neither a part of the face nor a field of "
                    + (", ".join(own) if known else "any kind")
                    + _suggest(name, set(PARTS) | set(fields)),
                    at("layouts", index, "hide", h_index),
                    hint="parts: " + ", ".join(PARTS),
                )
        for r_index, region in enumerate(layout.regions):
            yield from _region_problems(
                region, can_show, fields, facts, doc, (*base, "layouts", index, "regions", r_index)
            )
    if placeholder is not None:
        for key, motif in (
            [(("placeholder", "motif"), placeholder.motif)]
            + [(("placeholder", "kinds", k), m) for k, m in placeholder.kinds.items()]
            + [(("placeholder", "factions", f), m) for f, m in placeholder.factions.items()]
        ):
            message = _motif_problem(motif, facts.icons)
            if message:
                yield problem(message, at(*key), hint="motifs: " + ", ".join(MOTIFS) + ", or icon:NAME (one of icons:)")
        for kind in placeholder.kinds:
            if kind not in kinds:
                yield problem(
                    f"placeholder: '{kind}' is not a kind of this game" + _suggest(kind, kinds),
                    doc.key_span((*base, "placeholder", "kinds", kind)),
                )
        for faction in placeholder.factions:
            if faction not in facts.factions:
                yield problem(
                    f"placeholder: '{faction}' is not a faction of this game" + _suggest(faction, facts.factions),
                    doc.key_span((*base, "placeholder", "factions", faction)),
                )


def _motif_problem(motif: str, icons: frozenset[str]) -> str:
    if motif in MOTIFS:
        return ""
    if motif.startswith("icon:"):
        name = motif.removeprefix("icon:")
        return "" if name in icons else f"'{name}' is not one of the game's icons" + _suggest(name, icons)
    return f"'{motif}' is not a placeholder motif" + _suggest(motif, MOTIFS)


def _region_problems(
    region: RegionDeclaration,
    can_show: set[str],
    fields: Mapping[str, FieldType],
    facts: GameFacts,
    doc: Located,
    key: tuple[str | int, ...],
) -> Iterable[Finding]:
    def at(*more: str | int) -> Span:
        return doc.value_span((*key, *more))

    def problem(message: str, span: Span, hint: str | None = None) -> Finding:
        return Finding("E-LAYOUT", message, doc.path, span, hint=hint)

    if region.show is not None and region.show not in can_show:
        yield problem(
            f"show: '{region.show}' is neither a part of the face nor a field of the layout's kinds"
            + _suggest(region.show, can_show),
            at("show"),
            hint="parts: " + ", ".join(PARTS) + "; fields: " + (", ".join(sorted(fields)) or "none"),
        )
    if region.at is not None and region.slot is not None:
        yield problem("a region is placed by at: (mm) or by slot:, not both", at("slot"))
    placed = region.at is not None or region.slot is not None
    if not placed and (region.text is not None or (region.show is not None and region.show not in PARTS)):
        yield problem(
            "this region needs a place: at: [x, y, width, height] in mm, or slot: (a box of the default frame)",
            at(),
            hint="slots: " + ", ".join(SLOTS),
        )
    if region.slot is not None and region.slot not in SLOTS:
        yield problem(
            f"slot: '{region.slot}' is not a slot of the default frame" + _suggest(region.slot, SLOTS),
            at("slot"),
            hint="slots: " + ", ".join(SLOTS),
        )
    if region.at is not None:
        width, height = facts.card_mm
        box = region.at
        if len(box) != 4:
            yield problem(
                "at: takes four numbers in mm: [x, y, width, height] from the card's top left corner", at("at")
            )
        elif box[2] <= 0 or box[3] <= 0:
            yield problem("at: the width and height must be more than 0 mm", at("at"))
        elif box[0] < 0 or box[1] < 0 or box[0] + box[2] > width + 1e-6 or box[1] + box[3] > height + 1e-6:
            yield problem(
                f"at: [{', '.join(f'{v:g}' for v in box)}] runs off the card, which is {width:g} x {height:g} mm",
                at("at"),
                hint="x and y are measured from the card's top left corner (the cut line), in mm",
            )
    if region.color is not None and not COLOR.match(region.color):
        yield problem(f"color: '{region.color}' is not faction, accent or a colour #rrggbb", at("color"))
    if region.size is not None:
        sizes = [region.size] if isinstance(region.size, int | float) else region.size
        if len(sizes) not in (1, 2) or not all(MIN_PT <= v <= MAX_PT for v in sizes):
            yield problem(f"size: a size in pt from {MIN_PT:g} to {MAX_PT:g}, or [largest, smallest]", at("size"))
        elif len(sizes) == 2 and sizes[0] < sizes[1]:
            yield problem("size: [largest, smallest]: the first size is the largest", at("size"))
    if region.icon is not None and region.icon not in facts.icons:
        yield problem(
            f"icon: '{region.icon}' is not one of the game's icons" + _suggest(region.icon, facts.icons), at("icon")
        )


# ---------------------------------------------------------------- the design the renderer reads


def face_design(
    layouts: Sequence[LayoutDeclaration],
    placeholder: PlaceholderDeclaration | None,
    fields: Mapping[str, Mapping[str, FieldType]],
    *,
    default_motif: str = "neutral",
    printed_elsewhere: Iterable[str] = (),
) -> FaceDesign:
    """The `FaceDesign` of checked declarations; `printed_elsewhere` (stats, the cost) are not field-line fields."""
    elsewhere = set(printed_elsewhere)
    infos = {
        kind: tuple(
            FieldInfo(name, field_label(name), kind_type)
            for name, kind_type in kind_fields.items()
            if name not in elsewhere
        )
        for kind, kind_fields in fields.items()
    }
    design_layouts = tuple(
        FaceLayout(
            id=layout.id or ("-".join(layout.kinds) or "every-kind"),
            kinds=tuple(layout.kinds),
            regions=tuple(_region(r) for r in layout.regions),
            hide=tuple(layout.hide),
            frame=layout.frame,
        )
        for layout in layouts
    )
    art = (
        PlaceholderArt(
            placeholder.motif, MappingProxyType(dict(placeholder.kinds)), MappingProxyType(dict(placeholder.factions))
        )
        if placeholder is not None
        else PlaceholderArt(default_motif)
    )
    return FaceDesign(MappingProxyType(infos), design_layouts, art)


def _region(region: RegionDeclaration) -> Region:
    size = None
    if region.size is not None:
        sizes = [region.size] if isinstance(region.size, int | float) else region.size
        size = (float(sizes[0]), float(sizes[-1]))
    return Region(
        show=region.show or "",
        text=region.text or "",
        at=tuple(region.at) if region.at is not None else None,  # type: ignore[arg-type]
        slot=region.slot or "",
        font=region.font or "",
        size=size,
        align=region.align or "",
        color=region.color or "",
        shape=region.shape or "",
        label=region.label,
        icon=region.icon or "",
    )
