"""Play-mode commands: boosters, sealed, draft, deck (check, deal, list) and draftmancer (export, import)."""

from __future__ import annotations

import difflib
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
import yaml
from rich.console import Console
from rich.table import Table

from carddb.cards.database import CardDatabase
from carddb.cli.commands.common import GameOpt, ProjectOpt, StrictOpt, event_seed, load_or_exit, out_dir, print_report
from carddb.files.atomic import write_text
from carddb.findings.diagnostics import Finding, Report
from carddb.findings.errors import UsageError
from carddb.findings.plural import plural
from carddb.play import draftmancer
from carddb.play import draftmancer_import as dm_import
from carddb.play.boosters import BoosterPlan, boosters_path
from carddb.play.collation import open_boosters
from carddb.play.dealing import completing_type, deal_rest, write_dealing
from carddb.play.decks import LoadedDeck, deck_files, load_deck_file, load_decks
from carddb.play.draft import DraftError, PickRequest, Seat, choose_draft, run_draft, seats_problem
from carddb.play.draftformat import PlayDefinitions, first_sealed_phase, load_play
from carddb.play.draftsheets import write_draft_outputs, write_pick_sheets
from carddb.play.lists import write_booster_lists, write_deck_list, write_sealed_outputs
from carddb.play.replay import replay_draft
from carddb.play.samples import fixed_game_note, sample_seats
from carddb.play.sealed import run_sealed

SeedOpt = Annotated[
    int | None, typer.Option("--seed", help="Seed of the event; the same seed, data and version give the same result.")
]
OutOpt = Annotated[
    Path | None, typer.Option("--out", "-o", help="Output folder inside the project (default: output/<game>/play/...).")
]
NoPdfOpt = Annotated[bool, typer.Option("--no-pdf", help="Write CSV and JSON only (PDFs take a second or two).")]


def _seed(seed: int | None) -> int:
    return event_seed(seed)


def _out_dir(db: CardDatabase, out: Path | None, default: str) -> Path:
    return out_dir(db, out, "play", default)


DEFAULT_SEALED_BOOSTERS = 3  # when neither the option nor the game's sealed phase says


def _play(db: CardDatabase, strict: bool = False) -> PlayDefinitions:
    if db.pack.fixed and not boosters_path(db).is_file():
        raise UsageError(fixed_game_note(db.pack))
    report = Report(root=db.project.root)
    play = load_play(db, report)
    if report.failed(strict):
        print_report(report)
        raise typer.Exit(1)
    if report.warnings:
        print_report(report)
    return play


def _plans(db: CardDatabase, strict: bool = False) -> dict[str, BoosterPlan]:
    return _play(db, strict).boosters


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


def _table_size(db: CardDatabase, option: str, value: int | None) -> int:
    """How many sit at the table: the option's value if the game allows it, else the game's most players."""
    seats = sample_seats(db.pack) if value is None else value
    problem = seats_problem(db.pack, seats)
    if problem is not None:
        raise UsageError(f"{option} {seats}: {problem}")
    return seats


