"""A card -> the values its face template draws: rules paragraphs, cost pips, colours, art, and the HTML."""

from __future__ import annotations

import base64
import functools
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from carddb.cards.art import art_checks, resolve_art, verdicts
from carddb.cards.database import CardDatabase
from carddb.files.atomic import write_bytes, write_text
from carddb.findings.diagnostics import Report
from carddb.findings.errors import RenderError
from carddb.packs.card import Card, front_id
from carddb.packs.pack import GamePack
from carddb.render import placeholder
from carddb.render.cache import digest, files_digest
from carddb.render.faces.regions import face_parts
from carddb.render.faces.results import NEUTRAL, PLAIN_RARITY, TemplateFailure, card_colors
from carddb.render.faces.templates import FaceResources, located_message
from carddb.render.fit import FIT_TOKEN, SIZE_TOKEN, sized
from carddb.render.placeholder import placeholder_data_url, placeholder_svg
from carddb.render.wholefile import reusable
from carddb.rules.markup import Paragraph, rules_markup, runs_from_marked_text


def rules_paragraphs(card: Card, pack: GamePack) -> list[Paragraph]:
    if rules_markup is not None:
        return list(rules_markup(card.text, pack.language, pack.icons))
    return [runs_from_marked_text(line.strip(), pack.icons) for line in card.text.splitlines() if line.strip()]


_PIP = re.compile(r"(\d+)\s*\{([a-z][a-z0-9-]*)\}")


def cost_pips(card: Card, pack: GamePack, icon_urls: dict[str, str]) -> list[dict[str, Any]]:
    """The cost as the face prints it: the pack's cost icon with the amount on it (`numbered`),
    other icons repeated per point; nothing for a card without a cost or with the default one."""
    field_name = pack.cost.field
    cost = getattr(card, field_name, None)
    if cost is None or isinstance(cost, bool):
        return []
    field = type(card).model_fields.get(field_name)
    if field is not None and not field.is_required() and cost == field.get_default(call_default_factory=True):
        return []  # a cost the card does not print (e.g. a Lord's default)
    if isinstance(cost, int):
        found = [(str(cost), pack.cost.icon)]
    elif callable(getattr(cost, "markup", None)):
        found = _PIP.findall(cost.markup())
    else:
        return []
    return [
        {"amount": int(amount), "icon": icon, "src": icon_urls.get(icon), "numbered": icon == pack.cost.icon}
        for amount, icon in found
    ]


@dataclass(frozen=True)
class ArtChoice:
    src: str
    position: str
    placeholder: bool
    credit: str
    file: Path | None


def placeholder_src(
    card: Card, colors: dict[str, str], folder: Path | None, motif: str = "landscape", icon_svg: str = ""
) -> str:
    """A data: URL for previews; a file in the cache for print runs.

    A long data: URL in an attribute is slow for WeasyPrint's HTML tokenizer (a sizeable
    share of a batch's layout time), so batch renders point at a file instead.
    """
    if folder is None:
        return placeholder_data_url(card.id, colors["frame"], colors["accent"], motif, icon_svg)
    # Named by what the picture is made from, so an unchanged card's file is found
    # without drawing its picture again (a third of the time of building a face's HTML).
    made_of = [_placeholder_code(), card.id, colors["frame"], colors["accent"]]
    if motif != "landscape":  # the bundled games' files keep their names
        made_of += [motif, icon_svg]
    path = folder / f"{digest(made_of)}.svg"
    if not reusable(path):
        write_text(path, placeholder_svg(card.id, colors["frame"], colors["accent"], motif, icon_svg), vouch=True)
    return path.as_uri()


def placeholder_motif(db: CardDatabase, card: Card, resources: FaceResources) -> tuple[str, str]:
    """The card's placeholder motif, as its game declares it, and the SVG text of an `icon:NAME` motif."""
    motif = db.pack.faces.placeholder.motif_for(card.kind, db.faction_of(card))
    icon = resources.icons.get(motif.removeprefix("icon:")) if motif.startswith("icon:") else None
    try:
        return motif, icon.read_text(encoding="utf-8") if icon is not None else ""
    except (OSError, UnicodeDecodeError):
        return "neutral", ""


@functools.cache
def _placeholder_code() -> str:
    """The placeholder generator's own source: a change to how pictures are drawn renames every file."""
    return files_digest([Path(placeholder.__file__)])


def choose_art(
    db: CardDatabase,
    card: Card,
    colors: dict[str, str],
    report: Report | None,
    placeholder_dir: Path | None = None,
    motif: tuple[str, str] = ("landscape", ""),
) -> ArtChoice:
    """The card's art file if it is usable, else its generated placeholder (with a finding why)."""
    src = placeholder_src(card, colors, placeholder_dir, *motif)
    placeholder = ArtChoice(src, "50% 50%", True, "placeholder art", None)
    if card.art is None:
        return placeholder
    problems = list(art_checks(db, card)) if card.id in db.sources else []
    if problems:
        if report is not None:
            report.extend(problems)
        return placeholder
    path = resolve_art(db, card.art.file)
    # A card the database knows had its art decoded by art_checks (the same verdict validate reports);
    # any other (a preview of a card being edited) is decoded here.
    if not path.is_file() or (card.id not in db.sources and verdicts(db).problem(str(path)) is not None):
        return placeholder
    credit = f"Illus. {card.art.artist}" if card.art.artist else ""
    position = f"{card.art.focus_x * 100:g}% {card.art.focus_y * 100:g}%"
    return ArtChoice(_eight_bit_src(path, placeholder_dir), position, False, credit, path)


