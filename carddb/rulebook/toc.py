"""Chapters, their headings and anchors, and the table of contents built from them.

Every chapter of the book, written or generated, ends up as a `Chapter`: its
HTML body (starting with its own `<h1>`) and the headings found in it. Anchors
are made unique across the whole book here, so internal links, the table of
contents and the PDF outline all point at the same place.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Heading:
    level: int  # 1 = chapter title, 2 = section
    title: str
    anchor: str


@dataclass
class Chapter:
    slug: str
    title: str
    html: str
    headings: list[Heading] = field(default_factory=list)
    source: Path | None = None  # the Markdown file; None for generated chapters
    generated: bool = False

    @property
    def listed_sections(self) -> list[Heading]:
        """The sections the printed contents lists under the chapter: every section of a written chapter;
        none of a reference chapter that has only one (Deck Lists under Deck Building says nothing the
        chapter's own line does not, and such lines pushed the contents of LOE v2 onto a second page)."""
        sections = [h for h in self.headings if h.level == 2]
        return [] if self.generated and len(sections) == 1 else sections


@dataclass(frozen=True)
class TocEntry:
    level: int
    title: str
    anchor: str


def slugify(text: str) -> str:
    """An anchor-safe slug: 'The Stack & Reactions' -> 'the-stack-reactions'."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug or "section"


class AnchorBook:
    """Hands out anchors that are unique across the whole book."""

    def __init__(self, reserved: tuple[str, ...] = ("contents", "cover")) -> None:
        self._used: set[str] = set(reserved)

    def claim(self, wanted: str) -> str:
        wanted = slugify(wanted)
        anchor, n = wanted, 2
        while anchor in self._used:
            anchor = f"{wanted}-{n}"
            n += 1
        self._used.add(anchor)
        return anchor


def table_of_contents(chapters: list[Chapter]) -> list[TocEntry]:
    """The entries of the printed contents: chapter titles and their listed sections."""
    return [
        TocEntry(h.level, h.title, h.anchor)
        for chapter in chapters
        for h in (*(h for h in chapter.headings if h.level == 1), *chapter.listed_sections)
    ]
