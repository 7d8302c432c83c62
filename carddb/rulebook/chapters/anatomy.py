"""The card anatomy chapter: a rich card of the game, its parts numbered and explained where the face draws them."""

from __future__ import annotations

from dataclasses import dataclass, replace

import jinja2

from carddb.cards.database import CardDatabase
from carddb.packs.card import Card
from carddb.rulebook.chapters.common import CardUrl, kind_label, render_chapter
from carddb.rulebook.toc import AnchorBook, Chapter, Heading


@dataclass(frozen=True)
class AnatomyPart:
    """One numbered part of the card anatomy diagram; x and y are fractions of the card's trim."""

    number: int
    title: str
    explanation: str
    x: float
    y: float
    side: str = "left"  # the callout sits outside the card on this side, with a leader line to (x, y)


ROW_HEIGHT = 0.06  # parts closer than this (a fraction of the card's height) are read as one level


def anatomy_card(db: CardDatabase) -> Card | None:
    """The card that shows the most parts: one with a cost, stats, rules text, flavor and art credit."""

    def richness(card: Card) -> tuple[int, int, int]:
        parts = [bool(card.cost_label()), bool(card.stat_line()), bool(card.text), bool(card.flavor)]
        parts.append(bool(card.art and card.art.artist))
        return (sum(parts), -len(card.text), -card.number)

    return max(db.cards, key=richness, default=None)


def anatomy_parts(db: CardDatabase, card: Card, positions: dict[str, tuple[float, float]]) -> list[AnatomyPart]:
    """The explained parts of `card`, numbered in reading order, placed where the face draws them."""
    pack = db.pack
    faction = pack.faction(db.faction_of(card))
    set_info = db.sets.get(card.set)
    explanations: dict[str, tuple[str, str]] = {
        "name": (
            "Name",
            f"The card's name. Rules text that names a card means every card with that name ({card.name}).",
        ),
        "cost": (
            "Cost",
            f"What you pay to play or activate the card, here {card.cost_label()}. "
            "Each icon is paid with the resource it shows.",
        ),
        "type": (
            "Type line",
            f"The card's kind ({kind_label(pack, card)}), which says where it lives and when it is played"
            + (f", and its {pack.faction_label} ({faction.name})." if faction else "."),
        ),
        "art": ("Art", "The illustration. It has no effect on play."),
        "text": (
            "Rules text",
            "What the card does, one ability per paragraph. Keywords are in bold; reminder text in italics "
            "explains a keyword and has no effect of its own.",
        ),
        "flavor": ("Flavor text", "A line of story in italics under the rules. It has no effect on play."),
        "stats": ("Stats", f"The numbers the card enters play with, here {card.stat_line()}."),
        "footer": (
            "Collector line",
            f"Set code ({card.set}{', ' + set_info.name if set_info else ''}), the card's number in the set, "
            "its rarity mark, its version (a small 'v2' when a card has been revised) and the artist's credit.",
        ),
    }
    present = {
        "cost": bool(card.cost_label()),
        "stats": bool(card.stat_line()),
        "text": bool(card.text),
        "flavor": bool(card.flavor),
    }
    parts = [(part, positions[part]) for part in explanations if present.get(part, True) and part in positions]
    # Number the parts as a reader's eye goes: top to bottom, and left to right among parts on one level.
    rows: list[list[tuple[str, tuple[float, float]]]] = []
    for item in sorted(parts, key=lambda item: item[1][1]):
        if rows and item[1][1] - rows[-1][0][1][1] < ROW_HEIGHT:
            rows[-1].append(item)
        else:
            rows.append([item])
    parts = [item for row in rows for item in sorted(row, key=lambda item: item[1][0])]
    placed = [
        AnatomyPart(number, *explanations[part], x=xy[0], y=xy[1], side="left" if xy[0] < 0.5 else "right")
        for number, (part, xy) in enumerate(parts, start=1)
    ]
    return spread_callouts(placed)


def spread_callouts(parts: list[AnatomyPart], gap: float = 0.085) -> list[AnatomyPart]:
    """Move callouts of one side apart (as fractions of the card height) so their numbers never touch."""
    out: dict[int, AnatomyPart] = {}
    for side in ("left", "right"):
        last = -1.0
        for part in sorted((p for p in parts if p.side == side), key=lambda p: p.y):
            y = max(part.y, last + gap)
            out[part.number] = replace(part, y=min(y, 0.98))
            last = y
    return [out[p.number] for p in parts]


def anatomy_chapter(
    templates: jinja2.Environment,
    anchors: AnchorBook,
    db: CardDatabase,
    card: Card,
    positions: dict[str, tuple[float, float]],
    card_url: CardUrl,
) -> Chapter:
    title = "Anatomy of a Card"
    headings = [Heading(1, title, anchors.claim("card-anatomy"))]
    return render_chapter(
        templates,
        "chapters/anatomy.html",
        headings[0].anchor,
        title,
        headings,
        card=card,
        card_label=kind_label(db.pack, card),
        image=card_url(card.id),
        parts=anatomy_parts(db, card, positions),
    )
