"""`carddb serve` against a hostile page and a hostile project (issue 29, findings 3 and 10).

Before the fix: a project's `templates/site/live.js` that linked out of the project was read
directly and served at /__carddb/live.js; any Host header was answered (a page whose own name
was made to resolve to 127.0.0.1, DNS rebinding, could read the preview and its status);
`HEAD /__carddb/events` sent a body and never ended; and connections had neither a bound nor
an idle timeout (800 half-open sockets held 804 threads). The server runs here in this process
on a free port, over a tiny project whose site is one page.
"""

from __future__ import annotations

import http.client
import io
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.projects import write_project

from carddb.cards.database import CardDatabase
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.site import serve as serve_module
from carddb.site.serve import Preview, make_server

SECRET = "serve-limits-secret-31c9"


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[int, Preview, Path]]:
    monkeypatch.setattr(serve_module.PreviewHandler, "timeout", 1.0)
    root = write_project(tmp_path / "project")
    site = root / "output" / "loe" / "site"

    def build(db: CardDatabase, report: Report) -> str:
        site.mkdir(parents=True, exist_ok=True)
        (site / "index.html").write_text("<html><body><p>gallery</p></body></html>", encoding="utf-8")
        return "1 page"

    preview = Preview(Project.at(root), get_pack("loe"), site, build, out=io.StringIO())
    preview.rebuild()
    server = make_server(preview, 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], preview, root
    finally:
        preview.stopping.set()
        server.shutdown()
        server.server_close()


def _request(port: int, path: str, *, host: str | None = None, method: str = "GET") -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest(method, path, skip_host=host is not None)
        if host is not None:
            connection.putheader("Host", host)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_live_js_that_links_out_of_the_project_is_not_served(served: tuple[int, Preview, Path], tmp_path: Path) -> None:
    port, _, root = served
    outside = tmp_path / "outside.js"
    outside.write_text(f"window.leak = '{SECRET}';\n", encoding="utf-8")
    (root / "templates" / "site").mkdir(parents=True)
    (root / "templates" / "site" / "live.js").symlink_to(outside)
    status, body = _request(port, "/__carddb/live.js")
    assert status == 404
    assert SECRET.encode() not in body


def test_live_js_is_served_from_carddb_or_the_project(served: tuple[int, Preview, Path]) -> None:
    port, _, root = served
    status, body = _request(port, "/__carddb/live.js")
    assert status == 200 and b"EventSource" in body
    (root / "templates" / "site").mkdir(parents=True)
    (root / "templates" / "site" / "live.js").write_text("window.own = 1;\n", encoding="utf-8")
    assert _request(port, "/__carddb/live.js") == (200, b"window.own = 1;\n")


@pytest.mark.parametrize("path", ["/", "/index.html", "/__carddb/status", "/__carddb/live.js", "/__carddb/events"])
@pytest.mark.parametrize(
    "host", ["attacker.example", "attacker.example:{port}", "127.0.0.1.attacker.example:{port}", ""]
)
def test_a_request_for_another_host_name_gets_nothing(served: tuple[int, Preview, Path], path: str, host: str) -> None:
    port, _, _ = served
    status, body = _request(port, path, host=host.format(port=port))
    assert status == 421
    assert b"gallery" not in body and b"build" not in body


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST:{port}", "localhost"])
def test_loopback_names_are_answered(served: tuple[int, Preview, Path], host: str) -> None:
    port, _, _ = served
    assert _request(port, "/index.html", host=host.format(port=port))[0] == 200


def test_head_on_the_event_stream_sends_headers_and_ends(served: tuple[int, Preview, Path]) -> None:
    port, _, _ = served
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(f"HEAD /__carddb/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        received = b""
        started = time.monotonic()
        while chunk := sock.recv(4096):  # the server must close the connection: recv then returns b""
            received += chunk
    assert time.monotonic() - started < 5
    head, _, body = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.0 200") and b"text/event-stream" in head
    assert body == b""


def test_idle_connections_are_bounded_and_closed(served: tuple[int, Preview, Path]) -> None:
    port, _, _ = served
    threads_before = threading.active_count()
    idle = []
    try:
        for _ in range(300):  # connected, never a byte sent
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        time.sleep(0.5)
        assert threading.active_count() - threads_before <= serve_module.MAX_CONNECTIONS
        # Past the idle timeout (1 s here) the server has closed every one of them.
        deadline = time.monotonic() + 10
        for sock in idle:
            sock.settimeout(max(0.1, deadline - time.monotonic()))
            assert sock.recv(1) == b""
    finally:
        for sock in idle:
            sock.close()
    assert _request(port, "/index.html")[0] == 200
