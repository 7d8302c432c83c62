"""What a game leaves behind: its result, and the statistics a playtest adds up.

`GameStats` is filled while a game runs (which cards each seat played, which were
ever offered as a legal play, the decisions taken when a replayable log is kept);
`GameRecord` is the plain, picklable summary a worker sends back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from carddb.sim.decisions import Action
    from carddb.sim.game import Game


class GameStats:
    __slots__ = ("decisions", "drawn", "offered_ids", "played")

    def __init__(self, players: int, *, decisions: bool = False) -> None:
        self.played: list[set[str]] = [set() for _ in range(players)]  # card ids each seat played or activated
        self.offered_ids: set[str] = set()  # cards ever offered as a legal play
        self.drawn: set[str] = set()  # cards ever drawn into a hand
        self.decisions: list[int] | None = [] if decisions else None

    def play(self, game: Game, player: int, uid: int) -> None:
        self.played[player].add(game.defs[uid].id)

    def use(self, game: Game, player: int, uid: int) -> None:
        """An activated ability was used: for a card that stays in play, that is playing it."""
        self.played[player].add(game.defs[uid].id)

    def drew(self, game: Game, uid: int) -> None:
        self.drawn.add(game.defs[uid].id)

    def offered(self, game: Game, player: int, options: Sequence[Action]) -> None:
        defs = game.defs
        for option in options:
            if option.uid >= 0:
                self.offered_ids.add(defs[option.uid].id)


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
    error: str = ""  # an exception or illegal state, when the game could not finish
    decisions: list[int] | None = None
    log: list[str] | None = None
