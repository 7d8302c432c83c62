"""Scheduling faces: reuse each from the cache when its inputs are unchanged, lay out the rest on the workers.

A face's cache key is found through the card's inputs (`face_inputs`: its fields, art, template
files, fonts); the cards to lay out go to the render workers in batches (`jobs`), where
`carddb.render.layout` lays each batch out in one document, fits the text and writes one PDF
per card. A face whose text or name overflows is still printed, and reported.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.files.project import Project
from carddb.files.stamps import sweep
from carddb.findings.diagnostics import Finding, Report, Span
from carddb.findings.errors import RenderError
from carddb.packs.card import Card, front_id
from carddb.packs.pack import GamePack
from carddb.render.cache import FaceCache, FaceMeta, code_digest, digest, face_cache_folder
from carddb.render.faces.context import card_fragment
from carddb.render.faces.regions import rules_steps
from carddb.render.faces.results import (
    BATCH_CARDS,
    FACE_PARTS,
    FIRST,
    LATER,
    PARALLEL_MIN_CARDS,
    RENDER_BATCH,
    WARM_UP,
    FaceResult,
    TemplateFailure,
    bleed_mm,
)
from carddb.render.faces.templates import FaceResources, refusal_finding
from carddb.render.fit import sizes
from carddb.render.jobs import BatchJob, WarmJob
from carddb.render.workers import RenderWorkers, Ticket, import_renderer

# ---------------------------------------------------------------- templates and assets


# ---------------------------------------------------------------- card -> template context


# ---------------------------------------------------------------- public entry points


def _at_field(db: CardDatabase, card: Card, field_name: str) -> tuple[Path | None, Span | None]:
    """Where a finding about one of the card's fields points: that field's value, else the card's id."""
    src = db.sources.get(card.id)
    if src is None:
        return None, None
    return src.path, src.value_span(field_name if field_name in src.located.value else "id")


def overflow_finding(db: CardDatabase, card: Card, meta: FaceMeta) -> Finding:
    return Finding(
        "E-TEXT-OVERFLOW",
        f"'{card.id}' rules text needs {meta.fill * 100:.0f}% of the box at {meta.font_pt:g} pt",
        *_at_field(db, card, "text"),
        hint=f"shorten the rules or flavor text; {meta.font_pt:g} pt is the smallest size carddb prints on this card",
    )


def name_overflow_finding(db: CardDatabase, card: Card, meta: FaceMeta) -> Finding:
    return Finding(
        "E-NAME-OVERFLOW",
        f"'{card.id}' name '{card.name}' is {meta.name_overrun:.1f} mm longer than the title bar has room for"
        " (it would be cut off or run under the cost)",
        *_at_field(db, card, "name"),
        hint="shorten the name; the title bar's size comes from the game's card template",
    )


def region_overflow_finding(db: CardDatabase, card: Card, region: str, overrun: float) -> Finding:
    shown = getattr(card, region, None)
    what = f"{region}: '{shown}'" if isinstance(shown, str) else f"{region} ({shown})" if shown is not None else region
    return Finding(
        "E-REGION-OVERFLOW",
        f"'{card.id}' {what} needs {overrun:.1f} mm more than its region of the layout has",
        *_at_field(db, card, region),
        hint="shorten it, or give the region more room or a smaller size: [largest, smallest] in the layout",
    )


def render_faces(
    db: CardDatabase,
    cards: Sequence[Card],
    report: Report,
    *,
    workers: int = 2,
    pool: RenderWorkers | None = None,
) -> list[FaceResult]:
    """Render (or reuse from the cache) the single-card PDF of each card; see the module docstring.

    `pool`: render workers the caller started early (see `carddb.render.workers`);
    without one, a pool of `workers` is started here when there is enough to render.
    """
    return start_faces(db, cards, report, workers=workers, pool=pool).finish()


