"""The one place where game packs are registered.

To add a game: write `carddb/games/<id>/` with a `PACK` and add its id and module
to `PACK_MODULES`. The first entry is the default game.

A pack is imported when it is asked for: a command about one game does not pay for
building every other game's card models and grammar (LOE v2 costs about 40 ms).
"""

from __future__ import annotations

import importlib
from typing import Any

from carddb.errors import UsageError
from carddb.gamepack import GamePack

PACK_MODULES: dict[str, str] = {
    "loe": "carddb.games.loe",
    "loe2": "carddb.games.loe2",
    "estro": "carddb.games.estro",
}


def get_pack(game_id: str | None) -> GamePack:
    if game_id is None:
        game_id = next(iter(PACK_MODULES))
    if game_id not in PACK_MODULES:
        known = ", ".join(PACK_MODULES)
        raise UsageError(f"unknown game '{game_id}' (installed game packs: {known})")
    pack: GamePack = importlib.import_module(PACK_MODULES[game_id]).PACK
    if pack.id != game_id:
        raise RuntimeError(f"{PACK_MODULES[game_id]} defines the pack '{pack.id}', registered as '{game_id}'")
    return pack


def all_packs() -> dict[str, GamePack]:
    """Every installed pack by id, in registration order (imports them all)."""
    return {game_id: get_pack(game_id) for game_id in PACK_MODULES}


def __getattr__(name: str) -> Any:
    # GAME_PACKS is still importable by name, built on first use.
    if name == "GAME_PACKS":
        return all_packs()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
