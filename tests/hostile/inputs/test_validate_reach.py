"""`carddb validate` reads what the other commands read, and no data file is read from outside the project
(issue 29, finding 11).

Before the fix: a boosters.yaml with a slot count of -3 or an unknown rarity passed
`validate --strict`, and then `carddb boosters` failed; a deck file that was a named pipe or a
link to /dev/urandom was skipped without a word (and, once reported, quoting its first line
would have waited on the pipe for ever); sets.yaml, boosters.yaml, deck lists, carddb.yaml and
game.yaml that were symbolic links out of the project were read.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.projects import write_project

SLOTS = {
    "count-negative": ("{name: card, count: -3, filter: {kind: ritual}}", "5:29: E-OUT-OF-RANGE"),
    "unknown-rarity": ("{name: card, count: 1, filter: {rarity: mythic-legendary}}", "5:49: E-BOOSTER-FILTER"),
}
SECRET = "secret-outside-the-project-7a1f"


def _carddb(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "carddb", *args, "--project", str(project)],
        capture_output=True,
        text=True,
        timeout=60,  # a pipe read without a writer would wait for ever
    )


@pytest.mark.parametrize("slot", SLOTS)
def test_validate_stops_on_the_booster_slot_that_boosters_stops_on(tmp_path: Path, slot: str) -> None:
    project = write_project(tmp_path / "project")
    text, where = SLOTS[slot]
    (project / "data" / "loe" / "boosters.yaml").write_text(
        f"boosters:\n  any:\n    name: Any\n    slots:\n      - {text}\n", encoding="utf-8"
    )
    checked = _carddb(project, "validate", "--strict")
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert f"data/loe/boosters.yaml:{where}" in checked.stdout
    made = _carddb(project, "boosters", "any", "-n", "1")
    assert made.returncode == 1 and f"data/loe/boosters.yaml:{where}" in made.stdout


@pytest.mark.parametrize("kind", ["fifo", "dev-urandom", "dangling"])
def test_a_deck_file_that_is_no_file_is_reported(tmp_path: Path, kind: str) -> None:
    project = write_project(tmp_path / "project")
    deck = project / "data" / "loe" / "decks" / "deck.yaml"
    deck.parent.mkdir()
    if kind == "fifo":
        os.mkfifo(deck)
        expected = "data/loe/decks/deck.yaml:1:1: E-FILE-UNREADABLE this is not a regular file"
    elif kind == "dev-urandom":
        deck.symlink_to("/dev/urandom")
        expected = "E-PATH-ESCAPE deck.yaml is a symbolic link to /dev/urandom, outside the project folder"
    else:
        deck.symlink_to(project / "nowhere.yaml")
        expected = "E-FILE-UNREADABLE cannot read this file: No such file or directory"
    done = _carddb(project, "validate")
    assert done.returncode == 1, done.stdout + done.stderr
    assert expected in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def _outside(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


LINKED = {
    # (the file, its content outside the project, the command that reads it)
    "sets": ("data/loe/sets.yaml", f"- code: BASE\n  name: {SECRET}\n", ("validate",)),
    "boosters": (
        "data/loe/boosters.yaml",
        f"boosters:\n  any:\n    name: {SECRET}\n    slots:\n      - {{name: c, count: 1, filter: {{kind: ritual}}}}\n",
        ("boosters", "any", "-n", "1"),
    ),
    "deck": ("data/loe/decks/deck.yaml", f"id: {SECRET}\nname: x\ncards: {{}}\n", ("validate",)),
    "carddb-yaml": ("carddb.yaml", f"game: loe\n# {SECRET}\n", ("validate",)),
}


@pytest.mark.parametrize("case", LINKED)
def test_a_data_file_that_links_out_of_the_project_is_not_read(tmp_path: Path, case: str) -> None:
    project = write_project(tmp_path / "project")
    name, text, command = LINKED[case]
    link = project / name
    link.parent.mkdir(parents=True, exist_ok=True)
    link.unlink(missing_ok=True)
    target = _outside(tmp_path, link.name, text)
    link.symlink_to(target)
    done = _carddb(project, *command)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"E-PATH-ESCAPE {link.name} is a symbolic link to {target}" in done.stdout + done.stderr
    assert SECRET not in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert not list(project.glob("output/**/*.csv"))


def test_a_game_yaml_that_links_out_of_the_project_is_not_read(tmp_path: Path) -> None:
    project = tmp_path / "project"
    made = subprocess.run([sys.executable, "-m", "carddb", "new", str(project)], capture_output=True, text=True)
    assert made.returncode == 0, made.stdout + made.stderr
    [game] = (project / "data").iterdir()
    target = _outside(tmp_path, "game.yaml", (game / "game.yaml").read_text(encoding="utf-8"))
    (game / "game.yaml").unlink()
    (game / "game.yaml").symlink_to(target)
    done = _carddb(project, "validate")
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"E-PATH-ESCAPE game.yaml is a symbolic link to {target}" in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_a_link_to_a_data_file_inside_the_project_is_still_read(tmp_path: Path) -> None:
    project = write_project(tmp_path / "project")
    sets = project / "data" / "loe" / "sets.yaml"
    kept = project / "shared" / "sets.yaml"
    kept.parent.mkdir()
    sets.rename(kept)
    sets.symlink_to(kept)
    done = _carddb(project, "validate")
    assert done.returncode == 0, done.stdout + done.stderr
