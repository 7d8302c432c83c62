"""The static spoiler site: a filterable gallery, a page per card, and set statistics.

`build_site` takes validated inputs (the database, each card's web image, the
booster types each card can appear in) and writes output/<game>/site/:

    index.html          gallery; filters, search and sort run client-side from an embedded JSON index
    cards/<id>.html     one page per card: full data, canonical rules text with icons, version, boosters
    cards/<id>.png      the card image (written by `webimages`); cards/<id>_back.png the other side
                        of a double-sided card, which the gallery and the card page flip to on click
    stats.html          cost curve, kinds, rarities and factions as inline SVG charts
    assets/, icons/     CSS, JS and the game's icon SVGs

All links are relative so the folder opens from disk or from any web server.
Every file is written atomically and only when its content changed, so a live
preview rebuild after one edit rewrites one card page, the index and the stats.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import jinja2
from markupsafe import Markup

from carddb.cards.database import CardDatabase
from carddb.files.atomic import write_bytes
from carddb.files.outputs import prune_folder, read_existing
from carddb.files.reading import RESOURCE_BYTES, read_limited
from carddb.files.svgsafety import safe_icon
from carddb.files.templating import BUNDLED_TEMPLATES, sandboxed_environment
from carddb.findings.errors import RenderError
from carddb.packs.card import BACK, SHARED_BY_FACES, Card, file_stem, front_id
from carddb.packs.pack import GamePack
from carddb.rules.markup import Paragraph, rules_markup, runs_from_marked_text
from carddb.site.charts import chart_svg, set_charts
from carddb.site.webimages import WEB_DPI

STATIC_ASSETS = ("site.css", "site.js", "flip.js")
# Fields shown in the card page's heading area rather than in its data table (and the back, shown on its own).
_HEADLINE_FIELDS = {"id", "name", "kind", "text", "flavor", "art", "set", "number", "rarity", "version", BACK}


@runtime_checkable
class MarkedCost(Protocol):
    """A cost that can print itself as icon markup (LOE's `Cost.markup()`)."""

    def markup(self) -> str: ...


@dataclass(frozen=True)
class SiteCard:
    """What the site shows of one card: plain values, ready for a template."""

    card: Card
    kind_label: str
    type_line: str
    faction_id: str
    faction_name: str
    faction_color: str
    rarity_name: str
    rarity_color: str
    cost: int | None
    cost_runs: Paragraph
    paragraphs: tuple[Paragraph, ...]
    rules_plain: str
    image: str | None  # path relative to the site root
    boosters: tuple[str, ...]
    source: str  # "data/loe/cards/dukes.yaml:2"
    fields: tuple[tuple[str, str], ...]
    back: SiteCard | None = None  # the other side of a double-sided card

    @property
    def page(self) -> str:
        return f"cards/{front_id(self.card.id)}.html"

    @property
    def faces(self) -> tuple[SiteCard, ...]:
        return (self,) if self.back is None else (self, self.back)


@dataclass
class SiteResult:
    root: Path
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)


def default_templates_dir() -> Path:
    """carddb's bundled templates/site/; a project may override it with its own templates/site/."""
    return BUNDLED_TEMPLATES / "site"


def site_templates_dir(db: CardDatabase) -> Path:
    own = db.project.templates_dir() / "site"
    return own if (own / "index.html").is_file() else default_templates_dir()


def site_cards(
    db: CardDatabase,
    images: Mapping[str, Path],
    boosters: Mapping[str, Sequence[str]],
    site_root: Path,
    versions: Mapping[str, str] | None = None,
) -> list[SiteCard]:
    """Every card of the database as a `SiteCard`, in set and collector-number order.

    An image's URL carries its version (`cards/x.png?v=...`, from `versions`): after an
    edit the edited card's URL changes, so no browser or web cache can show its old picture.
    """
    result: list[SiteCard] = []
    for card in sorted(db.cards, key=lambda c: (c.set, c.number, c.id)):
        front = site_face(db, card, images, boosters, site_root, versions)
        if card.back is not None:
            front = replace(front, back=site_face(db, card.back, images, {}, site_root, versions))
        result.append(front)
    return result


