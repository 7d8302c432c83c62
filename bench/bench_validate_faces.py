"""Time `carddb validate` with its face check on: cold (nothing measured yet) and warm (nothing changed).

Two projects, written to a temporary folder: LOE's own 192 cards (data/loe as shipped), and
1,000 synthetic LOE cards (bench_validate.py's: copies of the shipped cards under new ids, with
real rules text and a small art file each). For each, `carddb validate` runs as a new process:
first with an empty face cache (every face is laid out on the render workers, one per core,
and its measure kept), then again with nothing changed (every measure is found from the cards'
inputs: no face is laid out), then after editing one card's flavor text (that card alone is laid
out again), and once with `--no-layout` for the cost of the rest of validate. Wall and CPU
seconds (the command and its workers) are printed with the load average and a yardstick.

    python3 bench/bench_validate_faces.py [--cards 1000] [--runs 3] [--jobs 2]
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

import yaml
from bench_validate import write_project

REPO = Path(__file__).resolve().parent.parent


def yardstick() -> float:
    """CPU seconds of a 10-million-step empty loop: this machine's speed right now (it varies)."""
    start = time.process_time()
    for _ in range(10_000_000):
        pass
    return time.process_time() - start


def validate(root: Path, *extra: str) -> tuple[float, float, str]:
    """(wall s, CPU s of the process and its children, last line) of one `carddb validate`."""
    carddb = shutil.which("carddb")
    command = [carddb] if carddb else [sys.executable, "-m", "carddb"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([*command, "validate", "--project", str(root), *extra], capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if done.returncode != 0:
        sys.exit(f"validate failed (exit {done.returncode}):\n{done.stdout[-3000:]}{done.stderr[-2000:]}")
    return wall, cpu, (done.stdout.strip().splitlines() or [""])[-1]


def loe_project(root: Path) -> Path:
    """A project holding LOE's shipped data (192 cards), its cards only (no decks, no rulebook)."""
    data = root / "data" / "loe"
    data.mkdir(parents=True)
    shutil.copytree(REPO / "data" / "loe" / "cards", data / "cards")
    shutil.copy(REPO / "data" / "loe" / "sets.yaml", data / "sets.yaml")
    (root / "carddb.yaml").write_text("game: loe\n")
    return root


def edit_one(root: Path) -> None:
    """Change one card's flavor text, as a designer's edit would (the other cards' data stay the same)."""
    path = sorted((root / "data" / "loe" / "cards").glob("*.yaml"))[0]
    cards = yaml.safe_load(path.read_text(encoding="utf-8"))
    card = next(c for c in cards if c.get("flavor"))
    card["flavor"] = str(card["flavor"]) + " Again."
    path.write_text(yaml.safe_dump(cards, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8")


def measure(name: str, root: Path, runs: int, jobs: int) -> None:
    jobs_args = ("--jobs", str(jobs))
    shutil.rmtree(root / "output", ignore_errors=True)
    cold = validate(root, *jobs_args)
    warm = [validate(root, *jobs_args) for _ in range(runs)]
    edit_one(root)
    edited = validate(root, *jobs_args)
    plain = [validate(root, "--no-layout") for _ in range(runs)]
    print(f"{name}: {cold[2]}")
    print(f"  cold (every face laid out, {jobs} workers): {cold[0]:.2f} s wall, {cold[1]:.2f} s CPU")
    print(
        f"  warm (nothing changed), {runs} runs: median {statistics.median(w for w, _c, _l in warm):.2f} s wall"
        f" (best {min(w for w, _c, _l in warm):.2f}), median {statistics.median(c for _w, c, _l in warm):.2f} s CPU"
    )
    print(f"  after editing one card's flavor text: {edited[0]:.2f} s wall, {edited[1]:.2f} s CPU")
    print(
        f"  --no-layout, {runs} runs: median {statistics.median(w for w, _c, _l in plain):.2f} s wall,"
        f" median {statistics.median(c for _w, c, _l in plain):.2f} s CPU"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; yardstick {yardstick():.2f} s CPU")
    with tempfile.TemporaryDirectory(prefix="carddb-bench-") as tmp:
        measure("LOE, 192 cards", loe_project(Path(tmp) / "loe"), args.runs, args.jobs)
        synthetic = Path(tmp) / "synthetic"
        write_project(synthetic, args.cards)
        measure(f"{args.cards} synthetic LOE cards", synthetic, args.runs, args.jobs)
    print(f"load average {os.getloadavg()[0]:.1f}; yardstick {yardstick():.2f} s CPU")


if __name__ == "__main__":
    main()
