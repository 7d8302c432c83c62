"""Where a cold build's time goes, worker by worker: the jobs' timeline and the parent's serial parts.

Runs `carddb build` of LOE (or `carddb print --paper a4` of N generated cards) in this
process with its own render workers, cold, and prints per kind of work its CPU seconds,
per worker how long it was busy, and the stretches in which fewer workers than it has were
busy (the serial parts that decide how a build scales with more cores).

    python bench/bench_timeline.py build --jobs 2
    python bench/bench_timeline.py print 360 --jobs 1
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_print import make_project, yardstick

REPO = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("build", "print"))
    parser.add_argument("cards", nargs="?", type=int, default=360)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"yardstick {yardstick():.2f} s CPU")
    from carddb.render.workers import RenderWorkers

    with tempfile.TemporaryDirectory(prefix="carddb-timeline-") as tmp:
        root = Path(tmp)
        if args.what == "build":
            shutil.copytree(REPO / "data" / "loe", root / "data" / "loe")
        else:
            make_project(root, args.cards)
        start = time.perf_counter()
        cpu = time.process_time()
        with RenderWorkers(args.jobs) as pool:
            run(args.what, root, pool)
            wall = time.perf_counter() - start
            timeline, per_label = list(pool.timeline), dict(pool.cpu)
        report(timeline, per_label, start, wall, time.process_time() - cpu, args.jobs)


def run(what: str, root: Path, pool: object) -> None:
    from carddb.cards.loading import load_database
    from carddb.files.project import Project
    from carddb.packs.lookup import get_pack

    if what == "build":
        from carddb.pipeline import build

        result = build(Project.at(root), get_pack("loe"), pool=pool)  # type: ignore[arg-type]
        assert not result.failed, result.report
        return
    from carddb.render.faces.schedule import warm_workers
    from carddb.render.printing import PrintOptions, print_stage

    warm_workers(pool, Project.at(root), get_pack("loe"))  # type: ignore[arg-type]
    db, report = load_database(Project.at(root), get_pack("loe"))
    print_stage(db, db.cards, PrintOptions(papers=("a4",), workers=pool.workers), report, pool=pool)  # type: ignore[attr-defined]


def report(
    timeline: list[tuple[str, int, float, float]],
    per_label: dict[str, float],
    start: float,
    wall: float,
    parent_cpu: float,
    workers: int,
) -> None:
    print(f"wall {wall:.2f} s on {workers} worker(s); parent CPU {parent_cpu:.2f} s")
    print(
        "worker CPU by kind of work: "
        + ", ".join(f"{k} {v:.2f} s" for k, v in sorted(per_label.items(), key=lambda kv: -kv[1]))
    )
    print(f"  total {sum(per_label.values()):.2f} s")
    for number in range(workers):
        busy = sum(end - begin for _l, w, begin, end in timeline if w == number)
        print(f"worker {number}: busy {busy:.2f} s of {wall:.2f} s ({busy / wall:.0%})")
    # Walk the timeline in 10 ms steps: how long were fewer than all workers busy?
    steps = int(wall / 0.01)
    under = {n: 0 for n in range(workers)}
    for i in range(steps):
        t = start + i * 0.01
        busy = sum(1 for _l, _w, begin, end in timeline if begin <= t < end)
        if busy < workers:
            under[busy] += 1
    for busy, count in under.items():
        print(f"time with {busy} of {workers} workers busy: {count * 0.01:.2f} s")
    first = min((begin for _l, _w, begin, _e in timeline), default=start)
    last = max((end for _l, _w, _b, end in timeline), default=start)
    print(
        f"first job sent after {first - start:.2f} s; last reply {last - start:.2f} s; then {start + wall - last:.2f} s"
    )


if __name__ == "__main__":
    main()
