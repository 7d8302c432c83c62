"""A replayable log of one game: what decided it, every decision taken, and what happened.

`carddb playtest --log-game N` writes game N's log. The log holds the game's seed,
seats, shared deck, first player and options, every decision as an index into the
options the game offered, and the readable trace. Replaying it (`--replay LOG`)
plays the game again with the logged decisions instead of bots, from the cards of
the project as they are now, and reports the first line where the new trace
differs (a card or the engine changed) or that it matches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from carddb import __version__
from carddb.sim.cards import Catalogue
from carddb.sim.decisions import Action
from carddb.sim.game import Game
from carddb.sim.match import GameSpec, play_game
from carddb.sim.options import SimOptions
from carddb.sim.records import GameRecord
from carddb.sim.simulator import Matchup, Seat, Simulator

LOG_FORMAT = "carddb-game-log"


def game_log(game_id: str, spec: GameSpec, options: SimOptions, record: GameRecord) -> dict[str, Any]:
    return {
        "format": LOG_FORMAT,
        "version": 1,
        "carddb": __version__,
        "game": game_id,
        "index": spec.index,
        "seed": spec.seed,
        "first": spec.first,
        "bots": list(spec.bots),
        "seats": [{"name": seat.name, "cards": list(seat.cards)} for seat in spec.matchup.seats],
        "deck": {"name": spec.matchup.deck_name, "cards": list(spec.matchup.deck)},
        "options": {"max_rounds": options.max_rounds, "max_steps_per_turn": options.max_steps_per_turn},
        "result": {"winner": record.winner, "reason": record.reason, "turns": record.turns, "error": record.error},
        "decisions": record.decisions or [],
        "trace": record.log or [],
    }


class ReplayAgent:
    """Answers every question from the log, in order; runs out or is asked for a missing option: it stops."""

    def __init__(self, decisions: Sequence[int]) -> None:
        self.decisions = list(decisions)
        self.next = 0

    def _take(self, count: int, reason: str) -> int:
        if self.next >= len(self.decisions):
            raise ReplayError(f"the log has no decision left for '{reason}'")
        index = self.decisions[self.next]
        self.next += 1
        if not 0 <= index < count:
            raise ReplayError(f"the log chose option {index} of {count} for '{reason}'")
        return index

    def act(self, game: Game, player: int, options: Sequence[Action], reason: str) -> Action:
        return options[self._take(len(options), reason)]

    def choose(self, game: Game, player: int, reason: str, options: Sequence[int], hint: str) -> int:
        return options[self._take(len(options), reason)]

    def confirm(self, game: Game, player: int, reason: str) -> bool:
        return bool(self._take(2, reason))


class ReplayError(Exception):
    """The log does not describe a game these cards can play."""


@dataclass
class Replay:
    record: GameRecord
    matches: bool
    difference: str  # the first differing line, described


def spec_of(log: dict[str, Any]) -> tuple[GameSpec, SimOptions]:
    seats = tuple(Seat(str(s["name"]), tuple(map(str, s["cards"]))) for s in log["seats"])
    deck = log["deck"]
    matchup = Matchup(seats, tuple(map(str, deck["cards"])), str(deck.get("name", "")))
    spec = GameSpec(int(log["index"]), int(log["seed"]), matchup, int(log["first"]), tuple(map(str, log["bots"])))
    options = SimOptions(
        max_rounds=int(log["options"]["max_rounds"]),
        max_steps_per_turn=int(log["options"]["max_steps_per_turn"]),
        log=True,
    )
    return spec, options


def replay(log: dict[str, Any], sim: Simulator, catalogue: Catalogue) -> Replay:
    spec, options = spec_of(log)
    agent = ReplayAgent(log["decisions"])
    record = play_game(sim, catalogue, spec, options, agents=[agent] * len(spec.matchup.seats))
    old, new = list(log["trace"]), record.log or []
    if record.error:
        return Replay(record, False, record.error.splitlines()[0])
    for line, (was, now) in enumerate(zip(old, new, strict=False), start=1):
        if was != now:
            return Replay(record, False, f"line {line}: the log has '{was}', the replay '{now}'")
    if len(old) != len(new):
        return Replay(record, False, f"the log has {len(old)} lines, the replay {len(new)}")
    if agent.next != len(agent.decisions):
        return Replay(record, False, f"{len(agent.decisions) - agent.next} logged decisions were never asked for")
    return Replay(record, True, "")
