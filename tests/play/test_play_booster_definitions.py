"""Booster definitions are validated like cards: every problem is a located finding."""

from __future__ import annotations

from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.findings.diagnostics import Report
from carddb.play.boosters import load_boosters
from carddb.play.draftformat import load_play


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
    assert set(plans) == {"deck", "council"}
    assert plans["deck"].size == 12 and plans["council"].size == 8


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


def test_a_game_balances_its_own_factions_in_its_own_words(tmp_path: Path) -> None:
    # Skirmish calls its factions banners: its booster file says faction_balance, and so do the findings.
    from classic_game import build_skirmish, skirmish_pack  # type: ignore[import-not-found]

    from carddb.cards.loading import load_database
    from carddb.files.project import Project

    root = build_skirmish(tmp_path / "skirmish")
    db, _ = load_database(Project.at(root), skirmish_pack(root))
    text = (
        "boosters:\n  x:\n    name: X\n    slots:\n      - name: a\n        count: 2\n        faction_balance: true\n"
        "        sheets:\n          - {weight: 50, filter: {rarity: common}}\n          - {weight: 50, filter: {rarity: rare}}\n"
        "  y:\n    name: Y\n    slots:\n      - name: a\n        count: 2\n        faction_balance: true\n"
        "        filter: {rarity: common}\n"
    )
    _, report, _ = _check(db, tmp_path, text)
    found = [(f.code, f.span.line if f.span else 0, f.message) for f in report]
    assert found == [
        ("E-BOOSTER-BALANCE", 7, "slot 'a': banner balance works on a slot with one filter and no card weights"),
        (
            "W-BOOSTER-BALANCE",
            16,
            "slot 'a' of booster 'y' draws 2 cards but its cards come from 3 banners; balance is skipped",
        ),
    ]
    assert "province" not in " ".join(f.message for f in report)


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


DRAFT_HEAD = (
    "boosters:\n  council:\n    name: Council\n    slots:\n      - {name: lords, count: 2, filter: {kind: lord}}\n"
    "drafts:\n  mine:\n    name: Mine\n    phases:\n"
)


def _draft(db: CardDatabase, tmp_path: Path, phases: str) -> tuple[dict, Report]:
    path = tmp_path / "boosters.yaml"
    path.write_text(DRAFT_HEAD + phases, encoding="utf-8")
    report = Report(root=tmp_path)
    play = load_play(db, report, path)
    return play.drafts, report


def test_a_draft_phase_reads_counts_from_the_games_numbers(fixture_db: CardDatabase, tmp_path: Path) -> None:
    phases = (
        "      victory:\n        name: Victory Draft\n        mode: deal-and-keep\n        from: {kind: victory}\n"
        "        deal: victory-draft-deal\n        keep: 1\n"
    )
    drafts, report = _draft(fixture_db, tmp_path, phases)
    assert not report.errors, report.format_text()
    phase = drafts["mine"].phase("victory")
    assert (phase.deal.value, phase.deal.number) == (3, "victory-draft-deal")
    assert (phase.keep.value, phase.keep.number) == (1, None)
    # the pile is every Victory card of the set, one entry per physical copy
    assert sorted(set(phase.pile)) == sorted(c.id for c in fixture_db.cards if c.kind == "victory")


