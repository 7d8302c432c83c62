"""Time the site stage and a live-preview rebuild after a one-card edit.

    python bench/bench_site.py [--project DIR] [--game loe]

Works on a temporary copy of the project's data/<game>/ (default: this checkout),
so the faces cache starts cold. Prints seconds per step (validate, render faces,
make web images, write pages) for the cold build, a warm no-change rebuild and a
rebuild after renaming one card, with how many faces were rendered and files
written. The faces cache key includes carddb's templates: editing them between
runs makes the "warm" run render again.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.packs.lookup import get_pack
from carddb.render.faces.schedule import render_faces
from carddb.site.spoiler import build_site
from carddb.site.stage import booster_membership, site_root
from carddb.site.webimages import web_images


def timed_build(project: Project, game: str) -> str:
    """One site build, timed step by step; returns a printable line."""
    times: dict[str, float] = {}
    started = time.perf_counter()
    db, report = load_database(project, get_pack(game))
    times["validate"] = time.perf_counter() - started
    step = time.perf_counter()
    faces = render_faces(db, db.cards, report, workers=2)
    times["faces"] = time.perf_counter() - step
    step = time.perf_counter()
    root = site_root(db)
    images = web_images({face.card_id: face.pdf for face in faces}, root / "cards", workers=2)
    times["images"] = time.perf_counter() - step
    step = time.perf_counter()
    site = build_site(db, root, images.paths, boosters=booster_membership(db, report))
    times["pages"] = time.perf_counter() - step
    cached = sum(face.from_cache for face in faces)
    shown = "  ".join(f"{name} {seconds:6.2f} s" for name, seconds in times.items())
    return (
        f"{shown}  ({len(db.cards)} cards: {len(faces) - cached} faces rendered, {cached} cached, "
        f"{len(images.written)} images made, {len(site.written)} site files written)"
    )


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
            print(f"{label:<24} {timed_build(project, args.game)}", flush=True)
        card_file = sorted((root / "data" / args.game / "cards").glob("*.yaml"))[0]
        text = card_file.read_text(encoding="utf-8")
        first_name = next(line for line in text.splitlines() if line.lstrip("- ").startswith("name:"))
        card_file.write_text(text.replace(first_name, first_name + " Renamed", 1), encoding="utf-8")
        print(f"{'one card renamed':<24} {timed_build(project, args.game)}", flush=True)


if __name__ == "__main__":
    main()
