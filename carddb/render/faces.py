"""Card faces: jinja2 HTML templates -> WeasyPrint -> one single-card PDF per card.

The contract with the print stage (sheets, PNG, Tabletop Simulator):

    render_faces(db, cards, report, *, workers=2, pool=None) -> list[FaceResult]
        One FaceResult per card that could be rendered, in the order of `cards`.
        A double-sided card's own back face is rendered like any face and comes as
        its `back_face` (a FaceResult of the back's id, `ID/back`); a card whose back
        could not be rendered is left out, like one whose front could not.
        `FaceResult.pdf` is a single-page PDF in the face cache
        (output/<game>/.cache/faces/<key>.pdf) whose MediaBox is the card with its
        bleed (poker: 69 x 94 mm), whose TrimBox is the card (63 x 88 mm, 3 mm in)
        and whose BleedBox is the MediaBox. `back` is the card kind's back id
        (KindInfo.back), `font_pt` the rules-text size that fit, `fill` the measured
        height of the rules text over the height of its box at that size, and
        `from_cache` whether the PDF was reused. Problems are findings in `report`:
        E-TEXT-OVERFLOW (the card is still rendered, with its rules box outlined),
        E-TEMPLATE, E-FONT-MISSING, E-ART-MISSING / E-ART-UNREADABLE / E-PATH-ESCAPE
        (placeholder art is printed instead).
    render_backs(db) -> dict[str, Path]
        Back id -> single-page PDF with the same geometry, for the shared backs of
        the game's single-sided kinds (`GamePack.shared_backs`).
    card_html(db, card) -> str
        The HTML document of one face (browser preview, spoiler site, tests), with
        trim, safe-zone and rounded-corner guides unless `preview=False`.

This module is the parent's side and never imports WeasyPrint: card -> template
context -> HTML fragment (with the rules size left as a token) -> cache key (found
through the card's inputs when they are unchanged, see `cache`). The cards to render
go to the render workers (`workers`) as `jobs`; there `layout` lays each batch out in
one document, fits the text (see `fit`) and writes one PDF per card with its TrimBox
and BleedBox set.
"""

from __future__ import annotations

import base64
import functools
import io
import math
import re
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import jinja2
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup
from PIL import Image

import carddb
from carddb.cards.database import CardDatabase, art_checks, resolve_art, verdicts
from carddb.files.atomic import write_bytes, write_text
from carddb.files.project import Project
from carddb.files.templating import BUNDLED_TEMPLATES, PACKAGE_DIR, ConfinedLoader, bytecode_cache
from carddb.findings.diagnostics import Finding, Report, Span
from carddb.findings.errors import RenderError
from carddb.packs.card import Card, front_id
from carddb.packs.pack import Faction, GamePack, Rarity
from carddb.render import placeholder
from carddb.render.cache import FaceCache, FaceMeta, code_digest, digest, files_digest
from carddb.render.fit import FIT_TOKEN, MIN_PT, SIZE_TOKEN, START_PT, sized, sizes
from carddb.render.geometry import FaceGeometry
from carddb.render.jobs import BackJob, BatchJob, WarmJob
from carddb.render.placeholder import mix, placeholder_data_url, placeholder_svg
from carddb.render.wholefile import is_whole
from carddb.render.workers import RenderWorkers, Ticket, import_renderer
from carddb.rules.markup import Paragraph, runs_from_marked_text

try:  # the rules-text DSL renders canonical runs; until it lands, markers are split line by line
    from carddb.rules.markup import rules_markup  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - depends on which parts of carddb are installed
    rules_markup = None


BLEED_MM = 3.0
FACES_TOKEN = "__CARD_FACES__"
NEUTRAL = Faction("none", "", "#55585c", "#c9c6bd")
PLAIN_RARITY = Rarity("none", "Common", "#2b2b2b")
# What the render workers run (carddb.render.layout), by name: see RenderWorkers.map.
RENDER_BATCH = "carddb.render.layout:render_batch"
RENDER_BACKS = "carddb.render.layout:render_backs_job"
WARM_UP = "carddb.render.layout:warm_up"
# Below this many cards to render, starting worker processes costs more than it saves.
PARALLEL_MIN_CARDS = 24
# A layout document per batch of at most this many cards (fewer when that shares the cards out
# among the workers): big enough that a document's fixed cost (its style cascade, its fit rounds)
# is shared, small enough that batches balance the cores and the first starts early.
BATCH_CARDS = 24
# The parts of a face whose boxes each render records: what the rulebook's card anatomy points at.
FACE_PARTS = ("name", "cost", "art", "type-line", "ability", "rules-flow", "flavor", "stats", "footer")
# Queue order on the workers: cards something else waits for (the rulebook's pictures) first.
FIRST, LATER = -10, 0


