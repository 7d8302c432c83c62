"""Rules-text findings point at the exact word inside the YAML file, whatever the scalar style."""

from __future__ import annotations

from pathlib import Path

import pytest

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Finding
from carddb.packs.lookup import get_pack

SETS = "- code: BASE\n  name: Base\n  stage: playtest\n"

CARDS = """\
# one spell per scalar style; each has one bad damage target
- id: block-literal
  name: Block Literal
  kind: spell
  set: BASE
  number: 1
  rarity: common
  cost: 1
  flavor: f
  text: |
    Draw a card.
    Deal 2 damage to target Item.
- id: plain-scalar
  name: Plain Scalar
  kind: spell
  set: BASE
  number: 2
  rarity: common
  cost: 1
  flavor: f
  text: Deal 2 damage to target Item.
- id: double-quoted
  name: Double Quoted
  kind: spell
  set: BASE
  number: 3
  rarity: common
  cost: 1
  flavor: f
  text: "Draw a card. Deal 2 damage to target Item."
- id: single-quoted
  name: Single Quoted
  kind: spell
  set: BASE
  number: 4
  rarity: common
  cost: 1
  flavor: f
  text: 'Look at target opponent''s hand. Deal 2 damage to target Item.'
- id: plain-folded
  name: Plain Folded
  kind: spell
  set: BASE
  number: 5
  rarity: common
  cost: 1
  flavor: f
  text: Draw a card. Deal 2 damage
    to target Item.
- id: escaped-newline
  name: Escaped Newline
  kind: spell
  set: BASE
  number: 6
  rarity: common
  cost: 1
  flavor: f
  text: "Draw a card.\\nDeal 2 damage to target Item."
- id: folded-block
  name: Folded Block
  kind: spell
  set: BASE
  number: 7
  rarity: common
  cost: 1
  flavor: f
  text: >-
    Draw a card.
    Deal 2 damage to target Item.
- id: block-with-comment
  name: Block With Comment
  kind: spell
  set: BASE
  number: 8
  rarity: common
  cost: 1
  flavor: f
  text: |-  # the second ability is wrong
      Draw a card.

      Deal 2 damage to target Item.
"""

SINGLE = """\
id: single-card
name: Single Card
kind: duke
set: BASE
number: 9
rarity: rare
cost: 2
health: 4
flavor: f
text: |
  Ward 1
  Spend 1 Gold: Draw a card.
"""


@pytest.fixture(scope="module")
def findings(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Finding]:
    root = tmp_path_factory.mktemp("project")
    cards = root / "data" / "loe" / "cards"
    cards.mkdir(parents=True)
    (root / "data" / "loe" / "sets.yaml").write_text(SETS)
    (cards / "spells.yaml").write_text(CARDS)
    (cards / "single.yaml").write_text(SINGLE)
    _, report = load_database(Project.at(root), get_pack("loe"))
    rules = [f for f in report if f.code.startswith(("E-TARGET", "E-RULES"))]
    return {_card_at(f): f for f in rules}


def _card_at(finding: Finding) -> str:
    assert finding.path is not None and finding.span is not None
    lines = finding.path.read_text().splitlines()
    for number in range(finding.span.line - 1, -1, -1):
        line = lines[number].strip()
        if line.startswith(("- id:", "id:")):
            return line.split(":", 1)[1].strip()
    raise AssertionError("finding outside any card")


def _where(path: Path, needle: str, occurrence: int) -> tuple[int, int]:
    """Line and column of the n-th occurrence of `needle` in the file (1-based)."""
    seen = 0
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        start = 0
        while (col := line.find(needle, start)) >= 0:
            seen += 1
            if seen == occurrence:
                return number, col + 1
            start = col + 1
    raise AssertionError(f"{needle!r} not found")


@pytest.mark.parametrize(
    ("card", "occurrence"),
    [
        ("block-literal", 1),
        ("plain-scalar", 2),
        ("double-quoted", 3),
        ("single-quoted", 4),
        ("plain-folded", 5),
        ("escaped-newline", 6),
        ("folded-block", 7),
        ("block-with-comment", 8),
    ],
)
def test_finding_points_at_the_bad_target_in_the_file(findings: dict[str, Finding], card: str, occurrence: int) -> None:
    finding = findings[card]
    assert finding.code == "E-TARGET-NO-HEALTH"
    assert finding.path is not None and finding.span is not None
    line, col = _where(finding.path, "target Item", occurrence)
    assert (finding.span.line, finding.span.col) == (line, col)
    assert finding.span.end_col - finding.span.col == len("target Item")


def test_single_card_file_block_scalar_second_line(findings: dict[str, Finding]) -> None:
    finding = findings["single-card"]
    assert finding.code == "E-RULES-UNKNOWN-RESOURCE"
    assert finding.path is not None and finding.span is not None
    assert (finding.span.line, finding.span.col) == _where(finding.path, "Gold", 1)


def test_validate_prints_the_source_line_and_a_caret_under_the_word(findings: dict[str, Finding]) -> None:
    from carddb.findings.diagnostics import Report

    finding = findings["plain-folded"]
    text = Report(findings=[finding]).format_text()
    assert text.splitlines()[1].strip() == "to target Item."
    caret = text.splitlines()[2]
    assert caret.strip() == "^" * len("target Item")
    assert caret.index("^") == text.splitlines()[1].index("target Item")
