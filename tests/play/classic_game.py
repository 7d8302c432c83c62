"""A small game that is not LOE, to prove the draft assumes no game's phases.

"Skirmish" has Units and Tactics in three factions and three rarities, 2 to 8
players, and a classic booster draft (three rounds of packs passed left, right,
left, then deck building) declared in its boosters.yaml alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field

from carddb.cardmodel import Card
from carddb.gamepack import Faction, GameNumber, GamePack, KindInfo, Rarity

FACTIONS = ("red", "blue", "green")
RARITIES = ("common", "uncommon", "rare")


class SkirmishCard(Card):
    rarity: Literal["common", "uncommon", "rare"]
    faction: Literal["red", "blue", "green"]


class Unit(SkirmishCard):
    kind: Literal["unit"]
    power: Annotated[int, Field(ge=0, le=9)] = 1


class Tactic(SkirmishCard):
    kind: Literal["tactic"]


PACK = GamePack(
    id="skirmish",
    name="Skirmish",
    description="A fixture game with a classic booster draft.",
    card_schema=Annotated[Unit | Tactic, Field(discriminator="kind")],
    kinds=(
        KindInfo("unit", "Unit", "Units", "A fighter."),
        KindInfo("tactic", "Tactic", "Tactics", "A trick."),
    ),
    rarities=(
        Rarity("common", "Common", "#222222"),
        Rarity("uncommon", "Uncommon", "#888888"),
        Rarity("rare", "Rare", "#c9a227"),
    ),
    factions=tuple(Faction(f, f.title(), "#333333", "#999999") for f in FACTIONS),
    numbers=(
        GameNumber("players-min", 2, "fewest players"),
        GameNumber("players-max", 8, "most players"),
        GameNumber("draft-rounds", 3, "rounds of packs in a booster draft"),
    ),
)

BOOSTERS = """\
boosters:
  pack:
    name: Skirmish booster
    slots:
      - {name: commons, count: 5, filter: {rarity: common}}
      - {name: uncommons, count: 2, filter: {rarity: uncommon}}
      - {name: rare, count: 1, filter: {rarity: rare}}
drafts:
  booster-draft:
    name: Booster Draft
    description: Three rounds of packs, then each player builds a deck from their picks.
    phases:
      draft:
        name: Booster draft
        mode: pick-and-pass
        booster: pack
        open: each-seat
        rounds: draft-rounds
        pass: alternate
        pool: {name: pool}
"""


def build_skirmish(root: Path) -> Path:
    """A project with 30 Skirmish cards (18 common, 8 uncommon, 4 rare) and the booster draft."""
    data = root / "data" / "skirmish"
    (data / "cards").mkdir(parents=True)
    (data / "sets.yaml").write_text("- code: SKR\n  name: Skirmish\n  stage: playtest\n", encoding="utf-8")
    lines = []
    for number in range(1, 31):
        rarity = "common" if number <= 18 else "uncommon" if number <= 26 else "rare"
        kind = "unit" if number % 3 else "tactic"
        lines += [
            f"- id: card-{number}",
            f"  name: Card {number}",
            f"  kind: {kind}",
            f"  faction: {FACTIONS[number % 3]}",
            "  set: SKR",
            f"  number: {number}",
            f"  rarity: {rarity}",
            "  flavor: Fixture.",
        ]
    (data / "cards" / "cards.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (data / "boosters.yaml").write_text(BOOSTERS, encoding="utf-8")
    return root
