"""ESTRO's rulebook prose: its decisions marked in the one form every pack's rulebook shares, and the
counter-move order told the same way by the rulebook, the glossary and (tests/sim) the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from carddb.packs.lookup import get_pack

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = sorted((ROOT / "data" / "estro" / "rulebook").glob("*.md"))
FORM = "> **Decision:** "


def decision_lines(path: Path) -> list[tuple[int, str]]:
    """Every line that names a decision (`Decision`, `*Decision:*`, `**Decision**`...), with its number."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(n, line) for n, line in enumerate(lines, start=1) if re.search(r"\bdecision\b", line, re.I)]


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_a_decision_is_a_blockquote_that_begins_with_the_shared_mark(path: Path) -> None:
    wrong = [f"{path.name}:{n}: {line[:60]}" for n, line in decision_lines(path) if not line.startswith(FORM)]
    assert wrong == []


def test_the_check_sees_another_form(tmp_path: Path) -> None:
    chapter = tmp_path / "chapter.md"
    chapter.write_text("*Decision:* no Zone.\n\n> **Decision:** no Zone.\n", encoding="utf-8")
    assert [n for n, line in decision_lines(chapter) if not line.startswith(FORM)] == [1]


def test_every_chapter_of_rules_marks_its_decisions() -> None:
    marked = {path.name: sum(line.startswith(FORM) for _, line in decision_lines(path)) for path in CHAPTERS}
    assert sum(marked.values()) >= 14
    for chapter in ("02-the-cards.md", "04-setup.md", "05-the-turn.md", "06-combat.md", "07-gifts.md"):
        assert marked[chapter] >= 1, chapter
    assert "No Zone is active at the start" in (ROOT / "data" / "estro" / "rulebook" / "04-setup.md").read_text()


def test_the_rulebook_and_the_glossary_resolve_the_counter_move_first() -> None:
    gifts = (ROOT / "data" / "estro" / "rulebook" / "07-gifts.md").read_text(encoding="utf-8")
    assert "the latter is resolved first" in gifts  # the seed's words, quoted
    assert "**the counter-move is resolved first**" in gifts
    meanings = {entry.name: entry.meaning for entry in get_pack("estro").registry}
    assert "resolved first" in meanings["counter-move"]
    assert "is resolved before it" in meanings["counter"]
    assert "attacker's Gift it answers is resolved first" not in meanings["counter"]


def test_the_overview_names_both_halves_of_the_draw_out_win() -> None:
    overview = (ROOT / "data" / "estro" / "rulebook" / "01-overview.md").read_text(encoding="utf-8")
    assert "no cards in hand and must draw from an empty deck" in overview


def test_reading_a_card_describes_the_faces_as_printed() -> None:
    cards = (ROOT / "data" / "estro" / "rulebook" / "02-the-cards.md").read_text(encoding="utf-8")
    reading = cards.split("## Reading a Card")[1]
    assert "row of six boxes" in reading and "the sixth, dark box is the TOT" in reading
    assert "column" not in reading and "medallion" not in reading
    face = (ROOT / "templates" / "estro" / "_estro.html").read_text(encoding="utf-8")
    assert face.index('class="chip chip-{{ stat }}') < face.index('class="chip chip-tot"')  # TOT last in the row
