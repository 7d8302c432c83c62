"""Benchmark: simulated games per second per core, on a bundled game (LOE's councils and shared decks by default).

Usage: python bench/bench_playtest.py [--game ID] [--games N] [--greedy-games M] [--rounds R] [--workers K]

Plays the same plan `carddb playtest --game ID` plays (LOE: every ordered pair of the councils in
data/loe/decks on each shared deck; LOE v2: every ordered pair of the pairs of pre-constructed
decks, on the marketplace; ESTRO: every ordered pair of the chosen decks, each completed by its
random cards; Shards: every ordered pair of data/shards/decks; a fixed game such as SoulFall: its
one table; seeds from --seed) through the same code:

1. random bots, in this process: games per CPU second (time.process_time, so other
   processes on a shared machine slow it less than wall time) and per wall second;
2. greedy bots, in this process, interleaved with (1) round by round so both see
   the same machine;
3. random bots on --workers processes (concurrent.futures): wall games per second,
   and that divided by the workers.

The load average and a yardstick (CPU seconds of a 10-million-step empty loop; this
machine gives 0.14-0.19 s) are printed before and after: compare figures only with
a similar yardstick.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.sim.parallel import default_workers, run_plans
from carddb.sim.playtest import PlaytestPlan, catalogue_for
from carddb.sim.runner import Request, prepare
from carddb.sim.simulator import simulator_for

REPO = Path(__file__).resolve().parents[1]


def yardstick() -> float:
    start = time.process_time()
    for _ in range(10_000_000):
        pass
    return time.process_time() - start


def machine() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; yardstick {yardstick():.2f} s"


def timed(plan: PlaytestPlan) -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, turns played) for every game of `plan` in this process."""
    catalogue_for(plan)  # compile outside the timing
    cpu, wall = time.process_time(), time.perf_counter()
    (records,) = run_plans([plan], workers=1)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    failed = [r.error for r in records if r.error]
    if failed:
        sys.exit(f"{len(failed)} games failed: {failed[0]}")
    return cpu, wall, sum(r.turns for r in records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="loe", help="the game pack's id (loe, loe2, estro, shards, soulfall)")
    parser.add_argument("--games", type=int, default=1000, help="random-bot games per round")
    parser.add_argument("--greedy-games", type=int, default=40, help="greedy-bot games per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--project", type=Path, default=REPO)
    args = parser.parse_args()

    pack = get_pack(args.game)
    db, report = load_database(Project.at(args.project), pack)
    if report.errors:
        sys.exit(f"the cards have errors; run carddb validate\n{report.format_text()}")
    rules = simulator_for(pack)
    plan, settings = prepare(db, rules, Request(games=args.games, seed=args.seed), Report())
    greedy = replace(plan, games=args.greedy_games, bots=("greedy", "greedy"))
    print(f"python {sys.version.split()[0]}; {machine()}")
    decks = ", ".join(d for d in settings["decks"] if d)
    shown = f" on {decks}" if decks else " (each brings its own deck)"
    print(f"{pack.name}, {len(plan.matchups)} matchups: {rules.seats_label} {', '.join(settings['seats'])}{shown}")

    random_cpu, random_wall, greedy_cpu = [], [], []
    turns = 0
    for round_no in range(1, args.rounds + 1):
        cpu, wall, turns = timed(replace(plan, seed=args.seed + round_no))
        random_cpu.append(args.games / cpu)
        random_wall.append(args.games / wall)
        g_cpu, _, _ = timed(replace(greedy, seed=args.seed + round_no))
        greedy_cpu.append(args.greedy_games / g_cpu)
        print(
            f"round {round_no}: random {random_cpu[-1]:.0f} games/CPU-s ({random_wall[-1]:.0f}/wall-s, "
            f"{turns / args.games:.1f} turns a game); greedy {greedy_cpu[-1]:.1f} games/CPU-s"
        )
    print(
        f"random bot, one process: median {statistics.median(random_cpu):.0f} games/s per core (CPU time), "
        f"{statistics.median(random_wall):.0f} games/s wall"
    )
    print(f"greedy bot, one process: median {statistics.median(greedy_cpu):.1f} games/s per core (CPU time)")

    count = args.games * args.workers
    spread = replace(plan, games=count, seed=args.seed + 100)
    start = time.perf_counter()
    (records,) = run_plans([spread], workers=args.workers)
    wall = time.perf_counter() - start
    assert len(records) == count and not any(r.error for r in records)
    print(
        f"random bot on {args.workers} worker processes: {count} games in {wall:.1f} s wall = "
        f"{count / wall:.0f} games/s, {count / wall / args.workers:.0f} games/s per core (start-up included)"
    )
    print(f"after: {machine()}")


if __name__ == "__main__":
    main()
