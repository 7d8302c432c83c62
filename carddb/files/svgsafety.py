"""Is an icon SVG only a picture? Scripts, event handlers and references to other files are refused.

A game declared in a project's game.yaml draws its icons from data/<game>/icons/*.svg, and
carddb copies them into the spoiler site and the HTML rulebook. An SVG is a document a browser
runs: opened from the site (or from `carddb serve`, at the preview's address) a `<script>` or an
`onload` in it would run there. Card faces are safe either way (WeasyPrint runs no script and
loads nothing from outside the project), but an icon that is more than a picture is refused,
with the line and column of what makes it so, wherever it is used.

Checked with expat, event by event (nothing is built or expanded): a DOCTYPE (entities: the
billion laughs, external files), processing instructions such as `<?xml-stylesheet?>`, elements
outside the list of SVG's drawing elements (`script`, `foreignObject`, `a`, animations that
can rewrite a link, anything in the XHTML namespace), attributes named `on...`, a link
(`href`, `xlink:href`) to anything but `#id` or an embedded PNG, JPEG, GIF or WebP picture,
`javascript:` anywhere, and CSS that imports or loads anything but those. Elements of other
namespaces (Inkscape's and Illustrator's metadata) are inert and allowed.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from xml.parsers import expat

from carddb.findings.diagnostics import Finding, Span

SVG = "http://www.w3.org/2000/svg"
XHTML = "http://www.w3.org/1999/xhtml"
MAX_ICON_BYTES = 1_000_000  # an icon is a few kilobytes; carddb's largest is 3 kB

# SVG elements that draw, group, define paints or describe; nothing here runs code, links or animates.
DRAWING = frozenset(
    [
        "svg",
        "g",
        "defs",
        "symbol",
        "use",
        "path",
        "rect",
        "circle",
        "ellipse",
        "line",
        "polyline",
        "polygon",
        "text",
        "tspan",
        "textPath",
        "title",
        "desc",
        "metadata",
        "linearGradient",
        "radialGradient",
        "stop",
        "pattern",
        "clipPath",
        "mask",
        "marker",
        "style",
        "image",
        "switch",
        "view",
        "filter",
        "feBlend",
        "feColorMatrix",
        "feComponentTransfer",
        "feComposite",
        "feConvolveMatrix",
        "feDiffuseLighting",
        "feDisplacementMap",
        "feDistantLight",
        "feDropShadow",
        "feFlood",
        "feFuncA",
        "feFuncB",
        "feFuncG",
        "feFuncR",
        "feGaussianBlur",
        "feImage",
        "feMerge",
        "feMergeNode",
        "feMorphology",
        "feOffset",
        "fePointLight",
        "feSpecularLighting",
        "feSpotLight",
        "feTile",
        "feTurbulence",
    ]
)
_SAFE_DATA = re.compile(r"^data:image/(png|jpeg|gif|webp)[;,]", re.I)
_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.I | re.S)
_SPACES = re.compile(r"[\s\x00-\x1f]+")


def _safe_reference(value: str) -> bool:
    value = value.strip()
    return value.startswith("#") or bool(_SAFE_DATA.match(value))


def _css_problem(css: str) -> str | None:
    flat = _SPACES.sub("", css).lower()
    if "@import" in flat:
        return "CSS that imports another stylesheet"
    if "javascript:" in flat or "expression(" in flat or "behavior:" in flat or "-moz-binding" in flat:
        return "CSS that runs code"
    for match in _URL.finditer(css):
        if not _safe_reference(match.group(2)):
            return f"CSS that loads {match.group(2)[:60]!r} (only #id and embedded pictures)"
    return None


class _Checker:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[Finding] = []
        self.parser = expat.ParserCreate(namespace_separator=" ")
        self.parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        self.parser.StartDoctypeDeclHandler = self._doctype
        self.parser.EntityDeclHandler = self._entity
        self.parser.ProcessingInstructionHandler = self._instruction
        self.parser.StartElementHandler = self._start
        self.parser.EndElementHandler = self._end
        self.parser.CharacterDataHandler = self._text
        self.depth = 0
        self.style: list[str] | None = None  # the text of the <style> being read
        self.style_at = Span.point(1, 1)

    def _here(self) -> Span:
        return Span.point(self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1)

    def _refuse(self, what: str, span: Span | None = None) -> None:
        self.problems.append(
            Finding(
                "E-ICON-UNSAFE",
                f"icon {self.path.name} holds {what}; an icon must be only a picture",
                self.path,
                span or self._here(),
                hint="remove it (a drawing program's 'plain SVG' export has none of it)",
            )
        )

    def _doctype(self, name: str, *rest: object) -> None:
        self._refuse("a DOCTYPE (entities or external files)")

    def _entity(self, *rest: object) -> None:
        if not self.problems:  # inside a DOCTYPE, which is refused already
            self._refuse("an entity declaration")

    def _instruction(self, target: str, data: str) -> None:
        if target.lower() != "xml":
            self._refuse(f"a processing instruction <?{target} ...?>")

    def _start(self, name: str, attributes: dict[str, str]) -> None:
        namespace, _, local = name.rpartition(" ")
        if self.depth == 0 and (namespace, local) != (SVG, "svg"):
            self._refuse(f"a <{local}> element where an <svg> element must be")
        self.depth += 1
        if namespace == XHTML:
            self._refuse(f"an HTML <{local}> element")
        elif namespace == SVG and local not in DRAWING:
            self._refuse(f"a <{local}> element")
        for key, value in attributes.items():
            attribute = key.rpartition(" ")[2]
            flat = _SPACES.sub("", value).lower()
            if attribute.lower().startswith("on"):
                self._refuse(f"an event handler {attribute}=")
            elif attribute in {"href", "src"} and not _safe_reference(value):
                self._refuse(f"a link to {value[:60]!r} (only #id and embedded pictures)")
            elif "javascript:" in flat or "vbscript:" in flat:
                self._refuse(f"a script URL in {attribute}=")
            elif attribute == "style" and (problem := _css_problem(value)):
                self._refuse(problem)
            elif "url(" in flat and (problem := _css_problem(value)):
                self._refuse(f"{problem} in {attribute}=")
        if namespace == SVG and local == "style":
            self.style, self.style_at = [], self._here()

    def _text(self, data: str) -> None:
        if self.style is not None:
            self.style.append(data)

    def _end(self, name: str) -> None:
        self.depth -= 1
        if self.style is not None and name == f"{SVG} style":
            css, self.style = "".join(self.style), None
            if problem := _css_problem(css):
                self._refuse(problem, self.style_at)

    def check(self, data: bytes) -> list[Finding]:
        try:
            self.parser.Parse(data, True)
        except expat.ExpatError as exc:
            self.problems.append(
                Finding(
                    "E-ICON-UNSAFE",
                    f"icon {self.path.name} is not well-formed SVG: {expat.ErrorString(exc.code)}",
                    self.path,
                    Span.point(exc.lineno, exc.offset + 1),
                )
            )
        return self.problems


def icon_problems(path: Path, root: Path | None = None) -> list[Finding]:
    """Why the icon at `path` cannot be used (E-ICON-UNSAFE, located), or []; `root`: the folder it must be in."""
    data, problem = read_icon(path, root)
    if problem is not None:
        return [problem]
    assert data is not None
    return _Checker(path).check(data)


def safe_icon(path: Path, root: Path | None = None) -> bytes | None:
    """The icon's bytes if it is only a picture (see `icon_problems`), else None."""
    data, problem = read_icon(path, root)
    if data is None or problem is not None or _Checker(path).check(data):
        return None
    return data


def read_icon(path: Path, root: Path | None) -> tuple[bytes | None, Finding | None]:
    def refused(message: str) -> tuple[None, Finding]:
        return None, Finding("E-ICON-UNSAFE", f"icon {path.name} {message}", path)

    real = Path(os.path.realpath(path))
    if root is not None and not real.is_relative_to(Path(os.path.realpath(root))):
        return refused(f"is a symbolic link to {real}, outside the project folder; carddb reads only files inside it")
    try:
        info = os.stat(real)
        if not stat.S_ISREG(info.st_mode):
            return refused("is not a regular file")
        if info.st_size > MAX_ICON_BYTES:
            return refused(f"is {info.st_size / 1e6:.1f} MB; carddb reads icons of up to {MAX_ICON_BYTES // 10**6} MB")
        return real.read_bytes(), None
    except OSError as exc:
        return refused(f"cannot be read: {exc.strerror or exc}")
