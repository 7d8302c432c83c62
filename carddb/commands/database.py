"""Commands that read the card database: games, validate, list, show, stats."""

from __future__ import annotations

import difflib
import re
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from carddb.cardmodel import SHARED_BY_FACES, Card
from carddb.commands.common import GameOpt, ProjectOpt, StrictOpt, load_or_exit, open_project, print_report
from carddb.database import CardDatabase, load_database
from carddb.diagnostics import Report
from carddb.games import pack_entries
from carddb.project import Project
from carddb.stats import set_statistics


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


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
    format: Annotated[OutputFormat, typer.Option("--format", help="text or json")] = OutputFormat.text,
) -> None:
    """Check every card file; exit 0 when clean, 1 when there are findings."""
    proj, pack = open_project(project, game)
    _, report = load_database(proj, pack)
    if format is OutputFormat.json:
        print(report.to_json())
    else:
        print_report(report)
    raise typer.Exit(1 if report.failed(strict) else 0)


def list_cards(
    kind: Annotated[str | None, typer.Option(help="Only cards of this kind.")] = None,
    faction: Annotated[str | None, typer.Option("--faction", "--province", help="Only this faction/province.")] = None,
    rarity: Annotated[str | None, typer.Option(help="Only this rarity.")] = None,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Cards as a table: id, name, kind, cost, rarity, set."""
    proj, pack = open_project(project, game)
    # Filters are checked before loading: a typo must not silently list nothing.
    _check_choice("--kind", kind, pack.kind_ids, f"a kind of {pack.name}")
    _check_choice("--rarity", rarity, tuple(r.id for r in pack.rarities), "a rarity")
    _check_choice("--faction", faction, tuple(f.id for f in pack.factions), f"a {pack.faction_label}")
    db = load_or_exit(proj.root, pack.id)
    cards = [
        c
        for c in db.cards
        if (kind is None or any(face.kind == kind for face in c.faces))
        and (rarity is None or c.rarity == rarity)
        and (faction is None or db.faction_of(c) == faction)
    ]
    table = Table("id", "name", "kind", "cost", db.pack.faction_label, "rarity", "set", box=None, header_style="bold")
    table.columns[0].no_wrap = True
    table.columns[-1].no_wrap = True
    for c in sorted(cards, key=lambda c: (c.set, c.number)):
        # A double-sided card reads 'Front // Back', as card games print the names of such cards.
        name = " // ".join(face.name for face in c.faces)
        kind_label = " // ".join(_type_line(db, face) for face in c.faces)
        table.add_row(c.id, name, kind_label, c.cost_label(), db.faction_of(c) or "", c.rarity, f"{c.set} {c.number}")
    print_table(table)
    print(f"{len(cards)} card{'s' * (len(cards) != 1)}")


def _type_line(db: CardDatabase, card: Card) -> str:
    subtype = card.subtype_id()
    return db.pack.kind(card.kind).label + (f" - {subtype.title()}" if subtype else "")


def _check_choice(option: str, value: str | None, choices: tuple[str, ...], what: str) -> None:
    if value is not None and value not in choices:
        close = difflib.get_close_matches(value, choices, n=1)
        suggestion = f"; did you mean '{close[0]}'?" if close else f" (one of: {', '.join(choices)})"
        raise typer.BadParameter(f"'{value}' is not {what}{suggestion}", param_hint=option)


def show(
    card_id: Annotated[str, typer.Argument(help="The card's id.")],
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """One card: all its fields and its rules text."""
    db = load_or_exit(project, game)
    card = db.by_id(card_id)
    if card is None:
        close = difflib.get_close_matches(card_id, [c.id for c in db.cards], n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        print(f"no card with id '{card_id}'{hint}")
        raise typer.Exit(1)
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


def report_path(db: object, path: object) -> str:
    from carddb.database import CardDatabase

    assert isinstance(db, CardDatabase)
    try:
        return str(path.relative_to(db.project.root))  # type: ignore[attr-defined]
    except ValueError:
        return str(path)


def stats(game: GameOpt = None, project: ProjectOpt = None) -> None:
    """Counts by kind, subtype, rarity and faction, and the cost curve per kind."""
    db = load_or_exit(project, game)
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
