"""A card's images at several resolutions come from one drawing, also across stages (PNGs and site)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat
from support.printsheets import make_card_pdfs

from carddb.render import raster
from carddb.render.pngfile import png_size_and_dpi
from carddb.render.raster import PngJob, PngQueue, card_page, crop_to_box, page_image, queue_pngs, render_png_batch
from carddb.render.workers import RenderWorkers


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return make_card_pdfs(tmp_path_factory.mktemp("png-cards"), ["A", "B", "C"])


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The scale of every drawing PDFium makes during the test."""
    scales: list[float] = []
    real = raster.page_image
    monkeypatch.setattr(raster, "page_image", lambda page, scale: scales.append(scale) or real(page, scale))
    return scales


def test_a_site_image_is_reduced_from_the_print_drawing(pdfs: list[Path], tmp_path: Path, drawn: list[float]) -> None:
    # The site's job comes first: the finer drawing must still be made first and the coarser reduced from it.
    jobs = [
        PngJob(pdf=pdfs[0], target=tmp_path / "site.png", dpi=150, bleed=False),
        PngJob(pdf=pdfs[0], target=tmp_path / "print.png", dpi=300, bleed=True),
    ]
    render_png_batch(jobs)
    assert drawn == [300 / 72]
    size, dpi = png_size_and_dpi(tmp_path / "site.png")
    assert dpi == pytest.approx(150, abs=0.1)
    # The same picture as PDFium drawing the card at 150 dpi: same pixels' size, differences only at edges.
    with card_page(pdfs[0]) as (page, media, trim):
        direct = crop_to_box(page_image(page, 150 / 72), media, trim, 150 / 72)
    with Image.open(tmp_path / "site.png") as site:
        assert site.size == direct.size == size
        difference = ImageStat.Stat(ImageChops.difference(site.convert("RGB"), direct)).mean
    assert max(difference) < 6


def test_a_resolution_that_is_no_whole_fraction_is_drawn_again(
    pdfs: list[Path], tmp_path: Path, drawn: list[float]
) -> None:
    render_png_batch(
        [
            PngJob(pdf=pdfs[1], target=tmp_path / "a.png", dpi=300, bleed=True),
            PngJob(pdf=pdfs[1], target=tmp_path / "b.png", dpi=200, bleed=True),
        ]
    )
    assert drawn == [300 / 72, 200 / 72]


def test_two_stages_share_one_queue_and_each_counts_its_own(pdfs: list[Path], tmp_path: Path) -> None:
    prints = [PngJob(pdf=pdf, target=tmp_path / f"{pdf.stem}.png", dpi=300, bleed=True) for pdf in pdfs]
    site = [PngJob(pdf=pdf, target=tmp_path / "site" / f"{pdf.stem}.png", dpi=150, bleed=False) for pdf in pdfs[:2]]
    with RenderWorkers(2) as pool:
        queue = PngQueue(pool)
        first = queue_pngs(prints, pool=pool, queue=queue)
        second = queue_pngs(site, pool=pool, force=True, label="site images", queue=queue)
        assert not first.tickets and not second.tickets  # nothing sent before the queue is
        counted: list[str] = []
        assert first.finish(on_done=lambda: counted.append("print")) == (3, 0)  # sends the queue
        assert second.finish(on_done=lambda: counted.append("site")) == (2, 0)
        late = queue_pngs(site, pool=pool, force=True, queue=queue)  # after sending: queued on its own
        assert late.shared is None and late.finish() == (2, 0)
    assert counted == ["print"] * 3 + ["site"] * 2
    # Each card's images were in one job: both stages wait for the same tickets for cards A and B.
    assert set(second.tickets) <= set(first.tickets)
    for job in prints + site:
        assert job.target.is_file()
