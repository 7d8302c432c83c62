"""docs/new-game.md shows the very files the tests build: the starter's game.yaml and the fixture pack."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "new-game.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", DOC, flags=re.S)


def blocks(language: str) -> list[str]:
    return [text for lang, text in BLOCKS if lang == language]


def test_the_game_yaml_example_is_what_carddb_new_writes() -> None:
    starter = (ROOT / "templates" / "starter" / "data" / "GAME_ID" / "game.yaml").read_text(encoding="utf-8")
    assert blocks("yaml") == [starter.replace("GAME_ID", "my-game").replace("GAME_NAME", "My Game")]


def test_the_python_pack_example_is_the_fixture_the_tests_install() -> None:
    fixture = ROOT / "tests" / "fixtures" / "orbit_pack"
    assert blocks("toml") == [(fixture / "pyproject.toml").read_text(encoding="utf-8")]
    assert blocks("python")[:2] == [
        (fixture / "orbit_pack" / "__init__.py").read_text(encoding="utf-8"),
        (fixture / "orbit_pack" / "rules.py").read_text(encoding="utf-8"),
    ]


def test_the_hybrid_example_imports_only_what_the_pack_api_exports() -> None:
    import ast

    import carddb.pack_api as api

    (hybrid,) = blocks("python")[2:]
    imported = [
        (node.module, alias.name)
        for node in ast.walk(ast.parse(hybrid))
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("carddb")
        for alias in node.names
    ]
    assert imported and all(module == "carddb.pack_api" and name in api.__all__ for module, name in imported)


def test_every_game_yaml_key_is_explained() -> None:
    from carddb.packs.gamefile import CardField, CardKind, GameDeclaration

    table = DOC[DOC.index("| key | what it declares |") :]
    for name in GameDeclaration.model_fields:
        assert f"`{name}`" in table, name
    for name in (*CardKind.model_fields, *CardField.model_fields):
        assert f"`{name}`" in DOC, name
