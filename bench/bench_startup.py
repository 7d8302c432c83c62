"""Start-up of the installed `carddb`: help, and shell completion (which runs carddb on every Tab).

Each case is a whole process of the installed console script; the cases run in turn,
round after round, so that all of them see the same load. Prints the median wall time
of each case and the load average.

    python3 bench/bench_startup.py [--rounds 7]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

CASES: dict[str, tuple[list[str], dict[str, str]]] = {
    "carddb --help": (["--help"], {}),
    "carddb validate --help": (["validate", "--help"], {}),
    "complete `carddb va<Tab>` (every command)": (
        [],
        {"_CARDDB_COMPLETE": "complete_bash", "COMP_WORDS": "carddb va", "COMP_CWORD": "1"},
    ),
    "complete `carddb validate --st<Tab>` (one command)": (
        [],
        {"_CARDDB_COMPLETE": "complete_bash", "COMP_WORDS": "carddb validate --st", "COMP_CWORD": "2"},
    ),
    "complete `carddb print --pa<Tab>` (one command)": (
        [],
        {"_CARDDB_COMPLETE": "complete_bash", "COMP_WORDS": "carddb print --pa", "COMP_CWORD": "2"},
    ),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    carddb = shutil.which("carddb") or sys.exit("carddb is not installed in this environment")
    times: dict[str, list[float]] = {name: [] for name in CASES}
    for _ in range(args.rounds):
        for name, (argv, env) in CASES.items():
            start = time.perf_counter()
            subprocess.run([carddb, *argv], env={**os.environ, **env}, capture_output=True, check=True)
            times[name].append(time.perf_counter() - start)
    for name, walls in times.items():
        print(f"{name}: median {statistics.median(walls):.2f} s (best {min(walls):.2f} s)")
    print(f"{args.rounds} rounds; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