def test_draft_format_mistakes_are_located_each_with_a_suggestion(fixture_db: CardDatabase, tmp_path: Path) -> None:
    phases = (
        "      council:\n"  # line 10
        "        name: Council Draft\n"
        "        mode: pick-and-pass\n"
        "        booster: councl\n"  # 13: unknown booster type
        "        open: as-needed\n"
        "        picks: council-draft-pick\n"  # 15: unknown number
        "        pool:\n"
        "          kinds:\n"
        "            lrd: {most: 1}\n"  # 18: unknown kind
        "            duke: {least: 3, most: 2}\n"  # 19: least above most
        "      classic:\n"  # 20: each-seat needs rounds
        "        name: Classic\n"
        "        mode: pick-and-pass\n"
        "        booster: council\n"
        "      deal:\n"
        "        name: Deal\n"
        "        mode: deal-and-keep\n"
        "        from: {kind: victory}\n"
        "        deal: 2\n"
        "        keep: 3\n"  # 29: keeps more than dealt
    )
    drafts, report = _draft(fixture_db, tmp_path, phases)
    assert drafts == {}
    found = sorted((f.code, f.span.line if f.span else 0, f.message) for f in report.errors)
    lines = [(code, line) for code, line, _ in found]
    assert lines == [
        ("E-DRAFT-FORMAT", 13),
        ("E-DRAFT-FORMAT", 18),
        ("E-DRAFT-FORMAT", 19),
        ("E-DRAFT-FORMAT", 20),
        ("E-DRAFT-FORMAT", 29),
        ("E-UNKNOWN-NUMBER", 15),
    ], report.format_text()
    messages = " | ".join(m for _, _, m in found)
    assert "booster type 'councl' is not known to Lords of Estraven; did you mean 'council'?" in messages
    assert "'council-draft-pick' is not one of the game's numbers; did you mean 'council-draft-picks'?" in messages
    assert "kind 'lrd' is not known to Lords of Estraven; did you mean 'lord'?" in messages
    assert "a pool needs at least 3 but holds at most 2 of kind 'duke'" in messages
    assert "phase 'classic' opens a booster per seat each round: say how many 'rounds'" in messages
    assert "phase 'deal' keeps 3 of 2 dealt cards" in messages


def test_an_as_needed_phase_must_be_able_to_fill_its_pool(fixture_db: CardDatabase, tmp_path: Path) -> None:
    phases = (
        "      c:\n        name: C\n        mode: pick-and-pass\n        booster: council\n        open: as-needed\n"
    )
    _, report = _draft(fixture_db, tmp_path, phases)
    assert [f.code for f in report.errors] == ["E-DRAFT-FORMAT"]
    assert (
        "opens boosters until every pool is full: its pool names its kinds and gives each a 'most'"
        in next(iter(report.errors)).message
    )


def test_a_misspelled_draft_field_suggests_the_right_one(fixture_db: CardDatabase, tmp_path: Path) -> None:
    phases = (
        "      c:\n        name: C\n        mode: pick-and-pass\n        booster: council\n        rounds: 1\n"
        "        pas: right\n"
    )
    drafts, report = _draft(fixture_db, tmp_path, phases)
    assert drafts == {}
    (finding,) = report.errors
    assert finding.code == "E-UNKNOWN-FIELD" and finding.span is not None and finding.span.line == 15
    assert "did you mean 'pass'?" in finding.message


def test_a_description_naming_an_unknown_number_is_located(fixture_db: CardDatabase, tmp_path: Path) -> None:
    text = (
        "boosters:\n  c:\n    name: C\n    description: Each player keeps {number:council-draft-pick:word} card.\n"
        "    slots:\n      - {name: lords, count: 1, filter: {kind: lord}}\n"
        "drafts:\n  d:\n    name: D\n    description: For {number:players-min} to {number:players-max:roman} players.\n"
        "    phases:\n      s: {name: S, mode: sealed, booster: c, boosters: 1}\n"
    )
    path = tmp_path / "boosters.yaml"
    path.write_text(text, encoding="utf-8")
    report = Report(root=tmp_path)
    load_play(fixture_db, report, path)
    found = [(f.code, f.span.line if f.span else 0, f.message) for f in report.errors]
    assert found == [
        (
            "E-UNKNOWN-NUMBER",
            4,
            "the game declares no number 'council-draft-pick'; did you mean 'council-draft-picks'?",
        ),
        ("E-UNKNOWN-NUMBER", 10, "'roman' is not a way to write a number (forms: digits, word, times)"),
    ]


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
