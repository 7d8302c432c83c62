"""Where a project keeps its files: data/<game>/, templates/<game>/, output/<game>/.

carddb works on the project in the current directory (or --project DIR). Every
path a card or template names is resolved here and must stay inside the project.

A project may name its default game in `carddb.yaml` (`game: ID`); without one, the
default is the only game folder under data/ (see `carddb.packs.lookup.default_game`).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from carddb.findings.diagnostics import Finding
from carddb.findings.errors import LocatedError, ProjectError
from carddb.packs.pack import GamePack

CONFIG_FILE = "carddb.yaml"
_GAME_ID = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")


@dataclass(frozen=True)
class Project:
    root: Path

    @classmethod
    def at(cls, root: Path | None) -> Project:
        path = (root or Path.cwd()).resolve()
        if not path.is_dir():
            raise ProjectError(f"project folder {path} does not exist")
        return cls(path)

    def data_dir(self, pack: GamePack) -> Path:
        return self.root / "data" / pack.id

    def cards_dir(self, pack: GamePack) -> Path:
        return self.data_dir(pack) / "cards"

    def art_dir(self, pack: GamePack) -> Path:
        return self.data_dir(pack) / "art"

    def rulebook_dir(self, pack: GamePack) -> Path:
        """The rulebook's prose chapters: data/<game>/rulebook/, or data/<game>/rules/ in a project made
        before carddb 0.2 named it so (`legacy_rulebook_dir` says which)."""
        folder = self.data_dir(pack) / "rulebook"
        legacy = self.legacy_rulebook_dir(pack)
        return legacy if legacy is not None else folder

    def legacy_rulebook_dir(self, pack: GamePack) -> Path | None:
        """data/<game>/rules/, when a project still keeps its prose there and has no rulebook/ folder."""
        folder, legacy = self.data_dir(pack) / "rulebook", self.data_dir(pack) / "rules"
        return legacy if legacy.is_dir() and not folder.exists() else None

    def templates_dir(self) -> Path:
        return self.root / "templates"

    def output_dir(self, pack: GamePack) -> Path:
        return self.root / "output" / pack.id

    def templates_cache(self, pack: GamePack) -> Path:
        """Where compiled templates are kept (carddb.files.templating.ProjectBytecodeCache)."""
        return self.output_dir(pack) / ".cache" / "templates"

    def holds(self, path: Path | None) -> bool:
        """Whether `path` is written as a path of this project (links not followed): the project's own file,
        which must then really be inside it (`contains`), unlike an installed pack's."""
        return path is not None and Path(os.path.abspath(path)).is_relative_to(self.root)

    def icon_root(self, pack: GamePack) -> Path | None:
        """The folder a pack's icons must really be in: the project, for a game it declares; None for an installed pack."""
        return self.root if self.holds(pack.icon_dir) else None

    def contains(self, path: Path) -> bool:
        try:
            path.resolve().relative_to(self.root)
        except ValueError:
            return False
        return True

    def require_data(self, pack: GamePack) -> Path:
        data = self.data_dir(pack)
        if not data.is_dir():
            raise ProjectError(
                f"no data for game '{pack.id}' in {self.root} (expected the folder {data.relative_to(self.root)}/);"
                " run carddb in a project folder or pass --project DIR"
            )
        return data

    def game_folders(self) -> list[str]:
        """The games this project holds data for: the folders data/<id>/."""
        data = self.root / "data"
        if not data.is_dir():
            return []
        return sorted(d.name for d in data.iterdir() if d.is_dir() and _GAME_ID.match(d.name))

    def configured_game(self) -> str | None:
        """The `game:` of the project's carddb.yaml, if it has one; a malformed file is a located error."""
        from carddb.files.yamlsource import load_yaml  # PyYAML: only for projects that have the file

        path = self.root / CONFIG_FILE
        if not path.exists() and not path.is_symlink():
            return None
        docs, findings = load_yaml(path, inside=self.root)
        doc = docs[0] if docs else None
        if not findings and doc is not None and doc.value is not None:
            value = doc.value
            if not isinstance(value, dict):
                findings.append(
                    Finding("E-YAML-SHAPE", "carddb.yaml holds a mapping such as 'game: mygame'", path, doc.span)
                )
            else:
                for key in value:
                    if key != "game":
                        findings.append(
                            Finding(
                                "E-UNKNOWN-FIELD",
                                f"'{key}' is not a setting of carddb.yaml (settings: game)",
                                path,
                                doc.key_span((key,)),
                            )
                        )
                game = value.get("game")
                if game is not None and not (isinstance(game, str) and _GAME_ID.match(game)):
                    findings.append(
                        Finding(
                            "E-BAD-VALUE",
                            f"'game' must be a game id such as 'mygame', not {game!r}",
                            path,
                            doc.value_span(("game",)),
                        )
                    )
                elif not findings:
                    return game
        if findings:
            raise LocatedError(findings)
        return None
