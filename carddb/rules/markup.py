"""Rules text as styled runs, the form card faces, the spoiler and the rulebook draw.

A card's rules text becomes paragraphs (one per ability), each a list of `Run`s:
plain text, a keyword (printed bold), reminder text (printed italic), or an icon
marker such as LOE's `{powerstone}` that a template turns into the game's SVG symbol.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from carddb.rules.language import RulesLanguage

RunKind = Literal["text", "keyword", "reminder", "icon"]


@dataclass(frozen=True)
class Run:
    kind: RunKind
    text: str  # for icons: the icon name, e.g. LOE's "powerstone"


Paragraph = tuple[Run, ...]

ICON_MARKER = re.compile(r"\{([a-z][a-z0-9-]*)\}")


def runs_from_marked_text(text: str, icons: tuple[str, ...]) -> Paragraph:
    """Split text containing `{icon}` markers into text and icon runs."""
    runs: list[Run] = []
    pos = 0
    for match in ICON_MARKER.finditer(text):
        if match.group(1) not in icons:
            continue
        if match.start() > pos:
            runs.append(Run("text", text[pos : match.start()]))
        runs.append(Run("icon", match.group(1)))
        pos = match.end()
    if pos < len(text):
        runs.append(Run("text", text[pos:]))
    return tuple(runs)


def plain_text(paragraph: Paragraph) -> str:
    """The paragraph as plain text, icons written as their markers."""
    return "".join(f"{{{r.text}}}" if r.kind == "icon" else r.text for r in paragraph)


def rules_markup(text: str, language: RulesLanguage | None, icons: tuple[str, ...]) -> list[Paragraph]:
    """A card's rules text as styled runs, one paragraph per ability (one per line).

    Keywords come out as `keyword` runs, each followed by its `reminder` run (a
    template prints it in italics inside parentheses); an amount of the game's currency or
    of a resource becomes the number followed by an `icon` run (LOE: `Pay 2{powerstone}`,
    `Spend 1{influence}`). A line that does not parse is printed as written, with
    `{icon}` markers honoured; `carddb validate` reports why it did not parse.
    """
    # Imported here: the parser and renderer import this module for Run and Paragraph.
    from carddb.rules.canonical import ability_runs
    from carddb.rules.problems import Problem
    from carddb.rules.text import parse_line, split_abilities

    paragraphs: list[Paragraph] = []
    for _, line in split_abilities(text):
        result = parse_line(line, language) if language is not None else None
        if result is None or isinstance(result, Problem):
            paragraphs.append(runs_from_marked_text(line, icons))
        else:
            paragraphs.append(ability_runs(result, language))  # type: ignore[arg-type]
    return paragraphs
