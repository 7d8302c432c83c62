"""`carddb build`: everything a designer ships, as stages called in order.

validate -> card faces -> print (card PDFs, sheets, PNGs, Tabletop Simulator) ->
play-mode samples (boosters, sealed, draft, deck lists, booster-ordered sheets) ->
rulebook -> spoiler site. Each stage is a function a test can call alone; this
module only wires them together and collects what they wrote. Validation errors
stop the build before anything is rendered.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from carddb.database import CardDatabase, load_database
from carddb.diagnostics import Report
from carddb.gamepack import GamePack
from carddb.play.samples import DEFAULT_SEED, PlaySamples, play_stage
from carddb.plural import plural
from carddb.progress import Stage, no_progress
from carddb.project import Project
from carddb.render.faces import warm_workers
from carddb.render.imposition import PAPERS, Duplex
from carddb.render.printing import PrintOptions, PrintResult, Written, print_stage, sheet_cards
from carddb.render.workers import RenderWorkers


@dataclass
class BuildResult:
    report: Report
    written: Written = field(default_factory=Written)
    cards: int = 0  # cards printed
    rendered: int = 0  # card faces laid out by this run (both sides of a double-sided card)
    cached: int = 0  # card faces taken from the cache
    stopped: bool = False  # validation failed: nothing was rendered
    seconds: dict[str, float] = field(default_factory=dict)  # wall time of each stage

    @property
    def failed(self) -> bool:
        return self.stopped or bool(self.report.errors)


def build(
    project: Project,
    pack: GamePack,
    *,
    seed: int = DEFAULT_SEED,
    workers: int = 2,
    stage: Stage | None = None,
    pool: RenderWorkers | None = None,
) -> BuildResult:
    """Every stage in order. `pool`: render workers the caller started (before any thread of its own)."""
    if pool is None:
        # Started first: the workers import WeasyPrint while the cards load and validate.
        with RenderWorkers(workers) as own:
            return build(project, pack, seed=seed, workers=workers, stage=stage, pool=own)
    shown = stage or no_progress()
    seconds: dict[str, float] = {}

    @contextmanager
    def timed(label: str, total: int | None) -> Iterator[Callable[[], None]]:
        start = time.perf_counter()
        with shown(label, total) as advance:
            yield advance
        seconds[label] = seconds.get(label, 0.0) + time.perf_counter() - start

    stage: Stage = timed
    warm_workers(pool, project, pack)
    with stage("Validating", None):
        db, report = load_database(project, pack)
    result = BuildResult(report, seconds=seconds)
    if report.errors:
        result.stopped = True
        return result
    printed = print_outputs(db, report, stage, pool)
    result.cards = len(printed.printable)
    result.rendered, result.cached = printed.rendered, printed.from_cache
    result.written.rows += printed.written.rows
    with stage("Play-mode samples", None):
        samples = play_stage(db, report, seed=seed)
    for what, note in samples.notes:
        result.written.add(what, rel(db, db.project.output_dir(pack) / "play"), note)
    if samples.sealed_boosters:
        with stage("Booster sheets", None):
            path = booster_sheets(db, samples, printed)
        result.written.add(
            "Booster print sheets", rel(db, path), f"{plural(len(samples.sealed_boosters), 'booster')} in order"
        )
    with stage("Rulebook", None):
        from carddb.rulebook.build import build_rulebook

        book = build_rulebook(db, report)
    if book.pdf is not None:
        result.written.add("Rulebook", rel(db, book.pdf), f"{plural(book.pages, 'page')}; rulebook.html beside it")
    with stage("Spoiler site", None):
        from carddb.site.stage import site_stage

        site = site_stage(db, report, faces=printed.faces, workers=workers)
    result.written.add("Spoiler site", rel(db, site.site.root / "index.html"), site.summary())
    return result


def print_outputs(db: CardDatabase, report: Report, stage: Stage, pool: RenderWorkers) -> PrintResult:
    options = PrintOptions(name=db.pack.id, png=True, tts=True, workers=pool.workers)
    return print_stage(db, db.cards, options, report, stage=stage, pool=pool)


def booster_sheets(db: CardDatabase, samples: PlaySamples, printed: PrintResult) -> Path:
    """The sealed sample's boosters on A4 print sheets, booster after booster, so cutting them yields the packs."""
    from carddb.play.lists import booster_print_order
    from carddb.render.sheets import compose_sheets

    faces = {f.card_id: f for f in printed.faces}
    ordered = [card for booster in booster_print_order(db, samples.sealed_boosters) for card in booster]
    slots = sheet_cards(ordered, faces, printed.backs, PrintOptions(one_each=True))
    out = db.project.output_dir(db.pack)
    return compose_sheets(
        slots,
        PAPERS["a4"],
        out / "play" / "sealed" / "booster-sheets-a4.pdf",
        # Its own page cache: the print stage prunes pages it did not use from its cache.
        cache_dir=out / ".cache" / "booster-sheets",
        duplex=Duplex.long,
    ).path


def rel(db: CardDatabase, path: Path) -> str:
    try:
        return str(path.relative_to(db.project.root))
    except ValueError:
        return str(path)
