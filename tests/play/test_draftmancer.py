"""carddb's Draftmancer lists: every export is one Draftmancer accepts, and reads back to its booster plan.

"Accepts" is checked with carddb's mirror of Draftmancer's parser rules (carddb/play/draftmancer_lists.py,
whose docstring lists them) plus what Draftmancer's pack generator needs to deal a table's packs.
The same exports were given to Draftmancer's real parser outside the test suite (see docs/play-modes.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.cli.app import app
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.play import draftmancer, draftmancer_import
from carddb.play.boosters import BoosterPlan, load_boosters
from carddb.play.draftmancer_cards import RARITIES
from carddb.play.draftmancer_lists import DEFAULT_SEATS, parse_card_list

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = ("loe", "shards", "estro")  # the bundled games with boosters (loe2 has none; soulfall is a fixed game)


@pytest.fixture(scope="module")
def bundled() -> dict[str, CardDatabase]:
    dbs = {}
    for game in BUNDLED:
        db, report = load_database(Project.at(ROOT), get_pack(game))
        assert not report.errors, report.format_text()
        dbs[game] = db
    return dbs


def _plans(db: CardDatabase) -> dict[str, BoosterPlan]:
    report = Report()
    plans = load_boosters(db, report)
    assert plans and not report.errors
    return plans


def _round_trip(db: CardDatabase, plan: BoosterPlan, tmp_path: Path) -> BoosterPlan:
    text = draftmancer.export_list(db, plan)
    imported, findings = draftmancer_import.import_list(db, text, tmp_path / "list.txt")
    assert findings == []
    definition = tmp_path / "boosters.yaml"
    definition.write_text(yaml.safe_dump(draftmancer_import.imported_booster_yaml(imported, "back")), encoding="utf-8")
    report = Report()
    back = load_boosters(db, report, definition)
    assert not report.errors, report.format_text()
    return back["back"]


def test_every_bundled_export_is_a_list_draftmancer_accepts(bundled: dict[str, CardDatabase]) -> None:
    for game, db in bundled.items():
        for plan in _plans(db).values():
            text = draftmancer.export_list(db, plan, image_base=f"https://example.org/{game}")
            parsed = parse_card_list(text)  # raises as Draftmancer refuses
            where = f"{game}/{plan.id}"
            # every card line is one of the list's own cards, never left to Draftmancer's Magic database
            lines = [line for sheet in parsed.sheets.values() for line in sheet.cards]
            assert lines and all(line.custom for line in lines), where
            assert {c["rarity"] for c in parsed.custom_cards.values()} <= set(RARITIES), where
            # one layout of the plan's size; the packs a table needs can always be dealt
            assert parsed.layouts is not None and [layout.size for layout in parsed.layouts.values()] == [plan.size]
            settings = parsed.settings
            assert settings["withReplacement"] or settings["refillWhenEmpty"], where
            assert settings["duplicateProtection"] is not plan.duplicates
            for card in parsed.custom_cards.values():
                assert card["image_uris"]["en"].startswith(f"https://example.org/{game}/"), where


def test_the_estro_legendaries_are_mythic_and_colours_follow_the_factions(bundled: dict[str, CardDatabase]) -> None:
    db = bundled["estro"]
    parsed = parse_card_list(draftmancer.export_list(db, _plans(db)["random-deck"]))
    by_name = {c["name"]: c for c in parsed.custom_cards.values()}
    legendary = next(c for c in db.cards if c.rarity == "legendary")
    assert by_name[legendary.name]["rarity"] == "mythic"
    assert {tuple(c["colors"]) for c in by_name.values()} == {("R",), ("W",), ("G",), ("B",), ("U",)}


def test_shards_faction_balance_is_colour_balance_on_the_commons(bundled: dict[str, CardDatabase]) -> None:
    db = bundled["shards"]
    plan = _plans(db)["booster"]
    parsed = parse_card_list(draftmancer.export_list(db, plan))
    assert parsed.settings["colorBalance"] is True
    assert parsed.layouts is not None
    layout = next(iter(parsed.layouts.values()))
    # Draftmancer balances the first largest slot of a layout: the 8 commons, as carddb does
    largest = max(layout.slots, key=lambda s: s.count)
    assert (largest.name, largest.count) == ("commons", 8)
    rare = next(s for s in layout.slots if s.name == "rare")
    assert [(c.name, c.weight) for c in rare.sheets] == [("rare-1", 7), ("rare-2", 1)]
    colours = {c["name"]: c["colors"] for c in parsed.custom_cards.values()}
    neutral = next(c for c in db.cards if db.faction_of(c) == "neutral")
    assert colours[neutral.name] == []  # the unbound cities are colourless: Draftmancer balances the four realms


def test_every_bundled_export_imports_back_to_the_same_booster_plan(
    bundled: dict[str, CardDatabase], tmp_path: Path
) -> None:
    for db in bundled.values():
        for plan in _plans(db).values():
            back = _round_trip(db, plan, tmp_path)
            assert (back.slots, back.duplicates, back.collation) == (plan.slots, plan.duplicates, plan.collation)


def test_a_weighted_slot_of_several_cards_round_trips_exactly(fixture_db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "b.yaml"
    path.write_text(
        "boosters:\n  r:\n    name: R\n    slots:\n      - {name: c, count: 2, filter: {kind: lord}, }\n"
        "      - name: rare\n        count: 2\n        sheets:\n"
        "          - {weight: 62.5, filter: {rarity: rare, group: deck}, weights: {spell-52: 3}}\n"
        "          - {weight: 37.5, filter: {rarity: mythic, group: deck}}\n",
        encoding="utf-8",
    )
    plan = load_boosters(fixture_db, Report(), path)["r"]
    parsed = parse_card_list(draftmancer.export_list(fixture_db, plan))
    assert parsed.layouts is not None
    slots = [(s.name, s.count, [(c.name, c.weight) for c in s.sheets]) for s in parsed.layouts["r"].slots]
    # Draftmancer draws one sheet per slot: two one-card slots keep carddb's choice per card (62.5 : 37.5 = 5 : 3)
    assert slots[1:] == [("rare", 1, [("rare-1", 5), ("rare-2", 3)]), ("rare##2", 1, [("rare-1", 5), ("rare-2", 3)])]
    assert "3 Spell 52 (tst) 52" in draftmancer.export_list(fixture_db, plan).splitlines()
    assert _round_trip(fixture_db, plan, tmp_path).slots == plan.slots


def test_a_dealt_booster_deals_its_copies_and_refills(fixture_db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "b.yaml"
    path.write_text(
        "boosters:\n  v:\n    name: V\n    collation: dealt\n    duplicates: true\n"
        "    slots:\n      - {name: all, count: 3, filter: {kind: spell, rarity: common}}\n",
        encoding="utf-8",
    )
    plan = load_boosters(fixture_db, Report(), path)["v"]
    parsed = parse_card_list(draftmancer.export_list(fixture_db, plan))
    assert parsed.settings["withReplacement"] is False and parsed.settings["refillWhenEmpty"] is True
    # the pile holds each card's printed copies (2 for the fixture's spells)
    assert set(parsed.sheets["all"].copies().values()) == {2}


def test_brackets_in_card_text_do_not_end_the_json_early(fixture_db: CardDatabase) -> None:
    card = fixture_db.cards[0].model_copy(update={"text": "Deal [2 damage} to a {foe"})
    text = draftmancer._json([draftmancer.custom_card(fixture_db, card, None)], "[]", one_per_line=True)
    listing = f"[CustomCards]\n{text}\n[S]\n1 {draftmancer.card_line_name(card)}\n"
    parsed = parse_card_list(listing)
    assert next(iter(parsed.custom_cards.values()))["oracle_text"] == "Deal [2 damage} to a {foe"
    assert json.loads(text)[0]["oracle_text"] == card.text


def test_import_reads_draftmancer_layouts_into_one_booster_type_each(fixture_db: CardDatabase, tmp_path: Path) -> None:
    # Shaped like Draftmancer's LayoutSlotArray.txt, with cards of the fixture game.
    text = """[Settings]
{"name": "Settings Test", "withReplacement": true, "layouts": {
  "Normal": {"weight": 3, "slots": [{"name": "Rare", "count": 1}, {"name": "Uncommon", "count": 3}, {"name": "Common", "count": 10}]},
  "Lucky": {"weight": 1, "slots": [{"name": "Rare", "count": 2}, {"name": "Uncommon", "count": 3}, {"name": "Common", "count": 9}]},
}}
[Common]
4 Resource 1
2 Spell 2
[Uncommon]
Resource 31
[Rare]
Resource 46
"""
    imported, findings = draftmancer_import.import_list(fixture_db, text, tmp_path / "l.txt")
    assert findings == []
    assert [(layout.name, layout.weight, [(s.name, s.count) for s in layout.slots]) for layout in imported.layouts] == [
        ("Normal", 3, [("Rare", 1), ("Uncommon", 3), ("Common", 10)]),
        ("Lucky", 1, [("Rare", 2), ("Uncommon", 3), ("Common", 9)]),
    ]
    boosters = draftmancer_import.imported_booster_yaml(imported, "cube")["boosters"]
    assert list(boosters) == ["cube-normal", "cube-lucky"]
    assert "3 of every 4 packs" in boosters["cube-normal"]["description"]
    common = boosters["cube-normal"]["slots"][2]
    assert common["sheets"] == [
        {"weight": 100, "filter": {"cards": ["resource-1", "spell-2"]}, "weights": {"resource-1": 2}}
    ]


def test_import_warns_where_draftmancer_draws_a_whole_slot_from_one_sheet(
    fixture_db: CardDatabase, tmp_path: Path
) -> None:
    text = '[Settings]\n{"layouts": {"L": {"weight": 1, "slots": [{"name": "R", "count": 2, "sheets": [{"name": "A", "weight": 3}, "B"]}]}}}\n'
    text += "[A]\nResource 46\n[B]\nResource 56\n"
    imported, findings = draftmancer_import.import_list(fixture_db, text, tmp_path / "l.txt")
    assert [f.code for f in findings] == ["W-BOOSTER-IMPORT"]
    assert [[s.units for s in slot.sheets] for slot in imported.slots] == [[75000, 25000]]  # 3 : 1 is 75 / 25 %


runner = CliRunner()


def test_cli_import_structure_and_refusals(fixture_root: Path, tmp_path: Path) -> None:
    listing = tmp_path / "list.txt"
    listing.write_text("[Layouts]\n- Normal (3)\n 2 Common\n- Lucky (1)\n 1 Common\n[Common]\nLightning Bolt\n")
    result = runner.invoke(app, ["draftmancer", "import", str(listing), "--structure"])
    assert result.exit_code == 0, result.output
    assert "layout 'Normal' weight 3, 2 cards:" in result.output and "layout 'Lucky' weight 1, 1 card:" in result.output
    result = runner.invoke(app, ["draftmancer", "import", str(listing), "--project", str(fixture_root)])
    assert result.exit_code == 1
    assert "list.txt:7:1: E-BOOSTER-IMPORT 'Lightning Bolt' names no card of Lords of Estraven" in result.output
    listing.write_text('[CustomCards]\n[{"name": "A", "mana_cost": "", "type": "T", "rarity": "legendary"}]\n[S]\nA\n')
    result = runner.invoke(app, ["draftmancer", "import", str(listing), "--project", str(fixture_root)])
    assert result.exit_code == 1 and "E-BOOSTER-IMPORT Invalid Property" in result.output


def test_cli_export_writes_the_list(fixture_root: Path) -> None:
    result = runner.invoke(app, ["draftmancer", "export", "council", "--project", str(fixture_root)])
    assert result.exit_code == 0, result.output
    parsed = parse_card_list((fixture_root / "output" / "loe" / "play" / "draftmancer" / "council.txt").read_text())
    assert parsed.name == "Lords of Estraven: Lords and dukes booster"
    assert parsed.settings["boostersPerPlayer"] * DEFAULT_SEATS == 24
