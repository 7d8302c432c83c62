"""Draftmancer's card-list rules, as carddb mirrors them (carddb/play/draftmancer_lists.py).

Each list here is written for this test, shaped like one of Draftmancer's own test lists
(github.com/Senryoku/Draftmancer, test/data/, read by test/customCardListParsing.ts), with the
layouts, weights and settings that Draftmancer's tests expect of it. Plain card lines name Magic cards
(Draftmancer resolves them in its card database; carddb's mirror leaves them unresolved), custom cards
are made up, so that every list can also be given to Draftmancer's real parser: each one was, and
Draftmancer accepted or refused it as the test says.
The module docstring of draftmancer_lists.py lists the rules; each test names the one it checks.
"""

from __future__ import annotations

import pytest

from carddb.play.draftmancer_lists import CardList, clean_loose_json, parse_card_list
from carddb.play.draftmancer_settings import DraftmancerListError


def _layouts(parsed: CardList) -> dict[str, tuple[int, list[tuple[int, str, tuple[tuple[str, int], ...]]]]]:
    assert parsed.layouts is not None
    return {
        name: (layout.weight, [(s.count, s.name, tuple((c.name, c.weight) for c in s.sheets)) for s in layout.slots])
        for name, layout in parsed.layouts.items()
    }


def test_layouts_in_settings_as_slot_arrays() -> None:
    # Shaped like LayoutSlotArray.txt ("should parse LayoutSlotArray": Normal weight 3, Lucky weight 1).
    text = """[Settings]
{
	"name": "Settings Test",
	"withReplacement": true,
	"layoutWithReplacement" : true,
	"layouts": {
		"Normal" : {"weight": 3, "slots": [{"name": "Rare", "count": 1}, {"name": "Uncommon", "count": 3}, {"name": "Common", "count": 10}]},
		"Lucky": {"weight": 1, "slots": [{"name": "Rare", "count": 2}, {"name": "Uncommon", "count": 3}, {"name": "Common", "count": 9}]}
	}
}
[Common]
Lightning Bolt
[Uncommon]
Blood Artist
[Rare]
Teferi, Time Raveler
"""
    parsed = parse_card_list(text)
    assert parsed.name == "Settings Test" and parsed.settings["withReplacement"] is True
    assert _layouts(parsed) == {
        "Normal": (
            3,
            [(1, "Rare", (("Rare", 1),)), (3, "Uncommon", (("Uncommon", 1),)), (10, "Common", (("Common", 1),))],
        ),
        "Lucky": (
            1,
            [(2, "Rare", (("Rare", 1),)), (3, "Uncommon", (("Uncommon", 1),)), (9, "Common", (("Common", 1),))],
        ),
    }


def test_weighted_sheets_in_one_slot() -> None:
    # Shaped like DOMLayoutExampleExtended.txt: a slot drawing Rare or Mythic 7 : 1 (weights are integers).
    text = """[Settings]
{"withReplacement": true, "layouts": {
  "UncommonLegendary": {"weight": 24, "slots": [
    {"name": "RareOrMythic", "count": 1, "sheets": [{"name": "Rare", "weight": 7}, {"name": "Mythic", "weight": 1}]},
    {"name": "Common", "count": 10}]},
  "Plain": {"weight": 8, "slots": {"Common": 14}}}}
[Common]
Lightning Bolt
[Rare]
Teferi, Time Raveler
[Mythic]
Shivan Dragon
"""
    assert _layouts(parse_card_list(text)) == {
        "UncommonLegendary": (
            24,
            [(1, "RareOrMythic", (("Rare", 7), ("Mythic", 1))), (10, "Common", (("Common", 1),))],
        ),
        "Plain": (8, [(14, "Common", (("Common", 1),))]),
    }


