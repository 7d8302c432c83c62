"""Print services at the sizes they sell, Tabletop Simulator at a chosen resolution, keywords that look bold."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from support.projects import run_cli
from support.tidewake import write_tidewake

from carddb.files.templating import BUNDLED_TEMPLATES

# Sizes of the services' templates (docs/printing.md cites each): the cut at 300 dpi plus the bleed,
# 36 px a side for MakePlayingCards, 1/8 in (37.5 px) a side for DriveThruCards.
EXPECTED = {
    ("tarot", "mpc"): (897, 1497),
    ("tarot", "drivethru"): (900, 1500),
    ("mini", "mpc"): (597, 822),
    ("mini", "drivethru"): (600, 825),
}


@pytest.mark.parametrize(("size", "preset"), list(EXPECTED))
def test_presets_write_the_services_image_for_the_games_card_size(tmp_path: Path, size: str, preset: str) -> None:
    root = write_tidewake(tmp_path, size)
    result = run_cli("print", "--project", str(root), "--paper", "a4", "--preset", preset, "--jobs", "1")
    assert result.exit_code == 0, result.stdout + result.stderr
    images = sorted((root / "output" / "tidewake" / "png" / preset).rglob("*.png"))
    assert len(images) == 6  # five cards and the shared back
    for path in images:
        with Image.open(path) as image:
            assert image.size == EXPECTED[size, preset] and image.mode == "RGB"
            assert round(image.info["dpi"][0]) == 300


def test_a_size_a_service_does_not_sell_is_a_clear_error(tmp_path: Path) -> None:
    root = write_tidewake(tmp_path, "square")
    result = run_cli("print", "--project", str(root), "--paper", "a4", "--preset", "mpc", "--jobs", "1")
    assert result.exit_code == 2 and not result.crashed
    assert "MakePlayingCards sells no card near this game's 70 x 70 mm" in result.stderr
    assert "tarot 2.75 x 4.75 in" in result.stderr  # the sizes it does sell
    square = run_cli("print", "--project", str(root), "--paper", "a4", "--preset", "drivethru", "--jobs", "1")
    assert square.exit_code == 0, square.stderr  # DriveThruCards' 2.75 in square is 69.85 mm
    with Image.open(next((root / "output" / "tidewake" / "png" / "drivethru").glob("*.png"))) as image:
        assert image.size == (900, 900)


def test_tabletop_simulator_sheets_at_a_chosen_resolution(tmp_path: Path) -> None:
    root = write_tidewake(tmp_path, "tarot")
    result = run_cli("print", "--project", str(root), "--paper", "a4", "--tts-dpi", "200", "--jobs", "1")
    assert result.exit_code == 0, result.stdout + result.stderr
    with Image.open(root / "output" / "tidewake" / "tts" / "tidewake-default-sheet-1.jpg") as sheet:
        # five tarot cards of 70 x 120 mm at 200 dpi: cells of 551 x 945 px, in one row of five
        # (and a second row, as Tabletop Simulator needs a grid of at least 2 x 2)
        assert sheet.size == (5 * 551, 2 * 945)


def _ink(weight: int) -> int:
    from weasyprint import HTML

    fonts = (BUNDLED_TEMPLATES / "fonts" / "fonts.css").resolve().as_uri()
    html = (
        f'<style>@import url("{fonts}"); @page {{ size: 120mm 20mm; margin: 2mm }}'
        f'p {{ font-family: "Card Serif"; font-size: 12pt; font-weight: {weight}; margin: 0 }}</style>'
        "<p>Guard Armor Swift Ambush Vigil</p>"
    )
    document = pdfium.PdfDocument(HTML(string=html).write_pdf())
    try:
        picture = document[0].render(scale=4).to_pil().convert("L")
    finally:
        document.close()
    return sum(picture.histogram()[:128])  # dark pixels


def test_keywords_are_visibly_bold() -> None:
    # The same words in the rules text's bold and regular: the bold must carry clearly more ink.
    # (The earlier partial bold carried 14 % more, which did not read as bold on a card; this one 42 %.)
    assert _ink(700) > 1.3 * _ink(400)
