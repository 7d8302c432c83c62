"""End to end: headless Chromium against `carddb serve` on a temporary project.

The gallery shows every card, a search narrows it, an edit on disk reaches the
open page without a manual reload, and a bad edit shows the located finding in
the page while the server keeps running. The server is always stopped.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from site_fixtures import write_project
from support.terminal import default_ctrl_c

STARTUP_SECONDS = 120  # the first build renders every face cold
UPDATE_MS = 60_000  # an edit: debounce, validation, one face, the site, the reload

pytestmark = pytest.mark.browser


class Server:
    """`carddb serve --port 0` as a subprocess, its output collected line by line."""

    def __init__(self, project: Path) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "carddb", "serve", "--port", "0", "--project", str(project)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
            preexec_fn=default_ctrl_c,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.output: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line)
            self.lines.put(line)

    def wait_for(self, pattern: str, seconds: float) -> re.Match[str]:
        while True:
            try:
                line = self.lines.get(timeout=seconds)
            except queue.Empty:
                raise AssertionError(f"no line matching {pattern!r}; output:\n{''.join(self.output)}") from None
            if match := re.search(pattern, line):
                return match

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                return self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                return -9
        return self.process.returncode


def test_gallery_search_live_edit_and_findings_overlay(browser: Browser, tmp_path: Path) -> None:
    project = write_project(tmp_path / "project")
    council = project / "data" / "loe" / "cards" / "council.yaml"
    original = council.read_text()
    server = Server(project)
    try:
        base = server.wait_for(r"at (http://127\.0\.0\.1:\d+/)", STARTUP_SECONDS).group(1)
        page: Page = browser.new_page()
        page.goto(base)

        cards = page.locator("#gallery .card")
        expect(cards).to_have_count(5)
        expect(page.locator("#gallery .card:visible img")).to_have_count(5)  # every face rendered
        expect(page.locator("#count")).to_have_text("5 of 5 cards")

        page.fill("#f-search", "hand size")  # rules text of Small Rite only
        expect(page.locator("#gallery .card:visible")).to_have_count(1)
        expect(page.locator("#gallery .card:visible .name")).to_have_text("Small Rite")
        expect(page.locator("#count")).to_have_text("1 of 5 cards")
        page.fill("#f-search", "")
        expect(page.locator("#gallery .card:visible")).to_have_count(5)

        page.select_option("#f-kind", "duke")
        expect(page.locator("#gallery .card:visible")).to_have_count(1)
        page.select_option("#f-kind", "")
        page.select_option("#f-cost", "none")  # only the resource has no cost
        expect(page.locator("#gallery .card:visible")).to_have_attribute("data-id", "quiet-levies")
        page.click("#f-reset")
        page.select_option("#f-sort", "cost")  # 2, 2 (by number), 3, 5, then no cost
        order = ["hostile-spell", "small-rite", "test-duke", "test-lord", "quiet-levies"]
        assert page.eval_on_selector_all("#gallery .card", "els => els.map(e => e.dataset.id)") == order
        page.click("#f-reset")

        # An edit on disk reaches the open page by itself, the card's picture with it.
        sources = "els => els.map(e => e.getAttribute('src'))"
        pictures = page.eval_on_selector_all("#gallery .card img", sources)
        ids = page.eval_on_selector_all("#gallery .card", "els => els.map(e => e.dataset.id)")
        council.write_text(original.replace("Duke of Fixtures", "Duke of Live Edits"))
        expect(page.locator("#card-test-duke .name")).to_have_text("Duke of Live Edits", timeout=UPDATE_MS)
        changed = [
            a != b for a, b in zip(pictures, page.eval_on_selector_all("#gallery .card img", sources), strict=True)
        ]
        assert changed == [card == "test-duke" for card in ids]  # a new version of that image only
        loaded = "img => img.complete && img.naturalWidth"
        expect(page.locator("#card-test-duke img")).to_have_js_property("complete", True)
        assert page.eval_on_selector("#card-test-duke img", loaded) == 372

        # A bad field: the page shows the located finding; the last good gallery stays.
        bad = original.replace("  health: 8\n", "  health: 8\n  helth: 9\n")
        line = bad.splitlines().index("  helth: 9") + 1
        council.write_text(bad)
        overlay = page.locator("#carddb-findings")
        expect(overlay).to_be_visible(timeout=UPDATE_MS)
        # Long waits here too: the editor-style write is not atomic, so a build may first see half a file.
        where = overlay.locator(".finding.error .where")
        expect(where).to_have_text(f"data/loe/cards/council.yaml:{line}:3", timeout=UPDATE_MS)
        expect(overlay.locator(".finding.error .code")).to_have_text("E-UNKNOWN-FIELD", timeout=UPDATE_MS)
        expect(overlay).to_contain_text("'helth' is not a field of a Duke; did you mean 'health'?")
        expect(cards).to_have_count(5)

        # Broken YAML does not kill the server either; fixing the file clears the overlay.
        council.write_text(original + "\n- id: [unclosed\n")
        expect(overlay.locator(".code").first).to_have_text("E-YAML-SYNTAX", timeout=UPDATE_MS)
        council.write_text(original)
        expect(page.locator("#card-test-duke .name")).to_have_text("Duke of Fixtures", timeout=UPDATE_MS)
        expect(page.locator("#carddb-findings")).to_have_count(0, timeout=UPDATE_MS)
        assert server.process.poll() is None

        # The site on disk works without the server: from file://, with no live-reload script.
        static = browser.new_page()
        static.goto((project / "output" / "loe" / "site" / "index.html").as_uri())
        expect(static.locator("#count")).to_have_text("5 of 5 cards")
        static.fill("#f-search", "fixtures")
        expect(static.locator("#count")).to_have_text("1 of 5 cards")
        expect(static.locator("script[src*='__carddb']")).to_have_count(0)
    finally:
        code = server.stop()
    output = "".join(server.output)
    assert code == 0, output
    assert "Traceback" not in output
    assert f"data/loe/cards/council.yaml:{line}:3: E-UNKNOWN-FIELD" in output  # also in the terminal
    assert output.rstrip().endswith("stopped")
