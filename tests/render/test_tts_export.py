"""Tabletop Simulator export: sheet limits (10 x 7, 4096 px), CardIDs, image URLs, GUIDs and the DeckCustom JSON.

`tts_problems` states, in our own code, the rules a saved deck must follow for Tabletop Simulator
to load it (its API's Custom game objects and Object pages, the knowledge base's Save File Format,
and decks that Tabletop Simulator itself saved, as public projects hold them): image references
are http(s) URLs or absolute file:// URIs of existing files; CustomDeck keys are positive integers,
one per sheet, each entry identical in the deck and in every card; CardID // 100 is the card's key
and CardID % 100 a cell of the NumWidth x NumHeight grid (at most 10 x 7); DeckIDs list the
cards' CardIDs in order; every GUID is 6 hexadecimal digits and no two objects share one.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from PIL import Image
from support.printsheets import make_card_pdfs

from carddb.findings.errors import UsageError
from carddb.render.tts import TtsCard, TtsDeck, cell_size, check_url_base, export_tts, grid_for, sheet_plan


def tts_problems(saved: dict[str, Any], *, require_url: bool = False) -> list[str]:
    """What would keep Tabletop Simulator from loading the saved object as written (empty: nothing)."""
    problems: list[str] = []
    guids: list[str] = []
    [obj] = saved["ObjectStates"]
    cards = obj.get("ContainedObjects", [obj])
    deck_entries = obj.get("CustomDeck", {})
    faces: dict[str, str] = {}
    for holder in [obj, *cards]:
        guids.append(holder.get("GUID", ""))
        for key, entry in holder["CustomDeck"].items():
            if not key.isdigit() or int(key) < 1:
                problems.append(f"CustomDeck key {key!r} is not a positive integer")
            if holder is not obj and deck_entries and entry != deck_entries.get(key):
                problems.append(f"card {holder.get('Nickname')}: entry {key} differs from the deck's")
            if faces.setdefault(entry["FaceURL"], key) != key:
                problems.append(f"two keys for the sheet {entry['FaceURL']}")
            if not (1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7):
                problems.append(f"grid {entry['NumWidth']} x {entry['NumHeight']} is larger than 10 x 7")
            for field in ("FaceURL", "BackURL"):
                url = urlsplit(entry[field])
                if url.scheme in ("http", "https") and url.netloc:
                    continue
                if require_url:
                    problems.append(f"{field} {entry[field]!r} is not an http(s) URL")
                elif url.scheme != "file" or not Path(unquote(url.path)).is_absolute():
                    problems.append(f"{field} {entry[field]!r} is neither a URL nor an absolute file URI")
                elif not Path(unquote(url.path)).is_file():
                    problems.append(f"{field} names the missing file {url.path}")
    for card in cards:
        entry = card["CustomDeck"].get(str(card["CardID"] // 100))
        if entry is None or card["CardID"] % 100 >= entry["NumWidth"] * entry["NumHeight"]:
            problems.append(f"CardID {card['CardID']} is no cell of its sheet")
    if "DeckIDs" in obj and obj["DeckIDs"] != [c["CardID"] for c in cards]:
        problems.append("DeckIDs do not list the contained cards in order")
    problems += [f"GUID {g!r} is not 6 hex digits" for g in guids if not re.fullmatch(r"[0-9a-f]{6}", g)]
    if len(set(guids)) != len(guids):
        problems.append(f"{len(guids) - len(set(guids))} GUIDs are shared")
    return problems


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return make_card_pdfs(tmp_path_factory.mktemp("tts-cards"), [f"F{i}" for i in range(6)] + ["BACK"])


def test_grids_stay_within_tabletop_simulator_limits() -> None:
    width, height = cell_size(63, 88)
    assert width * 10 <= 4096 and height * 7 <= 4096
    assert width / height == pytest.approx(63 / 88, abs=0.005)
    assert grid_for(1) == (2, 2)
    assert grid_for(70) == (10, 7)  # BackIsHidden: the back image is the hidden card, every cell holds a card
    assert grid_for(23) == (10, 3)
    with pytest.raises(ValueError):
        grid_for(71)


def test_deck_of_75_cards_spans_two_sheets(pdfs: list[Path], tmp_path: Path) -> None:
    # 75 different cards (reusing six drawings), every other card twice.
    cards = tuple(TtsCard(f"c{i}", f"Card {i}", "Spell.", pdfs[i % 6], 1 + i % 2) for i in range(75))
    # At 165 dpi (a full 10 x 7 grid of poker cards), as the default draws a deck of more than 70.
    [result] = export_tts([TtsDeck("loe-deck", "LOE: deck", pdfs[6], cards)], tmp_path, (63.0, 88.0), dpi=165)
    data = json.loads(result.json_path.read_text())
    [deck] = data["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    assert set(deck["CustomDeck"]) == {"1", "2"}
    assert tts_problems(data) == []
    for deck_id, custom in deck["CustomDeck"].items():
        face = tmp_path / f"loe-deck-sheet-{deck_id}.jpg"
        assert custom["FaceURL"] == face.resolve().as_uri() and face.is_file()  # for play on this computer
        assert custom["BackURL"] == (tmp_path / "loe-deck-back.jpg").resolve().as_uri()
        with Image.open(face) as image:
            assert image.mode == "RGB"
            assert image.width <= 4096 and image.height <= 4096
            assert custom["NumWidth"] <= 10 and custom["NumHeight"] <= 7
            # The image is exactly the grid the JSON announces, so TTS cuts cards where they are.
            assert image.width % custom["NumWidth"] == 0 and image.height % custom["NumHeight"] == 0
        ids = [c["CardID"] for c in deck["ContainedObjects"] if c["CardID"] // 100 == int(deck_id)]
        assert max(i % 100 for i in ids) == len({i for i in ids}) - 1 < custom["NumWidth"] * custom["NumHeight"]
    assert len(deck["DeckIDs"]) == sum(1 + i % 2 for i in range(75)) == result.cards
    assert deck["DeckIDs"][:4] == [100, 101, 101, 102]
    assert deck["DeckIDs"][-1] == 200 + (74 - 70)  # card 75 is the 5th card of sheet 2
    # every copy its own GUID, the deck's too: 113 objects, 113 GUIDs
    assert len({c["GUID"] for c in deck["ContainedObjects"]} | {deck["GUID"]}) == 1 + result.cards


def test_a_url_base_names_every_image_there_versioned_by_its_cards(pdfs: list[Path], tmp_path: Path) -> None:
    cards = tuple(TtsCard(f"c{i}", f"Card {i}", "", pdfs[i % 6], 2) for i in range(6))
    deck = TtsDeck("my deck", "LOE: deck", pdfs[6], cards)
    [result] = export_tts([deck], tmp_path, (63.0, 88.0), url_base="https://example.org/tts/")
    saved = json.loads(result.json_path.read_text())
    assert tts_problems(saved, require_url=True) == []
    entry = saved["ObjectStates"][0]["CustomDeck"]["1"]
    assert re.fullmatch(r"https://example\.org/tts/my%20deck-sheet-1\.jpg\?v=[0-9a-f]{10}", entry["FaceURL"])
    assert entry["BackURL"].startswith("https://example.org/tts/my%20deck-back.jpg?v=")
    # the version follows the image: another card on the sheet, another URL (Tabletop Simulator caches by URL)
    changed = TtsDeck("my deck", "LOE: deck", pdfs[6], (*cards[:5], TtsCard("c5", "Card 5", "", pdfs[0], 2)))
    [again] = export_tts([changed], tmp_path, (63.0, 88.0), url_base="https://example.org/tts/")
    other = json.loads(again.json_path.read_text())["ObjectStates"][0]["CustomDeck"]["1"]
    assert other["FaceURL"] != entry["FaceURL"] and other["BackURL"] == entry["BackURL"]
    with pytest.raises(UsageError):
        check_url_base("example.org/tts")
    with pytest.raises(UsageError):
        check_url_base("file:///home/me/tts")


def test_the_rules_catch_what_carddb_wrote_before(pdfs: list[Path], tmp_path: Path) -> None:
    # The mirror of Tabletop Simulator's rules must fail on the deck issue 34 found: bare file names,
    # copies sharing a GUID.
    [result] = export_tts([TtsDeck("d", "D", pdfs[6], (TtsCard("c", "C", "", pdfs[0], 2),))], tmp_path, (63.0, 88.0))
    saved = json.loads(result.json_path.read_text())
    deck = saved["ObjectStates"][0]
    for holder in [deck, *deck["ContainedObjects"]]:
        holder["CustomDeck"]["1"]["FaceURL"] = "d-sheet-1.jpg"
    deck["ContainedObjects"][1]["GUID"] = deck["ContainedObjects"][0]["GUID"]
    problems = tts_problems(saved)
    assert "FaceURL 'd-sheet-1.jpg' is neither a URL nor an absolute file URI" in problems
    assert "1 GUIDs are shared" in problems
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]


def test_a_single_card_is_saved_as_a_card(pdfs: list[Path], tmp_path: Path) -> None:
    card = TtsCard("lone", "Lone", "", pdfs[0], 1)
    [result] = export_tts([TtsDeck("loe-victory", "LOE: victory", pdfs[6], (card,))], tmp_path, (63.0, 88.0))
    [obj] = json.loads(result.json_path.read_text())["ObjectStates"]
    assert obj["Name"] == "CardCustom" and obj["CardID"] == 100


def test_unchanged_sheets_are_not_drawn_again(pdfs: list[Path], tmp_path: Path) -> None:
    def export(card_pdfs: list[Path]) -> dict[str, int]:
        cards = tuple(TtsCard(f"c{i}", f"Card {i}", "", pdf, 1) for i, pdf in enumerate(card_pdfs))
        [result] = export_tts([TtsDeck("loe-deck", "LOE: deck", pdfs[6], cards)], tmp_path / "tts", (63.0, 88.0))
        return {p.name: p.stat().st_mtime_ns for p in result.images}

    first_sheet = [pdfs[i % 6] for i in range(70)]  # 73 cards: two sheets
    first = export(first_sheet + pdfs[:3])
    assert export(first_sheet + pdfs[:3]) == first  # nothing rewritten
    changed = export([*first_sheet, pdfs[5], *pdfs[1:3]])  # a card on the second sheet changed
    assert changed["loe-deck-sheet-1.jpg"] == first["loe-deck-sheet-1.jpg"]
    assert changed["loe-deck-back.jpg"] == first["loe-deck-back.jpg"]
    assert changed["loe-deck-sheet-2.jpg"] != first["loe-deck-sheet-2.jpg"]
    with Image.open(tmp_path / "tts" / "loe-deck-sheet-2.jpg") as sheet:
        plan = sheet_plan(73, (63.0, 88.0))
        columns, rows = plan.grid(73 - plan.capacity)
        assert sheet.size == (columns * plan.cell[0], rows * plan.cell[1])


def test_after_one_card_changes_only_its_cell_is_drawn_again(
    pdfs: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    from carddb.render import tts

    folder = tmp_path / "cards"
    folder.mkdir()
    fronts = [shutil.copy(pdf, folder / pdf.name) for pdf in pdfs[:6]]
    deck = TtsDeck(
        "loe-deck", "LOE: deck", pdfs[6], tuple(TtsCard(f"c{i}", "C", "", Path(f), 1) for i, f in enumerate(fronts))
    )
    export_tts([deck], tmp_path / "tts", (63.0, 88.0))
    shutil.copy(pdfs[5], fronts[2])  # the third card now looks like the sixth
    drawn: list[Path] = []
    real = tts.card_image
    monkeypatch.setattr(tts, "card_image", lambda pdf, size: drawn.append(pdf) or real(pdf, size))
    export_tts([deck], tmp_path / "tts", (63.0, 88.0))
    assert drawn == [Path(fronts[2])]  # the back and the other five cells were reused
    export_tts([deck], tmp_path / "fresh", (63.0, 88.0))  # no cache: every cell drawn
    sheet = "loe-deck-sheet-1.jpg"
    assert (tmp_path / "tts" / sheet).read_bytes() == (tmp_path / "fresh" / sheet).read_bytes()


@pytest.mark.parametrize(
    ("cards", "trim", "cell", "grid", "dpi"),
    [
        (66, (70.0, 120.0), (341, 585), (10, 7), 124),  # 66 tarot cards need a full sheet: 124 dpi, as before
        (40, (70.0, 120.0), (478, 819), (8, 5), 173),  # 40 fit an 8 x 5 grid, whose cells are 40 % larger
        (192, (63.0, 88.0), (409, 571), (10, 7), 165),  # three full sheets of poker cards, as before
        (3, (63.0, 88.0), (744, 1039), (2, 2), 300),  # a tiny deck: the print resolution, no more
    ],
)
def test_decks_are_drawn_at_the_best_resolution_their_sheet_count_allows(
    cards: int, trim: tuple[float, float], cell: tuple[int, int], grid: tuple[int, int], dpi: int
) -> None:
    plan = sheet_plan(cards, trim)
    assert plan.cell == cell and (plan.columns, plan.rows) == grid and round(plan.dpi(trim[0])) == dpi
    assert plan.columns * plan.cell[0] <= 4096 and plan.rows * plan.cell[1] <= 4096
    assert plan.capacity * math.ceil(cards / 70) >= cards  # no more sheets than a 10 x 7 grid needs


def test_a_resolution_asked_for_sets_the_cards_per_sheet(pdfs: list[Path], tmp_path: Path) -> None:
    plan = sheet_plan(66, (70.0, 120.0), dpi=200)
    assert plan.cell == (551, 945) and (plan.columns, plan.rows) == (7, 4)  # 7 x 551 and 4 x 945 px fit 4096
    cards = tuple(TtsCard(f"c{i}", f"Card {i}", "", pdfs[i % 6], 1) for i in range(30))
    [result] = export_tts([TtsDeck("t-deck", "T", pdfs[6], cards)], tmp_path, (70.0, 120.0), dpi=200)
    custom = json.loads(result.json_path.read_text())["ObjectStates"][0]["CustomDeck"]
    assert [(c["NumWidth"], c["NumHeight"]) for c in custom.values()] == [(7, 4), (2, 2)]  # 28 + 2 cards
    with Image.open(Path(unquote(urlsplit(custom["1"]["FaceURL"]).path))) as sheet:
        assert sheet.size == (7 * 551, 4 * 945)
    with pytest.raises(UsageError, match="at most 433 dpi"):
        sheet_plan(10, (70.0, 120.0), dpi=600)
