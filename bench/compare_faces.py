"""Pixel comparison of every card face and back drawn by another revision of carddb and by this tree.

Speed work must not change how a card looks. This script checks out the baseline revision
beside this tree (bench/revisions.py), copies one game's data from this tree into two
projects (both sides draw the same cards), runs `carddb print --png --dpi DPI --one-each`
with each side's own code and templates, and compares the PNGs of every card and back, with
and without bleed, with scripts/compare_faces.py (mean difference per channel, and the share
of pixels where a channel moves by more than 32; its limits, unless given here). Exits as it does.

    python bench/compare_faces.py --baseline main
    python bench/compare_faces.py --baseline 2d51d76 --game loe2 --dpi 200 --keep /tmp/faces
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from revisions import REPO, checkout, environment


def draw(tree: Path, data: Path, project: Path, game: str, dpi: int) -> Path:
    """The PNG folder of `carddb print` run with the code of `tree` on a copy of `data`."""
    shutil.copytree(data, project / "data" / game)
    command = [sys.executable, "-m", "carddb", "print", "--project", str(project), "--game", game]
    command += ["--paper", "a4", "--png", "--dpi", str(dpi), "--one-each"]
    # In the tree's own folder: `python -m` puts the current folder first on sys.path.
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True, env=environment(tree), check=False)
    if done.returncode not in (0, 1) or "Traceback" in done.stderr:
        raise SystemExit(f"carddb print failed in {tree}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return project / "output" / game / "png"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="main", help="git revision to compare with")
    parser.add_argument("--game", default="loe")
    parser.add_argument("--dpi", type=int, default=150)
    parser.add_argument("--keep", type=Path, help="keep both sides' PNGs here")
    args, limits = parser.parse_known_args()
    with tempfile.TemporaryDirectory(prefix="carddb-compare-") as tmp:
        base = checkout(args.baseline, Path(tmp) / "baseline")
        data = REPO / "data" / args.game
        before = draw(base, data, Path(tmp) / "before", args.game, args.dpi)
        after = draw(REPO, data, Path(tmp) / "after", args.game, args.dpi)
        if args.keep:
            shutil.copytree(before, args.keep / "before", dirs_exist_ok=True)
            shutil.copytree(after, args.keep / "after", dirs_exist_ok=True)
        print(f"{args.game} at {args.dpi} dpi: {args.baseline} (before) against this tree (after)")
        script = REPO / "scripts" / "compare_faces.py"
        return subprocess.run([sys.executable, str(script), str(before), str(after), *limits], check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
