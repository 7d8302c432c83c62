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


def _rules_words(db: CardDatabase) -> tuple[bool, bool]:
    """Whether any face of the game prints a keyword in bold, and reminder text in italics."""
    from carddb.rules.markup import rules_markup

    kinds = {
        run.kind
        for card in db.faces()
        if card.text
        for paragraph in rules_markup(card.text, db.pack.language, db.pack.icons)
        for run in paragraph
    }
    return "keyword" in kinds, "reminder" in kinds


def _article(label: str) -> str:
    return f"an {label}" if label[:1].lower() in "aeiou" else f"a {label}"


def _printed_fields(db: CardDatabase, card: Card) -> list[str]:
    """The card's declared fields as its face prints them ("Hold 6", "Timing: Reaction", "Unique")."""
    layout = db.pack.faces.layout_for(card.kind)
    hidden = set(layout.hide) if layout else set()
    shown = []
    for info in db.pack.faces.fields_of(card.kind):
        value = getattr(card, info.id, None)
        if info.id in hidden or value is None or value is False or value == "":
            continue
        shown.append(info.label if value is True else f"{info.label} {value}")
    return shown


def anatomy_parts(db: CardDatabase, card: Card, positions: dict[str, tuple[float, float]]) -> list[AnatomyPart]:
    """The explained parts of `card`, numbered in reading order, placed where the face draws them.

    Each explanation says only what the game's faces do: bold keywords and italic reminder text
    only in a game whose rules text has them, a version mark only if a card has been revised.
    """
    pack = db.pack
    faction = pack.faction(db.faction_of(card))
    set_info = db.sets.get(card.set)
    keywords, reminders = _rules_words(db)
    rules_words = " Keywords are in bold" + (
        "; reminder text in italics explains a keyword and has no effect of its own." if reminders else "."
    )
    mixed_cost = callable(getattr(getattr(card, pack.cost.field, None), "markup", None))
    revised = any(c.version > 1 for c in db.cards)
    credited = card.art is not None and bool(card.art.artist)
    footer_parts = [f"Set code ({card.set}{', ' + set_info.name if set_info else ''})", "the card's number in the set"]
    footer_parts.append("its rarity mark")
    if revised:
        footer_parts.append("its version (a small 'v2' when a card has been revised)")
    footer_parts.append("the artist's credit" if credited else "'placeholder art' until the card has art")
    fields = _printed_fields(db, card)
    explanations: dict[str, tuple[str, str]] = {
        "name": (
            "Name",
            f"The card's name. Rules text that names a card means every card with that name ({card.name}).",
        ),
        "cost": (
            "Cost",
            f"What you pay to play or activate the card, here {card.cost_label()}."
            + (" Each icon is paid with the resource it shows." if mixed_cost else ""),
        ),
        "type": (
            "Type line",
            f"The card's kind ({kind_label(pack, card)}), which says where it lives and when it is played"
            + (f", and its {pack.faction_label} ({faction.name})." if faction else "."),
        ),
        "art": ("Art", "The illustration. It has no effect on play."),
        "text": (
            "Rules text",
            "What the card does, one ability per paragraph." + (rules_words if keywords else ""),
        ),
        "fields": (
            "Fields",
            f"What {_article(pack.kind(card.kind).label)} says besides its rules: here {', '.join(fields)}.",
        ),
        "flavor": ("Flavor text", "A line of story in italics under the rules. It has no effect on play."),
        "stats": ("Stats", f"The numbers the card enters play with, here {card.stat_line()}."),
        "footer": (
            "Collector line",
            ", ".join(footer_parts[:-1]) + " and " + footer_parts[-1] + ".",
        ),
    }
    present = {
        "cost": bool(card.cost_label()),
        "stats": bool(card.stat_line()),
        "text": bool(card.text),
        "flavor": bool(card.flavor),
        "fields": bool(fields),
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
