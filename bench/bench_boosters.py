"""Benchmark: boosters opened per second, and the wall time of a full 8-seat draft.

Usage: python bench/bench_boosters.py [--project DIR] [--boosters N]

Boosters are opened from the project's data/loe/boosters.yaml and cards (the
shipped LOE set by default). The 8-seat draft needs 24 Victory cards for the
Victory Draft (3 each), more than LOE v1 has, so it runs on a generated set of
the same shape with 8 x 3 Victory cards and 16 Lords; that set is written to a
temporary folder and described in the output.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from carddb.database import CardDatabase, load_database
from carddb.diagnostics import Report
from carddb.games import get_pack
from carddb.play.boosters import load_boosters
from carddb.play.collation import open_boosters
from carddb.play.draft import Seat, run_draft
from carddb.project import Project

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


def generated_set(root: Path, deck_cards: int = 150, lords: int = 16, dukes: int = 40, victories: int = 30) -> Path:
    data = root / "data" / "loe"
    (data / "cards").mkdir(parents=True)
    (data / "sets.yaml").write_text("- code: GEN\n  name: Generated\n  stage: playtest\n", encoding="utf-8")
    shutil.copy(REPO / "data" / "loe" / "boosters.yaml", data / "boosters.yaml")
    lines = []
    kinds = ["resource", "spell", "reaction", "item", "ritual"]
    rarities = ["common"] * 6 + ["uncommon"] * 3 + ["rare"] * 2 + ["mythic"]
    plan = [(kinds[i % 5], rarities[i % 12]) for i in range(deck_cards)]
    plan += [("lord", ["uncommon", "rare", "mythic"][i % 3]) for i in range(lords)]
    plan += [("duke", rarities[i % 12]) for i in range(dukes)]
    plan += [("victory", rarities[i % 12]) for i in range(victories)]
    for number, (kind, rarity) in enumerate(plan, start=1):
        card = [f"- id: {kind}-{number}", f"  name: {kind.title()} {number}", f"  kind: {kind}"]
        card += [f"  province: {PROVINCES[number % 6]}", "  set: GEN", f"  number: {number}", f"  rarity: {rarity}"]
        card += ["  flavor: Generated."]
        if kind == "resource":
            card.append(f"  subtype: {('subject', 'material', 'influence')[number % 3]}")
        if kind == "item":
            card.append(f"  subtype: {('artifact', 'gear', 'class', 'boon')[number % 4]}")
        if kind in {"spell", "reaction", "item", "ritual", "duke", "lord"}:
            card.append(f"  cost: {1 + number % 5}")
        if kind in {"lord", "duke"}:
            card.append(f"  health: {8 + number % 10}")
        if kind in {"spell", "reaction", "item", "ritual", "victory"}:
            card.append(f"  text: {TEXT.get(kind, 'Draw a card.')}")
        lines.append("\n".join(card))
    (data / "cards" / "cards.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


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
    # The victory deal is not timed: it deals from one pile, 3 cards per seat.
    for type_id in ("deck", "council"):
        rate = boosters_per_second(db, type_id, args.boosters)
        print(f"{type_id:>8} boosters: {rate:,.0f} per second (median of 3 runs of {args.boosters:,})")
    with tempfile.TemporaryDirectory() as tmp:
        gen = _load(generated_set(Path(tmp)))
        plans = load_boosters(gen, Report())
        times = []
        for seed in range(5):
            seats = [Seat(n, f"Seat {n}") for n in range(1, 9)]
            start = time.perf_counter()
            log = run_draft(gen, plans, seed=seed, seats=seats, deck_boosters_per_player=3)
            times.append(time.perf_counter() - start)
        print(
            f"8-seat full draft (8 bots; council draft {sum(1 for p in log.picks if p['phase'] == 'council')} picks, "
            f"victory draft, sealed 8 x 3 deck boosters) on a generated set of {len(gen.cards)} cards: "
            f"median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms over 5 seeds"
        )


if __name__ == "__main__":
    main()
