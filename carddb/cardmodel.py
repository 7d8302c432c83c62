"""Fields every card of every game has; game packs subclass `Card` per kind.

Models are strict (a YAML string is not silently turned into a number) and
forbid unknown keys, so a typo in a field name is an error that names the field.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

SLUG = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
Slug = Annotated[str, Field(pattern=SLUG, min_length=1, max_length=80)]
NonEmptyText = Annotated[str, Field(min_length=1)]


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
    name: NonEmptyText
    kind: str
    set: NonEmptyText
    number: Annotated[int, Field(ge=1, le=9999)]
    rarity: str
    art: ArtRef | None = None
    flavor: str = ""
    version: Annotated[int, Field(ge=1, le=999)] = 1
    tags: list[Slug] = Field(default_factory=list)
    copies: Annotated[int, Field(ge=0, le=40)] = 1
    text: str = ""

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
