"""`carddb playtest`: bots play N games of the game pack's rules; a JSON and an HTML report; replayable games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from carddb.cards.database import CardDatabase
from carddb.cli.commands.common import (
    MAX_JOBS,
    GameOpt,
    ListOptionsCommand,
    ProjectOpt,
    event_seed,
    load_or_exit,
    open_project,
    out_dir,
    print_report,
)
from carddb.files.atomic import write_text
from carddb.files.reading import LOG_BYTES, read_json
from carddb.findings.diagnostics import Report
from carddb.findings.errors import UsageError
from carddb.findings.plural import plural
from carddb.runtime.progress import stages
from carddb.sim.options import SimOptions
from carddb.sim.simulator import Simulator, simulator_for


def playtest(
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=1_000_000, help="How many games.")] = 200,
    bots: Annotated[
        str, typer.Option("--bots", help="random or greedy for every seat, or one per seat: greedy,random.")
    ] = "random",
    players: Annotated[int, typer.Option("--players", "-P", min=1, max=16, help="Players in each game.")] = 2,
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", help="Play only these seats: the id or name of a seat's deck list. Repeatable."),
    ] = None,
    deck: Annotated[str, typer.Option("--deck", help="Play only this shared deck (deck-list id).")] = "",
    source: Annotated[
        Path | None, typer.Option("--from", help="A draft-log.json (carddb draft) or shared-deck.json (carddb sealed).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the run; the same seed gives the same games.")
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            "--workers", "-j", min=0, max=MAX_JOBS, help="Worker processes (0: one per core, 1: this process)."
        ),
    ] = 0,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", help="Run the games on this Dask scheduler (tcp://host:port).")
    ] = None,
    ablation: Annotated[
        int, typer.Option("--ablation", min=0, help="Also play N games without each card (remove-one ablation).")
    ] = 0,
    max_rounds: Annotated[
        int, typer.Option("--max-rounds", min=1, help="Turn cap: turns per player before a game is a draw.")
    ] = SimOptions.max_rounds,
    log_game: Annotated[
        list[int] | None, typer.Option("--log-game", help="Write the replayable log of game N (repeatable).")
    ] = None,
    replay: Annotated[Path | None, typer.Option("--replay", help="Replay a game log and compare its trace.")] = None,
    check: Annotated[bool, typer.Option("--check", help="Check every invariant after every action (slower).")] = False,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output folder inside the project.")] = None,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Bots play N games (each pairing of seats on each shared deck, or a sealed deck or a draft) and report."""
    rules = simulator_for(open_project(project, game)[1])  # before loading: a game without a simulator says so
    db = load_or_exit(project, game)
    if replay is not None:
        _replay(db, rules, replay)
        return
    from carddb.sim.parallel import default_workers
    from carddb.sim.report import write_report
    from carddb.sim.runner import Request, prepare, run

    request = Request(
        games=games,
        seed=event_seed(seed),
        bots=tuple(b.strip() for b in bots.split(",") if b.strip()),
        players=players,
        seats=tuple(seat or ()),
        deck=deck,
        source=source,
        options=SimOptions(max_rounds=max_rounds, check_invariants=check),
        workers=workers or default_workers(),
        scheduler=scheduler,
        ablation=ablation,
    )
    report = Report(root=db.project.root)
    plan, settings = prepare(db, rules, request, report)
    if report.errors:
        print_report(report, only_errors=True)
        raise typer.Exit(1)
    folder = out_dir(db, out, "playtest", f"seed{request.seed}")
    with stages() as stage:
        outcome = run(plan, rules, request, stage)
    written = write_report(
        folder, outcome.analysis, db.pack, settings, outcome.records, rules.seat_label, dict(rules.report_tags)
    )
    for index in log_game or []:
        written.append(_write_log(db, rules, plan, index, folder))
    _summary(outcome.analysis, rules)
    for path in written:
        print(f"wrote {path.relative_to(db.project.root) if db.project.contains(path) else path}")
    if outcome.analysis.errors:
        print(
            f"{plural(len(outcome.analysis.errors), 'game')} failed: a bug in the engine or a handler (see the report)"
        )
        raise typer.Exit(1)


