"""The print stage: card faces -> card PDFs -> print sheets -> PNGs -> Tabletop Simulator decks.

`carddb print` and `carddb build` both run `print_stage`; it returns what it
wrote and never prints or exits, so each command words its own summary.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.files.atomic import write_bytes
from carddb.files.outputs import read_existing
from carddb.findings.diagnostics import Report
from carddb.findings.errors import RenderError
from carddb.findings.plural import plural
from carddb.packs.card import Card, file_stem
from carddb.render.faces.backs import render_backs
from carddb.render.faces.results import FaceResult, face_counts
from carddb.render.faces.schedule import FaceRun, face_title, start_faces
from carddb.render.imposition import PAPERS, BackOffset, Duplex
from carddb.render.pdfmeta import PdfMeta
from carddb.render.presets import png_sources, preset_jobs
from carddb.render.printservice import DEFAULT_INK_LIMIT, ServiceRun, cmyk_profile, start_service_pdfs
from carddb.render.raster import PngJob, PngQueue, PngRun, queue_pngs
from carddb.render.selection import print_order
from carddb.render.services import product_for
from carddb.render.sheets import (
    COMPOSE,
    PagePrebuilder,
    SheetCard,
    SheetJob,
    SheetResult,
    compose_job,
    join_pdfs,
    layout_for,
    prune_page_cache,
)
from carddb.render.tts import TtsCard, TtsDeck, TtsRun, queue_tts
from carddb.render.workers import RenderWorkers, Ticket
from carddb.runtime.progress import Stage, no_progress


@dataclass
class Written:
    """What a run wrote, for the summary: (what, where, note) rows."""

    rows: list[tuple[str, str, str]] = field(default_factory=list)

    def add(self, what: str, where: str, note: str) -> None:
        self.rows.append((what, where, note))


@dataclass(frozen=True)
class PrintOptions:
    papers: tuple[str, ...] = ("a4", "letter")
    duplex: Duplex = Duplex.long
    back_offset: BackOffset = field(default_factory=BackOffset)
    gutter_mm: float | None = None
    name: str = ""
    png: bool = False
    dpi: int = 300
    preset: str | None = None
    cmyk_profile: Path | None = None  # a preset's PDF/X files: the CMYK profile (None: the system's SWOP)
    ink_limit: int = DEFAULT_INK_LIMIT  # a preset's PDF/X files: the most total ink, in percent
    tts: bool = False
    tts_dpi: int | None = None  # None: each deck at the best resolution its fewest sheets allow
    tts_url_base: str | None = None  # where the user uploads the deck images; None: absolute file URIs
    one_each: bool = False
    workers: int = 2
    full_run: bool = True  # no selection: the page cache may be pruned


@dataclass
class PrintResult:
    faces: list[FaceResult]
    backs: dict[str, Path]
    printable: list[Card]  # the selected cards that could be rendered
    written: Written

    @property
    def from_cache(self) -> int:
        """Faces (both sides of a double-sided card) taken from the cache."""
        return face_counts(self.faces)[1]

    @property
    def rendered(self) -> int:
        """Faces (both sides of a double-sided card) laid out by this run."""
        return face_counts(self.faces)[0]


def print_stage(
    db: CardDatabase,
    cards: Sequence[Card],
    options: PrintOptions,
    report: Report,
    *,
    stage: Stage | None = None,
    faces: Sequence[FaceResult] | None = None,
    backs: dict[str, Path] | None = None,
    pool: RenderWorkers | None = None,
) -> PrintResult:
    """Render (or take) the faces of `cards` and write every print output `options` asks for.

    Sheets follow set and collector number whatever order `cards` came in, so `carddb
    print` and `carddb build` write the same sheets and share their page cache.
    """
    return start_print(db, cards, options, report, stage=stage, faces=faces, backs=backs, pool=pool).finish()


@dataclass
class PrintRun:
    """The print outputs of one run, queued on the workers; `finish` waits for them and says what was written."""

    db: CardDatabase
    options: PrintOptions
    result: PrintResult
    stage: Stage
    sheets: list[tuple[str, Ticket | SheetJob]] = field(default_factory=list)  # (paper id, queued or to run)
    prebuilt: PagePrebuilder | None = None  # pages built while the faces were laid out
    slots: int = 0
    pngs: PngRun | None = None
    png_count: int = 0
    tts: TtsRun | None = None
    service: ServiceRun | None = None  # a print service's PDF/X card files
    pool: RenderWorkers | None = None

    def finish(self) -> PrintResult:
        db, options, written, out = self.db, self.options, self.result.written, self.db.project.output_dir(self.db.pack)
        used_pages: list[Path] = []
        prebuilt = {paper_id: self.prebuilt.built(paper_id) for paper_id, _job in self.sheets} if self.prebuilt else {}
        if self.pool is not None:
            # Queued only now that the pages built ahead are done (no page is built twice), ahead of other work.
            self.sheets = [
                (
                    paper_id,
                    self.pool.submit(COMPOSE, job, priority=-10, label="sheets") if isinstance(job, SheetJob) else job,
                )
                for paper_id, job in self.sheets
            ]
        for paper_id, job in self.sheets:
            with self.stage(f"Composing {PAPERS[paper_id].label} sheets", None):
                sheets = _sheet_result(job, self.pool)
            used_pages += sheets.page_files
            layout = sheets.layout
            written.add(
                f"{PAPERS[paper_id].label} sheets",
                _rel(db, sheets.path),
                f"{plural(sheets.pages, 'page')} ({sheets.pages_built + prebuilt.get(paper_id, 0)} built), "
                f"{plural(self.slots, 'card')}, "
                f"{layout.columns} x {layout.rows} per page, bleed shown {layout.bleed_x:.1f} x {layout.bleed_y:.1f} mm",
            )
        if self.sheets and options.full_run:
            prune_page_cache(out / ".cache" / "sheets", used_pages)
        if self.pngs is not None:
            with self.stage("Writing PNGs", self.png_count) as advance:
                rendered, _reused = self.pngs.finish(on_done=advance)
            what = ", ".join(
                part
                for part in (
                    f"{options.dpi} dpi" if options.png else "",
                    f"{options.preset} preset" if options.preset else "",
                )
                if part
            )
            written.add(
                "PNGs", _rel(db, out / "png"), f"{plural(self.png_count, 'image')} ({what}), {rendered} rendered"
            )
        if self.tts is not None:
            with self.stage("Writing Tabletop Simulator decks", None):
                results = self.tts.finish()
            for deck_result in results:
                written.add(
                    "Tabletop Simulator deck",
                    _rel(db, deck_result.json_path),
                    f"{plural(deck_result.cards, 'card')} on {plural(deck_result.sheets, 'sheet')} + "
                    + ("a sheet of their own backs each (UniqueBack)" if deck_result.unique_backs else "back"),
                )
        if self.service is not None:
            preset = self.service.preset
            with self.stage(f"Writing {preset.label} PDFs", None):
                made, current = self.service.finish()
            written.add(
                f"{preset.label} PDFs",
                _rel(db, self.service.folder),
                f"{(preset.pdf_variant or '').upper()}, CMYK for {self.service.profile.name}, "
                f"{made} written, {current} current",
            )
        self.sheets, self.pngs, self.tts, self.service = [], None, None, None
        return self.result


def start_print(
    db: CardDatabase,
    cards: Sequence[Card],
    options: PrintOptions,
    report: Report,
    *,
    stage: Stage | None = None,
    faces: Sequence[FaceResult] | FaceRun | None = None,
    backs: dict[str, Path] | None = None,
    pool: RenderWorkers | None = None,
    png_queue: PngQueue | None = None,
) -> PrintRun:
    """Render (or take) the faces, copy the card PDFs, and queue the sheets, PNGs and decks on `pool`.

    The sheets of each paper, the PNGs (a few cards per job) and each Tabletop Simulator
    image are separate jobs, so they share the workers with whatever else is queued.
    Without a pool they are written by `finish`, one after the other.
    """
    cards = print_order(db, cards)
    product = product_for(options.preset, db.pack.card_size_mm) if options.preset else None
    stage = stage or no_progress()
    out = db.project.output_dir(db.pack)
    name = options.name or db.pack.id
    if faces is None:
        faces = start_faces(db, cards, report, workers=options.workers, pool=pool)
    if backs is None:
        backs = render_backs(db, report, pool=pool)
    prebuilt = None
    if isinstance(faces, FaceRun):
        with stage("Rendering card faces", None):
            prebuilt = _prebuild_pages(db, cards, faces, backs, options, pool)
            faces = faces.finish()
    face_by_id = {f.card_id: f for f in faces}
    printable = [c for c in cards if c.id in face_by_id]
    shared = {f.back for f in faces if f.back_face is None}
    if options.duplex is not Duplex.none and shared - set(backs) and report.errors:
        # A back failed (broken back template, missing font): its findings say why; print nothing.
        printable = []
    run = PrintRun(db, options, PrintResult(list(faces), backs, printable, Written()), stage, pool=pool)
    if not printable:
        return run
    with stage("Copying card PDFs", None):
        changed = _copy_card_pdfs(db, printable, face_by_id, backs, out / "cards")
    double = sum(1 for c in printable if face_by_id[c.id].back_face is not None)
    sides = f" ({double} double-sided, both sides in one file)" if double else ""
    run.result.written.add(
        "card PDFs",
        _rel(db, out / "cards"),
        f"{plural(len(printable), 'card')}{sides} + {plural(len(backs), 'back')}, {changed} updated",
    )
    slots = sheet_cards(printable, face_by_id, backs, options)
    run.slots = len(slots)
    run.prebuilt = prebuilt
    for paper_id in options.papers:
        job = SheetJob(
            tuple(slots),
            PAPERS[paper_id],
            out / "print" / f"{name}-{paper_id}.pdf",
            out / ".cache" / "sheets",
            options.duplex,
            options.back_offset,
            options.gutter_mm,
            PdfMeta(f"{db.pack.name}: print sheets ({PAPERS[paper_id].label})", db.pack.credited_author, db.pack.lang),
        )
        queue_now = pool is not None and prebuilt is None
        run.sheets.append((paper_id, pool.submit(COMPOSE, job, label="sheets") if queue_now else job))
    if options.png or product is not None:
        jobs = _png_jobs(printable, face_by_id, backs, out / "png", options)
        if product is not None:
            jobs += preset_jobs(db, printable, face_by_id, backs, out / "png", product, options.workers, report, pool)
        run.png_count = len(jobs)
        run.pngs = queue_pngs(jobs, workers=options.workers, pool=pool, queue=png_queue)
    if product is not None and product.pdf_variant:
        run.service = start_service_pdfs(
            db,
            printable,
            product,
            out / product.service,
            report,
            profile=cmyk_profile(options.cmyk_profile),
            ink_limit=options.ink_limit,
            pool=pool,
        )
    if options.tts:
        # A back face printed alone (`--cards ID/back`) is no card on a table: a deck holds whole cards.
        whole = [c for c in printable if not c.is_back]
        if len(whole) < len(printable):
            run.result.written.add(
                "Tabletop Simulator deck",
                "",
                f"{plural(len(printable) - len(whole), 'back face')} printed alone left out: a deck holds whole "
                "double-sided cards, both sides (select the card itself)",
            )
        if whole:
            decks = _tts_decks(db, whole, face_by_id, backs, name)
            trim = layout_for(slots, PAPERS[options.papers[0]], options.gutter_mm)[1]
            run.tts = queue_tts(
                decks,
                out / "tts",
                (trim.trim_w, trim.trim_h),
                pool=pool,
                dpi=options.tts_dpi,
                url_base=options.tts_url_base,
            )
    return run


def _prebuild_pages(
    db: CardDatabase,
    cards: Sequence[Card],
    run: FaceRun,
    backs: dict[str, Path],
    options: PrintOptions,
    pool: RenderWorkers | None,
) -> PagePrebuilder | None:
    """Wait for the face batches one by one, queueing each sheet page as soon as its cards exist."""
    if pool is None or run.pool is not pool or not run.tickets or not options.papers:
        return None
    expected = run.expected()
    try:
        slots = sheet_cards([c for c in cards if c.id in expected], expected, backs, options)
    except RenderError:
        return None  # a missing back or no copies: the real run reports it
    prebuilt = PagePrebuilder(
        slots,
        [PAPERS[p] for p in options.papers],
        db.project.output_dir(db.pack) / ".cache" / "sheets",
        pool,
        duplex=options.duplex,
        back_offset=options.back_offset,
        gutter_mm=options.gutter_mm,
    )
    try:
        prebuilt.advance()
        for ticket in run.tickets:
            pool.wait([ticket])
            prebuilt.advance()
    except RenderError:
        pass  # a worker died: finishing the faces reports it
    return prebuilt


def _sheet_result(job: Ticket | SheetJob, pool: RenderWorkers | None) -> SheetResult:
    if isinstance(job, SheetJob):
        return compose_job(job)
    assert pool is not None
    pool.wait([job])
    result: SheetResult = job.result()
    return result


def _rel(db: CardDatabase, path: Path) -> str:
    try:
        return str(path.relative_to(db.project.root))
    except ValueError:
        return str(path)


def back_of(face: FaceResult, backs: dict[str, Path]) -> Path:
    """What prints behind a card: its own back face, else its kind's shared back."""
    back = face.back_pdf(backs)
    if back is None:
        raise RenderError(f"the back '{face.back}' of card '{face.card_id}' could not be rendered")
    return back


