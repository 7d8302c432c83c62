"""Bad rules text: each case asserts the finding code and the column of the offending word.

The expected column is where the offending word (last field) sits in the text,
so each case states *which word* is wrong, not a number copied from the output.
`END` means the end of the line (an unfinished sentence).
"""

from __future__ import annotations

import pytest

from carddb.cards.rulescheck import rules_problems
from carddb.findings.codes import CODES
from carddb.games.loe.vocabulary import loe_rules

BAD = [
    ("spell", "Deal 2 damage to target Resource.", "E-TARGET-NO-HEALTH", "target Resource"),
    ("spell", "Deal 2 damage to target Item.", "E-TARGET-NO-HEALTH", "target Item"),
    ("spell", "Deal 2 damage to target Ritual.", "E-TARGET-NO-HEALTH", "target Ritual"),
    ("spell", "Deal 2 damage to target player.", "E-TARGET-NO-HEALTH", "target player"),
    ("spell", "Deal 2 damage to each opponent.", "E-TARGET-NO-HEALTH", "each opponent"),
    ("spell", "Deal 1 damage to all Materials.", "E-TARGET-NO-HEALTH", "all Materials"),
    ("spell", "Remove 2 damage from target Item.", "E-TARGET-NO-HEALTH", "target Item"),
    ("ritual", "Items you control get +1 health.", "E-TARGET-NO-HEALTH", "Items you control"),
    ("spell", "Draw a card. Deal 3 damage to target Spell.", "E-TARGET-NO-HEALTH", "target Spell"),
    ("spell", "Counter target Item.", "E-COUNTER-TARGET", "target Item"),
    ("spell", "Counter target Duke.", "E-COUNTER-TARGET", "target Duke"),
    ("spell", "Counter target Resource.", "E-COUNTER-TARGET", "target Resource"),
    ("spell", "Counter target player.", "E-COUNTER-TARGET", "target player"),
    ("spell", "Destroy target player.", "E-RULES-WRONG-TARGET", "target player"),
    ("spell", "Target Duke draws a card.", "E-RULES-WRONG-TARGET", "Target Duke"),
    ("spell", "Spend target Duke.", "E-RULES-WRONG-TARGET", "target Duke"),
    ("spell", "Couple target Duke to target character you control.", "E-RULES-WRONG-TARGET", "target Duke"),
    ("spell", "Move target Item to target Resource.", "E-RULES-WRONG-TARGET", "target Resource"),
    ("spell", "Turn target Item face down.", "E-RULES-WRONG-TARGET", "target Item"),
    ("spell", "Target Item loses 1 powerstone.", "E-RULES-WRONG-TARGET", "Target Item"),
    ("reaction", "Counter target Spell.", "E-REACTION-TIMING", "Counter"),
    ("reaction", "Draw a card.", "E-REACTION-TIMING", "Draw"),
    ("spell", "Reaction - When an opponent plays a Spell: Counter it.", "E-TIMING-NOT-REACTION", "Reaction"),
    ("duke", "Reaction - When an opponent plays a Spell: Draw a card.", "E-TIMING-NOT-REACTION", "Reaction"),
    ("spell", "Win if you control three or more Dukes.", "E-RULES-WRONG-KIND", "Win"),
    ("duke", "Win if you control three or more Dukes.", "E-RULES-WRONG-KIND", "Win"),
    ("spell", "Coupled character gets +2 health.", "E-RULES-WRONG-KIND", "Coupled"),
    ("duke", "Coupled character cannot be targeted by Spells.", "E-RULES-WRONG-KIND", "Coupled"),
    ("victory", "Draw a card.", "E-RULES-WRONG-KIND", "Draw"),
    ("spell", "Pay 1 powerstone: Draw a card.", "E-RULES-COST-KIND", "Pay"),
    (
        "reaction",
        "Reaction - When an opponent plays a Spell: Counter it. Pay 1 powerstone: Draw a card.",
        "E-RULES-SYNTAX",
        "Pay",
    ),
    ("victory", "Spend 1 Subject: Draw a card.", "E-RULES-COST-KIND", "Spend"),
    ("spell", "Draw a card. Activate only once per turn.", "E-RULES-MISPLACED", "Activate"),
    ("ritual", "Activate only during your turn.", "E-RULES-MISPLACED", "Activate"),
    ("spell", "Tribute 2", "E-RULES-KEYWORD-KIND", "Tribute"),
    ("duke", "Tribute 1", "E-RULES-KEYWORD-KIND", "Tribute"),
    ("spell", "Ambush", "E-RULES-KEYWORD-KIND", "Ambush"),
    ("lord", "Ambush", "E-RULES-KEYWORD-KIND", "Ambush"),
    ("duke", "Loyal", "E-RULES-KEYWORD-KIND", "Loyal"),
    ("item", "Armor 2", "E-RULES-KEYWORD-KIND", "Armor"),
    ("duke", "Armor 1, Loyal", "E-RULES-KEYWORD-KIND", "Loyal"),
    ("duke", "Ward", "E-RULES-KEYWORD-PARAM", "Ward"),
    ("duke", "Ward.", "E-RULES-KEYWORD-PARAM", "Ward"),
    ("duke", "Armor 1, Ward", "E-RULES-KEYWORD-PARAM", "Ward"),
    ("resource", "Tribute", "E-RULES-KEYWORD-PARAM", "Tribute"),
    ("lord", "Armor, Ambush", "E-RULES-KEYWORD-PARAM", "Armor"),
    ("duke", "Flying", "E-UNKNOWN-KEYWORD", "Flying"),
    ("duke", "Ambush, Flying", "E-UNKNOWN-KEYWORD", "Flying"),
    ("duke", "Damage Reduction 2", "E-UNKNOWN-KEYWORD", "Damage"),
    ("reaction", "Reacton - When an opponent plays a Spell: Counter it.", "E-UNKNOWN-CONDITION", "Reacton"),
    ("duke", "Spend 1 Gold: Draw a card.", "E-RULES-UNKNOWN-RESOURCE", "Gold"),
    ("duke", "Spend 2 Mana: Draw a card.", "E-RULES-UNKNOWN-RESOURCE", "Mana"),
    ("lord", "Pay 1 powerstone, spend 1 Wood: Gain 2 powerstones.", "E-RULES-UNKNOWN-RESOURCE", "Wood"),
    ("spell", "Deal 2 damage to target Dragon.", "E-RULES-UNKNOWN-KIND", "Dragon"),
    ("spell", "Destroy all Creatures.", "E-RULES-UNKNOWN-KIND", "Creatures"),
    ("spell", "Destroy target Warrior an opponent controls.", "E-RULES-UNKNOWN-KIND", "Warrior"),
    ("spell", "Dael 2 damage to target Duke.", "E-UNKNOWN-EFFECT", "Dael"),
    ("spell", "Swap target Duke with target Duke.", "E-UNKNOWN-EFFECT", "Swap"),
    ("spell", "Draw a card. Scry 2.", "E-UNKNOWN-EFFECT", "Scry"),
    ("item", "When you play a Spell, mill 2 cards.", "E-UNKNOWN-EFFECT", "mill"),
    ("duke", "Pay 1 powerstone: Sacrifice target Duke.", "E-UNKNOWN-EFFECT", "Sacrifice"),
    ("spell", "Deal two damage to tagret Duke.", "E-RULES-UNKNOWN-WORD", "tagret"),
    ("spell", "Gain 2 mana.", "E-RULES-UNKNOWN-WORD", "mana"),
    ("spell", "Draw 2 cardz.", "E-RULES-UNKNOWN-WORD", "cardz"),
    ("spell", "Destroy target fatiqued Resource.", "E-RULES-UNKNOWN-WORD", "fatiqued"),
    ("spell", "Draw 0 cards.", "E-RULES-WRONG-ARGUMENT", "0"),
    ("spell", "Deal 0 damage to target Duke.", "E-RULES-WRONG-ARGUMENT", "0"),
    ("duke", "Pay 0 powerstones: Draw a card.", "E-RULES-WRONG-ARGUMENT", "0"),
    ("spell", "Counter it.", "E-RULES-AMBIGUOUS", "it"),
    ("spell", "Its controller draws a card.", "E-RULES-AMBIGUOUS", "Its controller"),
    ("spell", "That player discards a card.", "E-RULES-AMBIGUOUS", "That player"),
    ("spell", "Draw two cards", "E-RULES-SYNTAX", "END"),
    ("spell", "Deal 2 damage to target Duke!", "E-RULES-SYNTAX", "!"),
    ("spell", "Deal 2 damage to target Duke and draw a card.", "E-RULES-SYNTAX", "and"),
    ("spell", "Deal 2 damage target Duke.", "E-RULES-SYNTAX", "target"),
    ("spell", "When you play a Resource draw a card.", "E-RULES-SYNTAX", "draw"),
    ("spell", "Deal 2 damage to to target Duke.", "E-RULES-SYNTAX", "to target"),
    ("reaction", "Reaction - When an opponent plays a Spell Counter it.", "E-RULES-SYNTAX", "Counter"),
]


