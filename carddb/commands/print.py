"""`carddb print`: card faces -> single-card PDFs, print sheets, PNGs, Tabletop Simulator decks.

The command reads as its pipeline: load -> select -> render faces and backs
(cached) -> copy card PDFs -> impose sheets -> PNGs -> Tabletop Simulator -> summary.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from carddb.atomic import write_bytes
from carddb.cardmodel import Card
from carddb.commands.common import GameOpt, ProjectOpt, open_project, print_report
from carddb.database import CardDatabase, load_database
from carddb.diagnostics import Report
from carddb.errors import RenderError, UsageError
from carddb.render.imposition import PAPERS, BackOffset, Duplex
from carddb.render.raster import DEFAULT_DPI, PngJob, check_dpi, render_pngs
from carddb.render.selection import select_cards
from carddb.render.sheets import SheetCard, compose_sheets, layout_for, prune_page_cache
from carddb.render.tts import TtsCard, TtsDeck, export_tts

if TYPE_CHECKING:
    from carddb.render.faces import FaceResult


class PaperChoice(StrEnum):
    a4 = "a4"
    letter = "letter"
    both = "both"


class PresetChoice(StrEnum):
    mpc = "mpc"
    drivethru = "drivethru"


@dataclass
class Written:
    """What a run wrote, for the summary."""

    rows: list[tuple[str, str, str]] = field(default_factory=list)

    def add(self, what: str, where: str, note: str) -> None:
        self.rows.append((what, where, note))


@dataclass(frozen=True)
class PrintOptions:
    papers: tuple[str, ...]
    duplex: Duplex
    back_offset: BackOffset
    gutter_mm: float | None
    name: str
    png: bool
    dpi: int
    preset: str | None
    tts: bool
    one_each: bool
    workers: int
    full_run: bool  # no selection: the page cache may be pruned


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
    db, report = load_database(proj, pack)
    if report.errors:
        print_report(report, only_errors=True)
        raise typer.Exit(1)
    selected = select_cards(db, ids=ids, kinds=kind or [], changed_since=changed_since)
    if not selected:
        print("no cards match the selection; nothing to print")
        raise typer.Exit(0)
    run_print(db, selected, options, report)


def _check_name(name: str) -> None:
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise UsageError(f"--name '{name}' must be a plain file name stem (no folders)")


def run_print(db: CardDatabase, cards: Sequence[Card], options: PrintOptions, report: Report) -> None:
    # Imported here: loading WeasyPrint costs a noticeable part of a second, and
    # option errors above should be reported without it.
    from carddb.render.faces import render_backs, render_faces

    out = db.project.output_dir(db.pack)
    written = Written()
    console = Console(stderr=True)
    with _progress(console) as stage:
        with stage("Rendering card faces", None):
            faces = render_faces(db, cards, report, workers=options.workers)
            backs = render_backs(db, report)
        face_by_id = {f.card_id: f for f in faces}
        printable = [c for c in cards if c.id in face_by_id]
        from_cache = sum(1 for f in faces if f.from_cache)
        if printable:
            with stage("Copying card PDFs", None):
                changed = _copy_card_pdfs(printable, face_by_id, backs, out / "cards")
            written.add(
                "card PDFs", _rel(db, out / "cards"), f"{len(printable)} cards + {len(backs)} backs, {changed} updated"
            )
            slots = _sheet_cards(printable, face_by_id, backs, options)
            used_pages: list[Path] = []
            for paper_id in options.papers:
                with stage(f"Composing {PAPERS[paper_id].label} sheets", None):
                    result = compose_sheets(
                        slots,
                        PAPERS[paper_id],
                        out / "print" / f"{options.name}-{paper_id}.pdf",
                        cache_dir=out / ".cache" / "sheets",
                        duplex=options.duplex,
                        back_offset=options.back_offset,
                        gutter_mm=options.gutter_mm,
                    )
                used_pages += result.page_files
                layout = result.layout
                written.add(
                    f"{PAPERS[paper_id].label} sheets",
                    _rel(db, result.path),
                    f"{result.pages} pages ({result.pages_built} built), {len(slots)} cards, "
                    f"bleed shown {layout.bleed_x:.1f} x {layout.bleed_y:.1f} mm",
                )
            if options.full_run:
                prune_page_cache(out / ".cache" / "sheets", used_pages)
            if options.png or options.preset:
                jobs = _png_jobs(printable, face_by_id, backs, out / "png", options)
                with stage("Writing PNGs", len(jobs)) as advance:
                    rendered, _reused = render_pngs(jobs, workers=options.workers, on_done=advance)
                what = f"{options.dpi} dpi" if options.png else ""
                what += (", " if what else "") + (f"{options.preset} preset" if options.preset else "")
                written.add("PNGs", _rel(db, out / "png"), f"{len(jobs)} images ({what}), {rendered} rendered")
            if options.tts:
                decks = _tts_decks(db, printable, face_by_id, backs, options.name)
                with stage("Writing Tabletop Simulator decks", None):
                    trim = layout_for(slots, PAPERS[options.papers[0]], options.gutter_mm)[1]
                    results = export_tts(decks, out / "tts", (trim.trim_w, trim.trim_h))
                for deck_result in results:
                    written.add(
                        "Tabletop Simulator deck",
                        _rel(db, deck_result.json_path),
                        f"{deck_result.cards} cards on {len(deck_result.images) - 1} sheet(s) + back",
                    )
    _summary(db, cards, printable, from_cache, written, report)


def _summary(
    db: CardDatabase,
    cards: Sequence[Card],
    printable: Sequence[Card],
    from_cache: int,
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
    rendered = len(printable) - from_cache
    line = f"{len(printable)} card{'s' * (len(printable) != 1)}: {rendered} rendered, {from_cache} from the cache"
    if missing:
        line += f"; {missing} could not be rendered (see the findings above)"
    print(line)
    if report.errors or missing:
        raise typer.Exit(1)


def _rel(db: CardDatabase, path: Path) -> str:
    try:
        return str(path.relative_to(db.project.root))
    except ValueError:
        return str(path)


def _back_of(card_id: str, backs: dict[str, Path], back_id: str) -> Path:
    try:
        return backs[back_id]
    except KeyError:
        raise RenderError(f"the back '{back_id}' of card '{card_id}' could not be rendered") from None


def _copy_card_pdfs(cards: Sequence[Card], faces: dict[str, FaceResult], backs: dict[str, Path], folder: Path) -> int:
    """Copy each card's PDF to output/<game>/cards/<id>.pdf (and backs to cards/backs/); skip identical files."""
    pairs = [(faces[c.id].pdf, folder / f"{c.id}.pdf") for c in cards]
    pairs += [(pdf, folder / "backs" / f"{back}.pdf") for back, pdf in backs.items()]
    changed = 0
    for source, target in pairs:
        data = source.read_bytes()
        try:
            if target.stat().st_size == len(data) and target.read_bytes() == data:
                continue
        except OSError:
            pass
        write_bytes(target, data)
        changed += 1
    return changed


