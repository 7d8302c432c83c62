"""Errors in the rules prose stop `build` and `validate` with their location, as they stop `rulebook`
(issue 29, finding 2).

Before the fix, a missing picture, an unknown `{card:...}` or an unknown `{number:...}` in a chapter
made `carddb build` fail with "internal error: AttributeError: 'RulebookRun' object has no attribute
'ids'" (exit 70), and `carddb validate` said 0 errors: only `carddb rulebook` located them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hostile_out_tools import located
from support.projects import write_project

CHAPTER = "data/loe/rulebook/01-basics.md"
# (the prose, the code it must give, its line and column)
ERRORS = {
    "missing-picture": ("# Basics\n\nA picture:\n\n![the board](missing.png)\n", "E-RULEBOOK-IMAGE", 5, 14),
    "unknown-card": ("# Basics\n\nPlay {card:no-such-card} first.\n", "E-RULEBOOK-UNKNOWN-CARD", 3, 6),
    "unknown-number": ("# Basics\n\nDraw {number:no-such-number} cards.\n", "E-RULEBOOK-UNKNOWN-NUMBER", 3, 6),
}


def _carddb(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "carddb", *args, "--project", str(project)],
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize("command", [("build", "--jobs", "1"), ("validate",), ("rulebook",)], ids=lambda c: c[0])
@pytest.mark.parametrize("error", ERRORS)
def test_a_prose_error_is_a_located_error_of_every_command_that_reads_the_prose(
    tmp_path: Path, error: str, command: tuple[str, ...]
) -> None:
    text, code, line, col = ERRORS[error]
    project = write_project(tmp_path / "project")
    (project / CHAPTER).parent.mkdir(parents=True)
    (project / CHAPTER).write_text(text, encoding="utf-8")
    done = _carddb(project, *command)
    output = done.stdout + done.stderr
    assert done.returncode == 1, output[-3000:]
    assert "internal error" not in output and "Traceback" not in output, output[-3000:]
    found = [(m.group("path"), int(m.group("line")), int(m.group("col"))) for m in located(output, code)]
    assert found == [(CHAPTER, line, col)], output[-3000:]
    if command[0] == "build":  # stopped before drawing anything, as on a card error
        assert not (project / "output" / "loe" / "cards").exists()
