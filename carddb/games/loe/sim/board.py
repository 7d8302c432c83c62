"""LOE's names for the simulator's state: the market zone, per-turn counters, a player's Lord and Victory card.

Powerstones are the game's `pool`; the counters a player keeps (`game.counters[p]`) are:

| counter | what it counts |
|---|---|
| `resources` | Resource cards played this turn (any player's turn counts) |
| `resource-extra` | extra Resources allowed this turn by effects (`Play an additional Resource this turn`) |
| `trades` | trades with the market this turn (the rules action, not trade effects) |
| `attempts` | Victory attempts so far this game |
| `victory-next` | powerstones off the next Victory attempt (`Your next Victory attempt costs 2 less`) |
| `victory` | the uid of the player's Victory card |
| `revealed` | 1 once an attempt has failed: the Victory card stays face up for the rest of the game |
| `kept`, `received`, `gained` | since the player's turn began: powerstones kept in upkeep, received in the main phase, gained from effects (the invariants' ledger) |
"""

from __future__ import annotations

from carddb.pack_api import ZONE_SHARED, Game

MARKET = ZONE_SHARED  # the first (only) shared zone LOE declares
SHARED_ZONES = ("market",)
PER_TURN = ("resources", "resource-extra", "trades")


def gain(game: Game, player: int, amount: int) -> None:
    """Powerstones from an effect; the ledger (`gained`) lets the invariants bound a player's powerstones."""
    game.pool[player] += amount
    counters = game.counters[player]
    counters["gained"] = counters.get("gained", 0) + amount


def lords(game: Game, player: int) -> list[int]:
    defs = game.defs
    return [uid for uid in game.play[player] if defs[uid].kind == "lord"]


def victory_card(game: Game, player: int) -> int:
    return game.counters[player].get("victory", -1)
