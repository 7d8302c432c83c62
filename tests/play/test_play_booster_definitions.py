"""Booster definitions are validated like cards: every problem is a located finding."""

from __future__ import annotations

from pathlib import Path

from carddb.database import CardDatabase
from carddb.diagnostics import Report
from carddb.play.boosters import load_boosters


def _check(db: CardDatabase, tmp_path: Path, text: str) -> tuple[dict, Report, Path]:
    path = tmp_path / "boosters.yaml"
    path.write_text(text, encoding="utf-8")
    report = Report(root=tmp_path)
    plans = load_boosters(db, report, path)
    return plans, report, path


def test_the_shipped_loe_definitions_are_clean_on_the_fixture_set(fixture_db: CardDatabase) -> None:
    report = Report()
    plans = load_boosters(fixture_db, report)
    assert not report.errors, report.format_text()
    assert set(plans) == {"deck", "council", "victory-deal"}
    assert plans["deck"].size == 12 and plans["council"].size == 8 and plans["victory-deal"].size == 3


def test_unknown_field_is_located_with_a_suggestion(fixture_db: CardDatabase, tmp_path: Path) -> None:
    text = "boosters:\n  small:\n    name: Small\n    slots:\n      - name: a\n        cuont: 2\n        filter: {kind: lord}\n"
    plans, report, _ = _check(fixture_db, tmp_path, text)
    assert plans == {}
    codes = {(f.code, f.span.line if f.span else 0) for f in report.errors}
    assert ("E-UNKNOWN-FIELD", 6) in codes
    unknown = next(f for f in report.errors if f.code == "E-UNKNOWN-FIELD")
    assert "did you mean 'count'" in unknown.message
    assert unknown.span is not None and unknown.span.col == 9
    assert "boosters.yaml:6:9: E-UNKNOWN-FIELD" in report.format_text()


def test_slot_matching_too_few_cards_is_an_error_at_its_filter(fixture_db: CardDatabase, tmp_path: Path) -> None:
    # The fixture has 10 Lords; 11 different Lords cannot be drawn.
    text = "boosters:\n  lords:\n    name: Lords\n    slots:\n      - name: many\n        count: 11\n        filter: {kind: lord}\n"
    plans, report, _ = _check(fixture_db, tmp_path, text)
    assert "lords" not in plans
    finding = next(f for f in report.errors if f.code == "E-BOOSTER-TOO-FEW" and "slot 'many'" in f.message)
    assert "matches only 10" in finding.message
    assert finding.span is not None and finding.span.line == 7


def test_duplicates_allowed_lifts_the_too_few_error(fixture_db: CardDatabase, tmp_path: Path) -> None:
    text = "boosters:\n  lords:\n    name: Lords\n    duplicates: true\n    slots:\n      - name: many\n        count: 11\n        filter: {kind: lord}\n"
    plans, report, _ = _check(fixture_db, tmp_path, text)
    assert not report.errors and "lords" in plans


def test_weights_that_do_not_add_up_to_100(fixture_db: CardDatabase, tmp_path: Path) -> None:
    text = (
        "boosters:\n  r:\n    name: R\n    slots:\n      - name: rare\n        count: 1\n        sheets:\n"
        "          - {weight: 80, filter: {rarity: rare}}\n          - {weight: 12.5, filter: {rarity: mythic}}\n"
    )
    _, report, _ = _check(fixture_db, tmp_path, text)
    finding = next(f for f in report.errors if f.code == "E-BOOSTER-WEIGHTS")
    assert "92.5" in finding.message and finding.span is not None and finding.span.line == 8


def test_unknown_filter_values_are_located(fixture_db: CardDatabase, tmp_path: Path) -> None:
    text = (
        "boosters:\n  x:\n    name: X\n    slots:\n      - name: a\n        count: 1\n"
        "        filter: {kind: [lord, dragon], province: ashmarsh}\n"
    )
    _, report, _ = _check(fixture_db, tmp_path, text)
    found = sorted((f.message, f.span.col) for f in report.errors if f.code == "E-BOOSTER-FILTER" and f.span)
    assert [m for m, _ in found] == [
        "kind 'dragon' is not known to Lords of Estraven",
        "province 'ashmarsh' is not known to Lords of Estraven",
    ]


