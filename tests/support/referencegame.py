"""The core phrasebook's reference game (tests/fixtures/phrasebook/game.yaml), loaded once.

A game.yaml whose vocabulary declares every kind of word the broad phrasebook takes, and keeps every
core entry with examples in its words: the rules tests read it, the simulator's scenario table plays it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from carddb.packs.gamefile import load_game_file
from carddb.packs.pack import GamePack
from carddb.rules.language import RulesLanguage

GAME = Path(__file__).resolve().parents[1] / "fixtures" / "phrasebook" / "game.yaml"


@cache
def reference_pack() -> GamePack:
    return load_game_file(GAME, "phrasebook")


def reference_language() -> RulesLanguage:
    language = reference_pack().language
    assert language is not None
    return language
