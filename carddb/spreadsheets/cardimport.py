"""`carddb import`: a spreadsheet of cards -> a YAML card file, every problem located in its cell.

The stages: read the table (carddb.spreadsheets.cells) -> match each header to a column
(--map, --ignore) -> type each cell by the field it fills (carddb.spreadsheets.columns) ->
write the cards as YAML to a scratch file -> load the project's cards with that
file in the target's place, so the new cards get every check `carddb validate`
runs (schema, ids and numbers against the other cards, art, rules text) -> move
each finding from the scratch YAML to the cell it came from -> write the target
file, or nothing if there are errors.
"""

from __future__ import annotations

import difflib
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from carddb.cards.loading import card_files, load_database
from carddb.cards.validity import CardSpans
from carddb.files.atomic import write_text
from carddb.files.project import Project
from carddb.files.yamlsource import Located
from carddb.findings.diagnostics import Finding, Report, Span
from carddb.packs.pack import GamePack
from carddb.spreadsheets.cardyaml import cards_yaml
from carddb.spreadsheets.cells import Row, Table, cell_name, column_letter, read_table
from carddb.spreadsheets.columns import Column, cell_value, header_key, kind_columns, pack_columns


@dataclass(frozen=True)
class ImportOptions:
    mapping: dict[str, str] = field(default_factory=dict)  # header_key(header) -> column name
    ignored: frozenset[str] = frozenset()  # header_key(header) of columns to leave out
    separator: str | None = None  # None: by suffix, or by the header line
    encoding: str = "utf-8"


@dataclass
class HeaderColumn:
    index: int  # 1-based, as the spreadsheet counts
    header: str
    column: Column


@dataclass
class SheetCard:
    """One row as a card: its values by field path, and the column each value came from."""

    row: Row
    data: dict[str, Any]
    columns: dict[tuple[str, ...], HeaderColumn]  # the columns this row fills
    header: list[HeaderColumn]  # every matched column, filled or not


@dataclass
class ImportResult:
    report: Report  # every finding, located in the spreadsheet
    cards: list[SheetCard] = field(default_factory=list)
    invalid_rows: set[int] = field(default_factory=set)

    @property
    def valid(self) -> list[SheetCard]:
        return [card for card in self.cards if card.row.number not in self.invalid_rows]


def check_import(project: Project, pack: GamePack, source: Path, target: Path, options: ImportOptions) -> ImportResult:
    """Read and check the spreadsheet as cards of `target` (which they would replace if it exists)."""
    result = ImportResult(Report(root=project.root))
    table = read_table(source, separator=options.separator, encoding=options.encoding)
    result.report.extend(table.findings)
    if table.findings:
        return result
    header = match_header(table, pack, options, result.report)
    if result.report.errors:
        return result  # an unmatched column would make every row look wrong: fix the header first
    result.cards = [
        card for row in table.rows if (card := row_card(row, header, table, pack, result.report)) is not None
    ]
    others = [path for path in card_files(project.cards_dir(pack)) if path.resolve() != target.resolve()]
    with tempfile.TemporaryDirectory(prefix="carddb-import-") as scratch:
        written = Path(scratch) / target.name
        write_text(written, cards_yaml([card.data for card in result.cards]))
        db, loaded = load_database(project, pack, files=[*others, written])
        entries = sorted(
            (
                located
                for located in [*(db.source(c).located for c in db.cards), *db.rejected]
                if located.path == written
            ),
            key=lambda located: located.span.line,
        )
        spans = CardSpans(enumerate(entries))
        for finding in loaded:
            if finding.path == written:
                result.report.add(_in_sheet(finding, spans, entries, result.cards, source, loaded, written))
    result.invalid_rows = {f.span.line for f in result.report.errors if f.path == source and f.span}
    return result


def match_header(table: Table, pack: GamePack, options: ImportOptions, report: Report) -> list[HeaderColumn]:
    """The column of each header cell; unknown, repeated or overlapping headers are E-IMPORT-HEADER."""
    columns = pack_columns(pack)
    by_key = {header_key(name): column for name, column in columns.items()}
    matched: list[HeaderColumn] = []
    for index, header in enumerate(table.header, start=1):
        key = header_key(header)
        where = Span.point(table.header_row, index)
        if key in options.ignored:
            continue
        column = columns.get(options.mapping[key]) if key in options.mapping else by_key.get(key)
        if not key:
            if any(len(row.cells) >= index and row.cells[index - 1].strip() for row in table.rows):
                report.add(_header_error(table, f"column {column_letter(index)} has values but no header", index))
            continue
        if column is None:
            close = _closest(key, list(columns))
            hint = f"map it to a field: --map '{header}=FIELD', or leave it out: --ignore '{header}'"
            message = f"'{header}' is not a field of any card of {pack.name}"
            report.add(
                Finding(
                    "E-IMPORT-HEADER",
                    message + (f"; did you mean '{close}'?" if close else ""),
                    table.path,
                    where,
                    hint,
                )
            )
            continue
        clash = next((m for m in matched if _overlap(m.column.path, column.path)), None)
        if clash is not None:
            what = "the same field" if clash.column.path == column.path else "a part of the same field"
            report.add(
                _header_error(
                    table,
                    f"'{header}' fills {what} as column {column_letter(clash.index)} ('{clash.header}'); keep one",
                    index,
                )
            )
            continue
        matched.append(HeaderColumn(index, header, column))
    return matched