def test_the_layouts_section() -> None:
    # Shaped like CustomLayouts.txt: the text form, `- Name (weight)` then `count Sheet` lines.
    text = "[Layouts]\n- Normal (3)\n\t10 Common\n\t3 Uncommon\n\t1 Rare\n- Lucky (1)\n\t9 Common\n\t3 Uncommon\n\t2 Rare\n"
    text += "[Common]\n4 Lightning Bolt\n[Uncommon]\nBlood Artist\n[Rare]\nTeferi, Time Raveler\n"
    parsed = parse_card_list(text)
    assert _layouts(parsed) == {
        "Normal": (
            3,
            [(10, "Common", (("Common", 1),)), (3, "Uncommon", (("Uncommon", 1),)), (1, "Rare", (("Rare", 1),))],
        ),
        "Lucky": (
            1,
            [(9, "Common", (("Common", 1),)), (3, "Uncommon", (("Uncommon", 1),)), (2, "Rare", (("Rare", 1),))],
        ),
    }
    assert parsed.sheets["Common"].copies() == {"Lightning Bolt": 4}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # names are letters only: 'Normal-1' is no layout line
        ("[Layouts]\n- Normal-1 (7)\n1 Rare\n[Rare]\nTeferi, Time Raveler\n", "Expected layout declaration"),
        # a sheet name with a hyphen is cut at it ('rare-1' reads 'rare'), which is then undefined
        (
            "[Layouts]\n- Normal (7)\n1 rare-1\n[rare-1]\nTeferi, Time Raveler\n",
            "refers to sheet 'rare' which is not defined",
        ),
        # no blank line inside the section, even before the next header
        ("[Layouts]\n- Normal (7)\n1 Rare\n\n[Rare]\nTeferi, Time Raveler\n", "Expected slot specification"),
    ],
)
def test_the_layouts_section_refuses(text: str, message: str) -> None:
    with pytest.raises(DraftmancerListError, match=message):
        parse_card_list(text)


def test_sheet_headers_with_counts_make_the_default_layout() -> None:
    # CustomSheets.txt: [Common(10)] [Uncommon(3)] [Rare(1)] -> layout 'default' of three slots.
    parsed = parse_card_list(
        "[Common(10)]\nLightning Bolt\n[Uncommon (3)]\nBlood Artist\n[Rare(1)]\nTeferi, Time Raveler\n"
    )
    assert _layouts(parsed) == {
        "default": (
            1,
            [(10, "Common", (("Common", 1),)), (3, "Uncommon", (("Uncommon", 1),)), (1, "Rare", (("Rare", 1),))],
        )
    }


def test_loose_json_comments_and_trailing_commas() -> None:
    # Shaped like TrailingCommas.txt and WithRandomComments.txt: `#` lines (holding brackets) and
    # trailing commas before ] and } are dropped before JSON.parse.
    text = """[CustomCards]
# A comment with [ brackets ] and { braces }
[
  {"name": "Alpha", "mana_cost": "{1}", "type": "Unit", "colors": ["W",],},
  # between cards
  {"name": "Beta", "mana_cost": "", "type": "Unit", "rarity": "mythic",},
]
[Settings]
{
  # a comment { inside
  "withReplacement": true,
}
[Common]
Alpha
2 Beta
"""
    parsed = parse_card_list(text)
    assert sorted(parsed.custom_cards) == ["Alpha_custom_", "Beta_custom_"]
    assert parsed.settings == {"withReplacement": True}
    assert parsed.sheets["Common"].copies() == {"Alpha_custom_": 1, "Beta_custom_": 2}
    assert clean_loose_json('{"a": [1, 2,], "b": true ,\n}') == '{"a": [1, 2], "b": true \n}'


def test_a_plain_list_stops_at_the_maybeboard() -> None:
    # CubeCobraExport.txt: no header, one sheet 'default', nothing after '# maybeboard'.
    parsed = parse_card_list("# exported\nLightning Bolt\n2 Blood Artist\n# maybeboard\nTeferi, Time Raveler\n")
    assert parsed.layouts is None and parsed.sheets["default"].copies() == {"Lightning Bolt": 1, "Blood Artist": 2}