@dataclass
class FaceRun:
    """Faces being rendered: those found in the cache, and the jobs that lay out the rest."""

    db: CardDatabase
    cards: Sequence[Card]
    report: Report
    cache: FaceCache
    resources: FaceResources
    found: dict[str, FaceResult] = field(default_factory=dict)
    pending: list[tuple[Card, str, str]] = field(default_factory=list)  # (card, cache key, HTML fragment)
    jobs: list[BatchJob] = field(default_factory=list)
    tickets: list[Ticket] = field(default_factory=list)  # one per job when they run on workers
    done: dict[int, list[tuple[str, FaceMeta]]] = field(default_factory=dict)  # job number -> what it rendered
    pool: RenderWorkers | None = None
    own_pool: bool = False  # started for this run, closed when it finishes
    # A measuring run (`carddb validate`): every face's measure by key, stored in one file when it changed.
    measures: dict[str, FaceMeta] | None = None
    measures_known: int = 0

    def add(self, job: BatchJob, priority: int, pool: RenderWorkers | None) -> None:
        """A batch to lay out: sent to `pool` at once, or kept for `finish` (or a pool of its own)."""
        self.jobs.append(job)
        if pool is not None:
            self.pool = pool
            self.tickets.append(pool.submit(RENDER_BATCH, job, priority=priority, label="card faces"))

    def expected(self) -> dict[str, FaceResult]:
        """Every face this run will have if all goes well: those found, and those being rendered
        (where their PDF will be; size and fill still unknown)."""
        back = {kind.id: kind.back for kind in self.db.pack.kinds}
        coming = {
            card.id: FaceResult(card.id, self.cache.pdf_path(key), back[card.kind], 0.0, 0.0, False)
            for card, key, _fragment in self.pending
        }
        every = {**coming, **self.found}
        return {card.id: face for card in self.cards if (face := _with_back(card, every)) is not None}

    def finish(self, only: Sequence[str] | None = None) -> list[FaceResult]:
        """Wait for the faces of the cards in `only` (default: all) and return them in the order of the cards.

        `only` may name a card or one of its faces (`ID/back`): either way both sides are waited for.
        """
        wanted = _whole_cards(self.cards, only) if only is not None else None
        faces = {face.id for card in self.cards if wanted is None or card.id in wanted for face in card.faces}
        chosen = [
            number
            for number, job in enumerate(self.jobs)
            if wanted is None or any(card_id in faces for card_id, _k, _f in job.faces)
        ]
        try:
            rendered = self._rendered(chosen)
        except RenderError as exc:
            self.report.add(refusal_finding(str(exc), self.resources))
            rendered = []
            self.jobs, self.tickets, self.done = [], [], {}
        finally:
            if self.own_pool and self.pool is not None and (wanted is None or not self.jobs):
                self.pool.close()
        by_key = dict(rendered)
        if self.measures is not None and wanted is None:
            self.measures.update(by_key)
            if len(self.measures) != self.measures_known or by_key:
                self.cache.store_measures(self.measures)
        for card, key, _fragment in self.pending:
            if card.id not in self.found and key in by_key:
                self.found[card.id] = _result(
                    self.db, card, self.cache.pdf_path(key), by_key[key], from_cache=False, report=self.report
                )
        return [
            face
            for c in self.cards
            if (wanted is None or c.id in wanted) and (face := _with_back(c, self.found)) is not None
        ]

    def _rendered(self, numbers: list[int]) -> list[tuple[str, FaceMeta]]:
        """The (key, meta) of every face the chosen jobs rendered: waited for on the workers, or rendered here."""
        jobs = [self.jobs[n] for n in numbers]
        try:
            if self.pool is None:
                for number in numbers:
                    if number not in self.done:
                        self.done[number] = import_renderer().render_batch(self.jobs[number])
            else:
                tickets = [self.tickets[n] for n in numbers]
                self.pool.wait(tickets)
                self.done.update((n, self.tickets[n].result()) for n in numbers)
            return [item for n in numbers for item in self.done[n]]
        except RenderError:
            raise
        except (OSError, ValueError, RuntimeError) as exc:
            # A full disk or a WeasyPrint failure on odd input: one message, no traceback.
            cards = ", ".join(cid for job in jobs for cid, _k, _f in job.faces[:3])
            raise RenderError(
                f"rendering the card faces failed ({type(exc).__name__}: {exc}); first cards: {cards}"
            ) from exc


