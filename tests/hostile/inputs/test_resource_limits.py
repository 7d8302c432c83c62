"""Every file carddb reads has a size limit and every template render a time limit (issue 29, findings 8 and 9).

Before the fix: a 50 MB rules chapter ran `carddb rulebook` past 300 s at 1.2 GB; a site
template with two nested `range(99999)` loops ran past 90 s; `carddb import` of 10^6 rows
worked 194 s before refusing the size; a game log of 100,000 nested arrays was an internal
error (exit 70); `--replay /dev/zero` never returned; a 400-digit `--seed` gave "File name
too long" (exit 1). Each now ends quickly in a located error or a usage error (exit 2).
"""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support.projects import run_cli, write_project

from carddb.cards.release import LOCK_NAME
from carddb.files.reading import CHAPTER_BYTES
from carddb.files.templating import BUNDLED_TEMPLATES
from carddb.spreadsheets.cells import MAX_ROWS


def _carddb(project: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "carddb", *args, "--project", str(project)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


def test_a_huge_rules_chapter_is_refused_by_name_before_it_is_read(tmp_path: Path) -> None:
    project = write_project(tmp_path / "project")
    chapter = project / "data" / "loe" / "rulebook" / "01-big.md"
    chapter.parent.mkdir(parents=True)
    chapter.write_text("# Big\n\n" + "word " * (CHAPTER_BYTES // 5 + 10), encoding="utf-8")
    started = time.monotonic()
    done = _carddb(project, "rulebook")
    assert time.monotonic() - started < 60
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "data/loe/rulebook/01-big.md:1:1: E-FILE-UNREADABLE" in done.stdout
    assert "rules chapters of up to 1 MB" in done.stdout
    assert not (project / "output" / "loe" / "rulebook").exists() or not any(
        (project / "output" / "loe" / "rulebook").rglob("*.pdf")
    )


def test_a_site_template_that_loops_for_ever_is_stopped_at_its_line(tmp_path: Path) -> None:
    project = write_project(tmp_path / "project")
    site = project / "templates" / "site"
    shutil.copytree(BUNDLED_TEMPLATES / "site", site)
    index = site / "index.html"
    loops = "{% for i in range(99999) %}{% for j in range(99999) %}{{ '' }}{% endfor %}{% endfor %}\n"
    index.write_text(loops + index.read_text(encoding="utf-8"), encoding="utf-8")
    started = time.monotonic()
    done = _carddb(project, "site", env={"CARDDB_TEMPLATE_SECONDS": "2"})
    elapsed = time.monotonic() - started
    assert elapsed < 60, elapsed  # without the limit: past 90 s, and it would never have ended soon
    assert done.returncode != 0 and done.returncode != 70, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert f"{index}:1: the template ran longer than 2 s" in done.stdout + done.stderr


def test_a_template_cannot_build_a_gigantic_string(tmp_path: Path) -> None:
    project = write_project(tmp_path / "project")
    site = project / "templates" / "site"
    shutil.copytree(BUNDLED_TEMPLATES / "site", site)
    index = site / "index.html"
    index.write_text("{{ 'x' * 10**10 }}\n" + index.read_text(encoding="utf-8"), encoding="utf-8")
    done = _carddb(project, "site")
    assert done.returncode not in (0, 70), done.stdout + done.stderr
    assert "'*' would build more than" in done.stdout + done.stderr


def test_a_spreadsheet_of_too_many_rows_is_refused_at_once(tmp_path: Path) -> None:
    project = write_project(tmp_path / "project")
    sheet = tmp_path / "many.csv"
    with sheet.open("w", newline="", encoding="utf-8") as handle:
        rows = csv.writer(handle)
        rows.writerow(["id", "name", "kind", "set", "number", "rarity", "cost"])
        rows.writerows([f"c{i}", "N", "ritual", "BASE", i, "common", 1] for i in range(MAX_ROWS + 5))
    started = time.monotonic()
    done = run_cli("import", str(sheet), "--project", str(project))
    assert time.monotonic() - started < 30  # 60,000 rows of 10^6 took 194 s of checking before
    assert done.exit_code == 1 and not done.crashed, done.stdout
    assert f"{sheet}:{MAX_ROWS + 2}:1: E-IMPORT-FILE" in done.stdout
    assert "nothing written" in done.stdout


def test_a_spreadsheet_over_the_size_limit_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    project = write_project(tmp_path / "project")
    sheet = tmp_path / "huge.csv"
    with sheet.open("wb") as handle:
        handle.write(b"id,name\n")
        handle.truncate(21_000_000)  # sparse: 21 MB of NUL bytes, no time spent writing them
    done = run_cli("import", str(sheet), "--project", str(project))
    assert done.exit_code == 1 and not done.crashed, done.stdout
    assert "carddb reads spreadsheets of up to 20 MB" in done.stdout


def _log(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("kind", ["nested", "dev-zero", "fifo", "directory"])
def test_a_replay_of_a_hostile_file_is_a_usage_error(tmp_path: Path, kind: str) -> None:
    project = write_project(tmp_path / "project")
    if kind == "nested":
        log = _log(tmp_path, "[" * 100_000 + "]" * 100_000)
    elif kind == "dev-zero":
        log = Path("/dev/zero")
    elif kind == "fifo":
        log = tmp_path / "log.fifo"
        os.mkfifo(log)  # no writer: a plain open would wait for one for ever
    else:
        log = tmp_path
    done = _carddb(project, "playtest", "--replay", str(log))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert f"cannot read the game log {log}" in done.stderr


def test_a_draft_replay_of_a_deeply_nested_log_is_a_usage_error(tmp_path: Path) -> None:
    project = write_project(tmp_path / "project")
    (project / "data" / "loe" / "boosters.yaml").write_text(
        "boosters:\n  any:\n    name: Any\n    slots:\n      - {name: card, count: 1, filter: {kind: ritual}}\n",
        encoding="utf-8",
    )
    log = _log(tmp_path, "[" * 100_000 + "]" * 100_000)
    done = run_cli("draft", "--replay", str(log), "--project", str(project))
    assert done.exit_code == 2 and not done.crashed, done.stdout + done.stderr
    assert "nested too deeply" in done.stderr


@pytest.mark.parametrize("command", [("playtest", "-n", "1"), ("boosters", "deck", "-n", "1")], ids=lambda c: c[0])
def test_a_seed_too_long_to_name_a_folder_is_a_usage_error(tmp_path: Path, command: tuple[str, ...]) -> None:
    project = write_project(tmp_path / "project")
    (project / "data" / "loe" / "boosters.yaml").write_text(
        "boosters:\n  deck:\n    name: Deck\n    slots:\n      - {name: card, count: 1, filter: {kind: ritual}}\n",
        encoding="utf-8",
    )
    done = run_cli(*command, "--seed", "9" * 400, "--project", str(project))
    assert done.exit_code == 2 and not done.crashed, done.stdout + done.stderr
    assert "--seed must be at most 18446744073709551615" in done.stderr
    assert not (project / "output").exists() or not any((project / "output").rglob("*seed9999*"))


def test_a_release_record_that_is_a_pipe_is_reported_not_waited_on(tmp_path: Path) -> None:
    project = write_project(tmp_path / "project")
    record = project / "data" / "loe" / LOCK_NAME
    os.mkfifo(record)  # every load of the cards reads the release record
    done = _carddb(project, "validate")
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{LOCK_NAME}: E-RELEASE-RECORD cannot be read" in done.stdout
    assert "not a regular file" in done.stdout