def test_card_lines_name_custom_printings() -> None:
    cards = '[CustomCards]\n[{"name": "Alpha", "mana_cost": "", "type": "T", "set": "soe", "collector_number": "3"},'
    cards += '{"name": "Alpha", "mana_cost": "", "type": "T", "set": "p01", "collector_number": "3"}]\n'
    parsed = parse_card_list(cards + "[S]\n1 Alpha (SOE) 3\n1 Alpha (p01) 3\nAlpha\n1 Alpha (p01)\n")
    assert [line.custom for line in parsed.sheets["S"].cards] == [
        "Alpha_soe_3",
        "Alpha_p01_3",
        "Alpha_soe_3",  # the bare name is the first printing
        "Alpha_p01_3",  # a set alone narrows to that set's first printing
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # CustomLayouts_MixedLayoutDefinitions.txt
        (
            '[Settings]\n{"layouts": {"A": {"weight": 1, "slots": {"S": 1}}}}\n[S(1)]\nLightning Bolt\n',
            "should not be mixed",
        ),
        # CustomCards_MultipleDefaultSlots_Invalid.txt
        ("[A]\nLightning Bolt\n[B]\nBlood Artist\n", "Multiple 'default' slots"),
        # InvalidSettings_UnknownLayout.txt
        (
            '[Settings]\n{"layouts": {"A": {"weight": 1, "slots": {"S": 1}}}, "predeterminedLayouts": ["Nope"]}\n[S]\nLightning Bolt\n',
            "Layout 'Nope' in 'predeterminedLayouts' has not been declared",
        ),
        # InvalidSettings_WrongSlotType.txt
        (
            '[Settings]\n{"layouts": {"A": {"weight": 1, "slots": 3}}}\n[S]\nLightning Bolt\n',
            "'slots' must be a Record",
        ),
        # weights are integers
        (
            '[Settings]\n{"layouts": {"A": {"weight": 87.5, "slots": {"S": 1}}}}\n[S]\nLightning Bolt\n',
            "must be an integer",
        ),
        # CustomCards_InvalidJSON.txt; and a comment after JSON on the same line is not a comment
        ('[CustomCards]\n[{name: "A"}]\n[S]\nA\n', "JSON Parsing Error"),
        ('[Settings]\n{"withReplacement": true, # note\n}\n[S]\nA\n', "JSON Parsing Error"),
        # a lone bracket in a string ends the JSON early: brackets are counted, strings or not
        ('[CustomCards]\n[{"name": "A", "mana_cost": "", "type": "T", "oracle_text": "]"}]\n[S]\nA\n', "JSON"),
        # rarities are Draftmancer's five
        ('[CustomCards]\n[{"name": "A", "mana_cost": "", "type": "T", "rarity": "legendary"}]\n[S]\nA\n', "rarity"),
        # collector numbers are strings
        ('[CustomCards]\n[{"name": "A", "mana_cost": "", "type": "T", "collector_number": 3}]\n[S]\nA\n', "collector"),
        # mandatory fields; colours are letters of WUBRG; costs use Draftmancer's symbols
        ('[CustomCards]\n[{"name": "A", "type": "T"}]\n[S]\nA\n', "mana_cost"),
        ('[CustomCards]\n[{"name": "A", "mana_cost": "", "type": "T", "colors": ["Q"]}]\n[S]\nA\n', "colors"),
        ('[CustomCards]\n[{"name": "A", "mana_cost": "{21}", "type": "T"}]\n[S]\nA\n', "not a valid mana symbol"),
        # CustomCards_DuplicatePrinting.txt
        (
            '[CustomCards]\n[{"name": "A", "mana_cost": "", "type": "T"}, {"name": "A", "mana_cost": "", "type": "T"}]\n',
            "Duplicate",
        ),
        ("[S]\n# nothing\n", "empty"),
    ],
)
def test_lists_draftmancer_refuses(text: str, message: str) -> None:
    with pytest.raises(DraftmancerListError, match=message):
        parse_card_list(text)
