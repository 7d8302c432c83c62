"""ESTRO combat: the seed's worked example step by step, and every other branch of the five steps.

Expected values come from seed 002 (Ozok, Ardo, TOT 72, ATK 16 attacks Thofa,
Illusio, TOT 76, DEX 28: 2 × 28 + 1 = 57, Thofa survives) or are worked out by
hand from the pack's printed matrix (+6 against the estro you beat) and die faces.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.games.estro.combat import Combatant, CombatError, resolve_combat
from carddb.games.estro.schema import Fighter
from carddb.packs.lookup import get_pack
from carddb.packs.pack import GameTable

ROOT = Path(__file__).resolve().parents[2]
PACK = get_pack("estro")


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    db, report = load_database(Project.at(ROOT), PACK)
    assert not report.errors, report.format_text()
    return db


def fighter(db: CardDatabase, card_id: str) -> Fighter:
    card = db.by_id(card_id)
    assert isinstance(card, Fighter)
    return card


def plain(name: str, estro: str, primary: str, value: int, tot: int, **kw: object) -> Combatant:
    """A card whose primary stat is `value` and whose TOT is `tot` (the rest spread over one other stat)."""
    stats = dict.fromkeys(("atk", "def", "hel", "dex", "map"), 0)
    stats[primary] = value
    stats["map" if primary != "map" else "atk"] += tot - value
    return Combatant(name, estro, {**stats, "tot": tot}, **kw)  # type: ignore[arg-type]


def test_ozok_and_thofa_are_the_seeds_cards(db: CardDatabase) -> None:
    ozok, thofa = fighter(db, "ozok"), fighter(db, "thofa")
    assert (ozok.estro, ozok.tot, ozok.atk) == ("ardo", 72, 16)  # type: ignore[attr-defined]
    assert (thofa.estro, thofa.tot, thofa.dex) == ("illusio", 76, 28)  # type: ignore[attr-defined]


def test_the_seeds_combat_example_step_by_step(db: CardDatabase) -> None:
    # Rolls that favour neither: 3 is Armonio's face, 2 is Granito's.
    attacker = Combatant.of(fighter(db, "ozok"), roll=3)
    defender = Combatant.of(fighter(db, "thofa"), roll=2)
    result = resolve_combat(PACK, attacker, defender)
    steps = {s.number: s for s in result.steps}
    assert [s.number for s in result.steps] == [1, 2, 3, 4, 5]
    assert steps[1].text == "Ozok (Ardo) 72, Thofa (Illusio) 76."
    # Ardo and Illusio are not neighbours in the cycle: the seed shows no matrix bonus here.
    assert steps[2].text == "Ardo against Illusio +0; Illusio against Ardo +0. Ozok 72, Thofa 76."
    assert steps[3].text == (
        "Ozok rolls 3, not a bonus face (1 or 6): no bonus. Thofa rolls 2, not a bonus face (4 or 6): no bonus. "
        "Ozok 72, Thofa 76."
    )
    assert steps[4].text == (
        "Ozok's ATK 16 against double+1 of Thofa's DEX 28 (2 × 28 + 1 = 57): no (16 < 57). Compare the TOT."
    )
    assert steps[5].text == "Ozok 72 | Thofa 76. Ozok loses (72 < 76). Thofa survives; Ozok is not destroyed."
    assert (result.attacker_tot, result.defender_tot) == (72, 76)
    assert not result.defender_destroyed and result.reason == "tot"


def test_the_rulebook_tells_the_same_example(db: CardDatabase) -> None:
    result = resolve_combat(PACK, Combatant.of(fighter(db, "ozok")), Combatant.of(fighter(db, "thofa")))
    chapter = next((ROOT / "data" / "estro" / "rulebook").glob("*combat.md")).read_text()
    assert "{card:ozok}" in chapter and "{card:thofa}" in chapter
    # (the chapter prints the double rule's factor from the pack: {number:primary-factor} is 2)
    printed = chapter.replace("{number:primary-factor}", str(PACK.number("primary-factor")))
    for fact in ("2 × 28 + 1 = 57", "16 < 57", "72 < 76", "Thofa survives"):
        assert fact in printed
        assert fact in result.explain()


def test_the_matrix_moves_both_tots() -> None:
    # Granito beats Ardo: the Granito attacker gets +6, the Ardo defender -6; 70 + 6 = 76 > 80 - 6 = 74.
    attacker = plain("Masso", "granito", "def", 25, 70)
    defender = plain("Fiamma", "ardo", "atk", 25, 80)
    result = resolve_combat(PACK, attacker, defender)
    assert (result.attacker_tot, result.defender_tot) == (76, 74)
    assert result.defender_destroyed and result.reason == "tot"
    # the other way round, the Ardo attacker is the one that pays
    back = resolve_combat(PACK, defender, attacker)
    assert (back.attacker_tot, back.defender_tot) == (74, 76) and not back.defender_destroyed


def test_a_bonus_face_adds_the_die_bonus() -> None:
    attacker = plain("A", "armonio", "hel", 20, 70, roll=3)  # 3 is Armonio's face: +5
    defender = plain("B", "illusio", "dex", 20, 74, roll=6)  # 6 favours every estro: +5
    result = resolve_combat(PACK, attacker, defender)
    assert (result.attacker_tot, result.defender_tot) == (75, 79)
    extra = resolve_combat(PACK, dataclasses.replace(attacker, roll=2, extra_faces=(2,)), defender)
    assert extra.attacker_tot == 75  # a Gift's extra face counts like the estro's own


def test_more_than_double_the_primary_stat_wins_whatever_the_tot() -> None:
    thofa = plain("Thofa", "illusio", "dex", 28, 76)
    at_57 = resolve_combat(PACK, plain("Brute", "ardo", "atk", 57, 57), thofa)
    assert at_57.defender_destroyed and at_57.reason == "double-primary"
    assert [s.number for s in at_57.steps] == [1, 2, 3, 4]  # no TOT comparison
    # exactly double (56) is not more than double: the TOT decides, and 56 < 76
    at_56 = resolve_combat(PACK, plain("Brute", "ardo", "atk", 56, 56), thofa)
    assert not at_56.defender_destroyed and at_56.reason == "tot"
    # a Gift can switch the rule off for its card
    guarded = resolve_combat(PACK, plain("Brute", "ardo", "atk", 57, 57), dataclasses.replace(thofa, no_double=True))
    assert not guarded.defender_destroyed


def test_a_face_down_defender_is_always_defeated() -> None:
    result = resolve_combat(
        PACK, plain("Small", "manpo", "map", 10, 30), plain("Big", "granito", "def", 40, 95, face_down=True)
    )
    assert result.defender_destroyed and result.reason == "face-down"
    assert "defeated in any case" in result.explain()


def test_a_tie_is_withstood_unless_the_attacker_wins_ties() -> None:
    attacker = plain("A", "ardo", "atk", 22, 70)
    defender = plain("B", "illusio", "dex", 22, 70)
    tie = resolve_combat(PACK, attacker, defender)
    assert not tie.defender_destroyed and tie.reason == "tie"
    assert "withstands the attack" in tie.explain()
    won = resolve_combat(PACK, dataclasses.replace(attacker, wins_ties=True), defender)
    assert won.defender_destroyed


def test_gift_stat_changes_move_the_tot(db: CardDatabase) -> None:
    # "When this card attacks, it gets +6 ATK until end of turn": Ozok 72 + 6 = 78 > 76.
    result = resolve_combat(
        PACK, Combatant.of(fighter(db, "ozok"), changes={"atk": 6}), Combatant.of(fighter(db, "thofa"))
    )
    assert result.attacker_tot == 78 and result.defender_destroyed
    # a TOT change moves the TOT alone: the primary stat (ATK 16) is unchanged for the double rule
    assert Combatant.of(fighter(db, "ozok"), changes={"tot": 4}).stats["atk"] == 16


def test_attacks_the_rules_forbid_are_refused() -> None:
    with pytest.raises(CombatError, match="face down"):
        resolve_combat(PACK, plain("A", "ardo", "atk", 20, 60, face_down=True), plain("B", "manpo", "map", 20, 60))
    with pytest.raises(CombatError, match="faces 1 to 6"):
        resolve_combat(PACK, plain("A", "ardo", "atk", 20, 60, roll=7), plain("B", "manpo", "map", 20, 60))


def test_the_resolver_reads_the_packs_matrix() -> None:
    """Change the printed table and the resolver follows it: there is no second copy in code."""
    matrix = PACK.table("interaction-matrix")
    rows = tuple(
        (
            row[0],
            *(
                "+10" if row[0] == "Ardo" and column == "vs Illusio" else cell
                for column, cell in zip(matrix.columns[1:], row[1:], strict=True)
            ),
        )
        for row in matrix.rows
    )
    tables = tuple(dataclasses.replace(t, rows=rows) if t.id == matrix.id else t for t in PACK.tables)
    changed = dataclasses.replace(PACK, tables=tables)
    assert isinstance(changed.table("interaction-matrix"), GameTable)
    result = resolve_combat(changed, plain("Ozok", "ardo", "atk", 16, 72), plain("Thofa", "illusio", "dex", 28, 76))
    assert result.attacker_tot == 82 and result.defender_destroyed
