"""A small game that is not LOE, declared without Python, to prove the draft assumes no game's phases.

"Skirmish" is a game.yaml game: Units and Tactics in three factions and three
rarities, 2 to 8 players, and a classic booster draft (three rounds of packs
passed left, right, left, then deck building) declared in its boosters.yaml alone.
"""

from __future__ import annotations

from pathlib import Path

from carddb.files.project import Project
from carddb.packs.lookup import get_pack
from carddb.packs.pack import GamePack

FACTIONS = ("red", "blue", "green")

GAME = """\
name: Skirmish
description: A fixture game with a classic booster draft.
faction_label: banner
factions:
  - {id: red, name: Red, color: "#8f2d1f", accent: "#e0a24a"}
  - {id: blue, name: Blue, color: "#1f4f86", accent: "#d9b45a"}
  - {id: green, name: Green, color: "#2f5a4a", accent: "#9cc3a5"}
kinds:
  - id: unit
    label: Unit
    description: A fighter.
    fields:
      power: {type: number, min: 0, max: 9}
  - id: tactic
    label: Tactic
    description: A trick.
numbers:
  - {id: players-min, value: 2, label: fewest players}
  - {id: players-max, value: 8, label: most players}
  - {id: draft-rounds, value: 3, label: rounds of packs in a booster draft}
"""

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
    """A project with 30 Skirmish cards (18 common, 8 uncommon, 4 rare), its game.yaml and the booster draft."""
    data = root / "data" / "skirmish"
    (data / "cards").mkdir(parents=True)
    (data / "game.yaml").write_text(GAME, encoding="utf-8")
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
            "  text: Fixture.",
        ]
        if kind == "unit":
            lines.append(f"  power: {number % 10}")
    (data / "cards" / "cards.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (data / "boosters.yaml").write_text(BOOSTERS, encoding="utf-8")
    return root


def skirmish_pack(root: Path) -> GamePack:
    return get_pack("skirmish", Project.at(root))
