"""Play-mode commands: boosters, sealed, draft, deck (check, list) and draftmancer (export, import)."""

from __future__ import annotations

import difflib
import json
import secrets
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
import yaml
from rich.console import Console
from rich.table import Table

from carddb.atomic import write_text
from carddb.commands.common import GameOpt, ProjectOpt, StrictOpt, load_or_exit, print_report
from carddb.database import CardDatabase
from carddb.diagnostics import Finding, Report
from carddb.errors import UsageError
from carddb.play import draftmancer
from carddb.play.boosters import BoosterPlan, boosters_path, load_boosters
from carddb.play.collation import open_boosters
from carddb.play.decks import deck_files, load_deck_file, load_decks
from carddb.play.draft import PickRequest, Seat, replay_draft, run_draft
from carddb.play.lists import (
    write_booster_lists,
    write_deck_list,
    write_draft_outputs,
    write_pick_sheets,
    write_sealed_outputs,
)
from carddb.play.samples import fixed_game_note
from carddb.play.sealed import run_sealed

SeedOpt = Annotated[
    int | None, typer.Option("--seed", help="Seed of the event; the same seed, data and version give the same result.")
]
OutOpt = Annotated[
    Path | None, typer.Option("--out", "-o", help="Output folder inside the project (default: output/<game>/play/...).")
]
NoPdfOpt = Annotated[bool, typer.Option("--no-pdf", help="Write CSV and JSON only (PDFs take a second or two).")]


def _seed(seed: int | None) -> int:
    if seed is None:
        # No seed given: pick one, and print it so the run can be repeated.
        seed = secrets.randbelow(10**9)
        print(f"seed {seed} (pass --seed {seed} to repeat this run)")
    if seed < 0:
        raise UsageError("--seed must be zero or a positive whole number")
    return seed


def _out_dir(db: CardDatabase, out: Path | None, default: str) -> Path:
    target = (
        out
        if out is not None and out.is_absolute()
        else db.project.root / (out or Path("output") / db.pack.id / "play" / default)
    ).resolve()
    if not db.project.contains(target):
        raise UsageError(f"--out {out} is outside the project folder {db.project.root}")
    return target


def _plans(db: CardDatabase, strict: bool = False) -> dict[str, BoosterPlan]:
    if db.pack.fixed and not boosters_path(db).is_file():
        raise UsageError(fixed_game_note(db.pack))
    report = Report(root=db.project.root)
    plans = load_boosters(db, report)
    if report.failed(strict):
        print_report(report)
        raise typer.Exit(1)
    if report.warnings:
        print_report(report)
    return plans


