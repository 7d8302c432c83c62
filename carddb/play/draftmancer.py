"""Draftmancer's custom card list format, so a group can draft a carddb set online with bots.

Export writes `[CustomCards]` (a JSON array of cards), `[Settings]` (a JSON
object) and one `[Slot(count)]` section per sheet; booster types whose slots
have weighted sheets become Draftmancer pack layouts whose weights are the
products of the sheet weights. Import reads such a list back, resolves every
card line (`[Count] Name [(SET) [Number]]`) to a card id, and reports lines it
cannot resolve as located findings.

Draftmancer picks whole layouts, so a slot of several cards with several sheets
draws all of its cards from one sheet there, while carddb picks a sheet per card:
the export is exact for slots of one card or one sheet.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from carddb.cards.database import CardDatabase
from carddb.findings.diagnostics import Finding, Span
from carddb.packs.card import Card
from carddb.play.boosters import BoosterPlan

_SECTION = re.compile(r"^\[(?P<name>[^\]\(]+?)(?:\((?P<count>\d+)\))?\]\s*$")
_CARD_LINE = re.compile(
    r"^(?:(?P<count>\d+)\s+)?(?P<name>.+?)(?:\s+\((?P<set>[A-Za-z0-9]+)\)(?:\s+(?P<number>\S+))?)?\s*$"
)


def _names(db: CardDatabase) -> dict[str, str]:
    """Each card's line in the list: its name, or 'Name (SET) number' when names repeat."""
    counts: dict[str, int] = {}
    for card in db.cards:
        counts[card.name] = counts.get(card.name, 0) + 1
    return {c.id: c.name if counts[c.name] == 1 else f"{c.name} ({c.set}) {c.number}" for c in db.cards}


def custom_card(db: CardDatabase, card: Card, image_base: str | None) -> dict[str, Any]:
    rarity_ids = [r.id for r in db.pack.rarities]
    entry: dict[str, Any] = {
        "name": card.name,
        "mana_cost": f"{{{card.curve_cost()}}}" if card.curve_cost() is not None else "",
        "type": db.pack.kind(card.kind).label,
        "set": card.set.lower(),
        "collector_number": str(card.number),
        "rarity": card.rarity,
        "subtypes": [card.subtype_id().title()] if card.subtype_id() else [],
        "oracle_text": card.text,
        # Draftmancer's bots read a 0-5 rating; carddb's bots rate by rarity first too.
        "rating": round(5 * (rarity_ids.index(card.rarity) + 1) / len(rarity_ids), 2)
        if card.rarity in rarity_ids
        else 0,
    }
    if image_base:
        entry["image_uris"] = {"en": f"{image_base.rstrip('/')}/{card.id}.png"}
    return entry


