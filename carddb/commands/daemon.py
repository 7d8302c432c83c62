"""`carddb daemon start|stop|status`: the resident process that makes commands start at once."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from carddb.daemon import DEFAULT_IDLE_SECONDS
from carddb.errors import CarddbError, UsageError
from carddb.launch import (
    SUPPORTED,
    UnsafeFolder,
    check_folder,
    connect,
    read_message,
    runtime_folder,
    send_message,
    socket_path,
)

# A Unix socket's path is limited to 107 bytes on Linux (sun_path).
MAX_SOCKET_PATH = 107
START_TIMEOUT = 30.0  # seconds: importing everything on a slow, loaded machine

daemon_app = typer.Typer(
    help="A resident process that keeps carddb loaded, so each command starts at once.", no_args_is_help=True
)


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


@daemon_app.command()
def start(
    idle: Annotated[
        float,
        typer.Option(
            "--idle", help="Minutes without a command after which the daemon stops.", min=0.01, max=7 * 24 * 60
        ),
    ] = DEFAULT_IDLE_SECONDS / 60,
) -> None:
    """Start the daemon: later commands of this Python installation run as forks of it."""
    if not SUPPORTED:
        raise UsageError("the daemon needs fork() and descriptor passing over Unix sockets (Linux, macOS)")
    path = socket_path()
    if len(os.fsencode(path)) > MAX_SOCKET_PATH:
        raise UsageError(
            f"the daemon's socket path {path} is longer than {MAX_SOCKET_PATH} bytes; set XDG_RUNTIME_DIR to a shorter folder"
        )
    running = ask({"status": True}, path)
    if running is not None:
        print(f"carddb daemon: already running ({_describe(running)})")
        return
    folder = _private_folder()
    log = folder / f"{path.stem}.log"
    with open(log, "wb") as log_file:
        process = subprocess.Popen(
            [sys.executable, "-P", "-m", "carddb.daemon", "--socket", os.fspath(path), "--idle", str(idle * 60)],
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
            print(f"carddb daemon: started ({_describe(status)}); `carddb daemon stop` stops it")
            return
        if process.poll() is not None:
            tail = log.read_text(errors="replace").strip().splitlines()[-5:]
            raise CarddbError("the daemon stopped as it started:\n  " + "\n  ".join(tail or ["(no output)"]))
        time.sleep(0.05)
    process.terminate()
    raise CarddbError(f"the daemon did not answer within {START_TIMEOUT:g} s (its log: {log})")


@daemon_app.command()
def stop() -> None:
    """Stop the daemon once the commands it is running have finished."""
    path = socket_path()
    answer = ask({"stop": True}, path)
    if answer is None:
        print("carddb daemon: not running")
        return
    pid = int(answer.get("stopping", 0))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _alive(pid):
        time.sleep(0.05)
    running = int(answer.get("running", 0))
    waited = f" after the {running} commands it was running" if running else ""
    print(f"carddb daemon: stopped (pid {pid}){waited}")


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


@daemon_app.command()
def status() -> None:
    """Say whether the daemon runs (exit 0) or not (exit 1), and what it has done."""
    answer = ask({"status": True})
    if answer is None:
        print(f"carddb daemon: not running (its socket would be {socket_path()})")
        raise typer.Exit(1)
    print(f"carddb daemon: running ({_describe(answer)})")


def register(app: typer.Typer) -> None:
    app.add_typer(daemon_app, name="daemon")
