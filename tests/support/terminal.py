"""A command as at a terminal: what it writes to a pseudo-terminal, and Ctrl-C at its default."""

from __future__ import annotations

import os
import select
import signal
import time
from collections.abc import Callable


def read_terminal(controller: int, exited: Callable[[], bool], seconds: float = 300) -> bytes:
    """Everything that arrives on the controller side of a pty; `exited` says whether the command is gone."""
    received = bytearray()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([controller], [], [], 1.0)
        if not ready:
            if exited():
                break
            continue
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # the command closed the terminal (Linux reports EIO)
            break
        if not chunk:
            break
        received += chunk
    return bytes(received)


def default_ctrl_c() -> None:
    """For `preexec_fn`: SIGINT at its default in the child, as in a command typed at a terminal.

    A suite started in the background of a non-interactive shell (`cmd &` in a script) runs with
    SIGINT ignored, and a child inherits that: Python then installs no KeyboardInterrupt, so a
    test that stops `carddb serve` with SIGINT would wait for nothing.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
