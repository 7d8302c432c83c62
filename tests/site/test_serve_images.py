"""`carddb serve` refreshes the card images it serves: after an edit, the edited card's PNG is new, the others untouched.

Without a browser: the real site stage behind the preview server, the served HTML and
PNG bytes compared before and after an edit, and the changed pixels located on the card.
"""

from __future__ import annotations

import io
import re
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from site_fixtures import write_project

from carddb.cards.database import CardDatabase
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.site.serve import Preview, make_server
from carddb.site.stage import site_root, site_stage

IDS = ("test-lord", "test-duke", "hostile-spell", "quiet-levies", "small-rite")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Preview, Path]]:
    root = write_project(tmp_path)
    project, pack = Project.at(root), get_pack("loe")

    def build(db: CardDatabase, report: Report) -> str:
        return site_stage(db, report, root=site_root(db), workers=1).summary()

    preview = Preview(project, pack, root / "output" / "loe" / "site", build, out=io.StringIO())
    assert preview.rebuild().state == "ok"
    http = make_server(preview, 0)
    thread = threading.Thread(target=http.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{http.server_address[1]}/", preview, root
    finally:
        preview.stopping.set()
        http.shutdown()
        http.server_close()


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        assert response.headers["Cache-Control"] == "no-store"
        return response.read()


def _image_urls(base: str) -> dict[str, str]:
    html = _get(base).decode()
    found = dict(re.findall(r'<img src="cards/([a-z-]+)\.png(\?v=[0-9a-f]+)"', html))
    assert set(found) == set(IDS)
    return {card_id: f"cards/{card_id}.png{version}" for card_id, version in found.items()}


def test_an_edit_refreshes_the_served_image_of_that_card_only(served: tuple[str, Preview, Path]) -> None:
    base, preview, root = served
    before = _image_urls(base)
    pictures = {card_id: _get(base + url) for card_id, url in before.items()}
    images = preview.site_root / "cards"
    stamps = {card_id: (images / f"{card_id}.png").stat().st_mtime_ns for card_id in IDS}

    council = root / "data" / "loe" / "cards" / "council.yaml"
    council.write_text(council.read_text().replace("Duke of Fixtures", "Duke of Fresh Pictures"))
    status = preview.rebuild({council})
    assert status.state == "ok"
    assert "1 image updated, 1 face rendered, 4 from cache" in status.summary

    after = _image_urls(base)
    # The edited card's image has a new address, so no cache can answer with the old picture...
    assert after["test-duke"] != before["test-duke"]
    assert {k: v for k, v in after.items() if k != "test-duke"} == {k: v for k, v in before.items() if k != "test-duke"}
    # ...and the server sends the new picture, the one now on disk.
    fresh = _get(base + after["test-duke"])
    assert fresh != pictures["test-duke"] and fresh == (images / "test-duke.png").read_bytes()
    for card_id in IDS:
        if card_id != "test-duke":
            assert _get(base + after[card_id]) == pictures[card_id]
            assert (images / f"{card_id}.png").stat().st_mtime_ns == stamps[card_id]  # not even rewritten

    # The pixels that changed are the name bar at the top of the card, not the whole face.
    old = Image.open(io.BytesIO(pictures["test-duke"])).convert("RGB")
    new = Image.open(io.BytesIO(fresh)).convert("RGB")
    assert new.size == old.size == (372, 520)  # 63 x 88 mm at 150 dpi
    changed = ImageChops.difference(old, new).point(lambda v: 255 if v > 40 else 0).getbbox()
    assert changed is not None
    left, _, right, bottom = changed
    assert bottom < new.height * 0.15 and right - left > 40, changed


def test_reverting_an_edit_serves_the_first_picture_again(served: tuple[str, Preview, Path]) -> None:
    base, preview, root = served
    before = _image_urls(base)
    original = _get(base + before["test-duke"])
    council = root / "data" / "loe" / "cards" / "council.yaml"
    text = council.read_text()
    council.write_text(text.replace("Duke of Fixtures", "Duke of a Moment"))
    preview.rebuild({council})
    council.write_text(text)
    status = preview.rebuild({council})
    assert "0 faces rendered" in status.summary  # the faces cache still had it
    assert _image_urls(base) == before and _get(base + before["test-duke"]) == original
