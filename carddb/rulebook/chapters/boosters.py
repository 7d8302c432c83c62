"""The boosters chapter: what each booster type holds, slot by slot."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import jinja2
from markupsafe import Markup

from carddb.cards.database import CardDatabase
from carddb.packs.card import Card
from carddb.play.boosters import BoosterPlan
from carddb.rulebook.chapters.common import sectioned_chapter
from carddb.rulebook.sources import numbers_html
from carddb.rulebook.toc import AnchorBook, Chapter
from carddb.rules.text import keywords_of


@dataclass(frozen=True)
class BoosterSlotLine:
    count: int
    name: str
    odds: tuple[tuple[str, float], ...]  # what the slot draws from, with its share in percent


@dataclass(frozen=True)
class BoosterEntry:
    name: str
    description: str
    size: int
    duplicates: bool
    slots: tuple[BoosterSlotLine, ...]


def describe_cards(db: CardDatabase, card_ids: Iterable[str]) -> str:
    """A short name for a pool of cards: 'Rare cards', 'Common Resources', 'Uncommon or Rare Spells'."""
    cards = [c for c in (db.by_id(i) for i in card_ids) if c is not None]
    if not cards:
        return "no cards"
    rarities = [r.name for r in db.pack.rarities if any(c.rarity == r.id for c in cards)]
    kinds = [k for k in db.pack.kinds if any(c.kind == k.id for c in cards)]
    rarity = " or ".join(rarities) if len(rarities) <= 2 else ""
    noun = kinds[0].plural if len(kinds) == 1 else "cards"
    # A keyword every card of the pool has and some card of the game lacks names the pool best
    # ('Starting cards'); the rarity follows it.
    keyword = _shared_keyword(db, cards)
    if keyword:
        return f"{keyword} {noun}" + (f" ({rarity.lower()})" if rarity else "")
    if rarity:
        return f"{rarity} {noun}"
    return noun if len(kinds) == 1 else "Any card"


def _shared_keyword(db: CardDatabase, cards: Sequence[Card]) -> str:
    language = db.pack.language
    if language is None:
        return ""
    shared = frozenset.intersection(*(keywords_of(c.text, language) for c in cards))
    everyone = frozenset.intersection(*(keywords_of(c.text, language) for c in db.cards)) if db.cards else shared
    names = sorted(shared - everyone)
    return " ".join(language.registry[n].patterns[0].text.split(" {")[0] for n in names[:1])


def booster_entries(db: CardDatabase, plans: Iterable[BoosterPlan]) -> list[BoosterEntry]:
    entries = []
    for plan in plans:
        slots = []
        for slot in plan.slots:
            total = sum(sheet.units for sheet in slot.sheets) or 1
            odds = tuple((describe_cards(db, sheet.cards), 100 * sheet.units / total) for sheet in slot.sheets)
            slots.append(BoosterSlotLine(slot.count, slot.name, odds))
        description = Markup(numbers_html(plan.description, db.pack.number_values))
        entries.append(BoosterEntry(plan.name, description, plan.size, plan.duplicates, tuple(slots)))
    return entries


def boosters_chapter(
    templates: jinja2.Environment, anchors: AnchorBook, entries: Sequence[BoosterEntry]
) -> Chapter | None:
    sections = [(entry.name, entry) for entry in entries]
    return sectioned_chapter(
        templates, anchors, "chapters/boosters.html", "Booster Contents", "booster-contents", sections, "booster"
    )