def _write_log(db: CardDatabase, rules: Simulator, plan: object, index: int, folder: Path) -> Path:
    from carddb.sim.gamelog import game_log
    from carddb.sim.match import play_game
    from carddb.sim.playtest import PlaytestPlan, catalogue_for

    assert isinstance(plan, PlaytestPlan)
    if not 0 <= index < plan.games:
        raise UsageError(f"--log-game {index}: the games are numbered 0 to {plan.games - 1}")
    _, catalogue = catalogue_for(plan)
    spec = plan.spec(index)
    options = SimOptions(
        max_rounds=plan.options.max_rounds, max_steps_per_turn=plan.options.max_steps_per_turn, log=True
    )
    record = play_game(rules, catalogue, spec, options)
    log = game_log(db.pack.id, spec, options, record)
    return write_text(folder / f"game-{index}.json", json.dumps(log, indent=1) + "\n")


def _replay(db: CardDatabase, rules: Simulator, path: Path) -> None:
    from carddb.sim.cards import compile_catalogue, records_from_database
    from carddb.sim.gamelog import LOG_FORMAT, replay

    try:
        log = read_json(path, LOG_BYTES, "game logs")
    except OSError as exc:
        raise UsageError(f"cannot read the game log {path}: {exc.strerror or exc}") from None
    except ValueError as exc:  # not UTF-8 JSON, or nested too deeply
        raise UsageError(f"cannot read the game log {path}: {exc}") from None
    if not isinstance(log, dict) or log.get("format") != LOG_FORMAT:
        raise UsageError(f"{path} is not a carddb game log (its 'format' should be '{LOG_FORMAT}')")
    catalogue = compile_catalogue(records_from_database(db, rules), rules)
    try:
        result = replay(log, rules, catalogue)
    except (KeyError, TypeError, ValueError) as exc:
        raise UsageError(f"the game log {path} is missing or garbles a field: {exc}") from None
    for line in result.record.log or []:
        print(line)
    if not result.matches:
        print(f"{path}: the replay differs from the log: {result.difference}")
        raise typer.Exit(1)
    print(f"{path}: replayed {len(log['decisions'])} decisions; the game went exactly as logged")


def _summary(analysis: object, rules: Simulator) -> None:
    from carddb.sim.analysis import Analysis
    from carddb.sim.report import faction_names, kind_word

    assert isinstance(analysis, Analysis)
    a = analysis
    print(
        f"{plural(a.games, 'game')}, {plural(a.draws, 'draw')}, {len(a.errors)} failed; {a.mean_turns:.1f} turns on average; "
        f"first player won {a.first_player.rate:.0%} (95% CI {a.first_player.low:.0%}-{a.first_player.high:.0%})"
    )
    kinds = [(kind_word(rules.pack, kind), rates) for kind, rates in a.by_kind.items()]
    labels = dict(rules.report_tags)
    tags = [(labels.get(tag, tag), rates) for tag, rates in a.by_tag.items()]
    for label, rates in [(rules.seat_label, a.by_seat), *kinds, *tags]:
        if rates:
            best, worst = rates[0], rates[-1]
            print(f"  by {label}: best {best.label} {best.rate:.0%}, worst {worst.label} {worst.rate:.0%}")
    if a.by_faction:
        best, worst = a.by_faction[0], a.by_faction[-1]
        print(
            f"  by {rules.pack.faction_label}: best {faction_names(rules.pack, best.id)} {best.rate:.0%}, "
            f"worst {faction_names(rules.pack, worst.id)} {worst.rate:.0%}"
        )
    marked = [d for d in a.card_play if d.significant]
    if marked:
        shown = ", ".join(f"{d.name} {d.delta:+.0%}" for d in marked[:6])
        print(f"  cards whose play-rate delta excludes zero: {shown}")
    if a.never_played:
        print(f"  {plural(len(a.never_played), 'card')} never played (see the report)")


def register(app: typer.Typer) -> None:
    app.command(cls=ListOptionsCommand)(playtest)
