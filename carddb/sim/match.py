"""Playing one game from start to finish, and what it leaves: a `GameRecord`.

`play_game` is what every runner calls (in this process, in a worker process, on a
Dask worker): set up, seat the bots, play turns until the game ends, summarise.
A game that raises (a bug in a handler) or reaches an illegal state is recorded
with its error rather than stopping the run, so a playtest reports every failure.
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from dataclasses import dataclass

from carddb.runtime.rng import derive_seed
from carddb.sim.agents import Agent, make_agent
from carddb.sim.cards import Catalogue
from carddb.sim.game import Game, GameOver
from carddb.sim.invariants import IllegalState
from carddb.sim.options import SimOptions
from carddb.sim.records import GameRecord, GameStats, SeatRecord
from carddb.sim.simulator import Matchup, Simulator


@dataclass(frozen=True)
class GameSpec:
    """Everything that decides one game: with the same catalogue and version, the same game."""

    index: int
    seed: int
    matchup: Matchup
    first: int  # the seat that takes the first turn
    bots: tuple[str, ...]  # the bot of each seat


def start_game(
    sim: Simulator, catalogue: Catalogue, spec: GameSpec, options: SimOptions, agents: Sequence[Agent] | None = None
) -> Game:
    game = sim.new_game(catalogue, spec.matchup, spec.seed, spec.first, options)
    game.agents = list(agents if agents is not None else agents_for(spec))
    game.stats = GameStats(game.n, decisions=options.log)
    if options.log:
        game.log = []
    return game


def agents_for(spec: GameSpec) -> Sequence[Agent]:
    return [make_agent(bot, derive_seed(spec.seed, "bot", seat)) for seat, bot in enumerate(spec.bots)]


def finish(game: Game) -> None:
    """Play turns until the game ends (a win, the turn cap, the loop guard)."""
    sim = game.sim
    try:
        while True:
            sim.play_turn(game)
    except GameOver:
        pass


def play_game(
    sim: Simulator, catalogue: Catalogue, spec: GameSpec, options: SimOptions, agents: Sequence[Agent] | None = None
) -> GameRecord:
    """One game from set-up to its end; `agents` replace the spec's bots (a replayed log)."""
    game: Game | None = None
    error = ""
    try:
        game = start_game(sim, catalogue, spec, options, agents)
        finish(game)
    except IllegalState as exc:
        error = f"illegal state: {exc}"
    except Exception as exc:  # a bug in a handler must not stop a thousand-game run; it is reported
        error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=8)}"
    return record_of(spec, game, error)


def record_of(spec: GameSpec, game: Game | None, error: str) -> GameRecord:
    seats = []
    for index, seat in enumerate(spec.matchup.seats):
        played = tuple(sorted(game.stats.played[index])) if game is not None and game.stats is not None else ()
        summary = game.sim.describe(game, index) if game is not None and not error else {}
        seats.append(SeatRecord(seat.name, spec.bots[index], seat.cards, played, summary))
    stats = game.stats if game is not None else None
    return GameRecord(
        index=spec.index,
        seed=spec.seed,
        deck=spec.matchup.deck_name,
        first=spec.first,
        winner=game.winner if game is not None and not error else None,
        reason=(game.end_reason if game is not None else "") if not error else "error",
        turns=game.turn if game is not None else 0,
        seats=tuple(seats),
        offered=tuple(sorted(stats.offered_ids(game))) if stats is not None and game is not None else (),
        in_game=tuple(
            sorted({*spec.matchup.deck, *(c for s in spec.matchup.seats for c in s.cards)} - set(spec.matchup.removed))
        ),
        drawn=tuple(sorted(stats.drawn)) if stats is not None else (),
        plays=tuple(sorted((c, w, n) for (c, w), n in stats.counts.items())) if stats is not None else (),
        error=error,
        decisions=stats.decisions if stats is not None else None,
        log=game.log if game is not None else None,
    )
