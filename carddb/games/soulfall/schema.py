"""The card schema of Lords (SoulFall): one model per kind, and per side of a double-sided card.

Temple/Shrine, Follower/Citadel and Shell/Broken Shell cards are double-sided: the
front's kind declares its back face (see the pack's KINDS), and the card writes the
other side under `back:`. Every copy of the game has the same cards, so a card has
one rarity, which it need not write.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from carddb.pack_api import Card

# The four Lords of SoulFall: the game's factions (a Lord card's and a Temple's colours).
LordId = Literal["interloper", "ruminator", "propagator", "sunderer"]
Points = Annotated[int, Field(ge=0, le=9)]


class SoulfallCard(Card):
    rarity: Literal["common"] = "common"


class _HasAbility(SoulfallCard):
    """A side whose rules text is what it is for (an Action, a Lord's abilities, a Broken Shell's ability)."""

    needs: ClassVar[str] = "rules text"

    @model_validator(mode="after")
    def _has_text(self) -> _HasAbility:
        if not self.text:
            raise PydanticCustomError("kind_rule", "rules text", {"field": "text", "what": self.needs})
        return self


class Action(_HasAbility):
    kind: Literal["action"]
    needs: ClassVar[str] = "rules text: the Action it performs"


class Reference(_HasAbility):
    kind: Literal["reference"]
    needs: ClassVar[str] = "rules text: the abilities it explains"


class Lord(_HasAbility):
    kind: Literal["lord"]
    lord: LordId
    needs: ClassVar[str] = "rules text: its abilities, performed in order when it is Beseeched"


class Temple(_HasAbility):
    kind: Literal["temple"]
    lord: LordId
    needs: ClassVar[str] = "rules text: the Special Ability it grants at the start of your turn"


class Shrine(SoulfallCard):
    """The back of a Temple: a Shrine of Solitude, which belongs to no Lord and is not a Temple."""

    kind: Literal["shrine"]
    points: Points


class Follower(SoulfallCard):
    kind: Literal["follower"]
    points: Points


class Citadel(SoulfallCard):
    kind: Literal["citadel"]
    points: Points


class Shell(SoulfallCard):
    kind: Literal["shell"]
    points: Points


class BrokenShell(_HasAbility):
    kind: Literal["broken-shell"]
    points: Points
    needs: ClassVar[str] = "rules text: the ability used when the Shell is broken"


SoulfallCardSchema = Annotated[
    Action | Reference | Lord | Temple | Shrine | Follower | Citadel | Shell | BrokenShell,
    Field(discriminator="kind"),
]
