"""`carddb print`: card faces -> single-card PDFs, print sheets, PNGs, Tabletop Simulator decks.

The command reads as its pipeline: load -> select -> render faces and backs
(cached) -> copy card PDFs -> impose sheets -> PNGs -> Tabletop Simulator -> summary.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from carddb.cardmodel import Card
from carddb.commands.common import GameOpt, ProjectOpt, open_project, print_report
from carddb.database import CardDatabase, load_database
from carddb.diagnostics import Report
from carddb.errors import UsageError
from carddb.progress import stages
from carddb.render.faces import warm_workers
from carddb.render.imposition import BackOffset, Duplex
from carddb.render.printing import PrintOptions, Written, print_stage
from carddb.render.raster import DEFAULT_DPI, check_dpi
from carddb.render.selection import select_cards
from carddb.render.workers import RenderWorkers, render_workers


class PaperChoice(StrEnum):
    a4 = "a4"
    letter = "letter"
    both = "both"


class PresetChoice(StrEnum):
    mpc = "mpc"
    drivethru = "drivethru"


def print_cards(
    cards: Annotated[
        list[str] | None, typer.Option("--cards", "-c", help="Only these card ids (repeat, or separate with commas).")
    ] = None,
    kind: Annotated[
        list[str] | None, typer.Option("--kind", "-k", help="Only cards of this kind (repeatable).")
    ] = None,
    changed_since: Annotated[
        str | None,
        typer.Option("--changed-since", help="Only cards whose data or templates changed since this git revision."),
    ] = None,
    paper: Annotated[PaperChoice, typer.Option(help="Paper size of the print sheets.")] = PaperChoice.both,
    duplex: Annotated[
        Duplex, typer.Option(help="long: flip on the long edge (usual); short: on the short edge; none: fronts only.")
    ] = Duplex.long,
    back_offset: Annotated[
        str | None,
        typer.Option("--back-offset", metavar="X,Y", help="Shift back pages by X mm right and Y mm down."),
    ] = None,
    gutter: Annotated[
        float | None, typer.Option(help="Space between cards' trim lines in mm (default: bleeds touch).")
    ] = None,
    name: Annotated[str | None, typer.Option(help="File name stem of the sheets (default: the game id).")] = None,
    png: Annotated[bool, typer.Option("--png", help="Also write PNGs of every card, with and without bleed.")] = False,
    dpi: Annotated[int, typer.Option(help="Resolution of the PNGs.")] = DEFAULT_DPI,
    preset: Annotated[
        PresetChoice | None, typer.Option(help="Also write PNGs sized for a print service's poker cards.")
    ] = None,
    tts: Annotated[bool, typer.Option("--tts", help="Also write Tabletop Simulator deck sheets and JSON.")] = False,
    one_each: Annotated[
        bool, typer.Option("--one-each", help="Put one of each card on the sheets instead of its `copies`.")
    ] = False,
    workers: Annotated[int, typer.Option(help="Processes that render cards in parallel.")] = 2,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Render cards and write print sheets (A4/Letter), card PDFs, PNGs and Tabletop Simulator decks."""
    proj, pack = open_project(project, game)
    ids = [part.strip() for value in cards or [] for part in value.split(",") if part.strip()]
    if workers < 1:
        raise UsageError("--workers must be 1 or more")
    selecting = bool(ids or kind or changed_since)
    options = PrintOptions(
        papers=("a4", "letter") if paper is PaperChoice.both else (paper.value,),
        duplex=duplex,
        back_offset=BackOffset.parse(back_offset),
        gutter_mm=gutter,
        name=name or (f"{pack.id}-changed" if changed_since else f"{pack.id}-selection" if selecting else pack.id),
        png=png,
        dpi=check_dpi(dpi),
        preset=preset.value if preset else None,
        tts=tts,
        one_each=one_each,
        workers=workers,
        full_run=not selecting,
    )
    _check_name(options.name)
    # Started before loading: the workers import WeasyPrint while the cards load.
    with render_workers(workers) as pool:
        warm_workers(pool, proj, pack)
        db, report = load_database(proj, pack)
        if report.errors:
            print_report(report, only_errors=True)
            raise typer.Exit(1)
        selected = select_cards(db, ids=ids, kinds=kind or [], changed_since=changed_since)
        if not selected:
            print("no cards match the selection; nothing to print")
            raise typer.Exit(0)
        run_print(db, selected, options, report, pool)


def _check_name(name: str) -> None:
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise UsageError(f"--name '{name}' must be a plain file name stem (no folders)")


def run_print(
    db: CardDatabase, cards: Sequence[Card], options: PrintOptions, report: Report, pool: RenderWorkers
) -> None:
    with stages() as stage:
        result = print_stage(db, cards, options, report, stage=stage, pool=pool)
    _summary(db, cards, result.printable, (result.rendered, result.from_cache), result.written, report)


def _summary(
    db: CardDatabase,
    cards: Sequence[Card],
    printable: Sequence[Card],
    counts: tuple[int, int],
    written: Written,
    report: Report,
) -> None:
    if len(report):
        print_report(report, file=sys.stdout)
    table = Table("output", "where", "", box=None, header_style="bold")
    for row in written.rows:
        table.add_row(*row)
    Console(width=160).print(table)
    missing = len(cards) - len(printable)
    rendered, from_cache = counts
    line = f"{len(printable)} card{'s' * (len(printable) != 1)}"
    if rendered + from_cache != len(printable):  # double-sided cards: each side is a face of its own
        line += f" ({rendered + from_cache} faces)"
    line += f": {rendered} rendered, {from_cache} from the cache"
    if missing:
        line += f"; {missing} could not be rendered (see the findings above)"
    print(line)
    if report.errors or missing:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("print")(print_cards)