def _plan(plans: dict[str, BoosterPlan], type_id: str) -> BoosterPlan:
    if type_id not in plans:
        close = difflib.get_close_matches(type_id, list(plans), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise UsageError(f"no booster type '{type_id}'{hint} (types: {', '.join(plans) or 'none'})")
    return plans[type_id]


def _shown(db: CardDatabase, paths: list[Path]) -> None:
    for path in paths:
        print(f"wrote {path.relative_to(db.project.root)}")


def boosters(
    booster_type: Annotated[str | None, typer.Argument(help="Booster type to open (omit to list the types).")] = None,
    count: Annotated[int, typer.Option("--count", "-n", min=1, max=10000, help="How many boosters.")] = 1,
    seed: SeedOpt = None,
    out: OutOpt = None,
    no_pdf: NoPdfOpt = False,
    strict: StrictOpt = False,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Open N boosters of a type and write their lists (CSV, JSON, PDF with check boxes)."""
    db = load_or_exit(project, game)
    plans = _plans(db, strict)
    if booster_type is None:
        table = Table("type", "name", "cards", "collation", "slots", box=None, header_style="bold")
        for plan in plans.values():
            slots = ", ".join(f"{s.count} {s.name}" for s in plan.slots)
            table.add_row(plan.id, plan.name, str(plan.size), plan.collation, slots)
        Console(width=160).print(table)
        return
    plan = _plan(plans, booster_type)
    event_seed = _seed(seed)
    opened = open_boosters(plan, event_seed, count)
    folder = _out_dir(db, out, f"boosters-{plan.id}-seed{event_seed}")
    _shown(db, write_booster_lists(db, folder, opened, event_seed, title=f"{plan.name} x {count}", pdf=not no_pdf))


def sealed(
    players: Annotated[int, typer.Option("--players", "-P", min=1, max=16, help="Players at the table.")] = 4,
    per_player: Annotated[
        int, typer.Option("--boosters", "-B", min=1, max=50, help="Deck boosters each player opens.")
    ] = 3,
    booster_type: Annotated[str, typer.Option("--type", help="Booster type for the shared deck.")] = "deck",
    seed: SeedOpt = None,
    out: OutOpt = None,
    no_pdf: NoPdfOpt = False,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Sealed Deck: open P x B deck boosters and shuffle them all into one shared deck."""
    db = load_or_exit(project, game)
    plan = _plan(_plans(db), booster_type)
    event_seed = _seed(seed)
    event = run_sealed(plan, event_seed, players, per_player)
    folder = _out_dir(db, out, f"sealed-seed{event_seed}")
    _shown(db, write_sealed_outputs(db, folder, event, event_seed, per_player, pdf=not no_pdf))
    print(f"shared deck: {len(event.shared_deck)} cards from {len(event.boosters)} boosters")


class PromptPicker:
    """A player at the keyboard: shows the pack, reads the number of the card to keep."""

    def __init__(self, db: CardDatabase) -> None:
        self.db = db

    def pick(self, request: PickRequest) -> str:
        what = "Victory card to keep" if request.phase == "victory" else "card for your council"
        print(f"\n{request.seat.name}: choose a {what}")
        for n, card_id in enumerate(request.legal, start=1):
            card = self.db.by_id(card_id)
            label = f"{card.name} ({self.db.pack.kind(card.kind).label}, {card.rarity})" if card else card_id
            print(f"  {n:>2}. {label}")
        while True:
            answer = typer.prompt("pick", type=int)
            if 1 <= answer <= len(request.legal):
                return request.legal[answer - 1]
            print(f"enter a number from 1 to {len(request.legal)}")


def draft(
    seats: Annotated[int, typer.Option("--seats", min=1, max=12, help="Seats at the table.")] = 4,
    humans: Annotated[
        int, typer.Option("--humans", min=0, help="Seats 1..H pick at the keyboard; the rest are bots.")
    ] = 0,
    deck_boosters: Annotated[int, typer.Option("--deck-boosters", min=1, max=50, help="Deck boosters per seat.")] = 3,
    seed: SeedOpt = None,
    replay: Annotated[Path | None, typer.Option("--replay", help="Replay a draft-log.json and compare.")] = None,
    out: OutOpt = None,
    no_pdf: NoPdfOpt = False,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Full Draft: Council Draft, Sealed Deck and Victory Draft, with bots and a replayable pick log."""
    db = load_or_exit(project, game)
    plans = _plans(db)
    if replay is not None:
        try:
            data = json.loads(replay.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise UsageError(f"cannot read the draft log {replay}: {exc}") from None
        result = replay_draft(db, plans, data)
        for problem in result.problems:
            print(f"{replay}: {problem}")
        if not result.ok:
            raise typer.Exit(1)
        print(f"{replay}: replayed {len(data['picks'])} picks; councils, Victory cards and shared deck match")
        return
    if humans > seats:
        raise UsageError(f"--humans {humans} is more than --seats {seats}")
    event_seed = _seed(seed)
    table = [Seat(n, f"Seat {n}", bot=n > humans) for n in range(1, seats + 1)]
    prompt = PromptPicker(db)
    # A DraftError (e.g. too few Victory cards to deal 3 per seat) is reported by the CLI boundary, exit 1.
    log = run_draft(
        db,
        plans,
        seed=event_seed,
        seats=table,
        pickers={s.number: prompt for s in table if not s.bot},
        deck_boosters_per_player=deck_boosters,
    )
    folder = _out_dir(db, out, f"draft-seed{event_seed}")
    paths = write_draft_outputs(db, folder, log, pdf=not no_pdf)
    if not no_pdf:
        paths.append(
            write_pick_sheets(db, folder / "pick-sheets.pdf", seats=seats, seed=event_seed, deck_boosters=deck_boosters)
        )
    _shown(db, paths)
    for council in log.councils():
        print(f"{council['name']}: {', '.join(council['cards'])} | victory: {council['victory']}")


deck_app = typer.Typer(help="Council Constructed deck lists: check and list them.", no_args_is_help=True)


@deck_app.command("check")
def deck_check(
    file: Annotated[Path, typer.Argument(help="A deck list YAML file.")],
    pdf: Annotated[bool, typer.Option("--pdf", help="Also write the list as CSV, JSON and PDF.")] = False,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Check a deck list: ids exist, copies within the pool, the game's deck rules."""
    db = load_or_exit(project, game)
    report = Report(root=db.project.root)
    path = file if file.is_absolute() else Path.cwd() / file
    if not db.project.contains(path):
        report.add(Finding("E-PATH-ESCAPE", f"{file} is outside the project folder {db.project.root}", path))
    elif not path.is_file():
        raise UsageError(f"no such file: {file}")
    decks = [] if report.errors else load_deck_file(path, db, report)
    print_report(report)
    if report.failed():
        raise typer.Exit(1)
    for loaded in decks:
        deck = loaded.deck
        print(f"{deck.id}: {deck.name} ({deck.kind}, {deck.size} cards) ok")
        if pdf:
            folder = _out_dir(db, None, "decks")
            _shown(
                db,
                write_deck_list(
                    db, folder, Counter(deck.cards), title=deck.name, stem=deck.id, description=deck.description
                ),
            )


@deck_app.command("list")
def deck_list(game: GameOpt = None, project: ProjectOpt = None) -> None:
    """The deck lists in data/<game>/decks/ and whether each one is legal."""
    db = load_or_exit(project, game)
    report = Report(root=db.project.root)
    decks = load_decks(db, report)
    table = Table("id", "name", "kind", "cards", "file", box=None, header_style="bold")
    for loaded in decks:
        deck = loaded.deck
        table.add_row(
            deck.id, deck.name, deck.kind, str(deck.size), str(loaded.source.path.relative_to(db.project.root))
        )
    Console(width=160).print(table)
    print(f"{len(decks)} legal deck list{'s' * (len(decks) != 1)} in {len(deck_files(db))} files")
    if report.errors:
        print_report(report, only_errors=True)
        raise typer.Exit(1)


draftmancer_app = typer.Typer(help="Draftmancer custom card lists: draft a set online with bots.", no_args_is_help=True)


@draftmancer_app.command("export")
def draftmancer_export(
    booster_type: Annotated[str, typer.Argument(help="The booster type to export.")] = "deck",
    image_base: Annotated[str | None, typer.Option("--image-base", help="URL folder holding <card-id>.png.")] = None,
    out: OutOpt = None,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Write the booster type as a Draftmancer custom card list (.txt)."""
    db = load_or_exit(project, game)
    plan = _plan(_plans(db), booster_type)
    folder = _out_dir(db, out, "draftmancer")
    path = write_text(folder / f"{plan.id}.txt", draftmancer.export_list(db, plan, image_base=image_base))
    _shown(db, [path])


@draftmancer_app.command("import")
def draftmancer_import(
    file: Annotated[Path, typer.Argument(help="A Draftmancer custom card list (.txt).")],
    type_id: Annotated[str, typer.Option("--as", help="Booster type id for the printed definition.")] = "imported",
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Resolve a Draftmancer list to card ids and print it as a boosters.yaml entry."""
    db = load_or_exit(project, game)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {file}: {exc}") from None
    imported, findings = draftmancer.import_list(db, text, file)
    report = Report(root=db.project.root, findings=findings)
    if findings:
        print_report(report)
        raise typer.Exit(1)
    print(
        yaml.safe_dump(draftmancer.imported_booster_yaml(imported, type_id), sort_keys=False, allow_unicode=True),
        end="",
    )


def register(app: typer.Typer) -> None:
    app.command()(boosters)
    app.command()(sealed)
    app.command()(draft)
    app.add_typer(deck_app, name="deck")
    app.add_typer(draftmancer_app, name="draftmancer")
