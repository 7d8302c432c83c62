"""The components chapter: what a copy of the game holds, set by set (every card, for a fixed game)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import jinja2
from markupsafe import Markup

from carddb.cards.database import CardDatabase
from carddb.packs.card import Card
from carddb.packs.pack import GamePack, KindInfo
from carddb.rulebook.chapters.common import render_chapter
from carddb.rulebook.sources import numbers_html
from carddb.rulebook.toc import AnchorBook, Chapter, Heading


@dataclass(frozen=True)
class ComponentRow:
    label: str  # "Duke cards", "Temple/Shrine cards" (a double-sided kind names both sides)
    cards: int  # different cards
    copies: int  # physical cards, counting copies
    names: tuple[tuple[int, str], ...] = ()  # (copies, name) of each card, for a game whose every copy is alike


@dataclass(frozen=True)
class SetComponents:
    code: str
    name: str
    rows: tuple[ComponentRow, ...]
    rarities: tuple[tuple[str, int], ...]
    anchor: str

    @property
    def total(self) -> ComponentRow:
        return ComponentRow("Total", sum(r.cards for r in self.rows), sum(r.copies for r in self.rows))


def component_label(pack: GamePack, kind: KindInfo) -> str:
    """What a buyer counts: 'Duke cards', 'Victory cards', or 'Temple/Shrine cards' for a double-sided kind."""
    if not kind.back_face and kind.plural.lower().endswith(" cards"):
        return kind.plural
    sides = [kind.label, *([pack.kind(kind.back_face).label] if kind.back_face else [])]
    return "/".join(sides) + " cards"


def card_title(card: Card) -> str:
    """A card's name as a checklist prints it: 'Front // Back' for a double-sided card."""
    return " // ".join(face.name for face in card.faces)


def component_rows(pack: GamePack, cards: Iterable[Card]) -> tuple[ComponentRow, ...]:
    cards = list(cards)
    rows = []
    for kind in pack.kinds:
        of_kind = sorted((c for c in cards if c.kind == kind.id), key=lambda c: (c.set, c.number))
        if of_kind:
            # A boxed game's buyer can check every card; a collectible game's list would be its whole set.
            names = tuple((c.copies, card_title(c)) for c in of_kind) if pack.fixed else ()
            rows.append(ComponentRow(component_label(pack, kind), len(of_kind), sum(c.copies for c in of_kind), names))
    return tuple(rows)


def components_chapter(templates: jinja2.Environment, anchors: AnchorBook, db: CardDatabase) -> Chapter | None:
    if not db.cards:
        return None
    title = "Component List"
    headings = [Heading(1, title, anchors.claim("component-list"))]
    sets = []
    codes = list(db.sets) + sorted({c.set for c in db.cards} - set(db.sets))
    for code in codes:
        cards = [c for c in db.cards if c.set == code]
        if not cards:
            continue
        info = db.sets.get(code)
        name = info.name if info else code
        heading = Heading(2, f"{name} ({code})", anchors.claim(f"components-{code.lower()}"))
        headings.append(heading)
        rarity_counts = Counter(c.rarity for c in cards)
        sets.append(
            SetComponents(
                code=code,
                name=name,
                rows=component_rows(db.pack, cards),
                rarities=tuple((r.name, rarity_counts[r.id]) for r in db.pack.rarities if rarity_counts[r.id]),
                anchor=heading.anchor,
            )
        )
    return render_chapter(
        templates,
        "chapters/components.html",
        headings[0].anchor,
        title,
        headings,
        sets=sets,
        note=Markup(numbers_html(db.pack.components_note, db.pack.number_values)),
        fixed=db.pack.fixed,
    )
