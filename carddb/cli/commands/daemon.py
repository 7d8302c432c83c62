"""`carddb daemon start|stop|status`: the resident process that makes commands start at once (`carddb.daemon`)."""

from __future__ import annotations

from typing import Annotated

import typer

from carddb.daemon import client
from carddb.daemon.protocol import DEFAULT_IDLE_SECONDS

daemon_app = typer.Typer(
    help="A resident process that keeps carddb loaded, so each command starts at once.", no_args_is_help=True
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
    print(f"carddb daemon: {client.start(idle * 60)}")


@daemon_app.command()
def stop() -> None:
    """Stop the daemon once the commands it is running have finished."""
    print(f"carddb daemon: {client.stop()}")


@daemon_app.command()
def status() -> None:
    """Say whether the daemon runs (exit 0) or not (exit 1), and what it has done."""
    running = client.status()
    if running is None:
        print(f"carddb daemon: not running (its socket would be {client.socket_path()})")
        raise typer.Exit(1)
    print(f"carddb daemon: {running}")


def register(app: typer.Typer) -> None:
    app.add_typer(daemon_app, name="daemon")
