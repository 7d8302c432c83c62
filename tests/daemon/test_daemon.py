"""`carddb daemon`: commands run as forks of a resident process behave exactly as commands run here.

Each test starts a daemon of its own in a private runtime folder (XDG_RUNTIME_DIR) and
compares what a command line gives through it (exit code, stdout, stderr, files) with what
it gives with CARDDB_NO_DAEMON=1, and checks through `carddb daemon status` that the daemon
really ran it.
"""

from __future__ import annotations

import contextlib
import os
import pty
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from support.projects import CLEAN_CARDS, write_project
from support.terminal import default_ctrl_c, read_terminal

CARDDB = str(Path(sysconfig.get_path("scripts")) / "carddb")


@dataclass
class Daemon:
    env: dict[str, str]  # a user's environment whose commands go through this daemon
    runtime: Path

    @property
    def local(self) -> dict[str, str]:
        return {**self.env, "CARDDB_NO_DAEMON": "1"}

    def status(self) -> subprocess.CompletedProcess[str]:
        return carddb("daemon", "status", env=self.env)

    def served(self) -> int:
        return int(re.search(r"(\d+) commands run", self.status().stdout).group(1))  # type: ignore[union-attr]

    def pid(self) -> int | None:
        match = re.search(r"pid (\d+)", self.status().stdout)
        return int(match.group(1)) if match else None


