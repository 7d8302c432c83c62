"""Double-sided cards printed: both faces rendered and cached, each card's own back behind its front.

The sheets are read back from the PDF: where each card's trim lands on a front page and on
the back page after it, and which names are printed there, for long- and short-edge duplex.
A card's own back must sit exactly where the game's shared back of a one-faced card sits.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader
from support.double_sided import BEHIND, CARDS, GAME_ID, clean_outpost, load_outpost, write_outpost
from support.printsheets import PT, Placed, placements, trimbox

from carddb.cards.database import CardDatabase
from carddb.findings.diagnostics import Report
from carddb.render.faces.schedule import render_faces
from carddb.render.imposition import Duplex
from carddb.render.printing import PrintOptions, print_stage
from carddb.render.tts import card_image

A4_W, A4_H = 210.0, 297.0


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> CardDatabase:
    return clean_outpost(tmp_path_factory.mktemp("outpost"))


@pytest.fixture(scope="module")
def out(db: CardDatabase) -> Path:
    report = Report(root=db.project.root)
    long = PrintOptions(papers=("a4",), duplex=Duplex.long, png=True, tts=True, workers=1)
    print_stage(db, db.cards, long, report)
    short = PrintOptions(papers=("a4",), duplex=Duplex.short, name="short", workers=1, full_run=False)
    print_stage(db, db.cards, short, report)
    assert not report.errors, report.format_text()
    return db.project.output_dir(db.pack)


def names_on(sheet: Path, page_index: int, placed: list[Placed]) -> list[str]:
    """The text printed inside each placed card's trim, in the order of `placed`."""
    with pdfplumber.open(sheet) as pdf:
        page = pdf.pages[page_index]
        words = [(w["text"], (w["x0"] + w["x1"]) / 2 / PT, (page.height - (w["top"] + w["bottom"]) / 2) / PT)
                 for w in page.extract_words()]  # fmt: skip
    return [" ".join(text for text, x, y in words if p.x <= x <= p.x + p.w and p.y <= y <= p.y + p.h) for p in placed]


@pytest.mark.parametrize("duplex", [Duplex.long, Duplex.short])
def test_each_card_s_own_back_lands_behind_its_front_as_shared_backs_do(out: Path, duplex: Duplex) -> None:
    sheet = out / "print" / (f"{GAME_ID}-a4.pdf" if duplex is Duplex.long else "short-a4.pdf")
    trim = trimbox(out / "cards" / "lone-scout.pdf")
    fronts, backs = placements(sheet, 0, trim), placements(sheet, 1, trim)
    assert len(fronts) == len(backs) == 4  # the Scout, River Camp twice (copies: 2), Hill Camp
    front_text, back_text = names_on(sheet, 0, fronts), names_on(sheet, 1, backs)
    checked = []
    for front, text in zip(fronts, front_text, strict=True):
        name = next(n for n in BEHIND if n in text)
        # Long edge mirrors left to right, short edge top to bottom: the trim lands exactly there.
        if duplex is Duplex.long:
            x, y = A4_W - front.x - front.w, front.y
        else:
            x, y = front.x, A4_H - front.y - front.h
        behind = [i for i, b in enumerate(backs) if abs(b.x - x) < 0.05 and abs(b.y - y) < 0.05]
        assert len(behind) == 1, f"nothing behind {name} at {x:.2f}, {y:.2f} mm"
        assert (backs[behind[0]].w, backs[behind[0]].h) == pytest.approx((front.w, front.h), abs=0.01)
        assert BEHIND[name] in back_text[behind[0]], (name, back_text[behind[0]])
        checked.append(name)
    assert sorted(checked) == ["Hill Camp", "Lone Scout", "River Camp", "River Camp"]


