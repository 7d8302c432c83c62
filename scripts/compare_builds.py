"""Compare two `carddb build` output folders: PDF text and page geometry, PNG pixels, other files' bytes.

    python3 scripts/compare_builds.py BEFORE_OUTPUT AFTER_OUTPUT [--ignore GLOB ...]

For a change that should not change what carddb writes (a refactor): every PDF has the same
pages, page boxes (MediaBox, TrimBox, BleedBox) and text per page; every PNG the same pixels;
every other file the same bytes (HTML and JSON may differ in what names the carddb version or
a date, so those are compared with such values masked). Caches (.cache/) and the lock are skipped.
Prints one line per difference and a summary; exits 1 if anything differs.
"""

from __future__ import annotations

import argparse
import fnmatch
import re
import sys
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageChops

SKIP = (".cache/*", "*/.cache/*", ".lock", "*/.lock")
# Values that may differ between two builds of the same data: dates, durations, temporary paths.
MASKS = (
    re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?"),
    re.compile(rb'"(seconds|cpu|elapsed|duration)[a-z_]*": [0-9.e-]+'),
    re.compile(rb"/tmp/[\w./-]+"),
)


def pdf_summary(path: Path) -> list[tuple[tuple[float, ...], str]]:
    pdf = pdfium.PdfDocument(path)
    pages = []
    for page in pdf:
        boxes = (*page.get_mediabox(), *page.get_trimbox(), *page.get_bleedbox())
        text = page.get_textpage().get_text_range()
        pages.append((tuple(round(b, 2) for b in boxes), text))
    return pages


def same_png(a: Path, b: Path) -> bool:
    with Image.open(a) as one, Image.open(b) as two:
        if one.size != two.size or one.mode != two.mode:
            return False
        # alpha_only=False: by default an RGBA image's bbox looks at its alpha alone, and the
        # difference of two opaque images has zero alpha everywhere, so any two would compare equal.
        return ImageChops.difference(one.convert("RGBA"), two.convert("RGBA")).getbbox(alpha_only=False) is None


def masked(data: bytes) -> bytes:
    for mask in MASKS:
        data = mask.sub(b"~", data)
    return data


def compare(before: Path, after: Path, ignore: list[str]) -> list[str]:
    def files(root: Path) -> set[str]:
        found = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}
        return {f for f in found if not any(fnmatch.fnmatch(f, g) for g in (*SKIP, *ignore))}

    old, new = files(before), files(after)
    problems = [f"only before: {f}" for f in sorted(old - new)] + [f"only after: {f}" for f in sorted(new - old)]
    for name in sorted(old & new):
        a, b = before / name, after / name
        if name.endswith(".pdf"):
            one, two = pdf_summary(a), pdf_summary(b)
            if len(one) != len(two):
                problems.append(f"{name}: {len(one)} pages before, {len(two)} after")
            for index, (x, y) in enumerate(zip(one, two, strict=False), 1):
                if x[0] != y[0]:
                    problems.append(f"{name} page {index}: boxes {x[0]} -> {y[0]}")
                if x[1] != y[1]:
                    problems.append(f"{name} page {index}: text differs")
        elif name.endswith(".png"):
            if not same_png(a, b):
                problems.append(f"{name}: pixels differ")
        elif a.read_bytes() != b.read_bytes() and masked(a.read_bytes()) != masked(b.read_bytes()):
            problems.append(f"{name}: bytes differ")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--ignore", action="append", default=[], help="a glob of files not to compare")
    args = parser.parse_args()
    problems = compare(args.before, args.after, args.ignore)
    for line in problems:
        print(line)
    count = sum(1 for p in args.before.rglob("*") if p.is_file())
    print(f"{len(problems)} differences in {count} files before")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
