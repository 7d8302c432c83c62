"""Time `carddb validate` as a whole process on a synthetic 10,000-card LOE database.

The database is written to a temporary project: 10,000 copies of the shipped LOE
cards (so every kind, in the shipped proportions, with real rules text that the
rules check parses) under new ids, in two sets of 5,000, 50 files of 200 cards,
with one art file per card so that the art checks do real work. It is a clean,
release-stage database: the run must exit 0. The figure is the median wall
time of several runs of the installed `carddb` (a new process each time, so
interpreter start-up and imports are included, as a designer would feel them).

    python3 bench/bench_validate.py [--cards 10000] [--runs 5] [--keep DIR] [--breakdown]

CPU time is printed too: on a shared machine, wall time mostly measures the load.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
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

# A 1x1 PNG (the validator decodes every art file, as print does).
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360606060"
    "000000050001a5f645400000000049454e44ae426082"
)
SHIPPED_CARDS = Path(__file__).resolve().parent.parent / "data" / "loe" / "cards"


def shipped_cards() -> list[dict[str, object]]:
    """The bundled LOE cards: synthetic cards copy their fields, so rules text is real and valid."""
    cards: list[dict[str, object]] = []
    for path in sorted(SHIPPED_CARDS.glob("*.yaml")):
        loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
        cards.extend(loaded if isinstance(loaded, list) else [loaded])
    if not cards:
        sys.exit(f"no cards in {SHIPPED_CARDS} to model the synthetic cards on")
    return cards


def card_yaml(n: int, model: dict[str, object]) -> str:
    """Card number n: the fields of a shipped card, with a new id, name, set, number and art."""
    card = dict(model)
    card.update(
        id=f"card-{n:05d}",
        name=f"Synthetic Card {n}",
        set="BASE" if n <= 5000 else "EXP",
        number=(n - 1) % 5000 + 1,
        art={"file": f"art-{n:05d}.png", "artist": "Someone"},
    )
    return yaml.safe_dump([card], sort_keys=False, allow_unicode=True, width=100)


def write_project(root: Path, cards: int, per_file: int = 200) -> None:
    data = root / "data" / "loe"
    (data / "cards").mkdir(parents=True)
    (data / "art").mkdir()
    (data / "sets.yaml").write_text(
        "- code: BASE\n  name: Synthetic\n  release: 2026-12-01\n  stage: release\n"
        "- code: EXP\n  name: Synthetic Expansion\n  release: 2027-06-01\n  stage: release\n"
    )
    for n in range(1, cards + 1):
        (data / "art" / f"art-{n:05d}.png").write_bytes(PNG)
    models = shipped_cards()
    for start in range(1, cards + 1, per_file):
        chunk = range(start, min(start + per_file, cards + 1))
        body = "".join(card_yaml(n, models[n % len(models)]) for n in chunk)
        (data / "cards" / f"cards-{start:05d}.yaml").write_text(body, encoding="utf-8")


def time_validate(root: Path, runs: int) -> tuple[list[float], list[float]]:
    """Wall and CPU (user + system) seconds of each run of `carddb validate`."""
    carddb = shutil.which("carddb")
    command = [carddb] if carddb else [sys.executable, "-m", "carddb"]
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([*command, "validate", "--project", str(root)], capture_output=True, text=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode != 0:
            sys.exit(f"validate failed (exit {done.returncode}):\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return walls, cpus


def breakdown(root: Path) -> None:
    """CPU seconds of each stage, in this process: loading and checking cards, then the pack's card checks."""
    start = time.process_time()
    from carddb.cards.loading import load_database
    from carddb.files.project import Project
    from carddb.packs.lookup import get_pack

    imported = time.process_time()
    pack = get_pack(None)
    db, _ = load_database(Project.at(root), dataclasses.replace(pack, card_checks=()))
    loaded = time.process_time()
    gc.disable()  # as inside load_database, where validate runs these checks
    for check in pack.card_checks:
        for card in db.cards:
            list(check(card, db))
    gc.enable()
    checked = time.process_time()
    print(
        f"stages (CPU s): imports {imported - start:.2f}, load + schema + cross-card checks {loaded - imported:.2f},"
        f" pack card_checks (rules text) {checked - loaded:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", type=Path, help="write the project here and keep it (must not exist)")
    parser.add_argument("--breakdown", action="store_true", help="also time the stages in this process")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="carddb-bench-") as tmp:
        root = args.keep or Path(tmp) / "project"
        write_project(root, args.cards)
        size = sum(p.stat().st_size for p in (root / "data" / "loe" / "cards").iterdir())
        walls, cpus = time_validate(root, args.runs)
        if args.breakdown:
            breakdown(root)
    print(f"cards: {args.cards} in {args.cards // 200 + (args.cards % 200 > 0)} files ({size / 1e6:.1f} MB of YAML)")
    print(f"wall: {', '.join(f'{t:.2f}' for t in walls)} s; CPU: {', '.join(f'{t:.2f}' for t in cpus)} s")
    print(
        f"carddb validate: median {statistics.median(walls):.2f} s wall, {statistics.median(cpus):.2f} s CPU;"
        f" best {min(walls):.2f} s wall (target < 3 s); load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
