"""`carddb serve` on the hostile project: loopback only, payloads inert, nothing served from outside the site.

A copy of the built injection project (so the shared build is never rewritten under other tests)
is served on a free port. The listening socket must be bound to 127.0.0.1 alone (read from
/proc/net/tcp, and a connection to another address of the machine fails); every card page and the
gallery as served carry no live payload; requests that climb out of the site folder (dot segments,
percent-encoded or not, and symlinks planted in the site) get a 404, never the canary's content.
"""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hostile_out_tools import PAYLOADS, card_id, live_markup, marker

Served = tuple[int, str, subprocess.Popen[str]]


@pytest.fixture(scope="module")
def served(
    injection_build: tuple[Path, dict[str, object]], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Served]:
    source, record = injection_build
    project = tmp_path_factory.mktemp("serve") / "project"
    shutil.copytree(source, project, symlinks=True)
    site = project / "output" / "loe" / "site"
    canary = Path(str(record["canary"]))
    (site / "leak.txt").symlink_to(canary / "secret.txt")
    (site / "leakdir").symlink_to(canary, target_is_directory=True)
    proc = subprocess.Popen(
        [sys.executable, "-m", "carddb", "serve", "--port", "0", "--project", str(project)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    port, seen = 0, []
    deadline = time.monotonic() + 240
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        seen.append(line)
        if "serving " in line and "http://127.0.0.1:" in line:
            port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
            break
        if not line and proc.poll() is not None:
            break
    assert port, "".join(seen)
    try:
        yield port, str(record["token"]), proc
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()


def _get(port: int, path: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        # putrequest sends the path exactly as given: no client-side normalisation of dot segments.
        connection.putrequest("GET", path, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def _listening_addresses(port: int) -> list[str]:
    """Local addresses of the sockets listening on `port`, from /proc/net/tcp and tcp6 (hex, as the kernel writes)."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not os.path.exists(table):
            continue
        with open(table, encoding="ascii") as rows:
            next(rows)
            for row in rows:
                fields = row.split()
                address, hex_port = fields[1].rsplit(":", 1)
                if int(hex_port, 16) == port and fields[3] == "0A":  # 0A: LISTEN
                    found.append(address)
    return found


def test_serve_listens_on_loopback_only(served: Served) -> None:
    port, _, _ = served
    assert _listening_addresses(port) == ["0100007F"]  # 127.0.0.1, little-endian hex; no 0.0.0.0, no IPv6
    others = [
        info[4][0]
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        if not info[4][0].startswith("127.")
    ]
    for address in others:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.settimeout(5)
            assert probe.connect_ex((address, port)) != 0, address


@pytest.mark.parametrize("name", PAYLOADS)
def test_served_card_page_never_runs_the_payload(served: Served, name: str) -> None:
    port, _, _ = served
    status, body = _get(port, f"/cards/{card_id(name)}.html")
    assert status == 200
    assert live_markup(body.decode("utf-8"), marker(name)) == []


def test_served_gallery_never_runs_a_payload(served: Served) -> None:
    port, _, _ = served
    status, body = _get(port, "/index.html")
    assert status == 200
    page = body.decode("utf-8")
    assert [found for name in PAYLOADS for found in live_markup(page, marker(name))] == []


CLIMBS = [
    "/../../canary/secret.txt",
    "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/canary/secret.txt",
    "/cards/..%2f..%2f..%2f..%2fcanary%2fsecret.txt",
    "/cards/../../../../../../../../etc/passwd",
    "//etc/passwd",
    "/leak.txt",
    "/leakdir/secret.txt",
    "/..%5c..%5c..%5c..%5ccanary%5csecret.txt",
    "/index.html%00.txt",
    "http://127.0.0.1/../../../../etc/passwd",
]


@pytest.mark.parametrize("path", CLIMBS)
def test_serve_never_answers_outside_the_site(served: Served, path: str) -> None:
    port, token, proc = served
    status, body = _get(port, path)
    assert status == 404, (status, body[:200])
    assert token.encode() not in body
    assert b"root:" not in body
    assert proc.poll() is None  # still serving
