"""The `carddb` command's entry point: hand the command line to a running daemon, or run it here.

Starting Python, importing carddb, pydantic, typer and the game packs, and (for print and
build) WeasyPrint costs most of a second before a command does any work. `carddb daemon
start` keeps one process with all of that imported (carddb.daemon); each command is then
a fork of it, which runs with this process's arguments, folder, environment, umask,
resource limits and its very own stdin, stdout and stderr (the descriptors are passed
over the socket), so output, colours, progress bars and exit codes are what running it
here would give. Ctrl-C and other signals that reach this process are passed on.

This module is imported by every command line, so it imports nothing heavy: when no
daemon runs, it costs one failed `connect` before the usual start-up. CARDDB_NO_DAEMON=1
always runs here. The daemon declines a command line whose Python path differs from its
own (another virtual environment, another PYTHONPATH), and one that arrives after any
module it has imported changed on disk; the command then runs here, and a stale daemon
is restarted in the background.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import stat
import struct
import sys
from pathlib import Path
from typing import Any

NO_DAEMON_VAR = "CARDDB_NO_DAEMON"
# Signals a user sends to the command (Ctrl-C, Ctrl-\, a closed terminal, kill): the fork gets them.
FORWARDED_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)
# Limits a test or a batch job may set on the command (`ulimit -f`, `ulimit -v`): the fork gets them too.
LIMITS = ("RLIMIT_CPU", "RLIMIT_FSIZE", "RLIMIT_DATA", "RLIMIT_STACK", "RLIMIT_CORE", "RLIMIT_NOFILE", "RLIMIT_AS")
HEADER = struct.Struct("!I")
# The daemon forks and passes descriptors over a Unix socket: Linux and macOS, not Windows.
SUPPORTED = hasattr(os, "fork") and hasattr(socket, "send_fds") and hasattr(socket, "AF_UNIX")


class UnsafeFolder(Exception):
    """The daemon's folder exists but another user could reach into it: it is not used."""


def runtime_folder() -> Path:
    """Where the daemon's socket and log live: private to this user."""
    base = os.environ.get("XDG_RUNTIME_DIR")
    if base and os.path.isdir(base):
        return Path(base) / "carddb"
    return Path(os.environ.get("TMPDIR") or "/tmp") / f"carddb-{os.getuid()}"


def check_folder(folder: Path) -> None:
    """Raise UnsafeFolder unless `folder` is a real folder of this user that nobody else can enter."""
    info = os.lstat(folder)
    if not stat.S_ISDIR(info.st_mode):
        raise UnsafeFolder(f"{folder} is not a folder (a link or a file)")
    if info.st_uid != os.getuid():
        raise UnsafeFolder(f"{folder} belongs to another user (uid {info.st_uid})")
    if info.st_mode & 0o077:
        raise UnsafeFolder(
            f"{folder} can be entered by other users (mode {stat.S_IMODE(info.st_mode):o}; it must be 700)"
        )


def socket_name() -> str:
    """One daemon per Python and carddb installation: two virtual environments never share one."""
    import hashlib  # not on the common path (no daemon)

    key = f"{os.path.realpath(sys.executable)}\0{Path(__file__).resolve().parent}\0{sys.version}"
    return f"daemon-{hashlib.sha256(key.encode()).hexdigest()[:12]}"


def socket_path() -> Path:
    return runtime_folder() / f"{socket_name()}.sock"


def import_path() -> list[str]:
    """The Python path that decides which code runs, without the entry's own first entry (script or cwd)."""
    return sys.path[1:]


def send_message(sock: socket.socket, message: dict[str, Any], fds: list[int] | None = None) -> None:
    data = json.dumps(message).encode()
    packet = HEADER.pack(len(data)) + data
    sent = socket.send_fds(sock, [packet], fds) if fds else sock.send(packet)
    if sent < len(packet):
        sock.sendall(packet[sent:])


def read_exactly(sock: socket.socket, size: int) -> bytes:
    chunks = bytearray()
    while len(chunks) < size:
        chunk = sock.recv(size - len(chunks))
        if not chunk:
            raise EOFError("the other side hung up")
        chunks += chunk
    return bytes(chunks)


def read_message(sock: socket.socket, max_size: int = 16 << 20) -> dict[str, Any]:
    (size,) = HEADER.unpack(read_exactly(sock, HEADER.size))
    if size > max_size:
        raise ValueError(f"a message of {size} bytes is larger than {max_size}")
    return parse_message(read_exactly(sock, size))


