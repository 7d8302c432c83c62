"""The resident process behind `carddb daemon start`: carddb imported once, each command a fork of it.

The daemon imports the command line with every command group, the installed game packs
and their rules-text parse tables, and WeasyPrint, then waits on a Unix socket in a
folder only its user can enter (carddb.daemon.protocol.runtime_folder). For each command line a
client sends, it forks: the fork takes the client's stdin, stdout and stderr (passed as
descriptors), folder, environment, umask and resource limits, runs the command as
`carddb` would, and exits with its exit code, which the daemon sends back. A fork starts
from the imported state and leaves nothing behind, so no command sees another's state.

The daemon declines a command line (the client runs it itself) when the client's Python
path differs from its own, and, when a module it imported or a folder on its path changed
since it started (carddb upgraded, a pack installed, a source file edited), it declines,
asks the client to start a fresh daemon, and stops. It stops by itself after being idle
for `--idle` seconds (30 minutes by default), and on `carddb daemon stop` or SIGTERM once
the commands it is running have finished.

The daemon is single-threaded: it forks, and a fork of a threaded process can inherit a
lock some other thread held.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import ctypes
import fcntl
import gc
import importlib
import io
import os
import pkgutil
import selectors
import signal
import socket
import struct
import sys
import time
from pathlib import Path
from typing import Any

from carddb.daemon.protocol import (
    DEFAULT_IDLE_SECONDS,
    HEADER,
    LIMITS,
    check_folder,
    parse_message,
    read_message,
    send_message,
)

REQUEST_TIMEOUT = 10.0  # seconds a client has to send its command line once connected
EXIT_INTERNAL = 70
PR_SET_PDEATHSIG = 1  # linux/prctl.h
LOCK_WAIT = 120.0  # seconds a new daemon waits for a stale one to finish its commands
MAX_REQUEST = 16 << 20  # bytes: a command line and an environment are far smaller


def preload() -> None:
    """Import and build what every command would: the cost a fork then never pays."""
    import typer.main

    import carddb
    from carddb.cli import app as cli
    from carddb.packs.plugins import load_installed, scan_installed
    from carddb.render.workers import import_renderer
    from carddb.rules.text import parse_line

    cli.click_command()
    for game_id in scan_installed().sources:
        try:
            pack, _ = load_installed(game_id)
        except Exception:  # a broken plugin: each command reports it as it always does
            continue
        if pack.language is not None:
            parse_line("warm up", pack.language)
    import_renderer()
    typer.main.get_command(cli.app)  # imports the completion and rich-help modules too
    # Commands import their stages when they reach them (the rulebook, the site, the engine):
    # all of carddb, so that no fork pays for an import.
    for module in pkgutil.walk_packages(carddb.__path__, "carddb."):
        if module.name != "carddb.__main__":  # running it is what `python -m carddb` does
            with contextlib.suppress(Exception):  # a broken module fails its own command, as ever
                importlib.import_module(module.name)
    gc.collect()
    gc.freeze()  # the forks share these pages; a collection in a fork would otherwise copy them


def snapshot(started: float) -> dict[str, int]:
    """The modification time of every folder on the path and every loaded module's file that exists.

    Taken once the daemon has loaded everything; a path missing then (a module inside a zip
    file, an entry of the path that does not exist) is not watched, or the daemon would find
    itself stale on every command and restart for ever. A file changed after `started`, while
    the daemon was loading, is recorded as changed: the daemon may hold its old version.
    """
    paths = [*sys.path, *(getattr(module, "__file__", None) or "" for module in list(sys.modules.values()))]
    times: dict[str, int] = {}
    for path in paths:
        if path and path not in times:
            with contextlib.suppress(OSError):
                mtime = os.stat(path).st_mtime_ns
                times[path] = -1 if mtime > started * 1e9 else mtime
    return times


def changed_since(times: dict[str, int]) -> str | None:
    """A watched folder or module file that changed (or went) since `times` was taken, if any."""
    for path, mtime in times.items():
        try:
            if os.stat(path).st_mtime_ns != mtime:
                return path
        except OSError:
            return path  # deleted: an upgrade is under way
    return None


def peer_uid(conn: socket.socket) -> int:
    if not hasattr(socket, "SO_PEERCRED"):  # macOS: the private folder is the lock
        return os.getuid()
    creds = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    return struct.unpack("3i", creds)[1]


class Daemon:
    def __init__(self, path: Path, idle_seconds: float) -> None:
        self.path = path
        self.idle_seconds = idle_seconds
        self.started = time.time()
        self.pid = os.getpid()
        self.served = 0
        self.last_active = time.monotonic()
        self.children: dict[int, socket.socket] = {}  # fork pid -> its client's connection
        self.stopping = False
        self.selector = selectors.DefaultSelector()
        self.listener: socket.socket | None = None
        self.wakeup_r, self.wakeup_w = os.pipe()
        self.inode: int | None = None
        self.lock: int | None = None  # the descriptor holding the daemon's lock (flock)
        self.watched: dict[str, int] = {}  # what must not change under the daemon (see `snapshot`)

    # -- the loop --------------------------------------------------------------------------------

    def take_lock(self, wait_seconds: float = LOCK_WAIT) -> None:
        """Be the only daemon for this socket: held for the daemon's life, released by the kernel at its end.

        A daemon replacing a stale one waits here until the old one has finished its commands.
        """
        check_folder(self.path.parent)
        self.lock = os.open(self.path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        deadline = time.monotonic() + wait_seconds
        while True:
            try:
                fcntl.flock(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise SystemExit(f"carddb daemon: another daemon holds {self.path.with_suffix('.lock')}") from None
                time.sleep(0.1)

    def listen(self) -> None:
        check_folder(self.path.parent)
        if self.path.exists() or self.path.is_symlink():
            self.path.unlink()  # left by a daemon that was killed: we hold the lock, so no daemon uses it
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(os.fspath(self.path))
        os.chmod(self.path, 0o600)
        listener.listen(16)
        listener.setblocking(False)
        self.inode = os.stat(self.path).st_ino
        self.listener = listener
        self.selector.register(listener, selectors.EVENT_READ, "listener")
        os.set_blocking(self.wakeup_r, False)
        os.set_blocking(self.wakeup_w, False)
        signal.set_wakeup_fd(self.wakeup_w)
        self.selector.register(self.wakeup_r, selectors.EVENT_READ, "signal")
        # Handlers that do nothing: the wake-up byte tells the loop which signal came.
        for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, lambda *_: None)

    def serve(self) -> None:
        self.last_active = time.monotonic()  # idle from now: the imports before do not count
        try:
            while not (self.stopping and not self.children):
                timeout = None
                if not self.children and not self.stopping:
                    timeout = self.idle_seconds - (time.monotonic() - self.last_active)
                    if timeout <= 0:
                        break
                for key, _ in self.selector.select(timeout):
                    if key.data == "listener":
                        self.accept()
                    elif key.data == "signal":
                        self.on_signals()
                    else:
                        self.from_client(key.data, key.fileobj)  # type: ignore[arg-type]
        finally:
            self.stop_listening()

    def stop_listening(self) -> None:
        if self.listener is None:
            return
        self.selector.unregister(self.listener)
        self.listener.close()
        self.listener = None
        try:  # only our own socket: a daemon started after us may own the path now
            if os.stat(self.path).st_ino == self.inode:
                self.path.unlink()
        except OSError:
            pass

    def on_signals(self) -> None:
        try:
            received = os.read(self.wakeup_r, 512)
        except BlockingIOError:
            received = b""
        if {signal.SIGTERM, signal.SIGINT, signal.SIGHUP} & set(received):
            self.stop()
        self.reap()

    def stop(self) -> None:
        self.stopping = True
        self.stop_listening()

    def reap(self) -> None:
        while self.children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            conn = self.children.pop(pid, None)
            if conn is None:
                continue
            code = os.waitstatus_to_exitcode(status)
            with contextlib.suppress(OSError):
                send_message(conn, {"exit": code if code >= 0 else 128 - code})
            with contextlib.suppress(KeyError, ValueError):  # unregistered when its client hung up
                self.selector.unregister(conn)
            conn.close()
            self.last_active = time.monotonic()

    def from_client(self, pid: int, conn: socket.socket) -> None:
        """A running command's client sent a signal to pass on, or hung up (killed): stop its fork."""
        try:
            message = read_message(conn)
        except (OSError, EOFError, ValueError):
            self.selector.unregister(conn)
            self._kill(pid, signal.SIGTERM)
            return
        signum = message.get("signal")
        if isinstance(signum, int) and signum in {s.value for s in signal.Signals}:
            self._kill(pid, signum)

    def _kill(self, pid: int, signum: int) -> None:
        if pid in self.children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signum)

    # -- one client ------------------------------------------------------------------------------

    def accept(self) -> None:
        assert self.listener is not None
        try:
            conn, _ = self.listener.accept()
        except BlockingIOError:
            return
        fds: list[int] = []  # a status question is not use: only commands keep the daemon up
        try:
            conn.setblocking(True)
            conn.settimeout(REQUEST_TIMEOUT)
            if peer_uid(conn) != os.getuid():  # the folder is private; this is the second lock
                conn.close()
                return
            message, fds = self.receive(conn)
            if "run" in message:
                if self.run(conn, message["run"], fds):
                    return
            elif "status" in message:
                send_message(conn, self.status())
            elif "stop" in message:
                self.stop()
                send_message(conn, {"stopping": os.getpid(), "running": len(self.children)})
        except (OSError, EOFError, ValueError) as exc:
            print(f"carddb daemon: a client's request failed: {exc}", file=sys.stderr)
        for fd in fds:
            os.close(fd)
        conn.close()

    def receive(self, conn: socket.socket) -> tuple[dict[str, Any], list[int]]:
        """The request and the descriptors passed with its first bytes."""
        data, fds, _, _ = socket.recv_fds(conn, 1 << 16, 3)
        try:
            while len(data) < HEADER.size or len(data) < HEADER.size + HEADER.unpack(data[: HEADER.size])[0]:
                if len(data) >= HEADER.size and HEADER.unpack(data[: HEADER.size])[0] > MAX_REQUEST:
                    raise ValueError("the request is too large")
                chunk = conn.recv(1 << 16)
                if not chunk:
                    raise EOFError("the client hung up mid-request")
                data += chunk
            return parse_message(data[HEADER.size :]), list(fds)
        except BaseException:
            for fd in fds:
                os.close(fd)
            raise

    def status(self) -> dict[str, Any]:
        return {
            "pid": os.getpid(),
            "started": self.started,
            "served": self.served,
            "running": len(self.children),
            "idle": self.idle_seconds,
            "python": sys.executable,
        }

    def run(self, conn: socket.socket, request: dict[str, Any], fds: list[int]) -> bool:
        """Fork the command (True), or tell the client why not, to run it itself (False)."""
        if len(fds) != 3 or self.stopping:
            send_message(conn, {"declined": "stopping" if self.stopping else "no standard streams passed"})
            return False
        if request.get("path") != sys.path:  # started with -P: no entry of its own to skip
            send_message(conn, {"declined": "another Python path"})
            return False
        changed = changed_since(self.watched)
        if changed is not None:
            send_message(conn, {"declined": f"{changed} changed", "restart": True, "idle": self.idle_seconds})
            print(f"carddb daemon: {changed} changed since the daemon started; stopping", file=sys.stderr)
            self.stop()
            return False
        self.last_active = time.monotonic()
        pid = os.fork()
        if pid == 0:
            code = EXIT_INTERNAL
            try:
                code = self.child(conn, request, fds)
            finally:
                os._exit(code)
        for fd in fds:
            os.close(fd)
        fds.clear()
        self.served += 1
        self.children[pid] = conn
        conn.settimeout(None)
        self.selector.register(conn, selectors.EVENT_READ, pid)
        try:
            send_message(conn, {"started": pid})
        except OSError:  # the client is gone already: nobody wants the command's output
            self._kill(pid, signal.SIGTERM)
        return True

    def child(self, conn: socket.socket, request: dict[str, Any], fds: list[int]) -> int:
        """In the fork: become the client's process, run its command line, return the exit code."""
        _die_with_parent(self.pid)
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        self.selector.close()
        if self.listener is not None:
            self.listener.close()
        for other in self.children.values():
            other.close()
        if self.lock is not None:
            os.close(self.lock)  # the daemon's own descriptor keeps the lock
        os.close(self.wakeup_r)
        os.close(self.wakeup_w)
        conn.close()  # the daemon keeps its end; a client that hangs up is the daemon's to notice
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        become_client(request)
        code = run_forked(sys.argv)
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        atexit._run_exitfuncs()  # as a normal exit would: workers stopped, temporary files removed
        return code