def sealed(
    players: Annotated[
        int | None, typer.Option("--players", "-P", help="Players at the table (default: the most the game allows).")
    ] = None,
    per_player: Annotated[
        int | None,
        typer.Option("--boosters", "-B", min=1, max=50, help="Boosters each player opens (default: the game's)."),
    ] = None,
    booster_type: Annotated[
        str | None, typer.Option("--type", help="Booster type (default: the game's own sealed phase).")
    ] = None,
    seed: SeedOpt = None,
    out: OutOpt = None,
    no_pdf: NoPdfOpt = False,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Sealed: every player opens boosters; the game's sealed phase says whether they form one shared deck."""
    db = load_or_exit(project, game)
    play = _play(db)
    table = _table_size(db, "--players", players)
    phase = first_sealed_phase(play)
    if booster_type is None and phase is None:
        raise UsageError(f"{db.pack.name} has no sealed phase in its draft formats: name a booster type with --type")
    plan = _plan(play.boosters, booster_type or phase.booster)  # type: ignore[union-attr]
    own = phase is not None and phase.booster == plan.id
    per = per_player or (phase.boosters.value if own and phase else DEFAULT_SEALED_BOOSTERS)
    event_seed = _seed(seed)
    event = run_sealed(plan, event_seed, table, per)
    folder = _out_dir(db, out, f"sealed-seed{event_seed}")
    shared = phase.shared if own and phase else False  # a shared deck is a game's rule (LOE's), not sealed's
    words = {"name": phase.name, "pool": phase.pool.name} if own and phase else {}
    _shown(db, write_sealed_outputs(db, folder, event, event_seed, per, pdf=not no_pdf, shared=shared, **words))
    cards = plural(sum(len(b.cards) for b in event.boosters), "card")
    print(
        f"{plural(table, 'player')} opened {plural(len(event.boosters), 'booster')}, {cards}"
        + (" in one shared deck" if shared else "")
    )


class PromptPicker:
    """A player at the keyboard: shows the pack, reads the number of the card to keep."""

    def __init__(self, db: CardDatabase) -> None:
        self.db = db

    def pick(self, request: PickRequest) -> str:
        phase = request.phase
        what = "keep" if phase.mode == "deal-and-keep" else "take"
        print(f"\n{request.seat.name}, {phase.name}: choose a card to {what} for your {phase.pool.name}")
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
    draft_id: Annotated[
        str | None, typer.Argument(help="The draft format of boosters.yaml to run (default: the game's first).")
    ] = None,
    seats: Annotated[
        int | None, typer.Option("--seats", help="Seats at the table (default: the most the game allows).")
    ] = None,
    humans: Annotated[
        int, typer.Option("--humans", min=0, help="Seats 1..H pick at the keyboard; the rest are bots.")
    ] = 0,
    sealed_boosters: Annotated[
        int | None,
        typer.Option(
            "--sealed-boosters",
            "--deck-boosters",
            min=1,
            max=50,
            help="Boosters each seat opens in a sealed phase (default: the draft format's).",
        ),
    ] = None,
    seed: SeedOpt = None,
    replay: Annotated[Path | None, typer.Option("--replay", help="Replay a draft-log.json and compare.")] = None,
    out: OutOpt = None,
    no_pdf: NoPdfOpt = False,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Run a draft format of the game (its phases, from boosters.yaml) with bots and a replayable pick log."""
    db = load_or_exit(project, game)
    play = _play(db)
    if replay is not None:
        try:
            data = json.loads(replay.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise UsageError(f"cannot read the draft log {replay}: {exc}") from None
        try:
            result = replay_draft(db, play, data)
        except DraftError as exc:  # a log this project cannot replay at all: say which file
            raise DraftError(f"{replay}: {exc}") from None
        for problem in result.problems:
            print(f"{replay}: {problem}")
        if not result.ok:
            raise typer.Exit(1)
        print(f"{replay}: replayed {plural(len(data['picks']), 'pick')}; every pool and shared deck matches")
        return
    if draft_id is not None and draft_id not in play.drafts:
        close = difflib.get_close_matches(draft_id, list(play.drafts), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise UsageError(f"no draft format '{draft_id}'{hint} (formats: {', '.join(play.drafts) or 'none'})")
    chosen = choose_draft(play, db.pack, draft_id)
    table_size = _table_size(db, "--seats", seats)
    if humans > table_size:
        raise UsageError(f"--humans {humans} is more than the table's {plural(table_size, 'seat')}")
    event_seed = _seed(seed)
    table = [Seat(n, f"Seat {n}", bot=n > humans) for n in range(1, table_size + 1)]
    prompt = PromptPicker(db)
    # A DraftError (e.g. too few cards to deal to every seat) is reported by the CLI boundary, exit 1.
    log = run_draft(
        db,
        play,
        chosen.id,
        seed=event_seed,
        seats=table,
        pickers={s.number: prompt for s in table if not s.bot},
        boosters_per_seat=sealed_boosters,
    )
    folder = _out_dir(db, out, f"draft-seed{event_seed}" if draft_id is None else f"{chosen.id}-seed{event_seed}")
    paths = write_draft_outputs(db, folder, play, log, pdf=not no_pdf)
    if not no_pdf:
        paths.append(
            write_pick_sheets(
                db,
                folder / "pick-sheets.pdf",
                play,
                chosen,
                seats=table_size,
                seed=event_seed,
                boosters_per_seat=log.boosters_per_seat,
            )
        )
    _shown(db, paths)
    names = {c.id: c.name for c in db.cards}
    own = [p for p in chosen.phases if not p.shared]
    for seat in log.seats if own else []:
        kept = "; ".join(f"{p.pool.name}: {', '.join(names.get(c, c) for c in seat.pools.get(p.id, []))}" for p in own)
        print(f"{seat.name}: {kept}")
    for phase_id, deck in log.shared.items():
        phase = chosen.phase(phase_id)
        print(f"{phase.pool.name} ({phase.name}): {plural(len(deck), 'card')}")


deck_app = typer.Typer(
    help="The game's deck lists: check and list them, deal their random cards.", no_args_is_help=True
)


def _deck_file(db: CardDatabase, file: Path) -> tuple[list[LoadedDeck], Report]:
    """The deck lists of FILE, each checked; a file outside the project is a finding, a missing one a usage error."""
    report = Report(root=db.project.root)
    path = file if file.is_absolute() else Path.cwd() / file
    if not db.project.contains(path):
        report.add(Finding("E-PATH-ESCAPE", f"{file} is outside the project folder {db.project.root}", path))
    elif not path.is_file():
        raise UsageError(f"no such file: {file}")
    return ([] if report.errors else load_deck_file(path, db, report)), report


@deck_app.command("check")
def deck_check(
    file: Annotated[Path, typer.Argument(help="A deck list YAML file.")],
    pdf: Annotated[bool, typer.Option("--pdf", help="Also write the list as CSV, JSON and PDF.")] = False,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Check a deck list: ids exist, copies within the pool, the game's deck rules."""
    db = load_or_exit(project, game)
    decks, report = _deck_file(db, file)
    print_report(report)
    if report.failed():
        raise typer.Exit(1)
    for loaded in decks:
        deck = loaded.deck
        print(f"{deck.id}: {deck.name} ({deck.kind}, {plural(deck.size, 'card')}) ok")
        if pdf:
            folder = _out_dir(db, None, "decks")
            _shown(
                db,
                write_deck_list(
                    db, folder, Counter(deck.cards), title=deck.name, stem=deck.id, description=deck.description
                ),
            )


@deck_app.command("deal")
def deck_deal(
    file: Annotated[Path, typer.Argument(help="A deck list YAML file (e.g. the cards a player chose).")],
    booster_type: Annotated[
        str | None, typer.Option("--type", help="Booster type to deal from (default: the one the game names).")
    ] = None,
    seed: SeedOpt = None,
    out: OutOpt = None,
    no_pdf: NoPdfOpt = False,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Deal a deck list's random cards: a booster that never repeats a card of the list, the same for the same seed."""
    db = load_or_exit(project, game)
    decks, report = _deck_file(db, file)
    if len(report):
        print_report(report)
    if report.failed():
        raise typer.Exit(1)
    plans = _plans(db)
    event_seed = _seed(seed)
    for loaded in decks:
        dealing = deal_rest(completing_type(db, loaded.deck, plans, booster_type), loaded.deck, event_seed)
        folder = _out_dir(db, out, f"deals-seed{event_seed}")
        _shown(db, write_dealing(db, folder, dealing, pdf=not no_pdf))
        names = [card.name if (card := db.by_id(i)) else i for i in dealing.dealt()]
        print(f"{loaded.deck.id}: {loaded.deck.size} chosen + {len(names)} dealt: {', '.join(names)}")


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
    print(f"{plural(len(decks), 'legal deck list')} in {plural(len(deck_files(db)), 'file')}")
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
    show_structure: Annotated[
        bool,
        typer.Option(
            "--structure", help="Print the list's layouts, slots and sheets as Draftmancer reads them; no game needed."
        ),
    ] = False,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Read a Draftmancer list and print it as boosters.yaml entries (one per pack layout)."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {file}: {exc}") from None
    if show_structure:
        card_list, problems = dm_import.read_card_list(text, file)
        if card_list is None:
            print_report(Report(findings=problems))
            raise typer.Exit(1)
        print("\n".join(dm_import.structure(card_list)))
        return
    db = load_or_exit(project, game)
    imported, findings = dm_import.import_list(db, text, file)
    report = Report(root=db.project.root, findings=findings)
    if report.errors:
        print_report(report)
        raise typer.Exit(1)
    if findings:  # warnings only: on stderr, so the YAML on stdout can be redirected to a file
        print_report(report, file=sys.stderr)
    print(
        yaml.safe_dump(dm_import.imported_booster_yaml(imported, type_id), sort_keys=False, allow_unicode=True),
        end="",
    )


def register(app: typer.Typer) -> None:
    app.command()(boosters)
    app.command()(sealed)
    app.command()(draft)
    app.add_typer(deck_app, name="deck")
    app.add_typer(draftmancer_app, name="draftmancer")
