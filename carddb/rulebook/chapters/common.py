"""What every generated chapter shares: rendering a chapter template, and a card's type line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import jinja2

from carddb.packs.card import Card
from carddb.packs.pack import GamePack
from carddb.rulebook.toc import AnchorBook, Chapter, Heading

CardUrl = Callable[[str], str]


def render_chapter(
    templates: jinja2.Environment, template: str, slug: str, title: str, headings: list[Heading], **values: Any
) -> Chapter:
    html = templates.get_template(template).render(title=title, headings=headings, **values)
    return Chapter(slug=slug, title=title, html=html, headings=headings, generated=True)


def sectioned_chapter(
    templates: jinja2.Environment,
    anchors: AnchorBook,
    template: str,
    title: str,
    anchor: str,
    sections: Sequence[tuple[str, Any]],
    section_anchor: str,
) -> Chapter | None:
    """A chapter of one `##` section per (heading title, item); the template gets `entries` as (heading, item)."""
    if not sections:
        return None
    headings = [Heading(1, title, anchors.claim(anchor))]
    placed = []
    for heading_title, item in sections:
        heading = Heading(2, heading_title, anchors.claim(f"{section_anchor}-{heading_title}"))
        headings.append(heading)
        placed.append((heading, item))
    return render_chapter(templates, template, headings[0].anchor, title, headings, entries=placed)


def kind_label(pack: GamePack, card: Card) -> str:
    """The type line of a card: 'Duke', 'Item - Gear'."""
    label = pack.kind(card.kind).label
    subtype = card.subtype_id()
    return f"{label} - {subtype.replace('-', ' ').title()}" if subtype else label
