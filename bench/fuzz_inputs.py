"""Fuzz the rules-text checker and the YAML card loader with Hypothesis: 10^5 inputs or more, counted.

The targets and strategies are the suite's (tests/hostile/inputs/fuzz_targets.py): valid
rules text and card files of the five bundled games with random edits, hostile characters
and random text. Each input ends "located" (findings, each with a line and column) or
"clean"; anything else (an exception, a finding without a place) is a crash, and the
first few are printed with their input. Prints, per target: inputs, located, clean,
crashes, CPU seconds; and the load average.

    python3 bench/fuzz_inputs.py [--inputs 100000] [--seed 0]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "hostile" / "inputs"))

from fuzz_targets import fuzz_rules, fuzz_yaml, rules_inputs, yaml_inputs
from hypothesis import HealthCheck, Phase, given, seed, settings


def run(name: str, strategy, target, inputs: int, random_seed: int) -> Counter[str]:  # type: ignore[no-untyped-def]
    counts: Counter[str] = Counter()
    crashes: list[str] = []

    @seed(random_seed)
    @settings(
        max_examples=inputs,
        deadline=None,
        database=None,
        phases=[Phase.generate],  # no shrinking: every input counts once, and a crash is reported as found
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def each(case: tuple) -> None:  # type: ignore[type-arg]
        counts["inputs"] += 1
        try:
            counts[target(*case)] += 1
        except Exception:
            counts["crashes"] += 1
            if len(crashes) < 5:
                crashes.append(f"{case!r:.300}\n{traceback.format_exc(limit=3)}")

    start = time.process_time()
    each()
    seconds = time.process_time() - start
    print(
        f"{name}: {counts['inputs']} inputs, {counts['located']} located errors, {counts['clean']} clean,"
        f" {counts['crashes']} crashes; {seconds:.1f} s CPU ({seconds / max(counts['inputs'], 1) * 1e3:.2f} ms each)"
    )
    for crash in crashes:
        print("  crash:", crash)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000, help="inputs per target")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=("rules", "yaml"), help="fuzz one target only")
    args = parser.parse_args()
    empty: Counter[str] = Counter()
    rules = run("rules text", rules_inputs(), fuzz_rules, args.inputs, args.seed) if args.only != "yaml" else empty
    cards = run("card YAML", yaml_inputs(), fuzz_yaml, args.inputs, args.seed) if args.only != "rules" else empty
    total = rules["inputs"] + cards["inputs"]
    print(
        f"total: {total} inputs, {rules['crashes'] + cards['crashes']} crashes; load average {os.getloadavg()[0]:.1f}"
    )
    sys.exit(1 if rules["crashes"] + cards["crashes"] else 0)


if __name__ == "__main__":
    main()
