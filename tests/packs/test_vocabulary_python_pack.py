"""A Python pack declares its rules language in game.yaml's form: a YAML file read with
`pack_api.vocabulary_language`, the pack giving the kinds and stats."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from carddb.cli.app import app
from carddb.findings.errors import LocatedError
from carddb.pack_api import Problem, parse_line, vocabulary_language
from carddb.packs.gamefile import load_game_file
from carddb.rules.canonical import ability_text

VOCABULARY = """\
vocabulary:
  zones: [{word: deck}, {word: hand}, {word: discard pile, is: discard}]
  resources: [{word: energy}]
  keywords:
    - {keyword: "Shield {number}", kinds: [creature], reminder: "Prevent {number} damage."}
  core:
    draw: [Draw a card.]
    deal-damage: [Deal 2 damage to a Creature.]
    then: ["Deal 1 damage to a Creature, then draw a card."]
  phrases:
    - {phrase: "Scorch {target}", means: "Deal 1 damage to {target}, then draw a card.", examples: [Scorch a Creature.]}
"""


@pytest.fixture
def pack(tmp_path: Path):  # type: ignore[no-untyped-def]
    # The pack's kinds and stats: the starter's, loaded without its own vocabulary.
    root = tmp_path / "game"
    assert CliRunner().invoke(app, ["new", str(root)]).exit_code == 0
    game = root / "data" / "game" / "game.yaml"
    text = game.read_text()
    game.write_text(text[: text.index("vocabulary:")])
    return load_game_file(game, "game")


def test_a_python_pack_reads_its_vocabulary_from_a_yaml_file(tmp_path: Path, pack) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "rules.yaml"
    path.write_text(VOCABULARY)
    language = vocabulary_language(path, pack)
    ability = parse_line("scorch a creature.", language)
    assert not isinstance(ability, Problem)
    assert ability_text(ability, language) == "Scorch a Creature."
    assert isinstance(parse_line("Shield energy", language), Problem)
    assert isinstance(parse_line("Explode a Creature.", language), Problem)


def test_a_problem_of_the_file_is_located_in_it(tmp_path: Path, pack) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "rules.yaml"
    path.write_text(VOCABULARY.replace("    draw: [", "    drawing: ["))
    with pytest.raises(LocatedError) as caught:
        vocabulary_language(path, pack)
    (finding,) = caught.value.findings
    assert finding.code == "E-UNKNOWN-EFFECT" and finding.path == path
    assert finding.span is not None and finding.span.line == 7  # the line of `drawing:`
    assert finding.hint is not None and "draw" in finding.hint


def test_a_meaning_that_is_not_core_rules_text_names_its_role(tmp_path: Path, pack) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "rules.yaml"
    path.write_text(VOCABULARY.replace("    then: [", "    draw-until: ["))
    with pytest.raises(LocatedError) as caught:
        vocabulary_language(path, pack)
    messages = [f.message for f in caught.value.findings]
    assert any("what 'Scorch {target}' means is not core rules text of an effect" in m for m in messages), messages
