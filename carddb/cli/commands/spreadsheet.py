"""`carddb import` (a spreadsheet into a YAML card file) and `carddb export` (the cards as a spreadsheet)."""

from __future__ import annotations

import difflib
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from carddb.cli.commands.common import GameOpt, ListOptionsCommand, ProjectOpt, load_or_exit, open_project
from carddb.files.atomic import write_text
from carddb.files.project import Project
from carddb.findings.diagnostics import Report, SourceCache
from carddb.findings.errors import CarddbError, UsageError
from carddb.findings.plural import plural
from carddb.packs.pack import GamePack
from carddb.render.selection import print_order
from carddb.spreadsheets.cardimport import ImportOptions, check_import, import_note
from carddb.spreadsheets.cardyaml import cards_yaml
from carddb.spreadsheets.cells import SEPARATORS, table_text, write_table
from carddb.spreadsheets.columns import card_cells, header_key, pack_columns


class SheetFormat(StrEnum):
    csv = "csv"
    tsv = "tsv"


def import_cards(
    file: Annotated[Path, typer.Argument(help="The spreadsheet, saved as CSV (or TSV).", show_default=False)],
    to: Annotated[
        str | None,
        typer.Option(
            "--to",
            metavar="FILE",
            help="The card file to write, in data/<game>/cards/ (default: the spreadsheet's name, as .yaml).",
        ),
    ] = None,
    mapping: Annotated[
        list[str] | None,
        typer.Option(
            "--map", metavar="HEADER=FIELD", help="Read the column HEADER as the card field FIELD (repeatable)."
        ),
    ] = None,
    ignore: Annotated[
        list[str] | None, typer.Option("--ignore", metavar="HEADER", help="Leave the column HEADER out (repeatable).")
    ] = None,
    replace: Annotated[
        bool, typer.Option("--replace", help="Replace the cards of the card file if it exists (it is rewritten).")
    ] = False,
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Write the rows without errors; list the others (exit code 1).")
    ] = False,
    check_only: Annotated[bool, typer.Option("--check", help="Check the spreadsheet; write nothing.")] = False,
    sheet_format: Annotated[
        SheetFormat | None,
        typer.Option("--format", help="csv or tsv (default: by the file's suffix, or its header line)."),
    ] = None,
    encoding: Annotated[
        str, typer.Option(help="The file's text encoding, e.g. cp1252 for Excel's 'CSV' on Windows.")
    ] = "utf-8",
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Import cards from a spreadsheet: each row a card, each column header a card field."""
    proj, pack = open_project(project, game)
    proj.require_data(pack)
    if not file.is_file():
        raise UsageError(f"{file} is not a file")
    options = ImportOptions(
        mapping=_mapping(mapping or [], pack),
        ignored=frozenset(header_key(h) for h in ignore or []),
        separator=SEPARATORS[sheet_format.value] if sheet_format else None,
        encoding=encoding,
    )
    target = _target(proj, pack, file, to)
    shown_target = _shown(proj, target)
    if target.exists() and not replace and not check_only:
        raise UsageError(
            f"{shown_target} already exists: name another file with --to, or replace its cards with --replace"
        )
    result = check_import(proj, pack, file, target, options)
    report = result.report
    if len(report):
        # Rows of a spreadsheet are not lines of the file: findings are located by cell, without a quoted line.
        print(report.format_text(SourceCache({file.resolve(): "", file: ""})))
        print(report.summary())
    left_out = sorted(result.invalid_rows)
    if check_only:
        print(f"{plural(len(result.cards), 'card')} checked; nothing written (--check)")
        raise typer.Exit(1 if report.errors else 0)
    if report.errors and not skip_invalid:
        print("nothing written: fix the spreadsheet, or write the rows without errors with --skip-invalid")
        raise typer.Exit(1)
    cards = result.valid
    if not cards:
        print("nothing written: " + ("no row is free of errors" if result.cards else "the spreadsheet holds no cards"))
        raise typer.Exit(1)
    verb = "replaced the cards of" if target.exists() else "wrote"  # (an existing file needed --replace)
    write_text(target, cards_yaml([card.data for card in cards], note=import_note(file)))
    print(f"{verb} {shown_target}: {plural(len(cards), 'card')} from {file.name}")
    if left_out:
        print(f"left out, with errors (listed above): {plural(len(left_out), 'row')}: {', '.join(map(str, left_out))}")
        raise typer.Exit(1)


def _target(project: Project, pack: GamePack, source: Path, to: str | None) -> Path:
    """The card file `import` writes. `--to` is a name in data/<game>/cards/ (`new.yaml`, `sets/new.yaml`), or a
    path to a file there, written from the current folder or the project's (`data/loe/cards/new.yaml`)."""
    cards_dir = project.cards_dir(pack)
    name = to or f"{source.stem}.yaml"
    given = Path(name)
    inside = cards_dir.resolve()
    spelled = [given] if given.is_absolute() else [project.root / given, Path.cwd() / given]
    target = next(
        (p.resolve() for p in spelled if p.resolve().is_relative_to(inside) and p.resolve() != inside),
        (cards_dir / given).resolve(),
    )
    if not project.contains(target):
        raise UsageError(f"--to {name} leads to {target}, outside the project folder (through a symbolic link)")
    if not target.is_relative_to(inside):
        raise UsageError(f"--to {name} is outside data/{pack.id}/cards/; card files live there")
    if target.suffix not in {".yaml", ".yml"}:
        raise UsageError(f"--to {name}: a card file is named *.yaml")
    if target.is_dir():
        raise UsageError(f"--to {name} is a folder, not a card file")
    return target


