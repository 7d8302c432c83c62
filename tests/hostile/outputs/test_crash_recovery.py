"""`kill -9` in the middle of `build` and `print`, damaged caches, and two runs at once.

The machinery is bench/crash_recovery.py (which runs 50 moments per command and prints the
counts); here fewer seeded moments keep the suite fast. After every kill, each finished output
(PDF, PNG, JSON, HTML) reads as a whole file; the rerun then exits cleanly, leaves no temporary
`.part` file and shows the latest edit of every card. A deliberately damaged cache (truncated PDFs
and PNGs, garbage in every index and key file) is rebuilt, never joined into a sheet. A second run
while the output lock is held stops with a clear error; a lock left by a killed process blocks
nothing.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest
from hostile_out_tools import carddb

REPO = Path(__file__).resolve().parents[3]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("crash_recovery", REPO / "bench" / "crash_recovery.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["crash_recovery"] = module
    spec.loader.exec_module(module)
    return module


crash = _bench()
crash.THOROUGH = False  # the suite opens every PDF with pypdf and verifies every PNG; the bench decodes them too


@pytest.mark.parametrize(("command", "seed"), [("build", 11), ("print", 12)])
def test_kill_9_at_random_moments_never_leaves_a_broken_or_stale_output(
    tmp_path: Path, command: str, seed: int
) -> None:
    project = crash.write_project(tmp_path / "project")
    start = time.perf_counter()
    first = crash.run_to_end(project, command)
    full = time.perf_counter() - start
    assert first.exit_code == 0 and not first.traceback, first.output[-3000:]
    outcome = crash.crash_moments(project, command, 5, seed, full_seconds=full, rerun_every=5)
    assert outcome.moments == 5 and outcome.reruns == 1
    assert outcome.checked.files > 20
    assert outcome.failures == []


def test_a_damaged_cache_is_made_again_not_used(tmp_path: Path) -> None:
    project = crash.write_project(tmp_path / "project")
    assert crash.run_to_end(project, "print").exit_code == 0
    cache = project / "output" / "loe" / ".cache"
    damaged = 0
    for path in sorted(p for p in cache.rglob("*") if p.is_file()):
        data = path.read_bytes()
        if path.suffix in {".pdf", ".png"}:
            path.write_bytes(data[: len(data) // 2])
        else:
            # An index that is not JSON, a key file that is not even UTF-8 text.
            path.write_bytes(b"[1, {garbage" if path.suffix == ".json" else b"\x00garbage{\x8d\xff")
        damaged += 1
    assert damaged > 10
    crash.set_flavor(project, "After the damage.")
    rerun = crash.run_to_end(project, "print")
    assert rerun.exit_code == 0 and not rerun.traceback, rerun.output[-3000:]
    assert crash.check_outputs(project).corrupt == []
    assert crash.stale_cards(project, "print", "After the damage.") == []
    # A damaged entry whose key comes up again is also made again: damage, then print the same cards.
    for path in sorted(p for p in cache.rglob("*.pdf")):
        path.write_bytes(path.read_bytes()[:100])
    again = crash.run_to_end(project, "print")
    assert again.exit_code == 0 and not again.traceback, again.output[-3000:]
    assert crash.check_outputs(project).corrupt == []


HOLD_LOCK = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
os.write(fd, b"%d build\\n" % os.getpid())
print("locked", flush=True)
time.sleep(600)
"""


def _holder(lock: Path) -> subprocess.Popen[str]:
    lock.parent.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(lock)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
    return proc


@pytest.mark.parametrize("command", ["build", "print", "rulebook", "site"])
def test_a_second_run_while_one_holds_the_lock_stops_with_a_clear_error(tmp_path: Path, command: str) -> None:
    project = crash.write_project(tmp_path / "project")
    holder = _holder(project / "output" / "loe" / ".lock")
    try:
        run = carddb(command, "--project", str(project), timeout=120)
    finally:
        holder.kill()
        holder.wait()
    assert run.exit_code == 1 and not run.traceback, run.output
    assert f"another carddb run (pid {holder.pid}, carddb build) is writing" in run.output
    assert f"then run `carddb {command}` again" in run.output
    assert not (project / "output" / "loe" / "cards").exists()


def test_a_lock_left_by_a_killed_run_blocks_nothing(tmp_path: Path) -> None:
    project = crash.write_project(tmp_path / "project")
    holder = _holder(project / "output" / "loe" / ".lock")
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait()
    assert (project / "output" / "loe" / ".lock").exists()  # the file stays; the kernel dropped the lock
    run = carddb("site", "--project", str(project), timeout=300)
    assert run.exit_code == 0 and not run.traceback, run.output


def test_two_builds_at_once_one_writes_the_other_refuses(tmp_path: Path) -> None:
    project = crash.write_project(tmp_path / "project")
    first = crash.carddb(project, "build")
    time.sleep(0.5)
    deadline = time.monotonic() + 60
    while not (project / "output" / "loe" / ".lock").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    second = crash.run_to_end(project, "build")
    out, err = first.communicate(timeout=600)
    assert first.returncode == 0, (out + err)[-3000:]
    assert second.exit_code == 1 and "another carddb run" in second.output, second.output[-3000:]
    assert crash.check_outputs(project).corrupt == []
    assert crash.leftover_parts(project) == []