def _header_error(table: Table, message: str, index: int) -> Finding:
    return Finding("E-IMPORT-HEADER", message, table.path, Span.point(table.header_row, index))


def _overlap(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    shorter = min(len(a), len(b))
    return a[:shorter] == b[:shorter]


def _closest(key: str, names: Sequence[str]) -> str | None:
    close = difflib.get_close_matches(key, [header_key(n) for n in names], n=1, cutoff=0.6)
    return next((n for n in names if close and header_key(n) == close[0]), None)


def row_card(row: Row, header: list[HeaderColumn], table: Table, pack: GamePack, report: Report) -> SheetCard | None:
    """The card of one row: each filled cell typed by its field, for the kind the row names."""
    for index in range(len(table.header) + 1, len(row.cells) + 1):
        if row.cells[index - 1].strip():
            message = f"a value in column {column_letter(index)}, which has no header"
            report.add(Finding("E-IMPORT-HEADER", message, table.path, Span.point(row.number, index)))
    cells = {h.column.path: row.cells[h.index - 1] for h in header if h.index <= len(row.cells)}
    typed = kind_columns(pack, cells.get(("kind",), "").strip())
    card = SheetCard(row, {}, {}, header)
    for column in header:
        own = typed.get(column.column.name, column.column)  # a field may have another type in this kind
        value = cell_value(cells.get(column.column.path, ""), own.annotation)
        if value is None or value == "" or value == []:
            continue  # an empty cell: the field is left out
        _put(card.data, column.column.path, value)
        card.columns[column.column.path] = column
    return card if card.data else None


def _put(data: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    for part in path[:-1]:
        data = data.setdefault(part, {})
    data[path[-1]] = value


def _in_sheet(
    finding: Finding,
    spans: CardSpans,
    entries: list[Located],
    cards: list[SheetCard],
    source: Path,
    report: Report,
    written: Path,
) -> Finding:
    """A finding of the scratch YAML, moved to the cell its value came from."""
    index = spans.holder(finding)
    if index is None:
        return Finding(finding.code, finding.message, source, None, finding.hint)
    card = cards[index]
    column = _column_at(card, entries[index], finding)
    row = card.row.number
    where = f"cell {cell_name(row, column.index)}" if column else f"row {row}"
    if column and header_key(column.header) != header_key(column.column.name):
        where += f", column '{column.header}'"
    message = _rows_for_lines(finding.message, report.display_path(written), spans, cards, report.display_path(source))
    span = Span.point(row, column.index if column else 1)
    return Finding(finding.code, f"{message} ({where})", source, span, finding.hint)


def _column_at(card: SheetCard, located: Located, finding: Finding) -> HeaderColumn | None:
    """The header column of the field the finding points into (or names, for a missing field)."""
    assert finding.span is not None
    at = (finding.span.line, finding.span.col)
    paths = [
        path
        for spans in (located.key_spans, located.value_spans)
        for path, span in spans.items()
        if path and (span.line, span.col) <= at <= (span.end_line, span.end_col)
    ]
    path = tuple(p for p in max(paths, key=len, default=()) if isinstance(p, str))
    if finding.code == "E-MISSING-FIELD" or not path:
        # A missing field is reported at the card's start: point at its (empty) cell if the sheet has that column.
        named = re.findall(r"'([a-z0-9_]+)'", finding.message)
        missing = next((h for name in named for h in card.header if h.column.path[0] == name), None)
        if missing is not None or not path:
            return missing
    exact = card.columns.get(path)
    if exact is not None:
        return exact
    return next((c for p, c in card.columns.items() if _overlap(p, path)), None)


def _rows_for_lines(message: str, shown: str, spans: CardSpans, cards: list[SheetCard], source: str) -> str:
    """'the card at /tmp/.../cards.yaml:12' -> 'the card at cards.csv row 4': the scratch file is gone."""

    def row_of(match: re.Match[str]) -> str:
        index = spans.at(int(match.group(1)))
        return f"{source} row {cards[index].row.number if index is not None else '?'}"

    return re.sub(re.escape(shown) + r":(\d+)", row_of, message)


def import_note(source: Path) -> str:
    return (
        f"Imported from {source.name} by `carddb import` on {date.today().isoformat()}.\n"
        "Edit the cards here, or edit the spreadsheet and import it again with --replace."
    )
