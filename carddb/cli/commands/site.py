"""`carddb site` (build the spoiler site) and `carddb serve` (live preview in the browser)."""

from __future__ import annotations

import threading
from typing import Annotated

import typer

from carddb.cards.database import CardDatabase
from carddb.cli.commands.common import GameOpt, ProjectOpt, load_or_exit, open_project, print_report
from carddb.files.outputlock import output_lock
from carddb.findings.diagnostics import Report

PortOpt = Annotated[
    int,
    typer.Option("--port", min=0, max=65535, help="Port on 127.0.0.1 (0 picks a free one and prints it)."),
]


def site(
    sources: Annotated[
        bool, typer.Option("--sources", help="Name each card's source file and line on its page (for a private site).")
    ] = False,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Build the spoiler site into output/<game>/site/ (gallery, a page per card, statistics)."""
    # Rendering pulls in WeasyPrint, which is slow to import; only commands that render load it.
    from carddb.site.stage import site_root, site_stage

    db = load_or_exit(project, game)
    report = Report(root=db.project.root)
    with output_lock(db.project.output_dir(db.pack), "site"):
        result = site_stage(db, report, show_sources=sources)
    if len(report):
        print_report(report)
    print(f"{result.summary()}\nopen {site_root(db) / 'index.html'}")
    raise typer.Exit(1 if report.errors else 0)


def serve(port: PortOpt = 8000, game: GameOpt = None, project: ProjectOpt = None) -> None:
    """Serve the spoiler on 127.0.0.1 and rebuild it, reloading open pages, whenever a card file changes."""
    from carddb.site.serve import Preview
    from carddb.site.serve import serve as run_server
    from carddb.site.stage import site_root, site_stage

    proj, pack = open_project(project, game)
    proj.require_data(pack)
    root = proj.output_dir(pack) / "site"

    def build(db: CardDatabase, report: Report) -> str:
        # The faces renderer forks worker processes; forking while the HTTP and watcher threads run could
        # copy a lock held by one of them, so only the first build (still single-threaded) uses two workers.
        workers = 2 if threading.active_count() == 1 else 1
        with output_lock(
            proj.output_dir(pack), "serve"
        ):  # a `carddb build` meanwhile: reported, retried on the next edit
            # the live preview is the designer's own: its card pages say where each card is written
            return site_stage(db, report, root=site_root(db), workers=workers, show_sources=True).summary()

    run_server(Preview(project=proj, pack=pack, site_root=root, build_site=build), port)


def register(app: typer.Typer) -> None:
    app.command()(site)
    app.command()(serve)
