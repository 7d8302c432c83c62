"""A Cockatrice card database (format version 4), so a playtest group can play the game in Cockatrice.

Cockatrice (cockatrice.github.io) loads every `*.xml` of its `customsets/` folder as a card
database, and finds a card's picture in `pics/CUSTOM/` by file name. `carddb cockatrice export`
writes both, laid out as that data folder is: `customsets/<game>.xml` and
`pics/CUSTOM/<game>/<name>_<uuid>.png`.

The XML follows the v4 schema (doc/carddatabase_v4/cards.xsd in the Cockatrice repository):
the root `cockatrice_carddatabase version="4"` holds `info`, `sets` and `cards` in that order;
each `card` holds, in this order, `name`, `text`, `prop` (free properties: `type`,
`maintype`, `manacost`, `cmc`, `colors`, `side`, `layout`, and the game's own stats and
faction), one `set` per printing (attributes `rarity`, `num`, `uuid`, `picurl`), its
`related` cards, then `tablerow` and `landscapeOrientation`. Cockatrice reads booleans as
`1` and knows a card by its name (a second card of the same name becomes a printing of the
first), so:

- every face that shares its name with another face is named with its set and number
  ("Shell (LRD 12)", its back "Shell (LRD 12, back)");
- a double-sided card is two cards, its front and its back, each with `side` front/back and
  `layout` transform, related to each other with `attach="transform"`: Cockatrice's
  "transform" turns one into the other on the table, as it does for Magic's double-faced cards;
- each printing's `uuid` is derived from the game and card id, fixed length, so the picture's
  file name `<name>_<uuid>` is exact and unique (Cockatrice matches `pics/CUSTOM` files by
  their whole base name). Cockatrice's own default picture URLs look a uuid up on Scryfall
  too, after the local file: for these cards that is a harmless miss.

Rarities are written as the game names them (Cockatrice takes any word); colours are the
factions' letters (`GamePack.color_letter`), which Cockatrice filters on.
"""

from __future__ import annotations

import re
import uuid
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from urllib.parse import quote

from carddb import __version__
from carddb.cards.database import CardDatabase
from carddb.packs.card import Card

# A fixed namespace: the same game and card always give the same uuid.
_NAMESPACE = uuid.UUID("2f0b4c9e-5d1a-4e8f-9a37-6c1d2b3e4f50")
DEFAULT_TABLE_ROW = 1  # Cockatrice's row for a card that is neither a land, a creature nor a spell


def corrected_name(name: str) -> str:
    """CardInfo::getCorrectedName: what Cockatrice looks for in picture file names."""
    name = name.replace(" // ", "")
    name = re.sub(r'[*<>:"\\?\x00-\x1f]', "", name.replace("/", " ").replace("\t", " "))
    return name


@dataclass(frozen=True)
class Face:
    """One card of the database: a single-sided card, or one side of a double-sided card."""

    face: Card
    card: Card  # the whole card it is a side of
    name: str  # unique among the database's faces
    uuid: str
    side: str = ""  # "front" or "back" for a double-sided card

    @property
    def picture(self) -> str:
        """The picture's file name, as Cockatrice looks for it in pics/CUSTOM."""
        return f"{corrected_name(self.name)}_{self.uuid}.png"


def faces(db: CardDatabase) -> list[Face]:
    """Every face the database holds, in set order, each with a name no other face has."""
    cards = sorted(db.cards, key=lambda c: (c.set, c.number, c.id))
    sides = [(side, card) for card in cards for side in card.faces]
    counts: dict[str, int] = {}
    for side, _card in sides:
        counts[side.name] = counts.get(side.name, 0) + 1
    out = []
    for side, card in sides:
        name = side.name
        if counts[name] > 1:
            name = f"{name} ({card.set} {card.number}{', back' if side.is_back else ''})"
        ident = str(uuid.uuid5(_NAMESPACE, f"{db.pack.id}/{side.id}"))
        kind = "" if card.back is None else ("back" if side.is_back else "front")
        out.append(Face(side, card, name, ident, kind))
    return out


