"""Live reload for `carddb serve`: a file watcher, build events, and the script served pages get.

The watcher (watchfiles) calls back with the set of changed paths after a short
debounce. Each finished build is published as a `BuildStatus` to every open page
over Server-Sent Events; a page reloads itself when the build number differs from
the one it was rendered at, and draws the build's findings in an overlay.
"""

from __future__ import annotations

import json
import queue
import re
import threading
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import watchfiles

from carddb.findings.diagnostics import Finding, Report

EVENTS_PATH = "/__carddb/events"
STATUS_PATH = "/__carddb/status"
SCRIPT_PATH = "/__carddb/live.js"
_BODY_END = re.compile(rb"</body\s*>", re.IGNORECASE)


@dataclass(frozen=True)
class ShownFinding:
    """A finding as the overlay shows it: where, code, severity and message."""

    where: str  # "data/loe/cards/dukes.yaml:4:3"
    code: str
    severity: str
    message: str
    hint: str | None = None


@dataclass(frozen=True)
class BuildStatus:
    build: int
    # "ok": the site is current (findings may remain); "errors": validation stopped the build and the last
    # good site is shown; "failed": the build itself broke; "building": the first build is running.
    state: str
    summary: str
    findings: tuple[ShownFinding, ...] = ()

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)


def shown_findings(report: Report) -> tuple[ShownFinding, ...]:
    """The report's findings for the overlay, errors first, each located as path:line:col."""

    def where(f: Finding) -> str:
        text = report.display_path(f.path) if f.path else ""
        if f.span:
            text += f":{f.span.line}:{f.span.col}"
        return text

    ordered = [*report.errors, *report.warnings]
    return tuple(ShownFinding(where(f), f.code, f.severity.value, f.message, f.hint) for f in ordered)


@dataclass
class BuildEvents:
    """The latest build status, and a queue per open page that receives every new one."""

    latest: BuildStatus = field(default_factory=lambda: BuildStatus(0, "building", "first build running"))
    _subscribers: list[queue.Queue[BuildStatus]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def subscribe(self) -> queue.Queue[BuildStatus]:
        inbox: queue.Queue[BuildStatus] = queue.Queue()
        with self._lock:
            self._subscribers.append(inbox)
        return inbox

    def unsubscribe(self, inbox: queue.Queue[BuildStatus]) -> None:
        with self._lock:
            if inbox in self._subscribers:
                self._subscribers.remove(inbox)

    def publish(self, status: BuildStatus) -> None:
        with self._lock:
            self.latest = status
            for inbox in self._subscribers:
                inbox.put(status)

    @property
    def listeners(self) -> int:
        with self._lock:
            return len(self._subscribers)


def live_snippet(build: int) -> bytes:
    """The tag injected into served HTML pages (never into the static site on disk)."""
    return f'<script src="{SCRIPT_PATH}" data-build="{build}" defer></script>\n'.encode()


def inject_live_script(html: bytes, build: int) -> bytes:
    snippet = live_snippet(build)
    # The last </body>: an earlier one could sit inside a script or a comment.
    ends = [m.start() for m in _BODY_END.finditer(html)]
    if not ends:
        return html + snippet
    return html[: ends[-1]] + snippet + html[ends[-1] :]


def _ignored(change: watchfiles.Change, path: str) -> bool:
    name = Path(path).name
    # Atomic writes leave ".name.part" files for an instant; editors leave swap and backup files.
    return (
        name.endswith((".part", ".swp", ".swx", "~", ".tmp"))
        or name.startswith((".#", "#"))
        or "__pycache__" in path
        or "/.git/" in path
    )


def watch_changes(
    paths: Iterable[Path],
    on_change: Callable[[set[Path]], None],
    stop: threading.Event,
    *,
    debounce_ms: int = 150,
) -> None:
    """Call `on_change` with the changed files until `stop` is set; blocks (run it in a thread)."""
    existing = [str(p) for p in paths if p.exists()]
    if not existing:
        stop.wait()
        return
    for changes in watchfiles.watch(
        *existing,
        watch_filter=lambda change, path: not _ignored(change, path),
        debounce=debounce_ms,
        step=50,
        stop_event=stop,
        rust_timeout=500,
        yield_on_timeout=False,
        raise_interrupt=False,
    ):
        if stop.is_set():
            return
        changed = {Path(path) for _, path in changes}
        if changed:
            on_change(changed)
