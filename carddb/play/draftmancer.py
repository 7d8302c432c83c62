"""Draftmancer custom card lists written from a booster type, so a group can draft a set online with bots.

The list has `[CustomCards]` (every card of the booster type, as JSON), `[Settings]` (JSON,
holding one pack layout) and one `[sheet]` section per sheet, each line `count Name (set)
number`. Draftmancer's rules for these files are mirrored in `carddb.play.draftmancer_lists`,
and the tests read every export with it.

How a booster type becomes a layout:

- each slot of one sheet is a layout slot of the same count drawing from that sheet;
- a slot of weighted sheets draws its sheet per card in carddb, and Draftmancer draws one
  sheet for a whole slot: a one-card slot keeps its sheets (weights reduced to whole numbers,
  87.5 : 12.5 is 7 : 1), and a slot of n cards becomes n one-card slots with those sheets,
  named `slot##2`... (Draftmancer shows the name up to `##`). Either way the odds are carddb's;
- card weights are the card's count on its sheet. A `random` booster draws every pack on its
  own, which is Draftmancer's `withReplacement` (counts only weigh the draw, and a table of any
  size can be dealt); a `dealt` booster deals out a pile of the cards' copies, which is
  Draftmancer without replacement, with `refillWhenEmpty` so a big table still gets its packs;
- faction balance is Draftmancer's `colorBalance`, which balances the largest slot of a
  layout on the five colours: it is written when carddb balances that same slot, and each
  card's colour is its faction's letter (`GamePack.color_letter`);
- rarities are named as Draftmancer knows them (`GamePack.rarity_tier`): it refuses others.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from carddb.cards.database import CardDatabase
from carddb.packs.card import Card, file_stem
from carddb.play.boosters import BoosterPlan, CompiledSlot
from carddb.play.draftmancer_cards import MANA_SYMBOLS
from carddb.play.draftmancer_lists import RESERVED

# Draftmancer finds the end of a section's JSON by counting its brackets ([ ] in [CustomCards],
# { } in [Settings]), those inside strings too: a lone one in a card's text would cut the JSON
# short. Inside strings they are written as \\u escapes, which JSON reads back as the same text.
_SENTINEL = "\x00{}\x00"


def _json(value: Any, brackets: str, *, one_per_line: bool = False) -> str:
    """JSON whose strings hold none of `brackets`; a list `one_per_line` puts each item on a line."""

    def hide(item: Any) -> Any:
        if isinstance(item, str):
            return "".join(_SENTINEL.format(ord(c)) if c in brackets else c for c in item)
        if isinstance(item, list):
            return [hide(v) for v in item]
        if isinstance(item, dict):
            return {hide(k): hide(v) for k, v in item.items()}
        return item

    hidden = hide(value)
    if one_per_line and isinstance(hidden, list):
        text = "[\n" + ",\n".join(json.dumps(v, ensure_ascii=False) for v in hidden) + "\n]"
    else:
        text = json.dumps(hidden, indent=2, ensure_ascii=False)
    for char in brackets:
        text = text.replace(json.dumps(_SENTINEL.format(ord(char)))[1:-1], f"\\u{ord(char):04x}")
    return text


def set_code(card: Card) -> str:
    """The card's set as a Draftmancer line names it: word characters only (the line's `(\\w+)`)."""
    return re.sub(r"\W", "", card.set).lower() or "custom"


def card_line_name(card: Card) -> str:
    """`Name (set) number`: the exact custom card, whatever other cards share its name."""
    return f"{card.name} ({set_code(card)}) {card.number}"


def mana_cost(card: Card) -> str:
    """The card's cost as a generic mana symbol (`{3}`); empty when Draftmancer has no symbol for it."""
    cost = card.curve_cost()
    return f"{{{cost}}}" if cost is not None and f"{{{cost}}}" in MANA_SYMBOLS else ""


def _image(image_base: str, face: Card) -> dict[str, str]:
    return {"en": f"{image_base.rstrip('/')}/{file_stem(face.id)}.png"}


def custom_card(db: CardDatabase, card: Card, image_base: str | None) -> dict[str, Any]:
    pack = db.pack
    rarity_ids = [r.id for r in pack.rarities]
    letter = pack.color_letter(db.faction_of(card))
    entry: dict[str, Any] = {
        "name": card.name,
        "mana_cost": mana_cost(card),
        "colors": [letter] if letter else [],
        "type": pack.kind(card.kind).label,
        "set": set_code(card),
        "collector_number": str(card.number),
        "rarity": pack.rarity_tier(card.rarity),
        "subtypes": [card.subtype_id().title()] if card.subtype_id() else [],
        "oracle_text": card.text,
        # Draftmancer's bots read a 0-5 rating; carddb's bots rate by rarity first too.
        "rating": round(5 * (rarity_ids.index(card.rarity) + 1) / len(rarity_ids), 2)
        if card.rarity in rarity_ids
        else 0,
    }
    if image_base:
        entry["image_uris"] = _image(image_base, card)
    if card.back is not None:
        back = card.back
        entry["layout"] = "transform"
        entry["back"] = {"name": back.name, "type": pack.kind(back.kind).label, "oracle_text": back.text}
        if image_base:
            entry["back"]["image_uris"] = _image(image_base, back)
    return entry


