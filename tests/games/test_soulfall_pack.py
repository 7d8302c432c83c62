"""Lords of SoulFall (seed 004) as data: its 55 cards, its double-sided kinds, its numbers and scoring table,
and Worship/Scorned, Agonize/Consecrate in the rules-text vocabulary.

Counts and points are checked against the seed's own list, not against the pack's code.
"""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.cards.rulescheck import rules_problems
from carddb.files.project import Project
from carddb.games.soulfall.numbers import NUMBERS, scoring_table
from carddb.packs.lookup import get_pack
from carddb.rules.ast import ConditionedAbility
from carddb.rules.text import parse_line

REPO = Path(__file__).resolve().parents[2]
PACK = get_pack("soulfall")

# Seed 004, "The Cards" and "Setup": physical cards of each type, and the points of each side.
SEED_COUNTS = {"action": 5, "reference": 2, "temple": 8, "follower": 12, "shell": 12, "lord": 16}
SEED_POINTS = {"follower": 1, "citadel": 3, "shell": 2, "broken-shell": 1, "shrine": 2}


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    database, report = load_database(Project.at(REPO), PACK)
    assert not report.findings, report.format_text()  # clean even under --strict: no warning either
    return database


def test_the_game_holds_the_seeds_55_cards(db: CardDatabase) -> None:
    copies: Counter[str] = Counter()
    for card in db.cards:
        copies[card.kind] += card.copies
    assert dict(copies) == SEED_COUNTS
    assert sum(copies.values()) == 55
    # The rulebook says how many cards of each kind the box holds from the pack's numbers: they are the data's.
    assert {kind: PACK.number(f"{kind}-cards") for kind in SEED_COUNTS} == dict(copies)
    assert PACK.fixed  # every copy of the game holds the same cards


def test_temples_followers_and_shells_are_double_sided_with_the_seeds_points_per_side(db: CardDatabase) -> None:
    sides = {(c.kind, c.back.kind) for c in db.cards if c.back is not None}
    assert sides == {("temple", "shrine"), ("follower", "citadel"), ("shell", "broken-shell")}
    for card in db.cards:
        assert (card.back is not None) == (card.kind in {"temple", "follower", "shell"}), card.id
        for face in card.faces:
            if face.kind in SEED_POINTS:
                assert face.points == SEED_POINTS[face.kind], face.id
    assert {c.back.name for c in db.of_kind("temple") if c.back} == {"Shrine of Solitude"}
    # Shells look alike (a Tribe keeps them secret); what differs is the Broken side.
    shells = db.of_kind("shell")
    assert {c.name for c in shells} == {"Shell"} and len({c.back.text for c in shells if c.back}) == len(shells)


def test_four_lords_each_with_four_states_and_two_temples(db: CardDatabase) -> None:
    assert [f.name for f in PACK.factions] == ["Interloper", "Ruminator", "Propagator", "Sunderer"]
    lords = Counter(c.lord for c in db.of_kind("lord"))
    temples = Counter(c.lord for c in db.of_kind("temple") for _ in range(c.copies))
    assert lords == Counter({f.id: 4 for f in PACK.factions})
    assert temples == Counter({f.id: 2 for f in PACK.factions})


def test_the_scoring_table_is_built_from_the_points_numbers() -> None:
    table = PACK.table("scoring")
    rows = dict(table.rows)
    assert rows == {
        "Each Follower": "1",
        "Each Citadel": "3",
        "Each Shell": "2",
        "Each Broken Shell": "1",
        "Each Shrine of Solitude": "2",
        "Each Temple": "0",
    }
    changed = tuple(replace(n, value=5) if n.id == "points-citadel" else n for n in NUMBERS)
    assert dict(scoring_table(changed).rows)["Each Citadel"] == "5"
    assert PACK.number("shrines-to-end") == 3 and PACK.players == (2, 2)


