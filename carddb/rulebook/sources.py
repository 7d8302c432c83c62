"""The designer's rules prose: data/<game>/rulebook/NN-slug.md files -> chapters.

Each file is one chapter that opens with a single `# Title`. Markdown is parsed
with markdown-it-py (CommonMark plus tables and typographic quotes; raw HTML is
off) and a small plugin for carddb's markers:

- `{powerstone}`: an icon of the game, drawn inline as on the cards;
- `{card:ID}`: a card. A paragraph made only of card markers becomes a row of
  rendered card images; a marker inside running text prints the card's name.
  `{card:ID/back}` is the back face of a double-sided card, the same way.
- `{number:ID}`: one of the game pack's rule numbers (hand size, deck size...),
  so the prose cannot state a number the code does not use; `{number:ID:word}`
  writes it as a word ("seven"), `{number:ID:times}` as "once", "twice"...
  (carddb.rules.numbertext). It is printed in a `span.game-number` naming its id;
- `{table:ID}`: one of the game pack's rules tables, alone in its paragraph.

Problems are findings located at the marker in the Markdown file (line and
column), so `carddb rulebook` can report every bad card id at once.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from carddb.files.reading import CHAPTER_BYTES, MB, PICTURE_BYTES, PROSE_BYTES, read_limited, refusal
from carddb.findings.diagnostics import Finding, Report, Span
from carddb.packs.card import front_id, is_back_id
from carddb.packs.pack import GameTable
from carddb.rulebook.toc import AnchorBook, Chapter, Heading, slugify
from carddb.rules.numbertext import NUMBER_MARKER, fill, marker_problem, number_text

# {card:ID}, {number:ID}, {table:ID} (any id, so that a typo is reported) or {icon} (a lowercase word; "{X}" stays text)
MARKER = re.compile(
    r"\{(?:card:(?P<card>[^{}\s]*)|number:(?P<number>[^{}\s]*)|table:(?P<table>[^{}\s]*)|(?P<icon>[a-z][a-z0-9-]*))\}"
)
MARKER_KINDS = ("card", "number", "table", "icon")
CHAPTER_FILE = re.compile(r"^(\d+)[-_](.+)\.md$")


@dataclass(frozen=True)
class CardRef:
    """What the prose needs to know about a card: its name and where its image will be."""

    id: str
    name: str
    label: str  # "Duke", "Item - Gear": the alt text of its image


@dataclass
class ProseContext:
    """Everything the Markdown plugin resolves markers against."""

    cards: dict[str, CardRef]
    icons: tuple[str, ...]
    icon_url: Callable[[str], str]
    card_url: Callable[[str], str]
    image_url: Callable[[str], str] = lambda relative: f"images/{relative}"
    numbers: dict[str, int] = field(default_factory=dict)
    tables: dict[str, GameTable] = field(default_factory=dict)
    # filled while rendering: the cards whose pictures the book needs, and the designer's own pictures
    # (path relative to data/<game>/ -> the file)
    embedded: list[str] = field(default_factory=list)
    images: dict[str, Path] = field(default_factory=dict)


@dataclass(frozen=True)
class _Marker:
    kind: str  # one of MARKER_KINDS
    name: str
    text: str  # the literal marker as written, to find it in the source


@dataclass
class _Env:
    """Per-file state shared by the plugin's rules and renderers (markdown-it's `env`)."""

    path: Path
    lines: list[str]
    context: ProseContext
    anchors: AnchorBook
    chapter_slug: str
    report: Report
    headings: list[Heading] = field(default_factory=list)
    links: list[tuple[str, Span]] = field(default_factory=list)


def rule_files(rules_dir: Path) -> list[Path]:
    """The chapter files in reading order (by their number prefix, then name)."""
    if not rules_dir.is_dir():
        return []
    files = [p for p in rules_dir.iterdir() if p.suffix == ".md" and p.is_file()]

    def order(path: Path) -> tuple[int, str]:
        match = CHAPTER_FILE.match(path.name)
        return (int(match.group(1)) if match else 10**6, path.name)

    return sorted(files, key=order)


def chapter_slug(path: Path) -> str:
    match = CHAPTER_FILE.match(path.name)
    return slugify(match.group(2) if match else path.stem)


Link = tuple[Path, str, Span]


def read_chapters(
    rules_dir: Path,
    context: ProseContext,
    anchors: AnchorBook,
    report: Report,
    *,
    inside: Callable[[Path], bool] | None = None,
) -> tuple[list[Chapter], list[Link]]:
    """Every Markdown chapter of `rules_dir`, rendered, and its internal links (see `check_links`).

    `inside` says whether a file really is in the project: a chapter that is a symbolic link
    out of it (to a private file of whoever builds the book) is refused, not printed.
    """
    files = rule_files(rules_dir)
    if inside is not None:
        for path in [p for p in files if not inside(p)]:
            report.add(
                Finding(
                    "E-PATH-ESCAPE",
                    f"rules file {path.name} is a symbolic link to {path.resolve()}, outside the project folder; "
                    "carddb reads only files inside it",
                    path,
                )
            )
            files.remove(path)
    slugs = {path.name: anchors.claim(chapter_slug(path)) for path in files}
    chapters: list[Chapter] = []
    links: list[Link] = []
    total = 0
    for path in files:
        try:
            data = read_limited(path, CHAPTER_BYTES, "rules chapters")
            total += len(data)
            if total > PROSE_BYTES:
                raise refusal(
                    path, f"brings the chapters to more than {PROSE_BYTES // MB} MB, carddb's limit for a book"
                )
            text = data.decode("utf-8")
        except OSError as exc:  # refused (a pipe, over the limit) or unreadable: the file as a whole
            report.add(
                Finding("E-FILE-UNREADABLE", f"cannot read rules file: {exc.strerror or exc}", path, Span.point(1, 1))
            )
            continue
        except UnicodeDecodeError as exc:
            report.add(Finding("E-FILE-UNREADABLE", f"cannot read rules file: {exc}", path))
            continue
        chapter, env = render_chapter(path, text, slugs[path.name], context, anchors, report)
        links += [(path, href, span) for href, span in env.links]
        if chapter is not None:
            chapters.append(chapter)
    return chapters, links


def render_chapter(
    path: Path, text: str, slug: str, context: ProseContext, anchors: AnchorBook, report: Report
) -> tuple[Chapter | None, _Env]:
    env = _Env(path, text.splitlines(), context, anchors, slug, report)
    md = markdown_parser()
    tokens = md.parse(text, {"carddb": env})
    html = md.renderer.render(tokens, md.options, {"carddb": env})
    h1 = [h for h in env.headings if h.level == 1]
    first_block = next((t for t in tokens if t.nesting >= 0 and t.level == 0), None)
    if not h1 or first_block is None or first_block.tag != "h1":
        line = first_block.map[0] + 1 if first_block is not None and first_block.map else 1
        report.add(
            Finding(
                "E-RULEBOOK-CHAPTER",
                "a rules file is one chapter and must open with its title as '# Title'",
                path,
                Span.point(line, 1),
            )
        )
        return None, env
    for heading_token in [t for t in tokens if t.type == "heading_open" and t.tag == "h1"][1:]:
        line = heading_token.map[0] + 1 if heading_token.map else 1
        report.add(
            Finding(
                "E-RULEBOOK-CHAPTER",
                "a second '# ' title in one rules file; start a new file for a new chapter or use '## ' for a section",
                path,
                Span.point(line, 1),
            )
        )
    return Chapter(slug=slug, title=h1[0].title, html=html, headings=env.headings, source=path), env


def check_links(chapters: list[Chapter], links: list[Link], report: Report) -> None:
    """Internal links must land on a heading of the book."""
    known = {h.anchor for c in chapters for h in c.headings}
    for path, href, span in links:
        if href.lstrip("#") not in known:
            close = difflib.get_close_matches(href.lstrip("#"), sorted(known), n=1)
            report.add(
                Finding(
                    "E-RULEBOOK-BROKEN-LINK",
                    f"link to '{href}' goes to no heading of the rulebook"
                    + (f"; did you mean '#{close[0]}'?" if close else ""),
                    path,
                    span,
                )
            )


def markdown_parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"typographer": True, "html": False})
    md.enable(["table", "strikethrough", "replacements", "smartquotes"])
    md.inline.ruler.before("text", "carddb_marker", _marker_rule)
    md.core.ruler.push("carddb_locate", _locate_markers)
    md.core.ruler.push("carddb_card_rows", _card_rows)
    md.core.ruler.push("carddb_tables", _table_blocks)
    md.core.ruler.push("carddb_headings", _heading_anchors)
    md.core.ruler.push("carddb_links", _internal_links)
    md.core.ruler.push("carddb_images", _images)
    md.add_render_rule("carddb_card", _render_card_name)
    md.add_render_rule("carddb_icon", _render_icon)
    md.add_render_rule("carddb_card_row", _render_card_row)
    md.add_render_rule("carddb_number", _render_number)
    md.add_render_rule("carddb_table", _render_inline_table)
    md.add_render_rule("carddb_table_block", _render_table_block)
    return md


def _marker_rule(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] != "{":
        return False
    match = MARKER.match(state.src, state.pos)
    if match is None:
        return False
    if not silent:
        kind = next(k for k in MARKER_KINDS if match[k] is not None)
        token = state.push(f"carddb_{kind}", "", 0)
        token.meta = {"marker": _Marker(kind, match[kind], match.group(0))}
    state.pos = match.end()
    return True


def _env(state: StateCore) -> _Env:
    env: _Env = state.env["carddb"]
    return env


def _locate_markers(state: StateCore) -> None:
    """Give each marker its line and column in the file, and check what it names."""
    env = _env(state)
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        start, end = block.map if block.map else (0, len(env.lines))
        seen: dict[str, int] = {}
        for token in block.children:
            marker: _Marker | None = (token.meta or {}).get("marker")
            if marker is None:
                continue
            nth = seen.get(marker.text, 0)
            seen[marker.text] = nth + 1
            span = _find(env.lines, marker.text, start, end, nth)
            token.meta["span"] = span
            _check_marker(marker, span, env)


def _find(lines: list[str], needle: str, start: int, end: int, nth: int) -> Span:
    """The span of the nth occurrence of `needle` in lines[start:end] (0-based lines)."""
    count = 0
    for index in range(start, min(end, len(lines))):
        col = lines[index].find(needle)
        while col >= 0:
            if count == nth:
                return Span.point(index + 1, col + 1, len(needle))
            count += 1
            col = lines[index].find(needle, col + 1)
    return Span.point(start + 1, 1, len(needle))


def _check_marker(marker: _Marker, span: Span, env: _Env) -> None:
    context = env.context
    if marker.kind == "card" and marker.name not in context.cards:
        front = front_id(marker.name)
        if is_back_id(marker.name) and front in context.cards:
            message = f"'{front}' has one face: '/back' shows the back face of a double-sided card"
        else:
            close = difflib.get_close_matches(marker.name, list(context.cards), n=1)
            message = f"no card has the id '{marker.name}'" + (f"; did you mean '{close[0]}'?" if close else "")
        env.report.add(Finding("E-RULEBOOK-UNKNOWN-CARD", message, env.path, span))
    elif marker.kind == "number":
        number_id, _, form = marker.name.partition(":")
        problem = marker_problem(number_id, form or None, context.numbers)
        if problem is not None:
            close = difflib.get_close_matches(number_id, list(context.numbers), n=1)
            suggest = number_id not in context.numbers and close
            env.report.add(
                Finding(
                    "E-RULEBOOK-UNKNOWN-NUMBER",
                    problem + (f"; did you mean '{close[0]}'?" if suggest else ""),
                    env.path,
                    span,
                    hint="numbers: " + (", ".join(sorted(context.numbers)) or "none"),
                )
            )
    elif marker.kind == "table":
        known = context.tables
        if marker.name not in known:
            close = difflib.get_close_matches(marker.name, list(known), n=1)
            env.report.add(
                Finding(
                    f"E-RULEBOOK-UNKNOWN-{marker.kind.upper()}",
                    f"the game declares no {marker.kind} '{marker.name}'"
                    + (f"; did you mean '{close[0]}'?" if close else ""),
                    env.path,
                    span,
                    hint=f"{marker.kind}s: " + (", ".join(sorted(known)) or "none"),
                )
            )
    elif marker.kind == "icon" and marker.name not in context.icons:
        close = difflib.get_close_matches(marker.name, list(context.icons), n=1)
        env.report.add(
            Finding(
                "E-RULEBOOK-UNKNOWN-ICON",
                f"'{{{marker.name}}}' is not an icon of this game"
                + (f"; did you mean '{{{close[0]}}}'?" if close else ""),
                env.path,
                span,
                hint="icons: " + ", ".join(f"{{{i}}}" for i in context.icons) + "; a card is {card:ID}",
            )
        )


def _card_rows(state: StateCore) -> None:
    """A paragraph made only of card markers becomes a row of card images."""
    tokens = state.tokens
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.type == "paragraph_open" and i + 2 < len(tokens) and _only_cards(tokens[i + 1]):
            row = Token("carddb_card_row", "figure", 0)
            row.map = token.map
            row.block = True
            row.meta = {
                "cards": [c.meta["marker"].name for c in tokens[i + 1].children or [] if c.type == "carddb_card"]
            }
            out.append(row)
            i += 3
            continue
        out.append(token)
        i += 1
    state.tokens = out


def _table_blocks(state: StateCore) -> None:
    """A paragraph made only of one `{table:ID}` marker becomes that table."""
    tokens = state.tokens
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.type == "paragraph_open" and i + 2 < len(tokens):
            children = [c for c in tokens[i + 1].children or [] if not (c.type == "text" and not c.content.strip())]
            if len(children) == 1 and children[0].type == "carddb_table":
                block = Token("carddb_table_block", "table", 0)
                block.map = token.map
                block.block = True
                block.meta = dict(children[0].meta)
                out.append(block)
                i += 3
                continue
        out.append(token)
        i += 1
    state.tokens = out


def _only_cards(inline: Token) -> bool:
    children = inline.children or []
    cards = [c for c in children if c.type == "carddb_card"]
    rest = [c for c in children if c.type != "carddb_card"]
    return bool(cards) and all(c.type == "softbreak" or (c.type == "text" and not c.content.strip()) for c in rest)


def _plain(inline: Token, context: ProseContext) -> str:
    parts: list[str] = []
    for child in inline.children or []:
        if child.type in {"text", "code_inline"}:
            parts.append(child.content)
        elif child.type == "carddb_card":
            ref = context.cards.get(child.meta["marker"].name)
            parts.append(ref.name if ref else child.meta["marker"].name)
        elif child.type in {"softbreak", "hardbreak"}:
            parts.append(" ")
    return "".join(parts).strip()


def _heading_anchors(state: StateCore) -> None:
    env = _env(state)
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        level = int(token.tag[1])
        title = _plain(tokens[i + 1], env.context)
        anchor = env.chapter_slug if level == 1 and not any(h.level == 1 for h in env.headings) else None
        anchor = anchor or env.anchors.claim(slugify(title))
        token.attrSet("id", anchor)
        env.headings.append(Heading(level, title, anchor))


def _internal_links(state: StateCore) -> None:
    """`[x](05-the-council.md)` (LOE's chapter) and `[x](#a-heading)` become links inside the book."""
    env = _env(state)
    for block in state.tokens:
        for token in block.children or []:
            if token.type != "link_open":
                continue
            href = str(token.attrGet("href") or "")
            if re.match(r"^[a-z][a-z0-9+.-]*:", href, re.I):
                continue  # an outside link (https:, mailto:), left as written
            file_part, _, fragment = href.partition("#")
            if file_part:
                if not file_part.endswith(".md"):
                    continue
                fragment = fragment or chapter_slug(Path(file_part))
            token.attrSet("href", f"#{fragment}")
            start = block.map[0] if block.map else 0
            env.links.append((f"#{fragment}", _find(env.lines, f"]({href}", start, len(env.lines), 0)))


def _images(state: StateCore) -> None:
    """`![A table](diagrams/table.png)`: a picture beside the chapter file, copied next to the book."""
    env = _env(state)
    data_dir = env.path.parent.parent.resolve()  # data/<game>/: pictures may live anywhere below it
    for block in state.tokens:
        for token in block.children or []:
            if token.type != "image":
                continue
            src = str(token.attrGet("src") or "")
            start = block.map[0] if block.map else 0
            span = _find(env.lines, f"]({src}", start, len(env.lines), 0)
            span = Span.point(span.line, span.col + 2, len(src))
            problem = None
            if re.match(r"^[a-z][a-z0-9+.-]*:", src, re.I):
                problem = f"'{src}' is not a file: carddb never fetches pictures from the network"
            else:
                path = (env.path.parent / unquote(src)).resolve()
                if not path.is_relative_to(data_dir):
                    problem = f"'{src}' is outside data/{data_dir.name}/"
                elif not path.is_file():
                    problem = f"the picture '{src}' does not exist (looked for {path})"
                elif path.stat().st_size > PICTURE_BYTES:
                    problem = f"the picture '{src}' is {path.stat().st_size / MB:.0f} MB; carddb prints pictures of up to {PICTURE_BYTES // MB} MB"
            if problem is not None:
                env.report.add(Finding("E-RULEBOOK-IMAGE", problem, env.path, span))
                continue
            relative = path.relative_to(data_dir).as_posix()
            env.context.images[relative] = path
            token.attrSet("src", env.context.image_url(relative))
            token.attrSet("class", "figure")


def _render_card_name(self: Any, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    context: ProseContext = env["carddb"].context
    ref = context.cards.get(tokens[idx].meta["marker"].name)
    if ref is None:
        return escape(tokens[idx].meta["marker"].text)
    return f'<span class="card-name">{escape(ref.name)}</span>'


def _render_icon(self: Any, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    context: ProseContext = env["carddb"].context
    name = tokens[idx].meta["marker"].name
    if name not in context.icons:
        return escape(tokens[idx].meta["marker"].text)
    return f'<img class="icon icon-{escape(name)}" src="{escape(context.icon_url(name))}" alt="{escape(name)}">'


def _render_card_row(self: Any, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    context: ProseContext = env["carddb"].context
    refs = [context.cards[c] for c in tokens[idx].meta["cards"] if c in context.cards]
    for ref in refs:
        if ref.id not in context.embedded:
            context.embedded.append(ref.id)
    images = "".join(
        f'<img class="card" src="{escape(context.card_url(r.id))}" alt="{escape(r.name)} ({escape(r.label)})">'
        for r in refs
    )
    return f'<figure class="card-row cards-{len(refs)}">{images}</figure>\n'


def number_html(number_id: str, form: str, written: str) -> str:
    """A rule number as the book prints it: tagged with its id, so a test can compare it with the pack."""
    return f'<span class="game-number" data-number="{escape(number_id)}">{escape(written)}</span>'


def numbers_html(text: str, numbers: dict[str, int]) -> str:
    """A pack's or designer's plain text as HTML, its `{number:ID}` markers printed as `number_html`."""
    return fill(escape(text, quote=False), numbers, wrap=number_html)


def _render_number(self: Any, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    context: ProseContext = env["carddb"].context
    marker: _Marker = tokens[idx].meta["marker"]
    match = NUMBER_MARKER.fullmatch(marker.text)
    if match is None or marker_problem(match["id"], match["form"], context.numbers) is not None:
        return escape(marker.text)
    form = match["form"] or "digits"
    return number_html(match["id"], form, number_text(context.numbers[match["id"]], form))


def _render_inline_table(self: Any, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    # A table inside running text reads as its title; the table itself needs its own paragraph.
    context: ProseContext = env["carddb"].context
    marker: _Marker = tokens[idx].meta["marker"]
    table = context.tables.get(marker.name)
    return escape(marker.text) if table is None else escape(table.title)


def _render_table_block(self: Any, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    context: ProseContext = env["carddb"].context
    marker: _Marker = tokens[idx].meta["marker"]
    table = context.tables.get(marker.name)
    if table is None:
        return f"<p>{escape(marker.text)}</p>\n"
    head = "".join(f"<th>{escape(c)}</th>" for c in table.columns)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in table.rows)
    caption = f"<caption>{escape(table.title)}</caption>"
    note = f'<p class="table-note">{escape(table.caption)}</p>' if table.caption else ""
    return (
        f'<table class="game-table table-{escape(table.id)}">{caption}<thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table>{note}\n"
    )
