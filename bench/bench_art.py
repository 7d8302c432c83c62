"""What embedding PNG art as it is saves: a cold `carddb print` of N cards that each have their own art.

The bundled games have no art (their cards print placeholder landscapes), so the other benches
never embed a picture in a face. Here every card of bench_print.py's synthetic project gets its
own 1200 x 660 RGB PNG (a fractal and gradients: the flat areas and smooth ramps of painted
art), and the same cold print runs, interleaved, two ways:

  - as carddb renders: an 8-bit RGB PNG goes into each card PDF as the file's own compressed rows;
  - as WeasyPrint alone would: the picture decoded and encoded again for every card PDF written
    (carddb's change taken back in the command's process through a sitecustomize module, which
    both ways load, so that they start the same).

Prints wall and CPU seconds of each run and the size of the A4 sheet PDF (which must not change).

    python bench/bench_art.py [N] [--rounds R]    # N = 120, R = 2
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_print import CARDDB, make_project, timed, user_env, yardstick

SITECUSTOMIZE = """\
import os

import carddb.render.layout
import weasyprint.images

if os.environ.get("CARDDB_BENCH_WEASYPRINT_PNG"):
    raster = weasyprint.images.RasterImage
    raster.get_x_object = raster.get_x_object.carddb_original
"""


def add_art(root: Path, count: int) -> None:
    """Give each card of make_project's project a picture of its own."""
    from PIL import Image

    folder = root / "data" / "loe" / "art"
    folder.mkdir()
    fractal = Image.effect_mandelbrot((1200, 660), (-2.0, -1.1, 1.0, 1.1), 60)
    ramp = Image.linear_gradient("L").resize((1200, 660))
    for n in range(1, count + 1):
        Image.merge("RGB", (fractal.rotate(n % 360), ramp, fractal)).save(folder / f"art-{n}.png")
        card = root / "data" / "loe" / "cards" / f"card-{n:04d}.yaml"
        card.write_text(card.read_text() + f"art: art-{n}.png\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", nargs="?", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print(f"yardstick (10M-step empty Python loop) {yardstick():.2f} s CPU")
    with tempfile.TemporaryDirectory(prefix="carddb-bench-art-") as tmp:
        root = make_project(Path(tmp) / "project", args.cards)
        add_art(root, args.cards)
        site = Path(tmp) / "site"
        site.mkdir()
        (site / "sitecustomize.py").write_text(SITECUSTOMIZE)
        ways = {"as carddb embeds it": {}, "re-encoded as WeasyPrint does": {"CARDDB_BENCH_WEASYPRINT_PNG": "1"}}
        runs: dict[str, list[tuple[float, float, int]]] = {way: [] for way in ways}
        for _ in range(args.rounds):
            for way, extra in ways.items():
                shutil.rmtree(root / "output", ignore_errors=True)
                env = {
                    **user_env(),
                    "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]),
                    **extra,
                }
                wall, cpu = timed([CARDDB, "print", "--project", str(root), "--paper", "a4"], env=env)
                runs[way].append((wall, cpu, (root / "output" / "loe" / "print" / "loe-a4.pdf").stat().st_size))
        for way, measured in runs.items():
            walls = [w for w, _c, _s in measured]
            print(
                f"{way:32} cold print of {args.cards} cards with art: median {statistics.median(walls):.2f} s "
                f"({', '.join(f'{w:.2f}' for w in walls)}), {statistics.median(c for _w, c, _s in measured):.1f} s CPU; "
                f"A4 sheet {measured[-1][2] / 1e6:.1f} MB"
            )
    print(f"yardstick {yardstick():.2f} s CPU")


if __name__ == "__main__":
    if not Path(CARDDB).exists() and not shutil.which(CARDDB):
        raise SystemExit("carddb is not installed (pip install -e .)")
    main()
