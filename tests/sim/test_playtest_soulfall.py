"""`carddb playtest --game soulfall` end to end: a fixed game's playtest, by seat, Lord and Action.

SoulFall has no deck lists (every copy holds the same cards): the playtest plays the
whole box between two Tribes that differ only in who starts, and reports win rates by
starting seat, by the Lords a Tribe followed and by the Actions it chose.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from carddb.cli.app import app

REPO = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("soulfall")
    shutil.copytree(REPO / "data" / "soulfall", root / "data" / "soulfall")
    return root


def _run(project: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, [*args, "--game", "soulfall", "--project", str(project)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def test_a_soulfall_playtest_is_reproducible_and_reports_by_seat_lord_and_action(project: Path) -> None:
    code, out = _run(project, "playtest", "-n", "40", "--seed", "8", "--workers", "1", "--out", "one")
    assert code == 0, out
    assert "40 games" in out and "0 failed" in out and "by Lord Worshipped at the end" in out
    code, again = _run(project, "playtest", "-n", "40", "--seed", "8", "--workers", "2", "--out", "two")
    assert code == 0, again
    one = (project / "one" / "playtest.json").read_text(encoding="utf-8")
    assert one == (project / "two" / "playtest.json").read_text(encoding="utf-8")  # the same seed, the same games
    assert (project / "one" / "report.html").read_bytes() == (project / "two" / "report.html").read_bytes()
    data = json.loads(one)
    games = data["games"]
    assert {(g["seats"][0]["name"], g["seats"][1]["name"]) for g in games} == {("Tribe 1", "Tribe 2")}
    assert {g["first"] for g in games} == {0, 1}  # each Tribe starts half the games
    summary = data["summary"]
    assert sum(r["wins"] for r in summary["by_seat"]) + summary["draws"] == 40
    tags = summary["by_tag"]
    assert set(tags) == {"worshipped", "first_temple", "beseeched_most", "more_often"}
    lords = {"Interloper", "Ruminator", "Propagator", "Sunderer", "none"}
    assert {r["label"] for r in tags["worshipped"]} <= lords
    assert {r["label"] for r in tags["more_often"]} <= {"Meditate", "Flourish", "Prospect", "Deify", "Beseech"}
    # A seat-game counts under each Action it selected more often than the other seat.
    seat = games[0]["seats"][0]["summary"]
    assert set(seat["actions"]) <= {"Meditate", "Flourish", "Prospect", "Deify", "Beseech"}
    assert seat["points"] == sum(
        seat[kind] * points
        for kind, points in {"follower": 1, "citadel": 3, "shell": 2, "broken_shell": 1, "shrine": 2}.items()
    )
    html = (project / "one" / "report.html").read_text(encoding="utf-8")
    for section in ("first-player", "by-seat", "by-tag-worshipped", "by-tag-more_often", "card-play"):
        assert f'id="{section}"' in html
    assert "Win rate by Action selected more often than the opponent" in html


def test_a_logged_soulfall_game_replays_exactly(project: Path) -> None:
    code, out = _run(project, "playtest", "-n", "5", "--seed", "2", "--workers", "1", "--log-game", "4", "--out", "log")
    assert code == 0, out
    log = project / "log" / "game-4.json"
    code, out = _run(project, "playtest", "--replay", str(log))
    assert code == 0, out
    assert "the game went exactly as logged" in out and "selects" in out
    data = json.loads(log.read_text(encoding="utf-8"))
    data["decisions"][0] = 1 - data["decisions"][0] if len(data["decisions"]) else 0
    log.write_text(json.dumps(data), encoding="utf-8")
    code, out = _run(project, "playtest", "--replay", str(log))
    assert code == 1 and "differs from the log" in out
