"""The deck-building chapter: the game's deck rules, one section per list kind."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import jinja2
from markupsafe import Markup

from carddb.packs.hooks import DeckRules, deck_formats
from carddb.packs.pack import GamePack
from carddb.rulebook.chapters.common import sectioned_chapter
from carddb.rulebook.sources import numbers_html
from carddb.rulebook.toc import AnchorBook, Chapter


@dataclass(frozen=True)
class DeckRuleSection:
    title: str
    rules: tuple[Markup, ...]  # rule numbers tagged (sources.numbers_html)


def deck_rule_sections(pack: GamePack, rules: DeckRules | None) -> list[DeckRuleSection]:
    """The game's deck rules in words: the kinds of deck list (what a draft keeps: `drafts_chapter`)."""
    if rules is None or not rules.list_kinds:
        return []
    built = {"pool": "built from a pool", "collection": "built from a collection"}
    lines = tuple(
        Markup(
            numbers_html(
                f"{name.replace('-', ' ').title()} ({built[deck_formats(rules).get(name, 'pool')]}): {what}.",
                pack.number_values,
            )
        )
        for name, what in rules.list_kinds.items()
    )
    return [DeckRuleSection("Deck Lists", lines)]


def deck_rules_chapter(
    templates: jinja2.Environment, anchors: AnchorBook, sections: Sequence[DeckRuleSection]
) -> Chapter | None:
    entries = [(section.title, section) for section in sections]
    return sectioned_chapter(
        templates, anchors, "chapters/deck-rules.html", "Deck Building", "deck-building", entries, "deck"
    )
