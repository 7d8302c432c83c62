"""A Draftmancer custom card list read into carddb booster types (`carddb draftmancer import`).

The list is read by Draftmancer's own rules (`carddb.play.draftmancer_lists`): layouts from
`[Settings]`, from `[Layouts]` or from `[Sheet(N)]` headers, loose JSON, custom cards. Then
every card line is resolved to a card of the game, and each pack layout becomes a booster
type whose slots draw from exactly the listed cards:

- a layout slot is a carddb slot of the same count; its weighted sheets become carddb sheets
  whose percentages are the weights' shares (7 : 1 is 87.5 / 12.5), and a card's count on a
  sheet is its weight there;
- consecutive slots of one name (`rare`, `rare##2`: Draftmancer shows a name up to `##`)
  and the same sheets are one carddb slot: one-card slots choose their sheet per card, as
  carddb does, so this is exact. A slot of several cards and several sheets draws all its
  cards from one sheet in Draftmancer; carddb chooses per card, which `W-BOOSTER-IMPORT` says;
- a list with one layout is one booster type; with several, one type per layout, whose
  description says how often Draftmancer draws it (carddb's booster types have no layouts);
- `duplicateProtection` (Draftmancer's default: on) is carddb's `duplicates`, and
  `colorBalance: true` balances the largest slot of a layout by faction, where carddb can
  (one sheet, no card weights).

A list without layouts is one sheet dealt in packs of Draftmancer's default size, 15.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from carddb.cards.database import CardDatabase
from carddb.findings.diagnostics import Finding, Span
from carddb.findings.plural import plural
from carddb.packs.card import Card
from carddb.play.boosters import FULL_WEIGHT, WEIGHT_UNITS
from carddb.play.draftmancer import set_code
from carddb.play.draftmancer_lists import DEFAULT_PACK_SIZE, CardLine, CardList, parse_card_list
from carddb.play.draftmancer_settings import DraftmancerListError, Layout, LayoutSlot, SheetChoice

MAX_CARD_WEIGHT = 1000  # carddb.play.boosters.Sheet.weights


@dataclass
class ImportedSheet:
    units: int  # share of the slot's draws, in carddb's WEIGHT_UNITS (FULL_WEIGHT = 100 %)
    cards: dict[str, int]  # card id -> weight


@dataclass
class ImportedSlot:
    name: str
    count: int
    sheets: list[ImportedSheet]
    balance: bool = False


@dataclass
class ImportedLayout:
    name: str
    weight: int
    slots: list[ImportedSlot] = field(default_factory=list)


@dataclass
class ImportedList:
    name: str | None
    settings: dict[str, Any]
    layouts: list[ImportedLayout]

    @property
    def slots(self) -> list[ImportedSlot]:
        """The slots of the first layout (the only one, for carddb's own exports)."""
        return self.layouts[0].slots if self.layouts else []


def read_card_list(text: str, path: Path) -> tuple[CardList | None, list[Finding]]:
    """The list as Draftmancer reads it, or the finding that says why Draftmancer would refuse it."""
    try:
        return parse_card_list(text), []
    except DraftmancerListError as exc:
        span = Span.point(exc.line, 1) if exc.line else None
        return None, [Finding("E-BOOSTER-IMPORT", f"{exc.title}: {exc.text}", path, span)]


def _resolve(db: CardDatabase, card_list: CardList, line: CardLine) -> Card | None:
    name, wanted_set, number = line.name, line.set, line.number
    if line.custom is not None:
        custom = card_list.custom_cards[line.custom]
        name, wanted_set, number = custom["name"], custom.get("set"), custom.get("collector_number") or None
    wanted = name.strip().casefold()
    candidates = [c for c in db.cards if c.name.casefold() == wanted]
    if wanted_set:
        candidates = [c for c in candidates if wanted_set.casefold() in (c.set.casefold(), set_code(c))]
    if number:
        candidates = [c for c in candidates if str(c.number) == number]
    return candidates[0] if candidates else None


def _share(weights: list[int]) -> list[int]:
    """Whole weights as carddb percentages (in WEIGHT_UNITS) that add up to exactly 100."""
    total = sum(weights)
    units = [round(w * FULL_WEIGHT / total) for w in weights]
    units[units.index(max(units))] += FULL_WEIGHT - sum(units)
    return units


def _card_weights(copies: dict[str, int]) -> dict[str, int]:
    """Counts as carddb card weights: divided by their common factor, at most MAX_CARD_WEIGHT."""
    divisor = math.gcd(*copies.values()) if copies else 1
    return {card: min(MAX_CARD_WEIGHT, max(1, n // divisor)) for card, n in copies.items()}


def _merge(slots: list[LayoutSlot]) -> list[tuple[str, int, tuple[SheetChoice, ...], bool]]:
    """(name, count, sheets, exact) per carddb slot: runs of one name and the same sheets joined."""
    merged: list[tuple[str, int, tuple[SheetChoice, ...], bool]] = []
    for slot in slots:
        name = slot.name.split("##")[0]
        sheets = tuple(s for s in slot.sheets if s.weight > 0)
        one_sheet = len(sheets) == 1
        if merged and merged[-1][0] == name and merged[-1][2] == sheets and (one_sheet or slot.count == 1):
            last = merged[-1]
            merged[-1] = (name, last[1] + slot.count, sheets, last[3])
        else:
            merged.append((name, slot.count, sheets, one_sheet or slot.count == 1))
    return merged


def import_list(db: CardDatabase, text: str, path: Path) -> tuple[ImportedList, list[Finding]]:
    """Read a Draftmancer list and resolve its cards; findings for what Draftmancer refuses and unknown cards."""
    card_list, findings = read_card_list(text, path)
    if card_list is None:
        return ImportedList(None, {}, []), findings
    sheets: dict[str, dict[str, int]] = {}
    for sheet in card_list.sheets.values():
        resolved: dict[str, int] = {}
        for line in sheet.cards:
            card = _resolve(db, card_list, line)
            if card is None:
                findings.append(
                    Finding(
                        "E-BOOSTER-IMPORT",
                        f"'{line.text}' names no card of {db.pack.name}",
                        path,
                        Span(line.line, 1, line.line, len(line.text) + 1),
                    )
                )
                continue
            resolved[card.id] = resolved.get(card.id, 0) + line.count
        sheets[sheet.name] = {c: n for c, n in resolved.items() if n > 0}
    layouts = card_list.layouts
    if layouts is None:  # one sheet, packs of the session's size
        only = next(iter(card_list.sheets))
        layouts = {"default": Layout("default", 1, [LayoutSlot(only, DEFAULT_PACK_SIZE, (SheetChoice(only, 1),))])}
    balance = card_list.settings.get("colorBalance") is True
    imported = ImportedList(card_list.name, card_list.settings, [])
    for layout in layouts.values():
        result = ImportedLayout(layout.name, layout.weight)
        largest = max(layout.slots, key=lambda s: s.count) if layout.slots else None
        for name, count, choices, exact in _merge(layout.slots):
            if not exact:
                findings.append(
                    Finding(
                        "W-BOOSTER-IMPORT",
                        f"layout '{layout.name}', slot '{name}': Draftmancer draws all {count} cards from one of its "
                        f"{len(choices)} sheets; carddb draws a sheet for each card",
                        path,
                        Span.point(card_list.settings_line, 1) if card_list.settings_line else None,
                    )
                )
            units = _share([c.weight for c in choices]) if choices else []
            slot_sheets = [
                ImportedSheet(u, _card_weights(sheets.get(c.name, {}))) for c, u in zip(choices, units, strict=True)
            ]
            flat = len(slot_sheets) == 1 and all(w == 1 for w in slot_sheets[0].cards.values())
            is_largest = largest is not None and largest.name.split("##")[0] == name
            result.slots.append(ImportedSlot(name, count, slot_sheets, balance and flat and is_largest))
        imported.layouts.append(result)
    return imported, findings


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "layout"


def imported_booster_yaml(imported: ImportedList, type_id: str) -> dict[str, Any]:
    """boosters.yaml entries: one booster type, or one per layout, drawing each slot from exactly its cards."""
    duplicates = imported.settings.get("duplicateProtection") is False
    total = sum(layout.weight for layout in imported.layouts)
    boosters: dict[str, Any] = {}
    for layout in imported.layouts:
        several = len(imported.layouts) > 1
        name = str(imported.name or type_id)
        entry: dict[str, Any] = {"name": f"{name}: {layout.name}" if several else name}
        if several:
            entry["description"] = (
                f"Draftmancer layout '{layout.name}': drawn for {layout.weight} of every {total} packs."
            )
        if duplicates:
            entry["duplicates"] = True
        slots = []
        for slot in layout.slots:
            item: dict[str, Any] = {"name": slot.name, "count": slot.count}
            only = slot.sheets[0] if len(slot.sheets) == 1 else None
            if only is not None and all(w == 1 for w in only.cards.values()):
                item["filter"] = {"cards": sorted(only.cards)}
            else:
                item["sheets"] = [_sheet(s) for s in slot.sheets]
            if slot.balance:
                item["faction_balance"] = True
            slots.append(item)
        entry["slots"] = slots
        boosters[f"{type_id}-{_slug(layout.name)}" if several else type_id] = entry
    return {"boosters": boosters}


def _sheet(sheet: ImportedSheet) -> dict[str, Any]:
    percent = sheet.units / WEIGHT_UNITS
    entry: dict[str, Any] = {"weight": int(percent) if percent.is_integer() else percent}
    entry["filter"] = {"cards": sorted(sheet.cards)}
    weights = {c: w for c, w in sorted(sheet.cards.items()) if w != 1}
    if weights:
        entry["weights"] = weights
    return entry


def structure(card_list: CardList) -> list[str]:
    """The list's packs as Draftmancer reads them, without the game's cards: layouts, slots, sheets, settings."""
    out = [f"name: {card_list.name}" if card_list.name else "name: (none)"]
    if card_list.layouts is None:
        sheet = next(iter(card_list.sheets))
        out.append(f"no layouts: packs of {DEFAULT_PACK_SIZE} cards (the session's size) from sheet '{sheet}'")
    else:
        for layout in card_list.layouts.values():
            out.append(f"layout '{layout.name}' weight {layout.weight}, {plural(layout.size, 'card')}:")
            for slot in layout.slots:
                choices = " | ".join(f"{c.name} x{c.weight}" for c in slot.sheets)
                out.append(f"  {slot.count} {slot.name} <- {choices}{' (foil)' if slot.foil else ''}")
    for sheet in card_list.sheets.values():
        copies = sheet.copies()
        out.append(
            f"sheet '{sheet.name}' ({sheet.collation}): {plural(len(copies), 'card')}, "
            f"{plural(sum(copies.values()), 'copy', 'copies')}"
        )
    if card_list.custom_cards:
        out.append(f"custom cards: {len(card_list.custom_cards)}")
    for key, value in card_list.settings.items():
        if key != "layouts":
            out.append(f"setting {key}: {value!r}")
    return out
