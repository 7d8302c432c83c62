"""Soak test: 10,000 bot games on a bundled set, every invariant checked after every action.

Usage: python scripts/soak_playtest.py [--game ID] [--games N] [--greedy N] [--workers K] [--seed S] [--project DIR]

Plays N games (default 10,000) of the game (default `loe`) over every pairing of the
seats in data/<game>/decks on each shared deck (LOE: the councils and shared decks;
LOE v2: every pair of pre-constructed decks, on the marketplace): random bots against
random bots, and --greedy of them (default 500) with a greedy bot against a random one.
`SimOptions(check_invariants=True)` checks the illegal states of carddb/sim/invariants.py
(each card in exactly one zone, the card count conserved, no negative damage or
currency, the used mark and facing only in play, attachments to cards in play) and
the pack's own (LOE: powerstones within what the turn gave, hand size at the end of a
turn, the market's size, what may be face down; LOE v2: carddb/games/loe2/sim/checks.py)
after every action. Prints how the games ended and every game that raised or reached an
illegal state; exits 1 if any did.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

from carddb.cards.database import load_database
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
    parser.add_argument("--game", default="loe", help="the game pack (loe, loe2)")
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
    print(f"seats ({rules.seat_label}): {', '.join(settings['seats'])}; shared decks: {', '.join(settings['decks'])}")
    start = time.perf_counter()
    with stages() as stage, stage("playing games", args.games) as advance:
        results = run_plans([plan, greedy], workers=args.workers, advance=lambda n: [advance() for _ in range(n)])
    wall = time.perf_counter() - start
    records = [record for batch in results for record in batch]
    failed = [r for r in records if r.error]
    ended = Counter(r.reason for r in records)
    turns = sum(r.turns for r in records)
    cpu = time.process_time() + sum(getattr(os.times(), f) for f in ("children_user", "children_system"))
    print(f"{len(records)} games in {wall:.0f} s ({len(records) / wall:.0f} games/s wall), {turns} turns")
    print(f"CPU seconds (this process and its workers): {cpu:.0f}")
    print("ended: " + ", ".join(f"{reason} {count}" for reason, count in sorted(ended.items())))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for record in failed[:20]:
        print(
            f"game {record.index} (seed {record.seed}, bots {record.seats[0].bot}/{record.seats[1].bot}): {record.error}"
        )
    print(f"{len(failed)} games raised an exception or reached an illegal state")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