# Pillow's modes for 16- and 32-bit grey pixels (a 16-bit greyscale PNG opens as one of them).
_WIDE_GREY = {"I", "I;16", "I;16L", "I;16B", "I;16N"}


def _eight_bit_src(path: Path, cache_dir: Path | None) -> str:
    """The art's URL for WeasyPrint: the file itself, or an 8-bit copy of a 16-bit greyscale picture.

    WeasyPrint draws a 16-bit greyscale PNG black (its values are read as if they were 8-bit
    and clipped); scaled to 8 bits, the picture prints as its painter saw it.
    """
    with Image.open(path) as image:  # reads the header only, unless the picture is converted below
        if image.mode not in _WIDE_GREY:
            return path.as_uri()
        eight = image.convert("I").point(lambda v: v * (1 / 257)).convert("L")
    buffer = io.BytesIO()
    eight.save(buffer, format="PNG")
    if cache_dir is None:  # previews inline everything
        return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
    stat = path.stat()
    target = cache_dir.parent / "art" / f"{digest([str(path), str(stat.st_size), str(stat.st_mtime_ns)])}.png"
    if not reusable(target):
        write_bytes(target, buffer.getvalue(), vouch=True)
    return target.as_uri()


def face_context(
    db: CardDatabase, card: Card, resources: FaceResources, report: Report | None, *, preview: bool
) -> tuple[dict[str, Any], ArtChoice]:
    """What a face template is given; `other_side` is the other face of a double-sided card (else None)."""
    pack = db.pack
    kind = pack.kind(card.kind)
    faction = pack.faction(db.faction_of(card)) or NEUTRAL
    colors = card_colors(faction)
    rarity = next((r for r in pack.rarities if r.id == card.rarity), PLAIN_RARITY)
    subtype = card.subtype_id()
    rules = rules_paragraphs(card, pack)
    icon_urls = resources.icon_urls
    art = choose_art(db, card, colors, report, resources.placeholder_dir, placeholder_motif(db, card, resources))
    stats = [
        {"id": name, "label": label, "value": value}
        for stat in pack.stats
        for name, label in [(stat.id, stat.label)]
        if isinstance(value := getattr(card, name, None), int) and not isinstance(value, bool)
    ]
    type_line = kind.label + (f" — {subtype.replace('-', ' ').title()}" if subtype else "")
    parts = face_parts(card, pack, resources.geometry, colors, icon_urls, type_line)
    long_name, very_long_name = resources.geometry.name_limits()
    name_class = " very-long" if len(card.name) > very_long_name else " long" if len(card.name) > long_name else ""
    big_icon = icon_urls.get(subtype) if subtype and not rules else None
    context = {
        "card": card,
        "kind": kind,
        "layout": kind.layout,
        "faction": faction if faction is not NEUTRAL else None,
        "palette_id": faction.id,
        "colors": colors,
        "rarity": rarity,
        "name_class": name_class,
        "cost": cost_pips(card, pack, icon_urls),
        "cost_label": card.cost_label(),
        "type_line": type_line,
        "type_icon": icon_urls.get(subtype) if subtype else None,
        "art": art,
        "rules": rules,
        "big_icon": big_icon,
        "icons": icon_urls,
        "rules_box_class": ("centered " if not rules else "") + FIT_TOKEN,
        "rules_pt": SIZE_TOKEN,
        "stats": stats,
        "stats_class": f" has-stats-{len(stats)}" if stats else "",
        "set_total": db.set_size(card.set) or card.number,
        "preview": preview,
        "corner_guide": preview,
        "side": "back" if card.is_back else "front",
        "other_side": db.face(front_id(card.id)) if card.is_back else card.back,
        "show": parts.show,
        "styles": parts.styles,
        "rules_css": parts.rules_css,
        "fields": parts.fields,
        "regions": parts.regions,
        "flavor": runs_from_marked_text(card.flavor, pack.icons) if card.flavor else (),
    }
    return context, art


def card_fragment(
    db: CardDatabase, card: Card, resources: FaceResources, report: Report | None, *, preview: bool
) -> tuple[str, ArtChoice]:
    context, art = face_context(db, card, resources, report, preview=preview)
    return resources.render(resources.template_name(context["layout"]), context), art


def card_html(db: CardDatabase, card: Card, *, preview: bool = True, rules_pt: float | None = None) -> str:
    """The HTML document of one card face; raises RenderError if its template fails."""
    resources = FaceResources(db)
    try:
        fragment, _ = card_fragment(db, card, resources, None, preview=preview)
        head, tail = resources.page_parts(preview)
    except TemplateFailure as exc:
        raise RenderError(located_message(exc)) from exc
    return head + sized(fragment, rules_pt or resources.geometry.fit_steps()[0]) + tail
