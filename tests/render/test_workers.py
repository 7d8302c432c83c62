"""Render workers: jobs run in order on forked processes, failures come back as errors, never hangs."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from carddb.errors import RenderError
from carddb.render.workers import RenderWorkers


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


def test_the_print_and_build_commands_do_not_import_weasyprint_themselves() -> None:
    # The parent builds HTML and cache keys only; WeasyPrint loads in the workers, in parallel.
    code = (
        "import sys, carddb.cli, carddb.commands.print, carddb.commands.build, carddb.render.faces;"
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
