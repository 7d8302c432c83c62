"""Options every command shares, and the step every command starts with."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from carddb.database import CardDatabase, load_database
from carddb.diagnostics import Report
from carddb.gamepack import GamePack
from carddb.games import get_pack
from carddb.project import Project

GameOpt = Annotated[
    str | None,
    typer.Option(
        "--game",
        "-g",
        help="Game id (default: the game: of the project's carddb.yaml, else its only folder under data/).",
    ),
]
ProjectOpt = Annotated[
    Path | None, typer.Option("--project", "-p", help="Project folder (default: the current directory).")
]
StrictOpt = Annotated[bool, typer.Option("--strict", help="Treat warnings as errors.")]
JobsOpt = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        "--workers",
        help="Processes that render in parallel (default: one per core).",
        show_default=False,
    ),
]


def jobs_count(jobs: int | None) -> int:
    """The number of render workers: --jobs, or one per core."""
    from carddb.errors import UsageError
    from carddb.render.workers import default_jobs

    if jobs is None:
        return default_jobs()
    if jobs < 1:
        raise UsageError("--jobs must be 1 or more")
    return jobs


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


FormatOpt = Annotated[
    OutputFormat, typer.Option("--format", help="text for people, json for scripts (see docs/command-line.md).")
]


def print_json(data: Any) -> None:
    """JSON for scripts: indented, keys in the documented order, non-ASCII written as is."""
    print(json.dumps(data, indent=2, ensure_ascii=False))


def open_project(project: Path | None, game: str | None) -> tuple[Project, GamePack]:
    proj = Project.at(project)
    return proj, get_pack(game, proj)


def load_or_exit(project: Path | None, game: str | None, *, quiet_warnings: bool = True) -> CardDatabase:
    """Load the database; print the findings and exit 1 if there are errors."""
    proj, pack = open_project(project, game)
    db, report = load_database(proj, pack)
    if report.errors:
        print_report(report, only_errors=quiet_warnings)
        raise typer.Exit(1)
    return db


def print_report(report: Report, *, only_errors: bool = False, file: object = None) -> None:
    out = file or sys.stdout
    shown = Report(root=report.root, findings=report.errors if only_errors else list(report))
    text = shown.format_text()
    if text:
        print(text, file=out)  # type: ignore[call-overload]
    print(report.summary(), file=out)  # type: ignore[call-overload]
