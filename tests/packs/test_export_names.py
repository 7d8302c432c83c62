"""How a game's rarities and factions are named to tools made for Magic (Draftmancer, Cockatrice).

Draftmancer refuses any rarity but common, uncommon, rare, mythic and special, and balances packs
on the colours W, U, B, R, G; a pack declares its mapping (`Rarity.tier`, `Faction.color_letter`, or
`tier`/`color_letter` in game.yaml), or takes the defaults checked here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.game_projects import write_game

from carddb.files.project import Project
from carddb.packs.lookup import get_pack
from carddb.packs.pack import Faction as F
from carddb.packs.pack import GamePack, Rarity


def _pack(rarities: tuple[Rarity, ...] = (), factions: tuple[F, ...] = ()) -> GamePack:
    return GamePack("t", "T", "", None, (), rarities, factions)


def test_rarity_tiers_by_name_then_by_place() -> None:
    pack = _pack(tuple(Rarity(r, r, "#000000") for r in ("basic", "rare", "epic", "ultra", "promo")))
    assert [pack.rarity_tier(r.id) for r in pack.rarities] == ["common", "rare", "mythic", "mythic", "mythic"]
    declared = _pack((Rarity("basic", "B", "#000000"), Rarity("promo", "P", "#000000", tier="special")))
    assert [declared.rarity_tier(r.id) for r in declared.rarities] == ["common", "special"]
    assert get_pack("estro").rarity_tier("legendary") == "mythic"  # ESTRO declares it
    with pytest.raises(ValueError, match="tier 'epic'"):
        _pack((Rarity("x", "X", "#000000", tier="epic"),))


def test_colour_letters_declared_or_by_place() -> None:
    factions = tuple(F(f"f{i}", "F", "#000000", "#000000") for i in range(7))
    assert [_pack(factions=factions).color_letter(f.id) for f in factions] == ["W", "U", "B", "R", "G", "", ""]
    mixed = (
        F("a", "A", "#0", "#0"),
        F("b", "B", "#0", "#0", color_letter="W"),
        F("n", "N", "#0", "#0", color_letter=""),
    )
    assert [_pack(factions=mixed).color_letter(f.id) for f in mixed] == ["U", "W", ""]
    assert _pack(factions=mixed).color_letter(None) == ""
    shards = get_pack("shards")
    assert {f.id: shards.color_letter(f.id) for f in shards.factions} == {
        "lumen": "U", "auric": "W", "geode": "B", "sanctum": "R", "neutral": "",
    }  # fmt: skip
    with pytest.raises(ValueError, match="color_letter 'X'"):
        _pack(factions=(F("a", "A", "#0", "#0", color_letter="X"),))


def test_game_yaml_declares_them(tmp_path: Path) -> None:
    game = """\
name: Tiny
factions:
  - {id: sun, name: Sun, color: "#b5532a", accent: "#f0c060", color_letter: R}
  - {id: moon, name: Moon, color: "#1d6f8a", accent: "#f0c060", color_letter: ""}
rarities:
  - {id: basic, name: Basic}
  - {id: gilded, name: Gilded, tier: mythic}
kinds:
  - {id: unit, label: Unit}
"""
    write_game(tmp_path, "tiny", game, "[]\n")
    pack = get_pack("tiny", Project.at(tmp_path))
    assert [pack.rarity_tier(r.id) for r in pack.rarities] == ["common", "mythic"]
    assert [pack.color_letter(f.id) for f in pack.factions] == ["R", ""]
