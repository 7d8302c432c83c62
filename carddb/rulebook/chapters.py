"""Chapters written from the game pack and the card data, never by hand.

Each `*_chapter` function gathers validated values (cards, kinds, registry
entries, booster plans) into small dataclasses and hands them to a template in
templates/rulebook/chapters/; the templates only draw. A chapter whose data is
legitimately absent (a game without boosters) is left out: the function
returns None.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import jinja2
from markupsafe import Markup, escape

from carddb.cards.database import CardDatabase
from carddb.packs.card import Card
from carddb.packs.hooks import DeckRules, deck_formats
from carddb.packs.pack import GamePack, KindInfo
from carddb.play.boosters import BoosterPlan
from carddb.play.draftformat import Count, PlayDefinitions
from carddb.play.draftwords import phase_sentences
from carddb.rulebook.sources import number_html, numbers_html
from carddb.rulebook.toc import AnchorBook, Chapter, Heading
from carddb.rules.registry import EffectRegistry
from carddb.rules.text import keywords_of

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


# --- card anatomy ---------------------------------------------------------------------------------------------


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


# --- card kinds reference -------------------------------------------------------------------------------------


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


# --- glossary ---------------------------------------------------------------------------------------------------


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


def phrase(pattern: str, numbers: dict[str, int] | None = None) -> Phrase:
    """'Deal {amount} damage to {target}' -> words and the slots 'amount' and 'target'.

    With the game's `numbers`, words are HTML with their `{number:ID}` markers printed as tagged
    numbers (reminder text may name rule numbers).
    """
    parts: list[tuple[str, bool]] = []
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


# --- components -------------------------------------------------------------------------------------------------


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


# --- boosters ---------------------------------------------------------------------------------------------------


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


# --- drafts ---------------------------------------------------------------------------------------------------


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


# --- deck building ----------------------------------------------------------------------------------------------


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
