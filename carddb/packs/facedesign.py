"""What a game says about its card faces as data: the fields a face prints, layouts of regions, placeholder art.

A game declares these in game.yaml (`layouts:`, `placeholder:`) or a `layouts.yaml` beside it
(`carddb.packs.layouts` reads and checks them), and a Python pack builds the same values, or
reads the same file with `with_layouts` (carddb.pack_api). The renderer (carddb.render.faces)
draws from them; templates stay the escape hatch for anything they cannot say.

- The **default layout** prints every declared field a card has: stats in shields, the cost in
  the title bar, and every other field (a number, a text, a choice, a flag) on the first line
  of the rules box, labelled ("Hold 3", "Timing: Reaction", "Unique").
- A **declared layout** starts from the default frame (or a blank one), moves or restyles its
  parts, adds regions that show a field, a stat or a fixed label where it says (in mm, or in a
  named slot of the frame), and hides parts or fields on purpose.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

FieldType = Literal["number", "text", "choice", "flag"]

# The parts of the default frame: a region may show (move, restyle) them, `hide` may leave them off.
PARTS = ("title", "name", "cost", "art", "type", "rules", "stats", "footer", "fields")

# The named slots of the default frame, each a box that follows the card size (carddb.render.geometry).
SLOTS = (
    "title",
    "name",
    "cost",
    "art",
    "art-top",
    "art-bottom",
    "art-top-left",
    "art-top-right",
    "art-bottom-left",
    "art-bottom-right",
    "type",
    "rules",
    "stats",
    "footer",
    "bottom-left",
    "bottom-right",
)

SHAPES = ("none", "box", "pill", "circle", "shield", "banner")
FONTS = ("serif", "display", "sans")
ALIGNS = ("left", "center", "right")
# Placeholder pictures for cards without art; `icon:NAME` draws one of the game's icons.
MOTIFS = ("neutral", "landscape", "sea", "stars")


@dataclass(frozen=True)
class FieldInfo:
    """A field a kind's cards have, as the face prints it."""

    id: str
    label: str
    type: FieldType = "number"


@dataclass(frozen=True)
class Region:
    """One thing a layout draws: a part of the frame, a field or stat, or a fixed label.

    `show` is a part (PARTS), a field or stat id, or "" with `text` for a fixed label. `at`
    is (x, y, width, height) in mm from the card's top left corner (the trim); `slot` a named
    box of the default frame; neither keeps a part where the default frame has it.
    `size` is the type size in pt: (largest, smallest); text is set at the largest that its
    room allows and never below the smallest (the rules text is fitted by measure).
    """

    show: str = ""
    text: str = ""
    at: tuple[float, float, float, float] | None = None
    slot: str = ""
    font: str = ""
    size: tuple[float, float] | None = None
    align: str = ""
    color: str = ""  # "faction", "accent", "#rrggbb" or "" (the frame's own)
    shape: str = ""  # one of SHAPES ("" is "none")
    label: str | None = None  # before a field's value; None: the field's own label, "": none
    icon: str = ""  # one of the game's icons: repeated for a number, before any other value


@dataclass(frozen=True)
class FaceLayout:
    """The face of some kinds (all kinds without a layout of their own when `kinds` is empty)."""

    id: str
    kinds: tuple[str, ...] = ()
    regions: tuple[Region, ...] = ()
    hide: tuple[str, ...] = ()  # parts or fields left off on purpose
    frame: Literal["default", "blank"] = "default"

    @property
    def shown(self) -> frozenset[str]:
        """The parts and fields that this layout's regions draw (and the default places then leave out)."""
        return frozenset(r.show for r in self.regions if r.show)


@dataclass(frozen=True)
class PlaceholderArt:
    """The picture a card without art gets: a motif for every card, by kind, or by faction (kind first)."""

    motif: str = "landscape"
    kinds: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    factions: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def motif_for(self, kind: str, faction: str | None) -> str:
        if kind in self.kinds:
            return self.kinds[kind]
        if faction is not None and faction in self.factions:
            return self.factions[faction]
        return self.motif


@dataclass(frozen=True)
class FaceDesign:
    """A game's faces as data. The empty design draws the default frame only, as carddb always did."""

    fields: Mapping[str, tuple[FieldInfo, ...]] = field(default_factory=lambda: MappingProxyType({}))
    layouts: tuple[FaceLayout, ...] = ()
    placeholder: PlaceholderArt = PlaceholderArt()

    def layout_for(self, kind: str) -> FaceLayout | None:
        """The layout that draws `kind`: its own, else a layout for every kind, else None (the default)."""
        own = next((layout for layout in self.layouts if kind in layout.kinds), None)
        return own or next((layout for layout in self.layouts if not layout.kinds), None)

    def fields_of(self, kind: str) -> tuple[FieldInfo, ...]:
        return self.fields.get(kind, ())


def field_label(field_id: str) -> str:
    """A field's printed label from its id: `hold` -> "Hold", `max_crew` -> "Max crew"."""
    return field_id.replace("_", " ").capitalize()
