"""Links planted in output/: carddb never writes, deletes or truncates through them (issue 29, finding 1).

A project received from someone else may carry an output/ folder. Before the fix, a link
`output/loe/site/cards -> ~/Pictures` made `carddb site` delete every picture there whose name
was not a card id, and links at output/, output/loe/, output/loe/png or output/loe/.cache sent
the build's files out of the project. Each case here plants one link to a folder outside the
project that holds a picture, a page and a notes file, runs the command as its own process, and
checks: exit 1 with the link named in an E-PATH-ESCAPE line, no traceback, the outside folder
exactly as it was (same names, same bytes).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.projects import PNG, write_project

OUTSIDE_FILES = {"holiday.png": PNG, "notes.html": b"<p>mine</p>\n", "diary.txt": b"dear diary\n"}


def _outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    for name, data in OUTSIDE_FILES.items():
        (folder / name).write_bytes(data)
    return folder


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _carddb(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "carddb", *args, "--project", str(project)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=project,
    )


def _link(project: Path, relative: str, target: Path) -> None:
    link = project / relative
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(target, target_is_directory=target.is_dir())


# (the link, the command that writes or deletes there)
CASES = {
    "site-cards": ("output/loe/site/cards", ("site",)),
    "site": ("output/loe/site", ("site",)),
    "output": ("output", ("export",)),
    "game-output": ("output/loe", ("export",)),
    "png": ("output/loe/png", ("print", "--png", "--jobs", "1", "--paper", "a4", "--duplex", "none")),
    "cache": ("output/loe/.cache", ("print", "--jobs", "1", "--paper", "a4", "--duplex", "none")),
    "rulebook-cards": ("output/loe/rulebook/cards", ("rulebook",)),
    "play-boosters": ("output/loe/play/boosters-deck-seed1", ("boosters", "deck", "-n", "1", "--seed", "1")),
}


@pytest.mark.parametrize("case", CASES)
def test_a_linked_output_folder_is_refused_and_nothing_outside_changes(tmp_path: Path, case: str) -> None:
    relative, args = CASES[case]
    outside = _outside(tmp_path)
    project = tmp_path / "project"
    if case in {"play-boosters", "rulebook-cards"}:
        import shutil

        shutil.copytree(Path(__file__).resolve().parents[3] / "data" / "loe", project / "data" / "loe")
    else:
        write_project(project)
    before = _snapshot(outside)
    _link(project, relative, outside)
    done = _carddb(project, *args)
    output = done.stdout + done.stderr
    assert done.returncode == 1, output[-3000:]
    assert "Traceback" not in output and "internal error" not in output, output[-3000:]
    assert f"{project / relative}: E-PATH-ESCAPE" in output, output[-3000:]
    assert _snapshot(outside) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["outside", "project"]


def test_the_site_prune_never_follows_a_link_out(tmp_path: Path) -> None:
    # The finding's exact scenario: pictures and pages outside, whose names are not card ids.
    outside = _outside(tmp_path)
    project = write_project(tmp_path / "project")
    first = _carddb(project, "site")
    assert first.returncode == 0, first.stdout + first.stderr
    cards = project / "output" / "loe" / "site" / "cards"
    for child in cards.iterdir():
        child.unlink()
    cards.rmdir()
    cards.symlink_to(outside, target_is_directory=True)
    done = _carddb(project, "site")
    assert done.returncode == 1
    assert "site/cards: E-PATH-ESCAPE cards is a symbolic link to" in done.stderr
    assert _snapshot(outside) == {name: data for name, data in OUTSIDE_FILES.items()}


def test_a_lock_file_linked_to_a_user_file_is_never_truncated(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    project = write_project(tmp_path / "project")
    _link(project, "output/loe/.lock", outside / "diary.txt")
    done = _carddb(project, "site")
    assert done.returncode == 1, done.stdout + done.stderr
    assert ".lock: E-PATH-ESCAPE .lock is a symbolic link" in done.stderr
    assert (outside / "diary.txt").read_bytes() == b"dear diary\n"


def test_a_named_pipe_in_place_of_a_page_does_not_hang_the_site(tmp_path: Path) -> None:
    # The site compares each page with the one on disk before writing it: a pipe there must not be opened.
    project = write_project(tmp_path / "project")
    site = project / "output" / "loe" / "site"
    site.mkdir(parents=True)
    os.mkfifo(site / "index.html")
    done = _carddb(project, "site")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (site / "index.html").is_file() and not (site / "index.html").is_fifo()


def test_a_link_inside_the_site_to_a_user_file_is_replaced_not_written_through(tmp_path: Path) -> None:
    # A page planted as a link to a user's file: the new page replaces the link; the file keeps its bytes.
    outside = _outside(tmp_path)
    project = write_project(tmp_path / "project")
    _link(project, "output/loe/site/stats.html", outside / "notes.html")
    done = _carddb(project, "site")
    assert done.returncode == 0, done.stdout + done.stderr
    page = project / "output" / "loe" / "site" / "stats.html"
    assert not page.is_symlink() and b"<html" in page.read_bytes()
    assert _snapshot(outside) == dict(OUTSIDE_FILES)
