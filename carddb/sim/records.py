"""What a game leaves behind: its result, and the statistics a playtest adds up.

`GameStats` is filled while a game runs (which cards each seat played, which were
ever offered as a legal play, the decisions taken when a replayable log is kept);
`GameRecord` is the plain, picklable summary a worker sends back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from carddb.sim.decisions import Action
    from carddb.sim.game import Game


_UID = attrgetter("uid")


class GameStats:
    __slots__ = ("counts", "decisions", "drawn", "offered_uids", "played")

    def __init__(self, players: int, *, decisions: bool = False) -> None:
        self.played: list[set[str]] = [set() for _ in range(players)]  # card ids each seat played or activated
        # The cards ever offered as a legal play, by uid (-1: actions of no card), named at the end
        # (`offered_ids`): noted at every decision, so as cheaply as can be.
        self.offered_uids: set[int] = set()
        self.drawn: set[str] = set()  # cards ever drawn into a hand
        self.decisions: list[int] | None = [] if decisions else None
        # (card id, when it was played: "" or the pack's word for the window) -> times, all seats together
        self.counts: dict[tuple[str, str], int] = {}

    def play(self, game: Game, player: int, uid: int, when: str = "") -> None:
        """`player` played the card; `when`: the pack's word for the timing (a response window...)."""
        card_id = game.defs[uid].id
        self.played[player].add(card_id)
        key = (card_id, when)
        self.counts[key] = self.counts.get(key, 0) + 1

    def use(self, game: Game, player: int, uid: int, when: str = "") -> None:
        """An activated ability was used: for a card that stays in play, that is playing it."""
        self.play(game, player, uid, when)

    def drew(self, game: Game, uid: int) -> None:
        self.drawn.add(game.defs[uid].id)

    def offered(self, game: Game, player: int, options: Sequence[Action]) -> None:
        self.offered_uids.update(map(_UID, options))

    def offered_ids(self, game: Game) -> set[str]:
        """The ids of the cards ever offered as a legal play."""
        defs = game.defs
        return {defs[uid].id for uid in self.offered_uids if uid >= 0}


@dataclass
class SeatRecord:
    name: str
    bot: str
    cards: tuple[str, ...]  # the seat's own cards (LOE: the council and Victory card)
    played: tuple[str, ...]  # card ids this seat played, activated or attempted
    summary: dict[str, Any] = field(default_factory=dict)  # the pack's numbers for the seat at the end


@dataclass
class GameRecord:
    index: int
    seed: int
    deck: str
    first: int
    winner: int | None  # seat index, None for a draw
    reason: str  # "victory", "turn cap", "loop"
    turns: int
    seats: tuple[SeatRecord, ...]
    offered: tuple[str, ...]  # card ids offered as a legal play at least once
    in_game: tuple[str, ...]  # card ids that took part (councils and the shared deck)
    drawn: tuple[str, ...] = ()  # card ids drawn into a hand at least once
    plays: tuple[tuple[str, str, int], ...] = ()  # (card id, when, times): every play of the game, by timing
    error: str = ""  # an exception or illegal state, when the game could not finish
    decisions: list[int] | None = None
    log: list[str] | None = None
