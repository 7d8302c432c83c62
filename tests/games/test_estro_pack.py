"""ESTRO as a game pack: its schema and checks, its numbers and tables, its rules text and its deck rules."""

from __future__ import annotations

import re
import shutil
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from carddb.cards.loading import load_database
from carddb.cli.app import app
from carddb.files.project import Project
from carddb.games.estro.numbers import table_number
from carddb.packs.lookup import get_pack
from carddb.rules.canonical import ability_text
from carddb.rules.problems import Problem
from carddb.rules.text import parse_line, split_abilities

ROOT = Path(__file__).resolve().parents[2]
PACK = get_pack("estro")
runner = CliRunner()

GIFT = """\
- id: brace
  name: Brace
  kind: gift
  estro: ardo
  set: P01
  number: 1
  rarity: common
  atk: 20
  def: 12
  hel: 11
  dex: 9
  map: 8
  tot: 60
  text: |
    When this card attacks, it gets +3 ATK until end of turn.
  flavor: Hot.
"""


def findings(tmp_path: Path, cards: str) -> list[tuple[str, int, str]]:
    data = tmp_path / "data" / "estro"
    (data / "cards").mkdir(parents=True)
    (data / "sets.yaml").write_text("- {code: P01, name: Test, stage: playtest}\n")
    (data / "cards" / "cards.yaml").write_text(cards)
    _, report = load_database(Project.at(tmp_path), PACK)
    return [(f.code, f.span.line if f.span else 0, f.message) for f in report if f.code.startswith("E-")]


def line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_a_well_formed_gift_card_is_clean(tmp_path: Path) -> None:
    assert findings(tmp_path, GIFT) == []


def test_a_wrong_tot_is_located_at_tot_with_the_sum(tmp_path: Path) -> None:
    text = GIFT.replace("tot: 60", "tot: 70")
    assert findings(tmp_path, text) == [
        (
            "E-KIND-RULE",
            line_of(text, "  tot:"),
            "'brace' has TOT 70, but ATK 20 + DEF 12 + HEL 11 + DEX 9 + MAP 8 = 60; TOT is the sum of the five stats",
        )
    ]


def test_an_empty_card_has_no_gift_and_a_gift_card_needs_one(tmp_path: Path) -> None:
    empty = GIFT.replace("kind: gift", "kind: empty")
    found = findings(tmp_path, empty)
    assert [(c, n) for c, n, _ in found] == [("E-KIND-RULE", line_of(empty, "  text:"))]
    assert "Empty card, which has no Gift" in found[0][2]
    no_gift = re.sub(r"  text: \|\n.*\n", "", GIFT)
    found = findings(tmp_path / "b", no_gift)
    assert [c for c, _, _ in found] == ["E-KIND-RULE"] and "needs rules text: its Gift" in found[0][2]


@pytest.mark.parametrize(
    ("field", "value", "code", "words"),
    [
        ("def", "61", "E-OUT-OF-RANGE", "'def' is 61; it must be at most 60"),
        ("deff", "12", "E-UNKNOWN-FIELD", "did you mean 'def'"),
        ("estro", "ardore", "E-BAD-VALUE", "did you mean 'ardo'?"),
        ("atk", "'20'", "E-WRONG-TYPE", "'atk' must be"),
    ],
)
def test_stat_and_estro_fields_are_checked_where_they_are(
    tmp_path: Path, field: str, value: str, code: str, words: str
) -> None:
    key = "def" if field == "deff" else field
    text = re.sub(rf"(?m)^  {key}: .*$", f"  {field}: {value}", GIFT)
    at = line_of(text, f"  {field}:")
    assert [f for f in findings(tmp_path, text) if f[:2] == (code, at) and words in f[2]]


def test_a_zone_card_has_no_stats(tmp_path: Path) -> None:
    zone = textwrap.dedent(
        """\
        - id: piana
          name: Piana
          kind: zone
          estro: ardo
          set: P01
          number: 1
          rarity: common
          atk: 3
          text: Ardo cards get +3 ATK.
          flavor: Flat.
        """
    )
    found = findings(tmp_path, zone)
    assert [(c, n) for c, n, _ in found] == [("E-KIND-RULE", 8)]
    assert "atk is a field of Gift cards, Empty cards" in found[0][2]


def test_gift_text_uses_the_games_own_words(tmp_path: Path) -> None:
    text = GIFT.replace("When this card attacks, it gets +3 ATK until end of turn.", "Deal 2 damage to target card.")
    found = findings(tmp_path, text)
    assert found and found[0][0] in {"E-UNKNOWN-EFFECT", "E-RULES-UNKNOWN-WORD"}
    # a Zone card has no stats to boost
    zone_target = GIFT.replace(
        "When this card attacks, it gets +3 ATK until end of turn.", "Target Zone card gets +3 ATK until end of turn."
    )
    found = findings(tmp_path / "z", zone_target)
    assert [c for c, _, _ in found] == ["E-RULES-WRONG-TARGET"] and "Zone card has no stats" in found[0][2]


def test_the_seeds_numbers_are_the_packs() -> None:
    seed = {
        "players-min": 2,
        "players-max": 2,
        "pool-size": 250,
        "deck-chosen": 20,
        "deck-random": 5,
        "deck-size": 25,
        "opening-hand": 5,
        "hand-size": 5,
        "placements-per-turn": 1,
        "attacks-per-turn": 2,
        "die-sides": 6,
        "die-bonus": 5,
        "primary-factor": 2,
        "field-win-round": 5,
        "final-round": 19,
    }
    assert {key: PACK.number(key) for key in seed} == seed
    assert PACK.number("deck-chosen") + PACK.number("deck-random") == PACK.number("deck-size")
    for number in PACK.numbers:
        assert number.source.startswith(("seed 002", "decision")), number