@dataclass(frozen=True)
class FaceResult:
    card_id: str
    pdf: Path
    back: str
    font_pt: float
    fill: float
    from_cache: bool
    parts: dict[str, list[float]] = field(default_factory=dict)  # FaceMeta.parts: where FACE_PARTS were drawn
    back_face: FaceResult | None = None  # a double-sided card's own back, printed behind it

    @property
    def sides(self) -> tuple[FaceResult, ...]:
        """This face and, for a double-sided card, its back face: every face that was laid out or reused."""
        return (self,) if self.back_face is None else (self, self.back_face)

    def back_pdf(self, backs: dict[str, Path]) -> Path | None:
        """What prints behind this card: its own back face, else its kind's shared back (None if not rendered)."""
        return self.back_face.pdf if self.back_face is not None else backs.get(self.back)


def face_counts(faces: Sequence[FaceResult]) -> tuple[int, int]:
    """(faces laid out by this run, faces taken from the cache), both sides of double-sided cards counted."""
    sides = [side for face in faces for side in face.sides]
    cached = sum(1 for side in sides if side.from_cache)
    return len(sides) - cached, cached


class TemplateFailure(Exception):
    """A template could not be loaded or rendered; carries its location."""

    def __init__(self, message: str, path: Path | None, line: int | None) -> None:
        super().__init__(message)
        self.path = path
        self.line = line

    def finding(self) -> Finding:
        span = Span.point(self.line, 1) if self.line else None
        return Finding("E-TEMPLATE", str(self), self.path, span)


# ---------------------------------------------------------------- templates and assets


