"""Tabletop Simulator export: sheet limits (10 x 7, 4096 px), CardIDs and the DeckCustom JSON."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from PIL import Image
from support.printsheets import make_card_pdfs

from carddb.findings.errors import UsageError
from carddb.render.tts import TtsCard, TtsDeck, cell_size, export_tts, grid_for, sheet_plan


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return make_card_pdfs(tmp_path_factory.mktemp("tts-cards"), [f"F{i}" for i in range(6)] + ["BACK"])


def test_grids_stay_within_tabletop_simulator_limits() -> None:
    width, height = cell_size(63, 88)
    assert width * 10 <= 4096 and height * 7 <= 4096
    assert width / height == pytest.approx(63 / 88, abs=0.005)
    assert grid_for(1) == (2, 2)
    assert grid_for(69) == (10, 7)
    assert grid_for(23) == (10, 3)


def test_deck_of_75_cards_spans_two_sheets(pdfs: list[Path], tmp_path: Path) -> None:
    # 75 different cards (reusing six drawings), every other card twice.
    cards = tuple(TtsCard(f"c{i}", f"Card {i}", "Spell.", pdfs[i % 6], 1 + i % 2) for i in range(75))
    # At 165 dpi (a full 10 x 7 grid of poker cards), as the default draws a deck of more than 69.
    [result] = export_tts([TtsDeck("loe-deck", "LOE: deck", pdfs[6], cards)], tmp_path, (63.0, 88.0), dpi=165)
    data = json.loads(result.json_path.read_text())
    [deck] = data["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    assert set(deck["CustomDeck"]) == {"1", "2"}
    for deck_id, custom in deck["CustomDeck"].items():
        face = tmp_path / custom["FaceURL"]
        assert not Path(custom["FaceURL"]).is_absolute() and face.is_file()
        assert (tmp_path / custom["BackURL"]).is_file()
        with Image.open(face) as image:
            assert image.mode == "RGB"
            assert image.width <= 4096 and image.height <= 4096
            assert custom["NumWidth"] <= 10 and custom["NumHeight"] <= 7
            # The image is exactly the grid the JSON announces, so TTS cuts cards where they are.
            assert image.width % custom["NumWidth"] == 0 and image.height % custom["NumHeight"] == 0
        ids = [c["CardID"] for c in deck["ContainedObjects"] if c["CardID"] // 100 == int(deck_id)]
        assert max(i % 100 for i in ids) < custom["NumWidth"] * custom["NumHeight"] - (deck_id == "1")
    assert len(deck["DeckIDs"]) == sum(1 + i % 2 for i in range(75)) == result.cards
    assert deck["DeckIDs"][:4] == [100, 101, 101, 102]
    assert deck["DeckIDs"][-1] == 200 + (74 - 69)  # card 75 is the 6th card of sheet 2
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

    first_sheet = [pdfs[i % 6] for i in range(69)]  # 72 cards: two sheets
    first = export(first_sheet + pdfs[:3])
    assert export(first_sheet + pdfs[:3]) == first  # nothing rewritten
    changed = export([*first_sheet, pdfs[5], *pdfs[1:3]])  # a card on the second sheet changed
    assert changed["loe-deck-sheet-1.jpg"] == first["loe-deck-sheet-1.jpg"]
    assert changed["loe-deck-back.jpg"] == first["loe-deck-back.jpg"]
    assert changed["loe-deck-sheet-2.jpg"] != first["loe-deck-sheet-2.jpg"]
    with Image.open(tmp_path / "tts" / "loe-deck-sheet-2.jpg") as sheet:
        plan = sheet_plan(72, (63.0, 88.0))
        columns, rows = plan.grid(72 - plan.capacity)
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
    assert plan.capacity * math.ceil(cards / 69) >= cards  # no more sheets than a 10 x 7 grid needs


def test_a_resolution_asked_for_sets_the_cards_per_sheet(pdfs: list[Path], tmp_path: Path) -> None:
    plan = sheet_plan(66, (70.0, 120.0), dpi=200)
    assert plan.cell == (551, 945) and (plan.columns, plan.rows) == (7, 4)  # 7 x 551 and 4 x 945 px fit 4096
    cards = tuple(TtsCard(f"c{i}", f"Card {i}", "", pdfs[i % 6], 1) for i in range(30))
    [result] = export_tts([TtsDeck("t-deck", "T", pdfs[6], cards)], tmp_path, (70.0, 120.0), dpi=200)
    custom = json.loads(result.json_path.read_text())["ObjectStates"][0]["CustomDeck"]
    assert [(c["NumWidth"], c["NumHeight"]) for c in custom.values()] == [(7, 4), (2, 2)]  # 28 + 2 cards
    with Image.open(tmp_path / custom["1"]["FaceURL"]) as sheet:
        assert sheet.size == (7 * 551, 4 * 945)
    with pytest.raises(UsageError, match="at most 433 dpi"):
        sheet_plan(10, (70.0, 120.0), dpi=600)
