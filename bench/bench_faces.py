"""Benchmark of card-face rendering alone (layout, text fit, one PDF per card).

Builds a temporary LOE project of N cards (the starter cards of data/loe copied under new ids and
collector numbers until there are N), then calls `render_faces` three times in this process:
cold (empty cache), warm (nothing changed) and after editing one card's text. Prints wall seconds,
CPU seconds (this process plus its worker processes) and cards per second.

    python bench/bench_faces.py            # N = 90
    python bench/bench_faces.py 360 --workers 2
"""

from __future__ import annotations

import argparse
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

from ruamel.yaml import YAML

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.render.faces.schedule import render_faces

REPO = Path(__file__).resolve().parent.parent


def make_project(root: Path, count: int) -> Project:
    yaml = YAML(typ="safe")
    source = REPO / "data" / "loe"
    cards = [card for path in sorted((source / "cards").glob("*.yaml")) for card in (yaml.load(path) or [])]
    data = root / "data" / "loe"
    (data / "cards").mkdir(parents=True)
    shutil.copy(source / "sets.yaml", data / "sets.yaml")
    set_code = yaml.load(source / "sets.yaml")[0]["code"]
    made = []
    for i in range(count):
        card = dict(cards[i % len(cards)])
        card.update(id=f"{card['id']}-{i}", number=i + 1, set=set_code)
        card.pop("art", None)
        made.append(card)
    out = YAML()
    with (data / "cards" / "cards.yaml").open("w", encoding="utf-8") as fh:
        out.dump(made, fh)
    return Project.at(root)


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(label: str, db, cards, workers: int) -> None:
    wall, cpu = time.perf_counter(), cpu_seconds()
    results = render_faces(db, cards, Report(), workers=workers)
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    rendered = sum(not r.from_cache for r in results)
    print(
        f"{label:<18} {len(results):>4} faces ({rendered:>4} rendered)  wall {wall:7.2f} s  cpu {cpu:7.2f} s"
        f"  {len(results) / wall:7.1f} cards/s"
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int, nargs="?", default=90)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="carddb-bench-faces-") as tmp:
        project = make_project(Path(tmp), args.count)
        db, _report = load_database(project, get_pack("loe"))
        print(f"{len(db.cards)} LOE cards, workers={args.workers}")
        timed("cold", db, db.cards, args.workers)
        timed("warm (unchanged)", db, db.cards, args.workers)
        edited = db.cards[0].model_copy(update={"text": db.cards[0].text + " Draw a card."})
        timed("one card edited", db, [edited, *db.cards[1:]], args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
