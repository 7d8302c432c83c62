"""Pixel comparison of every card face and back drawn by two revisions of carddb, from the same data.

Speed work must not change how a card looks. This script `git archive`s the baseline
revision into a temporary folder, copies one game's data (from this tree, so both sides
draw the same cards) into two projects, runs `carddb print --png --dpi DPI` with each
side's own code and templates, and compares the PNGs with bleed of every card and back,
pixel by pixel.

For each image it records the largest difference of any channel (0-255) and the share of
pixels that differ by more than `--threshold`; it prints every image that goes over the
tolerance and a summary, and exits 1 if any does (or if a card is missing on one side).

    python bench/compare_faces.py --baseline 2d51d76
    python bench/compare_faces.py --baseline main --game loe2 --dpi 200 --keep /tmp/faces
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageChops

REPO = Path(__file__).resolve().parent.parent


def draw(tree: Path, data: Path, project: Path, game: str, dpi: int) -> Path:
    """The PNG folder of `carddb print` run with the code of `tree` on a copy of `data`."""
    shutil.copytree(data, project / "data" / game)
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, "-m", "carddb", "print", "--project", str(project), "--game", game]
    command += ["--paper", "a4", "--png", "--dpi", str(dpi), "--one-each"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode not in (0, 1) or "Traceback" in done.stderr:
        raise SystemExit(f"carddb print failed in {tree}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return project / "output" / game / "png"


def compare(a: Path, b: Path, threshold: int) -> tuple[int, float]:
    """Largest channel difference, and the share of pixels differing by more than `threshold`."""
    with Image.open(a) as first, Image.open(b) as second:
        if first.size != second.size:
            return 255, 1.0
        diff = ImageChops.difference(first.convert("RGB"), second.convert("RGB"))
    largest = max(high for _low, high in diff.getextrema())
    if largest <= threshold:
        return largest, 0.0
    # The largest channel difference of each pixel, then the pixels above the threshold.
    gray = ImageChops.lighter(ImageChops.lighter(*diff.split()[:2]), diff.split()[2])
    over = sum(gray.point(lambda v: 255 if v > threshold else 0).histogram()[255:])
    return largest, over / (diff.width * diff.height)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="2d51d76", help="git revision to compare with")
    parser.add_argument("--game", default="loe")
    parser.add_argument("--dpi", type=int, default=150)
    parser.add_argument("--threshold", type=int, default=24, help="a pixel differs if a channel moves more than this")
    parser.add_argument("--tolerance", type=float, default=0.002, help="largest share of differing pixels per image")
    parser.add_argument("--keep", type=Path, help="keep both sides' PNGs here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="carddb-compare-") as tmp:
        base = Path(tmp) / "baseline"
        base.mkdir()
        archive = subprocess.run(["git", "-C", str(REPO), "archive", args.baseline], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive.stdout, check=True)
        data = REPO / "data" / args.game
        before = draw(base, data, Path(tmp) / "before", args.game, args.dpi)
        after = draw(REPO, data, Path(tmp) / "after", args.game, args.dpi)
        names = sorted({p.relative_to(before) for p in before.rglob("*.png") if "trim" not in p.parts})
        names_after = sorted({p.relative_to(after) for p in after.rglob("*.png") if "trim" not in p.parts})
        missing = sorted(set(names) ^ set(names_after))
        results = [
            (name, *compare(before / name, after / name, args.threshold)) for name in names if name not in missing
        ]
        if args.keep:
            shutil.copytree(before, args.keep / "before", dirs_exist_ok=True)
            shutil.copytree(after, args.keep / "after", dirs_exist_ok=True)
    worst = sorted(results, key=lambda r: (-r[2], -r[1]))
    failing = [r for r in results if r[2] > args.tolerance]
    identical = sum(1 for _n, largest, _s in results if largest == 0)
    print(f"{args.game}: {len(results)} images (cards and backs) at {args.dpi} dpi, {args.baseline} against this tree")
    print(f"  pixel-identical: {identical}; within tolerance: {len(results) - len(failing)}; over: {len(failing)}")
    print(f"  tolerance: at most {args.tolerance:.1%} of pixels differ by more than {args.threshold}/255 in a channel")
    for name, largest, share in worst[:10]:
        print(f"  {name}: largest difference {largest}, {share:.3%} of pixels over the threshold")
    for name in missing:
        print(f"  {name}: drawn by only one side")
    return 1 if failing or missing else 0


if __name__ == "__main__":
    sys.exit(main())
