"""What `carddb playtest` shows while games run: a progress bar on a terminal, nothing extra in a pipe or a log.

The command runs in a child process twice: once with its stderr on a pseudo-terminal
(what a user at a terminal sees) and once with both streams on pipes (a log, CI).
"""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from playtest_fixtures import write_playtest_project
from support.terminal import read_terminal

GAMES = 40


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_playtest_project(tmp_path_factory.mktemp("progress"))


def _command(project: Path, out: str) -> list[str]:
    options = ["-n", str(GAMES), "--seed", "3", "--workers", "1", "--out", out, "--project", str(project)]
    return [sys.executable, "-m", "carddb", "playtest", *options]


def _environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "CI"}}
    env.update(TERM="xterm", COLUMNS="100")
    return env


def _on_a_terminal(project: Path) -> tuple[str, str, int]:
    """(stdout, what the terminal received on stderr, exit code) with stderr on a pseudo-terminal."""
    controller, terminal = pty.openpty()
    child = subprocess.Popen(_command(project, "tty"), stdout=subprocess.PIPE, stderr=terminal, env=_environment())
    os.close(terminal)
    received = read_terminal(controller, lambda: child.poll() is not None)
    os.close(controller)
    assert child.stdout is not None
    stdout = child.stdout.read().decode("utf-8")
    code = child.wait(timeout=60)
    return stdout, received.decode("utf-8", "replace"), code


def test_a_terminal_shows_a_progress_bar_that_ends_at_every_game_and_is_then_cleared(project: Path) -> None:
    stdout, terminal, code = _on_a_terminal(project)
    assert code == 0, stdout + terminal
    assert "playing games" in terminal
    assert "━" in terminal  # the bar itself
    assert f"{GAMES}/{GAMES}" in terminal  # it reached the last game
    # transient: once done, the bar's line is erased, so the terminal is left with the summary alone
    assert terminal.rstrip("\r\n").endswith("\x1b[2K")
    assert stdout.startswith(f"{GAMES} games, ")


def test_a_pipe_gets_the_same_summary_and_no_progress_output(project: Path) -> None:
    piped = subprocess.run(_command(project, "pipe"), capture_output=True, text=True, env=_environment(), timeout=300)
    assert piped.returncode == 0, piped.stdout + piped.stderr
    assert piped.stderr == ""  # no bar, no control codes in a log
    assert "\x1b[" not in piped.stdout
    stdout, _, _ = _on_a_terminal(project)
    # the summary is the same wherever stderr goes (only the folder named by --out differs)
    assert piped.stdout.replace("pipe/", "tty/") == stdout
