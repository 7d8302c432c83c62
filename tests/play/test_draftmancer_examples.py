"""Draftmancer's own example lists (tests/fixtures/draftmancer/, copied from its test/data/) read as Draftmancer reads them.

The expectations are Draftmancer's, not carddb's: the layouts and weights its test/customCardListParsing.ts
asserts, the lists its test/src/common.ts calls valid or invalid, and, where its tests assert nothing more,
what Draftmancer's real parser (commit 399caff8, run under node outside this suite) returned for the
same file: slots per layout, settings, and the error it gave.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from carddb.cli.app import app
from carddb.play.draftmancer_lists import CardList, parse_card_list
from carddb.play.draftmancer_settings import DraftmancerListError

EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "draftmancer"


def _parse(name: str) -> CardList:
    return parse_card_list((EXAMPLES / f"{name}.txt").read_text(encoding="utf-8"))


def _slots(parsed: CardList) -> dict[str, tuple[int, list[tuple[int, str, tuple[tuple[str, int], ...]]]]]:
    assert parsed.layouts is not None
    return {
        name: (layout.weight, [(s.count, s.name, tuple((c.name, c.weight) for c in s.sheets)) for s in layout.slots])
        for name, layout in parsed.layouts.items()
    }


def _one(name: str) -> tuple[tuple[str, int], ...]:
    return ((name, 1),)


@pytest.mark.parametrize(
    "name",
    [
        "CustomLayouts",
        "CustomLayouts_MismatchedLayoutSizes",
        "CustomCards_NoLayout",
        "CustomCards_SlotSize",
        "ReplacementTest_Layouts",
        "WithSettings",
        "DOMLayoutExample",
        "CustomCards_Props",
        "RefillWhenEmpty_Layouts",
        "TrailingCommas",
        "WithRandomComments",
    ],
)
def test_draftmancers_valid_lists_parse(name: str) -> None:
    parsed = _parse(name)
    assert parsed.sheets


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("CustomLayouts_MixedLayoutDefinitions", "custom layouts should not be mixed"),
        ("CustomCards_MultipleDefaultSlots_Invalid", "Multiple 'default' slots defined"),
        ("CustomCards_InvalidJSON", "JSON Parsing Error"),
        ("InvalidSettings_UnknownLayout", "Layout 'NonExisting' in 'predeterminedLayouts' has not been declared"),
        ("InvalidSettings_WrongSlotType", "'slots' must be a Record<string, number>"),
        ("CustomCards_DuplicatePrinting", "Duplicate card ID 'Nazgûl_"),
    ],
)
def test_draftmancers_invalid_lists_are_refused_with_its_message(name: str, message: str) -> None:
    with pytest.raises(DraftmancerListError, match=message.replace("(", r"\(").replace("[", r"\[")):
        _parse(name)


def test_layout_slot_array() -> None:
    # test/customCardListParsing.ts "should parse LayoutSlotArray"
    assert _slots(_parse("LayoutSlotArray")) == {
        "Normal": (3, [(1, "Rare", _one("Rare")), (3, "Uncommon", _one("Uncommon")), (10, "Common", _one("Common"))]),
        "Lucky": (1, [(2, "Rare", _one("Rare")), (3, "Uncommon", _one("Uncommon")), (9, "Common", _one("Common"))]),
    }


def test_dom_layout_example_extended() -> None:
    # test/customCardListParsing.ts "should parse DOMLayoutExampleExtended"; the 7:1 weights are the file's
    assert _slots(_parse("DOMLayoutExampleExtended")) == {
        "UncommonLegendary": (
            24,
            [
                (1, "RareOrMythic", (("Rare", 7), ("Mythic", 1))),
                (1, "UncommonLegendary", _one("UncommonLegendary")),
                (2, "Uncommon", _one("Uncommon")),
                (10, "Common", _one("Common")),
            ],
        ),
        "RareOrMythicLegendary": (
            8,
            [
                (1, "RareOrMythicLegendary", (("RareLegendary", 7), ("MythicLegendary", 1))),
                (3, "Uncommon", _one("Uncommon")),
                (10, "Common", _one("Common")),
            ],
        ),
    }


def test_the_layouts_section_of_custom_layouts() -> None:
    # [Layouts] (text form); Draftmancer's parser: Normal w3 10/3/1, Lucky w1 9/3/2, sheets of 106/80/64 cards
    parsed = _parse("CustomLayouts")
    assert _slots(parsed) == {
        "Normal": (3, [(10, "Common", _one("Common")), (3, "Uncommon", _one("Uncommon")), (1, "Rare", _one("Rare"))]),
        "Lucky": (1, [(9, "Common", _one("Common")), (3, "Uncommon", _one("Uncommon")), (2, "Rare", _one("Rare"))]),
    }
    # distinct cards and copies per sheet, as Draftmancer counts them
    counts = {
        name: (len({line.name for line in sheet.cards}), sum(line.count for line in sheet.cards))
        for name, sheet in parsed.sheets.items()
    }
    assert counts == {"Common": (106, 424), "Uncommon": (80, 109), "Rare": (64, 154)}


def test_settings_and_loose_json() -> None:
    # "should parse Top Level Properties"; SessionSettingsDefaults, TrailingCommas as Draftmancer's tests expect
    top = _parse("TopLevelProperties")  # a trailing comma and a blank line inside the JSON
    assert top.name == "CubeWithTopLevelProperties" and top.settings["cubeCobraID"] == "ACubeCobraID"
    defaults = _parse("SessionSettingsDefaults").settings
    assert (defaults["withReplacement"], defaults["duplicateProtection"], defaults["boostersPerPlayer"]) == (
        True,
        False,
        42,
    )
    assert defaults["colorBalance"] is False
    trailing = _parse("TrailingCommas")
    assert trailing.settings["predeterminedLayouts"] == ["SheetA", "SheetB", "SheetC"]
    assert len(trailing.custom_cards) == 2
    commented = _parse("WithRandomComments")
    assert "Common" in commented.sheets and len(commented.custom_cards) == 7


def test_cli_import_structure_reads_the_layouts(tmp_path: Path) -> None:
    # carddb used to give slots of 1/1/1 for this file and exit 0
    result = CliRunner().invoke(
        app, ["draftmancer", "import", "--structure", str(EXAMPLES / "LayoutSlotArray.txt"), "--project", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert "layout 'Normal' weight 3, 14 cards" in result.output
    assert "layout 'Lucky' weight 1, 14 cards" in result.output
    assert "2 Rare <- Rare x1" in result.output
