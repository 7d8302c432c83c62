"""`carddb build` as a user runs it: every artifact, a second run that renders nothing, a stop on bad data.

The bundled LOE v2 data (58 cards, deck lists, rules prose) keeps the two builds
short; the play stages that need boosters are tested on LOE in test_build_play.py.
"""

from __future__ import annotations

import math
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[2]


def carddb(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "carddb", *args], capture_output=True, text=True, check=False)


class Built:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.out = root / "output" / "loe2"
        self.first = carddb("build", "--game", "loe2", "--project", str(root))
        self.mtimes = {p: p.stat().st_mtime_ns for p in self.out.rglob("*.pdf") if ".cache" not in p.parts}
        self.second = carddb("build", "--game", "loe2", "--project", str(root))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    root = tmp_path_factory.mktemp("project")
    shutil.copytree(ROOT / "data" / "loe2", root / "data" / "loe2")
    return Built(root)


def card_ids(root: Path) -> list[str]:
    import yaml

    return [
        c["id"]
        for f in sorted((root / "data" / "loe2" / "cards").glob("*.yaml"))
        for c in yaml.safe_load(f.read_text())
    ]


def test_first_build_succeeds_and_says_what_it_wrote(built: Built) -> None:
    assert built.first.returncode == 0, built.first.stdout + built.first.stderr
    assert "Traceback" not in built.first.stderr
    assert "58 cards, 58 rendered, 0 from the cache" in built.first.stdout
    for what in (
        "card PDFs",
        "A4 sheets",
        "Letter sheets",
        "PNGs",
        "Tabletop Simulator deck",
        "Deck lists",
        "Rulebook",
        "Spoiler site",
    ):
        assert what in built.first.stdout


def test_every_artifact_is_written(built: Built) -> None:
    out = built.out
    ids = card_ids(built.root)
    assert len(ids) == 58
    expected = [
        *(out / "cards" / f"{i}.pdf" for i in ids),
        out / "cards" / "backs" / "deck.pdf",
        out / "cards" / "backs" / "market.pdf",
        out / "print" / "loe2-a4.pdf",
        out / "print" / "loe2-letter.pdf",
        *(out / "png" / f"{i}.png" for i in ids),
        *(out / "png" / "trim" / f"{i}.png" for i in ids),
        out / "tts" / "loe2-deck.json",
        out / "tts" / "loe2-market.json",
        *(
            out / "play" / "decks" / f"{d}.{ext}"
            for d in ("ashmarch-vanguard", "marketplace")
            for ext in ("csv", "json", "pdf")
        ),
        out / "rulebook.pdf",
        out / "rulebook.html",
        out / "site" / "index.html",
        out / "site" / "stats.html",
        *(out / "site" / "cards" / f"{i}.html" for i in ids),
    ]
    missing = [str(p.relative_to(out)) for p in expected if not p.is_file() or p.stat().st_size == 0]
    assert not missing, missing
    # the sheets hold every copy: 9 per page, each front page followed by its back page
    import yaml

    copies = sum(
        c.get("copies", 1)
        for f in (built.root / "data" / "loe2" / "cards").glob("*.yaml")
        for c in yaml.safe_load(f.read_text())
    )
    assert len(PdfReader(out / "print" / "loe2-a4.pdf").pages) == 2 * math.ceil(copies / 9)
    assert len(PdfReader(out / "rulebook.pdf").pages) > 20


def test_second_build_renders_nothing_and_rewrites_no_pdf(built: Built) -> None:
    assert built.second.returncode == 0, built.second.stdout + built.second.stderr
    assert "58 cards, 0 rendered, 58 from the cache" in built.second.stdout
    assert "(0 built)" in built.second.stdout  # no sheet page composed again
    changed = [str(p.relative_to(built.out)) for p, mtime in built.mtimes.items() if p.stat().st_mtime_ns != mtime]
    # every document is left alone, the print sheets included (their pages are as recorded)
    assert changed == []


def test_validation_errors_stop_the_build_before_rendering(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "data" / "loe2", tmp_path / "data" / "loe2")
    troops = tmp_path / "data" / "loe2" / "cards" / "troops.yaml"
    lines = troops.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip() == "toughness: 2")
    lines[index] = lines[index].replace("toughness", "toughnes")
    troops.write_text("\n".join(lines) + "\n")
    result = carddb("build", "--game", "loe2", "--project", str(tmp_path))
    assert result.returncode == 1
    assert (
        f"data/loe2/cards/troops.yaml:{index + 1}:3: E-UNKNOWN-FIELD 'toughnes' is not a field of a Troop"
        in result.stdout
    )
    assert "nothing was rendered" in result.stdout
    assert not (tmp_path / "output" / "loe2" / "cards").exists()


def test_print_after_build_reuses_its_sheets(built: Built) -> None:
    # The same card order in both commands: `carddb print` finds every page build composed.
    sheet = built.out / "print" / "loe2-a4.pdf"
    before = sheet.stat().st_mtime_ns
    done = carddb("print", "--game", "loe2", "--project", str(built.root), "--paper", "a4")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "(0 built)" in done.stdout
    assert sheet.stat().st_mtime_ns == before
