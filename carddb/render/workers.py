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
import heapq
import importlib
import itertools
import os
import pickle
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing import get_context
from multiprocessing.connection import Connection
from multiprocessing.connection import wait as connection_wait
from pathlib import Path
from types import ModuleType, TracebackType
from typing import Any

from carddb.findings.errors import RenderError
from carddb.runtime.memory import tune_collector


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


def import_renderer(module: str = "carddb.render.layout") -> ModuleType:
    """Import `module` (by default WeasyPrint and carddb's layout code), the fast way when it works."""
    if module in sys.modules or "weasyprint" in sys.modules:
        return importlib.import_module(module)
    try:
        with _one_library_listing():
            return importlib.import_module(module)
    except OSError:  # a library only the full search finds (LD_LIBRARY_PATH): search as usual
        return importlib.import_module(module)


def _serve(conn: Connection, eager: bool, parent_ends: Sequence[Connection] = (), scratch: str | None = None) -> None:
    """A worker's life: import the renderer, then run jobs until the parent hangs up."""
    # The fork copied the parent's ends of the pipes; holding them, a worker would never see
    # its parent hang up, and would outlive a parent killed with SIGKILL (and keep its streams open).
    for end in parent_ends:
        end.close()
    if scratch is not None:
        # WeasyPrint copies every @font-face file into a temporary folder that only its
        # FontConfiguration's __del__ removes, which a worker (killed, or leaving through
        # os._exit) never runs: 2-3 MB left in /tmp per worker and run. Here the folders
        # go into the pool's scratch folder, one folder per worker, which the parent removes
        # (see RenderWorkers.close).
        os.makedirs(scratch, exist_ok=True)
        tempfile.tempdir = scratch
    try:
        _run_jobs(conn, eager)
    finally:
        if scratch is not None:  # the parent is gone (else it removes the folder after the kill)
            shutil.rmtree(scratch, ignore_errors=True)


def _run_jobs(conn: Connection, eager: bool) -> None:
    # Ctrl-C is the parent's to report; a worker printing its own KeyboardInterrupt
    # traceback would break the no-traceback promise.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if eager:
        import_renderer()
    tune_collector()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        name, job, wanted = message
        started = time.process_time()
        try:
            # A job's module is imported with its first job: a worker that only rasterizes never loads WeasyPrint.
            module, _, function = name.partition(":")
            reply: tuple[str, Any, float] = ("ok", getattr(import_renderer(module), function)(job), 0.0)
        except Exception as exc:  # the parent decides how to report it
            reply = ("error", exc, 0.0)
        if not wanted:
            continue
        reply = (reply[0], reply[1], time.process_time() - started)
        try:
            conn.send(reply)
        except (pickle.PicklingError, TypeError, AttributeError):
            conn.send(("error", RuntimeError(f"{type(reply[1]).__name__}: {reply[1]}"), reply[2]))
        except OSError:  # the parent is gone (killed): nobody wants the result
            return


@dataclass(eq=False)
class Ticket:
    """One job handed to the workers: its reply arrives while the parent waits for any ticket."""

    function: str
    job: Any
    label: str
    done: bool = False
    value: Any = None
    error: BaseException | None = None
    cpu: float = 0.0  # CPU seconds the job took in its worker

    def result(self) -> Any:
        """The job's return value, or what it raised, raised here."""
        if not self.done:
            raise RuntimeError(f"{self.function} has not run yet: wait for it first")
        if self.error is not None:
            raise self.error
        return self.value


