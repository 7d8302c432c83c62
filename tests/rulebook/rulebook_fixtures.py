"""A tiny LOE fixture project for the rulebook, and a build read back as text and outline."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
from PIL import Image
from pypdf import PdfReader

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.rulebook.build import Rulebook, build_rulebook
from carddb.rules.registry import EffectRegistry

REPO = Path(__file__).resolve().parents[2]

FIXTURE_CARDS = """\
- id: test-lord
  name: Marden the Grey
  kind: lord
  province: veldmoor
  set: TST
  number: 1
  rarity: rare
  health: 20
  text: |
    Pay 1 powerstone: Draw a card. Activate only once per turn.
  flavor: "He hears everything twice."
- id: test-duke
  name: Duke of Reeds
  kind: duke
  province: veldmoor
  set: TST
  number: 2
  rarity: uncommon
  cost: {powerstones: 2, subject: 1}
  health: 6
  text: |
    Ambush
  flavor: "Nobody saw him arrive."
- id: test-spell
  name: Marsh Fire
  kind: spell
  province: ashmarch
  set: TST
  number: 3
  rarity: common
  cost: 2
  copies: 3
  text: |
    Deal 2 damage to target Duke.
  flavor: "The reeds burn green."
- id: test-victory
  name: The Drowned Crown
  kind: victory
  set: TST
  number: 4
  rarity: mythic
  text: |
    Win if you control three or more Dukes.
  flavor: "Wear it, and the marsh obeys."
"""

FIXTURE_RULES = {
    "01-first-steps.md": """\
# First Steps

Welcome. Each player pays costs with powerstones {powerstone} and spends Subjects {subject}.

{card:test-lord} {card:test-duke}

## The Spell

A Spell such as {card:test-spell} is cast on your turn. See [the glossary](#glossary) and [the council](02-the-council.md).

{card:test-spell}
""",
    "02-the-council.md": """\
# The Council

![The table at the start of a game](pictures/table.png)

## Winning

Play {card:test-victory} when its condition is met.

{card:test-victory}
""",
}


def write_fixture_project(root: Path, rules: dict[str, str] | None = None) -> Project:
    data = root / "data" / "loe"
    (data / "cards").mkdir(parents=True)
    (data / "rulebook").mkdir()
    (data / "sets.yaml").write_text("- code: TST\n  name: Test Set\n  stage: playtest\n", encoding="utf-8")
    (data / "cards" / "cards.yaml").write_text(FIXTURE_CARDS, encoding="utf-8")
    for name, text in (rules if rules is not None else FIXTURE_RULES).items():
        (data / "rulebook" / name).write_text(text, encoding="utf-8")
    (data / "rulebook" / "pictures").mkdir()
    Image.new("RGB", (300, 120), "#3a6b52").save(data / "rulebook" / "pictures" / "table.png")
    return Project.at(root)


def keyword_registry(reminders: dict[str, str]) -> EffectRegistry:
    """LOE's keywords only (a short glossary), with some reminder texts replaced."""
    real = get_pack("loe").registry
    entries = tuple(dataclasses.replace(e, reminder=reminders.get(e.name, e.reminder)) for e in real.of_role("keyword"))
    return EffectRegistry("loe", entries)


@dataclass
class Built:
    db: CardDatabase
    report: Report
    book: Rulebook
    pages: list[str]  # text of each PDF page in reading (drawing) order, whitespace collapsed
    lines: list[list[str]]  # text lines of each PDF page as they look, top to bottom
    reader: PdfReader

    def outline(self) -> list[tuple[str, int, int]]:
        """(title, 1-based page, depth) of every PDF bookmark, in order."""
        out: list[tuple[str, int, int]] = []

        def walk(items: list, depth: int) -> None:
            for item in items:
                if isinstance(item, list):
                    walk(item, depth + 1)
                else:
                    out.append((str(item.title), self.reader.get_destination_page_number(item) + 1, depth))

        walk(self.reader.outline, 1)
        return out


def build(project: Project, paper: str = "a5", registry: EffectRegistry | None = None) -> Built:
    db, load_report = load_database(project, get_pack("loe"))
    assert not load_report.errors, load_report.format_text()
    report = Report(root=project.root)
    book = build_rulebook(db, report, paper=paper, registry=registry)
    assert not report.errors, report.format_text()
    assert book.pdf is not None
    # pdfplumber reads lines as they look (contents, running heads, folios); pypdf reads in drawing order,
    # which keeps the two columns of an A4 glossary apart.
    with pdfplumber.open(book.pdf) as pdf:
        lines = [(page.extract_text() or "").splitlines() for page in pdf.pages]
    reader = PdfReader(book.pdf)
    pages = [" ".join(page.extract_text().split()) for page in reader.pages]
    return Built(db, report, book, pages, lines, reader)
