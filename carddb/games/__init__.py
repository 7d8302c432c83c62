"""Which game packs exist, and which one a command is about.

Packs are installed distributions that declare an entry point in the group
`carddb.games` (see `carddb.plugins`); carddb's own `loe` and `loe2` are declared
the same way in its pyproject.toml. A pack is imported when it is asked for: a
command about one game does not pay for building every other game's card models
and grammar (LOE v2 costs about 40 ms).

The game of a command is `--game ID`; without it, the project's carddb.yaml
(`game: ID`); without that, the only game folder under data/; outside a project,
the only installed pack. No game is the default because of its name.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from carddb.diagnostics import Finding
from carddb.errors import UsageError
from carddb.gamepack import GamePack
from carddb.plugins import PackSource, PluginError, load_installed, scan_installed
from carddb.project import CONFIG_FILE, Project


def installed_ids() -> list[str]:
    return sorted(scan_installed().sources)


def default_game(project: Project | None) -> str:
    """The game a command is about when it is given no --game (see the module docstring)."""
    if project is not None:
        configured = project.configured_game()
        if configured:
            return configured
        folders = project.game_folders()
        if len(folders) == 1:
            return folders[0]
        if folders:
            raise UsageError(
                f"{project.root} holds several games ({', '.join(folders)}); pass --game ID, "
                f"or name the default in {CONFIG_FILE} (game: ID)"
            )
    ids = installed_ids()
    if len(ids) == 1:
        return ids[0]
    where = f"no game folder under {project.root / 'data'}" if project is not None else "no project"
    raise UsageError(
        f"{where}, so carddb cannot tell which game you mean; pass --game ID (installed game packs: {', '.join(ids)})"
    )


def get_pack(game_id: str | None, project: Project | None = None) -> GamePack:
    """The pack `game_id` (or the default game of `project`); a broken plugin is a located PluginError."""
    return resolve_pack(game_id, project)[0]


def resolve_pack(game_id: str | None, project: Project | None = None) -> tuple[GamePack, PackSource]:
    if game_id is None:
        game_id = default_game(project)
    if game_id not in scan_installed().sources:
        raise UsageError(f"unknown game '{game_id}' (installed game packs: {', '.join(installed_ids()) or 'none'})")
    return load_installed(game_id)


@dataclass(frozen=True)
class PackEntry:
    """One line of `carddb games`: a pack that loads, or the finding that says why it does not."""

    source: PackSource
    pack: GamePack | None = None
    problem: Finding | None = None

    @property
    def version(self) -> str:
        if self.pack is not None and self.pack.version:
            return self.pack.version
        return self.source.dist_version


def pack_entries(project: Project | None = None) -> tuple[list[PackEntry], list[Finding]]:
    """Every pack, loaded (imports them all), and the problems of those that cannot be used."""
    scan = scan_installed()
    entries: list[PackEntry] = []
    problems = list(scan.problems)
    for game_id in sorted(scan.sources):
        source = scan.sources[game_id][0]
        try:
            pack, source = load_installed(game_id)
        except PluginError as exc:
            entries.append(PackEntry(source, problem=exc.finding))
            problems.append(exc.finding)
            continue
        entries.append(PackEntry(source, pack))
    return entries, problems


def pack_folder(pack: GamePack) -> Path | None:
    """The folder of the module that defines an installed pack (what `carddb serve` watches for edits)."""
    found = scan_installed().sources.get(pack.id)
    if found is None:
        return None
    module = sys.modules.get(found[1].module)
    origin = getattr(module, "__file__", None)
    return Path(origin).resolve().parent if origin else None


def all_packs() -> dict[str, GamePack]:
    """Every installed pack that loads, by id (imports them all)."""
    return {e.pack.id: e.pack for e in pack_entries()[0] if e.pack is not None}


def __getattr__(name: str) -> Any:
    # GAME_PACKS is still importable by name, built on first use.
    if name == "GAME_PACKS":
        return all_packs()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
