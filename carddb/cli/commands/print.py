"""`carddb print`: card faces -> single-card PDFs, print sheets, PNGs, Tabletop Simulator decks.

The command reads as its pipeline: load -> select -> render faces and backs
(cached) -> copy card PDFs -> impose sheets -> PNGs -> Tabletop Simulator -> summary.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.cards.validity import LeftOut, Triage, triage
from carddb.cli.commands.common import (
    GameOpt,
    JobsOpt,
    ListOptionsCommand,
    ProjectOpt,
    jobs_count,
    open_project,
    print_report,
)
from carddb.files.outputlock import output_lock
from carddb.findings.diagnostics import Finding, Report
from carddb.findings.errors import UsageError
from carddb.findings.plural import plural
from carddb.packs.card import Card, front_id
from carddb.render.faces.schedule import warm_workers
from carddb.render.imposition import BackOffset, Duplex
from carddb.render.printing import PrintOptions, Written, print_stage
from carddb.render.printservice import DEFAULT_INK_LIMIT
from carddb.render.printservice import cmyk_profile as cmyk_profile_path
from carddb.render.raster import DEFAULT_DPI, check_dpi
from carddb.render.selection import select_cards
from carddb.render.services import PRODUCTS
from carddb.render.tts import check_url_base
from carddb.render.workers import RenderWorkers, render_workers
from carddb.runtime.progress import stages


class PaperChoice(StrEnum):
    a4 = "a4"
    letter = "letter"
    both = "both"


class PresetChoice(StrEnum):
    mpc = "mpc"
    drivethru = "drivethru"


def print_cards(
    cards: Annotated[
        list[str] | None,
        typer.Option(
            "--cards",
            "-c",
            help="Only these card ids (repeat, or separate with commas); ID/back: only the back face of a double-sided card.",
        ),
    ] = None,
    kind: Annotated[
        list[str] | None, typer.Option("--kind", "-k", help="Only cards of this kind (repeatable).")
    ] = None,
    changed_since: Annotated[
        str | None,
        typer.Option("--changed-since", help="Only cards whose data or templates changed since this git revision."),
    ] = None,
    data_only: Annotated[
        bool,
        typer.Option(
            "--data-only",
            help="With --changed-since: only cards whose data changed, not those a changed face template or art "
            "reprints (an errata sheet).",
        ),
    ] = False,
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
        PresetChoice | None,
        typer.Option(
            help="Also write PNGs as a print service asks for them, at the size of the game's cards, and the "
            "PDFs it takes (drivethru: PDF/X-1a, CMYK, laid out at its cut plus 1/8 in of bleed)."
        ),
    ] = None,
    cmyk_profile: Annotated[
        Path | None,
        typer.Option(
            "--cmyk-profile",
            metavar="FILE",
            help="ICC profile of the print service's CMYK (default: Ghostscript's SWOP profile, from Debian's "
            "libgs-common).",
        ),
    ] = None,
    ink_limit: Annotated[
        int, typer.Option("--ink-limit", help="Most total ink (C+M+Y+K, in percent) of the PDF/X cards.")
    ] = DEFAULT_INK_LIMIT,
    tts: Annotated[bool, typer.Option("--tts", help="Also write Tabletop Simulator deck sheets and JSON.")] = False,
    tts_dpi: Annotated[
        int | None,
        typer.Option(
            "--tts-dpi",
            help="Resolution of the Tabletop Simulator cards (default: the best that keeps each deck on its fewest sheets).",
        ),
    ] = None,
    tts_url_base: Annotated[
        str | None,
        typer.Option(
            "--tts-url-base",
            metavar="URL",
            help="With --tts: the http(s) folder you upload output/<game>/tts/ to; the decks name their images "
            "there (default: their absolute file:// URIs, for play on this computer).",
        ),
    ] = None,
    one_each: Annotated[
        bool, typer.Option("--one-each", help="Put one of each card on the sheets instead of its `copies`.")
    ] = False,
    jobs: JobsOpt = None,
    skip_invalid: Annotated[
        bool,
        typer.Option(
            "--skip-invalid",
            help="Print the cards without errors and list the others with their findings "
            "(exit code 1 when any card was left out; the sheets are written all the same).",
        ),
    ] = False,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Render cards and write print sheets (A4/Letter), card PDFs, PNGs and Tabletop Simulator decks."""
    proj, pack = open_project(project, game)
    ids = [part.strip() for value in cards or [] for part in value.split(",") if part.strip()]
    if data_only and changed_since is None:
        raise UsageError("--data-only narrows --changed-since REV; give the revision too")
    workers = jobs_count(jobs)
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
        cmyk_profile=cmyk_profile,
        ink_limit=ink_limit,
        tts=tts or tts_dpi is not None or tts_url_base is not None,
        tts_dpi=check_dpi(tts_dpi) if tts_dpi is not None else None,
        tts_url_base=check_url_base(tts_url_base) if tts_url_base is not None else None,
        one_each=one_each,
        workers=workers,
        full_run=not selecting,
    )
    _check_name(options.name)
    if not 100 <= ink_limit <= 400:
        raise UsageError(f"--ink-limit is a percentage of total ink, 100 to 400, not {ink_limit}")
    if preset is not None and any(p.pdf_variant for p in PRODUCTS if p.service == preset.value):
        cmyk_profile_path(cmyk_profile)  # before any work: a missing profile is a usage error
    # Checked before any work: a NaN or a 1e300 mm gutter laid out every card before the sheets failed.
    if gutter is not None and not (math.isfinite(gutter) and 0 <= gutter <= 50):
        raise UsageError(f"--gutter is the space between cards in mm, 0 to 50, not {gutter:g}")
    # Started before loading: the workers import WeasyPrint while the cards load.
    with render_workers(workers) as pool, output_lock(proj.output_dir(pack), "print"):
        warm_workers(pool, proj, pack)
        db, report = load_database(proj, pack)
        skipped: Skipped | None = None
        if report.errors:
            if not skip_invalid:
                print_report(report, only_errors=True)
                print("nothing was printed: fix the errors, or print the other cards with --skip-invalid")
                raise typer.Exit(1)
            # a back face named alone (`ID/back`) is left out with its card
            skipped = Skipped.of(triage(db, report), report, ids=[front_id(i) for i in ids], kinds=kind or [])
            report = skipped.report
        # Ids of left-out cards are known, not typos: they are listed, not looked up.
        wanted = [card_id for card_id in ids if skipped is None or front_id(card_id) not in skipped.ids]
        selected = (
            []
            if ids and not wanted
            else select_cards(db, ids=wanted, kinds=kind or [], changed_since=changed_since, data_only=data_only)
        )
        if skipped is not None:
            selected = [card for card in selected if front_id(card.id) in skipped.valid]
        if not selected:
            if skipped is not None:
                print_report(skipped.report)
                skipped.print()
            print("no cards match the selection; nothing to print")
            raise typer.Exit(1 if skipped is not None and skipped.report.errors else 0)
        run_print(db, selected, options, report, pool, skipped)


