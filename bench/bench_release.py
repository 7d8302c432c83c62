"""What the release check costs `carddb validate`: the same database with and without data/<game>/released.json.

Writes bench_validate's synthetic LOE project (default 10,000 cards), then times
`carddb validate` runs interleaved: without a release record, then with every card
recorded by `carddb release` (both sets), so each pair runs under the same load.
Prints the medians of wall and CPU time and the load average.

    python3 bench/bench_release.py [--cards 10000] [--pairs 5]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_validate import time_validate, write_project


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--pairs", type=int, default=5)
    args = parser.parse_args()
    carddb = shutil.which("carddb") or sys.exit("carddb is not installed in this environment")
    with tempfile.TemporaryDirectory(prefix="carddb-bench-") as tmp:
        root = Path(tmp) / "project"
        write_project(root, args.cards)
        record = root / "data" / "loe" / "released.json"
        for code in ("BASE", "EXP"):
            subprocess.run([carddb, "release", code, "--project", str(root)], check=True, capture_output=True)
        kept = record.read_bytes()
        without: tuple[list[float], list[float]] = ([], [])
        with_record: tuple[list[float], list[float]] = ([], [])
        for _ in range(args.pairs):
            record.unlink()
            for times, new in zip(without, time_validate(root, 1), strict=True):
                times.extend(new)
            record.write_bytes(kept)
            for times, new in zip(with_record, time_validate(root, 1), strict=True):
                times.extend(new)
    print(f"cards: {args.cards}; released.json: {len(kept) / 1e6:.1f} MB; {args.pairs} interleaved pairs")
    for label, (walls, cpus) in (("without a release record", without), ("with every card recorded", with_record)):
        print(f"  {label}: median {statistics.median(walls):.2f} s wall, {statistics.median(cpus):.2f} s CPU")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