def parse_message(data: bytes) -> dict[str, Any]:
    message = json.loads(data)
    if not isinstance(message, dict):
        raise ValueError("a message must be a JSON object")
    return message


def connect(path: Path, timeout: float | None = None) -> socket.socket | None:
    """A connection to the daemon at `path`, or None if none answers there (or its folder is unsafe)."""
    try:
        check_folder(path.parent)
    except (OSError, UnsafeFolder):
        return None
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        sock.connect(os.fspath(path))
    except OSError:
        sock.close()
        return None
    return sock


def _limits() -> dict[str, list[int]]:
    import resource

    return {name: list(resource.getrlimit(getattr(resource, name))) for name in LIMITS if hasattr(resource, name)}


def _std_fds() -> tuple[list[int], list[int]]:
    """fds 0, 1 and 2 to pass on; a closed one is passed as /dev/null (the opened ones are returned to close)."""
    fds: list[int] = []
    opened: list[int] = []
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
            fds.append(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            opened.append(null)
            fds.append(null)
    return fds, opened


def _stream_codec(stream: Any) -> list[str]:
    """How this process encodes a standard stream (PYTHONIOENCODING, the locale): the fork does the same."""
    return [getattr(stream, "encoding", None) or "utf-8", getattr(stream, "errors", None) or "strict"]


def run_request(argv: list[str]) -> dict[str, Any] | None:
    """What the daemon needs to run `argv` as this process would, or None if it cannot (no folder)."""
    try:
        cwd = os.getcwd()
    except OSError:  # the folder was deleted under the shell: let the local run report it
        return None
    umask = os.umask(0o022)
    os.umask(umask)
    return {
        "run": {
            "argv": argv,
            "cwd": cwd,
            "env": dict(os.environ),
            "umask": umask,
            "limits": _limits(),
            "path": import_path(),
            "streams": [_stream_codec(sys.stdin), _stream_codec(sys.stdout), _stream_codec(sys.stderr)],
        }
    }


def run_remote(sock: socket.socket, argv: list[str]) -> int | None:
    """Run `argv` in the daemon; its exit code, or None if the daemon declined (run it here then)."""
    request = run_request(argv)
    if request is None:
        return None
    # Signals are caught from before the request leaves: one that arrives before the daemon's
    # fork has started waits for it, and one that arrives after goes straight to it.
    pending: list[int] = []
    started = False

    def forward(signum: int, _frame: object) -> None:
        if not started:
            pending.append(signum)
            return
        with contextlib.suppress(OSError):
            send_message(sock, {"signal": signum})

    previous = {signum: signal.signal(signum, forward) for signum in FORWARDED_SIGNALS}
    fds, opened = _std_fds()
    try:
        send_message(sock, request, fds)
        reply = read_message(sock)
    except (OSError, EOFError, ValueError):
        reply = {"declined": "no answer"}
    finally:
        for fd in opened:
            os.close(fd)
    if "declined" in reply:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if pending:
            print("carddb: interrupted", file=sys.stderr)
            return 128 + pending[0]
        if reply.get("restart"):
            restart_in_background(float(reply.get("idle", 0)))
        return None
    started = True
    for signum in pending:
        forward(signum, None)
    try:
        reply = read_message(sock)
    except (OSError, EOFError, ValueError):
        print("carddb: the daemon stopped while it ran the command (see `carddb daemon status`)", file=sys.stderr)
        return 1
    return int(reply.get("exit", 1))


def restart_in_background(idle_seconds: float) -> None:
    """Start a new daemon for the changed code, not waiting for it: this command runs here meanwhile."""
    import subprocess

    command = [sys.executable, "-P", "-m", "carddb.daemon", "--socket", os.fspath(socket_path())]
    if idle_seconds > 0:
        command += ["--idle", str(idle_seconds)]
    with contextlib.suppress(OSError):
        subprocess.Popen(
            command,
            cwd="/",
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )


def run_local() -> None:
    from carddb.cli import main as cli_main  # the heavy import: only when the command runs here

    cli_main()


def main() -> None:
    argv = sys.argv[1:]
    daemon_command = bool(argv) and argv[0] == "daemon"
    if SUPPORTED and not os.environ.get(NO_DAEMON_VAR) and not daemon_command:
        sock = connect(socket_path())
        if sock is not None:
            with sock:
                code = run_remote(sock, argv)
            if code is not None:
                sys.exit(code)
    run_local()
