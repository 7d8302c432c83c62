"""Which game packs exist, and which one a command is about.

Packs come from two places: installed distributions that declare an entry point in
the group `carddb.games` (see `carddb.packs.plugins`; carddb's own `loe` and `loe2` are
declared the same way in its pyproject.toml), and a project's own games, declared in
`data/<id>/game.yaml` (see `carddb.packs.gamefile`). A pack is loaded when it is asked for:
a command about one game does not pay for building every other game's card models
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

from carddb.files.project import CONFIG_FILE, Project
from carddb.files.yamlsource import escape_finding
from carddb.findings.diagnostics import Finding, Span
from carddb.findings.errors import LocatedError, UsageError
from carddb.packs.gamefile import game_file, load_game_file
from carddb.packs.pack import GamePack
from carddb.packs.plugins import PackSource, PluginError, load_installed, scan_installed


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
    declared = project_game_file(project, game_id)
    if declared is not None:
        return _load_declared(declared, game_id)
    if game_id not in scan_installed().sources:
        known = installed_ids() + (project_game_ids(project) if project else [])
        raise UsageError(f"unknown game '{game_id}' (installed game packs: {', '.join(sorted(known)) or 'none'})")
    return load_installed(game_id)


def project_game_file(project: Project | None, game_id: str) -> Path | None:
    if project is None:
        return None
    path = game_file(project.root / "data" / game_id)
    return path if path.is_file() else None


def project_game_ids(project: Project) -> list[str]:
    return [g for g in project.game_folders() if project_game_file(project, g) is not None]


def _load_declared(path: Path, game_id: str) -> tuple[GamePack, PackSource]:
    source = PackSource(game_id, declared_in=path, line=1)
    installed = scan_installed().sources.get(game_id)
    if installed is not None:
        raise LocatedError(
            [
                Finding(
                    "E-GAME-FILE",
                    f"this project declares a game '{game_id}', but the installed pack "
                    f"'{game_id}' ({installed[0].origin}) has that id",
                    path,
                    Span.point(1, 1),
                    hint="rename the folder data/" + game_id + "/ to give the project's game its own id",
                )
            ]
        )
    # path is <project>/data/<id>/game.yaml: a game.yaml that links out of the project is not read.
    escape = escape_finding(path, path.parents[2])
    if escape is not None:
        raise LocatedError([escape])
    return load_game_file(path, game_id), source


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
    for game_id in project_game_ids(project) if project is not None else []:
        path = project_game_file(project, game_id)
        assert path is not None
        try:
            pack, source = _load_declared(path, game_id)
        except LocatedError as exc:
            entries.append(PackEntry(PackSource(game_id, declared_in=path, line=1), problem=exc.findings[0]))
            problems.extend(exc.findings)
            continue
        entries.append(PackEntry(source, pack))
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
