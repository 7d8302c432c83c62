"""The daemon's wire protocol and its private folder, shared by the client and the server.

Imported by every command line (through `carddb.cli.launch`), so it imports nothing heavy.
A message is a 4-byte length and a JSON object; a command's standard streams travel beside
it as descriptors (`socket.send_fds`).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import struct
import sys
from pathlib import Path
from typing import Any

DEFAULT_IDLE_SECONDS = 30 * 60
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