def start_faces(
    db: CardDatabase,
    cards: Sequence[Card],
    report: Report,
    *,
    workers: int = 2,
    pool: RenderWorkers | None = None,
    first: Sequence[str] = (),
    measure_only: bool = False,
) -> FaceRun:
    """Find each card's face in the cache and queue the others on `pool`; `FaceRun.finish` waits for them.

    Cards in `first` (the rulebook's pictures) go in a batch of their own ahead of the rest,
    so what waits for them can start while the other faces are still being laid out.
    `measure_only` (`carddb validate`): lay the faces out and fit them, write no PDF, and take
    what an earlier run measured (with or without its PDF) instead of laying a card out again.
    """
    resources = FaceResources(db)
    cache = FaceCache(face_cache_folder(db, "faces"))
    run = FaceRun(db, cards, report, cache, resources)
    lookup = cache.lookup
    if measure_only:
        # What the last validate measured comes from one file; a face measured by a print from its own.
        book = cache.load_measures()
        run.measures, run.measures_known = {}, len(book)

        def lookup(key: str) -> FaceMeta | None:
            meta = book.get(key) or cache.lookup_measure(key)
            if meta is not None and run.measures is not None:
                run.measures[key] = meta
            return meta

    font_problems = resources.check_fonts()
    if font_problems:
        report.extend(font_problems)
        return run
    try:
        head, tail = resources.page_parts(preview=False, linked=False)
        palette = resources.palette_css()
        resources.card_css()
    except TemplateFailure as exc:
        report.add(exc.finding())
        return run
    shared = resources.digest()
    resources.placeholder_dir = cache.folder.parent / "placeholders"
    steps = sizes(*resources.geometry.fit_steps())
    index = cache.load_index()
    seen: dict[str, str] = {}
    card_steps: dict[str, tuple[float, ...]] = {}
    memo: dict[str, str] = {}
    common = [code_digest(), shared, palette, repr(steps), str(db.project.root)]
    wanted_first = _whole_cards(cards, first)
    # Every face of a card, its own back face too (a double-sided card's back is a face like any).
    early = [face for card in cards if card.id in wanted_first for face in card.faces]
    later = [face for card in cards if card.id not in wanted_first for face in card.faces]
    # Batches go to the workers as soon as they fill, so the first is laid out while the parent builds the rest.
    size = max(1, min(BATCH_CARDS, math.ceil(len(early + later) / (pool.workers if pool is not None else workers))))
    batch: list[tuple[Card, str, str]] = []

    def send(priority: int) -> None:
        if batch:
            job = _job(db, batch, (head, tail, palette), resources, cache, steps)
            own = tuple((card.id, card_steps[card.id]) for card, _k, _f in batch if card.id in card_steps)
            run.add(replace(job, measure_only=measure_only, card_steps=own), priority, pool)
            batch.clear()

    for position, card in enumerate([*early, *later]):
        if position == len(early):
            send(FIRST)
        inputs = face_inputs(db, card, common, memo)
        known = index.get(inputs)
        if known is not None and (meta := lookup(known)) is not None:
            run.found[card.id] = _result(db, card, cache.pdf_path(known), meta, from_cache=True, report=report)
            seen[inputs] = known
            continue
        # validate reports art problems itself: a measuring run keeps them out of its report
        art_report = Report(root=report.root) if measure_only else report
        findings = len(art_report)
        try:
            fragment, art = card_fragment(db, card, resources, art_report, preview=False)
        except TemplateFailure as exc:
            report.add(exc.finding())
            continue
        art_bytes = art.file.read_bytes() if art.file else b""
        own_steps = rules_steps(db.pack, card.kind, resources.geometry)
        if own_steps is not None:
            card_steps[card.id] = own_steps
        # FACE_PARTS: the parts whose boxes the measure records (a new part must be measured again);
        # the document head (its language and author) and the title are in the PDF, so in the key
        key = digest(
            [
                shared,
                palette,
                fragment,
                art_bytes,
                repr(own_steps or steps),
                repr(FACE_PARTS),
                head,
                face_title(db, card),
            ]
        )
        if len(art_report) == findings:  # a card whose art gave findings is rebuilt, so they are shown again
            seen[inputs] = key
        meta = lookup(key)
        if meta is not None:
            run.found[card.id] = _result(db, card, cache.pdf_path(key), meta, from_cache=True, report=report)
            continue
        run.pending.append((card, key, fragment))
        batch.append((card, key, fragment))
        if pool is not None and len(run.pending) == PARALLEL_MIN_CARDS:
            # Enough to share: the other workers import WeasyPrint while the rest is looked up.
            warm_workers(pool, db.project, db.pack, resources=resources, all_workers=True)
        if len(batch) >= size:
            send(FIRST if position < len(early) else LATER)
    send(FIRST if not later else LATER)
    if {card.id for card in cards} >= {card.id for card in db.cards}:
        _sweep(cache, run, resources)
    if seen.items() - index.items():
        # Entries of cards left out of this run (a --cards selection) are kept, up to a bound.
        bound = 4 * max(sum(len(c.faces) for c in db.cards), 1)
        cache.store_index(seen if len(index) + len(seen) > bound else {**index, **seen})
    if pool is None and len(run.jobs) > 1 and workers > 1:
        run.pool, run.own_pool = RenderWorkers(workers).start(), True
        run.tickets = [run.pool.submit(RENDER_BATCH, job, label="card faces") for job in run.jobs]
    return run


def _sweep(cache: FaceCache, run: FaceRun, resources: FaceResources) -> None:
    """After looking up every card: drop the faces no card has now, but for as many recent ones as there are cards.

    Each edit of a card made a new face; kept forever, the cache grew with every edit of a
    game's life. The recent ones stay so that undoing an edit (a designer trying a wording
    in `carddb serve`) finds its face again: at most twice the faces the game has.
    """
    current = {face.pdf.stem for face in run.found.values()} | {key for _card, key, _fragment in run.pending}
    cache.sweep_older(current, keep={"inputs.json", "measures.json"})
    if resources.placeholder_dir is not None:
        for folder in (resources.placeholder_dir, resources.placeholder_dir.parent / "art"):
            sweep(folder)  # those this run drew or used; a cached face holds its picture already


