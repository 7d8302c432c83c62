"""The rulebook PDF read back as a reader sees it: its text, its outline, its pages."""

from __future__ import annotations

import itertools
import re
from html.parser import HTMLParser

import pytest
from rulebook_fixtures import Built, build, keyword_registry, write_fixture_project
from typer.testing import CliRunner

from carddb.cli.app import app
from carddb.packs.pack import GamePack
from carddb.rulebook.chapters.glossary import phrase

MM = 72 / 25.4
TOC_LINE = re.compile(r"^(?P<title>.+?)\s*(?:\.\s?){3,}\s*(?P<page>\d+)$")


def chapter_pages(built: Built, title: str) -> str:
    """The text of a chapter: from its bookmark's page to the page before the next chapter's."""
    chapters = [(t, p) for t, p, depth in built.outline() if depth == 1]
    index = next(i for i, (t, _) in enumerate(chapters) if t == title)
    start = chapters[index][1]
    end = chapters[index + 1][1] - 1 if index + 1 < len(chapters) else len(built.pages)
    return " ".join(built.pages[start - 1 : end])


def toc_entries(built: Built) -> list[tuple[str, int]]:
    """(title, page) as printed in the contents: chapter lines with leaders, then their sections run in
    as 'Title 12 · Title 13 · ...' (wrapped over several lines)."""
    first_chapter = next(p for t, p, depth in built.outline() if depth == 1 and t != "Contents")
    entries: list[tuple[str, int]] = []
    run_in: list[str] = []

    def flush() -> None:
        text = " ".join(" ".join(run_in).split())
        for item in filter(None, (part.strip() for part in text.split("·"))):
            match = re.fullmatch(r"(.+?)\s+(\d+)", item)
            assert match, f"contents entry without a page number: {item!r}"
            entries.append((match[1], int(match[2])))
        run_in.clear()

    for lines in built.lines[1 : first_chapter - 1]:
        for line in lines[:-1]:  # the last line of a page is its folio
            if line.strip() == "Contents":
                continue
            match = TOC_LINE.match(line.strip())
            if match:
                flush()
                entries.append((match["title"].strip(), int(match["page"])))
            else:
                run_in.append(line)
    flush()
    return entries


def squeeze(text: str) -> str:
    """Text without any whitespace: how words wrap or how wide a space is drawn does not matter."""
    return "".join(text.split())


def plain(parts: tuple[tuple[str, bool], ...]) -> str:
    return squeeze("".join(text for text, _ in parts))


@pytest.mark.parametrize("which", ["fixture_book", "loe_book"])
def test_every_toc_entry_points_at_the_page_of_its_heading(which: str, request: pytest.FixtureRequest) -> None:
    built: Built = request.getfixturevalue(which)
    entries = toc_entries(built)
    assert [title for title, _ in entries] == [entry.title for entry in built.book.toc]
    # The PDF outline holds every heading; the printed contents leaves out a reference chapter's only section.
    outline = iter((t, p) for t, p, _ in built.outline() if t != "Contents")
    for toc_title, toc_page in entries:
        mark_page = next(p for t, p in outline if t == toc_title)
        assert toc_page == mark_page, f"contents say '{toc_title}' is on page {toc_page}, it is on {mark_page}"
        page_lines = built.lines[toc_page - 1]
        assert toc_title in " ".join(" ".join(page_lines).split())
        # the folio printed at the foot of that page is the number the contents give
        assert page_lines[-1].split()[-1] == str(toc_page)


def test_every_registry_keyword_and_effect_is_in_the_glossary(loe_book: Built) -> None:
    glossary = squeeze(chapter_pages(loe_book, "Glossary"))
    registry = loe_book.db.pack.registry
    assert len(registry) > 20
    for entry in registry:
        assert plain(phrase(entry.patterns[0].text)) in glossary, entry.name
        assert squeeze(loe_book.db.pack.say(entry.meaning)) in glossary, entry.name
        if entry.role == "keyword":
            assert plain(phrase(entry.reminder)) in glossary, entry.name


