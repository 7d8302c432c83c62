"""`carddb serve`: the spoiler on 127.0.0.1, rebuilt and reloaded in the browser on every edit.

One thread serves HTTP (a thread per request), one watches the files. A change
re-validates the database; with errors the last good site stays up and every open
page shows the findings in an overlay; without, changed faces are re-rendered (the
faces cache skips the rest), the site is rebuilt, and open pages reload through
Server-Sent Events. Nothing a user types into a card file can stop the server:
a build that fails is reported and the next edit tries again.
"""

from __future__ import annotations

import errno
import mimetypes
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import FrameType
from typing import Any, TextIO
from urllib.parse import unquote, urlsplit

import jinja2

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.files.templating import confined_source
from carddb.findings.diagnostics import Report
from carddb.findings.errors import CarddbError, UsageError
from carddb.packs.lookup import get_pack, pack_folder
from carddb.packs.pack import GamePack
from carddb.site.livereload import (
    EVENTS_PATH,
    SCRIPT_PATH,
    STATUS_PATH,
    BuildEvents,
    BuildStatus,
    inject_live_script,
    shown_findings,
    watch_changes,
)
from carddb.site.spoiler import default_templates_dir

HOST = "127.0.0.1"
LOOPBACK_NAMES = ("127.0.0.1", "localhost")  # the Host a browser sends for this server
KEEPALIVE_SECONDS = 10.0
IDLE_SECONDS = 10.0  # a connection silent this long is closed
# Open pages each hold one connection for their event stream; far more than a designer opens, far fewer threads
# than a flood of sockets would have started.
MAX_CONNECTIONS = 64

# Builds the site for a loaded, error-free database; returns a one-line summary for the terminal.
SiteBuilder = Callable[[CardDatabase, Report], str]


@dataclass
class Preview:
    """The state shared by the watcher and the HTTP handlers: where the site is and the latest build."""

    project: Project
    pack: GamePack
    site_root: Path
    build_site: SiteBuilder
    out: TextIO = sys.stdout
    events: BuildEvents = field(default_factory=BuildEvents)
    stopping: threading.Event = field(default_factory=threading.Event)
    _build_lock: threading.Lock = field(default_factory=threading.Lock)

    def rebuild(self, changed: set[Path] | None = None) -> BuildStatus:
        """Validate, then build the site if there are no errors; publish the outcome to open pages."""
        with self._build_lock:
            started = time.perf_counter()
            number = self.events.latest.build + 1
            if changed:
                shown = ", ".join(sorted(_display(p, self.project.root) for p in changed)[:5])
                self.say(f"changed: {shown}{' ...' if len(changed) > 5 else ''}")
                if any(p.suffix == ".py" for p in changed):
                    self.say("game pack code changed: restart carddb serve to load new Python code")
            report = Report(root=self.project.root)
            try:
                # A project's game.yaml is read again when it changed (installed packs stay as loaded).
                self.pack = get_pack(self.pack.id, self.project)
                db, report = load_database(self.project, self.pack, report)
                if report.errors:
                    status = BuildStatus(
                        number, "errors", f"{report.summary()}: fix them to update the site", shown_findings(report)
                    )
                else:
                    # Render findings (say, text overflow) do not stop the site: the card is drawn, overflowing.
                    summary = self.build_site(db, report)
                    status = BuildStatus(number, "ok", f"{summary}; {report.summary()}", shown_findings(report))
            except CarddbError as exc:
                status = BuildStatus(number, "failed", str(exc), shown_findings(report))
            except Exception as exc:  # a bad edit must never kill the server: report it and keep serving
                status = BuildStatus(number, "failed", f"{type(exc).__name__}: {exc}", shown_findings(report))
            text = report.format_text()
            if text:
                self.say(text)
            elapsed = time.perf_counter() - started
            self.say(f"build {number} {status.state} in {elapsed:.2f}s: {status.summary}")
            self.events.publish(status)
            return status

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)


def watched_paths(project: Project, pack: GamePack) -> list[Path]:
    """data/<game>/, the project's templates/, carddb's own templates and the game pack's folders."""
    candidates = [
        project.data_dir(pack),
        project.templates_dir(),
        default_templates_dir().parent,
        pack_folder(pack),
        pack.template_dir,
        pack.icon_dir,
    ]
    unique: list[Path] = []
    for path in sorted({p.resolve() for p in candidates if p is not None and p.exists()}, key=lambda p: len(p.parts)):
        if not any(path.is_relative_to(kept) for kept in unique):
            unique.append(path)
    return unique