def run_forked(argv: list[str]) -> int:
    """Run `argv` in this fork of the daemon as `carddb` would; the exit code."""
    from carddb.cli.app import COMPLETE_VAR, RENDERING_COMMANDS, click_command, main, workers_option

    command = next((arg for arg in argv[1:] if not arg.startswith("-")), None)
    if command in RENDERING_COMMANDS and COMPLETE_VAR not in os.environ and not {"--help", "-h"} & set(argv):
        from carddb.render.workers import start_early

        start_early(workers_option(argv))
    try:
        main(lambda: click_command().main(args=argv[1:], prog_name="carddb"))
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        print(exc.code, file=sys.stderr)
        return 1
    return 0


def _die_with_parent(parent: int) -> None:
    """A daemon killed outright must not leave its commands running (`carddb serve` writing to a terminal).

    Linux kills the fork when the daemon dies (prctl PR_SET_PDEATHSIG). SIGKILL, not SIGTERM: the
    client has already gone (it was waiting on the daemon), so nobody reads what a graceful stop
    would print, and `carddb serve` answers SIGTERM by shutting down politely, which can block on
    the closed output. Outputs are atomic, so a killed command leaves no half file. Elsewhere
    the fork lives until its command ends.
    """
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)  # libc, linked into Python
    if os.getppid() != parent:  # the daemon died before the prctl: nobody is waiting for this command
        os._exit(EXIT_INTERNAL)