@functools.lru_cache(maxsize=8)
def _environment(roots: tuple[str, ...]) -> SandboxedEnvironment:
    """One jinja environment per set of template folders, so each template is compiled once per
    process (a print run asks three times); jinja still reloads a template whose file changed."""
    # Templates come from projects people share: the sandbox keeps them from reaching Python (and the disk).
    return SandboxedEnvironment(
        loader=ConfinedLoader(list(roots)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        bytecode_cache=bytecode_cache("faces"),
    )


def template_roots(db: CardDatabase) -> list[Path]:
    """Where templates are looked up: the project's templates/ first, then the pack's, then carddb's own."""
    pack_templates = [db.pack.template_dir.resolve()] if db.pack.template_dir else []
    roots = [db.project.templates_dir().resolve(), *pack_templates, BUNDLED_TEMPLATES.resolve()]
    return [r for i, r in enumerate(roots) if r.is_dir() and r not in roots[:i]]


_FONT_FACE = re.compile(r"@font-face\s*\{[^}]*\}", re.S)
_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")
_FAMILY = re.compile(r"font-family\s*:\s*['\"]?([^'\";]+?)['\"]?\s*;")
_IMPORT = re.compile(r"@import\s+url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")


class FaceResources:
    """Templates, stylesheets, icons and fonts of one game, checked once per run."""

    def __init__(self, db: CardDatabase) -> None:
        self.db = db
        self.pack = db.pack
        self.roots = template_roots(db)
        self.env = _environment(tuple(str(r) for r in self.roots))
        icons = self.pack.icons_folder
        self.fetch_roots = (db.project.root.resolve(), PACKAGE_DIR, *self.roots, *([icons] if icons else []))
        # base/card.css is a template rendered for the game's card size (see `card_css`); the
        # pack's own stylesheet is plain CSS, loaded after it.
        self.card_stylesheet = self.find("base/card.css")
        self.pack_stylesheets = tuple(p for p in (self.find(f"{self.pack.id}/{self.pack.id}.css"),) if p)
        self.stylesheets = [p for p in (self.card_stylesheet, *self.pack_stylesheets) if p]
        self.geometry = FaceGeometry(*self.pack.card_size_mm, bleed_mm(self.pack))
        self._card_css: str | None = None
        self.icons = {
            name: icons / f"{name}.svg" for name in self.pack.icons if icons and (icons / f"{name}.svg").is_file()
        }
        self.icon_urls = {name: path.as_uri() for name, path in self.icons.items()}
        self.placeholder_dir: Path | None = None  # set by print runs: placeholders as files, not data: URLs
        self._digest: str | None = None

    def find(self, name: str) -> Path | None:
        return next((root / name for root in self.roots if (root / name).is_file()), None)

    def card_css(self) -> str:
        """base/card.css rendered with the card's geometry, its relative URLs made absolute."""
        if self._card_css is None:
            if self.card_stylesheet is None:
                raise TemplateFailure(
                    "no card stylesheet base/card.css in " + ", ".join(map(str, self.roots)), None, None
                )
            text = self.render("base/card.css", {"g": self.geometry, "most_stats": len(self.pack.stats)})
            folder = self.card_stylesheet.parent
            self._card_css = _URL.sub(lambda m: _absolute_url(m, folder), text)
        return self._card_css

    def template_name(self, layout: str) -> str:
        name = f"{self.pack.id}/{layout}.html"
        return name if self.find(name) else "base/card.html"

    def back_template_name(self, back: str) -> str:
        name = f"{self.pack.id}/back-{back}.html"
        return name if self.find(name) else "base/back.html"

    def stylesheet_files(self) -> list[Path]:
        """The stylesheets and everything they @import, in load order."""
        seen: list[Path] = []
        pending = list(self.stylesheets)
        while pending:
            css = pending.pop(0).resolve()
            if css in seen or not css.is_file():
                continue
            seen.append(css)
            text = css.read_text(encoding="utf-8", errors="replace")
            pending.extend((css.parent / ref).resolve() for ref in _IMPORT.findall(text))
        return seen

    def check_fonts(self) -> list[Finding]:
        """Every @font-face source must exist; WeasyPrint would silently fall back to a system font."""
        findings = []
        for css in self.stylesheet_files():
            text = css.read_text(encoding="utf-8", errors="replace")
            for block in _FONT_FACE.finditer(text):
                for ref in _URL.finditer(block.group(0)):
                    font = (css.parent / ref.group(1)).resolve()
                    if font.is_file():
                        continue
                    offset = block.start() + ref.start()
                    line = text.count("\n", 0, offset) + 1
                    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
                    findings.append(
                        Finding(
                            "E-FONT-MISSING",
                            f"font file {ref.group(1)} is missing (expected at {font})",
                            css,
                            Span.point(line, col, len(ref.group(0))),
                            hint="restore the file in templates/fonts/ or change the @font-face rule",
                        )
                    )
        if not self.stylesheets:
            findings.append(
                Finding("E-TEMPLATE", "no card stylesheet base/card.css in " + ", ".join(map(str, self.roots)))
            )
        return findings

    def digest(self) -> str:
        """Everything shared by all faces that can change how they look (computed once)."""
        if self._digest is None:
            self._digest = self._files_digest()
        return self._digest

    def font_families(self) -> list[str]:
        """The families the stylesheets' @font-face rules declare."""
        families: list[str] = []
        for css in self.stylesheet_files():
            for block in _FONT_FACE.finditer(css.read_text(encoding="utf-8", errors="replace")):
                match = _FAMILY.search(block.group(0))
                if match and match.group(1) not in families:
                    families.append(match.group(1))
        return families

    def _files_digest(self) -> str:
        files = [
            p for root in self.roots for sub in ("base", self.pack.id) for p in (root / sub).rglob("*") if p.is_file()
        ]
        files += self.stylesheet_files()
        for css in self.stylesheet_files():
            text = css.read_text(encoding="utf-8", errors="replace")
            files += [(css.parent / m).resolve() for m in _URL.findall(text) if (css.parent / m).is_file()]
        files += list(self.icons.values())
        return digest([carddb.__version__, files_digest(files), repr(self.geometry), str(len(self.pack.stats))])

    def render(self, name: str, context: dict[str, Any]) -> str:
        try:
            return self.env.get_template(name).render(context)
        except jinja2.TemplateSyntaxError as exc:
            path = Path(exc.filename) if exc.filename else self.find(name)
            raise TemplateFailure(f"template {exc.name or name}: {exc.message}", path, exc.lineno) from exc
        except jinja2.TemplateNotFound as exc:
            # Found from an {% include %} or {% extends %}: the failure is at that line of the including template.
            path, line = _template_frame(exc, self.roots)
            raise TemplateFailure(
                f"template {exc.name} not found in {', '.join(map(str, self.roots))}", path, line
            ) from exc
        except UnicodeDecodeError as exc:
            path = self.find(name)
            line = exc.object[: exc.start].count(b"\n") + 1 if isinstance(exc.object, bytes) else None
            raise TemplateFailure(
                f"template {name} is not UTF-8 text ({exc.reason} at byte {exc.start})", path, line
            ) from exc
        except Exception as exc:  # a template is user code: report where it failed, never a traceback
            path, line = _template_frame(exc, self.roots)
            raise TemplateFailure(f"template {name} failed: {exc}", path or self.find(name), line) from exc

    def palette_css(self) -> str:
        """Colour rules per faction and rarity, from the template base/palette.css."""
        palettes = [{"id": f.id, **card_colors(f)} for f in (*self.pack.factions, NEUTRAL)]
        return self.render("base/palette.css", {"palettes": palettes, "rarities": (*self.pack.rarities, PLAIN_RARITY)})

    def page_parts(self, preview: bool, *, linked: bool = True) -> tuple[str, str]:
        """The document around the card faces, split where the faces go.

        `linked` documents carry their stylesheets (for browsers); batch documents get
        the same stylesheets as parsed WeasyPrint objects instead, parsed once per worker.
        """
        html = self.render(
            "base/page.html",
            {
                "title": self.pack.name,
                "card_css": Markup(self.card_css()) if linked else "",
                "stylesheets": [p.as_uri() for p in self.pack_stylesheets] if linked else [],
                "palette": Markup(self.palette_css()) if linked else "",
                "faces": [Markup(FACES_TOKEN)],
                "preview": preview,
            },
        )
        head, _, tail = html.partition(FACES_TOKEN)
        return head, tail


def _absolute_url(match: re.Match[str], folder: Path) -> str:
    ref = match.group(1)
    if re.match(r"^[a-z][a-z0-9+.-]*:", ref, re.I):
        return match.group(0)
    return f'url("{(folder / ref).resolve().as_uri()}")'


def _template_frame(exc: BaseException, roots: Sequence[Path]) -> tuple[Path | None, int | None]:
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        path = Path(frame.filename)
        if path.suffix == ".html" and any(path.resolve().is_relative_to(r) for r in roots):
            return path, frame.lineno
    return None, None


# ---------------------------------------------------------------- card -> template context


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


def card_colors(faction: Faction) -> dict[str, str]:
    return {
        "frame": faction.color,
        "frame_dark": mix(faction.color, "#000000", 0.38),
        "frame_light": mix(faction.color, "#ffffff", 0.28),
        "accent": faction.accent,
        "parchment": mix("#efe4cc", faction.accent, 0.14),
        "parchment_light": "#fbf7ee",
    }


@dataclass(frozen=True)
class ArtChoice:
    src: str
    position: str
    placeholder: bool
    credit: str
    file: Path | None


def placeholder_src(card: Card, colors: dict[str, str], folder: Path | None) -> str:
    """A data: URL for previews; a file in the cache for print runs.

    A long data: URL in an attribute is slow for WeasyPrint's HTML tokenizer (a sizeable
    share of a batch's layout time), so batch renders point at a file instead.
    """
    if folder is None:
        return placeholder_data_url(card.id, colors["frame"], colors["accent"])
    # Named by what the picture is made from, so an unchanged card's file is found
    # without drawing its picture again (a third of the time of building a face's HTML).
    path = folder / f"{digest([_placeholder_code(), card.id, colors['frame'], colors['accent']])}.svg"
    if not path.is_file():
        write_text(path, placeholder_svg(card.id, colors["frame"], colors["accent"]))
    return path.as_uri()


@functools.cache
def _placeholder_code() -> str:
    """The placeholder generator's own source: a change to how pictures are drawn renames every file."""
    return files_digest([Path(placeholder.__file__)])


def choose_art(
    db: CardDatabase, card: Card, colors: dict[str, str], report: Report | None, placeholder_dir: Path | None = None
) -> ArtChoice:
    """The card's art file if it is usable, else its generated placeholder (with a finding why)."""
    placeholder = ArtChoice(placeholder_src(card, colors, placeholder_dir), "50% 50%", True, "placeholder art", None)
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
    if not is_whole(target):
        write_bytes(target, buffer.getvalue())
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
    art = choose_art(db, card, colors, report, resources.placeholder_dir)
    stats = [
        {"id": name, "label": label, "value": value}
        for stat in pack.stats
        for name, label in [(stat.id, stat.label)]
        if isinstance(value := getattr(card, name, None), int) and not isinstance(value, bool)
    ]
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
        "type_line": kind.label + (f" — {subtype.replace('-', ' ').title()}" if subtype else ""),
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
        raise RenderError(_located(exc)) from exc
    return head + sized(fragment, rules_pt or START_PT) + tail


def _located(exc: TemplateFailure) -> str:
    where = f"{exc.path}:{exc.line}: " if exc.path and exc.line else f"{exc.path}: " if exc.path else ""
    return f"{where}E-TEMPLATE {exc}"


# ---------------------------------------------------------------- public entry points


def bleed_mm(pack: GamePack) -> float:
    value = pack.extras.get("bleed_mm", BLEED_MM)
    return float(value)


def _at_field(db: CardDatabase, card: Card, field_name: str) -> tuple[Path | None, Span | None]:
    """Where a finding about one of the card's fields points: that field's value, else the card's id."""
    src = db.sources.get(card.id)
    if src is None:
        return None, None
    return src.path, src.value_span(field_name if field_name in src.located.value else "id")


def overflow_finding(db: CardDatabase, card: Card, meta: FaceMeta) -> Finding:
    return Finding(
        "E-TEXT-OVERFLOW",
        f"'{card.id}' rules text needs {meta.fill * 100:.0f}% of the box at {meta.font_pt:g} pt",
        *_at_field(db, card, "text"),
        hint=f"shorten the rules or flavor text; {MIN_PT:g} pt is the smallest size carddb prints",
    )


def name_overflow_finding(db: CardDatabase, card: Card, meta: FaceMeta) -> Finding:
    return Finding(
        "E-NAME-OVERFLOW",
        f"'{card.id}' name '{card.name}' is {meta.name_overrun:.1f} mm longer than the title bar has room for"
        " (it would be cut off or run under the cost)",
        *_at_field(db, card, "name"),
        hint="shorten the name; the title bar's size comes from the game's card template",
    )


def render_faces(
    db: CardDatabase,
    cards: Sequence[Card],
    report: Report,
    *,
    workers: int = 2,
    pool: RenderWorkers | None = None,
) -> list[FaceResult]:
    """Render (or reuse from the cache) the single-card PDF of each card; see the module docstring.

    `pool`: render workers the caller started early (see `carddb.render.workers`);
    without one, a pool of `workers` is started here when there is enough to render.
    """
    return start_faces(db, cards, report, workers=workers, pool=pool).finish()


@dataclass
class FaceRun:
    """Faces being rendered: those found in the cache, and the jobs that lay out the rest."""

    db: CardDatabase
    cards: Sequence[Card]
    report: Report
    cache: FaceCache
    resources: FaceResources
    found: dict[str, FaceResult] = field(default_factory=dict)
    pending: list[tuple[Card, str, str]] = field(default_factory=list)  # (card, cache key, HTML fragment)
    jobs: list[BatchJob] = field(default_factory=list)
    tickets: list[Ticket] = field(default_factory=list)  # one per job when they run on workers
    done: dict[int, list[tuple[str, FaceMeta]]] = field(default_factory=dict)  # job number -> what it rendered
    pool: RenderWorkers | None = None
    own_pool: bool = False  # started for this run, closed when it finishes

    def add(self, job: BatchJob, priority: int, pool: RenderWorkers | None) -> None:
        """A batch to lay out: sent to `pool` at once, or kept for `finish` (or a pool of its own)."""
        self.jobs.append(job)
        if pool is not None:
            self.pool = pool
            self.tickets.append(pool.submit(RENDER_BATCH, job, priority=priority, label="card faces"))

    def expected(self) -> dict[str, FaceResult]:
        """Every face this run will have if all goes well: those found, and those being rendered
        (where their PDF will be; size and fill still unknown)."""
        back = {kind.id: kind.back for kind in self.db.pack.kinds}
        coming = {
            card.id: FaceResult(card.id, self.cache.pdf_path(key), back[card.kind], 0.0, 0.0, False)
            for card, key, _fragment in self.pending
        }
        every = {**coming, **self.found}
        return {card.id: face for card in self.cards if (face := _with_back(card, every)) is not None}

    def finish(self, only: Sequence[str] | None = None) -> list[FaceResult]:
        """Wait for the faces of the cards in `only` (default: all) and return them in the order of the cards.

        `only` may name a card or one of its faces (`ID/back`): either way both sides are waited for.
        """
        wanted = _whole_cards(self.cards, only) if only is not None else None
        faces = {face.id for card in self.cards if wanted is None or card.id in wanted for face in card.faces}
        chosen = [
            number
            for number, job in enumerate(self.jobs)
            if wanted is None or any(card_id in faces for card_id, _k, _f in job.faces)
        ]
        try:
            rendered = self._rendered(chosen)
        except RenderError as exc:
            self.report.add(_refusal_finding(str(exc), self.resources))
            rendered = []
            self.jobs, self.tickets, self.done = [], [], {}
        finally:
            if self.own_pool and self.pool is not None and (wanted is None or not self.jobs):
                self.pool.close()
        by_key = dict(rendered)
        for card, key, _fragment in self.pending:
            if card.id not in self.found and key in by_key:
                self.found[card.id] = _result(
                    self.db, card, self.cache.pdf_path(key), by_key[key], from_cache=False, report=self.report
                )
        return [
            face
            for c in self.cards
            if (wanted is None or c.id in wanted) and (face := _with_back(c, self.found)) is not None
        ]

    def _rendered(self, numbers: list[int]) -> list[tuple[str, FaceMeta]]:
        """The (key, meta) of every face the chosen jobs rendered: waited for on the workers, or rendered here."""
        jobs = [self.jobs[n] for n in numbers]
        try:
            if self.pool is None:
                for number in numbers:
                    if number not in self.done:
                        self.done[number] = import_renderer().render_batch(self.jobs[number])
            else:
                tickets = [self.tickets[n] for n in numbers]
                self.pool.wait(tickets)
                self.done.update((n, self.tickets[n].result()) for n in numbers)
            return [item for n in numbers for item in self.done[n]]
        except RenderError:
            raise
        except (OSError, ValueError, RuntimeError) as exc:
            # A full disk or a WeasyPrint failure on odd input: one message, no traceback.
            cards = ", ".join(cid for job in jobs for cid, _k, _f in job.faces[:3])
            raise RenderError(
                f"rendering the card faces failed ({type(exc).__name__}: {exc}); first cards: {cards}"
            ) from exc


def start_faces(
    db: CardDatabase,
    cards: Sequence[Card],
    report: Report,
    *,
    workers: int = 2,
    pool: RenderWorkers | None = None,
    first: Sequence[str] = (),
) -> FaceRun:
    """Find each card's face in the cache and queue the others on `pool`; `FaceRun.finish` waits for them.

    Cards in `first` (the rulebook's pictures) go in a batch of their own ahead of the rest,
    so what waits for them can start while the other faces are still being laid out.
    """
    resources = FaceResources(db)
    cache = FaceCache(db.project.output_dir(db.pack) / ".cache" / "faces")
    run = FaceRun(db, cards, report, cache, resources)
    font_problems = resources.check_fonts()
    if font_problems:
        report.extend(font_problems)
        return run
    try:
        head, tail = resources.page_parts(preview=False, linked=False)
        palette = resources.palette_css()
        resources.card_css()
    except TemplateFailure as exc:
        report.add(exc.finding())
        return run
    shared = resources.digest()
    resources.placeholder_dir = cache.folder.parent / "placeholders"
    steps = sizes()
    index = cache.load_index()
    seen: dict[str, str] = {}
    common = [code_digest(), shared, palette, repr(steps), str(db.project.root)]
    wanted_first = _whole_cards(cards, first)
    # Every face of a card, its own back face too (a double-sided card's back is a face like any).
    early = [face for card in cards if card.id in wanted_first for face in card.faces]
    later = [face for card in cards if card.id not in wanted_first for face in card.faces]
    # Batches go to the workers as soon as they fill, so the first is laid out while the parent builds the rest.
    size = max(1, min(BATCH_CARDS, math.ceil(len(early + later) / (pool.workers if pool is not None else workers))))
    batch: list[tuple[Card, str, str]] = []

    def send(priority: int) -> None:
        if batch:
            run.add(_job(db, batch, (head, tail, palette), resources, cache, steps), priority, pool)
            batch.clear()

    for position, card in enumerate([*early, *later]):
        if position == len(early):
            send(FIRST)
        inputs = face_inputs(db, card, common)
        known = index.get(inputs)
        if known is not None and (meta := cache.lookup(known)) is not None:
            run.found[card.id] = _result(db, card, cache.pdf_path(known), meta, from_cache=True, report=report)
            seen[inputs] = known
            continue
        findings = len(report)
        try:
            fragment, art = card_fragment(db, card, resources, report, preview=False)
        except TemplateFailure as exc:
            report.add(exc.finding())
            continue
        art_bytes = art.file.read_bytes() if art.file else b""
        key = digest([shared, palette, fragment, art_bytes, repr(steps)])
        if len(report) == findings:  # a card whose art gave findings is rebuilt, so they are shown again
            seen[inputs] = key
        meta = cache.lookup(key)
        if meta is not None:
            run.found[card.id] = _result(db, card, cache.pdf_path(key), meta, from_cache=True, report=report)
            continue
        run.pending.append((card, key, fragment))
        batch.append((card, key, fragment))
        if pool is not None and len(run.pending) == PARALLEL_MIN_CARDS:
            # Enough to share: the other workers import WeasyPrint while the rest is looked up.
            warm_workers(pool, db.project, db.pack, resources=resources, all_workers=True)
        if len(batch) >= size:
            send(FIRST if position < len(early) else LATER)
    send(FIRST if not later else LATER)
    if seen.items() - index.items():
        # Entries of cards left out of this run (a --cards selection) are kept, up to a bound.
        bound = 4 * max(sum(len(c.faces) for c in db.cards), 1)
        cache.store_index(seen if len(index) + len(seen) > bound else {**index, **seen})
    if pool is None and len(run.jobs) > 1 and workers > 1:
        run.pool, run.own_pool = RenderWorkers(workers).start(), True
        run.tickets = [run.pool.submit(RENDER_BATCH, job, label="card faces") for job in run.jobs]
    return run


def face_inputs(db: CardDatabase, card: Card, common: list[str]) -> str:
    """A digest of everything a card's face is built from (see the cache module)."""
    art = ""
    if card.art is not None:
        try:
            stat = resolve_art(db, card.art.file).stat()
            art = f"{card.art.file}|{stat.st_size}|{stat.st_mtime_ns}"
        except (OSError, ValueError):
            art = f"{card.art.file}|missing"
    # Both sides of a double-sided card: a face template may print its other side (`other_side`).
    whole = db.face(front_id(card.id)) if card.is_back else card
    data = (whole or card).model_dump_json()
    return digest([*common, card.id, data, repr(db.sets.get(card.set)), str(db.set_size(card.set)), art])


def _whole_cards(cards: Sequence[Card], ids: Sequence[str]) -> set[str]:
    """The ids of the cards that `ids` names, by their own id or the id of one of their faces."""
    named = set(ids)
    return {card.id for card in cards if any(face.id in named for face in card.faces)}


def _with_back(card: Card, results: dict[str, FaceResult]) -> FaceResult | None:
    """The card's result, carrying its own back face's; None if either side could not be rendered."""
    front = results.get(card.id)
    if front is None or card.back is None:
        return front
    back = results.get(card.back.id)
    return replace(front, back_face=back) if back is not None else None


def _result(db: CardDatabase, card: Card, pdf: Path, meta: FaceMeta, *, from_cache: bool, report: Report) -> FaceResult:
    if meta.overflow:
        report.add(overflow_finding(db, card, meta))
    if meta.name_overrun > 0:
        report.add(name_overflow_finding(db, card, meta))
    back = db.pack.kind(card.kind).back
    return FaceResult(card.id, pdf, back, meta.font_pt, meta.fill, from_cache, meta.parts)


def _job(
    db: CardDatabase,
    batch: list[tuple[Card, str, str]],
    page: tuple[str, str, str],
    resources: FaceResources,
    cache: FaceCache,
    steps: tuple[float, ...],
) -> BatchJob:
    return BatchJob(
        head=page[0],
        tail=page[1],
        card_css=resources.card_css(),
        stylesheets=resources.pack_stylesheets,
        palette=page[2],
        faces=tuple((card.id, key, fragment) for card, key, fragment in batch),
        fetch_roots=resources.fetch_roots,
        cache_dir=cache.folder,
        trim_mm=db.pack.card_size_mm,
        bleed_mm=bleed_mm(db.pack),
        steps=steps,
        digest=resources.digest(),
        parts=FACE_PARTS,
    )


def warm_workers(
    pool: RenderWorkers,
    project: Project,
    pack: GamePack,
    *,
    resources: FaceResources | None = None,
    all_workers: bool = False,
) -> None:
    """Have the workers parse the game's card stylesheets and load its fonts while the cards load."""
    resources = resources or FaceResources(CardDatabase(pack=pack, project=project))
    try:
        if resources.check_fonts():
            return  # the real run reports it
        palette = resources.palette_css()
        job = WarmJob(
            resources.card_css(),
            resources.pack_stylesheets,
            palette,
            resources.fetch_roots,
            resources.digest(),
            tuple(resources.font_families()),
        )
    except (TemplateFailure, OSError):
        return
    pool.prepare(WARM_UP, job, all_workers=all_workers)


def render_backs(
    db: CardDatabase, report: Report | None = None, *, pool: RenderWorkers | None = None
) -> dict[str, Path]:
    """Render each back the game's kinds use; back id -> single-page PDF (cached like faces)."""
    resources = FaceResources(db)
    problems = resources.check_fonts()
    try:
        if problems:
            raise TemplateFailure(
                problems[0].message, problems[0].path, problems[0].span.line if problems[0].span else None
            )
        head, tail = resources.page_parts(preview=False)
        backs = list(db.pack.shared_backs)
        fragments = {
            back: resources.render(
                resources.back_template_name(back),
                {
                    "back_id": back,
                    "back_label": back_label(back),
                    "game_name": db.pack.name,
                    "preview": False,
                },
            )
            for back in backs
        }
    except TemplateFailure as exc:
        if report is None:
            raise RenderError(_located(exc)) from exc
        report.add(exc.finding())
        return {}
    shared = resources.digest()
    cache = FaceCache(db.project.output_dir(db.pack) / ".cache" / "backs")
    keys = {back: digest([shared, fragment]) for back, fragment in fragments.items()}
    missing = [back for back in backs if not is_whole(cache.pdf_path(keys[back]))]
    if missing:
        job = BackJob(
            documents=tuple((cache.pdf_path(keys[back]), head + fragments[back] + tail) for back in missing),
            fetch_roots=resources.fetch_roots,
            trim_mm=db.pack.card_size_mm,
            bleed_mm=bleed_mm(db.pack),
        )
        if pool is not None:
            pool.map(RENDER_BACKS, [job], priority=FIRST, label="card backs")
        else:
            import_renderer()
            from carddb.render.layout import render_backs_job

            render_backs_job(job)
    return {back: cache.pdf_path(keys[back]) for back in backs}


def back_label(back: str) -> str:
    """The word a back prints above its emblem: its id ('Market'), none for the one back of a game."""
    return "" if back == "default" else back.replace("-", " ").title()


def back_html(db: CardDatabase, back: str, *, preview: bool = True) -> str:
    """The HTML document of one card back (for previews)."""
    resources = FaceResources(db)
    try:
        head, tail = resources.page_parts(preview)
        fragment = resources.render(
            resources.back_template_name(back),
            {
                "back_id": back,
                "back_label": back_label(back),
                "game_name": db.pack.name,
                "preview": preview,
                "corner_guide": preview,
            },
        )
    except TemplateFailure as exc:
        raise RenderError(_located(exc)) from exc
    return head + fragment + tail


_REFUSED = "refused to load "


def _refusal_finding(message: str, resources: FaceResources) -> Finding:
    """An E-TEMPLATE finding for a failed render: at the template line that names a refused URL, if one does.

    A refused URL was written in a template or stylesheet (a card's own data never reaches a
    fetch: it is escaped, and its art path is checked first), so the designer is shown where.
    """
    if message.startswith(_REFUSED):
        for url in message[len(_REFUSED) :].split(", "):
            spot = _find_in_templates(url, resources.roots)
            if spot is not None:
                path, span = spot
                return Finding("E-TEMPLATE", f"{message}: carddb only loads files inside the project", path, span)
    return Finding("E-TEMPLATE", message, resources.find("base/card.css"))


def _find_in_templates(url: str, roots: Sequence[Path]) -> tuple[Path, Span] | None:
    # A template may write the URL percent-decoded or without its scheme: look for its path too.
    parsed = urlsplit(url)
    needles = [url, unquote(parsed.path) if parsed.scheme == "file" else url]
    for root in roots:
        for template in sorted(p for p in root.rglob("*") if p.suffix in {".html", ".css"} and p.is_file()):
            try:
                lines = template.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                continue
            for number, line in enumerate(lines, 1):
                for needle in needles:
                    col = line.find(needle)
                    if needle and col >= 0:
                        return template, Span.point(number, col + 1, len(needle))
    return None