class RenderWorkers:
    """Forked processes with WeasyPrint imported, fed from one queue of jobs.

    Use as a context manager: entering forks the workers and returns at once,
    leaving kills any worker still busy or importing.

    `submit` queues a job and returns its ticket; a job goes to the first idle
    worker, lowest `priority` first, and a worker gets its next job as soon as it
    replies, so stages of different lengths share the cores without waiting for
    each other. The parent hands out jobs whenever it calls `submit`, `poll` or
    `wait`; it never blocks while a worker is idle and a job is queued.

    Only the first worker imports WeasyPrint at once; the others import it with their
    first job. On two cores, a second worker importing beside the first and beside the
    parent's loading delayed both (a run that renders one edited card waited 0.8 s for
    its worker instead of 0.1 s), and only runs with several jobs use it.
    """

    def __init__(self, workers: int = 2) -> None:
        self.workers = max(1, workers)
        self._procs: list[Any] = []
        self._conns: list[Connection] = []
        self._prepared: set[int] = set()  # workers that were sent a preparation job
        self._queue: list[tuple[int, int, Ticket]] = []  # (priority, order, ticket), a heap
        self._busy: dict[int, Ticket] = {}  # worker number -> the job it is running
        self._order = itertools.count()
        self.cpu: dict[str, float] = {}  # label -> CPU seconds its jobs took in the workers
        # (label, worker, sent, replied) per job, in time.perf_counter() seconds: where the cores were idle
        self.timeline: list[tuple[str, int, float, float]] = []
        self._sent: dict[int, float] = {}
        self._broken: RenderError | None = None  # why the workers were stopped, raised to anyone still waiting
        self._scratch: str | None = None  # the workers' temporary folder (see _serve), removed on close

    def start(self) -> RenderWorkers:
        if not self._procs:
            # fork: the workers start from the already imported carddb (no second import
            # of pydantic, the packs and the grammar) and share its memory copy-on-write.
            context = get_context("fork")
            self._scratch = tempfile.mkdtemp(prefix="carddb-render-")
            for number in range(self.workers):
                parent_end, child_end = context.Pipe()
                proc = context.Process(
                    target=_serve,
                    args=(child_end, number == 0, [*self._conns, parent_end], os.path.join(self._scratch, str(number))),
                    daemon=True,
                )
                proc.start()
                child_end.close()
                self._procs.append(proc)
                self._conns.append(parent_end)
        return self

    def submit(self, function: str, job: Any, *, priority: int = 0, label: str | None = None) -> Ticket:
        """Queue 'module:name'(job) and hand it to a worker if one is idle.

        Named, not passed: pickling a function would make the parent import its module,
        and the modules that render import WeasyPrint. `label` names the work in `cpu`
        (by default the function).
        """
        self.start()
        ticket = Ticket(function, job, label or function)
        heapq.heappush(self._queue, (priority, next(self._order), ticket))
        self._dispatch()
        return ticket

    def map(self, function: str, jobs: Sequence[Any], *, priority: int = 0, label: str | None = None) -> list[Any]:
        """The function over `jobs` on the workers, results in order; raises the first error."""
        tickets = [self.submit(function, job, priority=priority, label=label) for job in jobs]
        self.wait(tickets)
        return [ticket.result() for ticket in tickets]

    def wait(self, tickets: Iterable[Ticket]) -> None:
        """Block until every ticket in `tickets` has its reply, keeping all workers fed meanwhile."""
        tickets = list(tickets)
        while not all(ticket.done for ticket in tickets):
            if self._broken is not None:
                raise self._broken
            if not self._busy:
                raise RuntimeError("waiting for a job that was never queued on these workers")
            self._receive(timeout=None)

    def poll(self) -> None:
        """Collect the replies that have arrived and hand out queued jobs, without blocking."""
        if self._busy:
            self._receive(timeout=0)

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

    def _dispatch(self) -> None:
        for number, conn in enumerate(self._conns):
            if not self._queue:
                return
            if number not in self._busy:
                ticket = heapq.heappop(self._queue)[2]
                self._busy[number] = ticket
                self._sent[number] = time.perf_counter()
                self._send(conn, (ticket.function, ticket.job, True))

    def _receive(self, timeout: float | None) -> None:
        by_conn = {id(self._conns[number]): number for number in self._busy}
        ready = connection_wait([self._conns[number] for number in self._busy], timeout)
        for conn in ready:
            number = by_conn[id(conn)]
            try:
                status, value, cpu = conn.recv()
            except (OSError, EOFError) as exc:
                codes = [p.exitcode for p in self._procs if p.exitcode is not None]
                self.close()
                why = f"exit code {codes[0]}" if codes else type(exc).__name__
                self._broken = RenderError(f"a render worker stopped unexpectedly ({why})")
                raise self._broken from exc
            ticket = self._busy.pop(number)
            ticket.done, ticket.cpu = True, cpu
            self.timeline.append((ticket.label, number, self._sent.pop(number), time.perf_counter()))
            self.cpu[ticket.label] = self.cpu.get(ticket.label, 0.0) + cpu
            if status == "error":
                ticket.error = value
            else:
                ticket.value = value
        self._dispatch()

    def _send(self, conn: Connection, message: object) -> None:
        try:
            conn.send(message)
        except (OSError, EOFError) as exc:
            self.close()
            raise RenderError(f"a render worker stopped unexpectedly ({exc})") from exc

    def close(self) -> None:
        procs, conns = self._procs, self._conns
        self._procs, self._conns, self._prepared = [], [], set()
        self._queue, self._busy = [], {}
        for proc in procs:
            if proc.is_alive():
                proc.kill()
        for conn in conns:
            conn.close()
        for proc in procs:
            proc.join()
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None

    def __enter__(self) -> RenderWorkers:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def default_jobs() -> int:
    """One worker per core this process may run on (`--jobs` when not given)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


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