def carddb(*args: str, env: dict[str, str], cwd: Path | None = None, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([CARDDB, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=120, **kw)  # type: ignore[call-overload,no-any-return]


def user_env(runtime: Path) -> dict[str, str]:
    env = {**os.environ, "XDG_RUNTIME_DIR": str(runtime)}
    env.pop("CARDDB_NO_DAEMON", None)
    return env


@pytest.fixture
def runtime() -> Iterator[Path]:
    # Short on purpose: a Unix socket's path must fit in 107 bytes, and pytest's tmp_path may not.
    folder = Path(tempfile.mkdtemp(prefix="cdb-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def daemon(runtime: Path) -> Iterator[Daemon]:
    env = user_env(runtime)
    started = carddb("daemon", "start", "--idle", "10", env=env)
    assert started.returncode == 0, started.stderr
    assert "started" in started.stdout
    yield Daemon(env, runtime)
    stopped = carddb("daemon", "stop", env=env)
    assert "stopped" in stopped.stdout
    assert carddb("daemon", "status", env=env).returncode == 1


def test_commands_through_the_daemon_give_what_they_give_here(daemon: Daemon, tmp_path: Path) -> None:
    clean = write_project(tmp_path / "clean")
    broken = write_project(tmp_path / "broken", {"cards.yaml": CLEAN_CARDS.replace("health: 8", "health: many")})
    lines = [
        (["validate"], clean),
        (["validate", "--strict"], broken),  # exit 1, a located finding on stdout
        (["list", "--format", "json"], clean),
        (["show", "aldrc"], clean),  # a did-you-mean, exit code of its own
        (["print", "--gutter", "nan"], clean),  # a usage error, exit 2
        (["--version"], clean),
        (["no-such-command"], clean),
    ]
    before = daemon.served()
    for args, project in lines:
        here = carddb(*args, env=daemon.local, cwd=project)
        there = carddb(*args, env=daemon.env, cwd=project)
        assert (there.returncode, there.stdout, there.stderr) == (here.returncode, here.stdout, here.stderr), args
    assert daemon.served() == before + len(lines)
    assert carddb("validate", env=daemon.env, cwd=broken).returncode == 1
    assert "E-" in carddb("validate", env=daemon.env, cwd=broken).stdout


def test_print_after_an_edit_renders_that_card_again(daemon: Daemon, tmp_path: Path) -> None:
    project = write_project(tmp_path / "p")
    first = carddb("print", "--paper", "a4", env=daemon.env, cwd=project)
    assert first.returncode == 0, first.stderr
    cards = project / "data" / "loe" / "cards" / "cards.yaml"
    cards.write_text(cards.read_text().replace("Deal 2 damage", "Deal 7 damage"))
    again = carddb("print", "--paper", "a4", env=daemon.env, cwd=project)
    assert again.returncode == 0, again.stderr
    assert re.search(r"\b1 rendered\b", again.stdout), again.stdout
    sheet = pdfium.PdfDocument(project / "output" / "loe" / "print" / "loe-a4.pdf")
    text = "".join(page.get_textpage().get_text_range() for page in sheet)
    assert "Deal 7 damage" in text and "Deal 2 damage" not in text


def _on_a_terminal(args: list[str], env: dict[str, str], cwd: Path) -> bytes:
    """What a command writes to a terminal (a pseudo-terminal of 100 columns)."""
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover (the child execs)
        os.chdir(cwd)
        os.execve(CARDDB, [CARDDB, *args], {**env, "COLUMNS": "100", "TERM": "xterm-256color"})
    output = read_terminal(fd, lambda: os.waitpid(pid, os.WNOHANG) != (0, 0), seconds=60)
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)
    return output


def test_a_terminal_gets_the_same_colours_and_layout(daemon: Daemon, tmp_path: Path) -> None:
    project = write_project(tmp_path / "p")
    here = _on_a_terminal(["list"], daemon.local, project)
    before = daemon.served()
    there = _on_a_terminal(["list"], daemon.env, project)
    assert daemon.served() == before + 1
    assert b"\x1b[" in here  # rich draws the table with colours on a terminal
    assert there == here


def _serve(daemon: Daemon, env: dict[str, str], project: Path) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [CARDDB, "serve", "--port", "0"],
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=default_ctrl_c,
    )
    assert server.stdout is not None
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        line = server.stdout.readline()
        if match := re.search(r"at (http://127\.0\.0\.1:\d+/)", line):
            return server, match.group(1)
        if not line and server.poll() is not None:
            break
    server.kill()
    raise AssertionError("carddb serve did not start")


def _running(daemon: Daemon) -> int:
    return int(re.search(r"(\d+) running", daemon.status().stdout).group(1))  # type: ignore[union-attr]


def test_ctrl_c_reaches_the_command_in_the_daemon(daemon: Daemon, tmp_path: Path) -> None:
    project = write_project(tmp_path / "p")
    codes = {}
    for name, env in (("here", daemon.local), ("daemon", daemon.env)):
        server, url = _serve(daemon, env, project)
        assert urllib.request.urlopen(url, timeout=10).status == 200
        if name == "daemon":
            assert _running(daemon) == 1
        server.send_signal(signal.SIGINT)
        codes[name] = server.wait(timeout=30)
        assert server.stdout is not None
        server.stdout.close()
    assert codes["daemon"] == codes["here"]
    assert _running(daemon) == 0


def test_a_killed_client_stops_its_command(daemon: Daemon, tmp_path: Path) -> None:
    project = write_project(tmp_path / "p")
    server, url = _serve(daemon, daemon.env, project)
    assert _running(daemon) == 1
    server.kill()
    server.wait()
    assert server.stdout is not None
    server.stdout.close()
    deadline = time.monotonic() + 20
    while _running(daemon) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _running(daemon) == 0
    with pytest.raises(OSError):
        urllib.request.urlopen(url, timeout=5)


def test_a_limit_set_on_the_command_applies_in_the_daemon(daemon: Daemon, tmp_path: Path) -> None:
    """`ulimit -f` (here 64 KiB): the print cannot write its PDFs, through the daemon as here."""
    import resource

    project = write_project(tmp_path / "p")

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (64 * 1024, resource.RLIM_INFINITY))

    before = daemon.served()
    here = carddb("print", "--paper", "a4", env=daemon.local, cwd=project, preexec_fn=limited)
    shutil.rmtree(project / "output")
    there = carddb("print", "--paper", "a4", env=daemon.env, cwd=project, preexec_fn=limited)
    assert daemon.served() == before + 1
    assert here.returncode == there.returncode == 1
    assert "File too large" in here.stderr and "File too large" in there.stderr


def test_another_python_path_runs_here(daemon: Daemon, tmp_path: Path) -> None:
    project = write_project(tmp_path / "p")
    extra = tmp_path / "site"
    extra.mkdir()
    before = daemon.served()
    done = carddb("validate", env={**daemon.env, "PYTHONPATH": str(extra)}, cwd=project)
    assert done.returncode == 0 and "0 errors" in done.stdout
    assert daemon.served() == before  # another environment's code may differ: not the daemon's to run


def test_changed_code_is_not_run_by_the_old_daemon(runtime: Path, tmp_path: Path) -> None:
    """A folder on the Python path changed (a pack installed): the command runs here, a new daemon starts."""
    extra = tmp_path / "site"
    extra.mkdir()
    env = {**user_env(runtime), "PYTHONPATH": str(extra)}
    project = write_project(tmp_path / "p")
    try:
        assert carddb("daemon", "start", env=env).returncode == 0
        first = Daemon(env, runtime)
        old = first.pid()
        assert carddb("validate", env=env, cwd=project).returncode == 0
        assert first.served() == 1
        time.sleep(0.05)
        (extra / "new_module.py").write_text("")
        done = carddb("validate", env=env, cwd=project)
        assert done.returncode == 0 and "0 errors" in done.stdout
        deadline = time.monotonic() + 60
        while first.pid() in (old, None) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert first.pid() not in (old, None)
        assert first.served() == 0  # the new daemon, which has run nothing yet
        while not _gone(old or 0) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _gone(old or 0)
    finally:
        carddb("daemon", "stop", env=env)


def _processes_in(folder: Path) -> list[int]:
    """Live processes whose current folder is `folder` (a command's fork and its workers)."""
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if Path(os.readlink(proc / "cwd")) == folder.resolve() and not _gone(int(proc.name)):
                    found.append(int(proc.name))
            except OSError:
                continue
    return found


def _gone(pid: int) -> bool:
    """The process has exited (a zombie that no init has reaped yet has exited too)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True
    return "State:\tZ" in status


def test_a_socket_folder_others_can_enter_is_refused(runtime: Path, tmp_path: Path) -> None:
    folder = runtime / "carddb"
    folder.mkdir()
    folder.chmod(0o777)
    env = user_env(runtime)
    started = carddb("daemon", "start", env=env)
    assert started.returncode == 1
    assert "can be entered by other users" in started.stderr and str(folder) in started.stderr
    assert "Traceback" not in started.stderr
    project = write_project(tmp_path / "p")
    assert carddb("validate", env=env, cwd=project).returncode == 0  # commands simply run here


def test_an_idle_daemon_stops_and_removes_its_socket(runtime: Path) -> None:
    env = user_env(runtime)
    assert carddb("daemon", "start", "--idle", "0.02", env=env).returncode == 0
    sockets = list((runtime / "carddb").glob("*.sock"))
    assert len(sockets) == 1
    deadline = time.monotonic() + 30
    while carddb("daemon", "status", env=env).returncode == 0 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert carddb("daemon", "status", env=env).returncode == 1
    assert not sockets[0].exists()


def test_stop_and_start_say_what_they_did(runtime: Path) -> None:
    env = user_env(runtime)
    assert carddb("daemon", "stop", env=env).stdout == "carddb daemon: not running\n"
    try:
        assert "started" in carddb("daemon", "start", env=env).stdout
        again = carddb("daemon", "start", env=env)
        assert again.returncode == 0 and "already running" in again.stdout
        assert ((runtime / "carddb").stat().st_mode & 0o777) == 0o700
    finally:
        assert "stopped" in carddb("daemon", "stop", env=env).stdout


def test_a_second_daemon_for_the_same_socket_does_not_take_it_over(daemon: Daemon, tmp_path: Path) -> None:
    socket_file = next((daemon.runtime / "carddb").glob("*.sock"))
    first = daemon.pid()
    second = subprocess.run(
        [sys.executable, "-P", "-m", "carddb.daemon.server", "--socket", str(socket_file), "--lock-wait", "0.5"],
        env=daemon.env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert second.returncode == 1 and "another daemon holds" in second.stderr
    assert daemon.pid() == first and socket_file.exists()
    project = write_project(tmp_path / "p")
    before = daemon.served()
    assert carddb("validate", env=daemon.env, cwd=project).returncode == 0
    assert daemon.served() == before + 1


def test_a_killed_daemon_takes_its_commands_with_it(runtime: Path, tmp_path: Path) -> None:
    env = user_env(runtime)
    assert carddb("daemon", "start", env=env).returncode == 0
    daemon = Daemon(env, runtime)
    pid = daemon.pid()
    assert pid is not None
    project = write_project(tmp_path / "p")
    server, url = _serve(daemon, env, project)
    assert urllib.request.urlopen(url, timeout=10).status == 200
    os.kill(pid, signal.SIGKILL)
    assert server.wait(timeout=30) == 1  # the client is told, not left waiting
    assert server.stdout is not None
    # Not read to its end: a fork that outlived the daemon would hold the pipe open forever.
    os.set_blocking(server.stdout.fileno(), False)
    said = b""
    with contextlib.suppress(BlockingIOError):
        while chunk := os.read(server.stdout.fileno(), 65536):
            said += chunk
    assert b"the daemon stopped while it ran the command" in said
    server.stdout.close()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
        except OSError:
            break
        time.sleep(0.2)
    with pytest.raises(OSError):
        urllib.request.urlopen(url, timeout=2)
    while _processes_in(project) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _processes_in(project) == []  # the fork serving it (and its workers) died with the daemon
    done = carddb("validate", env=env, cwd=project)  # a stale socket is no obstacle: the command runs here
    assert done.returncode == 0 and "0 errors" in done.stdout


def test_only_code_that_exists_is_watched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A module loaded from a zip (its __file__ is no file) must not make the daemon stale for ever."""
    import types

    from carddb.daemon.server import changed_since, snapshot

    module = tmp_path / "real_module.py"
    module.write_text("")
    monkeypatch.setitem(sys.modules, "zipped_module", types.SimpleNamespace(__file__="/no/such.zip/zipped_module.py"))
    monkeypatch.setitem(sys.modules, "real_module", types.SimpleNamespace(__file__=str(module)))
    started = time.time()
    os.utime(module, (started - 10, started - 10))
    watched = snapshot(started)
    assert changed_since(watched) is None
    assert "/no/such.zip/zipped_module.py" not in watched
    os.utime(module, (started + 5, started + 5))  # edited after the daemon loaded it
    assert changed_since(watched) == str(module)
    os.utime(module, (started + 5, started + 5))
    assert snapshot(started)[str(module)] == -1  # changed while the daemon was loading: stale at once
