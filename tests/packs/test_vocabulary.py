"""A game.yaml's vocabulary: the starter `carddb new` writes declares one, and its rules text is then checked,
formatted, listed, glossed and printed like a Python pack's, with no Python written.

Every test builds the starter project and changes what it needs in its files, as a designer would.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from carddb.cli.app import app
from carddb.findings.errors import CarddbError
from carddb.packs.gamefile import load_game_file

GAME = "ember-tide"


def cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    if isinstance(result.exception, CarddbError):
        return result.exception.exit_code, f"carddb: {result.exception}"
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / GAME
    code, out = cli("new", str(root))
    assert code == 0, out
    return root


def data(root: Path, name: str) -> Path:
    return root / "data" / GAME / name


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def findings(root: Path) -> list[str]:
    code, out = cli("validate", "--project", str(root))
    assert code != 0
    return [line for line in out.splitlines() if re.match(r"\S+:\d+:\d+: [EW]-", line)]


def test_the_starter_declares_a_vocabulary_and_its_cards_use_it(project: Path) -> None:
    pack = load_game_file(data(project, "game.yaml"), GAME)
    assert pack.language is not None
    declared = {e.name for e in pack.language.registry if not e.core}
    assert {"kw-haste", "kw-shield"} <= declared
    assert len([e for e in pack.language.registry if e.means]) == 3  # phrases of its own, built from core parts
    code, out = cli("validate", "--strict", "--project", str(project))
    assert (code, out.strip()) == (0, "0 errors, 0 warnings")
    assert not list(project.rglob("*.py"))  # no Python was written


def test_a_misspelt_keyword_is_located_and_the_closest_one_suggested(project: Path) -> None:
    cards = data(project, "cards/creatures.yaml")
    edit(cards, "  text: Haste\n", "  text: Hastee\n")
    (finding,) = findings(project)
    assert finding.startswith(f"{cards.relative_to(project)}:14:9: E-UNKNOWN-KEYWORD 'Hastee' is not a keyword")
    _, out = cli("validate", "--project", str(project))
    assert "did you mean 'Haste'?" in out


def test_a_keyword_parameter_of_the_wrong_type_is_located(project: Path) -> None:
    cards = data(project, "cards/creatures.yaml")
    edit(cards, "    Shield 1\n", "    Shield energy\n")
    (finding,) = findings(project)
    assert "E-RULES-KEYWORD-PARAM the keyword 'Shield' needs a number, e.g. 'Shield 1'" in finding
    assert finding.startswith(f"{cards.relative_to(project)}:30:5:")


def test_a_keyword_on_a_kind_that_may_not_carry_it_names_the_kinds(project: Path) -> None:
    cards = data(project, "cards/tactics.yaml")
    edit(cards, "  text: Scorch a Creature.\n", "  text: Haste\n")
    (finding,) = findings(project)
    assert "E-RULES-KEYWORD-KIND the keyword 'Haste' is for Creatures, not a Tactic" in finding


def test_an_unknown_phrase_is_located_with_the_closest_phrasings(project: Path) -> None:
    cards = data(project, "cards/tactics.yaml")
    edit(cards, "  text: Scorch a Creature.\n", "  text: Scorhc a Creature.\n")
    (finding,) = findings(project)
    assert finding.startswith(f"{cards.relative_to(project)}:11:9: E-UNKNOWN-EFFECT no effect of this game reads")
    _, out = cli("validate", "--project", str(project))
    assert "Scorch a Creature" in out  # the closest phrasing


def test_keywords_written_as_sentences_are_told_to_use_commas(project: Path) -> None:
    cards = data(project, "cards/creatures.yaml")
    edit(cards, "    Shield 1\n", "    Shield 1. Haste.\n")
    (finding,) = findings(project)
    assert "keywords on one line are separated by commas, not periods" in finding
    _, out = cli("validate", "--project", str(project))
    assert "write 'Shield 1, Haste'" in out


def test_fmt_writes_the_declared_phrases_canonically(project: Path) -> None:
    cards = data(project, "cards/tactics.yaml")
    edit(cards, "  text: Scorch a Creature.\n", "  text: scorch  a creature.\n")
    code, out = cli("fmt", "--check", "--project", str(project))
    assert code == 1 and "+ Scorch a Creature." in out
    code, _ = cli("fmt", "--project", str(project))
    assert code == 0 and "  text: Scorch a Creature.\n" in cards.read_text()


def test_effects_lists_the_core_phrases_kept_the_keywords_and_the_game_s_own(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(project)
    code, out = cli("effects")
    assert code == 0
    for phrasing in (
        "Scorch {target}",
        "Gives {number} {resource} each turn",
        "Shield {number}",
        "Draw {amount} card(s)",
    ):
        assert phrasing in out


def test_the_rulebook_glosses_and_the_faces_print_reminder_text(project: Path) -> None:
    code, out = cli("build", "--project", str(project), "-j", "1")
    assert code == 0, out
    output = project / "output" / GAME
    html = (output / "rulebook.html").read_text()
    glossary = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html[html.index('id="glossary"') :]))
    assert "Shield number Prevent the first number damage dealt to this creature each turn." in glossary
    assert "Scorch target Means: Deal 1 damage to target, then draw a card." in glossary
    face = (output / "site" / "cards" / "reef-warden.html").read_text()
    assert "(Prevent the first 1 damage dealt to this creature each turn.)" in face


def test_game_yaml_problems_in_the_vocabulary_are_located(project: Path) -> None:
    game = data(project, "game.yaml")
    edit(game, "    - phrase: Scorch {target}\n", "    - phrase: Scorch {victim}\n")
    edit(game, "    draw: [Draw a card.]\n", "    drawing: [Draw a card.]\n    draw: [Draw a card.]\n")
    edit(game, "      means: you have 5 or more cards in hand\n", "      means: you have five cards, ish\n")
    code, out = cli("validate", "--project", str(project))
    assert code != 0
    lines = out.splitlines()
    assert any(re.match(r".*game\.yaml:\d+:\d+: E-GAME-FILE '\{victim\}' has no type", line) for line in lines), out
    assert any("E-UNKNOWN-EFFECT 'drawing' is not a core phrase" in line for line in lines), out
    assert any("did you mean 'draw'" in line for line in lines), out


def test_a_meaning_that_is_not_core_rules_text_is_located(project: Path) -> None:
    game = data(project, "game.yaml")
    edit(game, "      means: you have 5 or more cards in hand\n", "      means: the moon is full\n")
    code, out = cli("validate", "--project", str(project))
    assert code != 0
    assert re.search(
        r"game\.yaml:\d+:\d+: E-\S+ what 'the tide is high' means is not core rules text of a condition", out
    )


def test_a_game_without_a_vocabulary_keeps_free_text(project: Path) -> None:
    game = data(project, "game.yaml")
    text = game.read_text()
    game.write_text(text[: text.index("vocabulary:")])
    edit(
        data(project, "cards/tactics.yaml"),
        "  text: Scorch a Creature.\n",
        "  text: Anything at all, free as before.\n",
    )
    code, out = cli("validate", "--strict", "--project", str(project))
    assert (code, out.strip()) == (0, "0 errors, 0 warnings")


def test_an_adjective_of_two_words_is_read_in_rules_text(project: Path) -> None:
    # `most powerful` is two words of the text: it used to be one terminal the lexer never made.
    edit(data(project, "game.yaml"), "vocabulary:", "vocabulary:\n  adjectives: [most powerful]")
    cards = data(project, "cards/tactics.yaml")
    edit(cards, "  text: Scorch a Creature.\n", "  text: Deal 2 damage to the Most  Powerful creature.\n")
    code, out = cli("fmt", "--project", str(project))
    assert code == 0, out
    assert "  text: Deal 2 damage to the most powerful Creature.\n" in cards.read_text()
    assert cli("validate", "--strict", "--project", str(project)) == (0, "0 errors, 0 warnings\n")


def test_a_word_where_nothing_may_come_is_told_with_the_closest_phrasings(project: Path) -> None:
    # After a keyword, no phrase of the game continues: the parser expects nothing, so the message
    # must not end in an empty "expected" list.
    cards = data(project, "cards/creatures.yaml")
    edit(cards, "  text: Haste\n", "  text: Haste. Draw a card.\n")
    (finding,) = findings(project)
    assert "E-RULES-SYNTAX 'Draw' cannot come here: no phrase of this game continues this way" in finding
    _, out = cli("validate", "--project", str(project))
    assert "hint: closest known phrasings: Draw a card" in out
    assert not re.search(r"expected\s*$", out, re.MULTILINE)


def test_a_keyword_or_phrase_for_an_unknown_kind_is_located(project: Path) -> None:
    game = data(project, "game.yaml")
    edit(game, "    - keyword: Haste\n      kinds: [creature]\n", "    - keyword: Haste\n      kinds: [creatur]\n")
    edit(game, "      kinds: [terrain]\n", "      kinds: [terain]\n")
    code, out = cli("validate", "--project", str(project))
    assert code != 0
    for wrong, right in (("creatur", "creature"), ("terain", "terrain")):
        assert any(
            re.match(rf".*game\.yaml:\d+:\d+: .*'{wrong}' is not a kind of this game.*", line)
            for line in out.splitlines()
        ), out
        assert f"did you mean '{right}'" in out, out