def _sheet_cards(
    cards: Sequence[Card], faces: dict[str, FaceResult], backs: dict[str, Path], options: PrintOptions
) -> list[SheetCard]:
    slots = []
    for card in cards:
        face = faces[card.id]
        back = None if options.duplex is Duplex.none else _back_of(card.id, backs, face.back)
        slots += [SheetCard(card.id, face.pdf, back)] * (1 if options.one_each else card.copies)
    if not slots:
        raise RenderError("every selected card has copies: 0; use --one-each to print them anyway")
    return slots


def _png_jobs(
    cards: Sequence[Card], faces: dict[str, FaceResult], backs: dict[str, Path], folder: Path, options: PrintOptions
) -> list[PngJob]:
    sources = [(faces[c.id].pdf, f"{c.id}.png") for c in cards]
    sources += [(pdf, f"backs/{back}.png") for back, pdf in backs.items()]
    jobs = []
    for pdf, rel in sources:
        if options.png:
            jobs.append(PngJob(pdf, folder / rel, options.dpi, bleed=True))
            jobs.append(PngJob(pdf, folder / "trim" / rel, options.dpi, bleed=False))
        if options.preset:
            jobs.append(PngJob(pdf, folder / options.preset / rel, preset=options.preset))
    return jobs


def _tts_decks(
    db: CardDatabase, cards: Sequence[Card], faces: dict[str, FaceResult], backs: dict[str, Path], name: str
) -> list[TtsDeck]:
    by_back: dict[str, list[TtsCard]] = {}
    for card in cards:
        face = faces[card.id]
        kind = db.pack.kind(card.kind).label
        entry = TtsCard(card.id, card.name, f"{kind}. {card.text}".strip(), face.pdf, max(card.copies, 1))
        by_back.setdefault(face.back, []).append(entry)
    return [
        TtsDeck(
            f"{name}-{back}",
            f"{db.pack.name}: {back.replace('-', ' ')}",
            _back_of(group[0].id, backs, back),
            tuple(group),
        )
        for back, group in by_back.items()
    ]


@contextmanager
def _progress(console: Console) -> Iterator[Callable[[str, int | None], object]]:
    progress = Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )

    @contextmanager
    def stage(label: str, total: int | None) -> Iterator[Callable[[], None]]:
        task = progress.add_task(label, total=total)
        yield lambda: progress.advance(task)
        progress.update(task, completed=total or 1, total=total or 1)

    with progress:
        yield stage


def register(app: typer.Typer) -> None:
    app.command("print")(print_cards)