def site_face(
    db: CardDatabase,
    card: Card,
    images: Mapping[str, Path],
    boosters: Mapping[str, Sequence[str]],
    site_root: Path,
    versions: Mapping[str, str] | None = None,
) -> SiteCard:
    """One face as the site shows it: a card, or the back face of a double-sided one."""
    pack = db.pack
    kind = pack.kind(card.kind)
    subtype = card.subtype_id()
    faction = pack.faction(db.faction_of(card))
    rarity = pack.rarity(card.rarity)
    cost_value = getattr(card, "cost", None)
    cost_runs = runs_from_marked_text(cost_value.markup(), pack.icons) if isinstance(cost_value, MarkedCost) else ()
    paragraphs = tuple(rules_markup(card.text, pack.language, pack.icons))
    image = images.get(card.id)
    src = db.sources.get(card.id)
    source = ""
    if src is not None:
        source = f"{_relative(src.path, db.project.root)}:{src.located.span.line}"
    return SiteCard(
        card=card,
        kind_label=kind.label,
        type_line=kind.label + (f" - {subtype.title()}" if subtype else ""),
        faction_id=faction.id if faction else "",
        faction_name=faction.name if faction else "",
        faction_color=faction.color if faction else "#55585c",
        rarity_name=rarity.name,
        rarity_color=rarity.color,
        cost=card.curve_cost(),
        cost_runs=cost_runs,
        paragraphs=paragraphs,
        rules_plain="\n".join(_plain(p) for p in paragraphs),
        image=_image_url(image, site_root, (versions or {}).get(card.id)) if image is not None else None,
        boosters=tuple(boosters.get(card.id, ())),
        source=source,
        fields=_field_rows(card, db),
    )


def _image_url(image: Path, site_root: Path, version: str | None) -> str:
    return _relative(image, site_root) + (f"?v={version}" if version else "")


def card_index(cards: Sequence[SiteCard]) -> list[dict[str, Any]]:
    """The JSON index the gallery filters, sorts and searches, one entry per card."""
    return [
        {
            "id": c.card.id,
            "name": c.card.name,
            "kind": c.card.kind,
            # Both sides of a double-sided card: the kind filter and the search find it by either.
            "kinds": [face.card.kind for face in c.faces],
            "back": c.back.card.name if c.back else None,
            "subtype": c.card.subtype_id() or "",
            "faction": c.faction_id,
            "rarity": c.card.rarity,
            "cost": c.cost,
            "set": c.card.set,
            "number": c.card.number,
            "text": c.rules_plain + (f"\n{c.back.card.name}\n{c.back.rules_plain}" if c.back else ""),
            "page": c.page,
            "image": c.image,
        }
        for c in cards
    ]


