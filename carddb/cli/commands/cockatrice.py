"""`carddb cockatrice export`: the game as a Cockatrice card database (v4 XML) and its pictures."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from carddb.cards.loading import load_database
from carddb.cli.commands.common import GameOpt, JobsOpt, ProjectOpt, jobs_count, open_project, out_dir, print_report
from carddb.files.atomic import write_bytes
from carddb.files.outputlock import output_lock
from carddb.findings.plural import plural
from carddb.play.cockatrice import database_xml, picture_sources
from carddb.render.faces.schedule import render_faces, warm_workers
from carddb.render.raster import PngJob, check_dpi, queue_pngs
from carddb.render.workers import render_workers

# Cockatrice shows a card about 490 px wide at most (Scryfall's "normal" size): 200 dpi covers it.
DEFAULT_DPI = 200

cockatrice_app = typer.Typer(help="Cockatrice: play the game online with its card database.", no_args_is_help=True)


@cockatrice_app.command("export")
def cockatrice_export(
    image_base: Annotated[
        str | None,
        typer.Option(
            "--image-base",
            metavar="URL",
            help="URL folder you upload the pictures (pics/CUSTOM/<game>/) to: each printing names its picture "
            "there, for players who did not copy the pictures.",
        ),
    ] = None,
    dpi: Annotated[int, typer.Option(help="Resolution of the pictures (cut at the card's edge).")] = DEFAULT_DPI,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Folder inside the project (default: output/<game>/cockatrice).")
    ] = None,
    jobs: JobsOpt = None,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Write customsets/<game>.xml and pics/CUSTOM/<game>/: copy both into Cockatrice's data folder."""
    proj, pack = open_project(project, game)
    workers = jobs_count(jobs)
    dpi = check_dpi(dpi)
    with render_workers(workers) as pool, output_lock(proj.output_dir(pack), "cockatrice"):
        warm_workers(pool, proj, pack)
        db, report = load_database(proj, pack)
        if report.errors:
            print_report(report, only_errors=True)
            print("nothing was exported: fix the errors first")
            raise typer.Exit(1)
        folder = out_dir(db, out, "cockatrice")
        xml_path = folder / "customsets" / f"{pack.id}.xml"
        write_bytes(xml_path, database_xml(db, picture_base=image_base))
        results = render_faces(db, db.cards, report, workers=workers, pool=pool)
        pdfs = {side.card_id: side.pdf for face in results for side in face.sides}
        pictures = folder / "pics" / "CUSTOM" / pack.id
        png_jobs = [
            PngJob(pdfs[face_id], pictures / name, dpi, bleed=False)
            for face_id, name in picture_sources(db)
            if face_id in pdfs
        ]
        drawn, _kept = queue_pngs(png_jobs, workers=workers, pool=pool, label="Cockatrice pictures").finish()
    if len(report):
        print_report(report)
    missing = len(picture_sources(db)) - len(png_jobs)
    print(f"{xml_path.relative_to(db.project.root)}: {plural(len(picture_sources(db)), 'card')} (Cockatrice v4)")
    print(
        f"{pictures.relative_to(db.project.root)}: {plural(len(png_jobs), 'picture')} at {dpi} dpi, {drawn} drawn"
        + (f"; {missing} could not be rendered (see the findings above)" if missing else "")
    )
    print("copy customsets/ and pics/ into Cockatrice's data folder (the one that holds its own customsets/ and pics/)")
    if report.errors or missing:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.add_typer(cockatrice_app, name="cockatrice")
