"""Fuzz tests (a few hundred inputs each): the rules-text checker and the YAML card loader never crash.

Every input ends located (findings, each with a line and column) or clean. `bench/fuzz_inputs.py`
runs the same targets on 10^5 inputs and prints the counts.
"""

from __future__ import annotations

from fuzz_targets import fuzz_rules, fuzz_yaml, rules_inputs, yaml_inputs
from hypothesis import HealthCheck, given, settings

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)


@FUZZ
@given(rules_inputs())
def test_rules_text_ends_located_or_clean(case: tuple[str, str, str | None]) -> None:
    game, text, kind = case
    assert fuzz_rules(game, text, kind) in ("located", "clean")


@FUZZ
@given(yaml_inputs())
def test_card_yaml_ends_located_or_clean(case: tuple[str, str]) -> None:
    game, text = case
    assert fuzz_yaml(game, text) in ("located", "clean")


def test_the_targets_tell_both_endings_apart() -> None:
    assert fuzz_rules("loe", "Draw a card.", "spell") == "clean"
    assert fuzz_rules("loe", "Draw a {{card}}.", "spell") == "located"
    assert fuzz_yaml("loe", "- id: [unclosed\n") == "located"
    assert fuzz_yaml("loe", "# nothing\n") == "clean"