class PreviewHandler(BaseHTTPRequestHandler):
    """Serves the site folder (HTML with the live script injected), the event stream and the status."""

    preview: Preview
    server_version = "carddb-serve"

    # A connection that sends no request within this long is closed (a thread each: 800 idle sockets held 804).
    timeout = IDLE_SECONDS

    def do_GET(self) -> None:
        if not self._host_allowed():
            return
        route = unquote(urlsplit(self.path).path)
        if route == EVENTS_PATH:
            self._events()
        elif route == STATUS_PATH:
            self._send(HTTPStatus.OK, "application/json", self.preview.events.latest.to_json().encode())
        elif route == SCRIPT_PATH:
            self._script()
        else:
            self._file(route)

    def _host_allowed(self) -> bool:
        """Only requests addressed to this server by a loopback name: a page of another site that made its own
        name resolve to 127.0.0.1 (DNS rebinding) sends its name as Host, and gets nothing."""
        port = self.server.server_address[1]
        host = (self.headers.get("Host") or "").strip().lower()
        if host in {f"{name}:{port}" for name in LOOPBACK_NAMES} or host in LOOPBACK_NAMES:
            return True
        self._send(HTTPStatus.MISDIRECTED_REQUEST, "text/plain; charset=utf-8", b"carddb serve answers only localhost")
        return False

    def _script(self) -> None:
        # Read as templates are: a project's templates/site/live.js that links out of it is not served.
        folders = [self.preview.project.templates_dir() / "site", default_templates_dir()]
        try:
            script = confined_source(folders, "live.js").encode("utf-8")
        except (jinja2.TemplateError, OSError, UnicodeDecodeError) as exc:
            self.preview.say(f"not serving {SCRIPT_PATH}: {exc}")
            self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"not found")
            return
        self._send(HTTPStatus.OK, "text/javascript; charset=utf-8", script)

    def do_HEAD(self) -> None:
        self.do_GET()

    def log_message(self, format: str, *args: object) -> None:
        # Request lines would drown the build messages the designer is watching for.
        return

    def _file(self, route: str) -> None:
        root = self.preview.site_root.resolve()
        relative = route.lstrip("/")
        if "\0" in relative:  # a NUL byte ("%00") names no file; resolving it would raise in the handler thread
            self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"not found")
            return
        target = (root / relative).resolve() if relative else root
        if not target.is_relative_to(root):
            self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"not found")
            return
        if target.is_dir():
            target = target / "index.html"
        if not target.is_file():
            if target.suffix == ".html" or target == root / "index.html":
                self._html(HTTPStatus.NOT_FOUND, _missing_page(relative or "index.html"))
            else:
                self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"not found")
            return
        try:
            data = target.read_bytes()
        except OSError:
            self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"not found")
            return
        if target.suffix == ".html":
            self._html(HTTPStatus.OK, data)
        else:
            kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
            self._send(HTTPStatus.OK, kind, data)

    def _html(self, status: HTTPStatus, data: bytes) -> None:
        body = inject_live_script(data, self.preview.events.latest.build)
        self._send(status, "text/html; charset=utf-8", body)

    def _send(self, status: HTTPStatus, content_type: str, body: bytes) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            # Every rebuild may change any file; the browser must always ask again.
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            return

    def _events(self) -> None:
        events = self.preview.events
        inbox = events.subscribe()
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            if self.command == "HEAD":  # the headers only: a HEAD response has no body, so no stream
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.end_headers()
            self._event(events.latest)
            quiet_since = time.monotonic()
            while not self.preview.stopping.is_set():
                try:
                    status = inbox.get(timeout=0.5)
                except queue.Empty:
                    if time.monotonic() - quiet_since > KEEPALIVE_SECONDS:
                        self.wfile.write(b": keepalive\n\n")
                        self.wfile.flush()
                        quiet_since = time.monotonic()
                    continue
                self._event(status)
                quiet_since = time.monotonic()
        except (BrokenPipeError, ConnectionResetError, OSError):
            pass
        finally:
            events.unsubscribe(inbox)

    def _event(self, status: BuildStatus) -> None:
        self.wfile.write(f"event: build\ndata: {status.to_json()}\n\n".encode())
        self.wfile.flush()


def _missing_page(relative: str) -> bytes:
    from html import escape

    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Not built yet</title></head>"
        f"<body><h1>{escape(relative)} is not built</h1><p>carddb serve has no page here yet: the first build "
        "stopped on errors (listed below) or this card does not exist.</p></body></html>"
    ).encode()


def _display(path: Path, root: Path) -> str:
    try:
        return str(path.resolve().relative_to(root))
    except ValueError:
        return str(path)


class BoundedServer(ThreadingHTTPServer):
    """A thread per connection, at most `MAX_CONNECTIONS` at once: one more is closed at once, unanswered."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler]) -> None:
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        super().__init__(address, handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(blocking=False):
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


def make_server(preview: Preview, port: int) -> ThreadingHTTPServer:
    handler = type("BoundPreviewHandler", (PreviewHandler,), {"preview": preview})
    try:
        server = BoundedServer((HOST, port), handler)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise UsageError(f"port {port} on {HOST} is already in use; choose another with --port") from None
        if exc.errno == errno.EACCES:
            raise UsageError(f"not allowed to listen on port {port}; use a port above 1023") from None
        raise
    server.daemon_threads = True
    return server


def serve(preview: Preview, port: int) -> None:
    """Build once, then serve and rebuild on changes until Ctrl-C (SIGINT) or SIGTERM."""
    server = make_server(preview, port)
    http_thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
    watcher = threading.Thread(target=_watch_safely, args=(preview,), daemon=True)
    previous_term = signal.signal(signal.SIGTERM, _interrupt)
    try:
        preview.rebuild()
        http_thread.start()
        watcher.start()
        preview.say(f"serving {preview.site_root} at http://{HOST}:{server.server_address[1]}/ (Ctrl-C to stop)")
        while not preview.stopping.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        preview.stopping.set()
        if http_thread.is_alive():
            server.shutdown()
        server.server_close()
        if watcher.is_alive():
            watcher.join(timeout=2)
        signal.signal(signal.SIGTERM, previous_term)
        preview.say("stopped")


def _watch_safely(preview: Preview) -> None:
    paths = watched_paths(preview.project, preview.pack)
    preview.say("watching " + ", ".join(_display(p, preview.project.root) for p in paths))
    while not preview.stopping.is_set():
        try:
            watch_changes(paths, preview.rebuild, preview.stopping)
        except Exception as exc:  # a watcher hiccup (a watched folder deleted) must not stop the server
            preview.say(f"watcher restarted after {type(exc).__name__}: {exc}")
            preview.stopping.wait(0.5)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt
