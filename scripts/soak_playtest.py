"""Soak test: 10,000 bot games on a bundled game (LOE by default), every invariant checked after every action.

Usage: python scripts/soak_playtest.py [--game ID] [--games N] [--greedy N] [--workers K] [--seed S] [--project DIR]

Plays N games (default 10,000) of --game over every pairing of its seats (LOE: the councils in
data/loe/decks, on each shared deck; LOE v2: every pair of pre-constructed decks, on the
marketplace; ESTRO: the chosen decks, each completed by its random cards in every game; Shards:
every pairing of data/shards/decks; a fixed game such as SoulFall: its one table): random bots
against random bots, and --greedy of them (default 500) with a greedy bot against a random one.
`SimOptions(check_invariants=True)` checks the illegal states of carddb/sim/invariants.py (each
card in exactly one zone, the card count conserved, no negative damage or currency, the used
mark and facing only in play, attachments to cards in play) and the pack's own (LOE: powerstones
within what the turn gave, hand size at the end of a turn, the market's size, what may be face
down; LOE v2: carddb/games/loe2/sim/checks.py) after every action. Prints how the games ended and
every game that raised or reached an illegal state; exits 1 if any did.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.runtime.progress import stages
from carddb.sim.options import SimOptions
from carddb.sim.parallel import default_workers, run_plans
from carddb.sim.runner import Request, prepare
from carddb.sim.simulator import simulator_for

REPO = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="loe", help="the game pack's id (loe, loe2, estro, shards, soulfall)")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--greedy", type=int, default=500, help="how many of the games seat a greedy bot")
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--project", type=Path, default=REPO)
    args = parser.parse_args()

    pack = get_pack(args.game)
    db, report = load_database(Project.at(args.project), pack)
    if report.errors:
        print(report.format_text())
        return 1
    rules = simulator_for(pack)
    options = SimOptions(check_invariants=True)
    plan, settings = prepare(
        db, rules, Request(games=args.games - args.greedy, seed=args.seed, options=options), Report()
    )
    greedy = replace(plan, games=args.greedy, bots=("greedy", "random"), seed=args.seed + 1)
    print(
        f"{args.games} games ({args.greedy} with a greedy bot) on {args.workers} workers, invariants after every action"
    )
    shared = ", ".join(d for d in settings["decks"] if d)
    decks = f"; shared decks: {shared}" if shared else " (each player brings their own deck)"
    print(f"{pack.name}: {rules.seats_label} {', '.join(settings['seats'])}{decks}")
    start, cpu = time.perf_counter(), _cpu()
    with stages() as stage, stage("playing games", args.games) as advance:
        results = run_plans([plan, greedy], workers=args.workers, advance=lambda n: [advance() for _ in range(n)])
    wall, cpu = time.perf_counter() - start, _cpu() - cpu
    records = [record for batch in results for record in batch]
    failed = [r for r in records if r.error]
    ended = Counter(r.reason for r in records)
    turns = sum(r.turns for r in records)
    print(
        f"{len(records)} games in {wall:.0f} s wall, {cpu:.0f} CPU s ({len(records) / wall:.0f} games/s wall), "
        f"{turns} turns"
    )
    print("ended: " + ", ".join(f"{reason} {count}" for reason, count in sorted(ended.items())))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for record in failed[:20]:
        print(
            f"game {record.index} (seed {record.seed}, bots {record.seats[0].bot}/{record.seats[1].bot}): {record.error}"
        )
    print(f"{len(failed)} games raised an exception or reached an illegal state")
    return 1 if failed else 0


def _cpu() -> float:
    """CPU seconds of this process and its finished worker processes."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


if __name__ == "__main__":
    sys.exit(main())
