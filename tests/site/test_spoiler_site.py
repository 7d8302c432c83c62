"""The static spoiler site built from a small fixture project (no rendering: images are made here)."""

from __future__ import annotations

import io
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image
from site_fixtures import HOSTILE_NAME, write_project

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.errors import RenderError
from carddb.packs.lookup import get_pack
from carddb.site.charts import set_charts
from carddb.site.spoiler import build_site, default_templates_dir


class Tree(HTMLParser):
    """Collects start tags (tag, attrs), and the text inside elements that have an id."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.text_by_id: dict[str, str] = {}
        self._open: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k: v or "" for k, v in attrs}
        self.tags.append((tag, attributes))
        if tag not in {"img", "meta", "link", "input", "br", "line", "rect"}:
            self._open.append(attributes.get("id"))
            if attributes.get("id"):
                self.text_by_id[attributes["id"]] = ""

    def handle_endtag(self, tag: str) -> None:
        if self._open and tag not in {"img", "meta", "link", "input", "br", "line", "rect"}:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for element_id in self._open:
            if element_id:
                self.text_by_id[element_id] += data

    def find(self, tag: str, **attrs: str) -> list[dict[str, str]]:
        return [a for t, a in self.tags if t == tag and all(attrs[k] in a.get(k, "").split() for k in attrs)]


def parse(path: Path) -> Tree:
    tree = Tree()
    tree.feed(path.read_text(encoding="utf-8"))
    return tree


def png(color: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (63, 88), color).save(out, format="PNG")
    return out.getvalue()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[CardDatabase, Path]:
    root = write_project(tmp_path_factory.mktemp("site-project"))
    db, report = load_database(Project.at(root), get_pack("loe"))
    assert not report.errors, report.format_text()
    site = root / "output" / "loe" / "site"
    images = {}
    for card in db.cards[:3]:  # the remaining cards show the no-image fallback
        images[card.id] = site / "cards" / f"{card.id}.png"
        images[card.id].parent.mkdir(parents=True, exist_ok=True)
        images[card.id].write_bytes(png("#8f2d1f"))
    boosters = {"test-lord": ["Council booster (Lords slot)"]}
    build_site(db, site, images, boosters=boosters)
    return db, site


def embedded_index(site: Path) -> list[dict[str, object]]:
    html = (site / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<script type="application/json" id="card-index">(.*?)</script>', html, re.S)
    assert match, "the gallery embeds its JSON index"
    return json.loads(match.group(1))


def test_every_card_has_a_gallery_entry_and_a_page(built: tuple[CardDatabase, Path]) -> None:
    db, site = built
    tree = parse(site / "index.html")
    entries = [a["data-id"] for a in tree.find("li", **{"class": "card"})]
    assert sorted(entries) == sorted(c.id for c in db.cards)
    assert tree.text_by_id["count"].strip() == "5 of 5 cards"
    for card in db.cards:
        page = parse(site / "cards" / f"{card.id}.html")
        assert page.text_by_id["card-name"] == card.name
        assert page.text_by_id["card-version"] == f"v{card.version}"
    # Gallery entries link to the pages and to images that exist.
    hrefs = {a["href"] for a in tree.find("a") if a.get("href", "").startswith("cards/")}
    assert hrefs == {f"cards/{c.id}.html" for c in db.cards}
    for img in tree.find("img"):
        assert (site / img["src"]).is_file()
        # 63 x 88 mm at 150 dpi: the gallery reserves the image's space before it loads.
        assert (img["width"], img["height"]) == ("372", "520")


def test_filter_index_has_the_fields_the_gallery_filters_on(built: tuple[CardDatabase, Path]) -> None:
    _, site = built
    index = {entry["id"]: entry for entry in embedded_index(site)}
    assert set(index) == {"test-lord", "test-duke", "hostile-spell", "quiet-levies", "small-rite"}
    duke = index["test-duke"]
    assert duke["kind"] == "duke"
    assert duke["faction"] == "veldmoor"
    assert duke["rarity"] == "uncommon"
    assert duke["cost"] == 3  # the powerstones of {powerstones: 3, influence: 1}
    assert duke["number"] == 2 and duke["set"] == "TST"
    assert duke["text"] == "Spend 1 influence: Deal 2 damage to target Duke."  # icons searchable by name
    assert duke["page"] == "cards/test-duke.html"
    assert index["quiet-levies"]["cost"] is None  # resources have no cost: the "No cost" filter
    assert index["quiet-levies"]["subtype"] == "subject"
    assert index["test-lord"]["image"] == "cards/test-lord.png"
    assert index["small-rite"]["image"] is None


def test_filter_controls_offer_only_values_present(built: tuple[CardDatabase, Path]) -> None:
    _, site = built
    html = (site / "index.html").read_text(encoding="utf-8")
    kinds = re.search(r'<select id="f-kind".*?</select>', html, re.S)
    assert kinds
    assert re.findall(r'value="([a-z-]*)"', kinds.group(0)) == ["", "lord", "duke", "resource", "spell", "ritual"]
    costs = re.search(r'<select id="f-cost".*?</select>', html, re.S)
    assert costs
    assert re.findall(r'value="(\w*)"', costs.group(0)) == ["", "2", "3", "5", "none"]


def test_a_script_in_a_card_name_is_text_everywhere(built: tuple[CardDatabase, Path]) -> None:
    _, site = built
    for path in site.rglob("*.html"):
        html = path.read_text(encoding="utf-8")
        assert "<script>alert(1)" not in html, path
        assert "<b>not bold</b>" not in html, path
    # The JSON index holds the exact name, and nothing in it can close the <script> element.
    entry = next(e for e in embedded_index(site) if e["id"] == "hostile-spell")
    assert entry["name"] == HOSTILE_NAME
    page = parse(site / "cards" / "hostile-spell.html")
    assert page.text_by_id["card-name"] == HOSTILE_NAME
    assert "&lt;b&gt;not bold&lt;/b&gt; &amp; escaped" in (site / "cards" / "hostile-spell.html").read_text()
    gallery = parse(site / "index.html")
    assert gallery.text_by_id["card-hostile-spell"].count(HOSTILE_NAME) >= 1


def test_card_page_shows_rules_with_icons_version_and_boosters(built: tuple[CardDatabase, Path]) -> None:
    _, site = built
    duke = (site / "cards" / "test-duke.html").read_text(encoding="utf-8")
    tree = parse(site / "cards" / "test-duke.html")
    icons = [img["alt"] for img in tree.find("img", **{"class": "icon"})]
    # Cost 3{powerstone} 1{influence}, then the {influence} in the rules text.
    assert icons == ["powerstone", "influence", "influence"]
    for img in tree.find("img", **{"class": "icon"}):
        assert (site / "cards" / img["src"]).resolve().is_file()
    assert "v3" in duke
    # A published site does not show the project's file layout; asked for, each card names its file and line.
    assert "council.yaml" not in duke and "<dt>Source</dt>" not in duke
    lord = (site / "cards" / "test-lord.html").read_text(encoding="utf-8")
    assert "Council booster (Lords slot)" in lord
    assert "Not found in any booster type." in duke


def test_links_are_relative_so_the_site_opens_from_disk(built: tuple[CardDatabase, Path]) -> None:
    _, site = built
    for path in site.rglob("*.html"):
        tree = parse(path)
        for tag, attrs in tree.tags:
            for name in ("href", "src"):
                url = attrs.get(name)
                if url is None or tag == "svg":
                    continue
                assert not url.startswith(("/", "http:", "https:", "//")), (path.name, url)
                target = (path.parent / url.split("#")[0]).resolve()
                assert target.exists(), (path.name, url)


def test_charts_have_one_bar_per_category(built: tuple[CardDatabase, Path]) -> None:
    db, site = built
    html = (site / "stats.html").read_text(encoding="utf-8")
    figures = dict(re.findall(r'<figure class="chart-figure" id="chart-([a-z-]+)">(.*?)</figure>', html, re.S))
    assert list(figures) == ["cost-curve", "kinds", "rarities", "factions"]

    def bars(chart: str) -> list[tuple[str, int]]:
        return [
            (label, int(value))
            for label, value in re.findall(r'data-label="([^"]*)" data-value="(\d+)"', figures[chart])
        ]

    # Costs 0..5: lord 5, duke 3, spell 2, ritual 2; the resource has no cost.
    assert bars("cost-curve") == [("0", 0), ("1", 0), ("2", 2), ("3", 1), ("4", 0), ("5", 1)]
    assert len(bars("kinds")) == len(db.pack.kinds) == 8
    assert dict(bars("kinds"))["Duke"] == 1
    assert bars("rarities") == [("Common", 2), ("Uncommon", 1), ("Rare", 1), ("Mythic", 1)]
    assert len(bars("factions")) == 6 and dict(bars("factions"))["Ashmarch"] == 2
    assert "1 card without a cost not shown" in html
    assert [c.id for c in set_charts(db)] == list(figures)


def test_rebuild_rewrites_only_what_changed(tmp_path: Path) -> None:
    root = write_project(tmp_path)
    project, pack = Project.at(root), get_pack("loe")
    site = root / "site"
    db, _ = load_database(project, pack)
    first = build_site(db, site, {})
    assert (site / "index.html") in first.written
    again = build_site(db, site, {})
    assert again.written == []
    council = root / "data" / "loe" / "cards" / "council.yaml"
    council.write_text(council.read_text().replace("Duke of Fixtures", "Duke of Edits"))
    db, _ = load_database(project, pack)
    edited = build_site(db, site, {})
    changed = {p.relative_to(site).as_posix() for p in edited.written}
    # The duke's page, its neighbours' prev/next links and the gallery; no other card page.
    assert changed == {"index.html", "cards/test-duke.html", "cards/test-lord.html", "cards/hostile-spell.html"}
    assert "Duke of Edits" in (site / "cards" / "test-duke.html").read_text()


def test_a_deleted_card_loses_its_page(tmp_path: Path) -> None:
    root = write_project(tmp_path)
    project, pack = Project.at(root), get_pack("loe")
    site = root / "site"
    db, _ = load_database(project, pack)
    build_site(db, site, {})
    (site / "cards" / "small-rite.png").write_bytes(png("#000000"))
    deck = root / "data" / "loe" / "cards" / "deck.yaml"
    deck.write_text(deck.read_text().split("- id: small-rite")[0])
    db, _ = load_database(project, pack)
    result = build_site(db, site, {})
    assert not (site / "cards" / "small-rite.html").exists()
    assert not (site / "cards" / "small-rite.png").exists()
    assert {p.name for p in result.removed} == {"small-rite.html", "small-rite.png"}
    assert "small-rite" not in (site / "index.html").read_text()


def test_a_project_template_overrides_and_a_broken_one_is_located(tmp_path: Path) -> None:
    root = write_project(tmp_path)
    project, pack = Project.at(root), get_pack("loe")
    db, _ = load_database(project, pack)
    own = root / "templates" / "site"
    shutil.copytree(default_templates_dir(), own)
    (own / "stats.html").write_text((own / "stats.html").read_text().replace("Set statistics", "Our numbers"))
    site = root / "site"
    build_site(db, site, {})
    assert "Our numbers" in (site / "stats.html").read_text()
    before = (site / "index.html").read_bytes()
    card = (own / "card.html").read_text().splitlines()
    card.insert(4, "{% if %}")
    (own / "card.html").write_text("\n".join(card))
    council = root / "data" / "loe" / "cards" / "council.yaml"
    council.write_text(council.read_text().replace("Duke of Fixtures", "Duke of Half Builds"))
    db, _ = load_database(project, pack)
    with pytest.raises(RenderError, match=r"card\.html:5: "):
        build_site(db, site, {})
    assert (site / "index.html").read_bytes() == before


def test_card_pages_name_their_source_only_when_asked(built: tuple[CardDatabase, Path], tmp_path: Path) -> None:
    db, _ = built
    build_site(db, tmp_path / "private", {}, show_sources=True)
    duke = (tmp_path / "private" / "cards" / "test-duke.html").read_text(encoding="utf-8")
    line = db.sources["test-duke"].located.span.line
    assert f"data/loe/cards/council.yaml:{line}" in duke
