"""A playtest from a request to its analysis: the stages `carddb playtest`, `carddb validate --playtest`
and bench/bench_playtest.py share.

prepare (seats and decks -> a plan) -> run (the games, then each ablation) -> analyse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from carddb import __version__
from carddb.cards.database import CardDatabase
from carddb.findings.diagnostics import Report
from carddb.findings.errors import UsageError
from carddb.runtime.progress import Stage, no_progress
from carddb.sim.agents import BOTS
from carddb.sim.analysis import Analysis, analyse
from carddb.sim.cards import records_from_database
from carddb.sim.options import SimOptions
from carddb.sim.parallel import run_plans
from carddb.sim.playtest import PlaytestPlan, ablation_plan, catalogue_for, matchups_from
from carddb.sim.records import GameRecord
from carddb.sim.simulator import Matchup, Simulator
from carddb.sim.sources import Table, from_decks, from_file


@dataclass(frozen=True)
class Request:
    games: int = 200
    seed: int = 0
    bots: tuple[str, ...] = ("random",)  # one for every seat, or one per seat
    players: int = 2
    seats: tuple[str, ...] = ()  # deck-list ids or names of the seats to use (all if empty)
    deck: str = ""  # the shared deck list to use (all if empty)
    source: Path | None = None  # a sealed deck or draft log instead of the deck lists
    options: SimOptions = field(default_factory=SimOptions)
    workers: int = 1
    scheduler: str | None = None
    ablation: int = 0  # games per card in the remove-one ablation (0: none)


@dataclass
class Outcome:
    plan: PlaytestPlan
    records: list[GameRecord]
    ablations: dict[str, list[GameRecord]]
    analysis: Analysis
    settings: dict[str, Any]


def prepare(db: CardDatabase, sim: Simulator, request: Request, report: Report) -> tuple[PlaytestPlan, dict[str, Any]]:
    table = from_file(request.source, db, sim, report) if request.source else from_decks(db, sim, report)
    seats = _chosen_seats(table, request.seats)
    decks = [d for d in table.decks if not request.deck or d[0] == request.deck]
    if request.deck and not decks:
        names = ", ".join(d[0] for d in table.decks) or "none"
        raise UsageError(f"no shared deck '{request.deck}' (shared decks: {names})")
    players = len(seats) if table.fixed_table else request.players
    low, high = sim.players()
    if not low <= players <= high:
        raise UsageError(f"{db.pack.name} is played by {low} to {high} players, not {players}")
    if len(seats) < players:
        raise UsageError(f"{players} players need {players} seats ({sim.seats_label}); found {len(seats)}")
    if not decks:
        if sim.shared_deck and not sim.own_decks:
            raise UsageError(f"no shared deck to play with in {table.source}")
        decks = [("", ())]  # the seats hold every card of a game (each player brings their own deck)
    bots = request.bots * players if len(request.bots) == 1 else request.bots
    if len(bots) != players or any(b not in BOTS for b in bots):
        raise UsageError(f"--bots takes one bot or one per player, from: {', '.join(BOTS)}")
    fixed = [Matchup(seats, decks[0][1], decks[0][0])]
    matchups = fixed if table.fixed_table else matchups_from(seats, decks, players)
    plan = PlaytestPlan(
        db.pack.id,
        request.seed,
        request.games,
        tuple(bots),
        tuple(matchups),
        tuple(records_from_database(db, sim)),
        request.options,
        deals=table.deals,
    )
    settings = {
        "game": db.pack.id,
        "seed": request.seed,
        "games": request.games,
        "players": players,
        "bots": ", ".join(bots),
        "source": table.source,
        "seats": [s.name for s in seats],
        "decks": [d[0] for d in decks if d[0]],
        "max_rounds": request.options.max_rounds,
        "ablation": request.ablation,
        "carddb": __version__,
    }
    return plan, settings


def _chosen_seats(table: Table, wanted: Sequence[str]) -> tuple:
    if not wanted:
        return table.seats
    found = []
    for name in wanted:
        seat = next((s for s in table.seats if name in (s.id, s.name)), None)
        if seat is None:
            known = ", ".join(s.id or s.name for s in table.seats)
            raise UsageError(f"no seat '{name}' (seats: {known})")
        found.append(seat)
    return tuple(found)


def ablation_cards(plan: PlaytestPlan, sim: Simulator) -> list[str]:
    """Every card of the plan except the report kinds (LOE: a Lord or Victory card cannot be left out)."""
    kinds = {r.id: r.kind for r in plan.records}
    ids = {c for m in plan.matchups for s in m.seats for c in s.cards} | {c for m in plan.matchups for c in m.deck}
    return sorted(c for c in ids if kinds.get(c) not in set(sim.report_kinds))


def run(plan: PlaytestPlan, sim: Simulator, request: Request, stage: Stage = no_progress()) -> Outcome:
    count = min(request.ablation, plan.games)
    removed = ablation_cards(plan, sim) if count else []
    plans = [plan] + [ablation_plan(plan, card, count) for card in removed]
    total = sum(p.games for p in plans)
    with stage("playing games", total) as advance:
        results = run_plans(
            plans, workers=request.workers, scheduler=request.scheduler, advance=lambda n: [advance() for _ in range(n)]
        )
    records = results[0]
    ablations = dict(zip(removed, results[1:], strict=True))
    analysis = analyse(
        records,
        plan.records,
        ablations,
        report_kinds=sim.report_kinds,
        starts_in_play=sim.starts_in_play,
        report_tags=tuple(key for key, _ in sim.report_tags),
        report_factions=sim.report_factions,
        report_played=sim.report_played,
    )
    _, catalogue = catalogue_for(plan)
    analysis.unplayable_text = {d.id: list(d.problems) for d in catalogue.defs if d.problems}
    return Outcome(plan, records, ablations, analysis, {})