def become_client(request: dict[str, Any]) -> None:
    """Take on the client's folder, environment, umask, limits and streams."""
    import resource
    import tempfile

    os.environ.clear()
    os.environ.update({str(k): str(v) for k, v in dict(request.get("env", {})).items()})
    os.umask(int(request.get("umask", 0o022)))
    for name, (soft, hard) in dict(request.get("limits", {})).items():
        if name in LIMITS and hasattr(resource, name):
            with contextlib.suppress(ValueError, OSError):
                resource.setrlimit(getattr(resource, name), (soft, hard))
    tempfile.tempdir = None  # found again from the client's TMPDIR
    env = os.environ
    codecs = [list(codec) for codec in request.get("streams", [])] + [["utf-8", "strict"]] * 3
    (in_enc, in_err), (out_enc, out_err), (err_enc, err_err) = (tuple(codec[:2]) for codec in codecs[:3])
    # As Python sets its own streams up: line-buffered on a terminal, unbuffered under PYTHONUNBUFFERED.
    unbuffered = bool(env.get("PYTHONUNBUFFERED"))
    sys.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding=in_enc, errors=in_err)
    sys.stdout = io.TextIOWrapper(
        io.FileIO(1, "w", closefd=False) if unbuffered else io.BufferedWriter(io.FileIO(1, "w", closefd=False)),
        encoding=out_enc,
        errors=out_err,
        line_buffering=os.isatty(1),
        write_through=unbuffered,
    )
    sys.stderr = io.TextIOWrapper(
        io.FileIO(2, "w", closefd=False), encoding=err_enc, errors=err_err, line_buffering=True, write_through=True
    )
    sys.argv = ["carddb", *[str(arg) for arg in request.get("argv", [])]]
    cwd = str(request.get("cwd", "/"))
    try:
        os.chdir(cwd)
    except OSError as exc:
        print(f"carddb: {cwd}: {exc.strerror}", file=sys.stderr)
        sys.stderr.flush()
        os._exit(1)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m carddb.daemon.server", description=__doc__.splitlines()[0])
    parser.add_argument("--socket", type=Path, required=True)
    parser.add_argument("--idle", type=float, default=DEFAULT_IDLE_SECONDS, help="seconds idle before it stops")
    parser.add_argument("--lock-wait", type=float, default=LOCK_WAIT, help="seconds to wait for another daemon")
    args = parser.parse_args()
    daemon = Daemon(args.socket, args.idle)
    daemon.take_lock(args.lock_wait)
    preload()
    daemon.watched = snapshot(daemon.started)
    daemon.listen()
    print(f"carddb daemon: pid {os.getpid()} listening on {args.socket}", file=sys.stderr, flush=True)
    daemon.serve()
    print(f"carddb daemon: stopped after {daemon.served} commands", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