def face_inputs(db: CardDatabase, card: Card, common: list[str], memo: dict[str, str] | None = None) -> str:
    """A digest of everything a card's face is built from (see the cache module).

    `memo` keeps what many cards share (their set's description and size, the art folder) for one run:
    a warm `carddb validate` of 1,000 cards is mostly this function.
    """
    memo = memo if memo is not None else {}
    art = ""
    if card.art is not None:
        if "art-dir" not in memo:
            memo["art-dir"] = str(db.project.art_dir(db.pack))
        try:
            # stat follows links as resolving would: the same size and time, without resolving each path
            stat = os.stat(os.path.join(memo["art-dir"], card.art.file))
            art = f"{card.art.file}|{stat.st_size}|{stat.st_mtime_ns}"
        except (OSError, ValueError):
            art = f"{card.art.file}|missing"
    # Both sides of a double-sided card: a face template may print its other side (`other_side`).
    whole = db.face(front_id(card.id)) if card.is_back else card
    data = (whole or card).model_dump_json()
    set_key = f"set:{card.set}"
    if set_key not in memo:
        memo[set_key] = f"{db.sets.get(card.set)!r}|{db.set_size(card.set)}"
    return digest([*common, card.id, data, memo[set_key], art])


def _whole_cards(cards: Sequence[Card], ids: Sequence[str]) -> set[str]:
    """The ids of the cards that `ids` names, by their own id or the id of one of their faces."""
    named = set(ids)
    return {card.id for card in cards if any(face.id in named for face in card.faces)}


def _with_back(card: Card, results: dict[str, FaceResult]) -> FaceResult | None:
    """The card's result, carrying its own back face's; None if either side could not be rendered."""
    front = results.get(card.id)
    if front is None or card.back is None:
        return front
    back = results.get(card.back.id)
    return replace(front, back_face=back) if back is not None else None


def _result(db: CardDatabase, card: Card, pdf: Path, meta: FaceMeta, *, from_cache: bool, report: Report) -> FaceResult:
    if meta.overflow:
        report.add(overflow_finding(db, card, meta))
    if meta.name_overrun > 0:
        report.add(name_overflow_finding(db, card, meta))
    for region, overrun in meta.regions.items():
        report.add(region_overflow_finding(db, card, region, overrun))
    back = db.pack.kind(card.kind).back
    return FaceResult(card.id, pdf, back, meta.font_pt, meta.fill, from_cache, meta.parts)


def _job(
    db: CardDatabase,
    batch: list[tuple[Card, str, str]],
    page: tuple[str, str, str],
    resources: FaceResources,
    cache: FaceCache,
    steps: tuple[float, ...],
) -> BatchJob:
    return BatchJob(
        head=page[0],
        tail=page[1],
        card_css=resources.card_css(),
        stylesheets=resources.pack_stylesheets,
        palette=page[2],
        faces=tuple((card.id, key, fragment) for card, key, fragment in batch),
        fetch_roots=resources.fetch_roots,
        cache_dir=cache.folder,
        trim_mm=db.pack.card_size_mm,
        bleed_mm=bleed_mm(db.pack),
        steps=steps,
        digest=resources.digest(),
        parts=FACE_PARTS,
        titles=tuple(face_title(db, card) for card, _key, _fragment in batch),
    )


def face_title(db: CardDatabase, card: Card) -> str:
    """A card PDF's title: the card's name (both sides' for a double-sided card's file), then the game's."""
    if card.is_back:
        front = db.by_id(front_id(card.id))
        return f"{card.name} (back of {front.name if front else front_id(card.id)}) — {db.pack.name}"
    return f"{' // '.join(face.name for face in card.faces)} — {db.pack.name}"


def warm_workers(
    pool: RenderWorkers,
    project: Project,
    pack: GamePack,
    *,
    resources: FaceResources | None = None,
    all_workers: bool = False,
) -> None:
    """Have the workers parse the game's card stylesheets and load its fonts while the cards load."""
    resources = resources or FaceResources(CardDatabase(pack=pack, project=project))
    try:
        if resources.check_fonts():
            return  # the real run reports it
        palette = resources.palette_css()
        job = WarmJob(
            resources.card_css(),
            resources.pack_stylesheets,
            palette,
            resources.fetch_roots,
            resources.digest(),
            tuple(resources.font_families()),
        )
    except (TemplateFailure, OSError):
        return
    pool.prepare(WARM_UP, job, all_workers=all_workers)
