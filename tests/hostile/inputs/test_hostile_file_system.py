"""When the file system refuses: a full disk, a file where an output folder goes, a folder where a file goes.

These run `carddb` as a process: the error boundary that turns a refused write into
`carddb: PATH: reason` and exit 1 is `carddb.cli.app.main`, which in-process runs bypass.
A full disk is simulated with RLIMIT_FSIZE (a write past the limit fails with EFBIG, as
ENOSPC would; SIGXFSZ is ignored so the write fails instead of killing the process).
Nothing half-written may be left where a finished file would be.
"""

from __future__ import annotations

import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from support.projects import write_project


def carddb(root: Path, *args: str, file_limit: int | None = None) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        if file_limit is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

    return subprocess.run(
        [sys.executable, "-m", "carddb", *args, "--project", str(root)],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limit,
        cwd=root,
    )


def assert_refused(done: subprocess.CompletedProcess[str], path_words: str, *reasons: str) -> None:
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "Traceback" not in output and "internal error" not in output, output
    line = next((line for line in done.stderr.splitlines() if line.startswith("carddb: ")), "")
    assert path_words in line and any(reason in line for reason in reasons), output


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.part")) if folder.exists() else []


def test_a_full_disk_fails_the_export_with_the_path_and_leaves_no_part_file(tmp_path: Path) -> None:
    root = write_project(tmp_path)
    done = carddb(root, "export", file_limit=100)
    assert_refused(done, "loe-cards.csv", "File too large")
    out = root / "output" / "loe"
    assert not (out / "loe-cards.csv").exists()
    assert leftovers(out) == []


def test_validate_on_a_full_disk_still_validates(tmp_path: Path) -> None:
    # validate writes only caches (art verdicts, the faces' placeholders and measures), which are a
    # convenience: a full disk must not fail the check, and what it could not check is said.
    root = write_project(tmp_path)
    done = carddb(root, "validate", "--format", "json", file_limit=10)
    assert done.returncode == 0, done.stdout + done.stderr
    assert '"errors": 0' in done.stdout
    assert "W-FACES-UNCHECKED" in done.stdout and "File too large" in done.stdout
    assert leftovers(root / "output") == []


def test_a_full_disk_fails_the_boosters_and_leaves_no_part_file(tmp_path: Path) -> None:
    root = tmp_path / "project"
    (root / "data").mkdir(parents=True)
    import shutil

    shutil.copytree(Path(__file__).resolve().parents[3] / "data" / "loe", root / "data" / "loe")
    done = carddb(root, "boosters", "deck", "-n", "2", "--seed", "1", file_limit=64)
    assert_refused(done, "output/loe", "File too large")
    assert leftovers(root / "output") == []


@pytest.mark.parametrize(
    ("blocker", "args"),
    [
        ("output", ("export",)),
        ("output/loe", ("export",)),
        ("output/loe/.cache", ("validate",)),
    ],
    ids=["output-is-a-file", "game-output-is-a-file", "cache-is-a-file"],
)
def test_a_file_where_an_output_folder_goes(blocker: str, args: tuple[str, ...], tmp_path: Path) -> None:
    root = write_project(tmp_path)
    (root / blocker).parent.mkdir(parents=True, exist_ok=True)
    (root / blocker).write_text("a file, not a folder\n")
    done = carddb(root, *args)
    if args == ("validate",):
        assert done.returncode == 0, done.stdout + done.stderr  # the art cache is skipped, the check is done
        assert "W-FACES-UNCHECKED" in done.stdout  # the faces could not be laid out, and validate says so
    else:
        assert_refused(done, blocker, "Not a directory", "File exists")
    assert (root / blocker).read_text() == "a file, not a folder\n"


def test_export_to_a_path_that_is_a_folder(tmp_path: Path) -> None:
    root = write_project(tmp_path)
    (root / "cards.csv").mkdir()
    done = carddb(root, "export", "--out", "cards.csv")
    output = done.stdout + done.stderr
    assert done.returncode in (1, 2), output
    assert "Traceback" not in output and "internal error" not in output, output
    assert "cards.csv" in output
