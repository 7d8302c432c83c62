"""The play commands end to end on a fixture project: outputs, seeds, exit codes, Draftmancer round trip."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest
from play_project import build_project
from pypdf import PdfReader
from typer.testing import CliRunner

from carddb import __version__
from carddb.cli.app import app, main

runner = CliRunner()


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_project(tmp_path_factory.mktemp("cli"))


def _run(project: Path, *args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, [*args, "--project", str(project)], input=input)
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def drafted(project: Path) -> Path:
    code, out = _run(project, "draft", "--seats", "4", "--humans", "1", "--seed", "77", input="1\n" * 6)
    assert code == 0, out
    return project / "output" / "loe" / "play" / "draft-seed77"


def test_boosters_lists_types_and_writes_csv_json_pdf_with_seed_and_version(project: Path) -> None:
    code, out = _run(project, "boosters")
    assert code == 0 and "council" in out and "Lords and dukes booster" in out and "random" in out
    code, out = _run(project, "boosters", "deck", "-n", "3", "--seed", "42")
    assert code == 0, out
    folder = project / "output" / "loe" / "play" / "boosters-deck-seed42"
    rows = list(csv.DictReader((folder / "boosters.csv").open(encoding="utf-8")))
    assert (
        len(rows) == 36 and {r["seed"] for r in rows} == {"42"} and {r["carddb_version"] for r in rows} == {__version__}
    )
    data = json.loads((folder / "boosters.json").read_text(encoding="utf-8"))
    assert data["seed"] == 42 and data["carddb"] == __version__ and len(data["boosters"]) == 3
    # the first booster is the golden one of test_play_collation
    assert data["boosters"][0]["cards"][0]["id"] == "spell-22"
    reader = PdfReader(folder / "boosters.pdf")
    text = "".join(page.extract_text() for page in reader.pages)
    assert "seed 42" in text and f"carddb {__version__}" in text and "Booster 3" in text
    # titled (the game, then the document), with the game's author and language
    assert reader.metadata is not None and reader.metadata.title == "Lords of Estraven: Deck booster x 3"
    assert reader.metadata.author == "The carddb project" and reader.trailer["/Root"]["/Lang"] == "en"
    # same seed, same files
    before = (folder / "boosters.json").read_bytes()
    _run(project, "boosters", "deck", "-n", "3", "--seed", "42", "--no-pdf")
    assert (folder / "boosters.json").read_bytes() == before


def test_sealed_lists_each_players_boosters_and_the_shared_deck(project: Path) -> None:
    code, out = _run(project, "sealed", "--players", "2", "--boosters", "2", "--seed", "9", "--no-pdf")
    assert code == 0, out
    folder = project / "output" / "loe" / "play" / "sealed-seed9"
    rows = list(csv.DictReader((folder / "boosters.csv").open(encoding="utf-8")))
    assert {r["owner"] for r in rows} == {"Player 1", "Player 2"}
    deck = json.loads((folder / "shared-deck.json").read_text(encoding="utf-8"))
    assert deck["total"] == 48 and len(deck["order"]) == 48 and deck["seed"] == 9
    assert deck["title"] == "Sealed Deck: the shared deck"  # LOE's own sealed phase names it


def test_sealed_with_another_booster_type_gives_each_player_their_own_pool(project: Path) -> None:
    # Only the game's own sealed phase says 'shared' (LOE's shared deck); any other type is classic sealed.
    code, out = _run(
        project, "sealed", "--type", "council", "--players", "2", "--boosters", "1", "--seed", "3", "--no-pdf"
    )
    assert code == 0, out
    assert "2 players opened 2 boosters" in out and "shared" not in out
    folder = project / "output" / "loe" / "play" / "sealed-seed3"
    rows = list(csv.DictReader((folder / "boosters.csv").open(encoding="utf-8")))
    assert {r["owner"] for r in rows} == {"Player 1", "Player 2"}
    assert not (folder / "shared-deck.json").exists()


@pytest.mark.parametrize(("command", "option"), [("draft", "--seats"), ("sealed", "--players")])
@pytest.mark.parametrize("count", ["1", "5"])
def test_a_table_outside_the_games_players_is_a_usage_error(
    project: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: str,
    option: str,
    count: str,
) -> None:
    code, out, err = _main(
        monkeypatch, capsys, command, option, count, "--seed", "1", "--no-pdf", "--project", str(project)
    )
    assert code == 2, out + err
    assert f"carddb: {option} {count}: Lords of Estraven is played by 2 to 4 players" in err
    assert "Traceback" not in out + err


def test_draft_with_a_person_and_three_bots_writes_a_log_that_replays(project: Path, drafted: Path) -> None:
    log = json.loads((drafted / "draft-log.json").read_text(encoding="utf-8"))
    assert [s["bot"] for s in log["seats"]] == [False, True, True, True]
    assert log["seed"] == 77 and log["carddb"] == __version__
    code, out = _run(project, "draft", "--replay", str(drafted / "draft-log.json"))
    assert code == 0 and "match" in out
    log["pools"][1]["pools"]["council"].reverse()
    tampered = drafted / "tampered.json"
    tampered.write_text(json.dumps(log), encoding="utf-8")
    code, out = _run(project, "draft", "--replay", str(tampered))
    assert code == 1 and "pools differ" in out


def test_replaying_a_log_of_the_old_format_says_so(
    project: Path, drafted: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = json.loads((drafted / "draft-log.json").read_text(encoding="utf-8"))
    log["version"] = 1
    old = drafted / "old.json"
    old.write_text(json.dumps(log), encoding="utf-8")
    code, out, err = _main(monkeypatch, capsys, "draft", "--replay", str(old), "--project", str(project))
    assert code == 1 and "this draft log has format version 1; this carddb replays version 2" in err
    assert "Traceback" not in out + err


def test_replaying_another_games_log_names_its_game(
    project: Path, drafted: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # a Shards log whose draft happens to share a format id with this LOE project's
    log = json.loads((drafted / "draft-log.json").read_text(encoding="utf-8"))
    log["game"] = "shards"
    other = drafted / "shards-log.json"
    other.write_text(json.dumps(log), encoding="utf-8")
    code, out, err = _main(monkeypatch, capsys, "draft", "--replay", str(other), "--project", str(project))
    assert code == 1 and str(other) in err
    assert "a draft log of the game 'shards', not of Lords of Estraven ('loe')" in err and "--game shards" in err
    assert "Traceback" not in out + err and "match" not in out


@pytest.mark.parametrize("content", ["[1, 2]", '"a log"', "3"])
def test_replaying_json_that_is_not_a_log_object_says_so(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], content: str
) -> None:
    log = tmp_path / "list.json"
    log.write_text(content, encoding="utf-8")
    code, _, err = _main(monkeypatch, capsys, "draft", "--replay", str(log), "--project", str(project))
    assert code == 1 and "not a carddb draft log" in err, err
    assert "internal error" not in err


def test_the_draft_prompt_speaks_of_the_phase_and_pool(project: Path) -> None:
    code, out = _run(project, "draft", "--seats", "2", "--humans", "1", "--seed", "3", "--no-pdf", input="1\n" * 6)
    assert code == 0, out
    assert "Seat 1, Council Draft: choose a card to take for your council" in out
    assert "Seat 1, Victory Draft: choose a card to keep for your Victory card" in out


def test_draft_pdfs_pick_sheets_and_pick_log(drafted: Path) -> None:
    sheets = PdfReader(drafted / "pick-sheets.pdf")
    assert len(sheets.pages) == 4
    third = " ".join(sheets.pages[2].extract_text().split())
    assert "Full Draft: pick sheet: Seat 3" in third
    # the phases in order, in the words of LOE's boosters.yaml
    assert third.index("1. Council Draft") < third.index("2. Sealed Deck") < third.index("3. Victory Draft")
    assert "Lords and dukes boosters are opened one at a time, and each goes round the table" in third
    assert "A council holds exactly 1 Lord and up to 4 Dukes, each card once." in third
    assert "All Victory cards are shuffled into one pile and each player is dealt 3; each keeps 1" in third
    log_text = "".join(p.extract_text() for p in PdfReader(drafted / "pick-log.pdf").pages)
    assert "Full Draft: pick log" in log_text and "seed 77" in log_text and "Seat 4 (bot)" in log_text
    assert "council (in pick order)" in log_text and "Victory card (in pick order)" in log_text
    for name in ("shared-deck.csv", "shared-deck.json", "shared-deck.pdf"):
        assert (drafted / name).stat().st_size > 0


def test_deck_check_exit_codes(project: Path) -> None:
    good = project / "good.yaml"
    good.write_text("id: c\nname: C\nkind: council\ncards: [lord-61, duke-71, victory-95]\n", encoding="utf-8")
    code, out = _run(project, "deck", "check", str(good))
    assert code == 0 and "ok" in out
    bad = project / "bad.yaml"
    bad.write_text("id: c\nname: C\nkind: council\ncards: [lord-61, lord-62, victory-95]\n", encoding="utf-8")
    code, out = _run(project, "deck", "check", str(bad))
    assert code == 1 and "bad.yaml:4:" in out and "E-DECK-RULE" in out


def _main(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The real entry point, with its error boundary, in this process."""
    monkeypatch.setattr(sys, "argv", ["carddb", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    captured = capsys.readouterr()
    return int(exit_info.value.code or 0), captured.out, captured.err


def test_bad_booster_file_fails_with_located_findings_and_no_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = build_project(tmp_path / "p")
    (root / "data" / "loe" / "boosters.yaml").write_text(
        "boosters:\n  deck:\n    name: D\n    slots:\n      - {name: a, count: 99, filter: {kind: lord}}\n",
        encoding="utf-8",
    )
    code, out, err = _main(monkeypatch, capsys, "boosters", "deck", "--seed", "1", "--project", str(root))
    assert code == 1
    assert "boosters.yaml:5:" in out and "E-BOOSTER-TOO-FEW" in out
    assert "Traceback" not in out + err
    root = build_project(tmp_path / "q")
    code, out, err = _main(monkeypatch, capsys, "boosters", "dek", "--project", str(root))
    assert code == 2 and "did you mean 'deck'" in err and "Traceback" not in out + err


@pytest.fixture(scope="module")
def skirmish_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from classic_game import build_skirmish  # type: ignore[import-not-found]

    return build_skirmish(tmp_path_factory.mktemp("skirmish-cli"))


def test_a_classic_booster_draft_of_another_game_from_the_command_line(skirmish_project: Path) -> None:
    args = ("--game", "skirmish")
    code, out = _run(skirmish_project, "draft", "--seats", "3", "--seed", "4", *args)
    assert code == 0, out
    folder = skirmish_project / "output" / "skirmish" / "play" / "draft-seed4"
    log = json.loads((folder / "draft-log.json").read_text(encoding="utf-8"))
    assert log["draft"] == "booster-draft" and [len(s["pools"]["draft"]) for s in log["pools"]] == [24] * 3
    sheet = " ".join(PdfReader(folder / "pick-sheets.pdf").pages[0].extract_text().split())
    assert "Booster Draft: pick sheet: Seat 1" in sheet and "1. Booster draft" in sheet
    assert "In each of 3 rounds, every player opens a Skirmish booster" in sheet
    assert "passes the rest to the left, and to the right in every second round" in sheet and "round 3" in sheet
    log_text = " ".join(p.extract_text() for p in PdfReader(folder / "pick-log.pdf").pages)
    assert "Booster Draft: pick log" in log_text and "pool (in pick order)" in log_text
    assert (folder / "pools.csv").read_text(encoding="utf-8").count("\n") == 1 + 3 * 24
    code, out = _run(skirmish_project, "draft", "--replay", str(folder / "draft-log.json"), *args)
    assert code == 0 and "every pool and shared deck matches" in out


def test_seats_beyond_another_games_players_are_a_usage_error(
    skirmish_project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("draft", "--seats", "9", "--game", "skirmish", "--project", str(skirmish_project))
    code, _, err = _main(monkeypatch, capsys, *args)
    assert code == 2 and "carddb: --seats 9: Skirmish is played by 2 to 8 players" in err


def test_an_unknown_draft_format_is_a_usage_error_with_a_suggestion(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _main(monkeypatch, capsys, "draft", "full-draf", "--seed", "1", "--project", str(project))
    assert code == 2 and "no draft format 'full-draf'; did you mean 'full-draft'?" in err