def _mapping(pairs: list[str], pack: GamePack) -> dict[str, str]:
    columns = list(pack_columns(pack))
    mapping: dict[str, str] = {}
    for pair in pairs:
        header, sep, field = pair.partition("=")
        if not sep or not header.strip() or not field.strip():
            raise UsageError(f"--map '{pair}' must be HEADER=FIELD, e.g. --map 'Card Name=name'")
        field = field.strip()
        if field not in columns:
            close = difflib.get_close_matches(field, columns, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else f" (fields: {', '.join(columns)})"
            raise UsageError(f"--map '{pair}': '{field}' is not a field of the cards of {pack.name}{hint}")
        mapping[header_key(header)] = field
    return mapping


def _shown(project: Project, path: Path) -> str:
    try:
        return str(path.relative_to(project.root))
    except ValueError:
        return str(path)


SPREADSHEET_SUFFIXES = {".csv", ".tsv", ".tab", ".txt"}


def _export_target(project: Project, out: str) -> Path:
    """`--out FILE`: where the user says, except onto the project's own sources or a file that is not a spreadsheet."""
    target = Path(out)
    if target.is_dir():
        raise UsageError(f"--out {out} is a folder; name the spreadsheet file to write (e.g. {target / 'cards.csv'})")
    real = target.resolve()
    for folder in (project.root / "data", project.templates_dir()):
        if real.is_relative_to(folder.resolve()):
            raise UsageError(
                f"--out {out} is inside {folder.relative_to(project.root)}/, the project's own files;"
                " write the spreadsheet elsewhere (by default it goes to output/<game>/)"
            )
    if (target.exists() or target.is_symlink()) and real.suffix.lower() not in SPREADSHEET_SUFFIXES:
        raise UsageError(
            f"--out {out} exists and is not a spreadsheet (.csv, .tsv or .txt); carddb export does not replace it"
        )
    return target


def export_cards(
    sheet_format: Annotated[SheetFormat, typer.Option("--format", help="csv or tsv.")] = SheetFormat.csv,
    out: Annotated[
        str | None,
        typer.Option(
            "--out",
            "-o",
            metavar="FILE",
            help="Where to write (default: output/<game>/<game>-cards.csv; - for standard output).",
        ),
    ] = None,
    kind: Annotated[
        list[str] | None, typer.Option("--kind", "-k", help="Only cards of this kind (repeatable).")
    ] = None,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Export the cards as a spreadsheet (CSV or TSV) that `carddb import` reads back to the same cards."""
    db = load_or_exit(project, game)
    for wanted in kind or []:
        if wanted not in db.pack.kind_ids:
            raise UsageError(f"--kind: '{wanted}' is not a kind of {db.pack.name} ({', '.join(db.pack.kind_ids)})")
    cards = print_order(db, [c for c in db.cards if not kind or c.kind in kind])
    columns = pack_columns(db.pack)
    rows = [card_cells(card, columns) for card in cards]
    header = [name for name in columns if any(name in row for row in rows)]
    table = [[row.get(name, "") for name in header] for row in rows]
    separator = SEPARATORS[sheet_format.value]
    if out == "-":
        sys.stdout.write(table_text(header, table, separator=separator))
        return
    target = (
        _export_target(db.project, out)
        if out
        else db.project.output_dir(db.pack) / f"{db.pack.id}-cards.{sheet_format.value}"
    )
    try:
        # A path typed on the command line is written where it leads; the default one only through real folders.
        write_table(target, header, table, separator=separator, anywhere=out is not None)
    except OSError as exc:
        # The file system refused (a full disk, a file where a folder goes): a failure, exit 1, not a usage error.
        raise CarddbError(f"cannot write {target}: {exc.strerror or exc}") from None
    report = Report(root=db.project.root)
    print(f"wrote {report.display_path(target)}: {plural(len(cards), 'card')}, {plural(len(header), 'column')}")


def register(app: typer.Typer) -> None:
    app.command("import")(import_cards)
    app.command("export", cls=ListOptionsCommand)(export_cards)
