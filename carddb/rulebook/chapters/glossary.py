"""The glossary: every entry of the game's effect registry, with its phrasings, meaning and reminder text."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import jinja2
from markupsafe import Markup

from carddb.packs.pack import GamePack
from carddb.rulebook.chapters.common import render_chapter
from carddb.rulebook.sources import numbers_html
from carddb.rulebook.toc import AnchorBook, Chapter, Heading
from carddb.rules.registry import EffectRegistry

Phrase = tuple[tuple[str, bool], ...]  # words and parameter slots (True), as a pattern reads


@dataclass(frozen=True)
class GlossaryEntry:
    name: str
    role: str  # the registry role: keyword, effect, cost, trigger, ...
    phrases: tuple[Phrase, ...]
    meaning: str  # as a reader reads it: rule numbers written out
    meaning_html: Markup  # the same, rule numbers tagged (sources.numbers_html)
    reminder: str = ""
    examples: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()  # plural kind labels allowed to use it; empty = any kind
    numbers: dict[str, int] = field(default_factory=dict, compare=False)  # the game's, for {number:ID} in reminders

    @property
    def term(self) -> Phrase:
        """What the glossary lists the entry under: its first phrasing ('Ward amount'), else its name."""
        return self.phrases[0] if self.phrases else ((self.name, False),)

    @property
    def term_text(self) -> str:
        return "".join(text for text, _ in self.term)

    @property
    def other_phrases(self) -> tuple[Phrase, ...]:
        return self.phrases[1:]

    @property
    def reminder_parts(self) -> Phrase:
        return phrase(self.reminder, self.numbers)


# Glossary sections in reading order: the registry role and the heading it is listed under.
ROLE_SECTIONS: tuple[tuple[str, str], ...] = (
    ("keyword", "Keywords"),
    ("condition-keyword", "Condition Keywords"),
    ("effect", "Effects"),
    ("cost", "Costs"),
    ("trigger", "Triggers"),
    ("event", "Events"),
    ("timing", "Timing"),
    ("condition", "Conditions"),
    ("static", "Continuous Effects"),
)


# A pattern word's two forms (`ha(s|ve)`, `do(es|)`), written for a reader: `has/have`, `do(es)`.
_FORMS = re.compile(r"\b([A-Za-z]*)\(([a-z]*)\|([a-z]*)\)")


def _forms(match: re.Match[str]) -> str:
    base, one, other = match.groups()
    return f"{base}({one})" if not other else f"{base}{one}/{base}{other}"


def phrase(pattern: str, numbers: dict[str, int] | None = None) -> Phrase:
    """'Deal {amount} damage to {target}' -> words and the slots 'amount' and 'target'.

    With the game's `numbers`, words are HTML with their `{number:ID}` markers printed as tagged
    numbers (reminder text may name rule numbers).
    """
    parts: list[tuple[str, bool]] = []
    pattern = _FORMS.sub(_forms, pattern)
    for piece in re.split(r"(\{[^{}:]+\})", pattern):
        if piece.startswith("{") and piece.endswith("}"):
            parts.append((piece[1:-1].replace("_", " "), True))
        elif piece:
            parts.append((Markup(numbers_html(piece, numbers)) if numbers else piece, False))
    return tuple(parts)


def glossary_entries(registry: EffectRegistry, pack: GamePack) -> list[GlossaryEntry]:
    """Every entry of the game's effect registry, as the glossary prints it."""
    plural = {k.id: k.plural for k in pack.kinds}
    entries = []
    for entry in registry:
        kinds = tuple(plural.get(k, k) for k in pack.kind_ids if k in entry.kinds) if entry.kinds else ()
        entries.append(
            GlossaryEntry(
                name=entry.name,
                role=entry.role,
                phrases=tuple(phrase(p.text) for p in entry.patterns),
                meaning=pack.say(entry.meaning),
                meaning_html=Markup(numbers_html(entry.meaning, pack.number_values)),
                reminder=entry.reminder,
                examples=tuple(entry.examples),
                kinds=kinds,
                numbers=dict(pack.number_values),
            )
        )
    return entries


def glossary_chapter(
    templates: jinja2.Environment, anchors: AnchorBook, entries: Sequence[GlossaryEntry]
) -> Chapter | None:
    if not entries:
        return None
    title = "Glossary"
    headings = [Heading(1, title, anchors.claim("glossary"))]
    sections = []
    known_roles = {role for role, _ in ROLE_SECTIONS}
    roles = [*ROLE_SECTIONS, *((r, r.title()) for r in sorted({e.role for e in entries} - known_roles))]
    for role, heading_title in roles:
        members = sorted((e for e in entries if e.role == role), key=lambda e: e.term_text.lower())
        if members:
            heading = Heading(2, heading_title, anchors.claim(f"glossary-{heading_title}"))
            headings.append(heading)
            sections.append((heading, members))
    return render_chapter(templates, "chapters/glossary.html", headings[0].anchor, title, headings, sections=sections)
