"""Commands that read the card database: games, validate, list, show, stats."""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.cards.stats import set_statistics, statistics_json
from carddb.cli.commands.common import (
    FormatOpt,
    GameOpt,
    JobsOpt,
    OutputFormat,
    ProjectOpt,
    StrictOpt,
    jobs_count,
    load_or_exit,
    open_project,
    print_json,
    print_report,
)
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.findings.errors import UsageError
from carddb.findings.plural import plural
from carddb.packs.card import SHARED_BY_FACES, Card
from carddb.packs.lookup import pack_entries


def games(project: ProjectOpt = None) -> None:
    """List the game packs: installed ones and the project's own, with their version and origin."""
    proj = Project.at(project) if project is not None or Path("data").is_dir() else None
    entries, problems = pack_entries(proj)
    table = Table("id", "name", "version", "from", "kinds", box=None, header_style="bold")
    table.columns[0].no_wrap = True
    shown = Report(root=proj.root if proj else None)
    for entry in entries:
        source = entry.source
        origin = source.origin if source.distribution else shown.display_path(source.declared_in)
        if entry.pack is None:
            table.add_row(source.game_id, "(cannot be loaded: see below)", entry.version, origin, "")
            continue
        table.add_row(entry.pack.id, entry.pack.name, entry.version, origin, ", ".join(entry.pack.kind_ids))
    print_table(table)
    if problems:
        print()
        shown.extend(problems)
        print_report(shown)
        raise typer.Exit(1)


def print_table(table: Table) -> None:
    """A table that fits the terminal; piped or redirected, it never wraps and has no trailing blanks.

    Rich pads every cell to its column width and wraps to 80 columns when it
    cannot see a terminal, which made `carddb list > cards.txt` hard to grep.
    """
    console = Console()
    if console.is_terminal:
        console.print(table)
        return
    wide = Console(width=1000, no_color=True, highlight=False)
    with wide.capture() as captured:
        wide.print(table)
    for line in captured.get().splitlines():
        print(line.rstrip())


def validate(
    game: GameOpt = None,
    project: ProjectOpt = None,
    strict: StrictOpt = False,
    format: FormatOpt = OutputFormat.text,
    playtest: Annotated[
        int, typer.Option("--playtest", min=0, help="Also have bots play N games and warn about outlying cards.")
    ] = 0,
    playtest_bots: Annotated[str, typer.Option("--playtest-bots", help="The bots of --playtest.")] = "greedy",
    playtest_seed: Annotated[int, typer.Option("--playtest-seed", min=0, help="The seed of --playtest.")] = 0,
    no_layout: Annotated[
        bool,
        typer.Option(
            "--no-layout",
            help="Do not lay the faces out (by default validate lays them out as print does, to find text and"
            " names that do not fit; measures are cached).",
        ),
    ] = False,
    jobs: JobsOpt = None,
) -> None:
    """Check every card file; exit 0 when clean, 1 when there are findings."""
    proj, pack = open_project(project, game)
    db, report = load_database(proj, pack)
    if not report.errors:
        # Deck lists name cards: checked once the cards are clean, or a broken card would also
        # show up as an unknown id in every list that names it.
        from carddb.play.decks import load_decks
        from carddb.rulebook.build import read_prose
        from carddb.rulebook.toc import AnchorBook

        load_decks(db, report)
        # boosters.yaml: what `carddb boosters`, sealed and draft would stop on (slots, rarities, formats).
        from carddb.play.boosters import boosters_path
        from carddb.play.draftformat import load_play

        if boosters_path(db).exists() or boosters_path(db).is_symlink():
            load_play(db, report)
        # The rules prose names cards and rule numbers: what `carddb rulebook` and `build` would stop on.
        # (Not the folder's warnings: a project without prose has nothing to validate there.)
        report.extend(read_prose(db, AnchorBook(), Report()).report.findings)
    if not no_layout:
        from carddb.render.faces.check import check_faces

        check_faces(db, report, workers=jobs_count(jobs))
    if playtest and not report.errors:
        from carddb.sim.warnings import design_warnings

        report.extend(design_warnings(db, playtest, playtest_bots, playtest_seed))
    if format is OutputFormat.json:
        print(report.to_json())
    else:
        print_report(report)
    raise typer.Exit(1 if report.failed(strict) else 0)


