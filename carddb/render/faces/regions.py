"""A card's face as its game's design says (carddb.packs.facedesign): the field line, regions, parts left out.

The default frame (templates/base/card.html) draws the title bar, art, type line, rules box,
stats and footer. From the card's layout this module says, for the template:

- `show`: which parts the frame draws where it always did (a part a region places elsewhere,
  or that the layout hides, is not drawn there);
- `styles`: an inline style for a part a region restyles in place (font, size, alignment, colour);
- `fields`: the fields printed on the first line of the rules box: every declared field the card
  has that no region shows and the layout does not hide (stats and the cost print elsewhere);
- `regions`: what each placed region draws, in mm from the bleed edge, ready for the partial
  base/partials/regions.html (moved parts are drawn there with their own markup).

Nothing here is measured: a region's type size is chosen from its room and its text's length
(`region_pt`), and the render workers measure what was drawn (carddb.render.fit.region_overruns),
so text that still does not fit is reported, as the rules text is.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape

from carddb.packs.card import Card
from carddb.packs.facedesign import PARTS, FaceLayout, FieldInfo, Region
from carddb.packs.pack import GamePack
from carddb.render.geometry import FaceGeometry
from carddb.rules.markup import Paragraph, Run, runs_from_marked_text

PT_PER_MM = 72 / 25.4
# Average advance of a character, in em, for the type size a region's room allows (an estimate;
# what was drawn is measured afterwards).
CHAR_EM = {"sans": 0.5, "serif": 0.46, "display": 0.46}
LINE = 1.15  # line height, in em
MOST_ICONS = 12  # a number shown as a row of icons: up to this many, then the number and one icon
FONT_FAMILY = {"serif": '"Card Serif", serif', "display": '"Card Display", serif', "sans": '"Card Sans", sans-serif'}
FILLED = {"shield", "banner", "circle", "pill"}
ONE_LINE = {"banner", "circle", "pill"}  # shapes whose text is one line, centred in the height
ON_FRAME = {"footer", "bottom-left", "bottom-right", "stats"}  # slots on the frame: light text by default


@dataclass
class FaceParts:
    """What the template needs to draw a card's layout (see the module docstring)."""

    show: dict[str, bool]
    styles: dict[str, Markup]
    fields: list[dict[str, Any]]
    regions: list[dict[str, Any]] = field(default_factory=list)
    steps: tuple[float, float] | None = None  # the rules text's (largest, smallest) size, if the layout sets it
    blank: bool = False
    rules_css: str = ""  # declarations added to the rules flow's own style (font, alignment, colour)


NO_LAYOUT = frozenset[str]()


def face_parts(
    card: Card,
    pack: GamePack,
    geometry: FaceGeometry,
    colors: dict[str, str],
    icon_urls: dict[str, str],
    type_line: str,
) -> FaceParts:
    layout = pack.faces.layout_for(card.kind)
    shown = layout.shown if layout else NO_LAYOUT
    hidden = set(layout.hide) if layout else set()
    placed = {r.show for r in layout.regions if r.show and (r.at or r.slot)} if layout else set()
    blank = layout is not None and layout.frame == "blank"
    show = {part: part not in hidden and part not in placed and not blank for part in PARTS}
    show["frame"] = not blank
    infos = [f for f in pack.faces.fields_of(card.kind) if f.id not in shown and f.id not in hidden]
    fields = [chip for info in infos if (chip := field_chip(card, info, pack.icons)) is not None]
    styles = dict.fromkeys(PARTS, Markup(""))
    parts = FaceParts(show, styles, fields if show["fields"] or "fields" in placed else [], blank=blank)
    if layout is None:
        return parts
    infos_by_id = {f.id: f for f in pack.faces.fields_of(card.kind)}
    for index, region in enumerate(layout.regions):
        if region.show == "rules" and region.size:
            parts.steps = region.size
        if region.show in PARTS and not (region.at or region.slot):
            if region.show == "rules":
                parts.rules_css = _declarations(region, geometry, colors, box=None, text="", part="rules")
            else:
                parts.styles[region.show] = _style(region, geometry, colors, box=None, text="")
            continue
        drawn = _region(card, region, index, layout, geometry, colors, icon_urls, infos_by_id, pack, type_line)
        if drawn is not None:
            parts.regions.append(drawn)
    return parts


