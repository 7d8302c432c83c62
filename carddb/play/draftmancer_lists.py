"""Draftmancer's custom card list format, read by the rules Draftmancer's own parser enforces.

Draftmancer (draftmancer.com) reads a list with `parseCardList` (src/parseCardList.ts,
documented at draftmancer.com/cubeformat.html). This module mirrors its rules in our own
code, so that `carddb draftmancer import` reads what Draftmancer reads, and the tests can
check carddb's exports the way Draftmancer will:

- Lines are trimmed; empty lines and `#` lines are skipped between sections. A file whose
  first such line does not start with `[` is a plain list: one sheet `default`, no layouts.
- Otherwise every section starts with a `[header]` (starts with `[` and ends with `]`).
  `Settings`, `CustomCards` and `Layouts` (any case) are reserved; any other header is a
  sheet: `[Name]`, or `[Name(N)]`, which also adds a slot of N cards to the layout `default`.
- `[Settings]` and `[CustomCards]` hold loose JSON: the JSON starts on the first line after
  the header, ends at the bracket that balances its first one (every bracket counts, even in
  a string), and loses its `#` lines and trailing commas before `JSON.parse`.
- `[Layouts]` is the older text form: `- Name (weight)` lines, each followed by
  `count Sheet` lines; names are letters only, and no blank or comment line may come
  between its lines.
- Card lines are `[count] Name [(SET) [number]]`; custom cards are matched first, by
  `Name_set_number` with set and number, else by name.
- At the end every layout's sheets must exist, every slot count be a positive integer, and
  no layout be empty; without layouts there must be exactly one sheet; some sheet must hold
  a card.
- A custom card needs string `name`, `mana_cost` and `type`; `rarity` (if given) is one of
  common, uncommon, rare, mythic, special; `colors` letters of WUBRG; `collector_number` a
  string; `mana_cost` symbols from Draftmancer's list (`{0}`..`{20}`, `{W}`...).

The settings and layout checks are in `draftmancer_settings`, the custom-card checks in
`draftmancer_cards`. Not mirrored: what needs Draftmancer's database of Magic cards (a line
naming a Magic card resolves there and not here: it is left unresolved, `custom` None; a
custom card sharing a Magic card's name and set inherits its fields there), the references
of `related_cards` and `draft_effects`, and the collations `printRun` and `striped` beyond
their names. carddb's exports use none of them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from carddb.play.draftmancer_cards import custom_card_id, custom_card_problem
from carddb.play.draftmancer_settings import (
    DraftmancerListError,
    Layout,
    LayoutSlot,
    SheetChoice,
    parse_settings,
)

# src/parseCardList.ts: ArenaLineRegex, sheet headers, [Layouts] lines, cleanLooseJSON
CARD_LINE = re.compile(
    r"^(?:(?P<count>\d+)\s+)?(?P<name>[^\n\v]+?)(?:\s+\((?P<set>\w+)\)(?:\s+(?P<number>[^+\s()]+))?)?(?:\s+\+?(F))?$"
)
SHEET_HEADER = re.compile(r"^(?P<name>[^\"()\[\]{}]+?)\s*(?P<count>\(\d+\))?\s*(?P<settings>\{.*\})?$")
LAYOUT_LINE = re.compile(r"-\s*([a-zA-Z]+)\s*\((\d+)\)")
SLOT_LINE = re.compile(r"(\d+)\s+([a-zA-Z]+)")
_COMMENT_LINE = re.compile(r"^\s*#.*$", re.MULTILINE)
# JavaScript's look-behind `(?<=(true|false|null|["\d}\]])\s*)` has no fixed width: matched here instead.
_TRAILING_COMMA = re.compile(r"(true|false|null|[\"\d}\]])(\s*),(?=\s*[\]}])")
RESERVED = ("settings", "customcards", "layouts")

# Draftmancer's session defaults (src/Session.ts) where a list says nothing.
DEFAULT_PACK_SIZE = 15
DEFAULT_SEATS = 8


@dataclass(frozen=True)
class CardLine:
    line: int  # 1-based, in the file
    text: str
    count: int
    name: str
    set: str | None
    number: str | None
    custom: str | None  # the id of the custom card it names, if any


@dataclass
class SheetSection:
    name: str
    line: int
    collation: str = "random"
    cards: list[CardLine] = field(default_factory=list)

    def copies(self) -> dict[str, int]:
        """Cards (custom id, else the line's name) and their copies, duplicate lines merged as Draftmancer does."""
        merged: dict[str, int] = {}
        for card in self.cards:
            key = card.custom or card.name
            merged[key] = merged.get(key, 0) + card.count
        return merged


@dataclass
class CardList:
    """A list as Draftmancer reads it."""

    name: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    layouts: dict[str, Layout] | None = None  # None: one sheet, packs of the session's size
    sheets: dict[str, SheetSection] = field(default_factory=dict)
    custom_cards: dict[str, dict[str, Any]] = field(default_factory=dict)  # id -> the card as written
    settings_line: int | None = None

    @property
    def plain(self) -> bool:
        return self.layouts is None


def clean_loose_json(text: str) -> str:
    """cleanLooseJSON: drop whole `#` lines, then commas before a closing bracket."""
    return _TRAILING_COMMA.sub(r"\1\2", _COMMENT_LINE.sub("", text))


def _extract_json(lines: list[str], start: int, opening: str, closing: str) -> tuple[Any, int]:
    """extractJSON + findMatchingIgnoringComments: the value and the number of lines it took."""
    if start >= len(lines):
        raise DraftmancerListError(
            "Unexpected End-of-File", f"Expected a JSON {'Array' if opening == '[' else 'Object'}, got end-of-file."
        )
    if not lines[start].startswith(opening):
        raise DraftmancerListError(
            "Unexpected Character",
            f"Expected a JSON {'Array' if opening == '[' else 'Object'}. Line {start + 1}: Expected '{opening}'.",
            start + 1,
        )
    depth, begin = 0, 0
    for index in range(start, len(lines)):
        text = lines[index]
        if text.startswith("#"):
            continue
        first = text.index(opening) if depth == 0 and index == start else 0
        for col in range(first, len(text)):
            char = text[col]
            if char == opening:
                if depth == 0:
                    begin = col
                depth += 1
            elif char == closing:
                depth -= 1
                if depth < 0:
                    raise DraftmancerListError("Unexpected End-of-File", f"Expected '{closing}', got end-of-file.")
                if depth == 0:
                    if index == start:
                        raw = lines[start][begin : col + 1]
                    else:
                        middle = [line for line in lines[start + 1 : index] if not line.startswith("#")]
                        raw = "\n".join([lines[start][begin:], *middle, text[: col + 1]])
                    try:
                        return json.loads(clean_loose_json(raw)), index - start + 1
                    except json.JSONDecodeError as exc:
                        raise DraftmancerListError(
                            "JSON Parsing Error", f"Error parsing json: {exc.msg}", start + exc.lineno
                        ) from None
    raise DraftmancerListError("Unexpected End-of-File", f"Expected '{closing}', got end-of-file.", len(lines))


def _custom_cards(value: Any, line: int, target: CardList) -> None:
    if not isinstance(value, list) or not all(isinstance(c, dict) for c in value):
        raise DraftmancerListError("[CustomCards]", "Custom cards must be an array of card objects.", line)
    first_by_name: dict[str, dict[str, Any]] = {}
    for raw in value:
        # A second printing (same name) inherits what it does not say from the first.
        card = raw
        if raw.get("name") in first_by_name:
            earlier = dict(first_by_name[raw["name"]])
            # 'image' and 'image_uris' are one property: the printing's own replaces the inherited one.
            for own, inherited in (("image", "image_uris"), ("image_uris", "image")):
                if own in raw:
                    earlier.pop(inherited, None)
            card = {**earlier, **raw}
        problem = custom_card_problem(card)
        if problem:
            raise DraftmancerListError("Invalid Property", problem, line)
        card_id = custom_card_id(card["name"], card.get("set", "custom"), card.get("collector_number", ""))
        if card_id in target.custom_cards:
            raise DraftmancerListError(
                "Duplicate Custom Card", f"Duplicate card ID '{card_id}'. Each card must have a unique name.", line
            )
        target.custom_cards[card_id] = card
        first_by_name.setdefault(card["name"], raw)


def _card_line(text: str, number: int, target: CardList) -> CardLine:
    match = CARD_LINE.match(text)
    if match is None:
        raise DraftmancerListError("Syntax Error", f"The line '{text}' doesn't match the card syntax.", number)
    count = int(match["count"]) if match["count"] else 1
    name, set_code, coll = match["name"], match["set"], match["number"]
    custom: str | None = None
    first = _first_printings(target)
    if set_code and coll:
        # With a set and a number only that exact printing is a custom card (parseLine).
        wanted = custom_card_id(name, set_code, coll)
        custom = wanted if wanted in target.custom_cards else None
    elif name in first:
        partial = custom_card_id(name, set_code, "") if set_code else None
        custom = next((i for i in target.custom_cards if partial and i.startswith(partial)), first[name])
    if custom is None and "(" in text:  # "Hazmat Suit (Used)": a name with parentheses, not a set
        alt = re.match(r"^(?:\d+\s+)?(.+?)(?:\s+\+?F)?$", text)
        if alt and alt[1] in first:
            name, set_code, coll, custom = alt[1], None, None, first[alt[1]]
    return CardLine(number, text, count, name, set_code, coll, custom)


def _first_printings(target: CardList) -> dict[str, str]:
    """Each custom card name's first printing (Draftmancer's nameCache)."""
    first: dict[str, str] = {}
    for card_id, card in target.custom_cards.items():
        first.setdefault(card["name"], card_id)
    return first


def _layouts_section(lines: list[str], start: int) -> tuple[dict[str, Layout], int]:
    """parsePackLayoutsDeprecated: read up to the next line starting with '['."""
    layouts: dict[str, Layout] = {}
    index = start
    while index < len(lines) and not lines[index].startswith("["):
        match = LAYOUT_LINE.search(lines[index])
        if match is None:
            raise DraftmancerListError(
                "Parsing Error",
                f"Expected layout declaration (' - LayoutName (Weight)'), got '{lines[index]}' (line {index + 1}).",
                index + 1,
            )
        layout = layouts[match[1]] = Layout(match[1], int(match[2]))
        index += 1
        while index < len(lines) and not lines[index].startswith(("-", "[")):
            slot = SLOT_LINE.search(lines[index])
            if slot is None:
                raise DraftmancerListError(
                    "Parsing Error",
                    f"Expected slot specification (' CardCount SlotName'), got '{lines[index]}' (line {index + 1}).",
                    index + 1,
                )
            layout.slots.append(LayoutSlot(slot[2], int(slot[1]), (SheetChoice(slot[2], 1),)))
            index += 1
    return layouts, index - start


def parse_card_list(text: str) -> CardList:
    """Read a list as Draftmancer's parseCardList does; raises DraftmancerListError where it refuses one."""
    lines = [line.strip() for line in re.split(r"\r?\n", text)]
    result = CardList()
    index = 0

    def skip() -> None:
        nonlocal index
        while index < len(lines) and (lines[index] == "" or lines[index].startswith("#")):
            index += 1

    skip()
    if index >= len(lines) or not lines[index].startswith("["):
        sheet = result.sheets["default"] = SheetSection("default", index + 1)
        for number, line in enumerate(lines, start=1):
            if line == "# maybeboard":
                break
            if line and not line.startswith("#"):
                sheet.cards.append(_card_line(line, number, result))
    else:
        while index < len(lines):
            line = lines[index]
            if not (line.startswith("[") and line.endswith("]")):
                raise DraftmancerListError(
                    "Parsing Error",
                    f"Expected header (for section or slot), got '{line}' (line {index + 1}).",
                    index + 1,
                )
            header, header_line = line[1:-1].strip(), index + 1
            index += 1
            skip()
            if header.lower() == "settings":
                value, used = _extract_json(lines, index, "{", "}")
                settings = parse_settings(value, header_line, result.layouts)
                result.layouts = settings.layouts
                result.settings.update(settings.values)
                result.settings_line = header_line
                if isinstance(settings.values.get("name"), str):
                    result.name = settings.values["name"]
                index += used
            elif header.lower() == "customcards":
                value, used = _extract_json(lines, index, "[", "]")
                _custom_cards(value, header_line, result)
                index += used
            elif header.lower() == "layouts":
                if result.layouts is not None:  # an empty object counts, as in JavaScript
                    raise DraftmancerListError(
                        "Parsing Error", f"Layouts already defined, redefined on line {index}.", header_line
                    )
                result.layouts, used = _layouts_section(lines, index)
                index += used
            else:
                index = _sheet(lines, index, header, header_line, result)
            skip()
        _check_layouts(result)
    if all(not sheet.cards for sheet in result.sheets.values()):
        raise DraftmancerListError("Empty List", "Supplied card list is empty.")
    return result


def _sheet(lines: list[str], index: int, header: str, header_line: int, result: CardList) -> int:
    sheet = SheetSection(header, header_line)
    match = SHEET_HEADER.match(header)
    if match:
        sheet.name = match["name"]
        if match["count"]:
            if result.layouts is not None and "default" not in result.layouts:
                raise DraftmancerListError(
                    "Parsing Error",
                    "Default layout (defining slot sizes in sheet headers) and custom layouts should not be mixed.",
                    header_line,
                )
            if result.layouts is None:
                result.layouts = {}
            default = result.layouts.setdefault("default", Layout("default", 1))
            default.slots.append(LayoutSlot(sheet.name, int(match["count"][1:-1]), (SheetChoice(sheet.name, 1),)))
        if match["settings"]:
            try:
                options = json.loads(match["settings"])
            except json.JSONDecodeError as exc:
                raise DraftmancerListError("Parsing Error", f"sheet settings: {exc.msg}", header_line) from None
            sheet.collation = str(options.get("collation", "random")) if isinstance(options, dict) else "random"
    while index < len(lines) and not lines[index].startswith("["):
        if lines[index] and not lines[index].startswith("#"):
            sheet.cards.append(_card_line(lines[index], index + 1, result))
        index += 1
    result.sheets[sheet.name] = sheet
    return index


def _check_layouts(result: CardList) -> None:
    if result.layouts is not None:
        for name, layout in result.layouts.items():
            for slot in layout.slots:
                for choice in slot.sheets:
                    if choice.name not in result.sheets:
                        raise DraftmancerListError(
                            "Parsing Error", f"Layout '{name}' refers to sheet '{choice.name}' which is not defined."
                        )
                if slot.count <= 0:
                    raise DraftmancerListError(
                        "Layout Error",
                        f"Layout '{name}' slot '{slot.name}' card count is invalid, must be a positive integer "
                        f"(got '{slot.count}').",
                    )
            if layout.size <= 0:
                raise DraftmancerListError("Layout Error", f"Layout '{name}' is empty.")
    elif not result.sheets:
        raise DraftmancerListError("Missing Card Sheet", "You must declare at least one card sheet.")
    elif len(result.sheets) != 1:
        raise DraftmancerListError(
            "Parsing Error",
            "Multiple 'default' slots defined. Merge them into a single one, or use layouts (you can define a "
            "default layout by explicitly setting slot sizes).",
        )