def test_a_card_pdf_carries_both_sides_each_with_its_print_boxes(out: Path) -> None:
    reader = PdfReader(out / "cards" / "river-camp.pdf")
    assert len(reader.pages) == 2
    assert "River Camp" in reader.pages[0].extract_text() and "River Fort" in reader.pages[1].extract_text()
    for page in reader.pages:
        media, trim = page.mediabox, page.trimbox
        assert (float(media.width) / PT, float(media.height) / PT) == pytest.approx((50, 73), abs=0.05)
        assert (float(trim.left) / PT, float(trim.width) / PT, float(trim.height) / PT) == pytest.approx(
            (3, 44, 67), abs=0.05
        )
    assert len(PdfReader(out / "cards" / "lone-scout.pdf").pages) == 1


def test_every_pdf_is_titled_with_its_card_author_and_language(db: CardDatabase, out: Path) -> None:
    """What a PDF reader shows in its title bar and a screen reader speaks: each card's file is titled with
    the card (both names for a double-sided card, joined by PDFium and titled by carddb), the backs and the
    sheets with what they are; every file has the game's author and language."""
    titles = {}
    for pdf in sorted(out.rglob("*.pdf")):
        if ".cache" in pdf.parts:
            continue
        reader = PdfReader(pdf)
        info = reader.metadata
        assert info is not None and info.author == db.pack.credited_author, pdf
        assert reader.trailer["/Root"].get("/Lang") == "en", pdf
        titles[str(pdf.relative_to(out))] = info.title
    assert titles["cards/river-camp.pdf"] == "River Camp // River Fort — Outpost"
    assert titles["cards/lone-scout.pdf"] == "Lone Scout — Outpost"
    assert titles["cards/backs/default.pdf"] == "Outpost: card back"
    assert titles[f"print/{GAME_ID}-a4.pdf"] == titles["print/short-a4.pdf"] == "Outpost: print sheets (A4)"
    assert len(titles) == len(db.cards) + 3  # the cards, the back, two sheets


def test_pngs_are_written_for_both_sides(out: Path) -> None:
    for folder in ("png", "png/trim"):
        front = Image.open(out / folder / "river-camp.png")
        back = Image.open(out / folder / "river-camp_back.png")
        assert front.size == back.size
        assert ImageChops.difference(front.convert("RGB"), back.convert("RGB")).getbbox() is not None
    assert not (out / "png" / "lone-scout_back.png").exists()


def test_tabletop_simulator_gives_double_sided_cards_unique_backs_on_a_back_sheet(db: CardDatabase, out: Path) -> None:
    saved = json.loads((out / "tts" / f"{GAME_ID}-camp.json").read_text())
    deck = saved["ObjectStates"][0]
    custom = deck["CustomDeck"]["1"]
    assert custom["UniqueBack"] is True and custom["BackURL"] == (out / "tts" / f"{GAME_ID}-camp-backs-1.jpg").as_uri()
    assert len(deck["DeckIDs"]) == 3  # River Camp twice, Hill Camp
    faces = Image.open(out / "tts" / f"{GAME_ID}-camp-sheet-1.jpg")
    backs = Image.open(out / "tts" / f"{GAME_ID}-camp-backs-1.jpg")
    assert custom["FaceURL"] == (out / "tts" / f"{GAME_ID}-camp-sheet-1.jpg").as_uri()
    assert faces.size == backs.size and (custom["NumWidth"], custom["NumHeight"]) == (2, 2)
    # Each cell of the back sheet is the back face of the card in that cell of the face sheet.
    cell = (faces.width // 2, faces.height // 2)
    for index, card_id in enumerate(["river-camp", "hill-camp"]):
        box = (index * cell[0], 0, (index + 1) * cell[0], cell[1])
        expected = card_image(db.project.output_dir(db.pack) / "cards" / f"{card_id}.pdf", cell)  # the front page
        assert _mean_difference(faces.crop(box), expected) < 4
        back_pdf = render_faces(db, [db.by_id(card_id)], Report())[0].back_face  # type: ignore[list-item]
        assert back_pdf is not None
        assert _mean_difference(backs.crop(box), card_image(back_pdf.pdf, cell)) < 4
    shared = json.loads((out / "tts" / f"{GAME_ID}-default.json").read_text())["ObjectStates"][0]
    assert shared["CustomDeck"]["1"]["UniqueBack"] is False


def _mean_difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean) / 3


