"""LOE v2's names for the simulator's state: its shared zones, the state the kit does not keep, unit stats.

Shared zones (in `Game.shared`, in this order):

| zone | what it holds |
|---|---|
| `marketplace` | the face-up Resource cards, oldest first (`marketplace-face-up` of them) |
| `resource deck` | the shared, face-down deck the marketplace draws from (hidden: `Simulator.hidden_zones`) |
| `pitch` | pitched cards waiting for their owner's next turn (face up; `game.controller` says whose) |
| `gone` | Troop tokens that left the battlefield: they are not cards, so they stay out of the game |

Each player's own deck is the kit's `Game.decks`; the graveyard is the kit's discard pile
(a card's owner says whose graveyard). `game.pool` is each player's mana pool.

`Loe2State` (`game.extra`): each player's health, the mana each pitched card still holds,
the attack being fought, and the tokens made. The per-turn counters (`game.counters[p]`): `attacks` (Leaders
that attacked this turn) and `trades` (trades with the marketplace this turn).
"""

from __future__ import annotations

from carddb.pack_api import ZONE_PLAY, ZONE_SHARED, CardDef, Game

SHARED_ZONES = ("marketplace", "resource deck", "pitch", "gone")
MARKETPLACE = ZONE_SHARED
RESOURCE_DECK = ZONE_SHARED + 1
PITCH = ZONE_SHARED + 2
GONE = ZONE_SHARED + 3
MARKETPLACE_INDEX, RESOURCE_INDEX, PITCH_INDEX, GONE_INDEX = 0, 1, 2, 3  # (their places in `Game.shared`)
PER_TURN = ("attacks", "trades")
UNITS = frozenset({"leader", "troop"})
LEADS = "leads:"  # a Leader's number `leads:<troop type>` is 1 for each troop type it leads


class Combat:
    """The attack being fought: who attacks, at what, with which units, and who blocks whom."""

    __slots__ = ("at_player", "attackers", "blocks", "leader", "player", "target")

    def __init__(self, player: int, leader: int, target: int, at_player: bool) -> None:
        self.player = player  # the attacking player
        self.leader = leader
        self.target = target  # the player attacked, or the Leader attacked
        self.at_player = at_player
        self.attackers: list[int] = [leader]  # the Leader, then the Troops that joined, in order
        self.blocks: dict[int, list[int]] = {}  # attacker -> its blockers, in the order they blocked

    def copy(self) -> Combat:
        new = Combat(self.player, self.leader, self.target, self.at_player)
        new.attackers = list(self.attackers)
        new.blocks = {attacker: list(blockers) for attacker, blockers in self.blocks.items()}
        return new

    def blocking(self, uid: int) -> bool:
        return any(uid in blockers for blockers in self.blocks.values())


class Loe2State:
    """What LOE v2 keeps beyond the kit's state; copied with the game."""

    __slots__ = ("combat", "life", "pitched", "tokens")

    def __init__(self, players: int, health: int) -> None:
        self.life = [health] * players
        self.pitched: dict[int, int] = {}  # a pitched card -> the mana it still holds
        self.combat: Combat | None = None
        self.tokens: list[int] = []  # every token created, in order (`Game.add_card`)

    def copy(self) -> Loe2State:
        new = object.__new__(Loe2State)
        new.tokens = list(self.tokens)
        new.life = list(self.life)
        new.pitched = dict(self.pitched)
        new.combat = self.combat.copy() if self.combat is not None else None
        return new


def state(game: Game) -> Loe2State:
    found: Loe2State = game.extra
    return found


def stat(game: Game, uid: int, name: str) -> int:
    """A printed number of the card (`power`, `resistance`, `pitch`), 0 if it has none."""
    value: int = game.defs[uid].numbers.get(name, 0)
    return value


def led_types(definition: CardDef) -> frozenset[str]:
    """The troop types a Leader leads: its numbers `leads:<troop type>` (`Loe2Simulator.card_record`)."""
    return frozenset(name[len(LEADS) :] for name in definition.numbers if name.startswith(LEADS))


def power(game: Game, uid: int) -> int:
    """A unit's power now: printed, plus every active `power` static (anthems, boosts until end of turn)."""
    base: int = game.defs[uid].numbers.get("power", 0)
    found = (game.statics_cache or game.static_layers()).get("power")
    if found:
        for source, static in found:
            if static.applies(game, source, uid):
                base += static.amount
    return max(0, base)


def leaders(game: Game, player: int) -> list[int]:
    defs = game.defs
    return [uid for uid in game.play[player] if defs[uid].kind == "leader"]


def units(game: Game, player: int) -> list[int]:
    defs = game.defs
    return [uid for uid in game.play[player] if defs[uid].kind in UNITS]


def is_unit_in_play(game: Game, uid: int) -> bool:
    return game.place[uid] == ZONE_PLAY and game.defs[uid].kind in UNITS
