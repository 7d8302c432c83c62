"""Benchmark: boosters opened per second, and the wall time of a 4-seat Full Draft.

Usage: python bench/bench_boosters.py [--project DIR] [--boosters N]

Boosters and the Full Draft come from the project's data/loe/boosters.yaml and
cards (the shipped LOE set by default); LOE is played by 2 to 4, so the draft
seats 4 bots.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.play.boosters import load_boosters
from carddb.play.collation import open_boosters
from carddb.play.draft import Seat, run_draft
from carddb.play.draftformat import load_play

REPO = Path(__file__).resolve().parents[1]
PROVINCES = ("ashmarch", "veldmoor", "corvane", "thornwall", "sel-amara", "neutral")
TEXT = {
    "victory": "Win if you control five or more Influence and you have four or more cards in hand.",
    "reaction": "'Reaction - When an opponent plays a Victory card: Counter it.'",
}


def _load(root: Path) -> CardDatabase:
    db, report = load_database(Project.at(root), get_pack("loe"))
    if report.errors:
        sys.exit(f"the cards of {root} have errors; run carddb validate\n{report.format_text()}")
    return db


def boosters_per_second(db: CardDatabase, type_id: str, count: int) -> float:
    plans = load_boosters(db, Report())
    runs = []
    for attempt in range(3):
        start = time.perf_counter()
        open_boosters(plans[type_id], 1000 + attempt, count)
        runs.append(time.perf_counter() - start)
    return count / statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--project", type=Path, default=REPO)
    parser.add_argument("--boosters", type=int, default=20_000)
    args = parser.parse_args()
    db = _load(args.project)
    print(f"set: {args.project / 'data' / 'loe'} ({len(db.cards)} cards)")
    for type_id in ("deck", "council"):
        rate = boosters_per_second(db, type_id, args.boosters)
        print(f"{type_id:>8} boosters: {rate:,.0f} per second (median of 3 runs of {args.boosters:,})")
    play = load_play(db, Report())
    times = []
    for seed in range(5):
        seats = [Seat(n, f"Seat {n}") for n in range(1, 5)]
        start = time.perf_counter()
        log = run_draft(db, play, "full-draft", seed=seed, seats=seats)
        times.append(time.perf_counter() - start)
    council = [p for p in log.picks if p["phase"] == "council"]
    print(
        f"4-seat Full Draft (4 bots; Council Draft {len(council)} picks from {len({p['pack'] for p in council})} "
        f"boosters opened as needed, Sealed Deck 4 x 3 deck boosters, Victory Draft): "
        f"median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms over 5 seeds"
    )


if __name__ == "__main__":
    main()