def test_both_faces_are_cached_like_any_face(db: CardDatabase, out: Path) -> None:
    again = render_faces(db, db.cards, Report())
    camp = next(f for f in again if f.card_id == "river-camp")
    assert camp.back_face is not None and camp.back_face.card_id == "river-camp/back"
    assert all(side.from_cache for face in again for side in face.sides)


def test_text_that_overflows_a_back_face_is_located_in_its_back(tmp_path: Path) -> None:
    words = " ".join(["Stone upon stone, wall upon wall, tower upon tower."] * 14)
    cards = f"""\
- id: long-camp
  kind: camp
  name: Long Camp
  set: T1
  number: 1
  rarity: common
  points: 1
  flavor: Short.
  back:
    name: Long Fort
    points: 2
    text: {words}
"""
    db, report = load_outpost(write_outpost(tmp_path, cards))
    assert not report.errors
    faces = render_faces(db, db.cards, report, workers=1)
    assert faces[0].back_face is not None  # still printed, with its rules box outlined
    overflow = [f for f in report.findings if f.code == "E-TEXT-OVERFLOW"]
    assert len(overflow) == 1 and overflow[0].message.startswith("'long-camp/back' rules text needs")
    assert overflow[0].span is not None and overflow[0].span.line == 12  # the back's text, not the front's


def test_print_cards_id_slash_back_prints_that_face_alone(tmp_path: Path) -> None:
    """`carddb print --cards ID/back`: a designer proofs or reprints one side of a double-sided card."""
    root = write_outpost(tmp_path)
    done = subprocess.run(
        ["carddb", "print", "--cards", "river-camp/back", "--png", "--dpi", "40", "--paper", "a4", "-j", "1", "--tts"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    out = root / "output" / GAME_ID
    # A Tabletop Simulator card is the whole card, both sides: the face alone is no deck with the shared back.
    assert not list((out / "tts").glob("*.json"))
    assert "1 back face printed alone left out" in " ".join(done.stdout.split())
    page = PdfReader(out / "cards" / "river-camp_back.pdf").pages
    assert len(page) == 1 and "River Fort" in page[0].extract_text() and "River Camp" not in page[0].extract_text()
    assert not (out / "cards" / "river-camp.pdf").exists()
    assert (out / "png" / "river-camp_back.png").exists() and not (out / "png" / "river-camp.png").exists()
    sheet = out / "print" / f"{GAME_ID}-selection-a4.pdf"
    fronts = placements(sheet, 0, trimbox(out / "cards" / "river-camp_back.pdf"))
    assert len(fronts) == 2  # copies: 2
    assert all("River Fort" in text and "Camp" not in text for text in names_on(sheet, 0, fronts))
    # nothing prints behind a face printed alone: not its front, not the game's shared back
    with pdfplumber.open(sheet) as pdf:
        assert len(pdf.pages) == 2 and not pdf.pages[1].extract_words() and not pdf.pages[1].images


def test_print_cards_slash_back_of_a_one_faced_card_is_a_usage_error(tmp_path: Path) -> None:
    root = write_outpost(tmp_path)
    done = subprocess.run(["carddb", "print", "--cards", "lone-scout/back"], cwd=root, capture_output=True, text=True)
    assert done.returncode == 2 and "'lone-scout' has one face" in done.stderr and "Traceback" not in done.stderr


def test_skip_invalid_leaves_out_a_back_face_named_alone_with_its_card(tmp_path: Path) -> None:
    root = write_outpost(tmp_path, CARDS.replace("    points: 3\n    walls: 2", "    points: 30\n    walls: 2"))
    done = subprocess.run(
        ["carddb", "print", "--skip-invalid", "--cards", "river-camp/back,hill-camp/back", "--paper", "a4", "-j", "1"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    # the River Fort's error leaves River Camp out, listed as such; the Hill Fort is printed
    assert done.returncode == 1, done.stdout + done.stderr
    assert "left out, with errors" in done.stdout and "  river-camp (" in done.stdout
    cards = root / "output" / GAME_ID / "cards"
    assert (cards / "hill-camp_back.pdf").is_file() and not (cards / "river-camp_back.pdf").exists()
