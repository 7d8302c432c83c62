"""Where a face's templates, stylesheets and fonts come from, and how their failures are located.

Templates are looked up in the project's templates/ first, then the pack's, then carddb's own;
the resources a face loads (fonts, CSS, images) are found the same way and confined to them.
"""

from __future__ import annotations

import functools
import os
import re
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import jinja2
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup

import carddb
from carddb.cards.database import CardDatabase
from carddb.files.reading import RESOURCE_BYTES, read_limited
from carddb.files.templating import (
    BUNDLED_TEMPLATES,
    PACKAGE_DIR,
    sandboxed_environment,
)
from carddb.findings.diagnostics import Finding, Span
from carddb.render.cache import digest, files_digest
from carddb.render.faces.results import FACES_TOKEN, NEUTRAL, PLAIN_RARITY, TemplateFailure, bleed_mm, card_colors
from carddb.render.geometry import FaceGeometry


@functools.lru_cache(maxsize=8)
def _environment(roots: tuple[str, ...], cache: Path) -> SandboxedEnvironment:
    """One jinja environment per set of template folders, so each template is compiled once per
    process (a print run asks three times); jinja still reloads a template whose file changed."""
    return sandboxed_environment(roots, "faces", cache=cache)


def template_roots(db: CardDatabase) -> list[Path]:
    """Where templates are looked up: the project's templates/ first, then the pack's, then carddb's own."""
    pack_templates = [db.pack.template_dir.resolve()] if db.pack.template_dir else []
    # The project's folder unresolved: if it is a link, the loader refuses it (carddb.files.templating.ConfinedLoader).
    roots = [db.project.templates_dir(), *pack_templates, BUNDLED_TEMPLATES.resolve()]
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
        self.env = _environment(tuple(str(r) for r in self.roots), db.project.templates_cache(db.pack))
        icons = self.pack.icons_folder
        root = db.project.root.resolve()
        # The project's own template folder is inside its root already; named again here, a templates/ that links
        # out of the project would have let pictures and fonts be loaded from wherever it points.
        trusted = [r for r in self.roots if not r.is_relative_to(root)]
        # The same for a project's icons (data/<game>/icons); an installed pack's are its own, trusted like its code.
        own_icons = self.pack.icon_dir is not None and Path(os.path.abspath(self.pack.icon_dir)).is_relative_to(root)
        self.fetch_roots = (root, PACKAGE_DIR, *trusted, *([icons] if icons and not own_icons else []))
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
            text = _css_text(css)
            pending.extend((css.parent / ref).resolve() for ref in _IMPORT.findall(text))
        return seen

    def check_fonts(self) -> list[Finding]:
        """Every @font-face source must exist; WeasyPrint would silently fall back to a system font."""
        findings = []
        for css in self.stylesheet_files():
            text = _css_text(css)
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
            for block in _FONT_FACE.finditer(_css_text(css)):
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
            text = _css_text(css)
            files += [(css.parent / m).resolve() for m in _URL.findall(text) if (css.parent / m).is_file()]
        files += list(self.icons.values())
        # The stylesheet as rendered, not only its template: its millimetres come from carddb's geometry
        # code, and a change there must draw the faces again even under the same carddb version.
        return digest(
            [carddb.__version__, files_digest(files), repr(self.geometry), str(len(self.pack.stats)), self.card_css()]
        )

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
                "lang": self.pack.lang,
                "author": self.pack.credited_author,
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


def located_message(exc: TemplateFailure) -> str:
    where = f"{exc.path}:{exc.line}: " if exc.path and exc.line else f"{exc.path}: " if exc.path else ""
    return f"{where}E-TEMPLATE {exc}"


_REFUSED = "refused to load "


def refusal_finding(message: str, resources: FaceResources) -> Finding:
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


def _css_text(css: Path) -> str:
    """A stylesheet's text, for its @import and @font-face rules; a file too big to be one reads as empty."""
    try:
        return read_limited(css, RESOURCE_BYTES, "stylesheets").decode("utf-8", errors="replace")
    except OSError:
        return ""  # WeasyPrint's own fetch of it is refused then too (carddb.render.fetcher)
