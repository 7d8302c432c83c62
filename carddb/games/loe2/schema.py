"""The card schema of Lords of Estraven v2: units in combat, pitch values, resource cards.

Every non-resource card has a pitch value (`pitch-special` to `pitch-max`, see numbers.py);
resource cards cannot be pitched, so they may not carry one.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from carddb.games.loe2.numbers import number
from carddb.pack_api import Card

Rarity = Literal["common", "uncommon", "rare", "mythic"]
Province = Literal["ashmarch", "veldmoor", "corvane", "thornwall", "sel-amara", "neutral"]
Mana = Annotated[int, Field(ge=0, le=20)]
# Usually 1-3; "some special cards may have a value of 0" (seed 001, Pitching).
Pitch = Annotated[int, Field(ge=number("pitch-special"), le=number("pitch-max"))]
Stat = Annotated[int, Field(ge=0, le=99)]
Positive = Annotated[int, Field(gt=0, le=99)]
# The pack's closed list: the same words the rules text uses as adjectives ("Guard Troop").
TroopType = Literal["Soldier", "Rider", "Scout", "Archer", "Guard", "Acolyte"]


class Loe2Card(Card):
    rarity: Rarity
    province: Province = "neutral"

    def curve_cost(self) -> int | None:
        cost = getattr(self, "cost", None)
        return cost if isinstance(cost, int) else None

    def cost_label(self) -> str:
        cost = getattr(self, "cost", None)
        return f"{cost} mana" if isinstance(cost, int) else ""


class Pitched(Loe2Card):
    cost: Mana
    pitch: Pitch


class Troop(Pitched):
    kind: Literal["troop"]
    troop_type: TroopType
    power: Stat
    toughness: Positive

    def stat_line(self) -> str:
        return f"{self.power}/{self.toughness}"

    def subtype_id(self) -> str | None:
        # A Troop's type plays the part a subtype plays elsewhere (type lines, stats, filters).
        return self.troop_type.lower()


class Leader(Pitched):
    kind: Literal["leader"]
    # `Leader - {Troop type}`: the troop types that may join this Leader's attacks.
    leads: Annotated[list[TroopType], Field(min_length=1)]
    power: Stat
    resistance: Stat
    health: Positive

    def stat_line(self) -> str:
        return f"{self.power}/{self.resistance}/{self.health}"


class Spell(Pitched):
    kind: Literal["spell"]

    @model_validator(mode="after")
    def _has_effect(self) -> Spell:
        if not self.text:
            raise PydanticCustomError("kind_rule", "a Spell needs rules text (its one-time effect)")
        return self


class Reaction(Pitched):
    kind: Literal["reaction"]

    @model_validator(mode="after")
    def _has_effect(self) -> Reaction:
        if not self.text:
            raise PydanticCustomError("kind_rule", "a Reaction needs rules text with its scoped condition")
        return self


class Resource(Loe2Card):
    kind: Literal["resource"]
    subtype: Literal["subject", "material", "influence"]

    @model_validator(mode="before")
    @classmethod
    def _no_pitch(cls, value: Any) -> Any:
        if isinstance(value, dict) and "pitch" in value:
            raise PydanticCustomError(
                "kind_rule", "a Resource card cannot carry a pitch value: resource cards cannot be pitched"
            )
        return value

    @model_validator(mode="after")
    def _has_sacrifice(self) -> Resource:
        if not self.text:
            raise PydanticCustomError("kind_rule", "a Resource card needs rules text: its sacrifice cost and effect")
        return self


Loe2CardSchema = Annotated[Troop | Leader | Spell | Reaction | Resource, Field(discriminator="kind")]
