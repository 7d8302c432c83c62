"""The 'game.yaml plus Python' pack: kinds and numbers from the file, a checked rules-text language from Python."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from support.game_projects import write_game

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.errors import LocatedError
from carddb.pack_api import (
    CoreNouns,
    Noun,
    RulesLanguage,
    Vocabulary,
    build_registry,
    check_card_rules,
    core_entries,
    hybrid_pack,
)

GAME = textwrap.dedent("""\
    name: Tide
    kinds:
      - id: ship
        label: Ship
        description: Sails.
        fields:
          cost: {type: number, min: 0, max: 9}
      - id: order
        label: Order
        description: Once.
    numbers:
      - {id: hand-size, value: 6, label: cards in hand}
    """)
CARDS = textwrap.dedent("""\
    - {id: sloop, name: Sloop, kind: ship, set: T1, number: 1, rarity: common, cost: 2, text: Draw a card.}
    - {id: broadside, name: Broadside, kind: order, set: T1, number: 2, rarity: common, text: Deal 2 damage to target Ship.}
    - {id: mutiny, name: Mutiny, kind: order, set: T1, number: 3, rarity: common, text: Dral a card.}
    """)


def tide_language() -> RulesLanguage:
    vocabulary = Vocabulary(
        nouns=(
            Noun("ship", "Ship", "Ships"),
            Noun("card", "card", "cards", capitalised=False),
            Noun("player", "player", "players", capitalised=False),
            Noun("opponent", "opponent", "opponents", capitalised=False),
        ),
        adjectives=(),
        fixed_selectors=(("this-card", "this card"), ("it", "it"), ("you", "you")),
        postfixes=(),
        resources=(),
        icons={},
        activatable_kinds=frozenset({"ship"}),
    )
    nouns = CoreNouns(
        players=frozenset({"player", "opponent", "you"}),
        with_health=frozenset({"ship", "it", "this-card"}),
        counterable=frozenset(),
        permanents=frozenset({"ship", "it", "this-card"}),
    )
    examples = {"draw": ("Draw a card.",), "deal-damage": ("Deal 2 damage to target Ship.",)}
    return RulesLanguage(vocabulary, build_registry("tide", core_entries(nouns, examples)))


def test_a_hybrid_pack_keeps_the_files_declarations_and_checks_rules_text(tmp_path: Path) -> None:
    root = write_game(tmp_path, "tide", GAME, CARDS)
    pack = hybrid_pack(
        root / "data" / "tide" / "game.yaml", "tide", language=tide_language(), card_checks=(check_card_rules,)
    )
    assert pack.kind_ids == ("ship", "order") and pack.number("hand-size") == 6  # from the file
    assert {e.name for e in pack.registry} == {"draw", "deal-damage"}  # from Python
    db, report = load_database(Project.at(root), pack)
    assert {c.id for c in db.cards} == {"sloop", "broadside", "mutiny"}
    (error,) = report.errors  # only the misspelt sentence, on its line, with the phrasing meant
    assert (error.code, error.span.line if error.span else 0) == ("E-UNKNOWN-EFFECT", 3)
    assert error.hint is not None and "Draw a card" in error.hint


def test_a_part_that_is_no_pack_field_is_refused(tmp_path: Path) -> None:
    root = write_game(tmp_path, "tide", GAME, CARDS)
    with pytest.raises(TypeError, match="langauge is not a GamePack field"):
        hybrid_pack(root / "data" / "tide" / "game.yaml", "tide", langauge=tide_language())


def test_a_broken_file_is_a_located_error(tmp_path: Path) -> None:
    root = write_game(tmp_path, "tide", GAME.replace("label: Ship", "lable: Ship"), CARDS)
    with pytest.raises(LocatedError) as raised:
        hybrid_pack(root / "data" / "tide" / "game.yaml", "tide", language=tide_language())
    assert "'lable' is not a field of a card kind; did you mean 'label'" in str(raised.value)
