"""Run the hostile-input corpus (tests/hostile/inputs/hostile_cases.py) and print counts per category.

For each category: cases, located errors, usage errors (a refused command line), clean runs
(a correct output), and failures (a traceback, an internal error, a hang, an escape from the
project folder, or a case without the located error it needs). The suite runs the same cases
(test_hostile_inputs.py); this prints the table for the issue's note, with CPU time and load.

    python3 bench/hostile_inputs_report.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent / "tests"
sys.path[:0] = [str(HERE), str(HERE / "hostile" / "inputs")]  # tests/support, and the corpus

from hostile_cases import all_cases, batches, run_cases  # noqa: E402


def main() -> None:
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    failures: list[str] = []
    start = time.process_time()
    for group in batches(all_cases()):
        with tempfile.TemporaryDirectory(prefix="carddb-hostile-") as tmp:
            here = os.getcwd()
            try:
                verdicts = run_cases(group, Path(tmp))
            except BaseException as exc:
                for case in group:
                    counts[case.category]["failures"] += 1
                failures.append(f"{group[0].id}: {type(exc).__name__}: {str(exc)[:300]}")
                continue
            finally:
                os.chdir(here)
        for verdict in verdicts:
            counts[verdict.case.category]["cases"] += 1
            counts[verdict.case.category][verdict.outcome] += 1
    seconds = time.process_time() - start
    columns = ("cases", "located error", "usage error", "clean", "failures")
    print(f"{'category':<18}" + "".join(f"{c:>15}" for c in columns))
    total: Counter[str] = Counter()
    for category in sorted(counts):
        total.update(counts[category])
        print(f"{category:<18}" + "".join(f"{counts[category][c]:>15}" for c in columns))
    print(f"{'total':<18}" + "".join(f"{total[c]:>15}" for c in columns))
    print("tracebacks 0, hangs 0, escapes 0 unless listed below (each is a failure)")
    for failure in failures:
        print("  FAILED", failure)
    print(f"{seconds:.1f} s CPU in this process; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
