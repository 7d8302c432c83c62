"""Render workers: jobs run in order on forked processes, failures come back as errors, never hangs."""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from carddb.findings.errors import RenderError
from carddb.render.workers import RenderWorkers, Ticket

ROOT = Path(__file__).resolve().parents[2]


def test_jobs_run_in_order_on_more_jobs_than_workers() -> None:
    with RenderWorkers(2) as pool:
        assert pool.map("math:factorial", [3, 4, 5, 6, 7]) == [6, 24, 120, 720, 5040]
        assert pool.map("math:factorial", []) == []


def test_an_error_in_a_job_is_raised_in_the_parent() -> None:
    with RenderWorkers(1) as pool, pytest.raises(ValueError, match="not defined for negative"):
        pool.map("math:factorial", [-1])


def test_a_worker_that_dies_is_a_render_error_not_a_hang() -> None:
    with RenderWorkers(1) as pool, pytest.raises(RenderError, match="stopped unexpectedly"):
        pool.map("os:_exit", [3])


def test_closing_kills_workers_that_are_still_importing() -> None:
    pool = RenderWorkers(2).start()
    pids = [proc.pid for proc in pool._procs]
    pool.close()
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_what_workers_leave_in_the_temporary_folder_goes_with_the_pool() -> None:
    # As WeasyPrint does with the fonts of each @font-face: a temporary folder nobody removes.
    with RenderWorkers(2) as pool:
        made = [Path(p) for p in pool.map("tempfile:mkdtemp", ["-font", "-font", "-font"])]
        assert all(p.is_dir() for p in made)
    assert not any(p.exists() for p in made)
    assert pool._scratch is None


def test_the_print_and_build_commands_do_not_import_weasyprint_themselves() -> None:
    # The parent builds HTML and cache keys only; WeasyPrint loads in the workers, in parallel.
    code = (
        "import sys, carddb.cli.app, carddb.cli.commands.print, carddb.cli.commands.build, carddb.render.faces;"
        "print('weasyprint' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_weasyprint_loads_its_libraries_through_the_quick_lookup() -> None:
    code = (
        "from carddb.render.workers import import_renderer; import_renderer();"
        "from weasyprint.text import ffi; import ctypes.util;"
        "print(ffi.pango is not None, ffi.fontconfig is not None, ctypes.util.find_library.__module__)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # The libraries are found, and ctypes gets its own find_library back afterwards.
    assert done.stdout.split() == ["True", "True", "ctypes.util"]


def test_queued_jobs_go_out_by_priority_as_workers_free_up() -> None:
    with RenderWorkers(1) as pool:
        pool.submit("time:sleep", 0.2, label="sleep")  # occupies the only worker
        later = [pool.submit("math:factorial", n, label=f"later {n}") for n in (3, 4)]
        urgent = pool.submit("math:factorial", 5, priority=-1, label="urgent")
        pool.wait([*later, urgent])
        assert [t.result() for t in later] == [6, 24] and urgent.result() == 120
        # The urgent job was sent before the two queued ahead of it, and each job after the one before replied.
        sent = sorted(pool.timeline, key=lambda entry: entry[2])
        assert [label for label, *_ in sent] == ["sleep", "urgent", "later 3", "later 4"]
        assert all(a[3] <= b[2] for a, b in itertools.pairwise(sent))
        assert set(pool.cpu) == {"sleep", "urgent", "later 3", "later 4"}


def test_poll_collects_replies_without_blocking() -> None:
    with RenderWorkers(1) as pool:
        ticket = pool.submit("math:factorial", 6)
        for _ in range(500):
            pool.poll()
            if ticket.done:
                break
            time.sleep(0.01)
        assert ticket.done and ticket.result() == 720
        with pytest.raises(RuntimeError, match="never queued"):
            pool.wait([Ticket("math:factorial", 1, "x")])


def test_everyone_waiting_on_a_dead_worker_gets_a_render_error() -> None:
    with RenderWorkers(2) as pool:
        dying = pool.submit("os:_exit", 3)
        other = pool.submit("time:sleep", 0.5)
        with pytest.raises(RenderError, match="stopped unexpectedly"):
            pool.wait([dying])
        with pytest.raises(RenderError, match="stopped unexpectedly"):
            pool.wait([other])


def test_jobs_default_to_one_worker_per_core_and_refuse_zero_or_too_many() -> None:
    from carddb.cli.commands.common import jobs_count
    from carddb.findings.errors import UsageError
    from carddb.render.workers import default_jobs

    assert jobs_count(None) == default_jobs() == len(os.sched_getaffinity(0))
    assert jobs_count(3) == 3
    with pytest.raises(UsageError, match="--jobs must be 1 to 64, not 0"):
        jobs_count(0)
    assert jobs_count(64) == 64
    with pytest.raises(UsageError, match="--jobs must be 1 to 64, not 1000000000"):
        jobs_count(10**9)  # each worker is a process: a billion of them would fork until the machine gave out


def test_a_build_never_imports_weasyprint_in_its_own_process_nor_leaves_temporary_files(tmp_path: Path) -> None:
    # Documents, the rulebook and faces are laid out in the workers; the parent only builds HTML.
    shutil.copytree(ROOT / "data" / "loe2", tmp_path / "data" / "loe2")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    code = (
        "import atexit, sys; atexit.register(lambda: print('weasyprint loaded:', 'weasyprint' in sys.modules));"
        "sys.argv = ['carddb', 'build', '--game', 'loe2', '--project', sys.argv[1], '--jobs', '2'];"
        "from carddb.cli.app import main; main()"
    )
    env = {**os.environ, "TMPDIR": str(temporary)}
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=False, env=env
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "weasyprint loaded: False" in done.stdout
    assert (tmp_path / "output" / "loe2" / "rulebook.pdf").is_file()
    # WeasyPrint's copies of the card fonts (a few MB per worker) went with the workers. What stays is
    # Jinja's and Lark's caches: one of each, used again by the next run, not one more per run.
    left = sorted(p.name for p in temporary.iterdir())
    assert [name for name in left if not name.startswith(("_jinja2-cache-", ".lark_cache_"))] == []