@dataclass
class Skipped:
    """What --skip-invalid leaves out of this print, and the report the run shows instead of the full one."""

    valid: set[str]  # ids of the cards without errors
    ids: set[str]  # ids of every card left out, so that --cards may name them
    listed: list[LeftOut]  # the left-out cards of this selection (all of them without a selection)
    outside: list[Finding]  # errors in no card (sets.yaml, a file that does not parse)
    report: Report  # the errors of `listed` and `outside`, and every warning

    @classmethod
    def of(cls, triaged: Triage, report: Report, *, ids: Sequence[str], kinds: Sequence[str]) -> Skipped:
        listed = [
            entry
            for entry in triaged.left_out
            if (not ids or entry.card_id in ids) and (not kinds or entry.kind in kinds)
        ]
        errors = [finding for entry in listed for finding in entry.findings] + triaged.outside_cards
        shown = Report(root=report.root, findings=errors + report.warnings)
        return cls({c.id for c in triaged.valid}, triaged.left_out_ids, listed, triaged.outside_cards, shown)

    def print(self) -> None:
        if self.listed:
            print(f"left out, with errors (listed above): {plural(len(self.listed), 'card')}")
            for entry in self.listed:
                codes = ", ".join(dict.fromkeys(f.code for f in entry.findings))
                print(f"  {entry.label(self.report)}: {codes}")
        if self.outside:
            print("errors outside any card (a card file that does not parse leaves all its cards out):")
            for finding in self.outside:
                where = self.report.display_path(finding.path) if finding.path else ""
                if finding.span:
                    where += f":{finding.span.line}:{finding.span.col}"
                print(f"  {where + ': ' if where else ''}{finding.code}")


def _check_name(name: str) -> None:
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise UsageError(f"--name '{name}' must be a plain file name stem (no folders)")


def run_print(
    db: CardDatabase,
    cards: Sequence[Card],
    options: PrintOptions,
    report: Report,
    pool: RenderWorkers,
    skipped: Skipped | None = None,
) -> None:
    with stages() as stage:
        result = print_stage(db, cards, options, report, stage=stage, pool=pool)
    _summary(db, cards, result.printable, (result.rendered, result.from_cache), result.written, report, skipped)


def _summary(
    db: CardDatabase,
    cards: Sequence[Card],
    printable: Sequence[Card],
    counts: tuple[int, int],
    written: Written,
    report: Report,
    skipped: Skipped | None,
) -> None:
    if len(report):
        print_report(report, file=sys.stdout)
    table = Table("output", "where", "", box=None, header_style="bold")
    for row in written.rows:
        table.add_row(*row)
    Console(width=160).print(table)
    if skipped is not None:
        skipped.print()
    missing = len(cards) - len(printable)
    rendered, from_cache = counts
    line = plural(len(printable), "card")
    if rendered + from_cache != len(printable):  # double-sided cards: each side is a face of its own
        line += f" ({rendered + from_cache} faces)"
    line += f": {rendered} rendered, {from_cache} from the cache"
    if missing:
        line += f"; {missing} could not be rendered (see the findings above)"
    if skipped is not None and skipped.listed:
        line += f"; {len(skipped.listed)} left out for errors"
    print(line)
    # Incomplete sheets must not pass for complete ones in a script: the sheets are written, the exit code says what is missing.
    if report.errors or missing:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("print", cls=ListOptionsCommand)(print_cards)
