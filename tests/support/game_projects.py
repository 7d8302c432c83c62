"""Tiny projects of games declared in game.yaml, for the tests of tests/core."""

from __future__ import annotations

from pathlib import Path

ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#1d6f8a"/></svg>'


def write_game(root: Path, game_id: str, game_yaml: str, cards: str, icons: tuple[str, ...] = ()) -> Path:
    """data/<game_id>/: game.yaml, one playtest set T1, cards.yaml and a plain SVG per icon name."""
    data = root / "data" / game_id
    (data / "cards").mkdir(parents=True)
    (data / "icons").mkdir()
    for name in icons:
        (data / "icons" / f"{name}.svg").write_text(ICON)
    (data / "game.yaml").write_text(game_yaml)
    (data / "sets.yaml").write_text("- {code: T1, name: Test, stage: playtest}\n")
    (data / "cards" / "cards.yaml").write_text(cards)
    return root
