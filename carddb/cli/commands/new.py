"""`carddb new DIR [--game ID]`: a starter project that builds clean."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer

from carddb.findings.plural import plural
from carddb.packs.lookup import get_pack, installed_ids
from carddb.packs.starter import write_starter


def new(
    folder: Annotated[Path, typer.Argument(help="The project folder to create (new or empty).")],
    game: Annotated[
        str | None,
        typer.Option(
            "--game", "-g", help="An installed game pack to start a project of (default: a game of your own)."
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Write into a folder that has files; existing files are kept as they are.")
    ] = False,
) -> None:
    """Write a starter project: sets, a few cards of each kind, boosters, a deck, rules and a README."""
    pack = get_pack(game) if game is not None else None
    result = write_starter(folder, pack=pack, taken_ids=tuple(installed_ids()), force=force)
    print(f"wrote {plural(len(result.written), 'file')} for the game '{result.game_id}' in {folder}")
    for kept in result.kept:
        print(f"  kept {kept.relative_to(result.root)} (it was there already)")
    print(f"next: cd {shlex.quote(str(folder))} && carddb validate --strict && carddb build")


def register(app: typer.Typer) -> None:
    app.command()(new)
