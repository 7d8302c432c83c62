"""`carddb check`, `carddb effects` and `carddb fmt`, driven through the CLI app."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from carddb.cli.app import app
from carddb.findings.errors import UsageError

runner = CliRunner()

CARDS = """\
# Spells of the test set. This comment must survive formatting.
- id: shout
  name: Shout
  kind: spell
  set: BASE
  number: 1
  rarity: common
  cost: {powerstones: 1, influence: 1}  # flow style stays flow style
  text: |
    you draw a card.
    deal 2 damage to target duke.
  flavor: "Loud."
- id: whisper
  name: Whisper
  kind: spell
  set: BASE
  number: 2
  rarity: common
  cost: 1
  text: Draw a card.
  flavor: "Quiet."
- id: quoted
  name: Quoted
  kind: spell
  set: BASE
  number: 3
  rarity: common
  cost: 1
  text: "Counter   target spell."
  flavor: 'Single.'
"""

BROKEN = """\
- id: broken
  name: Broken
  kind: spell
  set: BASE
  number: 4
  rarity: common
  cost: 1
  text: Dance wildly.
"""


def _project(tmp_path: Path, *files: tuple[str, str]) -> Path:
    cards = tmp_path / "data" / "loe" / "cards"
    cards.mkdir(parents=True)
    (tmp_path / "data" / "loe" / "sets.yaml").write_text("- code: BASE\n  name: Base\n  stage: playtest\n")
    for name, text in files:
        (cards / name).write_text(text)
    return tmp_path


def test_check_prints_the_ast_and_the_canonical_text() -> None:
    result = runner.invoke(app, ["check", "spend 1 influence: deal 2 damage to target duke."])
    assert result.exit_code == 0, result.output
    assert "ActivatedAbility" in result.output
    assert "Selector(det=target, noun=duke)" in result.output
    assert "canonical: Spend 1 Influence: Deal 2 damage to target Duke." in result.output


def test_check_reports_located_errors_with_a_caret() -> None:
    text = "Deal 2 damage to target Resource."
    result = runner.invoke(app, ["check", "--kind", "spell", text])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith("<text>:1:18: E-TARGET-NO-HEALTH 'target Resource' cannot be dealt damage")
    assert lines[1].strip() == text
    assert lines[2].index("^") - lines[1].index("D") == text.index("target Resource")


def test_check_uses_the_kind_for_kind_rules() -> None:
    assert runner.invoke(app, ["check", "Tribute 1"]).exit_code == 0
    result = runner.invoke(app, ["check", "--kind", "spell", "Tribute 1"])
    assert result.exit_code == 1
    assert "E-RULES-KEYWORD-KIND" in result.output


def test_check_reports_each_line_of_several_abilities() -> None:
    result = runner.invoke(app, ["check", "--kind", "duke", "Ambush\\nSpend 1 Gold: Draw a card."])
    assert result.exit_code == 1
    assert "<text>:2:9: E-RULES-UNKNOWN-RESOURCE" in result.output


def test_check_refuses_an_unknown_kind() -> None:
    result = runner.invoke(app, ["check", "--kind", "dragon", "Draw a card."])
    assert isinstance(result.exception, UsageError)


def test_effects_lists_every_registry_entry() -> None:
    from carddb.games.loe.vocabulary import loe_rules

    result = runner.invoke(app, ["effects"])
    assert result.exit_code == 0
    for entry in loe_rules().registry:
        assert entry.name in result.output
    assert f"{len(loe_rules().registry)} entries of Lords of Estraven" in result.output


def test_effects_filters_by_role() -> None:
    result = runner.invoke(app, ["effects", "--role", "keyword"])
    assert result.exit_code == 0
    assert "7 entries" in result.output
    assert "Tribute {amount}" in result.output


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    return _project(tmp_path, ("spells.yaml", CARDS))


def test_fmt_check_lists_non_canonical_cards_and_exits_1(project: Path) -> None:
    before = (project / "data/loe/cards/spells.yaml").read_text()
    result = runner.invoke(app, ["fmt", "--check", "--project", str(project)])
    assert result.exit_code == 1
    assert "shout: not canonical" in result.output
    assert "quoted: not canonical" in result.output
    assert "whisper" not in result.output
    assert "+ Deal 2 damage to target Duke." in result.output
    assert (project / "data/loe/cards/spells.yaml").read_text() == before


def test_fmt_rewrites_only_the_text_fields(project: Path) -> None:
    path = project / "data/loe/cards/spells.yaml"
    before = path.read_text().splitlines()
    result = runner.invoke(app, ["fmt", "--project", str(project)])
    assert result.exit_code == 0, result.output
    assert "2 cards formatted" in result.output
    after = path.read_text().splitlines()
    changed = [(b, a) for b, a in zip(before, after, strict=True) if b != a]
    assert changed == [
        ("    you draw a card.", "    Draw a card."),
        ("    deal 2 damage to target duke.", "    Deal 2 damage to target Duke."),
        ('  text: "Counter   target spell."', '  text: "Counter target Spell."'),
    ]
    assert runner.invoke(app, ["fmt", "--check", "--project", str(project)]).exit_code == 0


def test_fmt_leaves_broken_text_alone_and_exits_1(tmp_path: Path) -> None:
    project = _project(tmp_path, ("broken.yaml", BROKEN))
    result = runner.invoke(app, ["fmt", "--project", str(project)])
    assert result.exit_code == 1
    assert "broken: rules text has errors" in result.output
    assert (project / "data/loe/cards/broken.yaml").read_text() == BROKEN


def test_fmt_handles_single_card_files_and_several_documents(tmp_path: Path) -> None:
    single = "# one card\nid: lone\nname: Lone\nkind: spell\nset: BASE\nnumber: 5\nrarity: common\ncost: 1\ntext: 'draw a card.'\n"
    several = (
        "id: first\nname: First\nkind: spell\nset: BASE\nnumber: 6\nrarity: common\ncost: 1\ntext: Draw a card.\n"
        "---\n"
        "id: second\nname: Second\nkind: spell\nset: BASE\nnumber: 7\nrarity: common\ncost: 1\n"
        "text: |\n  gain 2 powerstones.\n"
    )
    project = _project(tmp_path, ("single.yaml", single), ("several.yaml", several))
    result = runner.invoke(app, ["fmt", "--project", str(project)])
    assert result.exit_code == 0, result.output
    cards = project / "data/loe/cards"
    assert (cards / "single.yaml").read_text() == single.replace("'draw a card.'", "'Draw a card.'")
    assert (cards / "several.yaml").read_text() == several.replace("gain 2", "Gain 2")


def test_fmt_keeps_the_file_permissions(tmp_path: Path) -> None:
    project = _project(tmp_path, ("spells.yaml", CARDS))
    path = project / "data/loe/cards/spells.yaml"
    path.chmod(0o644)
    assert runner.invoke(app, ["fmt", "--project", str(project)]).exit_code == 0
    assert path.stat().st_mode & 0o777 == 0o644