def test_the_matrix_is_a_cycle_with_a_neutral_ardo_illusio() -> None:
    matrix = PACK.table("interaction-matrix")
    names = [row[0] for row in matrix.rows]
    assert names == ["Ardo", "Granito", "Armonio", "Illusio", "Manpo"]
    cell = {
        (row[0], col.removeprefix("vs ")): table_number(v)
        for row in matrix.rows
        for col, v in zip(matrix.columns[1:], row[1:], strict=True)
    }
    for a in names:
        assert cell[(a, a)] == 0
        assert sorted(cell[(a, b)] for b in names) == [-6, 0, 0, 0, 6]  # beats one, beaten by one
        for b in names:
            assert cell[(a, b)] == -cell[(b, a)]
    assert cell[("Ardo", "Illusio")] == cell[("Illusio", "Ardo")] == 0  # the seed's example shows no bonus
    assert cell[("Granito", "Ardo")] == 6 and cell[("Ardo", "Armonio")] == 6
    faces = {row[0]: row[2] for row in PACK.table("die-faces").rows}
    assert faces == {"Ardo": "1 or 6", "Granito": "2 or 6", "Armonio": "3 or 6", "Illusio": "4 or 6", "Manpo": "5 or 6"}


def test_every_registry_example_parses_checks_and_round_trips() -> None:
    language = PACK.language
    assert language is not None
    for entry in language.registry:
        assert entry.examples, entry.name
        for example in entry.examples:
            for _, line in split_abilities(example):
                ability = parse_line(line, language)
                assert not isinstance(ability, Problem), (entry.name, line, ability)
                assert ability_text(ability, language) == line


def test_deck_check_locates_a_duplicate_and_a_wrong_count(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "data" / "estro", tmp_path / "data" / "estro")
    deck = tmp_path / "data" / "estro" / "decks" / "ozok-fiamma.yaml"
    text = deck.read_text()
    # swap the last card for a second Ozok: 20 cards, one of them twice
    twice = text.replace("  - volpe-bianca\n", "  - ozok\n")
    deck.write_text(twice)
    result = runner.invoke(app, ["deck", "check", str(deck), "--game", "estro", "--project", str(tmp_path)])
    assert result.exit_code == 1
    line = len(twice.splitlines())
    assert f"ozok-fiamma.yaml:{line}:5: E-DECK-RULE 'ozok' is in deck 'ozok-fiamma' 2 times" in result.output
    assert "has 20 chosen cards" not in result.output
    assert result.output.count(" E-") == 1  # one repeated card, one finding (no pool-copies echo)
    # drop a card: 19 chosen cards, reported at the list
    short = text.replace("  - volpe-bianca\n", "")
    deck.write_text(short)
    result = runner.invoke(app, ["deck", "check", str(deck), "--game", "estro", "--project", str(tmp_path)])
    assert result.exit_code == 1
    cards_line = line_of(short, "  - ")
    assert f"ozok-fiamma.yaml:{cards_line}:3: E-DECK-RULE deck 'ozok-fiamma' has 19 chosen cards" in result.output
    # a whole deck (kind: deck) must hold 25
    deck.write_text(text.replace("kind: chosen", "kind: deck"))
    result = runner.invoke(app, ["deck", "check", str(deck), "--game", "estro", "--project", str(tmp_path)])
    assert result.exit_code == 1 and "has 20 cards; a deck has exactly 25" in result.output


def test_a_deck_with_a_typo_still_reports_its_duplicate_and_its_count(tmp_path: Path) -> None:
    """Every error of a deck list in one run: fixing the typo must not reveal two more errors."""
    shutil.copytree(ROOT / "data" / "estro", tmp_path / "data" / "estro")
    deck = tmp_path / "data" / "estro" / "decks" / "ozok-fiamma.yaml"
    text = deck.read_text().replace("  - volpe-bianca\n", "  - ozok\n  - volpe-bianka\n")
    deck.write_text(text)
    result = runner.invoke(app, ["deck", "check", str(deck), "--game", "estro", "--project", str(tmp_path)])
    assert result.exit_code == 1
    assert f"ozok-fiamma.yaml:{len(text.splitlines())}:5: E-DECK-UNKNOWN-CARD" in result.output
    assert "did you mean 'volpe-bianca'" in result.output
    assert f"ozok-fiamma.yaml:{len(text.splitlines()) - 1}:5: E-DECK-RULE 'ozok' is in deck" in result.output
    assert "has 21 chosen cards; a player chooses exactly 20" in result.output
    assert "3 errors" in result.output


def test_the_docs_examples_are_valid_cards_and_its_numbers_are_the_packs(tmp_path: Path) -> None:
    doc = (ROOT / "docs" / "estro.md").read_text()
    examples = re.findall(r"```yaml\n(.+?)```", doc, flags=re.S)
    assert {re.search(r"kind: (\w+)", e).group(1) for e in examples} == {"empty", "zone"}  # type: ignore[union-attr]
    for n, example in enumerate(examples):
        assert (
            findings(tmp_path / str(n), example.replace(re.search(r"number: \d+", example).group(0), "number: 1")) == []
        )  # type: ignore[union-attr]
    rows = re.findall(r"^\| ((?:`[a-z-]+`(?:, )?)+) \| ([\d, ]+) \|", doc, flags=re.M)
    documented = {}
    for ids, values in rows:
        documented.update(zip(re.findall(r"`([a-z-]+)`", ids), (int(v) for v in values.split(", ")), strict=True))
    assert documented == {n.id: n.value for n in PACK.numbers}
    assert f"({len(PACK.language.registry)} entries" in doc  # type: ignore[union-attr]
