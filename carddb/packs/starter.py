"""`carddb new`: a starter project a designer can build at once and then make their own.

Without a game, the project declares its own game in `data/<id>/game.yaml` (carddb's
bundled starter, templates/starter/, with the id and name taken from the folder). With
`--game ID`, it is a project for that installed pack, copied from the pack's own
starter folder (`GamePack.starter`). Either way it holds sets, a few cards of each kind,
boosters, a deck, rules prose and a README, and `carddb validate --strict` and
`carddb build` pass on it as written.

A folder that already holds files is refused unless the caller says so (`force`), and
even then no existing file is overwritten: a user's files are never lost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from carddb.files.atomic import write_bytes
from carddb.files.templating import BUNDLED_TEMPLATES
from carddb.findings.errors import UsageError
from carddb.packs.pack import GamePack

GAME_STARTER = BUNDLED_TEMPLATES / "starter"
# Words the starter files write where the new game's id and name go.
ID_TOKEN = "GAME_ID"
NAME_TOKEN = "GAME_NAME"
TEXT_SUFFIXES = {".yaml", ".yml", ".md", ".txt", ".svg", ".html", ".css"}


@dataclass
class StarterResult:
    root: Path
    game_id: str
    written: list[Path] = field(default_factory=list)
    kept: list[Path] = field(default_factory=list)  # files that were there already and were left alone


def game_id_for(folder: Path) -> str:
    """A game id from a folder name: 'My Game' -> 'my-game'."""
    return re.sub(r"[^a-z0-9]+", "-", folder.resolve().name.lower()).strip("-")


def write_starter(
    target: Path, *, pack: GamePack | None = None, taken_ids: tuple[str, ...] = (), force: bool = False
) -> StarterResult:
    """Write the starter project into `target`: the pack's if given, else a game.yaml game."""
    if target.exists() and not target.is_dir():
        raise UsageError(f"{target} is a file, not a folder")
    if target.is_dir() and any(target.iterdir()) and not force:
        raise UsageError(
            f"{target} is not empty; carddb new writes into a new or empty folder "
            "(--force writes beside the files there, never over one)"
        )
    if pack is not None:
        if pack.starter is None or not pack.starter.is_dir():
            raise UsageError(f"the game pack '{pack.id}' ships no starter project; start from its documentation")
        source, game_id, name = pack.starter, pack.id, pack.name
    else:
        source, game_id = GAME_STARTER, game_id_for(target)
        if not game_id:
            raise UsageError(f"cannot make a game id from the folder name '{target.name}'; name it with letters")
        if game_id in taken_ids:
            raise UsageError(
                f"'{game_id}' is the id of an installed game pack; for a project of that game run "
                f"carddb new {target} --game {game_id}, or choose another folder name for your own game"
            )
        name = " ".join(word.capitalize() for word in game_id.split("-"))
    result = StarterResult(target.resolve(), game_id)
    try:
        _copy(source, result, name)
    except OSError as exc:  # under a file, on a read-only disk...: the user's to fix, not a bug
        raise UsageError(f"cannot write the starter project into {target}: {exc.strerror or exc}") from None
    return result


def _copy(source: Path, result: StarterResult, name: str) -> None:
    game_id = result.game_id
    for file in sorted(p for p in source.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        relative = Path(str(file.relative_to(source)).replace(ID_TOKEN, game_id))
        destination = result.root / relative  # resolved: `carddb new .` names its files relative to the root
        if destination.exists():
            result.kept.append(destination)
            continue
        data = file.read_bytes()
        if file.suffix in TEXT_SUFFIXES:
            data = data.decode("utf-8").replace(ID_TOKEN, game_id).replace(NAME_TOKEN, name).encode("utf-8")
        write_bytes(destination, data)
        result.written.append(destination)
