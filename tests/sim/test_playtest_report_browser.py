"""The playtest report in headless Chromium: it opens from disk and every plot is drawn where a reader sees it."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from playtest_fixtures import STRONG_CARD, write_playtest_project
from playwright.sync_api import Browser, expect, sync_playwright
from typer.testing import CliRunner

from carddb.cli.app import app

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
BAR = (0x6B, 0x5B, 0x45)  # the bars' colour (carddb/sim/plots.py)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = write_playtest_project(tmp_path_factory.mktemp("report"))
    args = ["playtest", "-n", "40", "--seed", "3", "--workers", "1", "--ablation", "8", "--project", str(project)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return project / "output" / "loe" / "playtest" / "seed3" / "report.html"


def test_the_report_opens_and_its_plots_are_visible(browser: Browser, report: Path, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(report.as_uri())
    expect(page.locator("h1")).to_have_text("Playtest: Lords of Estraven")
    plots = page.locator("svg.plot")
    expect(plots).to_have_count(9)  # with who-beats-whom (issue 35)
    for index in range(9):
        plot = plots.nth(index)
        plot.scroll_into_view_if_needed()
        expect(plot).to_be_visible()
        box = plot.bounding_box()
        assert box is not None and box["width"] >= 700 and box["height"] >= 60
    seats = page.locator("#by-seat + svg.plot g.row")
    expect(seats).to_have_count(2)
    assert sorted(seats.evaluate_all("rows => rows.map(r => r.dataset.label)")) == ["North", "South"]
    # "North against South": the long labels of who beats whom fit in their plot
    pairing = page.locator("#pairings ~ svg.plot").first
    left = (pairing.bounding_box() or {"x": 0.0})["x"]
    names = pairing.locator("text.name")
    expect(names).to_have_count(2)
    assert all(x >= left for x in names.evaluate_all("ts => ts.map(t => t.getBoundingClientRect().left)"))
    bars = page.locator("svg.rates rect.bar")
    widths = bars.evaluate_all("bars => bars.map(b => b.getBoundingClientRect().width)")
    assert len(widths) >= 8 and max(widths) > 50  # drawn to scale, not collapsed
    shrine = page.locator(f"svg.forest g.row[data-id='{STRONG_CARD}']").first
    expect(shrine).to_be_visible()
    assert float(shrine.get_attribute("data-low") or 0) > 0  # the card every winner plays stands out
    lengths = page.locator("svg.histogram rect.bar")
    assert lengths.count() >= 3
    # What a reader sees: the first plot's pixels hold the bars' colour.
    shot = Image.open(io.BytesIO(plots.first.screenshot())).convert("RGB")
    width, height = shot.size
    pixels = shot.load()
    bar_pixels = sum(
        1
        for x in range(width)
        for y in range(height)
        if all(abs(a - b) <= 6 for a, b in zip(pixels[x, y], BAR, strict=True))
    )
    assert bar_pixels > 500
    page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
    assert (tmp_path / "report.png").stat().st_size > 20_000
