"""`carddb rulebook`: the rules prose plus chapters written from the data, as a PDF and a web page."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from carddb.cli.commands.common import GameOpt, ProjectOpt, load_or_exit, print_report
from carddb.files.outputlock import output_lock
from carddb.findings.diagnostics import Report
from carddb.findings.plural import plural


class PaperSize(StrEnum):
    a5 = "a5"
    a4 = "a4"


def rulebook(
    paper: Annotated[PaperSize, typer.Option("--paper", help="Page size of the PDF: a5 (a booklet) or a4.")] = (
        PaperSize.a5
    ),
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Write output/<game>/rulebook.pdf and rulebook.html from data/<game>/rulebook/*.md and the card data."""
    # Rendering pulls in WeasyPrint, which is slow to import; only commands that render load it.
    from carddb.rulebook.build import build_rulebook

    db = load_or_exit(project, game)
    report = Report(root=db.project.root)
    with output_lock(db.project.output_dir(db.pack), "rulebook"):
        book = build_rulebook(db, report, paper=paper.value)
    if len(report):
        print_report(report)
    if book.pdf is not None:
        shown = report.display_path(book.pdf)
        print(
            f"wrote {shown} ({plural(book.pages, 'page')}, {paper.value.upper()}) and {report.display_path(book.html_path)}"
        )
    raise typer.Exit(1 if report.errors or book.pdf is None else 0)


def register(app: typer.Typer) -> None:
    app.command()(rulebook)