def test_worship_and_scorned_gate_a_lord_cards_ability() -> None:
    language = PACK.language
    assert language is not None
    parsed = parse_line("Worship - Flourish, Prospect.", language)
    assert isinstance(parsed, ConditionedAbility)
    assert [e.name for e in language.registry.of_role("condition-keyword")] == ["worship", "scorned"]
    assert not rules_problems("Scorned - Each opponent discards a card at random.", language, "lord")
    # Only a Lord card is Worshipped or Scorned; a Temple's Special Ability is not.
    ((problem, _offset),) = rules_problems("Worship - Draw a card.", language, "temple")
    assert problem.code == "E-RULES-KEYWORD-KIND"
    ((problem, _offset),) = rules_problems("Worshp - Flourish.", language, "lord")
    assert problem.code == "E-UNKNOWN-CONDITION" and "Worship" in (problem.hint or problem.message)


def test_agonize_and_consecrate_are_keywords_with_reminder_text() -> None:
    registry = PACK.language.registry  # type: ignore[union-attr]
    for name in ("agonize", "consecrate", "meditate", "flourish", "prospect", "deify", "beseech"):
        entry = registry[name]
        assert entry.role == "keyword" and entry.reminder, name
    # Reminders print the pack's numbers: Meditate draws what the number meditate-draw says.
    assert "{number:meditate-draw}" in registry["meditate"].reminder
    numbers = PACK.language.numbers  # type: ignore[union-attr]
    assert "draw 2 Lord cards" in registry["meditate"].reminder_for({}, numbers)
    assert "draw 4 Lord cards" in registry["meditate"].reminder_for({}, {**numbers, "meditate-draw": 4})


def test_a_side_that_prints_other_points_than_the_scoring_table_is_located(tmp_path: Path) -> None:
    shutil.copytree(REPO / "data" / "soulfall", tmp_path / "data" / "soulfall")
    cards = tmp_path / "data" / "soulfall" / "cards" / "tribe.yaml"
    text = cards.read_text()
    assert "    name: Citadel\n    points: 3\n" in text
    cards.write_text(text.replace("    name: Citadel\n    points: 3\n", "    name: Citadel\n    points: 4\n"))
    _, report = load_database(Project.at(tmp_path), PACK)
    ((finding,),) = [[f for f in report.findings if f.code == "E-KIND-RULE"]]
    line = text.splitlines().index("    name: Citadel") + 2
    assert finding.path == cards and finding.span is not None and finding.span.line == line
    assert finding.message == "a Citadel is worth 3 points in the scoring table, but 'follower/back' prints 4"


# Each decision docs/soulfall.md lists ("Decisions where the seed is silent"), by words of its blockquote.
DECISIONS = (
    "the Sunderer",
    "The abilities of the Lord cards, the Special Abilities of the Temples and the abilities of the Broken Shells",
    "The Special Abilities, one for the Temples of each Lord",
    "The abilities of the Broken Shells are this edition's",
    "names these abilities but does not define them",
    "unless it says **instead**",
    "the youngest player starts",
    "the Shrines of either player end the game",
    "It can: it is simply turned face down",
    "a Temple still in your Tribe at the end scores",
)


def test_every_decision_is_marked_in_the_one_form_every_rulebook_shares() -> None:
    """`> **Decision:** ` opens a blockquote for each decision of this edition; no other marker is left."""
    marked: list[str] = []
    for path in sorted((REPO / "data" / "soulfall" / "rulebook").glob("*.md")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("> **Decision:** "):
                marked.append(line)
            else:
                assert "Decision" not in line and "design is silent" not in line, f"{path.name}: {line}"
    for words in DECISIONS:
        assert sum(words in line for line in marked) == 1, words
    assert len(marked) == len(DECISIONS)
    docs = (REPO / "docs" / "soulfall.md").read_text(encoding="utf-8")
    assert "## Decisions where the seed is silent" in docs and "> **Decision:** " in docs


def test_the_propagator_blooming_reads_flourish_and_prospect_instead_as_the_seeds_example(db: CardDatabase) -> None:
    card = db.by_id("the-propagator-blooming")
    assert card is not None and card.text.splitlines() == [
        "Flourish or Prospect.",
        "Worship - Flourish and Prospect instead.",
    ]
