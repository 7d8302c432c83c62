"""`carddb playtest --game loe2` end to end on a copy of the bundled LOE v2 set: reports, the same seed giving the
same games, and a logged game replaying exactly."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from support.projects import run_cli
from typer.testing import CliRunner

from carddb.cli.app import app

REPO = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("loe2")
    shutil.copytree(REPO / "data" / "loe2", root / "data" / "loe2")
    return root


def _run(project: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, [*args, "--game", "loe2", "--project", str(project)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def test_the_same_seed_plays_the_same_games_with_a_report_by_leader_and_by_card(project: Path) -> None:
    code, out = _run(project, "playtest", "-n", "30", "--seed", "9", "--workers", "1", "--out", "one")
    assert code == 0, out
    assert "30 games" in out and "by Leader" in out and "wrote one/report.html" in out
    code, out = _run(project, "playtest", "-n", "30", "--seed", "9", "--workers", "2", "--out", "two")
    assert code == 0, out
    one = json.loads((project / "one" / "playtest.json").read_text(encoding="utf-8"))
    two = json.loads((project / "two" / "playtest.json").read_text(encoding="utf-8"))
    assert one["games"] == two["games"] and one["summary"] == two["summary"]
    summary = one["summary"]
    assert summary["errors"] == [] and set(summary["reasons"]) <= {"0 health", "empty deck", "both lost", "turn cap"}
    leaders = {rate["label"] for rate in summary["by_kind"]["leader"]}
    assert "Marshal Oren Vask" in leaders or "The Reed Mother" in leaders
    assert any(delta["kind"] == "leader" for delta in summary["card_play"])  # Leaders also get a card delta
    for game in one["games"]:  # each seat's end state: a game lost on health left the loser at 0 or less
        if game["reason"] == "0 health":
            assert game["seats"][1 - game["winner"]]["summary"]["health"] <= 0
        if game["reason"] == "empty deck":
            assert game["seats"][1 - game["winner"]]["summary"]["deck"] == 0
    html = (project / "one" / "report.html").read_text(encoding="utf-8")
    assert "Win rate by Leader" in html and "Win rate by pair of decks" in html


def test_a_logged_game_replays_exactly(project: Path) -> None:
    code, out = _run(project, "playtest", "-n", "6", "--seed", "2", "--workers", "1", "--log-game", "3", "--out", "log")
    assert code == 0, out
    path = project / "log" / "game-3.json"
    log = json.loads(path.read_text(encoding="utf-8"))
    assert log["game"] == "loe2" and len(log["seats"][0]["cards"]) == 40 and len(log["deck"]["cards"]) == 20
    code, out = _run(project, "playtest", "--replay", str(path))
    assert code == 0 and "the game went exactly as logged" in out, out


def test_too_few_seats_is_a_usage_error_in_the_games_words(project: Path) -> None:
    seat = "ashmarch-vanguard+sel-amara-procession"
    result = run_cli("playtest", "-n", "2", "--seed", "1", "--seat", seat, "--game", "loe2", "--project", str(project))
    assert result.exit_code == 2
    assert "2 players need 2 seats (pairs of decks); found 1" in result.stderr
