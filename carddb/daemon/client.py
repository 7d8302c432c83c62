"""The daemon's client side: run a command line in the daemon, and start, stop or ask it.

`run_remote` is what every `carddb` command tries first (see `carddb.cli.launch`); `start`,
`stop` and `status` are what `carddb daemon start|stop|status` do.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from carddb.daemon.protocol import (
    DEFAULT_IDLE_SECONDS,
    FORWARDED_SIGNALS,
    LIMITS,
    SUPPORTED,
    UnsafeFolder,
    check_folder,
    connect,
    import_path,
    read_message,
    runtime_folder,
    send_message,
    socket_path,
)
from carddb.findings.errors import CarddbError, UsageError


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

    command = [sys.executable, "-P", "-m", "carddb.daemon.server", "--socket", os.fspath(socket_path())]
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


# A Unix socket's path is limited to 107 bytes on Linux (sun_path).
MAX_SOCKET_PATH = 107

START_TIMEOUT = 30.0  # seconds: importing everything on a slow, loaded machine


def ask(message: dict[str, Any], path: Path | None = None) -> dict[str, Any] | None:
    """The running daemon's answer to `message`, or None if none runs."""
    sock = connect(path or socket_path(), timeout=10)
    if sock is None:
        return None
    with sock:
        try:
            send_message(sock, message)
            return read_message(sock)
        except (OSError, EOFError, ValueError):
            return None


def _private_folder() -> Path:
    folder = runtime_folder()
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        check_folder(folder)
    except UnsafeFolder as exc:
        raise CarddbError(f"{exc}; carddb will not put its daemon's socket there") from exc
    except OSError as exc:
        raise CarddbError(f"{folder}: {exc.strerror or exc}") from exc
    return folder


def _describe(status: dict[str, Any]) -> str:
    minutes = float(status.get("idle", 0)) / 60
    return (
        f"pid {status.get('pid')}, up {time.time() - float(status.get('started', time.time())):.0f} s, "
        f"{status.get('served', 0)} commands run, {status.get('running', 0)} running; "
        f"stops after {minutes:g} idle minutes"
    )


def start(idle_seconds: float = DEFAULT_IDLE_SECONDS) -> str:
    """Start the daemon (unless one runs) and wait until it answers; what happened, in words."""
    if not SUPPORTED:
        raise UsageError("the daemon needs fork() and descriptor passing over Unix sockets (Linux, macOS)")
    path = socket_path()
    if len(os.fsencode(path)) > MAX_SOCKET_PATH:
        raise UsageError(
            f"the daemon's socket path {path} is longer than {MAX_SOCKET_PATH} bytes; set XDG_RUNTIME_DIR to a shorter folder"
        )
    running = ask({"status": True}, path)
    if running is not None:
        return f"already running ({_describe(running)})"
    folder = _private_folder()
    log = folder / f"{path.stem}.log"
    with open(log, "wb") as log_file:
        process = subprocess.Popen(
            [
                sys.executable,
                "-P",
                "-m",
                "carddb.daemon.server",
                "--socket",
                os.fspath(path),
                "--idle",
                str(idle_seconds),
            ],
            cwd="/",
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=log_file,
            start_new_session=True,
        )
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        status = ask({"status": True}, path)
        if status is not None:
            return f"started ({_describe(status)}); `carddb daemon stop` stops it"
        if process.poll() is not None:
            tail = log.read_text(errors="replace").strip().splitlines()[-5:]
            raise CarddbError("the daemon stopped as it started:\n  " + "\n  ".join(tail or ["(no output)"]))
        time.sleep(0.05)
    process.terminate()
    raise CarddbError(f"the daemon did not answer within {START_TIMEOUT:g} s (its log: {log})")


def stop() -> str:
    """Stop the daemon once the commands it is running have finished; what happened, in words."""
    path = socket_path()
    answer = ask({"stop": True}, path)
    if answer is None:
        return "not running"
    pid = int(answer.get("stopping", 0))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _alive(pid):
        time.sleep(0.05)
    running = int(answer.get("running", 0))
    waited = f" after the {running} commands it was running" if running else ""
    return f"stopped (pid {pid}){waited}"


def _alive(pid: int) -> bool:
    """The daemon has not exited yet. One that exited but that no init has reaped (a zombie) has."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        return "\nState:\tZ" not in Path(f"/proc/{pid}/status").read_text()
    except OSError:  # no /proc (macOS): the signal said it is there
        return True


def status() -> str | None:
    """The running daemon in words, or None if none runs."""
    answer = ask({"status": True})
    return None if answer is None else f"running ({_describe(answer)})"