def _copy_card_pdfs(
    db: CardDatabase, cards: Sequence[Card], faces: dict[str, FaceResult], backs: dict[str, Path], folder: Path
) -> int:
    """Write output/<game>/cards/<id>.pdf (both sides of a double-sided card) and cards/backs/; skip identical files."""
    pairs = [(faces[c.id], folder / f"{file_stem(c.id)}.pdf", c) for c in cards]
    changed = 0
    for target, data in [
        *((target, card_pdf_bytes(face, card_meta(db, card))) for face, target, card in pairs),
        *((folder / "backs" / f"{back}.pdf", pdf.read_bytes()) for back, pdf in backs.items()),
    ]:
        if read_existing(target) == data:
            continue
        write_bytes(target, data)
        changed += 1
    return changed


def card_pdf_bytes(face: FaceResult, meta: PdfMeta | None = None) -> bytes:
    """A card's own PDF: its face, and for a double-sided card its back face as the second page.

    A single face is WeasyPrint's file, titled by its HTML; the two faces joined are PDFium's,
    which `meta` titles.
    """
    if face.back_face is None:
        return face.pdf.read_bytes()
    return join_pdfs([face.pdf, face.back_face.pdf], meta)


def card_meta(db: CardDatabase, card: Card) -> PdfMeta:
    return PdfMeta(face_title(db, card), db.pack.credited_author, db.pack.lang)