def _tag(word: str, fallback: str) -> str:
    """A property's element name from a pack's word: lower-case letters and digits, starting with a letter."""
    tag = re.sub(r"[^a-z0-9]", "", word.lower())
    return tag if tag[:1].isalpha() else fallback + tag


def _text(parent: ET.Element, tag: str, value: object) -> ET.Element:
    element = ET.SubElement(parent, tag)
    element.text = str(value)
    return element


def _props(db: CardDatabase, face: Face) -> ET.Element:
    pack, card = db.pack, face.face
    prop = ET.Element("prop")
    kind = pack.kind(card.kind)
    subtype = card.subtype_id()
    _text(prop, "type", f"{kind.label} - {subtype.replace('-', ' ').title()}" if subtype else kind.label)
    _text(prop, "maintype", kind.label)
    if card.cost_label():
        _text(prop, "manacost", card.cost_label())
    if card.curve_cost() is not None:
        _text(prop, "cmc", card.curve_cost())
    faction = db.faction_of(face.card) if face.side == "back" else db.faction_of(card)
    letter = pack.color_letter(faction)
    if letter:
        _text(prop, "colors", letter)
        _text(prop, "coloridentity", letter)
    info = pack.faction(faction)
    if info is not None:
        _text(prop, _tag(pack.faction_label, "faction"), info.name)
    for stat in pack.stats:
        value = getattr(card, stat.id, None)
        if isinstance(value, int | float | str) and not isinstance(value, bool) and value != "":
            _text(prop, _tag(stat.id, "stat"), value)
    if face.side:
        _text(prop, "layout", "transform")
        _text(prop, "side", face.side)
    return prop


def database_xml(db: CardDatabase, *, picture_base: str | None = None) -> bytes:
    """The game's card database as Cockatrice v4 XML; `picture_base`: the URL folder of the pictures."""
    root = ET.Element("cockatrice_carddatabase", version="4")
    info = ET.SubElement(root, "info")
    _text(info, "author", f"carddb ({db.pack.name})")
    _text(info, "sourceVersion", __version__)
    sets = ET.SubElement(root, "sets")
    used_sets = sorted({c.set for c in db.cards})
    for code in used_sets:
        entry = ET.SubElement(sets, "set")
        _text(entry, "name", code)
        known = db.sets.get(code)
        _text(entry, "longname", f"{db.pack.name}: {known.name}" if known else f"{db.pack.name}: {code}")
        _text(entry, "settype", "Custom")
        if known is not None and known.release is not None:
            _text(entry, "releasedate", known.release.isoformat())
    cards = ET.SubElement(root, "cards")
    all_faces = faces(db)
    by_card: dict[str, list[Face]] = {}
    for face in all_faces:
        by_card.setdefault(face.card.id, []).append(face)
    landscape = db.pack.card_size_mm[0] > db.pack.card_size_mm[1]
    for face in all_faces:
        element = ET.SubElement(cards, "card")
        _text(element, "name", face.name)
        _text(element, "text", face.face.text)
        element.append(_props(db, face))
        printing = _text(element, "set", face.card.set)
        printing.set("rarity", face.card.rarity)
        printing.set("num", f"{face.card.number}{'b' if face.side == 'back' else ''}")
        printing.set("uuid", face.uuid)
        if picture_base:
            printing.set("picurl", f"{picture_base.rstrip('/')}/{quote(face.picture)}")
        for other in by_card[face.card.id]:
            if other is not face:
                _text(element, "related", other.name).set("attach", "transform")
        _text(element, "tablerow", DEFAULT_TABLE_ROW)
        if landscape:
            _text(element, "landscapeOrientation", 1)
    ET.indent(root)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8") + b"\n"


def picture_sources(db: CardDatabase) -> list[tuple[str, str]]:
    """(face id, picture file name) of every face, for the images the export writes next to the XML."""
    return [(face.face.id, face.picture) for face in faces(db)]