def _sheet_names(plan: BoosterPlan) -> list[list[str]]:
    """A unique section name for each sheet of each slot, which Draftmancer's header rules keep whole."""
    used: set[str] = set()
    names = []
    for slot in plan.slots:
        base = re.sub(r"[\"()\[\]{}#]", "", slot.name).strip() or "slot"
        if base.lower() in RESERVED:
            base += "-sheet"
        slot_names = []
        for index in range(len(slot.sheets)):
            name = base if len(slot.sheets) == 1 else f"{base}-{index + 1}"
            while name.lower() in used:
                name += "'"
            used.add(name.lower())
            slot_names.append(name)
        names.append(slot_names)
    return names


def _layout_slots(slot: CompiledSlot, sheets: list[str]) -> list[dict[str, Any]]:
    if len(slot.sheets) == 1:
        return [{"name": slot.name, "count": slot.count, "sheets": [{"name": sheets[0], "weight": 1}]}]
    divisor = math.gcd(*(s.units for s in slot.sheets))
    weighted = [{"name": name, "weight": s.units // divisor} for name, s in zip(sheets, slot.sheets, strict=True)]
    if slot.count == 1:
        return [{"name": slot.name, "count": 1, "sheets": weighted}]
    return [
        {"name": slot.name if n == 0 else f"{slot.name}##{n + 1}", "count": 1, "sheets": weighted}
        for n in range(slot.count)
    ]


def balanced_slot(plan: BoosterPlan) -> bool:
    """Whether Draftmancer's colour balance means carddb's faction balance for this plan.

    It balances only the first largest slot of a layout; a slot of weighted sheets is written as
    one-card slots, which are never the largest of a pack of more than one card.
    """
    largest = max(plan.slots, key=lambda s: s.count if len(s.sheets) == 1 else 1)
    return largest.balance and len(largest.sheets) == 1


def export_list(db: CardDatabase, plan: BoosterPlan, *, image_base: str | None = None, per_player: int = 3) -> str:
    """A Draftmancer custom card list for one booster type."""
    dealt = plan.collation == "dealt"
    names = _sheet_names(plan)
    used_ids: dict[str, None] = {}
    sections: list[tuple[str, list[str]]] = []
    slots: list[dict[str, Any]] = []
    for slot, sheet_names in zip(plan.slots, names, strict=True):
        for name, sheet in zip(sheet_names, slot.sheets, strict=True):
            lines = []
            # dealt: the pile holds each card's copies (one each without duplicates), as carddb deals it
            counts = (sheet.copies if plan.duplicates else (1,) * len(sheet.cards)) if dealt else sheet.card_weights
            for card_id, count in zip(sheet.cards, counts, strict=True):
                card = db.by_id(card_id)
                if card is None or count < 1:
                    continue
                used_ids.setdefault(card_id)
                lines.append(f"{count} {card_line_name(card)}")
            sections.append((name, lines))
        slots.extend(_layout_slots(slot, sheet_names))
    settings: dict[str, Any] = {
        "name": f"{db.pack.name}: {plan.name}",
        "layouts": {plan.id: {"weight": 1, "slots": slots}},
        "withReplacement": not dealt,
        "refillWhenEmpty": dealt,
        "duplicateProtection": not plan.duplicates,
        "colorBalance": balanced_slot(plan),
        "boostersPerPlayer": per_player,
    }
    used = [c for c in (db.by_id(i) for i in used_ids) if c is not None]
    shared_backs = {db.pack.kind(c.kind).back for c in used}
    if image_base and len(shared_backs) == 1 and all(c.back is None for c in used):
        # the image `carddb print --png` writes to png/backs/
        settings["cardBack"] = f"{image_base.rstrip('/')}/backs/{shared_backs.pop()}.png"
    cards = [custom_card(db, c, image_base) for c in used]
    out = ["[CustomCards]", _json(cards, "[]", one_per_line=True), "[Settings]", _json(settings, "{}")]
    for header, lines in sections:
        out.append(f"[{header}]")
        out.extend(lines)
    return "\n".join(out) + "\n"
