"""The one place where game packs are registered.

To add a game: write `carddb/games/<id>/` with a `PACK`, import it here, and add
it to `GAME_PACKS`. The first entry is the default game.
"""

from __future__ import annotations

from carddb.errors import UsageError
from carddb.gamepack import GamePack
from carddb.games.loe import PACK as LOE
from carddb.games.loe2 import PACK as LOE2

GAME_PACKS: dict[str, GamePack] = {pack.id: pack for pack in (LOE, LOE2)}


def get_pack(game_id: str | None) -> GamePack:
    if game_id is None:
        return next(iter(GAME_PACKS.values()))
    try:
        return GAME_PACKS[game_id]
    except KeyError:
        known = ", ".join(GAME_PACKS)
        raise UsageError(f"unknown game '{game_id}' (installed game packs: {known})") from None
