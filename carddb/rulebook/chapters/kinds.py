"""The card kinds reference: what each kind of card is, how it is printed, and an example card."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import jinja2
from markupsafe import Markup

from carddb.cards.database import CardDatabase
from carddb.packs.card import Card
from carddb.packs.pack import GamePack, KindInfo
from carddb.rulebook.chapters.common import CardUrl, render_chapter
from carddb.rulebook.sources import numbers_html
from carddb.rulebook.toc import AnchorBook, Chapter, Heading


@dataclass(frozen=True)
class KindEntry:
    kind: KindInfo
    anchor: str
    count: int  # different cards (or back faces) of this kind in the database
    subtypes: tuple[tuple[str, int], ...]  # subtype label, number of cards
    example: Card | None
    example_url: str
    frame: str  # what the card looks like when printed
    description: Markup  # the kind's description, its rule numbers tagged (sources.numbers_html)
    printed_with: str = ""  # what is on its other side: "the deck back", "a Shrine on the back"


def faces_of_kind(db: CardDatabase, kind_id: str) -> list[Card]:
    """The cards of a kind, or the back faces of that kind, in set and number order."""
    return sorted((f for f in db.faces() if f.kind == kind_id), key=lambda c: (c.set, c.number))


def printed_with(pack: GamePack, kind: KindInfo) -> str:
    """What is on the other side of a card of `kind`, in the rulebook's words."""
    if kind.back_face:
        return f"its own {pack.kind(kind.back_face).label} side on the back"
    fronts = pack.fronts_of(kind.id)
    if fronts:
        return "the back of " + " or ".join(f"a {k.label}" for k in fronts) + " card"
    return f"the {kind.back} back"


def kinds_chapter(templates: jinja2.Environment, anchors: AnchorBook, db: CardDatabase, card_url: CardUrl) -> Chapter:
    title = "Card Kinds Reference"
    headings = [Heading(1, title, anchors.claim("card-kinds-reference"))]
    entries = []
    for kind in db.pack.kinds:
        cards = faces_of_kind(db, kind.id)
        counts = Counter(c.subtype_id() for c in cards)
        heading = Heading(2, kind.plural, anchors.claim(f"kind-{kind.id}"))
        headings.append(heading)
        entries.append(
            KindEntry(
                kind=kind,
                anchor=heading.anchor,
                count=len(cards),
                subtypes=tuple((s.replace("-", " ").title(), counts.get(s, 0)) for s in kind.subtypes),
                example=cards[0] if cards else None,
                example_url=card_url(cards[0].id) if cards else "",
                frame=kind.frame or f"the {kind.layout} frame",
                description=Markup(numbers_html(kind.description, db.pack.number_values)),
                printed_with=printed_with(db.pack, kind),
            )
        )
    return render_chapter(templates, "chapters/kinds.html", headings[0].anchor, title, headings, entries=entries)


def example_cards(db: CardDatabase) -> list[str]:
    """Ids of the faces the kinds reference shows, one per kind that has cards (or back faces)."""
    ids = []
    for kind in db.pack.kinds:
        cards = faces_of_kind(db, kind.id)
        if cards:
            ids.append(cards[0].id)
    return ids
