"""The live preview without a browser: rebuilds, findings, the HTTP routes, the event stream, the watcher."""

from __future__ import annotations

import io
import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from site_fixtures import write_project

from carddb.cards.database import CardDatabase
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.findings.errors import UsageError
from carddb.packs.lookup import get_pack
from carddb.site.livereload import BuildEvents, BuildStatus, inject_live_script, watch_changes
from carddb.site.serve import Preview, make_server, watched_paths
from carddb.site.spoiler import build_site


def preview_for(root: Path, builder: object = None) -> Preview:
    project, pack = Project.at(root), get_pack("loe")
    site = root / "output" / "loe" / "site"

    def build(db: CardDatabase, report: Report) -> str:
        build_site(db, site, {})
        return f"{len(db.cards)} cards"

    return Preview(project, pack, site, builder or build, out=io.StringIO())  # type: ignore[arg-type]


def test_live_script_goes_before_the_last_body_end() -> None:
    html = b"<html><body><script>'</body>'</script><p>x</p></BODY></html>"
    out = inject_live_script(html, 7)
    assert out.index(b'data-build="7"') > out.index(b"<p>x</p>")
    assert out.endswith(b"</BODY></html>")
    assert inject_live_script(b"<p>fragment</p>", 1).startswith(b"<p>fragment</p><script")


def test_rebuild_publishes_ok_then_located_errors_then_ok(tmp_path: Path) -> None:
    root = write_project(tmp_path)
    preview = preview_for(root)
    inbox = preview.events.subscribe()
    first = preview.rebuild()
    assert (first.build, first.state, first.findings) == (1, "ok", ())
    assert (root / "output/loe/site/index.html").is_file()

    council = root / "data/loe/cards/council.yaml"
    good = council.read_text()
    council.write_text(good.replace("  health: 8\n", "  health: 8\n  helth: 9\n"))
    bad = preview.rebuild({council})
    assert bad.state == "errors" and bad.build == 2
    [finding] = [f for f in bad.findings if f.severity == "error"]
    line = good.splitlines().index("  health: 8") + 2
    assert finding.where == f"data/loe/cards/council.yaml:{line}:3"
    assert finding.code == "E-UNKNOWN-FIELD" and "'helth'" in finding.message
    # The last good site stays: the duke is still on it.
    assert (root / "output/loe/site/cards/test-duke.html").is_file()
    terminal = preview.out.getvalue()  # type: ignore[attr-defined]
    assert f"data/loe/cards/council.yaml:{line}:3: E-UNKNOWN-FIELD" in terminal

    council.write_text(good)
    assert preview.rebuild({council}).state == "ok"
    assert [inbox.get_nowait().build for _ in range(3)] == [1, 2, 3]


def test_a_crashing_build_is_reported_not_raised(tmp_path: Path) -> None:
    def broken(db: CardDatabase, report: Report) -> str:
        raise RuntimeError("renderer fell over")

    preview = preview_for(write_project(tmp_path), broken)
    status = preview.rebuild()
    assert status.state == "failed" and "renderer fell over" in status.summary
    assert preview.events.latest is status


def test_watched_paths_cover_data_templates_and_the_pack(tmp_path: Path) -> None:
    root = write_project(tmp_path)
    (root / "templates").mkdir()
    paths = watched_paths(Project.at(root), get_pack("loe"))
    assert root / "data" / "loe" in paths
    assert root / "templates" in paths
    assert any(p.parts[-2:] == ("games", "loe") for p in paths)
    assert not any(p.is_relative_to(root / "output") for p in paths)


def test_watcher_reports_a_changed_card_file(tmp_path: Path) -> None:
    root = write_project(tmp_path)
    seen: list[set[Path]] = []
    got = threading.Event()
    stop = threading.Event()

    def changed(paths: set[Path]) -> None:
        seen.append(paths)
        got.set()

    thread = threading.Thread(target=watch_changes, args=([root / "data"], changed, stop), daemon=True)
    thread.start()
    try:
        card = root / "data/loe/cards/deck.yaml"
        # The watcher needs a moment to start; keep touching the file until it reports.
        for _ in range(40):
            card.write_text(card.read_text() + "\n")
            if got.wait(0.25):
                break
        assert got.is_set(), "no change reported within 10 s"
        assert card in set().union(*seen)
    finally:
        stop.set()
        thread.join(timeout=5)
    assert not thread.is_alive()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Preview]]:
    preview = preview_for(write_project(tmp_path))
    preview.rebuild()
    http = make_server(preview, 0)
    thread = threading.Thread(target=http.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{http.server_address[1]}", preview
    finally:
        preview.stopping.set()
        http.shutdown()
        http.server_close()


def fetch(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers["Content-Type"], exc.read()


def test_server_binds_loopback_and_injects_the_live_script(server: tuple[str, Preview]) -> None:
    base, preview = server
    assert base.startswith("http://127.0.0.1:")
    status, kind, body = fetch(base + "/")
    assert status == 200 and kind.startswith("text/html")
    assert b'<script src="/__carddb/live.js" data-build="1"' in body
    assert b"__carddb" not in (preview.site_root / "index.html").read_bytes()  # the static site stays clean
    status, kind, body = fetch(base + "/__carddb/live.js")
    assert status == 200 and b"EventSource" in body
    status, _, body = fetch(base + "/__carddb/status")
    assert json.loads(body)["state"] == "ok"


def test_server_refuses_paths_outside_the_site(server: tuple[str, Preview]) -> None:
    base, preview = server
    secret = preview.site_root.parent / "secret.txt"
    secret.write_text("not for the browser")
    for path in ("/../secret.txt", "/%2e%2e/secret.txt", "/cards/..%2f..%2fsecret.txt", "/nope.css"):
        status, _, body = fetch(base + path)
        assert status == 404 and b"not for the browser" not in body, path


def test_event_stream_sends_the_current_then_each_new_build(server: tuple[str, Preview]) -> None:
    base, preview = server
    with urllib.request.urlopen(base + "/__carddb/events", timeout=5) as stream:
        assert stream.headers["Content-Type"] == "text/event-stream"

        def next_event() -> dict[str, object]:
            lines = []
            while (line := stream.readline().decode()) != "\n":
                lines.append(line.strip())
            assert lines[0] == "event: build"
            return json.loads(lines[1].removeprefix("data: "))

        assert next_event()["build"] == 1
        preview.events.publish(BuildStatus(2, "errors", "1 error", ()))
        event = next_event()
        assert (event["build"], event["state"]) == (2, "errors")


def test_build_events_fan_out_to_every_subscriber() -> None:
    events = BuildEvents()
    a, b = events.subscribe(), events.subscribe()
    events.publish(BuildStatus(1, "ok", "done"))
    events.unsubscribe(b)
    events.publish(BuildStatus(2, "ok", "done"))
    assert [a.get_nowait().build, a.get_nowait().build] == [1, 2]
    assert b.get_nowait().build == 1 and b.empty()
    assert events.listeners == 1


def test_a_busy_port_is_a_usage_error_not_a_traceback(server: tuple[str, Preview]) -> None:
    base, preview = server
    port = int(base.rsplit(":", 1)[1])
    with pytest.raises(UsageError, match=f"port {port} on 127.0.0.1 is already in use"):
        make_server(preview, port)
