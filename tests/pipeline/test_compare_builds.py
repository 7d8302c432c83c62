"""scripts/compare_builds.py reports what a change did to a build's output, pixels included."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PIL import Image

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "compare_builds.py"


def _compare(before: Path, after: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), str(before), str(after)], capture_output=True, text=True)


def test_one_changed_pixel_of_an_opaque_png_is_a_difference(tmp_path: Path) -> None:
    for side in ("before", "after"):
        (tmp_path / side / "png").mkdir(parents=True)
        Image.new("RGB", (20, 20), "#e8dcc0").save(tmp_path / side / "png" / "card.png")
    same = _compare(tmp_path / "before", tmp_path / "after")
    assert same.returncode == 0, same.stdout

    with Image.open(tmp_path / "after" / "png" / "card.png") as image:
        changed = image.copy()
    changed.putpixel((7, 11), (20, 20, 20))
    changed.save(tmp_path / "after" / "png" / "card.png")
    result = _compare(tmp_path / "before", tmp_path / "after")
    assert result.returncode == 1
    assert "png/card.png: pixels differ" in result.stdout
