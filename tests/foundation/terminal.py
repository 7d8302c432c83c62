"""What a command writes to a pseudo-terminal: read until it closes the terminal, exits, or time runs out."""

from __future__ import annotations

import os
import select
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