def _column(text: str, word: str) -> int:
    return len(text) + 1 if word == "END" else text.index(word) + 1


@pytest.mark.parametrize(("kind", "text", "code", "word"), BAD, ids=[f"{c}:{t[:40]}" for _, t, c, _ in BAD])
def test_bad_rules_text_is_reported_at_the_offending_word(kind: str, text: str, code: str, word: str) -> None:
    problems = rules_problems(text, loe_rules(), kind)
    assert problems, "expected a finding"
    problem, offset = problems[0]
    assert problem.code == code, problem.message
    assert offset + problem.start + 1 == _column(text, word)
    assert problem.code in CODES
    if word != "END":
        assert problem.end - problem.start >= 1


def test_there_are_at_least_sixty_bad_cases() -> None:
    assert len(BAD) >= 60
    assert len({code for _, _, code, _ in BAD}) >= 15


def test_no_health_message_names_the_selector_and_the_reason() -> None:
    problem, _ = rules_problems("Deal 2 damage to target Resource.", loe_rules(), "spell")[0]
    assert problem.message == "'target Resource' cannot be dealt damage: a Resource has no health"


def test_unknown_effect_suggests_the_closest_phrasings() -> None:
    problem, _ = rules_problems("Dael 2 damage to target Duke.", loe_rules(), "spell")[0]
    assert problem.hint is not None
    assert "Deal 2 damage to target Duke" in problem.hint


