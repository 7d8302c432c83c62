"""PNG export: pixel sizes per dpi and per print-service preset, RGB, recorded resolution."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from support.printsheets import make_card_pdfs

from carddb.findings.errors import UsageError
from carddb.render.raster import PngJob, check_dpi, get_preset, render_png, render_pngs


@pytest.fixture(scope="module")
def card(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_card_pdfs(tmp_path_factory.mktemp("png-cards"), ["F0"])[0]


def _px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


@pytest.mark.parametrize("dpi", [300, 150])
def test_png_sizes_with_and_without_bleed(card: Path, tmp_path: Path, dpi: int) -> None:
    with_bleed = render_png(PngJob(card, tmp_path / "bleed.png", dpi, bleed=True))
    trimmed = render_png(PngJob(card, tmp_path / "trim.png", dpi, bleed=False))
    assert with_bleed == (_px(69, dpi), _px(94, dpi))
    assert trimmed == (_px(63, dpi), _px(88, dpi))
    with Image.open(tmp_path / "trim.png") as image:
        assert image.mode == "RGB"
        assert image.size == trimmed
        assert image.info["dpi"][0] == pytest.approx(dpi, abs=0.05)  # PNG stores whole pixels per metre
        # The trimmed image starts inside the card's background, not on white paper.
        assert image.getpixel((0, 0)) == image.getpixel((image.width - 1, image.height - 1)) != (255, 255, 255)


@pytest.mark.parametrize(("preset", "size"), [("mpc", (822, 1122)), ("drivethru", (825, 1125))])
def test_print_service_presets(card: Path, tmp_path: Path, preset: str, size: tuple[int, int]) -> None:
    assert render_png(PngJob(card, tmp_path / f"{preset}.png", preset=preset)) == size
    with Image.open(tmp_path / f"{preset}.png") as image:
        assert image.mode == "RGB" and image.size == size
        assert image.info["dpi"][0] == pytest.approx(300, abs=0.01)
        # Scaled to cover the service's bleed: the edges are the card's bleed colour, not white.
        assert image.getpixel((0, 0)) != (255, 255, 255)


def test_up_to_date_pngs_are_not_rendered_again(card: Path, tmp_path: Path) -> None:
    jobs = [PngJob(card, tmp_path / "a.png", 100), PngJob(card, tmp_path / "b.png", 100, bleed=False)]
    assert render_pngs(jobs, workers=1) == (2, 0)
    assert render_pngs(jobs, workers=1) == (0, 2)
    # A different resolution is a different image.
    assert render_pngs([PngJob(card, tmp_path / "a.png", 120)], workers=1) == (1, 0)


def test_bad_dpi_and_preset_are_usage_errors() -> None:
    with pytest.raises(UsageError, match="--dpi"):
        check_dpi(5000)
    with pytest.raises(UsageError, match="presets: mpc, drivethru"):
        get_preset("mcp")
