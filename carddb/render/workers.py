"""Render worker processes that import WeasyPrint while the parent loads the project.

Importing WeasyPrint costs about half a second of CPU (its cffi bindings parse their
C declarations at every start). A print run that needs one changed card would spend
that half second before it could render anything. So the commands that render start
their workers first, forked from a parent that has not imported WeasyPrint; each
worker imports it while the parent loads the cards, builds each face's HTML and looks
up the cache. By the time the parent knows what to render the workers are ready, and
on a two-core machine the import has cost no wall time.

A run with nothing to render kills its workers instead of waiting for their import.
The pool is deliberately small: one pipe per worker, jobs dealt round-robin, and a
worker that dies (killed, out of memory) is a RenderError rather than a hang.
"""

from __future__ import annotations

import ctypes.util
import importlib
import os
import pickle
import re
import signal
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from multiprocessing import get_context
from multiprocessing.connection import Connection
from pathlib import Path
from types import TracebackType
from typing import Any

from carddb.errors import RenderError


@contextmanager
def _one_library_listing() -> Iterator[None]:
    """Answer `ctypes.util.find_library` from one `ldconfig -p` listing while WeasyPrint loads.

    WeasyPrint's cffi bindings try several names per library (Linux, macOS and Windows
    spellings), and cffi asks `find_library` about each; on Linux every miss runs
    ldconfig, gcc and ld in subprocesses. About 20 misses cost a quarter of a second,
    half of WeasyPrint's import. The shared-library cache listed once knows the same.
    """
    if sys.platform != "linux" or not Path("/sbin/ldconfig").exists():
        yield
        return
    try:
        listing = subprocess.run(
            ["/sbin/ldconfig", "-p"], capture_output=True, env={"LC_ALL": "C", "LANG": "C"}, timeout=10, check=True
        ).stdout
    except (OSError, subprocess.SubprocessError):
        yield
        return

    def find_library(name: str) -> str | None:
        match = re.search(rb"\s(lib" + re.escape(os.fsencode(name)) + rb"\.[^\s]+)\s+\(", listing)
        return os.fsdecode(match.group(1)) if match else None

    original = ctypes.util.find_library
    ctypes.util.find_library = find_library
    try:
        yield
    finally:
        ctypes.util.find_library = original


def import_renderer() -> None:
    """Import WeasyPrint and carddb's layout code, the fast way when it works."""
    try:
        with _one_library_listing():
            import carddb.render.layout
    except OSError:  # a library only the full search finds (LD_LIBRARY_PATH): search as usual
        import carddb.render.layout  # noqa: F401


def _serve(conn: Connection, eager: bool) -> None:
    """A worker's life: import the renderer, then run jobs until the parent hangs up."""
    # Ctrl-C is the parent's to report; a worker printing its own KeyboardInterrupt
    # traceback would break the no-traceback promise.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if eager:
        import_renderer()

    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        name, job, wanted = message
        import_renderer()  # a no-op once imported; a lazy worker's first job waits for it
        try:
            module, _, function = name.partition(":")
            reply: tuple[str, Any] = ("ok", getattr(importlib.import_module(module), function)(job))
        except Exception as exc:  # the parent decides how to report it
            reply = ("error", exc)
        if not wanted:
            continue
        try:
            conn.send(reply)
        except (pickle.PicklingError, TypeError, AttributeError):
            conn.send(("error", RuntimeError(f"{type(reply[1]).__name__}: {reply[1]}")))


class RenderWorkers:
    """Forked processes with WeasyPrint imported; `map` runs jobs on them.

    Use as a context manager: entering forks the workers and returns at once,
    leaving kills any worker still busy or importing.

    Only the first worker imports WeasyPrint at once; the others import it with their
    first job. On two cores, a second worker importing beside the first and beside the
    parent's loading delayed both (a run that renders one edited card waited 0.8 s for
    its worker instead of 0.1 s), and only runs with many cards to render use it.
    """

    def __init__(self, workers: int = 2) -> None:
        self.workers = max(1, workers)
        self._procs: list[Any] = []
        self._conns: list[Connection] = []
        self._prepared: set[int] = set()  # workers that were sent a preparation job

    def start(self) -> RenderWorkers:
        if not self._procs:
            # fork: the workers start from the already imported carddb (no second import
            # of pydantic, the packs and the grammar) and share its memory copy-on-write.
            context = get_context("fork")
            for number in range(self.workers):
                parent_end, child_end = context.Pipe()
                proc = context.Process(target=_serve, args=(child_end, number == 0), daemon=True)
                proc.start()
                child_end.close()
                self._procs.append(proc)
                self._conns.append(parent_end)
        return self

    def map(self, function: str, jobs: Sequence[Any]) -> list[Any]:
        """The function named 'module:name' over `jobs` on the workers, results in order.

        Named, not passed: pickling a function would make the parent import its module,
        and the modules that render import WeasyPrint. Raises what the function raised.
        """
        self.start()
        n = len(self._conns)
        results: list[Any] = []
        for first in range(0, len(jobs), n):
            wave = jobs[first : first + n]
            for conn, job in zip(self._conns, wave, strict=False):
                self._send(conn, (function, job, True))
            replies = [self._receive(conn) for conn in self._conns[: len(wave)]]
            for status, value in replies:
                if status == "error":
                    raise value
                results.append(value)
        return results

    def prepare(self, function: str, job: Any, *, all_workers: bool = False) -> None:
        """Run 'module:name' ahead of the real work, without waiting or a reply.

        For work that makes the first real job faster (importing WeasyPrint, parsing
        stylesheets, loading fonts); a failure is left for the real job to meet and report.
        By default only the first worker (already importing) prepares; `all_workers`
        wakes the others too, once the caller knows there is work for them.
        """
        self.start()
        for number, conn in enumerate(self._conns):
            if (number == 0 or all_workers) and number not in self._prepared:
                self._prepared.add(number)
                self._send(conn, (function, job, False))

    def _send(self, conn: Connection, message: object) -> None:
        try:
            conn.send(message)
        except (OSError, EOFError) as exc:
            self.close()
            raise RenderError(f"a render worker stopped unexpectedly ({exc})") from exc

    def _receive(self, conn: Connection) -> tuple[str, Any]:
        try:
            reply: tuple[str, Any] = conn.recv()
        except (OSError, EOFError) as exc:
            codes = [p.exitcode for p in self._procs if p.exitcode is not None]
            self.close()
            why = f"exit code {codes[0]}" if codes else type(exc).__name__
            raise RenderError(f"a render worker stopped unexpectedly ({why})") from exc
        return reply

    def close(self) -> None:
        procs, conns = self._procs, self._conns
        self._procs, self._conns, self._prepared = [], [], set()
        for proc in procs:
            if proc.is_alive():
                proc.kill()
        for conn in conns:
            conn.close()
        for proc in procs:
            proc.join()

    def __enter__(self) -> RenderWorkers:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


_early: RenderWorkers | None = None


def start_early(workers: int) -> None:
    """Fork the workers before a command's own imports (the command line does, for print and build).

    The workers then import the renderer while the parent is still importing the
    command (pydantic, the game packs, the grammar), about 0.2 s sooner than if they
    were forked by the command.
    """
    global _early
    if _early is None:
        _early = RenderWorkers(workers).start()


def render_workers(workers: int) -> RenderWorkers:
    """The workers started early if there are that many, else new ones (started on entering)."""
    global _early
    pool, _early = _early, None
    if pool is not None and pool.workers == workers:
        return pool
    if pool is not None:
        pool.close()
    return RenderWorkers(workers)
