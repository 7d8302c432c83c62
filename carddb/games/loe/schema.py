"""The card schema of Lords of Estraven v1: one model per card kind.

Field names follow the design document's words: a Duke has a `cost` (what it
takes to activate it) and `health`; Items and Resources have a `subtype`.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from carddb.pack_api import Card, StrictModel

Rarity = Literal["common", "uncommon", "rare", "mythic"]
Province = Literal["ashmarch", "veldmoor", "corvane", "thornwall", "sel-amara", "neutral"]
Amount = Annotated[int, Field(ge=0, le=20)]

RESOURCE_ICONS = {"subject": "subject", "material": "material", "influence": "influence"}


class Cost(StrictModel):
    """Powerstones to pay plus resources to spend (one fatigue token each).

    Written either as a number of powerstones (`cost: 3`) or as a mapping
    (`cost: {powerstones: 2, influence: 1}`).
    """

    written_as: ClassVar[str] = "a number of powerstones or a mapping such as {powerstones: 2, influence: 1}"

    powerstones: Amount = 0
    subject: Amount = 0
    material: Amount = 0
    influence: Amount = 0

    @model_validator(mode="before")
    @classmethod
    def _number_is_powerstones(cls, value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            return {"powerstones": value}
        return value

    def resources(self) -> dict[str, int]:
        return {name: n for name in RESOURCE_ICONS if (n := getattr(self, name))}

    def label(self) -> str:
        parts = [f"{self.powerstones}"] if self.powerstones or not self.resources() else []
        parts += [f"{n} {name.title()}" for name, n in self.resources().items()]
        return " + ".join(parts)

    def markup(self) -> str:
        """The cost as icon markup for card faces, e.g. '2{powerstone} 1{influence}'."""
        parts = [f"{self.powerstones}{{powerstone}}"] if self.powerstones or not self.resources() else []
        parts += [f"{n}{{{icon}}}" for name, n in self.resources().items() for icon in [RESOURCE_ICONS[name]]]
        return " ".join(parts)


class LoeCard(Card):
    rarity: Rarity
    province: Province = "neutral"

    def cost_label(self) -> str:
        cost: Cost | None = getattr(self, "cost", None)
        return cost.label() if cost else ""

    def curve_cost(self) -> int | None:
        cost: Cost | None = getattr(self, "cost", None)
        return cost.powerstones if cost else None

    def stat_line(self) -> str:
        health = getattr(self, "health", None)
        return f"{health} health" if health else ""


def _require_text(card: Card, what: str) -> None:
    if not card.text:
        raise PydanticCustomError(
            "kind_rule", "a {kind} needs {what}", {"kind": card.kind.title(), "what": what, "field": "text"}
        )


class Lord(LoeCard):
    kind: Literal["lord"]
    cost: Cost = Cost()
    health: Annotated[int, Field(gt=0, le=99)]


class Duke(LoeCard):
    kind: Literal["duke"]
    cost: Cost
    health: Annotated[int, Field(gt=0, le=99)]


class Victory(LoeCard):
    kind: Literal["victory"]

    @model_validator(mode="after")
    def _has_condition(self) -> Victory:
        _require_text(self, "rules text that states its win condition")
        return self


class Resource(LoeCard):
    kind: Literal["resource"]
    subtype: Literal["subject", "material", "influence"]


class Spell(LoeCard):
    kind: Literal["spell"]
    cost: Cost

    @model_validator(mode="after")
    def _has_effect(self) -> Spell:
        _require_text(self, "rules text (its one-time effect)")
        return self


class Reaction(LoeCard):
    kind: Literal["reaction"]
    cost: Cost

    @model_validator(mode="after")
    def _has_effect(self) -> Reaction:
        _require_text(self, "rules text with its timing condition")
        return self


class Item(LoeCard):
    kind: Literal["item"]
    subtype: Literal["artifact", "gear", "class", "boon"]
    cost: Cost

    @model_validator(mode="after")
    def _has_effect(self) -> Item:
        _require_text(self, "rules text")
        return self


class Ritual(LoeCard):
    kind: Literal["ritual"]
    cost: Cost

    @model_validator(mode="after")
    def _has_effect(self) -> Ritual:
        _require_text(self, "rules text (its continuous effect)")
        return self


LoeCardSchema = Annotated[
    Lord | Duke | Victory | Resource | Spell | Reaction | Item | Ritual,
    Field(discriminator="kind"),
]