def script_json(value: object) -> Markup:
    """JSON safe to place inside a <script> element: no '<', '>' or '&' can end it early."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return Markup(text)


def build_site(
    db: CardDatabase,
    site_root: Path,
    images: Mapping[str, Path],
    *,
    boosters: Mapping[str, Sequence[str]] | None = None,
    templates_dir: Path | None = None,
    versions: Mapping[str, str] | None = None,
    show_sources: bool = False,
) -> SiteResult:
    """Write the spoiler site for `db` into `site_root`; `images` maps card id -> PNG inside site_root.

    A card page names the file and line the card is written in only with `show_sources` (the live
    preview, `carddb site --sources`): a published site does not show how the project's folders are laid out.
    """
    _resolved_folder.cache_clear()  # `carddb serve` builds again and again: folders may have moved meanwhile
    env = _environment(templates_dir or site_templates_dir(db), db.project.templates_cache(db.pack))
    cards = site_cards(db, images, boosters or {}, site_root, versions)
    if not show_sources:
        cards = [replace(c, source="", back=replace(c.back, source="") if c.back is not None else None) for c in cards]
    result = SiteResult(root=site_root)
    icons = _copy_icons(db.pack, site_root, result, db.project.icon_root(db.pack))
    common = {
        "pack": db.pack,
        "sets": db.sets,
        "icons": icons,
        "has_boosters": boosters is not None,
        "total": len(cards),
        # The web images' size in pixels, so the gallery lays out before they load.
        "card_px": tuple(round(mm / 25.4 * WEB_DPI) for mm in db.pack.card_size_mm),
    }
    kinds = [k for k in db.pack.kinds if any(face.card.kind == k.id for c in cards for face in c.faces)]
    factions = [f for f in db.pack.factions if any(c.faction_id == f.id for c in cards)]
    rarities = [r for r in db.pack.rarities if any(c.card.rarity == r.id for c in cards)]
    costs = sorted({c.cost for c in cards if c.cost is not None})
    # Every page is rendered before any is written: a template error leaves the last good site whole.
    try:
        pages: dict[str, str] = {
            "index.html": env.get_template("index.html").render(
                common,
                root="",
                cards=cards,
                kinds=kinds,
                factions=factions,
                rarities=rarities,
                costs=costs,
                has_costless=any(c.cost is None for c in cards),
                index_json=script_json(card_index(cards)),
            ),
            "stats.html": env.get_template("stats.html").render(
                common,
                root="",
                charts=[(chart, Markup(chart_svg(chart))) for chart in set_charts(db)],
            ),
        }
        card_template = env.get_template("card.html")
        for position, site_card in enumerate(cards):
            pages[site_card.page] = card_template.render(
                common,
                root="../",
                c=site_card,
                previous=cards[position - 1] if position > 0 else None,
                next=cards[position + 1] if position + 1 < len(cards) else None,
            )
    except jinja2.TemplateSyntaxError as exc:
        raise RenderError(f"site template {exc.filename or exc.name}:{exc.lineno}: {exc.message}") from None
    except jinja2.TemplateError as exc:
        raise RenderError(f"site template error: {type(exc).__name__}: {exc}") from None
    for relative, html in pages.items():
        _write_if_changed(site_root / relative, html.encode("utf-8"), result)
    for name in STATIC_ASSETS:
        # A project's own site templates may predate an asset: the bundled one is used then.
        asset = next(p for p in (env_dir(env) / name, default_templates_dir() / name) if p.is_file())
        _write_if_changed(site_root / "assets" / name, read_limited(asset, RESOURCE_BYTES, "site assets"), result)
    _prune(site_root / "cards", {file_stem(face.card.id) for c in cards for face in c.faces}, result)
    return result


def env_dir(env: jinja2.Environment) -> Path:
    loader = env.loader
    assert isinstance(loader, jinja2.FileSystemLoader)
    return Path(loader.searchpath[0])


@functools.cache
def _environment(templates_dir: Path, cache: Path) -> jinja2.Environment:
    # One environment per folder for the life of the process: `carddb serve` rebuilds reuse the compiled
    # templates, and Jinja2's auto_reload recompiles a template whose file changed.
    env = sandboxed_environment([templates_dir], "site", cache=cache)
    env.globals["paragraph_html"] = paragraph_html
    return env


def _copy_icons(pack: GamePack, site_root: Path, result: SiteResult, root: Path | None) -> dict[str, str]:
    """Copy the pack's icon SVGs into icons/; returns icon name -> path relative to the site root."""
    found: dict[str, str] = {}
    source_dir = pack.icons_folder
    for name in pack.icons:
        svg = source_dir / f"{name}.svg" if source_dir else None
        # Refused when the pack was loaded (E-ICON-UNSAFE); checked again as copied, since it may have changed since.
        data = safe_icon(svg, root) if svg is not None and svg.is_file() else None
        if svg is not None and data is not None:
            _write_if_changed(site_root / "icons" / svg.name, data, result)
            found[name] = f"icons/{svg.name}"
    return found


