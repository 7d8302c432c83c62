"""A generated LOE fixture project: enough cards of every kind and rarity to open boosters and draft.

A module of its own (not conftest.py), so that tests import it by a name no other folder uses."""

from __future__ import annotations

import shutil
from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.packs.lookup import get_pack

REPO = Path(__file__).resolve().parents[2]
PROVINCES = ("ashmarch", "veldmoor", "corvane", "thornwall", "sel-amara", "neutral")
DECK_KINDS = ("resource", "spell", "reaction", "item", "ritual")
# 5 deck cards of each kind per rarity row below, spread over the provinces.
DECK_RARITIES = ("common",) * 6 + ("uncommon",) * 3 + ("rare",) * 2 + ("mythic",)


def _card(number: int, kind: str, rarity: str, province: str) -> str:
    lines = [
        f"- id: {kind}-{number}",
        f"  name: {kind.title()} {number}",
        f"  kind: {kind}",
        f"  province: {province}",
        "  set: TST",
        f"  number: {number}",
        f"  rarity: {rarity}",
        "  flavor: Fixture.",
    ]
    if kind == "resource":
        lines.append(f"  subtype: {('subject', 'material', 'influence')[number % 3]}")
        lines.append("  copies: 3")
    elif kind == "item":
        lines.append(f"  subtype: {('artifact', 'gear', 'class', 'boon')[number % 4]}")
    if kind in {"spell", "reaction", "item", "ritual", "duke", "lord"}:
        lines.append(f"  cost: {1 + number % 5}")
    # Texts the LOE rules-text checker accepts for each kind.
    if kind == "victory":
        lines.append("  text: Win if you control five or more Influence and you have four or more cards in hand.")
    elif kind == "reaction":
        lines.append("  text: 'Reaction - When an opponent plays a Victory card: Counter it.'")
    elif kind in {"spell", "item", "ritual"}:
        lines.append("  text: Draw a card.")
    if kind in {"lord", "duke"}:
        lines.append(f"  health: {8 + number % 10}")
    if kind in {"spell", "reaction", "item", "ritual"}:
        lines.append("  copies: 2")
    return "\n".join(lines)


def build_project(root: Path, *, lords: int = 10, dukes: int = 24, victories: int = 16) -> Path:
    """A project with 12 x 5 deck cards, and council and Victory cards, in data/loe/."""
    data = root / "data" / "loe"
    (data / "cards").mkdir(parents=True)
    (data / "sets.yaml").write_text("- code: TST\n  name: Test set\n  stage: playtest\n", encoding="utf-8")
    entries = []
    number = 0
    for row, rarity in enumerate(DECK_RARITIES):
        for k, kind in enumerate(DECK_KINDS):
            number += 1
            entries.append(_card(number, kind, rarity, PROVINCES[(row + k) % len(PROVINCES)]))
    for kind, how_many in (("lord", lords), ("duke", dukes), ("victory", victories)):
        for i in range(how_many):
            number += 1
            rarity = ("common", "uncommon", "rare", "mythic")[i % 4]
            entries.append(_card(number, kind, rarity, PROVINCES[i % 5]))
    (data / "cards" / "cards.yaml").write_text("\n".join(entries) + "\n", encoding="utf-8")
    shutil.copy(REPO / "data" / "loe" / "boosters.yaml", data / "boosters.yaml")
    return root


def load(root: Path) -> CardDatabase:
    db, report = load_database(Project.at(root), get_pack("loe"))
    assert not report.errors, report.format_text()
    return db
