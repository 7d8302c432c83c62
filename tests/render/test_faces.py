"""Card faces, checked from what a user gets: the HTML, the PDF files and their pixels."""

from __future__ import annotations

import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.render.faces.backs import render_backs
from carddb.render.faces.context import card_html
from carddb.render.faces.schedule import render_faces
from carddb.render.fetcher import ConfinedFetcher, FetchRefused
from carddb.render.placeholder import placeholder_svg

MM = 72 / 25.4
LONG_TEXT = " ".join(["Deal 2 damage to target Duke, then draw a card and discard a card."] * 14)
MEDIUM_TEXT = (
    "Spend 1 Influence: Deal 2 damage to target Duke. Activate only once per turn.\n"
    "When this card is activated, each opponent discards a card, then you draw two cards and gain 1 powerstone.\n"
    "Whenever an opponent plays a Victory card, you may deal 1 damage to target Duke."
)

CARDS_YAML = f"""
- id: cinder-duke
  name: Duke of <Cinders> & Ash
  kind: duke
  province: ashmarch
  set: TST
  number: 1
  rarity: rare
  version: 2
  cost: {{powerstones: 3, influence: 1}}
  health: 8
  text: "Spend 1 Influence: Deal 2 damage to target Duke."
  flavor: "He keeps the gate."
- id: long-winded
  name: Long Winded
  kind: spell
  province: corvane
  set: TST
  number: 2
  rarity: common
  cost: 2
  text: "{LONG_TEXT}"
- id: medium-text
  name: Medium Text
  kind: spell
  province: veldmoor
  set: TST
  number: 3
  rarity: common
  cost: 1
  text: |
{chr(10).join("    " + line for line in MEDIUM_TEXT.splitlines())}
  flavor: "The marsh has a thousand ears, and every one of them says no to you."
- id: painted
  name: Painted Card
  kind: ritual
  province: thornwall
  set: TST
  number: 4
  rarity: uncommon
  cost: 3
  art: {{file: painted.png, artist: Test Painter, focus_x: 0.2}}
  text: "Each player's maximum hand size is 5."
  flavor: "Paint."
- id: broken-art
  name: Broken Art
  kind: ritual
  province: thornwall
  set: TST
  number: 5
  rarity: uncommon
  cost: 3
  art: broken.png
  text: "Each player's maximum hand size is 4."
  flavor: "Cracked."
- id: secret-goal
  name: The Secret Goal
  kind: victory
  province: sel-amara
  set: TST
  number: 6
  rarity: rare
  text: "Win if you control three or more Dukes."
  flavor: "Three dukes kneel."
"""


def make_project(root: Path) -> Project:
    data = root / "data" / "loe"
    (data / "cards").mkdir(parents=True)
    (data / "art").mkdir()
    (data / "sets.yaml").write_text("- code: TST\n  name: Test\n  stage: playtest\n", encoding="utf-8")
    (data / "cards" / "cards.yaml").write_text(CARDS_YAML, encoding="utf-8")
    # A wide two-colour image (left half red, right half blue): the art window shows less than half
    # of its width, so where the crop sits decides the colour in the middle of the window.
    image = Image.new("RGB", (800, 200), (200, 30, 30))
    image.paste((30, 30, 200), (400, 0, 800, 200))
    image.save(data / "art" / "painted.png")
    (data / "art" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"not really an image" * 10)
    return Project.at(root)


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory):
    project = make_project(tmp_path_factory.mktemp("faces"))
    db, report = load_database(project, get_pack("loe"))
    # Rules-text findings (the DSL's business) do not stop printing; every card must load.
    assert len(db.cards) == 6, report.format_text()
    report = Report(root=project.root)
    results = render_faces(db, db.cards, report, workers=1)
    return db, report, {r.card_id: r for r in results}


def boxes_mm(pdf: Path) -> dict[str, tuple[float, ...]]:
    page = PdfReader(pdf).pages[0]
    return {
        name: tuple(round(float(v) / MM, 3) for v in getattr(page, name))
        for name in ("mediabox", "trimbox", "bleedbox")
    }


def test_every_card_is_rendered_with_its_back(rendered) -> None:
    db, _report, results = rendered
    assert set(results) == {c.id for c in db.cards}
    assert results["cinder-duke"].back == "council"
    assert results["secret-goal"].back == "victory"
    assert results["painted"].back == "deck"
    assert not any(r.from_cache for r in results.values())


