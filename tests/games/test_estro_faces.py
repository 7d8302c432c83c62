"""ESTRO's faces, from what a player sees: the stat row in the HTML, and its colours in the printed PDF."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.render.faces.context import card_html
from carddb.render.faces.results import FaceResult
from carddb.render.faces.schedule import render_faces

PACK = get_pack("estro")
CARDS = """\
- {id: brace, name: Brace, kind: gift, estro: ardo, set: P01, number: 1, rarity: common, flavor: Hot.,
   atk: 21, def: 12, hel: 11, dex: 9, map: 8, tot: 61, text: "When this card attacks, it gets +3 ATK until end of turn."}
- {id: masso, name: Masso, kind: empty, estro: granito, set: P01, number: 2, rarity: rare, flavor: Heavy.,
   atk: 10, def: 30, hel: 11, dex: 13, map: 10, tot: 74}
- {id: corte, name: Corte, kind: zone, estro: manpo, set: P01, number: 3, rarity: common, flavor: Threads.,
   text: Manpo cards get +3 MAP.}
"""


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> tuple[CardDatabase, dict[str, FaceResult]]:
    root = tmp_path_factory.mktemp("estro-faces")
    data = root / "data" / "estro"
    (data / "cards").mkdir(parents=True)
    (data / "sets.yaml").write_text("- {code: P01, name: Test, stage: playtest}\n")
    (data / "cards" / "cards.yaml").write_text(CARDS)
    db, report = load_database(Project.at(root), PACK)
    assert not report.errors, report.format_text()
    report = Report(root=root)
    results = render_faces(db, db.cards, report, workers=1)
    assert not report.errors, report.format_text()
    return db, {r.card_id: r for r in results}


def chips(html: str) -> list[tuple[str, str, bool]]:
    """(label, value, primary) of each chip of the stat row, left to right."""
    found = re.findall(
        r'<span class="chip chip-(\w+)( primary)?"[^>]*>\s*<span class="chip-label">(\w+)</span>\s*'
        r'<span class="chip-value">(\d+)</span>',
        html,
    )
    return [(label, value, bool(primary)) for _stat, primary, label, value in found]


def test_a_fighter_shows_its_five_stats_then_its_tot_with_the_primary_marked(rendered) -> None:
    db, _ = rendered
    html = card_html(db, db.by_id("brace"))
    assert chips(html) == [
        ("ATK", "21", True),
        ("DEF", "12", False),
        ("HEL", "11", False),
        ("DEX", "9", False),
        ("MAP", "8", False),
        ("TOT", "61", False),
    ]
    assert "Gift card" in html and "When this card attacks" in html
    assert 'class="estro-badge"' in html and "ardo.svg" in html
    empty = card_html(db, db.by_id("masso"))
    assert [c for c in chips(empty) if c[2]] == [("DEF", "30", True)]  # Granito leads with DEF
    assert 'class="empty-mark"' in empty and "Empty card" in empty


def test_a_zone_card_has_no_stats_and_says_whom_it_affects(rendered) -> None:
    db, _ = rendered
    html = card_html(db, db.by_id("corte"))
    assert chips(html) == [] and 'class="stats' not in html
    assert "while active, for both players" in html and "Zone card" in html
    assert "zone-wrap" in html


def rasterize(pdf: Path, folder: Path, dpi: int) -> Image.Image:
    target = folder / pdf.stem
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(pdf), str(target)], check=True)
    return Image.open(f"{target}.png").convert("RGB")


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return (int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16))


def distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5)


def test_the_printed_stat_row_colours_the_primary_stat_and_darkens_the_tot(rendered, tmp_path: Path) -> None:
    _db, results = rendered
    dpi = 100
    px = dpi / 25.4
    image = rasterize(results["brace"].pdf, tmp_path, dpi)
    assert abs(image.size[0] - 69 * px) <= 1 and abs(image.size[1] - 94 * px) <= 1

    def at(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        pixel = image.getpixel((round(x_mm * px), round(y_mm * px)))
        assert isinstance(pixel, tuple)
        return pixel  # type: ignore[return-value]

    # Chips start at 5.8 mm and are 8.5 mm wide with 0.5 mm gaps; sample inside each, left of its text.
    atk, def_, tot = at(6.6, 47), at(15.6, 47), at(51.8, 47)
    assert distance(atk, rgb(PACK.faction("ardo").color)) < 40, atk  # type: ignore[union-attr]
    assert min(def_) > 200, def_  # a light chip for the other stats
    assert max(tot) < 60, tot  # the TOT chip is dark
