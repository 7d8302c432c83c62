"""Time the site stage and a live-preview rebuild after a one-card edit.

    python bench/bench_site.py [--project DIR] [--game loe]

Works on a temporary copy of the project's data/<game>/ (default: this checkout),
so the faces cache starts cold. Prints seconds per step: the cold build (faces
rendered), a warm no-change rebuild (everything cached), and a rebuild after
renaming one card, with how many faces were rendered and files written.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

from carddb.database import load_database
from carddb.games import get_pack
from carddb.project import Project
from carddb.site.stage import site_stage


def timed_build(project: Project, game: str) -> tuple[float, float, str]:
    started = time.perf_counter()
    db, report = load_database(project, get_pack(game))
    loaded = time.perf_counter()
    result = site_stage(db, report)
    done = time.perf_counter()
    return loaded - started, done - loaded, f"{len(db.cards)} cards; {result.summary()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--project", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--game", default="loe")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        root = Path(tmp)
        shutil.copytree(args.project / "data" / args.game, root / "data" / args.game)
        project = Project.at(root)
        for label in ("cold build", "warm rebuild, no change"):
            load, build, summary = timed_build(project, args.game)
            print(f"{label:<28} validate {load:6.2f} s  site stage {build:7.2f} s  ({summary})")
        card_file = sorted((root / "data" / args.game / "cards").glob("*.yaml"))[0]
        text = card_file.read_text(encoding="utf-8")
        first_name = next(line for line in text.splitlines() if line.lstrip("- ").startswith("name:"))
        card_file.write_text(text.replace(first_name, first_name + " Renamed", 1), encoding="utf-8")
        load, build, summary = timed_build(project, args.game)
        print(f"{'one card renamed':<28} validate {load:6.2f} s  site stage {build:7.2f} s  ({summary})")


if __name__ == "__main__":
    main()