def test_a_slot_needs_a_filter_or_sheets_and_counts_are_numbers(fixture_db: CardDatabase, tmp_path: Path) -> None:
    text = "boosters:\n  x:\n    name: X\n    slots:\n      - name: a\n        count: three\n      - name: b\n        count: 1\n"
    _, report, _ = _check(fixture_db, tmp_path, text)
    codes = {f.code for f in report.errors}
    assert "E-WRONG-TYPE" in codes and "E-BAD-VALUE" in codes


def test_missing_or_shapeless_file(fixture_db: CardDatabase, tmp_path: Path) -> None:
    report = Report()
    assert load_boosters(fixture_db, report, tmp_path / "nope.yaml") == {}
    assert [f.code for f in report.errors] == ["E-BOOSTER-FILE"]
    _, report, _ = _check(fixture_db, tmp_path, "- just a list\n")
    assert [f.code for f in report.errors] == ["E-BOOSTER-FILE"]
    _, report, _ = _check(fixture_db, tmp_path, "boosters: {x: [unclosed\n")
    assert [f.code for f in report.errors] == ["E-YAML-SYNTAX"]


def test_balance_warns_when_a_province_is_too_small_to_keep_its_odds(fixture_db: CardDatabase, tmp_path: Path) -> None:
    # 10 Lords over 5 provinces (2 each): drawing 3 cannot hold 5 provinces; drawing 5 of 10 keeps odds (5*2 >= 10).
    text = (
        "boosters:\n  x:\n    name: X\n    slots:\n      - name: a\n        count: 3\n        province_balance: true\n"
        "        filter: {kind: lord}\n  y:\n    name: Y\n    slots:\n      - name: a\n        count: 5\n"
        "        province_balance: true\n        filter: {kind: lord}\n"
    )
    plans, report, _ = _check(fixture_db, tmp_path, text)
    assert not report.errors and set(plans) == {"x", "y"}
    warnings = [f for f in report.warnings if f.code == "W-BOOSTER-BALANCE"]
    assert len(warnings) == 1 and warnings[0].span is not None and warnings[0].span.line == 7


def test_dealt_booster_takes_a_single_pile(fixture_db: CardDatabase, tmp_path: Path) -> None:
    text = (
        "boosters:\n  d:\n    name: D\n    collation: dealt\n    slots:\n      - name: v\n        count: 1\n        sheets:\n"
        "          - {weight: 50, filter: {kind: victory}}\n          - {weight: 50, filter: {kind: lord}}\n"
    )
    _, report, _ = _check(fixture_db, tmp_path, text)
    assert [f.code for f in report.errors] == ["E-BOOSTER-COLLATION"]


def test_real_loe_boosters_file_is_used_by_the_fixture(fixture_root: Path) -> None:
    repo = Path(__file__).resolve().parents[2]
    shipped = repo / "data" / "loe" / "boosters.yaml"
    assert (fixture_root / "data" / "loe" / "boosters.yaml").read_text() == shipped.read_text()


def test_a_misspelt_province_key_suggests_province(fixture_db: CardDatabase, tmp_path: Path) -> None:
    text = "boosters:\n  x:\n    name: X\n    slots:\n      - name: a\n        count: 1\n        filter: {provnce: ashmarch}\n"
    _, report, _ = _check(fixture_db, tmp_path, text)
    finding = next(f for f in report.errors if f.code == "E-UNKNOWN-FIELD")
    assert "not a field of a card filter; did you mean 'province'?" in finding.message


def test_a_keyword_filter_names_keywords_of_the_game(fixture_db: CardDatabase, tmp_path: Path) -> None:
    text = "boosters:\n  ward:\n    name: Ward\n    slots:\n      - name: warded\n        count: 1\n"
    text += "        filter: {keyword: ward}\n      - name: plain\n        count: 3\n"
    text += "        filter: {kind: spell, without_keyword: [ward, wrad]}\n"
    plans, report, _ = _check(fixture_db, tmp_path, text)
    # No fixture card has Ward, and 'wrad' is no keyword of LOE: both are located findings.
    found = sorted((f.code, f.span.line if f.span else 0) for f in report.errors)
    assert found == [("E-BOOSTER-FILTER", 10), ("E-BOOSTER-TOO-FEW", 7)]
    unknown = next(f for f in report.errors if f.code == "E-BOOSTER-FILTER")
    assert "without_keyword 'wrad' is not known" in unknown.message and "ward" in (unknown.hint or "")
    assert plans == {}