def test_a_changed_reminder_text_changes_the_next_build(fixture_book: Built, tmp_path_factory) -> None:
    original = fixture_book.db.pack.registry["ambush"].reminder
    assert plain(phrase(original)) in squeeze(chapter_pages(fixture_book, "Glossary"))
    new = "Flip this Duke face up at the end of any turn in which you were dealt damage."
    project = write_fixture_project(tmp_path_factory.mktemp("rulebook-reminder"))
    rebuilt = build(project, paper="a4", registry=keyword_registry({"ambush": new}))
    glossary = squeeze(chapter_pages(rebuilt, "Glossary"))
    assert squeeze(new) in glossary
    assert plain(phrase(original)) not in glossary


def test_page_sizes(fixture_book: Built, loe_book: Built) -> None:
    a4 = fixture_book.reader.pages[0].mediabox
    a5 = loe_book.reader.pages[0].mediabox
    assert (float(a4.width) / MM, float(a4.height) / MM) == pytest.approx((210, 297), abs=0.2)
    assert (float(a5.width) / MM, float(a5.height) / MM) == pytest.approx((148, 210), abs=0.2)
    assert {(p.mediabox.width, p.mediabox.height) for p in loe_book.reader.pages} == {(a5.width, a5.height)}


class _Images(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.cards: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "img" and "card" in (values.get("class") or "").split():
            self.cards.append(values["src"] or "")


def test_every_pictured_card_exists_and_its_picture_is_written(loe_book: Built) -> None:
    html_path = loe_book.book.html_path
    parser = _Images()
    parser.feed(html_path.read_text(encoding="utf-8"))
    assert len(parser.cards) >= 10
    for src in parser.cards:
        card_id = re.fullmatch(r"rulebook/cards/([a-z0-9-]+)\.png", src)[1]
        assert loe_book.db.by_id(card_id) is not None
        assert (html_path.parent / src).is_file()
    prose_ids = {
        m
        for p in (loe_book.db.project.data_dir(loe_book.db.pack) / "rulebook").glob("*.md")
        for m in re.findall(r"\{card:([^}]*)\}", p.read_text(encoding="utf-8"))
    }
    assert prose_ids and prose_ids <= {re.search(r"cards/(.*)\.png", s)[1] for s in parser.cards}


def test_running_heads_name_the_chapter(loe_book: Built) -> None:
    chapters = [(t, p) for t, p, depth in loe_book.outline() if depth == 1 and t != "Contents"]
    checked = 0
    for (title, start), (_, next_start) in itertools.pairwise(chapters):
        for page in range(start + 1, next_start):
            assert loe_book.lines[page - 1][0].strip() == title
            checked += 1
        # the opening page of a chapter has no running head: the chapter title is big below
        assert loe_book.lines[start - 1][0].strip().lower().startswith(("chapter", "reference"))
    assert checked > 5


def test_generated_chapters_follow_the_data(loe_book: Built) -> None:
    db = loe_book.db
    components = chapter_pages(loe_book, "Component List")
    total_copies = sum(c.copies for c in db.cards)
    assert f"{total_copies} Total {len(db.cards)}" in components
    deck = chapter_pages(loe_book, "Deck Building")
    assert "(1 Lord, up to 4 Dukes) and their 1 Victory card" in deck
    drafts = chapter_pages(loe_book, "Drafts").replace("\u2010 ", "")
    for phase in ("Council Draft.", "Sealed Deck.", "Victory Draft."):
        assert phase in drafts
    assert "A council holds exactly 1 Lord and up to 4 Dukes, each card once." in drafts
    assert "All Victory cards are shuffled into one pile and each player is dealt 3; each keeps 1" in drafts
    kinds = chapter_pages(loe_book, "Card Kinds Reference").replace("\u2010 ", "")  # words hyphenated at line ends
    for kind in db.pack.kinds:
        assert db.pack.say(kind.description) in kinds
    anatomy = chapter_pages(loe_book, "Anatomy of a Card")
    for part in ("Name.", "Cost.", "Type line.", "Art.", "Rules text.", "Collector line."):
        assert part in anatomy


def test_contents_entries_are_links_to_their_headings(loe_book: Built) -> None:
    reader = loe_book.reader
    first_chapter = next(p for t, p, depth in loe_book.outline() if depth == 1 and t != "Contents")
    targets = set()
    for page in reader.pages[1 : first_chapter - 1]:
        for annot in page.get("/Annots") or []:
            link = annot.get_object()
            if link.get("/Subtype") == "/Link" and "/Dest" in link:
                targets.add(str(link["/Dest"]))
    assert targets == {entry.anchor for entry in loe_book.book.toc}
    named = reader.named_destinations
    for entry, (title, page) in zip(loe_book.book.toc, toc_entries(loe_book), strict=True):
        assert entry.title == title
        assert reader.get_destination_page_number(named[entry.anchor]) + 1 == page


def test_a_picture_of_the_prose_is_copied_beside_the_book_and_printed(fixture_book: Built) -> None:
    html_path = fixture_book.book.html_path
    assert 'src="rulebook/images/rulebook/pictures/table.png"' in html_path.read_text(encoding="utf-8")
    assert (html_path.parent / "rulebook" / "images" / "rulebook" / "pictures" / "table.png").is_file()
    council = next(p for t, p, depth in fixture_book.outline() if t == "The Council")
    # that chapter's page draws two pictures: the table diagram and the Victory card
    resources = fixture_book.reader.pages[council - 1]["/Resources"]
    assert len(resources["/XObject"]) >= 2


def test_carddb_rulebook_writes_both_files_and_says_so(fixture_book: Built, monkeypatch: pytest.MonkeyPatch) -> None:
    # The same project, paper and glossary as the session build: the unchanged book is reused, not laid out again.
    glossary = keyword_registry({})
    monkeypatch.setattr(GamePack, "registry", property(lambda pack: glossary))
    root = fixture_book.db.project.root
    result = CliRunner().invoke(app, ["rulebook", "--paper", "a4", "--project", str(root)])
    assert result.exit_code == 0, result.output
    pages = len(fixture_book.reader.pages)
    assert f"wrote output/loe/rulebook.pdf ({pages} pages, A4) and output/loe/rulebook.html" in result.output
    assert (root / "output" / "loe" / "rulebook.html").is_file()


def test_the_book_is_tagged_for_screen_readers_with_its_title_language_and_author(loe_book: Built) -> None:
    """PDF/UA-1 (WeasyPrint's pdf_variant): a structure tree of headings, lists, tables and figures with
    their alt text, marked content, the document title shown instead of the file name, and the language."""
    catalog = loe_book.reader.trailer["/Root"]
    assert catalog["/MarkInfo"]["/Marked"] == True  # noqa: E712 (a PDF boolean object)
    assert catalog["/ViewerPreferences"]["/DisplayDocTitle"] == True  # noqa: E712
    assert catalog["/Lang"] == loe_book.db.pack.lang
    tags: set[str] = set()
    figures: list[str] = []

    def walk(element: object, depth: int = 0) -> None:
        element = element.get_object()  # type: ignore[attr-defined]
        if isinstance(element, dict) and "/S" in element:
            tags.add(str(element["/S"]))
            if element["/S"] == "/Figure":
                figures.append(str(element.get("/Alt", "")))
        kids = element.get("/K") if isinstance(element, dict) else None
        for kid in kids if isinstance(kids, list) else [kids] if kids is not None else []:
            if hasattr(kid, "get_object") or isinstance(kid, dict):
                walk(kid, depth + 1)

    walk(catalog["/StructTreeRoot"])
    assert {"/Document", "/H1", "/H2", "/P", "/Table", "/L"} <= tags
    assert figures and all(figures)  # every picture has its alt text (the cover's cards: their names)
    info = loe_book.reader.metadata
    assert info is not None and info.title == "Lords of Estraven — Rulebook"
    assert info.author == loe_book.db.pack.credited_author
    assert "pdfuaid" in loe_book.reader.xmp_metadata.rdf_root.toxml()  # type: ignore[union-attr]
