"""`carddb fmt` changes the rules text and nothing else of a card file (issue 29, finding 7).

Before the fix: a card file that was a symbolic link inside the project became a regular file
(its target stayed unformatted); a hard link was split in two files; CRLF became LF; a UTF-8
byte order mark and unused YAML anchors were dropped. Also: a card file that links out of the
project was formatted (written outside it), and a named pipe would have blocked `fmt` for ever.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from support.projects import run_cli, write_project

# One card whose text is not canonical ("draw a card." -> "Draw a card.") and one with anchors
# that no alias uses.
CARDS = """\
# spells
- &first
  id: shout
  name: Shout
  kind: spell
  set: BASE
  number: 1
  rarity: common
  cost: 1
  tags: &tagged [loud]
  text: draw a card.
- id: whisper
  name: Whisper
  kind: spell
  set: BASE
  number: 2
  rarity: common
  cost: &two 2
  text: Draw a card.
"""
FORMATTED = CARDS.replace("text: draw a card.", "text: Draw a card.")


def _project(tmp_path: Path, content: str | bytes = CARDS) -> tuple[Path, Path]:
    project = write_project(tmp_path / "project", {"spells.yaml": content})
    return project, project / "data" / "loe" / "cards" / "spells.yaml"


def _fmt(project: Path) -> str:
    done = run_cli("fmt", "--project", str(project))
    assert done.exit_code == 0 and not done.crashed, done.stdout + done.stderr
    return done.stdout


def test_only_the_text_changes_and_unused_anchors_stay(tmp_path: Path) -> None:
    project, path = _project(tmp_path)
    assert "shout: formatted" in _fmt(project)
    assert path.read_text(encoding="utf-8") == FORMATTED
    assert "1 card formatted" not in _fmt(project) and path.read_text(encoding="utf-8") == FORMATTED


def test_crlf_line_endings_and_a_byte_order_mark_are_kept(tmp_path: Path) -> None:
    original = b"\xef\xbb\xbf" + CARDS.replace("\n", "\r\n").encode("utf-8")
    project, path = _project(tmp_path, original)
    _fmt(project)
    assert path.read_bytes() == b"\xef\xbb\xbf" + FORMATTED.replace("\n", "\r\n").encode("utf-8")


def test_a_card_file_linked_inside_the_project_stays_a_link_and_its_target_is_formatted(tmp_path: Path) -> None:
    project, path = _project(tmp_path)
    target = project / "shared" / "spells.yaml"
    target.parent.mkdir()
    path.rename(target)
    path.symlink_to(target)
    _fmt(project)
    assert path.is_symlink() and path.resolve() == target
    assert target.read_text(encoding="utf-8") == FORMATTED


def test_a_hard_linked_card_file_stays_one_file(tmp_path: Path) -> None:
    project, path = _project(tmp_path)
    other = tmp_path / "backup-of-spells.yaml"
    os.link(path, other)
    _fmt(project)
    assert path.read_text(encoding="utf-8") == FORMATTED
    assert os.path.samefile(path, other)
    assert path.stat().st_nlink == 2


def test_a_card_file_linked_out_of_the_project_is_not_written(tmp_path: Path) -> None:
    project, path = _project(tmp_path)
    outside = tmp_path / "elsewhere.yaml"
    path.rename(outside)
    path.symlink_to(outside)
    done = run_cli("fmt", "--project", str(project))
    assert done.exit_code == 1 and not done.crashed, done.stdout
    assert "outside the project folder: not formatted" in done.stdout
    assert outside.read_text(encoding="utf-8") == CARDS


def test_a_card_file_that_is_a_pipe_is_reported_not_waited_on(tmp_path: Path) -> None:
    project, path = _project(tmp_path)
    os.mkfifo(project / "data" / "loe" / "cards" / "pipe.yaml")
    done = subprocess.run(
        [sys.executable, "-m", "carddb", "fmt", "--project", str(project)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "data/loe/cards/pipe.yaml: cannot read: is not a regular file" in done.stdout
    assert path.read_text(encoding="utf-8") == FORMATTED
