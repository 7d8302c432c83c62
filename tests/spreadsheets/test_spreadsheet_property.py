"""Any text a designer types survives card -> spreadsheet -> YAML card file -> card (property test).

The stages are called directly (no CLI, no database) so that many texts can be tried quickly:
export cells, the CSV or TSV file, reading it back, typing the cells, the YAML written, the
located YAML loader and the card schema.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from carddb.files.yamlsource import load_yaml
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.spreadsheets.cardimport import ImportOptions, match_header, row_card
from carddb.spreadsheets.cardyaml import cards_yaml
from carddb.spreadsheets.cells import read_table, write_table
from carddb.spreadsheets.columns import card_cells, pack_columns

PACK = get_pack("loe")
ADAPTER: TypeAdapter[object] = TypeAdapter(PACK.card_schema)
COLUMNS = pack_columns(PACK)

# What people type: letters of any script, punctuation, quotes, separators, line breaks (no control characters).
TEXT = st.text(
    alphabet=st.one_of(
        st.characters(blacklist_categories=("Cs", "Cc")),
        st.sampled_from(list("\n,;\"'\t:#-|>{}[]&*!%@`")),
    ),
    max_size=60,
)
# Text a spreadsheet would run as a formula, behind any number of quotes (see carddb.spreadsheets.cells).
FORMULA = st.builds(
    lambda quotes, start, rest: "'" * quotes + start + rest,
    st.integers(0, 3),
    st.sampled_from(["=", "+", "-", "@", "\t", "\r"]),
    TEXT,
)
ANY_TEXT = st.one_of(TEXT, FORMULA)


def _round_trip(card: object, separator: str) -> object:
    cells = card_cells(card, COLUMNS)  # type: ignore[arg-type]
    header = list(cells)
    with tempfile.TemporaryDirectory() as tmp:
        sheet = Path(tmp) / ("cards.tsv" if separator == "\t" else "cards.csv")
        write_table(sheet, header, [[cells[name] for name in header]], separator=separator)
        table = read_table(sheet)
        report = Report()
        assert not table.findings
        columns = match_header(table, PACK, ImportOptions(), report)
        sheet_card = row_card(table.rows[0], columns, table, PACK, report)
        assert not report.findings and sheet_card is not None
        path = Path(tmp) / "cards.yaml"
        (doc,), findings = load_yaml(path, cards_yaml([sheet_card.data]))
        assert not findings
        return ADAPTER.validate_python(doc.value[0])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=ANY_TEXT.filter(lambda t: t.strip()), flavor=ANY_TEXT, artist=ANY_TEXT, separator=st.sampled_from([",", "\t"])
)
def test_any_text_survives_the_spreadsheet(name: str, flavor: str, artist: str, separator: str) -> None:
    card = ADAPTER.validate_python(
        {
            "id": "any-text",
            "name": name,
            "kind": "spell",
            "set": "BASE",
            "number": 7,
            "rarity": "common",
            "cost": {"powerstones": 2, "influence": 1},
            "text": "Draw a card.\nDraw 2 cards.",
            "flavor": flavor,
            "art": {"file": "a.png", "artist": artist},
            "tags": ["x", "y-z"],
        }
    )
    assert _round_trip(card, separator) == card
