"""Cold and warm `carddb validate` on a project whose cards all have real art files.

validate decodes every art file fully, as print does (carddb/cards/artverdicts.py), and keeps each
verdict in output/<game>/.cache/art.json. This writes a project of N cards (the shipped LOE
cards under new ids, as bench_validate.py does), each with its own art file: a 750 x 1050
picture (a poker card's art at 300 dpi) saved as PNG or JPEG, alternately, with noise so the
files compress as photographs and paintings do. It then runs `carddb validate` as a new
process: once cold (no cache), then warm several times, then once after touching a tenth
of the art files. CPU time (user + system of the child) is the figure to compare on a shared
machine; wall time and the load average are printed beside it.

    python3 bench/bench_validate_art.py [--cards 1000] [--warm 3]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_validate import card_yaml, shipped_cards


def write_project(root: Path, cards: int) -> int:
    """The project; returns the bytes of art written."""
    data = root / "data" / "loe"
    (data / "cards").mkdir(parents=True)
    (data / "art").mkdir()
    (data / "sets.yaml").write_text(
        "- code: BASE\n  name: Synthetic\n  release: 2026-12-01\n  stage: release\n"
        "- code: EXP\n  name: Synthetic Expansion\n  release: 2027-06-01\n  stage: release\n"
    )
    rng = random.Random(1)
    base = Image.effect_noise((750, 1050), 60).convert("RGB")
    total = 0
    for n in range(1, cards + 1):
        tint = Image.new("RGB", base.size, (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
        picture = Image.blend(base, tint, 0.5)
        png = data / "art" / f"art-{n:05d}.png"
        if n % 2:
            picture.save(png, "PNG")
        else:
            picture.save(png, "JPEG", quality=90)  # a JPEG named .png decodes all the same
        total += png.stat().st_size
    models = shipped_cards()
    for start in range(1, cards + 1, 200):
        body = "".join(card_yaml(n, models[n % len(models)]) for n in range(start, min(start + 200, cards + 1)))
        (data / "cards" / f"cards-{start:05d}.yaml").write_text(body, encoding="utf-8")
    return total


def run(root: Path) -> tuple[float, float]:
    carddb = shutil.which("carddb")
    command = [carddb] if carddb else [sys.executable, "-m", "carddb"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([*command, "validate", "--project", str(root)], capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"validate failed (exit {done.returncode}):\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--warm", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="carddb-bench-art-") as tmp:
        root = Path(tmp) / "project"
        art_bytes = write_project(root, args.cards)
        cold = run(root)
        warm = [run(root) for _ in range(args.warm)]
        art = sorted((root / "data" / "loe" / "art").iterdir())
        for path in art[::10]:
            os.utime(path, ns=(time.time_ns(), time.time_ns()))
        touched = run(root)
        cache = (root / "output" / "loe" / ".cache" / "art.json").stat().st_size
    best_warm = min(warm, key=lambda w: w[1])
    print(f"cards: {args.cards}, each with its own 750 x 1050 art file ({art_bytes / 1e6:.0f} MB of PNG and JPEG)")
    print(f"cold validate (decodes every file):   {cold[1]:.2f} s CPU, {cold[0]:.2f} s wall")
    print(
        "warm validate (cache only):          "
        + ", ".join(f"{cpu:.2f}" for _, cpu in warm)
        + f" s CPU; best {best_warm[1]:.2f} s CPU, {best_warm[0]:.2f} s wall"
    )
    print(f"after touching a tenth of the files: {touched[1]:.2f} s CPU, {touched[0]:.2f} s wall")
    print(f"cache file: {cache / 1e3:.0f} kB; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
