"""The card schema of Shards of the Empire: one model per card kind, from seed 003's "Card Types".

- Kingdom cards stay in play: a Unit has offence and health, a Building defence, a Policy no stats.
- Event cards (Tactic, Sorcery, Miracle) resolve once; their rules text is their effect.
- A Territory is never played on its own (it is revealed with a Building), so it has no cost.

Costs and scrap values mix basic and advanced resources: `cost: 3` is three basic
resources, `cost: {basic: 1, gold: 2}` one basic and two Gold.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from carddb.pack_api import Card, StrictModel

Rarity = Literal["common", "uncommon", "rare", "mythic"]
Faction = Literal["lumen", "auric", "geode", "sanctum", "neutral"]
Amount = Annotated[int, Field(ge=0, le=12)]
Stat = Annotated[int, Field(ge=0, le=20)]
Positive = Annotated[int, Field(gt=0, le=30)]

# Basic first: the pack's first icon is its currency, printed as one numbered gem.
RESOURCE_ORDER = ("basic", "research", "gold", "gemstone", "faith")
RESOURCE_NAMES = {"basic": "", "research": "Research", "gold": "Gold", "gemstone": "Gemstone", "faith": "Faith"}


class Resources(StrictModel):
    """An amount of basic and advanced resources: a cost, or what scrapping a card gives."""

    written_as: ClassVar[str] = "a number of basic resources or a mapping such as {basic: 1, gold: 2}"

    basic: Amount = 0
    research: Amount = 0
    gold: Amount = 0
    gemstone: Amount = 0
    faith: Amount = 0

    @model_validator(mode="before")
    @classmethod
    def _number_is_basic(cls, value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            return {"basic": value}
        return value

    def amounts(self) -> dict[str, int]:
        """Each resource with a non-zero amount, basic first, then in the design's order."""
        return {name: n for name in RESOURCE_ORDER if (n := getattr(self, name))}

    def total(self) -> int:
        return sum(self.amounts().values())

    def label(self) -> str:
        amounts = self.amounts()
        if not amounts:
            return "0"
        return " + ".join(f"{n} {RESOURCE_NAMES[name]}".strip() for name, n in amounts.items())

    def markup(self) -> str:
        """Icon markup for card faces: '1{basic} 2{gold}' (a free card shows '0{basic}')."""
        amounts = self.amounts() or {"basic": 0}
        return " ".join(f"{n}{{{name}}}" for name, n in amounts.items())


class ShardsCard(Card):
    rarity: Rarity
    faction: Faction = "neutral"
    # What the Scrap action gains for this card; a card without one cannot be scrapped.
    scrap: Resources | None = None

    def cost_label(self) -> str:
        cost: Resources | None = getattr(self, "cost", None)
        return cost.label() if cost is not None else ""

    def curve_cost(self) -> int | None:
        cost: Resources | None = getattr(self, "cost", None)
        return cost.total() if cost is not None else None


def _require_text(card: Card, what: str) -> None:
    if not card.text:
        raise PydanticCustomError(
            "kind_rule", "a {kind} needs {what}", {"kind": card.kind.title(), "what": what, "field": "text"}
        )


class Unit(ShardsCard):
    kind: Literal["unit"]
    cost: Resources
    offence: Stat
    health: Positive

    def stat_line(self) -> str:
        return f"{self.offence} offence / {self.health} health"


class Building(ShardsCard):
    kind: Literal["building"]
    cost: Resources
    defence: Positive

    def stat_line(self) -> str:
        return f"{self.defence} defence"


class Policy(ShardsCard):
    kind: Literal["policy"]
    cost: Resources

    @model_validator(mode="after")
    def _has_effect(self) -> Policy:
        _require_text(self, "rules text (what it changes in your kingdom)")
        return self


class Event(ShardsCard):
    cost: Resources

    @model_validator(mode="after")
    def _has_effect(self) -> Event:
        _require_text(self, "rules text (its effect when it resolves)")
        return self


class Tactic(Event):
    kind: Literal["tactic"]


class Sorcery(Event):
    kind: Literal["sorcery"]


class Miracle(Event):
    kind: Literal["miracle"]


class Territory(ShardsCard):
    """No `cost` field: a Territory is never played on its own, only revealed with a Building
    (a `cost:` key is reported as a field a Territory does not have)."""

    kind: Literal["territory"]


ShardsCardSchema = Annotated[
    Unit | Building | Policy | Tactic | Sorcery | Miracle | Territory,
    Field(discriminator="kind"),
]