def export_list(db: CardDatabase, plan: BoosterPlan, *, image_base: str | None = None, per_player: int = 3) -> str:
    """A Draftmancer custom card list for one booster type."""
    names = _names(db)
    used_ids: list[str] = []
    sections: list[tuple[str, list[str]]] = []
    choices: list[list[tuple[str, int]]] = []  # per carddb slot: (draftmancer slot name, units)
    layered = any(len(slot.sheets) > 1 for slot in plan.slots)
    for slot in plan.slots:
        options = []
        for s_index, sheet in enumerate(slot.sheets):
            section = slot.name if len(slot.sheets) == 1 else f"{slot.name}-{s_index + 1}"
            lines = [f"{w} {names[c]}" for c, w in zip(sheet.cards, sheet.card_weights, strict=True)]
            used_ids.extend(c for c in sheet.cards if c not in used_ids)
            sections.append((section if layered else f"{section}({slot.count})", lines))
            options.append((section, sheet.units))
        choices.append(options)
    settings: dict[str, Any] = {
        "name": f"{db.pack.name}: {plan.name}",
        "duplicateProtection": not plan.duplicates,
        "boostersPerPlayer": per_player,
        "colorBalance": False,
        "withReplacement": False,
    }
    if layered:
        layouts: dict[str, Any] = {}
        combos = list(itertools.product(*choices))
        weights = [math.prod(units for _, units in combo) for combo in combos]
        divisor = math.gcd(*weights)
        for combo, weight in zip(combos, weights, strict=True):
            slots: dict[str, int] = {}
            for (section, _), slot in zip(combo, plan.slots, strict=True):
                slots[section] = slots.get(section, 0) + slot.count
            layouts["+".join(section for section, _ in combo)] = {"weight": weight // divisor, "slots": slots}
        settings["layouts"] = layouts
    cards = [custom_card(db, c, image_base) for c in (db.by_id(i) for i in used_ids) if c is not None]
    out = [
        "[CustomCards]",
        json.dumps(cards, indent=2, ensure_ascii=False),
        "[Settings]",
        json.dumps(settings, indent=2),
    ]
    for header, lines in sections:
        out.append(f"[{header}]")
        out.extend(lines)
    return "\n".join(out) + "\n"


@dataclass
class ImportedSlot:
    name: str
    count: int | None
    cards: dict[str, int] = field(default_factory=dict)  # card id -> copies in the slot's list


@dataclass
class ImportedList:
    settings: dict[str, Any]
    slots: list[ImportedSlot]


def _resolve(db: CardDatabase, name: str, set_code: str | None, number: str | None) -> Card | None:
    wanted = name.strip().casefold()
    candidates = [c for c in db.cards if c.name.casefold() == wanted]
    if set_code:
        candidates = [c for c in candidates if c.set.casefold() == set_code.casefold()]
    if number:
        candidates = [c for c in candidates if str(c.number) == number]
    return candidates[0] if candidates else None


def import_list(db: CardDatabase, text: str, path: Path) -> tuple[ImportedList, list[Finding]]:
    """Read a Draftmancer list; each card line must name a card of the database."""
    findings: list[Finding] = []
    settings: dict[str, Any] = {}
    slots: list[ImportedSlot] = []
    lines = text.splitlines()
    section: str | None = None
    json_start = 0
    json_lines: list[str] = []

    def close_json() -> None:
        if section not in {"Settings", "CustomCards"}:
            return
        try:
            value = json.loads("\n".join(json_lines)) if "".join(json_lines).strip() else None
        except json.JSONDecodeError as exc:
            findings.append(
                Finding(
                    "E-BOOSTER-IMPORT",
                    f"[{section}] is not valid JSON: {exc.msg}",
                    path,
                    Span.point(json_start + exc.lineno, exc.colno),
                )
            )
            return
        if section == "Settings":
            if isinstance(value, dict):
                settings.update(value)
            else:
                findings.append(
                    Finding("E-BOOSTER-IMPORT", "[Settings] must hold a JSON object", path, Span.point(json_start, 1))
                )

    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        match = _SECTION.match(line)
        if match:
            close_json()
            json_lines = []
            section = match["name"].strip()
            json_start = number
            if section not in {"Settings", "CustomCards"}:
                slots.append(ImportedSlot(section, int(match["count"]) if match["count"] else None))
            continue
        if section in {"Settings", "CustomCards"}:
            json_lines.append(raw)
            continue
        if not line or line.startswith("#"):
            continue
        if section is None:
            slots.append(ImportedSlot("cube", None))
            section = "cube"
        card_match = _CARD_LINE.match(line)
        card = _resolve(db, card_match["name"], card_match["set"], card_match["number"]) if card_match else None
        if card is None:
            findings.append(
                Finding(
                    "E-BOOSTER-IMPORT",
                    f"'{line}' names no card of {db.pack.name}",
                    path,
                    Span(number, 1, number, len(raw) + 1),
                )
            )
            continue
        copies = int(card_match["count"]) if card_match and card_match["count"] else 1
        slots[-1].cards[card.id] = slots[-1].cards.get(card.id, 0) + copies
    close_json()
    return ImportedList(settings, slots), findings


def imported_booster_yaml(imported: ImportedList, type_id: str) -> dict[str, Any]:
    """A boosters.yaml entry drawing each imported slot from exactly its listed cards."""
    slots = []
    for slot in imported.slots:
        entry: dict[str, Any] = {"name": slot.name, "count": slot.count or 1, "filter": {"cards": sorted(slot.cards)}}
        weights = {c: n for c, n in sorted(slot.cards.items()) if n != 1}
        if weights:
            entry = {
                "name": slot.name,
                "count": slot.count or 1,
                "sheets": [{"weight": 100, "filter": {"cards": sorted(slot.cards)}, "weights": weights}],
            }
        slots.append(entry)
    return {"boosters": {type_id: {"name": str(imported.settings.get("name", type_id)), "slots": slots}}}