def sheet_cards(
    cards: Sequence[Card], faces: dict[str, FaceResult], backs: dict[str, Path], options: PrintOptions
) -> list[SheetCard]:
    """The sheet slots in order: each card `copies` times (once with `one_each`), with its back."""
    slots = []
    for card in cards:
        face = faces[card.id]
        # a back face printed alone (`--cards ID/back`) has no side of its own behind it
        back = None if options.duplex is Duplex.none or card.is_back else back_of(face, backs)
        slots += [SheetCard(card.id, face.pdf, back)] * (1 if options.one_each else card.copies)
    if not slots:
        raise RenderError("every selected card has copies: 0; use --one-each to print them anyway")
    return slots


def _png_jobs(
    cards: Sequence[Card], faces: dict[str, FaceResult], backs: dict[str, Path], folder: Path, options: PrintOptions
) -> list[PngJob]:
    jobs = []
    for pdf, rel in png_sources(cards, faces, backs) if options.png else ():
        jobs.append(PngJob(pdf, folder / rel, options.dpi, bleed=True))
        jobs.append(PngJob(pdf, folder / "trim" / rel, options.dpi, bleed=False))
    return jobs


def _tts_decks(
    db: CardDatabase, cards: Sequence[Card], faces: dict[str, FaceResult], backs: dict[str, Path], name: str
) -> list[TtsDeck]:
    """One deck per shared back; double-sided cards in a deck per kind, each with its own back (UniqueBack)."""
    groups: dict[tuple[str, str], list[TtsCard]] = {}
    titles: dict[tuple[str, str], str] = {}
    for card in cards:
        face = faces[card.id]
        kind = db.pack.kind(card.kind)
        entry = TtsCard(
            card.id,
            " // ".join(side.name for side in card.faces),
            "\n".join(f"{db.pack.kind(side.kind).label}. {side.text}".strip() for side in card.faces),
            face.pdf,
            max(card.copies, 1),
            face.back_face.pdf if face.back_face is not None else None,
        )
        group = ("own", kind.id) if face.back_face is not None else ("shared", face.back)
        titles.setdefault(group, kind.plural if face.back_face is not None else face.back.replace("-", " "))
        groups.setdefault(group, []).append(entry)
    return [
        TtsDeck(
            f"{name}-{group[1]}",
            f"{db.pack.name}: {titles[group]}",
            None if members[0].back is not None else back_of(faces[members[0].id], backs),
            tuple(members),
        )
        for group, members in groups.items()
    ]
