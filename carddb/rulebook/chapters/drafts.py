"""The drafts chapter: each draft format of boosters.yaml, phase by phase."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import jinja2
from markupsafe import Markup, escape

from carddb.cards.database import CardDatabase
from carddb.play.draftformat import Count, PlayDefinitions
from carddb.play.draftwords import phase_sentences
from carddb.rulebook.chapters.common import sectioned_chapter
from carddb.rulebook.sources import number_html, numbers_html
from carddb.rulebook.toc import AnchorBook, Chapter


@dataclass(frozen=True)
class DraftEntry:
    name: str
    description: Markup
    phases: tuple[tuple[str, Markup], ...]  # each phase's name and what the players do, rule numbers tagged


def draft_entries(db: CardDatabase, play: PlayDefinitions) -> list[DraftEntry]:
    """Every draft format of the game, each phase in the words the pick sheets use (carddb.play.draftwords)."""
    numbers = db.pack.number_values

    def write(count: Count) -> str:
        return number_html(count.number, "digits", str(count.value)) if count.number else str(count.value)

    def text(words: str) -> str:
        return str(escape(words))

    entries = []
    for draft in play.drafts.values():
        phases = tuple(
            (phase.name, Markup(" ".join(phase_sentences(db.pack, play.boosters, phase, write, text))))
            for phase in draft.phases
        )
        entries.append(DraftEntry(draft.name, Markup(numbers_html(draft.description, numbers)), phases))
    return entries


def drafts_chapter(templates: jinja2.Environment, anchors: AnchorBook, entries: Sequence[DraftEntry]) -> Chapter | None:
    sections = [(entry.name, entry) for entry in entries]
    return sectioned_chapter(templates, anchors, "chapters/drafts.html", "Drafts", "drafts", sections, "draft")