def test_pdf_geometry_is_poker_card_with_bleed(rendered) -> None:
    _db, _report, results = rendered
    for result in results.values():
        boxes = boxes_mm(result.pdf)
        x0, y0, x1, y1 = boxes["mediabox"]
        assert (x0, y0) == (0, 0)
        assert abs(x1 - 69) < 0.05 and abs(y1 - 94) < 0.05
        tx0, ty0, tx1, ty1 = boxes["trimbox"]
        assert abs(tx0 - 3) < 0.05 and abs(ty0 - 3) < 0.05
        assert abs((tx1 - tx0) - 63) < 0.05 and abs((ty1 - ty0) - 88) < 0.05
        assert boxes["bleedbox"] == boxes["mediabox"]
        assert len(PdfReader(result.pdf).pages) == 1


def test_fonts_are_embedded(rendered) -> None:
    _db, _report, results = rendered
    page = PdfReader(results["cinder-duke"].pdf).pages[0]
    fonts = page["/Resources"]["/Font"]
    names = set()
    for ref in fonts.values():
        font = ref.get_object()
        descriptor = (
            font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            if "/DescendantFonts" in font
            else font["/FontDescriptor"]
        )
        assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font["/BaseFont"]
        names.add(str(font["/BaseFont"]).split("+", 1)[-1])
    # Rules text, its bold keywords, names and the small sans labels all come from the bundled files.
    assert {"Card-Serif", "Card-Display", "Card-Sans-Bold"} <= names


def test_overflowing_text_is_an_error_located_at_the_text(rendered) -> None:
    _db, report, results = rendered
    overflow = [f for f in report.errors if f.code == "E-TEXT-OVERFLOW"]
    assert len(overflow) == 1
    finding = overflow[0]
    assert finding.message.startswith("'long-winded' rules text needs ")
    percent = int(finding.message.split("needs ")[1].split("%")[0])
    assert percent > 100
    assert finding.message.endswith("of the box at 7 pt")
    assert finding.path is not None and finding.path.name == "cards.yaml"
    source_line = finding.path.read_text(encoding="utf-8").splitlines()[finding.span.line - 1]
    assert source_line.lstrip().startswith("text:")
    # The card is still printed, at the minimum size, so the designer can see the problem.
    result = results["long-winded"]
    assert result.font_pt == 7.0 and result.fill > 1.0 and result.pdf.is_file()


def test_medium_text_is_shrunk_until_it_fits(rendered) -> None:
    _db, report, results = rendered
    result = results["medium-text"]
    assert 7.0 <= result.font_pt < 9.0
    assert 0.8 < result.fill <= 1.0
    assert results["cinder-duke"].font_pt == 9.0 and results["cinder-duke"].fill < 0.9
    assert not [f for f in report.errors if f.code == "E-TEXT-OVERFLOW" and "medium-text" in f.message]


def test_unreadable_art_is_located_and_replaced_by_a_placeholder(rendered) -> None:
    _db, report, results = rendered
    found = [f for f in report.errors if f.code == "E-ART-UNREADABLE"]
    assert len(found) == 1 and "broken.png" in found[0].message
    line = found[0].path.read_text(encoding="utf-8").splitlines()[found[0].span.line - 1]
    assert "broken.png" in line
    assert results["broken-art"].pdf.is_file()


def rasterize(pdf: Path, folder: Path, dpi: int = 60) -> Image.Image:
    target = folder / pdf.stem
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(pdf), str(target)], check=True)
    return Image.open(f"{target}.png").convert("RGB")


def distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def test_pixels_bleed_is_frame_colour_and_art_is_drawn(rendered, tmp_path: Path) -> None:
    db, _report, results = rendered
    dpi = 60
    px = dpi / 25.4
    image = rasterize(results["cinder-duke"].pdf, tmp_path, dpi)
    # pdftoppm rounds the page size up to whole pixels.
    assert abs(image.size[0] - 69 * px) <= 1 and abs(image.size[1] - 94 * px) <= 1
    frame = tuple(int(db.pack.faction("ashmarch").color[i : i + 2], 16) for i in (1, 3, 5))
    # Bleed edge halfway down the left side: the shaded frame, never white paper.
    edge = image.getpixel((round(1 * px), round(47 * px)))
    assert distance(edge, frame) < 60, (edge, frame)
    # Placeholder art: coloured and not flat (a landscape, not an empty box).
    window = image.crop((round(10 * px), round(16 * px), round(59 * px), round(42 * px)))
    colours = window.getcolors(maxcolors=100000)
    assert colours is not None and len(colours) > 20
    assert min(sum(c) for _n, c in colours) < 500  # something darker than near-white

    painted = rasterize(results["painted"].pdf, tmp_path, dpi)

    # The 4:1 image is scaled to the window height (124 mm wide) and cropped, 20% of the excess on the
    # left: red from the window's left edge to about 54.7 mm on the page, blue after. Squeezed to fit,
    # the colours would switch in the middle of the window (34.5 mm) instead.
    def colour(x_mm: float) -> str:
        r, _g, b = painted.getpixel((round(x_mm * px), round(29 * px)))
        return "red" if r > 150 and b < 90 else "blue" if b > 150 and r < 90 else f"{r},{b}"

    assert [colour(x) for x in (20.0, 34.5, 50.0, 61.0)] == ["red", "red", "red", "blue"]


def test_second_run_comes_from_the_cache_and_an_edit_renders_one_card(rendered) -> None:
    db, _report, first = rendered
    report = Report()
    again = render_faces(db, db.cards, report, workers=1)
    assert all(r.from_cache for r in again)
    assert {r.card_id: r.pdf for r in again} == {k: v.pdf for k, v in first.items()}
    # The overflow is still reported from the cache entry, and the unreadable art again.
    assert [f.code for f in report.errors].count("E-TEXT-OVERFLOW") == 1
    assert [f.code for f in report.errors].count("E-ART-UNREADABLE") == 1
    edited = db.cards[0].model_copy(update={"text": "Deal 3 damage to target Duke."})
    result = render_faces(db, [edited], Report(), workers=1)[0]
    assert not result.from_cache and result.pdf != first[edited.id].pdf