def _write_if_changed(target: Path, data: bytes, result: SiteResult) -> None:
    if read_existing(target) == data:
        result.unchanged.append(target)
    else:
        write_bytes(target, data)
        result.written.append(target)


def _prune(cards_dir: Path, card_ids: set[str], result: SiteResult) -> None:
    """Remove pages and images of cards that no longer exist (a renamed id, a deleted card)."""
    result.removed += prune_folder(cards_dir, lambda path: path.stem in card_ids, suffixes={".html", ".png"})


def _plain(paragraph: Paragraph) -> str:
    # Icons become their names so that a search for "influence" finds "Spend 1{influence}".
    text = "".join(f" {run.text} " if run.kind == "icon" else run.text for run in paragraph)
    return re.sub(r" {2,}", " ", text).replace(" :", ":").replace(" ,", ",").replace(" .", ".").strip()


def _relative(path: Path, root: Path) -> str:
    try:
        return _resolved(path).relative_to(_resolved_folder(root)).as_posix()
    except ValueError:
        return path.name


def _resolved(path: Path) -> Path:
    """`path.resolve()`, resolving each folder once: a site has a few folders and hundreds of files."""
    if path.is_symlink():
        return path.resolve()
    return _resolved_folder(path.parent) / path.name


@functools.lru_cache(maxsize=256)
def _resolved_folder(folder: Path) -> Path:
    return folder.resolve()


def _field_rows(card: Card, db: CardDatabase) -> tuple[tuple[str, str], ...]:
    """The card's remaining fields as (label, value) rows for the card page's data table."""
    rows: list[tuple[str, str]] = []
    cost = card.cost_label()
    shown_once = set(SHARED_BY_FACES) if card.is_back else set()  # printed with the front
    stat_labels = {stat.id: stat.label for stat in db.pack.stats}  # 'ATK', not the field's name 'atk'
    for name, value in card.model_dump().items():
        if name in _HEADLINE_FIELDS or name in shown_once or value in (None, "", [], ()):
            continue
        if name == db.pack.faction_field:
            faction = db.pack.faction(value)
            rows.append((db.pack.faction_label.title(), faction.name if faction else str(value)))
        elif name == "cost":
            rows.append(("Cost", cost))
        elif name == "subtype":
            rows.append(("Subtype", str(value).title()))
        elif name in stat_labels:
            rows.append((stat_labels[name], str(value)))
        elif isinstance(value, list):
            rows.append((name.title(), ", ".join(str(v) for v in value)))
        elif isinstance(value, dict):
            rows.append((name.title(), ", ".join(f"{k} {v}" for k, v in value.items() if v)))
        else:
            rows.append((name.replace("_", " ").title(), str(value)))
    if card.art is not None:
        rows.append(("Art", card.art.file + (f" by {card.art.artist}" if card.art.artist else "")))
    else:
        rows.append(("Art", "placeholder (no art yet)"))
    return tuple(rows)


def paragraph_html(paragraph: Paragraph, root: str, icons: Mapping[str, str]) -> Markup:
    """One paragraph of runs as HTML: keywords bold, reminder text italic in parentheses, icons as images."""
    parts: list[Markup] = []
    previous = ""
    for run in paragraph:
        if run.kind == "icon":
            if run.text in icons:
                parts.append(
                    Markup('<img class="icon" src="{}{}" alt="{}" title="{}">').format(
                        root, icons[run.text], run.text, run.text
                    )
                )
            else:
                parts.append(Markup('<span class="icon-text">{}</span>').format(run.text))
        elif run.kind == "keyword":
            parts.append(Markup("<strong>{}</strong>").format(run.text))
        elif run.kind == "reminder":
            space = " " if previous and not previous.endswith(" ") else ""
            parts.append(Markup('{}<em class="reminder">({})</em>').format(space, run.text))
        else:
            parts.append(Markup("{}").format(run.text))
        previous = run.text
    return Markup("").join(parts)
