"""The remove-one ablation of a few chosen cards, as `carddb playtest --ablation N` computes it for every card.

Usage: python scripts/ablate_cards.py CARD[,CARD...] [--game ID] [--games N] [--bots random|greedy] [--seed S]
       [--workers K] [--project DIR]

Plays the playtest's first N games (every pairing of the project's seats, as `carddb playtest`
plays them), then the same N games again without each card, and prints each card's delta: the
mean win difference of the seats that hold it (pooled over those seats), with its 95% interval.
`carddb playtest --ablation N` does the same for every card of the game, which with the greedy
bot is hours; this is for checking a few cards a report singled out.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.sim.analysis import ablation_deltas
from carddb.sim.parallel import default_workers, run_plans
from carddb.sim.playtest import ablation_plan
from carddb.sim.runner import Request, prepare
from carddb.sim.simulator import simulator_for

REPO = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cards", help="card ids, separated by commas")
    parser.add_argument("--game", default="loe")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--bots", default="random", help="random or greedy (every seat)")
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--project", type=Path, default=REPO)
    args = parser.parse_args()

    pack = get_pack(args.game)
    db, report = load_database(Project.at(args.project), pack)
    if report.errors:
        print(report.format_text())
        return 1
    rules = simulator_for(pack)
    cards = [c.strip() for c in args.cards.split(",") if c.strip()]
    unknown = [c for c in cards if db.by_id(c) is None]
    if unknown:
        print(f"no such card: {', '.join(unknown)}")
        return 2
    plan, _ = prepare(db, rules, Request(games=args.games, seed=args.seed, bots=(args.bots,)), Report())
    start = time.perf_counter()
    results = run_plans([plan, *(ablation_plan(plan, card, args.games) for card in cards)], workers=args.workers)
    info = {record.id: record for record in plan.records}
    print(f"{args.game}: {args.games} games with {args.bots} bots, seed {args.seed}, each again without each card")
    for d in ablation_deltas(results[0], dict(zip(cards, results[1:], strict=True)), info):
        print(
            f"  {d.name}: holding it {d.delta:+.1%} (95% CI {d.low:+.1%} to {d.high:+.1%}) over {d.n_with} seat-games"
            + (f", the seat moved most: {d.note}" if d.note else "")
        )
    print(f"{time.perf_counter() - start:.0f} s wall")
    return 0


if __name__ == "__main__":
    sys.exit(main())