def test_unknown_keyword_suggests_a_close_keyword() -> None:
    problem, _ = rules_problems("Armour 1", loe_rules(), "duke")[0]
    assert problem.code == "E-UNKNOWN-KEYWORD"
    assert problem.hint == "did you mean 'Armor'?"


def test_unknown_resource_lists_the_games_resources() -> None:
    problem, _ = rules_problems("Spend 1 Gold: Draw a card.", loe_rules(), "duke")[0]
    assert "Subject, Material, Influence" in problem.message


def test_misspelt_word_suggests_the_word_expected_there() -> None:
    problem, _ = rules_problems("Deal two damage to tagret Duke.", loe_rules(), "spell")[0]
    assert problem.hint is not None and "'target'" in problem.hint


def test_every_line_is_checked_and_reported() -> None:
    text = "Draw a card.\nDeal 2 damage to target Item.\nCounter target Duke."
    problems = rules_problems(text, loe_rules(), "spell")
    assert [p.code for p, _ in problems] == ["E-TARGET-NO-HEALTH", "E-COUNTER-TARGET"]
    assert [text[o + p.start : o + p.end] for p, o in problems] == ["target Item", "target Duke"]


def test_kind_checks_are_skipped_when_the_kind_is_unknown() -> None:
    assert rules_problems("Win if you control three or more Dukes.", loe_rules(), None) == []
