"""The `carddb` command's entry point: hand the command line to a running daemon, or run it here.

Starting Python, importing carddb, pydantic, typer and the game packs, and (for print and
build) WeasyPrint costs most of a second before a command does any work. `carddb daemon
start` keeps one process with all of that imported (`carddb.daemon`); each command is then
a fork of it, which runs with this process's arguments, folder, environment, umask,
resource limits and its very own stdin, stdout and stderr, so output, colours, progress
bars and exit codes are what running it here would give.

This module is imported by every command line, so it imports nothing heavy: when no
daemon runs, it costs one failed `connect` before the usual start-up. CARDDB_NO_DAEMON=1
always runs here.
"""

from __future__ import annotations

import os
import sys

from carddb.daemon.protocol import NO_DAEMON_VAR, SUPPORTED, connect, socket_path


def run_local() -> None:
    from carddb.cli.app import main as cli_main  # the heavy import: only when the command runs here

    cli_main()


def main() -> None:
    argv = sys.argv[1:]
    daemon_command = bool(argv) and argv[0] == "daemon"
    if SUPPORTED and not os.environ.get(NO_DAEMON_VAR) and not daemon_command:
        sock = connect(socket_path())
        if sock is not None:
            from carddb.daemon.client import run_remote

            with sock:
                code = run_remote(sock, argv)
            if code is not None:
                sys.exit(code)
    run_local()
