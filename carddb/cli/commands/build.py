"""`carddb build`: the whole pipeline for one game into output/<game>/, with a progress display and a summary."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from carddb.cli.commands.common import GameOpt, JobsOpt, ProjectOpt, StrictOpt, jobs_count, open_project, print_report
from carddb.files.outputlock import output_lock
from carddb.findings.errors import UsageError
from carddb.findings.plural import plural
from carddb.pipeline import build
from carddb.play.samples import DEFAULT_SEED
from carddb.render.tts import check_url_base
from carddb.render.workers import render_workers
from carddb.runtime.progress import stages


def build_command(
    seed: Annotated[
        int, typer.Option("--seed", help="Seed of the sample boosters, sealed event and draft.")
    ] = DEFAULT_SEED,
    jobs: JobsOpt = None,
    tts_url_base: Annotated[
        str | None,
        typer.Option(
            "--tts-url-base",
            metavar="URL",
            help="The http(s) folder you upload output/<game>/tts/ to; the Tabletop Simulator decks name their "
            "images there (default: their absolute file:// URIs).",
        ),
    ] = None,
    strict: StrictOpt = False,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Validate, then render faces, print sheets, PNGs, Tabletop Simulator decks, play samples, rulebook and site."""
    workers = jobs_count(jobs)
    if seed < 0:
        raise UsageError("--seed must be zero or a positive whole number")
    if tts_url_base is not None:
        check_url_base(tts_url_base)
    proj, pack = open_project(project, game)
    # The render workers are forked before the progress display starts its thread:
    # they import WeasyPrint while the cards load (see carddb.render.workers).
    with render_workers(workers) as pool, output_lock(proj.output_dir(pack), "build"), stages() as stage:
        result = build(proj, pack, seed=seed, stage=stage, pool=pool, tts_url_base=tts_url_base)
    if result.stopped:
        print_report(result.report)
        print("validation failed: nothing was rendered")
        raise typer.Exit(1)
    if len(result.report):
        print_report(result.report)
    table = Table("output", "where", "", box=None, header_style="bold")
    for row in result.written.rows:
        table.add_row(*row)
    Console(width=180).print(table)
    print(
        f"{pack.name}: {plural(result.cards, 'card')}"
        + (f" ({result.rendered + result.cached} faces)" if result.rendered + result.cached != result.cards else "")
        + f", {result.rendered} rendered, {result.cached} from the cache; "
        f"{plural(len(result.report.warnings), 'warning')}"
    )
    print("waited for: " + ", ".join(f"{label.lower()} {sec:.1f} s" for label, sec in result.seconds.items()))
    work = ", ".join(f"{label} {sec:.1f} s" for label, sec in sorted(result.cpu.items(), key=lambda item: -item[1]))
    print(f"CPU on {workers} worker{'s' * (workers != 1)}: {work or 'none'}; this process {result.parent_cpu:.1f} s")
    raise typer.Exit(1 if result.report.failed(strict) else 0)


def register(app: typer.Typer) -> None:
    app.command("build")(build_command)
