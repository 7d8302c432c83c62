"""SoulFall's names for the simulator's state: the zones of the play area, a Tribe, Worship and Scorn, points.

| place | zone |
|---|---|
| the five Action cards | shared zone `actions` (a space taken this turn is face down at the table) |
| the two Reference cards | shared zone `references` (never selected) |
| the Temples not in a Tribe | shared zone `temples`, Temple side up |
| the Followers not in a Tribe | shared zone `followers`, Follower side up |
| the Shells not in a Tribe | shared zone `shells` (the Shell deck; a gained Shell is taken at random) |
| a Lord card being Beseeched | shared zone `revealed`, until its abilities are done |
| the Lord deck, the discard pile, hands | the core's deck, discard pile and hands |
| a Tribe | the player's play zone |

In a Tribe every card shows one side (`carddb.pack_api.turn_over`); a Shell is face down
(its Broken side is its owner's secret), every other card face up. Counters a player keeps
(`game.counters[p]`): `first-temple`, the Lord of the first Temple they raised (its index in
the pack's factions, plus one); `beseech:<lord>`, Lord cards of that Lord they Beseeched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from carddb.pack_api import ZONE_SHARED, Game

if TYPE_CHECKING:
    from carddb.games.soulfall.sim.simulator import SoulfallSimulator

SHARED_ZONES = ("actions", "references", "temples", "followers", "shells", "revealed")
ACTIONS, REFERENCES, TEMPLES, FOLLOWERS, SHELLS, REVEALED = (ZONE_SHARED + i for i in range(len(SHARED_ZONES)))

# The kinds of the sides a Tribe may show.
TRIBE_KINDS = frozenset({"follower", "citadel", "shell", "broken-shell", "temple", "shrine"})
FIRST_TEMPLE = "first-temple"
BESEECHED = "beseech:"


def rules(game: Game) -> SoulfallSimulator:
    """The game's simulator, with the rule numbers as attributes (`SoulfallSimulator`)."""
    return cast("SoulfallSimulator", game.sim)


def of_kind(game: Game, player: int, kind: str) -> list[int]:
    """`player`'s Tribe cards that show a side of `kind`, in the order they came."""
    defs = game.defs
    return [uid for uid in game.play[player] if defs[uid].kind == kind]


def count(game: Game, player: int, kind: str) -> int:
    defs = game.defs
    return sum(1 for uid in game.play[player] if defs[uid].kind == kind)


def temple_of(game: Game, player: int, lord: str) -> int:
    """`player`'s Temple (Temple side up) of `lord`, or -1."""
    defs = game.defs
    for uid in game.play[player]:
        definition = defs[uid]
        if definition.kind == "temple" and definition.faction == lord:
            return uid
    return -1


def worships(game: Game, player: int, lord: str) -> bool:
    """A player Worships every Lord whose Temple is in their Tribe (a Shrine of Solitude is not a Temple)."""
    return temple_of(game, player, lord) >= 0


def scorned(game: Game, lord: str) -> bool:
    """A Lord is Scorned when no Tribe holds its Temple."""
    return all(temple_of(game, player, lord) < 0 for player in range(game.n))


def points(game: Game, player: int) -> int:
    """The Tribe's points by the scoring table: each card by the side that shows."""
    table = rules(game).points
    defs = game.defs
    return sum(table.get(defs[uid].kind, 0) for uid in game.play[player])


def opponents(game: Game, player: int) -> list[int]:
    return [other for other in range(game.n) if other != player]
