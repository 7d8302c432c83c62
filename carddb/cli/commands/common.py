"""Options every command shares, and the step every command starts with."""

from __future__ import annotations

import json
import os
import secrets
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.core

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.findings.errors import UsageError
from carddb.packs.lookup import get_pack
from carddb.packs.pack import GamePack

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


class ListOptionsCommand(typer.core.TyperCommand):
    """A command whose repeatable options also take several values after one name: `--cards a b`.

    Click gives an option one value per occurrence, but the README writes `print [--cards ID ...]`,
    so the words after such an option, up to the next option, are its values (`--cards a --cards b`
    and `--cards a,b` work as before). Only on commands without positional arguments, where a bare
    word can mean nothing else.
    """

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        # By kind name: Typer ships its own copy of Click, whose classes are not the `click` package's.
        if not any(param.param_type_name == "argument" for param in self.params):
            names = {
                name
                for param in self.params
                if param.param_type_name == "option" and param.multiple and not getattr(param, "is_flag", False)
                for name in param.opts
            }
            args = spread_values(args, names)
        return super().parse_args(ctx, args)


def spread_values(args: list[str], names: set[str]) -> list[str]:
    """`--cards a b --png` as Click reads it: `--cards a --cards b --png` (`names`: the repeatable options)."""
    spread: list[str] = []
    current: str | None = None  # the repeatable option whose values are being read
    needs_value = False  # the word right after the option's name is its value, whatever it looks like
    for index, arg in enumerate(args):
        if arg == "--":
            spread.extend(args[index:])
            break
        if needs_value:
            spread.append(arg)
            needs_value = False
            continue
        name, equals, _ = arg.partition("=")
        if name in names:
            current, needs_value = name, not equals
            spread.append(arg)
        elif current is not None and not arg.startswith("-"):
            spread.extend((current, arg))
        else:
            current = None
            spread.append(arg)
    return spread


# Each worker is a process with its own WeasyPrint (about 150 MB): `--jobs 1000000000` would fork until
# the machine gave out, so the count is refused above a number no machine carddb runs on needs.
MAX_JOBS = 64


def jobs_count(jobs: int | None) -> int:
    """The number of render workers: --jobs, or one per core."""
    from carddb.findings.errors import UsageError
    from carddb.render.workers import default_jobs

    if jobs is None:
        return default_jobs()
    if not 1 <= jobs <= MAX_JOBS:
        raise UsageError(f"--jobs must be 1 to {MAX_JOBS}, not {jobs}")
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


MAX_SEED = 2**64 - 1


def event_seed(seed: int | None) -> int:
    """The seed of a run: the one given, or a new one, printed so the run can be repeated."""
    if seed is None:
        seed = secrets.randbelow(10**9)
        print(f"seed {seed} (pass --seed {seed} to repeat this run)")
    if seed < 0:
        raise UsageError("--seed must be zero or a positive whole number")
    if seed > MAX_SEED:
        # It names the output folder (boosters-deck-seed<N>): 400 digits made "File name too long".
        raise UsageError(f"--seed must be at most {MAX_SEED} (a 64-bit number)")
    return seed


def out_dir(db: CardDatabase, out: Path | None, *default: str) -> Path:
    """The output folder: `--out` (inside the project), or output/<game>/<default...>."""
    # Not resolved: a link on the way is refused when the folder is written (carddb.files.outputs), where
    # resolving it here would have sent the files wherever the link points.
    target = Path(
        os.path.abspath(
            out
            if out is not None and out.is_absolute()
            else db.project.root / (out or Path("output", db.pack.id, *default))
        )
    )
    if out is not None and not db.project.contains(target):
        raise UsageError(f"--out {out} is outside the project folder {db.project.root}")
    return target