def rules_steps(pack: GamePack, kind: str, geometry: FaceGeometry) -> tuple[float, ...] | None:
    """The rules text's sizes on a card of `kind` when its layout sets them (`show: rules, size: [11, 8]`)."""
    from carddb.render.fit import sizes

    layout = pack.faces.layout_for(kind)
    chosen = next((r.size for r in layout.regions if r.show == "rules" and r.size), None) if layout else None
    return sizes(*chosen) if chosen else None


def field_chip(card: Card, info: FieldInfo, icons: tuple[str, ...]) -> dict[str, Any] | None:
    """A field as the field line prints it, or None when the card has nothing to print (no value, a false flag)."""
    value = getattr(card, info.id, None)
    if value is None or value is False or value == "":
        return None
    if info.type == "flag" or isinstance(value, bool):
        return {"id": info.id, "label": info.label, "type": "flag", "value": ()}
    return {"id": info.id, "label": info.label, "type": info.type, "value": value_runs(value, info.type, icons)}


def value_runs(value: object, kind: str, icons: tuple[str, ...]) -> Paragraph:
    """A field's value as runs: text with its `{icon}` markers drawn as icons; a choice written as a word."""
    if kind == "choice":
        text = str(value).replace("-", " ").replace("_", " ")
        return (Run("text", text[:1].upper() + text[1:]),)
    return runs_from_marked_text(str(value), icons)


def _region(
    card: Card,
    region: Region,
    index: int,
    layout: FaceLayout,
    geometry: FaceGeometry,
    colors: dict[str, str],
    icon_urls: dict[str, str],
    infos: dict[str, FieldInfo],
    pack: GamePack,
    type_line: str,
) -> dict[str, Any] | None:
    box = _box(region, geometry)
    if box is None:
        return None
    what = region.show or "text"
    key = region.show or f"label-{index + 1}"
    drawn: dict[str, Any] = {"index": index, "key": key, "show": what, "box": box, "shape": region.shape or "none"}
    if region.text:
        label, runs, count = "", runs_from_marked_text(region.text, pack.icons), 0
    elif what in PARTS:
        label, runs, count = "", (Run("text", type_line),) if what == "type" else (), 0
    else:
        info = infos.get(what)
        value = getattr(card, what, None)
        if value is None or value is False:
            return None  # a card without the field draws nothing there
        kind = (
            info.type
            if info
            else ("flag" if isinstance(value, bool) else "number" if isinstance(value, int) else "text")
        )
        label = (info.label if info else what.capitalize()) if region.label is None else region.label
        count = value if kind == "number" and region.icon and isinstance(value, int) else 0
        runs = () if kind == "flag" or count else value_runs(value, kind, pack.icons)
        if kind == "flag" and region.label is None:
            label = info.label if info else what.capitalize()
    drawn.update(
        label=label,
        runs=runs,
        icon=icon_urls.get(region.icon, "") if region.icon else "",
        icon_name=region.icon,
        repeat=min(count, MOST_ICONS) if count else 0,
        more=count if count > MOST_ICONS else 0,
    )
    text = label + " " + "".join(r.text if r.kind != "icon" else "M" for r in runs)
    drawn["style"] = _style(region, geometry, colors, box=box, text=text.strip(), part=what)
    drawn["classes"] = " ".join(
        c
        for c in (
            "region",
            f"r-{what}" if what in PARTS else "r-field" if region.show else "r-label",
            f"shape-{region.shape}" if region.shape and region.shape != "none" else "",
            f"align-{region.align}" if region.align else "",
            "on-frame" if region.slot in ON_FRAME and not region.color else "",
        )
        if c
    )
    return drawn


