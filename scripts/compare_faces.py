"""Compare two renders of the same card faces, PNG by PNG, within a tolerance.

    python3 scripts/compare_faces.py BEFORE_DIR AFTER_DIR [--max-mean 0.5] [--max-changed 0.002]

Each folder holds the PNGs `carddb print --png` writes (output/<game>/png/ or its trim/
subfolder). For every file name in both, the images must have the same size; the script
prints the mean absolute difference per channel (0-255) and the share of pixels where any
channel differs by more than 32, and exits 1 if a face exceeds either limit, a size differs,
or a file is missing on one side. Used to show that a change to the core's face stylesheet
left the LOE and LOE v2 faces as they were (anti-aliasing may move by a shade; a moved box
does not pass).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PIL import Image, ImageChops


def compare(before: Path, after: Path) -> tuple[float, float, str]:
    """(mean absolute difference, share of clearly changed pixels, problem or '')."""
    with Image.open(before) as a_file, Image.open(after) as b_file:
        a, b = a_file.convert("RGB"), b_file.convert("RGB")
    if a.size != b.size:
        return 255.0, 1.0, f"size {a.size} became {b.size}"
    diff = ImageChops.difference(a, b)
    pixels = a.size[0] * a.size[1]
    mean = sum(i * n for band in diff.split() for i, n in enumerate(band.histogram())) / (3 * pixels)
    red, green, blue = diff.split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    changed = sum(largest.histogram()[33:]) / pixels
    return mean, changed, ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--max-mean", type=float, default=0.5, help="largest mean difference per channel (0-255)")
    parser.add_argument("--max-changed", type=float, default=0.002, help="largest share of clearly changed pixels")
    args = parser.parse_args()
    names_a = {p.relative_to(args.before) for p in args.before.rglob("*.png")}
    names_b = {p.relative_to(args.after) for p in args.after.rglob("*.png")}
    failures = [f"{name}: only in {args.before}" for name in sorted(names_a - names_b)]
    failures += [f"{name}: only in {args.after}" for name in sorted(names_b - names_a)]
    worst = (0.0, 0.0, "")
    for name in sorted(names_a & names_b):
        mean, changed, problem = compare(args.before / name, args.after / name)
        if problem or mean > args.max_mean or changed > args.max_changed:
            failures.append(f"{name}: {problem or f'mean {mean:.3f}, changed {changed:.4%}'}")
        worst = max(worst, (mean, changed, str(name)))
    print(f"{len(names_a & names_b)} faces compared; largest mean difference {worst[0]:.3f} ({worst[2]})")
    for failure in failures:
        print("  " + failure)
    print("PASS" if not failures else f"FAIL: {len(failures)} faces differ")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
