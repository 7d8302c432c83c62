"""Deck lists: located errors for unknown ids, copies beyond the pool and the LOE deck rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.play.decks import load_deck_file, load_decks

REPO = Path(__file__).resolve().parents[2]


def _check(db: CardDatabase, tmp_path: Path, text: str) -> Report:
    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    report = Report(root=tmp_path)
    load_deck_file(path, db, report)
    return report


def test_shipped_loe_deck_lists_are_legal_against_the_shipped_cards() -> None:
    db, card_report = load_database(Project.at(REPO), get_pack("loe"))
    assert not card_report.errors
    report = Report(root=REPO)
    decks = {d.deck.id: d.deck for d in load_decks(db, report)}
    assert not report.errors, report.format_text()
    shared = [d for d in decks.values() if d.kind == "shared-deck"]
    councils = [d for d in decks.values() if d.kind == "council"]
    assert len(shared) >= 2 and len(councils) >= 2
    assert all(d.size >= 40 for d in shared)


def test_unknown_card_and_too_many_copies_point_at_the_line(fixture_db: CardDatabase, tmp_path: Path) -> None:
    # spell-2 has copies: 2 in the fixture
    text = "id: d\nname: D\nkind: shared-deck\ncards:\n  spell-2: 3\n  reacton-3: 1\n"
    report = _check(fixture_db, tmp_path, text)
    found = {(f.code, f.span.line if f.span else 0) for f in report.errors}
    assert found == {("E-DECK-COPIES", 5), ("E-DECK-UNKNOWN-CARD", 6)}
    unknown = next(f for f in report.errors if f.code == "E-DECK-UNKNOWN-CARD")
    assert "did you mean 'reaction-3'" in unknown.message


def test_shared_deck_holds_only_shared_deck_kinds(fixture_db: CardDatabase, tmp_path: Path) -> None:
    report = _check(fixture_db, tmp_path, "id: d\nname: D\nkind: shared-deck\ncards:\n  spell-2: 1\n  lord-61: 1\n")
    assert [(f.code, f.span.line) for f in report.errors if f.span] == [("E-DECK-RULE", 6)]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("[duke-71, duke-72, victory-95]", "has 0 Lords"),
        ("[lord-61, lord-62, duke-71, victory-95]", "has 2 Lords"),
        ("[lord-61, duke-71, duke-72, duke-73, duke-74, duke-75, victory-95]", "has 5 Dukes"),
        ("[lord-61, duke-71]", "0 Victory cards"),
        ("[lord-61, duke-71, duke-71, victory-95]", "each card once"),
        ("[lord-61, spell-2, victory-95]", "holds a Lord, Dukes and a Victory card"),
    ],
)
def test_council_rules(fixture_db: CardDatabase, tmp_path: Path, cards: str, message: str) -> None:
    report = _check(fixture_db, tmp_path, f"id: c\nname: C\nkind: council\ncards: {cards}\n")
    assert any(f.code == "E-DECK-RULE" and message in f.message for f in report.errors), report.format_text()


def test_a_legal_council_and_an_unknown_list_kind(fixture_db: CardDatabase, tmp_path: Path) -> None:
    ok = _check(fixture_db, tmp_path, "id: c\nname: C\nkind: council\ncards: [lord-61, duke-71, duke-72, victory-95]\n")
    assert not ok.errors
    bad = _check(fixture_db, tmp_path, "id: c\nname: C\nkind: councel\ncards: [lord-61]\n")
    finding = next(f for f in bad.errors if f.code == "E-DECK-RULE")
    assert "did you mean 'council'" in finding.message and finding.span is not None and finding.span.line == 3


def test_deck_file_shape_errors(fixture_db: CardDatabase, tmp_path: Path) -> None:
    assert [f.code for f in _check(fixture_db, tmp_path, "just text\n").errors] == ["E-DECK-FILE"]
    report = _check(fixture_db, tmp_path, "id: c\nname: C\nkind: council\ncardz: [lord-61]\n")
    # A misspelt required field is one finding, on the key as written.
    [finding] = report.errors
    assert finding.code == "E-UNKNOWN-FIELD" and finding.span is not None and finding.span.line == 4
    assert "'cardz'" in finding.message and "did you mean 'cards', which" in finding.message


def test_a_list_that_names_its_pool_is_limited_by_that_pool(fixture_db: CardDatabase, tmp_path: Path) -> None:
    # spell-2 has copies: 2 in the printed pool, but this player opened only one
    text = (
        "id: d\nname: D\nkind: shared-deck\n"
        "cards:\n  spell-2: 2\n  reaction-3: 1\n"
        "pool:\n  spell-2: 1\n  spell-22: 3\n  reacton-3: 1\n"
    )
    report = _check(fixture_db, tmp_path, text)
    found = sorted((f.code, f.span.line if f.span else 0, f.message) for f in report.errors)
    assert [(code, line) for code, line, _ in found] == [
        ("E-DECK-COPIES", 5),  # two spell-2, one in the pool
        ("E-DECK-COPIES", 6),  # reaction-3 is not in the pool at all
        ("E-DECK-UNKNOWN-CARD", 10),  # the pool names an unknown card
    ]
    assert "uses 2 copies of 'spell-2' but its pool has 1" in found[0][2]
    assert "its pool has none" in found[1][2]
    assert "in its pool; did you mean 'reaction-3'" in found[2][2]