def _box(region: Region, geometry: FaceGeometry) -> tuple[float, float, float, float] | None:
    if region.at is not None:
        x, y, w, h = region.at
        return (round(geometry.bleed + x, 2), round(geometry.bleed + y, 2), w, h)
    if region.slot:
        return geometry.slot(region.slot)
    return None


def region_pt(
    region: Region, box: tuple[float, float, float, float] | None, text: str, geometry: FaceGeometry
) -> float:
    """The type size of a region: the largest of its size range at which its text fills no more than its room."""
    largest, smallest = region.size or _default_size(box, geometry)
    if box is None or not text:
        return largest
    width_mm, height_mm = box[2] - 1.2, box[3] - 0.6
    em = CHAR_EM.get(region.font or "sans", 0.5)
    pt = largest
    while pt > smallest:
        size_mm = pt / PT_PER_MM
        lines = max(1, math.floor(height_mm / (size_mm * LINE)))
        if len(text) * em * size_mm <= width_mm * lines * 0.95:
            break
        pt = round(pt - 0.5, 2)
    return max(pt, smallest)


def _default_size(box: tuple[float, float, float, float] | None, geometry: FaceGeometry) -> tuple[float, float]:
    """One line filling about half the box's height, from 5 to 16 pt; shrinking down to 70 % of that."""
    if box is None:
        return geometry.t(8.0), geometry.t(6.0)
    largest = round(min(16.0, max(5.0, box[3] * PT_PER_MM * 0.5)) * 2) / 2
    return largest, max(5.0, round(largest * 0.7 * 2) / 2)


def _style(
    region: Region,
    geometry: FaceGeometry,
    colors: dict[str, str],
    *,
    box: tuple[float, float, float, float] | None,
    text: str,
    part: str = "",
) -> Markup:
    """A style attribute for a region (or a part restyled in place)."""
    declarations = _declarations(region, geometry, colors, box=box, text=text, part=part)
    return Markup(' style="') + escape(declarations) + Markup('"') if declarations else Markup("")


def _declarations(
    region: Region,
    geometry: FaceGeometry,
    colors: dict[str, str],
    *,
    box: tuple[float, float, float, float] | None,
    text: str,
    part: str = "",
) -> str:
    rules: list[str] = []
    if box is not None:
        rules.append(f"left: {box[0]:g}mm; top: {box[1]:g}mm; width: {box[2]:g}mm; height: {box[3]:g}mm")
    if region.font:
        rules.append(f"font-family: {FONT_FAMILY[region.font]}")
    sized = region.size or (box is not None and part not in {"art", "stats", "footer"})
    if sized and part != "rules":  # the rules text's size is its fit's
        rules.append(f"font-size: {region_pt(region, box, text, geometry):g}pt")
    if region.align:
        rules.append(f"text-align: {region.align}")
    if box is not None and (part in {"name", "title"} or region.shape in ONE_LINE):
        # One line, centred in the box's height: its line is as tall as the room inside the padding.
        border = 0.6 if region.shape not in ("", "none") else 0.0
        rules.append(f"line-height: {max(box[3] - border, 1.0):.2f}mm; padding-top: 0; padding-bottom: 0")
    elif box is not None and region.shape == "shield":
        rules.append(f"padding-top: {box[3] * 0.1:.2f}mm")
    color = {"faction": colors["frame"], "accent": colors["accent"]}.get(region.color, region.color)
    if color:
        if region.shape in FILLED or region.shape == "box":
            ink = "#ffffff" if region.color != "accent" else colors["frame_dark"]
            rules.append(f"background-color: {color}; color: {ink}")
            if region.shape == "banner":
                rules.append(f"border-color: {color}")
        else:
            rules.append(f"color: {color}")
    if part == "rules" and box is None:
        return "".join(f"; {rule}" for rule in rules)  # added to the flow's own font-size
    return "; ".join(rules)
