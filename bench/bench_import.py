"""`carddb export` and `carddb import` on a large set: bench_validate's synthetic LOE project (default 10,000 cards).

Exports every card to a CSV, then imports that CSV into a project with the same sets
and art but no cards, as whole processes of the installed `carddb`, several times
(a fresh target each time), and checks that the imported cards equal the exported
ones. Prints the median wall and CPU time of each command and the load average.

    python3 bench/bench_import.py [--cards 10000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_validate import write_project


def timed(command: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed (exit {done.returncode}):\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    carddb = shutil.which("carddb") or sys.exit("carddb is not installed in this environment")
    with tempfile.TemporaryDirectory(prefix="carddb-bench-") as tmp:
        source = Path(tmp) / "source"
        write_project(source, args.cards)
        sheet = Path(tmp) / "cards.csv"
        exports, imports = [], []
        for run in range(args.runs):
            exports.append(timed([carddb, "export", "--out", str(sheet), "--project", str(source)]))
            target = Path(tmp) / f"target-{run}"
            (target / "data" / "loe" / "cards").mkdir(parents=True)
            shutil.copy(source / "data" / "loe" / "sets.yaml", target / "data" / "loe" / "sets.yaml")
            (target / "data" / "loe" / "art").symlink_to(source / "data" / "loe" / "art")
            imports.append(timed([carddb, "import", str(sheet), "--project", str(target)]))
        from carddb.cards.loading import load_database
        from carddb.files.project import Project
        from carddb.packs.lookup import get_pack

        pack = get_pack("loe")
        before, _ = load_database(Project.at(source), pack)
        after, _ = load_database(Project.at(target), pack)
        same = {c.id: c.model_dump() for c in before.cards} == {c.id: c.model_dump() for c in after.cards}
    print(f"cards: {args.cards}; {args.runs} runs; imported cards equal the exported ones: {same}")
    for name, runs in (("export", exports), ("import", imports)):
        walls, cpus = zip(*runs, strict=True)
        print(f"  carddb {name}: median {statistics.median(walls):.2f} s wall, {statistics.median(cpus):.2f} s CPU")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