class Structure(HTMLParser):
    """Elements of a card face in document order, as (tag, classes, attrs)."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, set[str], dict[str, str]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        self.elements.append((tag, set(values.get("class", "").split()), values))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(html: str) -> Structure:
    parser = Structure()
    parser.feed(html)
    return parser


def test_face_html_structure(rendered) -> None:
    db, _report, _results = rendered
    duke = db.by_id("cinder-duke")
    page = parse(card_html(db, duke))
    order = [
        next(
            c
            for c in ("card", "title-bar", "name", "cost", "art", "type-line", "rules-box", "stats", "footer")
            if c in classes
        )
        for _tag, classes, _a in page.elements
        if classes & {"card", "title-bar", "name", "cost", "art", "type-line", "rules-box", "stats", "footer"}
    ]
    assert order == ["card", "title-bar", "name", "cost", "art", "type-line", "rules-box", "stats", "footer"]
    article = next(attrs for tag, _c, attrs in page.elements if tag == "article")
    assert {"card", "face", "layout-council", "kind-duke", "f-ashmarch", "r-rare"} <= set(article["class"].split())
    icons = [attrs["alt"] for tag, classes, attrs in page.elements if tag == "img" and "icon" in classes]
    assert icons == ["{influence}"]  # inline in the rules text
    pips = [attrs["alt"] for tag, classes, attrs in page.elements if tag == "img" and not classes]
    assert pips[:2] == ["{powerstone}", "{influence}"]
    text = "".join(page.text)
    assert "Duke of <Cinders> & Ash" in text  # shown as text ...
    assert "<Cinders>" not in card_html(db, duke)  # ... because the HTML escapes it
    assert "Duke" in text and "Ashmarch" in text and "TST" in text and "1/6" in text and "v2" in text
    assert "8" in text and "Health" in text and "placeholder art" in text
    # Previews carry trim, safe-zone and rounded-corner guides; print faces do not.
    assert any("guide-corners" in classes for _t, classes, _a in page.elements)
    plain = parse(card_html(db, duke, preview=False))
    assert not any("guide" in classes for _t, classes, _a in plain.elements)


def test_victory_and_art_credit_structure(rendered) -> None:
    db, _report, _results = rendered
    victory = parse(card_html(db, db.by_id("secret-goal")))
    classes = set().union(*(c for _t, c, _a in victory.elements))
    assert "victory-ribbon" in classes and "cost" not in classes and "stats" not in classes
    painted = "".join(parse(card_html(db, db.by_id("painted"))).text)
    assert "Illus. Test Painter" in painted and "Ritual" in painted


def test_backs_have_the_same_geometry(rendered) -> None:
    db, _report, _results = rendered
    backs = render_backs(db)
    assert set(backs) == {"council", "victory", "deck"}
    for pdf in backs.values():
        boxes = boxes_mm(pdf)
        assert abs(boxes["mediabox"][2] - 69) < 0.05 and abs(boxes["mediabox"][3] - 94) < 0.05
        assert abs(boxes["trimbox"][0] - 3) < 0.05


def test_placeholder_is_deterministic_per_card() -> None:
    a = placeholder_svg("ember-blade", "#8f2d1f", "#e0a24a")
    assert a == placeholder_svg("ember-blade", "#8f2d1f", "#e0a24a")
    assert a != placeholder_svg("firebrand", "#8f2d1f", "#e0a24a")
    assert "#8f2d1f" not in placeholder_svg("x", "#2f5a4a", "#9cc3a5")


def test_fetcher_refuses_network_and_escapes(tmp_path: Path) -> None:
    inside = tmp_path / "templates"
    inside.mkdir()
    (inside / "ok.css").write_text("p {}", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("no", encoding="utf-8")
    fetcher = ConfinedFetcher([inside])
    assert fetcher.fetch((inside / "ok.css").as_uri()) is not None
    for url in (
        "https://example.com/x.png",
        "http://127.0.0.1:9/x.png",
        f"{inside.as_uri()}/../secret.txt",
        "ftp://x/y",
    ):
        with pytest.raises(FetchRefused):
            fetcher.fetch(url)
    assert len(fetcher.refused) == 4


def test_changed_art_or_stylesheet_renders_again_though_the_cards_did_not_change(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    db, _ = load_database(project, get_pack("loe"))
    painted = [c for c in db.cards if c.id in {"painted", "secret-goal"}]
    first = {r.card_id: r for r in render_faces(db, painted, Report(), workers=1)}
    assert not any(r.from_cache for r in first.values())
    # New art bytes: only the card that shows it is drawn again.
    Image.new("RGB", (800, 200), (30, 160, 30)).save(project.root / "data" / "loe" / "art" / "painted.png")
    second = {r.card_id: r for r in render_faces(db, painted, Report(), workers=1)}
    assert not second["painted"].from_cache and second["painted"].pdf != first["painted"].pdf
    assert second["secret-goal"].from_cache
    # A project stylesheet changes every face.
    css = project.root / "templates" / "loe" / "loe.css"
    css.parent.mkdir(parents=True)
    css.write_text(".card .name { letter-spacing: 0.05em; }\n", encoding="utf-8")
    third = render_faces(db, painted, Report(), workers=1)
    assert not any(r.from_cache for r in third)


def test_each_face_records_where_its_parts_were_drawn(rendered) -> None:
    db, _report, results = rendered
    duke = results["cinder-duke"]
    parts = {name: box for name, box in duke.parts.items()}
    assert {"name", "cost", "art", "type-line", "ability", "rules-flow", "flavor", "stats", "footer"} <= set(parts)
    width, height = (t + 2 * 3.0 for t in db.pack.card_size_mm)
    for _order, x, y, w, h in parts.values():  # every part inside the card with its bleed
        assert x >= 0 and x + w <= width + 0.01 and y >= 0 and y + h <= height + 0.01 and w > 0
    # In reading order from top to bottom, and the rules flow holds its first ability.
    tops = [parts[name][2] for name in ("name", "art", "type-line", "rules-flow", "footer")]
    assert tops == sorted(tops)
    assert parts["rules-flow"][0] < parts["ability"][0]  # document order: the flow comes first
    assert parts["rules-flow"][2] <= parts["ability"][2] < parts["flavor"][2]
    # The cache keeps them: a face found in the cache knows its parts too.
    again = {r.card_id: r for r in render_faces(db, db.cards, Report(), workers=1)}
    assert again["cinder-duke"].from_cache and again["cinder-duke"].parts == duke.parts
