"""A game.yaml game's own words for core verbs (`verbs: [{word: banish, is: destroy}]`): its cards say every
form of the core verb in the game's word, `carddb fmt` keeps that word, `carddb effects` lists the wordings,
and a wrong declaration is a located game.yaml error. Built from the `carddb new` starter, as a designer would."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_vocabulary import GAME, cli, data, edit

VERB = "  pair: [attack, defense]"
KEPT = "    draw: [Draw a card.]\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / GAME
    code, out = cli("new", str(root))
    assert code == 0, out
    game = data(root, "game.yaml")
    edit(game, VERB, "  verbs: [{word: quest}, {word: banish, is: destroy}]\n" + VERB)
    edit(
        game,
        KEPT,
        KEPT + '    destroy: [Destroy a Creature.]\n    destroyed: ["When this Creature is destroyed, draw a card."]\n',
    )
    return root


def game_error(root: Path) -> str:
    code, out = cli("validate", "--project", str(root))
    assert code != 0
    return out


def test_cards_say_the_core_verb_in_the_game_s_word_and_fmt_keeps_it(project: Path) -> None:
    tactics, creatures = data(project, "cards/tactics.yaml"), data(project, "cards/creatures.yaml")
    edit(tactics, "  text: Scorch a Creature.", "  text: banish a creature.")
    edit(creatures, "  text: Haste\n", "  text: When this Creature is banished, draw a card.\n")
    code, out = cli("validate", "--strict", "--project", str(project))
    assert (code, out.strip()) == (0, "0 errors, 0 warnings")
    code, out = cli("fmt", "--check", "--project", str(project))
    assert code == 1 and "+ Banish a Creature." in out  # canonical capitals, the game's word kept
    cli("fmt", "--project", str(project))
    assert "  text: Banish a Creature." in tactics.read_text(encoding="utf-8")
    assert "  text: When this Creature is banished, draw a card." in creatures.read_text(encoding="utf-8")


def test_effects_lists_the_game_s_wordings_under_the_core_phrases(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(project)
    code, out = cli("effects")
    assert code == 0
    rows = out.splitlines()
    destroy = next(i for i, row in enumerate(rows) if row.split()[:1] == ["destroy"])
    assert "banish {target}" in rows[destroy + 1]
    assert any("{target} is banished" in row for row in rows)


def test_an_unknown_core_verb_is_located_and_the_core_verbs_named(project: Path) -> None:
    game = data(project, "game.yaml")
    edit(game, "is: destroy}", "is: destory}")
    out = game_error(project)
    assert "E-GAME-FILE 'destory' is not a core verb" in out
    assert "did you mean 'destroy'?" in out and "core verbs: destroy, exile, sacrifice, put-into-play" in out
    line = next(n for n, text in enumerate(game.read_text(encoding="utf-8").splitlines(), 1) if "destory" in text)
    assert f"game.yaml:{line}:" in out


def test_a_verb_whose_core_phrases_the_game_does_not_keep_is_located(project: Path) -> None:
    edit(data(project, "game.yaml"), "is: destroy}", "is: exile}")
    out = game_error(project)
    assert "the game keeps none of the core phrases 'exile' has, so 'banish' says nothing" in out
    assert "keep one of them under core: (exile, cost-exile)" in out


def test_a_verb_that_is_the_core_s_own_word_is_located(project: Path) -> None:
    edit(data(project, "game.yaml"), "{word: banish, is: destroy}", "{word: Destroy, is: destroy}")
    out = game_error(project)
    assert "'Destroy' is already how the core says 'destroy'" in out
