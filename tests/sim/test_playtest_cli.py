"""`carddb playtest` and `carddb validate --playtest` end to end on a small fixture project."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from playtest_fixtures import STRONG_CARD, write_playtest_project
from typer.testing import CliRunner

from carddb.cli.app import app, main

runner = CliRunner()


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_playtest_project(tmp_path_factory.mktemp("playtest"))


def _run(project: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, [*args, "--project", str(project)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def _main(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """The real entry point with its error boundary (usage errors become a message and exit 2)."""
    monkeypatch.setattr(sys, "argv", ["carddb", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    captured = capsys.readouterr()
    return int(exit_info.value.code or 0), captured.out + captured.err


def _games(folder: Path) -> list[dict[str, object]]:
    data = json.loads((folder / "playtest.json").read_text(encoding="utf-8"))
    assert data["format"] == "carddb-playtest"
    return data["games"]


def test_playtest_writes_a_report_and_is_reproducible(project: Path) -> None:
    code, out = _run(project, "playtest", "-n", "12", "--seed", "4", "--workers", "1", "--out", "one")
    assert code == 0, out
    assert "12 games" in out and "wrote one/report.html" in out
    code, out = _run(project, "playtest", "-n", "12", "--seed", "4", "--workers", "2", "--out", "two")
    assert code == 0, out
    one, two = _games(project / "one"), _games(project / "two")
    assert one == two  # the same seed gives the same games, in this process or on two workers
    assert {g["seed"] for g in one} != {0} and len({g["seed"] for g in one}) == 12
    assert {(g["seats"][0]["name"], g["first"]) for g in one} == {
        ("North", 0),
        ("North", 1),
        ("South", 0),
        ("South", 1),
    }
    summary = json.loads((project / "one" / "playtest.json").read_text(encoding="utf-8"))["summary"]
    wins = sum(r["wins"] for r in summary["by_seat"])
    assert wins + summary["draws"] == 12 and summary["games"] == 12 and not summary["errors"]
    html = (project / "one" / "report.html").read_text(encoding="utf-8")
    sections = ("first-player", "length", "by-seat", "pairings", "decided", "by-lord", "by-victory", "card-play")
    for section in (*sections, "never-played", "drawn-played"):
        assert f'id="{section}"' in html
    # one plot more than before issue 35 (who beats whom); the per-deck plot is left out with one shared deck
    assert html.count('<svg class="plot') == 8 and "<script" not in html and "http" not in html.split("</style>")[0]


def test_a_logged_game_replays_exactly_and_a_changed_log_is_caught(project: Path) -> None:
    code, out = _run(project, "playtest", "-n", "6", "--seed", "9", "--workers", "1", "--log-game", "3", "--out", "log")
    assert code == 0, out
    path = project / "log" / "game-3.json"
    log = json.loads(path.read_text(encoding="utf-8"))
    assert log["format"] == "carddb-game-log" and log["decisions"] and log["trace"][-1].startswith("T")
    game = next(g for g in _games(project / "log") if g["index"] == 3)
    assert (log["result"]["winner"], log["result"]["turns"]) == (game["winner"], game["turns"])
    code, out = _run(project, "playtest", "--replay", str(path))
    assert code == 0 and "the game went exactly as logged" in out, out
    log["decisions"][len(log["decisions"]) // 2] ^= 1  # another choice halfway through
    changed = project / "log" / "changed.json"
    changed.write_text(json.dumps(log), encoding="utf-8")
    code, out = _run(project, "playtest", "--replay", str(changed))
    assert code == 1 and "the replay differs from the log" in out


def test_playtest_plays_a_draft_table_and_a_sealed_deck(project: Path) -> None:
    draft = {
        "format": "carddb-draft-log",
        "councils": [
            {"seat": 1, "name": "Seat 1", "cards": ["north-lord", "north-guard"], "victory": "north-claim"},
            {"seat": 2, "name": "Seat 2", "cards": ["south-lord", "south-envoy"], "victory": "south-claim"},
            {"seat": 3, "name": "Seat 3", "cards": ["north-lord", "south-guard"], "victory": "south-claim"},
        ],
        "shared_deck": ["field"] * 6 + [STRONG_CARD] * 6 + ["small-draw"] * 4,
    }
    (project / "draft-log.json").write_text(json.dumps(draft), encoding="utf-8")
    code, out = _run(
        project,
        "playtest",
        "-n",
        "6",
        "--seed",
        "1",
        "--workers",
        "1",
        "--from",
        str(project / "draft-log.json"),
        "--out",
        "d",
    )
    assert code == 0, out
    games = _games(project / "d")
    assert all([s["name"] for s in g["seats"]] == ["Seat 1", "Seat 2", "Seat 3"] for g in games)
    sealed = {
        "cards": {"field": 5, STRONG_CARD: 4, "peek": 2},
        "order": ["field"] * 5 + [STRONG_CARD] * 4 + ["peek"] * 2,
    }
    (project / "shared-deck.json").write_text(json.dumps(sealed), encoding="utf-8")
    code, out = _run(
        project,
        "playtest",
        "-n",
        "4",
        "--seed",
        "1",
        "--workers",
        "1",
        "--from",
        str(project / "shared-deck.json"),
        "--out",
        "s",
    )
    assert code == 0, out
    assert {g["deck"] for g in _games(project / "s")} == {"sealed"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bots", "clever"), "--bots takes one bot or one per player"),
        (("--players", "5"), "played by 2 to 4 players, not 5"),
        (("--players", "3"), "3 players need 3 seats"),
        (("--seat", "west"), "no seat 'west' (seats: north, south)"),
        (("--deck", "fancy"), "no shared deck 'fancy' (shared decks: plain)"),
        (("--from", "nowhere.json"), "cannot read nowhere.json"),
        (("--log-game", "99"), "--log-game 99: the games are numbered 0 to 1"),
    ],
)
def test_bad_requests_are_usage_errors_without_a_traceback(
    project: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: tuple[str, ...],
    message: str,
) -> None:
    monkeypatch.chdir(project)
    code, out = _main(monkeypatch, capsys, "playtest", "-n", "2", "--seed", "1", "--workers", "1", *args)
    assert code in (1, 2) and message in out and "Traceback" not in out


def test_validate_playtest_warns_about_the_outlying_card_at_its_line(project: Path) -> None:
    code, out = _run(project, "validate", "--playtest", "200", "--playtest-bots", "random")
    assert code == 0, out  # warnings only
    lines = [line for line in out.splitlines() if "W-PLAYTEST-OUTLIER" in line]
    assert len(lines) == 1 and f"'{STRONG_CARD}' wins" in lines[0], out
    cards = (project / "data" / "loe" / "cards" / "cards.yaml").read_text(encoding="utf-8").splitlines()
    where = lines[0].split(": W-")[0].split(":")
    assert where[0] == "data/loe/cards/cards.yaml" and cards[int(where[1]) - 1] == f"- id: {STRONG_CARD}"
    code, out = _run(project, "validate", "--strict", "--playtest", "200", "--playtest-bots", "random")
    assert code == 1  # a warning fails a strict run


def test_card_text_the_engine_cannot_execute_is_listed_in_the_report(project: Path, tmp_path: Path) -> None:
    from dataclasses import replace

    from carddb.cards.loading import load_database
    from carddb.files.project import Project
    from carddb.findings.diagnostics import Report
    from carddb.packs.lookup import get_pack
    from carddb.sim.cards import CardRecord
    from carddb.sim.report import report_html
    from carddb.sim.runner import Request, prepare, run
    from carddb.sim.simulator import simulator_for

    db, _ = load_database(Project.at(project), get_pack("loe"))
    sim = simulator_for(db.pack)
    request = Request(games=2, seed=1)
    plan, settings = prepare(db, sim, request, Report())
    odd = CardRecord("odd-spell", "Odd Spell", "spell", text="Frobnicate the deck.")
    outcome = run(replace(plan, records=(*plan.records, odd)), sim, request)
    assert list(outcome.analysis.unplayable_text) == ["odd-spell"]
    assert "Frobnicate the deck." in outcome.analysis.unplayable_text["odd-spell"][0]
    assert "Card text the engine cannot execute" in report_html(outcome.analysis, db.pack, settings, "council")
