"""The card schema of ESTRO: Gift cards and Empty cards with five stats and their TOT, and Zone cards.

Seed 002 sorts cards into those with a Gift (rules text that triggers effects)
and Empty cards (no effect); both are played onto the field and fight with their
stats. Zone cards (decision: part of the 250-card pool, played like any card)
wrap the field while active and have an effect but no stats. Every card belongs
to one of the five estri.

The stat fields are named as the seed prints them (`atk`, `def`, `hel`, `dex`,
`map`, `tot`). `def` is a Python keyword, so the stat fields are declared with
`create_model`, which takes field names as strings; templates and code read them
with `card.def` (jinja) or `getattr(card, "def")`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, create_model, model_validator
from pydantic_core import PydanticCustomError

from carddb.games.estro.estri import ESTRO_BY_ID, STATS, TOTAL, stat_label
from carddb.pack_api import Card

Rarity = Literal["common", "rare", "legendary"]
EstroId = Literal["ardo", "granito", "armonio", "illusio", "manpo"]
Stat = Annotated[int, Field(ge=0, le=60)]
Total = Annotated[int, Field(ge=0, le=300)]


class EstroCard(Card):
    rarity: Rarity
    estro: EstroId

    def subtype_id(self) -> str | None:
        return None


_WithStats = create_model(  # type: ignore[call-overload]
    "_WithStats",
    __base__=EstroCard,
    __module__=__name__,
    **{stat: (Stat, ...) for stat in STATS},
    **{TOTAL: (Total, ...)},
)


class Fighter(_WithStats):  # type: ignore[misc, valid-type]
    """A card that is placed on the field and fights: a Gift card or an Empty card."""

    def stat(self, stat: str) -> int:
        value: int = getattr(self, stat)
        return value

    def stats(self) -> dict[str, int]:
        return {stat: self.stat(stat) for stat in STATS}

    @property
    def primary(self) -> str:
        """The stat this card's estro leads with (ATK for Ardo...)."""
        return ESTRO_BY_ID[self.estro].primary

    def stat_line(self) -> str:
        return " ".join(f"{stat_label(s)} {v}" for s, v in self.stats().items()) + f" | TOT {self.stat(TOTAL)}"

    def curve_cost(self) -> int | None:
        # ESTRO has no costs; the spoiler's and `stats`' curve counts cards by their TOT instead.
        return None


def _needs_text(card: EstroCard, what: str) -> None:
    if not card.text:
        raise PydanticCustomError("kind_rule", "a card of this kind needs rules text", {"field": "text", "what": what})


class GiftCard(Fighter):
    kind: Literal["gift"]

    @model_validator(mode="after")
    def _has_gift(self) -> GiftCard:
        _needs_text(self, "rules text: its Gift")
        return self


class EmptyCard(Fighter):
    kind: Literal["empty"]


class ZoneCard(EstroCard):
    kind: Literal["zone"]

    @model_validator(mode="after")
    def _has_effect(self) -> ZoneCard:
        _needs_text(self, "rules text: what changes while it is the active Zone")
        return self


EstroCardSchema = Annotated[GiftCard | EmptyCard | ZoneCard, Field(discriminator="kind")]
