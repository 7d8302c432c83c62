"""`carddb build`: everything a designer ships, as stages that share the render workers.

validate -> card faces -> print (card PDFs, sheets, PNGs, Tabletop Simulator) ->
play-mode samples (boosters, sealed, draft, deck lists, booster-ordered sheets) ->
rulebook -> spoiler site. Each stage is a function a test can call alone; this
module wires them together and collects what they wrote. Validation errors stop
the build before anything is rendered.

The stages do not wait for each other where their inputs are ready: their work is
queued on the render workers (one per core, `--jobs`) and runs as workers free up.
The faces the rulebook pictures are laid out first and the book (the longest single
layout) is queued as soon as they are done; the play-mode PDFs need no face and are
queued while the faces are still being laid out; sheets, PNGs, Tabletop Simulator
images and the site's images are queued as soon as every face is done. The parent
only builds HTML, decides what is stale and writes small files.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.findings.plural import plural
from carddb.packs.pack import GamePack
from carddb.play.lists import check_documents, play_documents
from carddb.play.samples import DEFAULT_SEED, PlaySamples, play_stage
from carddb.render.faces.backs import render_backs
from carddb.render.faces.results import FaceResult
from carddb.render.faces.schedule import start_faces, warm_workers
from carddb.render.imposition import PAPERS, Duplex
from carddb.render.pdfmeta import PdfMeta
from carddb.render.printing import PrintOptions, Written, sheet_cards, start_print
from carddb.render.raster import PngQueue
from carddb.render.selection import print_order
from carddb.render.sheets import COMPOSE, SheetJob, SheetResult
from carddb.render.workers import RenderWorkers, Ticket, default_jobs
from carddb.runtime.progress import Stage, no_progress


@dataclass
class BuildResult:
    report: Report
    written: Written = field(default_factory=Written)
    cards: int = 0  # cards printed
    rendered: int = 0  # card faces laid out by this run (both sides of a double-sided card)
    cached: int = 0  # card faces taken from the cache
    stopped: bool = False  # validation failed: nothing was rendered
    seconds: dict[str, float] = field(default_factory=dict)  # wall time the parent spent in (or waiting for) each step
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds of each kind of work on the workers
    parent_cpu: float = 0.0  # CPU seconds of the parent process

    @property
    def failed(self) -> bool:
        return self.stopped or bool(self.report.errors)


def build(
    project: Project,
    pack: GamePack,
    *,
    seed: int = DEFAULT_SEED,
    workers: int | None = None,
    stage: Stage | None = None,
    pool: RenderWorkers | None = None,
    tts_url_base: str | None = None,
) -> BuildResult:
    """Every stage. `pool`: render workers the caller started (before any thread of its own);
    without one, `workers` of them (default: one per core) are started here. `tts_url_base`: where
    the Tabletop Simulator images will be uploaded (None: the decks name their local files)."""
    if pool is None:
        # Started first: the workers import WeasyPrint while the cards load and validate.
        with RenderWorkers(workers or default_jobs()) as own:
            return build(project, pack, seed=seed, stage=stage, pool=own, tts_url_base=tts_url_base)
    started_cpu = time.process_time()
    shown = stage or no_progress()
    seconds: dict[str, float] = {}

    @contextmanager
    def timed(label: str, total: int | None) -> Iterator[Callable[[], None]]:
        start = time.perf_counter()
        with shown(label, total) as advance:
            yield advance
        seconds[label] = seconds.get(label, 0.0) + time.perf_counter() - start

    stage = timed
    warm_workers(pool, project, pack)
    with stage("Validating", None):
        db, report = load_database(project, pack)
    result = BuildResult(report, seconds=seconds)
    if report.errors:
        result.stopped = True
        return result
    from carddb.rulebook.build import RulebookRun
    from carddb.site.stage import start_site

    with stage("Queueing card faces", None):
        book = RulebookRun(db, report, pool=pool)
        # In print order, so that sheet pages can be built as their faces come in.
        cards = print_order(db, db.cards)
        faces = start_faces(db, cards, report, workers=pool.workers, pool=pool, first=book.ids)
    with stage("Card backs", None):
        backs = render_backs(db, report, pool=pool)
    with stage("Play-mode samples", None):
        documents = play_documents(db, pool)
        samples = play_stage(db, report, seed=seed, documents=documents)
    with stage("Rulebook pictures", None):
        book.start(faces.finish(only=book.ids))
    options = PrintOptions(name=db.pack.id, png=True, tts=True, tts_url_base=tts_url_base, workers=pool.workers)
    # The PNGs and the site's images go to the workers together: the site's are reduced from the PNGs' drawing.
    pngs = PngQueue(pool)
    printing = start_print(db, cards, options, report, stage=stage, faces=faces, backs=backs, pool=pool, png_queue=pngs)
    all_faces = printing.result.faces
    # Queued before the site's images: one long job, which alone at the end of the queue left a core idle
    # for its last half second, while the site's many small jobs even out the end on every core.
    booster_job = booster_sheets(db, samples, all_faces, backs, pool) if samples.sealed_boosters else None
    site = start_site(db, report, all_faces, pool=pool, png_queue=pngs)
    pngs.send()
    printed = printing.finish()
    result.cards = len(printed.printable)
    result.rendered, result.cached = printed.rendered, printed.from_cache
    result.written.rows += printed.written.rows
    with stage("Play-mode PDFs", None):
        check_documents(documents)
    for what, folder, note in samples.notes:
        result.written.add(what, rel(db, folder), note)
    if booster_job is not None:
        with stage("Booster sheets", None):
            pool.wait([booster_job])
            sheets: SheetResult = booster_job.result()
        result.written.add(
            "Booster print sheets", rel(db, sheets.path), f"{plural(len(samples.sealed_boosters), 'booster')} in order"
        )
    with stage("Rulebook", None):
        rulebook = book.finish()
    if rulebook.pdf is not None:
        result.written.add(
            "Rulebook", rel(db, rulebook.pdf), f"{plural(rulebook.pages, 'page')}; rulebook.html beside it"
        )
    with stage("Spoiler site", None):
        site_result = site.finish()
    result.written.add("Spoiler site", rel(db, site_result.site.root / "index.html"), site_result.summary())
    result.cpu = dict(pool.cpu)
    result.parent_cpu = time.process_time() - started_cpu
    return result


def booster_sheets(
    db: CardDatabase, samples: PlaySamples, faces: list[FaceResult], backs: dict[str, Path], pool: RenderWorkers
) -> Ticket:
    """The sealed sample's boosters on A4 print sheets, booster after booster, so cutting them yields the packs."""
    from carddb.play.lists import booster_print_order

    by_id = {f.card_id: f for f in faces}
    ordered = [card for booster in booster_print_order(db, samples.sealed_boosters) for card in booster]
    slots = sheet_cards([c for c in ordered if c.id in by_id], by_id, backs, PrintOptions(one_each=True))
    out = db.project.output_dir(db.pack)
    job = SheetJob(
        tuple(slots),
        PAPERS["a4"],
        out / "play" / "sealed" / "booster-sheets-a4.pdf",
        # Its own page cache: the print stage prunes pages it did not use from its cache.
        out / ".cache" / "booster-sheets",
        Duplex.long,
        PrintOptions().back_offset,
        None,
        PdfMeta(f"{db.pack.name}: sample sealed boosters, print sheets (A4)", db.pack.credited_author, db.pack.lang),
    )
    return pool.submit(COMPOSE, job, label="sheets")


def rel(db: CardDatabase, path: Path) -> str:
    try:
        return str(path.relative_to(db.project.root))
    except ValueError:
        return str(path)
