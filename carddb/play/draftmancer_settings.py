"""Draftmancer's `[Settings]` section and its pack layouts, checked as its parser checks them.

Part of carddb's mirror of Draftmancer's card-list rules (see `carddb.play.draftmancer_lists`):
`parseSettings` in src/parseCardList.ts. Every known key is type-checked; `layouts` is an object
of layouts, each a whole `weight` and `slots` (an object of sheet counts, or an array of
`{name, count, foil?, sheets?}` whose sheets are names or `{name, weight}`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class DraftmancerListError(ValueError):
    """A list Draftmancer refuses: its title and text as Draftmancer words them, and the line if known."""

    def __init__(self, title: str, text: str, line: int | None = None) -> None:
        super().__init__(f"{title}: {text}")
        self.title, self.text, self.line = title, text, line


@dataclass(frozen=True)
class SheetChoice:
    name: str
    weight: int


@dataclass(frozen=True)
class LayoutSlot:
    """`count` cards, all from one of `sheets` chosen by weight for this slot."""

    name: str
    count: int
    sheets: tuple[SheetChoice, ...]
    foil: bool = False


@dataclass
class Layout:
    name: str
    weight: int
    slots: list[LayoutSlot] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(s.count for s in self.slots)


def _is_int(value: Any) -> bool:
    """JavaScript's Number.isInteger: 3 and 3.0 are integers, true is not."""
    return (isinstance(value, int) and not isinstance(value, bool)) or (isinstance(value, float) and value.is_integer())


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


_SETTING_TYPES: dict[str, tuple[Any, str]] = {
    "name": (str, "a string"),
    "cubeCobraID": (str, "a string"),
    "cardBack": (str, "a string"),
    "withReplacement": (bool, "a boolean"),
    "showSlots": (bool, "a boolean"),
    "showSheets": (bool, "a boolean"),
    "layoutWithReplacement": (bool, "a boolean"),
    "duplicateProtection": (bool, "a boolean"),
    "colorBalance": (bool, "a boolean"),
    "refillWhenEmpty": (bool, "a boolean"),
    "botModel": (str, "a string"),
}


@dataclass
class Settings:
    """What a `[Settings]` section holds: every key as written, and its layouts if it declares any."""

    values: dict[str, Any]
    layouts: dict[str, Layout] | None


def parse_settings(value: Any, line: int, layouts: dict[str, Layout] | None) -> Settings:
    """parseSettings: `layouts` are those declared before the section, which its own replace."""

    def fail(text: str) -> DraftmancerListError:
        return DraftmancerListError("[Settings]", text, line)

    if not isinstance(value, dict):
        raise fail("Settings must be an object.")
    for key, (kind, said) in _SETTING_TYPES.items():
        if key in value and (not isinstance(value[key], kind) or (kind is not bool and isinstance(value[key], bool))):
            raise fail(f"'{key}' must be {said}.")
    if "cardTitleHeightFactor" in value and not _is_number(value["cardTitleHeightFactor"]):
        raise fail("'cardTitleHeightFactor' must be a number.")
    if "boostersPerPlayer" in value and not _is_int(value["boostersPerPlayer"]):
        raise fail("'boostersPerPlayer' must be a integer.")
    if "layouts" in value:
        layouts = _settings_layouts(value["layouts"], fail)
    if "predeterminedLayouts" in value:
        for name in _predetermined(value["predeterminedLayouts"], fail):
            if layouts is None or name not in layouts:
                raise fail(f"Layout '{name}' in 'predeterminedLayouts' has not been declared.")
    return Settings(dict(value), layouts)


def _settings_layouts(value: Any, fail: Any) -> dict[str, Layout]:
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        raise fail("'layouts' must be an object.")
    layouts: dict[str, Layout] = {}
    for key, layout in value.items():
        if not _is_int(layout.get("weight")):
            raise fail(f"Layout '{key}': 'weight' must be an integer.")
        if "slots" not in layout:
            raise fail(f"Layout '{key}' must have a 'slots' property.")
        slots = layout["slots"]
        parsed: list[LayoutSlot] = []
        if isinstance(slots, list) and all(isinstance(s, dict) for s in slots):
            for slot in slots:
                parsed.append(_slot(key, slot, fail))
        elif isinstance(slots, dict) and all(_is_int(c) for c in slots.values()):
            parsed = [LayoutSlot(name, count, (SheetChoice(name, 1),)) for name, count in slots.items()]
        else:
            raise fail("'slots' must be a Record<string, number> or Array<{ name: string; count: number }>.")
        layouts[key] = Layout(key, layout["weight"], parsed)
    return layouts


def _slot(layout: str, slot: dict[str, Any], fail: Any) -> LayoutSlot:
    if not isinstance(slot.get("name"), str):
        raise fail(f"Layout '{layout}': slot 'name' must be a string.")
    if not _is_int(slot.get("count")):
        raise fail(f"Layout '{layout}': slot 'count' must be an integer.")
    if "foil" in slot and not isinstance(slot["foil"], bool):
        raise fail(f"Layout '{layout}': slot 'foil' property must be a boolean.")
    where = f"Layout '{layout}', slot '{slot['name']}':"
    sheets: list[SheetChoice] = []
    if "sheets" not in slot:
        sheets.append(SheetChoice(slot["name"], 1))
    elif not isinstance(slot["sheets"], list):
        raise fail(f"{where} slot 'sheets' property must be an array.")
    else:
        for sheet in slot["sheets"]:
            if isinstance(sheet, str):
                sheets.append(SheetChoice(sheet, 1))
            elif isinstance(sheet, dict):
                if not isinstance(sheet.get("name"), str):
                    raise fail(f"{where} sheet 'name' must be a string.")
                weight = sheet.get("weight", 1)
                if not _is_int(weight):
                    raise fail(f"{where} sheet 'weight' must be an integer.")
                sheets.append(SheetChoice(sheet["name"], weight))
            else:
                raise fail(f"{where} sheet must be an object or a string.")
    return LayoutSlot(slot["name"], slot["count"], tuple(sheets), bool(slot.get("foil", False)))


def _predetermined(value: Any, fail: Any) -> list[str]:
    """The layout names of 'predeterminedLayouts' in any of its four forms."""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    names: list[str] = []
    if isinstance(value, list) and all(isinstance(v, list | dict) for v in value):
        for entry in value:
            by_weight = isinstance(entry, dict) and all(_is_int(w) for w in entry.values())
            if by_weight or (isinstance(entry, list) and all(isinstance(v, str) for v in entry)):
                names.extend(entry)
            elif isinstance(entry, list) and all(
                isinstance(v, dict) and isinstance(v.get("name"), str) and _is_int(v.get("weight")) for v in entry
            ):
                names.extend(v["name"] for v in entry)
            else:
                break
        else:
            return names
    raise fail(
        "'predeterminedLayouts' must be a (string[] | string[][] | Record<string, number>[] | "
        "{name: string, weight: number}[][])."
    )