def list_cards(
    kind: Annotated[str | None, typer.Option(help="Only cards of this kind.")] = None,
    faction: Annotated[str | None, typer.Option("--faction", "--province", help="Only this faction/province.")] = None,
    rarity: Annotated[str | None, typer.Option(help="Only this rarity.")] = None,
    format: FormatOpt = OutputFormat.text,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Cards as a table (id, name, kind, cost, rarity, set), or every field of each card as JSON."""
    proj, pack = open_project(project, game)
    # Filters are checked before loading: a typo must not silently list nothing.
    _check_choice("--kind", kind, pack.kind_ids, f"a kind of {pack.name}")
    _check_choice("--rarity", rarity, tuple(r.id for r in pack.rarities), "a rarity")
    _check_choice("--faction", faction, tuple(f.id for f in pack.factions), f"a {pack.faction_label}")
    db = load_or_exit(proj.root, pack.id)
    cards = sorted(
        (
            c
            for c in db.cards
            if (kind is None or any(face.kind == kind for face in c.faces))
            and (rarity is None or c.rarity == rarity)
            and (faction is None or db.faction_of(c) == faction)
        ),
        key=lambda c: (c.set, c.number),
    )
    if format is OutputFormat.json:
        print_json({"game": db.pack.id, "count": len(cards), "cards": [card_json(db, c) for c in cards]})
        return
    headers = ["id", "name", "kind", "cost", db.pack.faction_label, "rarity", "set"]
    rows = [
        [
            c.id,
            # A double-sided card reads 'Front // Back', as card games print the names of such cards.
            " // ".join(face.name for face in c.faces),
            " // ".join(_type_line(db, face) for face in c.faces),
            c.cost_label(),
            db.faction_of(c) or "",
            c.rarity,
            f"{c.set} {c.number}",
        ]
        for c in cards
    ]
    # A game without costs (or factions) would show a column of blanks: it is left out.
    shown = [
        i
        for i, header in enumerate(headers)
        if header not in ("cost", db.pack.faction_label) or any(r[i] for r in rows)
    ]
    table = Table(*(headers[i] for i in shown), box=None, header_style="bold")
    table.columns[0].no_wrap = True
    table.columns[-1].no_wrap = True
    for row in rows:
        table.add_row(*(row[i] for i in shown))
    print_table(table)
    print(plural(len(cards), "card"))


def _type_line(db: CardDatabase, card: Card) -> str:
    subtype = card.subtype_id()
    return db.pack.kind(card.kind).label + (f" - {subtype.title()}" if subtype else "")


def _check_choice(option: str, value: str | None, choices: tuple[str, ...], what: str) -> None:
    if value is not None and value not in choices:
        close = difflib.get_close_matches(value, choices, n=1)
        suggestion = f"; did you mean '{close[0]}'?" if close else f" (one of: {', '.join(choices)})"
        raise typer.BadParameter(f"'{value}' is not {what}{suggestion}", param_hint=option)


def show(
    card_id: Annotated[str, typer.Argument(help="The card's id (or its name: the closest ids are suggested).")],
    format: FormatOpt = OutputFormat.text,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """One card: all its fields and its rules text."""
    db = load_or_exit(project, game)
    card = db.by_id(card_id)
    if card is None:
        raise UsageError(f"no card with the id '{card_id}'{_did_you_mean(db, card_id)}")
    if format is OutputFormat.json:
        print_json({"game": db.pack.id, "card": card_json(db, card)})
        return
    _show_face(db, card, skip=set())
    if card.back is not None:
        # The other side of a double-sided card, without the fields both sides share.
        print()
        _show_face(db, card.back, skip={*SHARED_BY_FACES, "kind"}, heading=f"Back ({card.back.id}): ")


def _show_face(db: CardDatabase, card: Card, skip: set[str], heading: str = "") -> None:
    src = db.source(card)
    print(
        f"{heading}{card.name}  ({db.pack.kind(card.kind).label}, {report_path(db, src.path)}:{src.located.span.line})"
    )
    for name, value in card.model_dump(exclude_defaults=False).items():
        if name in {"name", "text", "flavor", "back", *skip} or value in (None, (), "", []):
            continue
        if name == "cost" and card.cost_label():
            value = card.cost_label()
        elif isinstance(value, dict):
            value = ", ".join(f"{k}: {v}" for k, v in value.items() if v not in (0, "", None, 0.5))
        elif isinstance(value, list):
            value = ", ".join(map(str, value))
        print(f"  {name:>10}: {value}")
    if card.text:
        print("\n  " + card.text.replace("\n", "\n  "))
    if card.flavor:
        print(f"\n  \u201c{card.flavor}\u201d")


def _did_you_mean(db: CardDatabase, wanted: str) -> str:
    """'; did you mean 'x' (Name)?', from ids and names alike: designers often type a card's name."""
    folded = wanted.casefold().strip()
    keys: dict[str, Card] = {}
    for c in db.cards:
        keys.setdefault(c.id, c)
        keys.setdefault(c.name.casefold(), c)
    close = [folded] if folded in keys else difflib.get_close_matches(folded, list(keys), n=6, cutoff=0.6)
    cards = list({keys[k].id: keys[k] for k in close}.values())[:3]
    if not cards:
        return " (`carddb list` shows every card)"
    shown = [f"'{c.id}' ({c.name})" for c in cards]
    return "; did you mean " + (f"{', '.join(shown[:-1])} or {shown[-1]}" if len(shown) > 1 else shown[0]) + "?"


def card_json(db: CardDatabase, card: Card) -> dict[str, Any]:
    """A card as JSON: every field of its kind (defaults filled in), then where it is written.

    A double-sided card's `back` is its other side, the same way (its id is the card's with `/back`)."""
    data = card.model_dump(mode="json")
    src = db.source(card)
    data["source"] = {"path": report_path(db, src.path), "line": src.located.span.line}
    if card.back is not None:
        data["back"] = card_json(db, card.back)
    return data


def report_path(db: object, path: object) -> str:
    from carddb.cards.database import CardDatabase

    assert isinstance(db, CardDatabase)
    try:
        return str(path.relative_to(db.project.root))  # type: ignore[attr-defined]
    except ValueError:
        return str(path)


def stats(format: FormatOpt = OutputFormat.text, game: GameOpt = None, project: ProjectOpt = None) -> None:
    """Counts by kind, subtype, rarity and faction, and the cost curve per kind."""
    db = load_or_exit(project, game)
    if format is OutputFormat.json:
        print_json(statistics_json(db))
        return
    for title, rows, columns in set_statistics(db):
        # The title is its own line: as a rich table title it wrapped to the table's width.
        table = Table(*columns, box=None, header_style="bold")
        for index, column in enumerate(table.columns):
            if rows and all(_NUMERIC.match(str(row[index])) for row in rows):
                column.justify = "right"
        for row in rows:
            table.add_row(*[str(v) for v in row])
        print(title)
        print_table(table)
        print()


_NUMERIC = re.compile(r"^(\d+(\.\d+)?%?|\.|-)$")


def register(app: typer.Typer) -> None:
    app.command()(games)
    app.command()(validate)
    app.command("list")(list_cards)
    app.command()(show)
    app.command()(stats)
