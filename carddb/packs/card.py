"""Fields every card of every game has; game packs subclass `Card` per kind.

Models are strict (a YAML string is not silently turned into a number) and
forbid unknown keys, so a typo in a field name is an error that names the field.

A double-sided card (its kind declares a `back_face` kind) carries its other face in
`back`: a card of that kind, with its own name, text, stats and art, sharing the
front's set, number and rarity. Its id is the front's id with `/back` after it
(`temple-of-dawn/back`), so every stage that keys faces by id keeps the two apart;
`carddb.cards.database` validates it and fills in what the sides share.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, SerializeAsAny, field_validator, model_validator

SLUG = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
BACK = "back"
# The fields the two faces of a double-sided card share: written once, on the front.
SHARED_BY_FACES = ("id", "set", "number", "rarity", "version", "copies", "tags")
Slug = Annotated[str, Field(pattern=SLUG, min_length=1, max_length=80)]
NonEmptyText = Annotated[str, Field(min_length=1)]
# Limits far above any card (the bundled games' longest name is 29 letters, rules text 163), so that a
# pasted file or a hostile project is a located error here, not a 10 MB name handed to the layout.
CardName = Annotated[str, Field(min_length=1, max_length=200)]
LongText = Annotated[str, Field(max_length=5000)]


class StrictModel(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class ArtRef(StrictModel):
    """Card art: a file under data/<game>/art/ and who made it."""

    written_as: ClassVar[str] = "a file name or a mapping such as {file: art.png, artist: A. Painter}"

    file: NonEmptyText
    artist: str = ""
    # Where the art is anchored when it is cropped to the art window (0..1 each).
    focus_x: Annotated[float, Field(ge=0, le=1)] = 0.5
    focus_y: Annotated[float, Field(ge=0, le=1)] = 0.5

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        return {"file": value} if isinstance(value, str) else value


class Card(StrictModel):
    id: Slug
    name: CardName
    kind: str
    set: NonEmptyText
    number: Annotated[int, Field(ge=1, le=9999)]  # carddb.cards.database.MAX_NUMBER
    rarity: str
    art: ArtRef | None = None
    flavor: LongText = ""
    version: Annotated[int, Field(ge=1, le=999)] = 1
    tags: list[Slug] = Field(default_factory=list)
    copies: Annotated[int, Field(ge=0, le=40)] = 1
    text: LongText = ""
    # Filled in by carddb.cards.database for kinds with a `back_face` (see the module docstring).
    back: SerializeAsAny[Card] | None = None

    @field_validator("name", "flavor", "text")
    @classmethod
    def _tidy(cls, value: str) -> str:
        # Designers write multi-line YAML strings; trailing blanks are never meant.
        return re.sub(r"[ \t]+\n", "\n", value).strip()

    def subtype_id(self) -> str | None:
        """The subtype for kinds that have one (subclasses declare a `subtype` field)."""
        value = getattr(self, "subtype", None)
        return value if isinstance(value, str) else None

    def curve_cost(self) -> int | None:
        """The number a cost curve counts this card under; None if it has no cost."""
        return None

    def cost_label(self) -> str:
        return ""

    def stat_line(self) -> str:
        """Short stats for tables (e.g. '5 health')."""
        return ""

    @property
    def faces(self) -> tuple[Card, ...]:
        """The card's faces: itself, then its own back for a double-sided card."""
        return (self,) if self.back is None else (self, self.back)

    @property
    def is_back(self) -> bool:
        """Whether this is the back face of a double-sided card."""
        return is_back_id(self.id)


def back_id(card_id: str) -> str:
    """The id of a card's back face: `temple-of-dawn/back` (a slug never holds '/')."""
    return f"{card_id}/{BACK}"


def is_back_id(face_id: str) -> bool:
    return face_id.endswith(f"/{BACK}")


def front_id(face_id: str) -> str:
    """The card a face belongs to: `temple-of-dawn` for `temple-of-dawn/back`."""
    return face_id.removesuffix(f"/{BACK}")


def file_stem(face_id: str) -> str:
    """A face's file name without suffix: `temple-of-dawn`, `temple-of-dawn_back` (ids hold no '_')."""
    return face_id.replace("/", "_")
