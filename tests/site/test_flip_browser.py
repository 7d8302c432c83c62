"""Headless Chromium turns a double-sided card over in the spoiler site (SoulFall's Shells and Followers).

In the gallery a double-sided card has a Flip button; on its page the card itself is the
control. After a click the back side faces the reader (its transform is the identity) and
the front is turned away; a second click turns it back.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.packs.lookup import get_pack
from carddb.site.stage import site_stage

REPO = Path(__file__).resolve().parents[2]
# A side turned towards the reader: no transform, or rotateY(0); a turned-away side is rotateY(+-180deg).
FACING = ("none", "matrix(1, 0, 0, 1, 0, 0)")

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of SoulFall's Tribe cards (Followers and Shells), built from a copy of the data."""
    root = tmp_path_factory.mktemp("soulfall-site")
    data = root / "data" / "soulfall"
    (data / "cards").mkdir(parents=True)
    shutil.copy(REPO / "data" / "soulfall" / "sets.yaml", data / "sets.yaml")
    shutil.copy(REPO / "data" / "soulfall" / "cards" / "tribe.yaml", data / "cards" / "tribe.yaml")
    pack = get_pack("soulfall")
    db, report = load_database(Project.at(root), pack)
    site_stage(db, report, root=root / "site", workers=1)
    assert not report.errors, report.format_text()
    return root / "site"


def transform(side: Locator) -> str:
    return str(side.evaluate("element => getComputedStyle(element).transform"))


def expect_facing(card: Locator, side: str) -> None:
    """Wait for the turn (a CSS transition) to end with `side` ("front" or "back") towards the reader."""
    other = "back" if side == "front" else "front"
    shown, hidden = card.locator(f".side-{side}"), card.locator(f".side-{other}")
    expect(shown).to_have_attribute("aria-hidden", "false")
    expect(hidden).to_have_attribute("aria-hidden", "true")
    page: Page = card.page
    for _ in range(50):  # the turn is a 0.45 s transition
        if transform(shown) in FACING and transform(hidden) not in FACING:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the {side} does not face the reader: {transform(shown)} / {transform(hidden)}")


def test_the_gallery_flips_a_card_with_its_flip_button(browser: Browser, site: Path) -> None:
    page = browser.new_page()
    page.goto((site / "index.html").as_uri())
    double = page.locator("#gallery .card.double")
    expect(double).to_have_count(7)  # the Follower and the six Shells
    card = page.locator("#card-shell-of-embers")
    expect(card.locator(".caption .name")).to_have_text("Shell // Broken Shell of Embers")
    assert transform(card.locator(".side-front")) in FACING
    assert transform(card.locator(".side-back")) not in FACING
    card.locator(".flip-button").click()
    expect(card).to_have_class("card double flipped")
    expect(card.locator(".flip-button")).to_have_attribute("aria-pressed", "true")
    expect_facing(card, "back")
    assert page.url.endswith("index.html")  # flipping did not follow the card's link
    card.locator(".flip-button").click()
    expect_facing(card, "front")
    page.close()


def test_a_card_page_flips_when_the_card_is_clicked(browser: Browser, site: Path) -> None:
    page = browser.new_page()
    page.goto((site / "cards" / "follower.html").as_uri())
    card = page.locator(".card-detail")
    expect(card.locator(".side-back img")).to_have_attribute("alt", "Citadel")
    page.locator(".flip-card").click()
    expect_facing(card, "back")
    expect(page.locator(".flip-card")).to_have_attribute("aria-pressed", "true")
    page.locator(".flip-card").click()
    expect_facing(card, "front")
    page.close()
