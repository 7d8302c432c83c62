"""Where a project keeps its files: data/<game>/, templates/<game>/, output/<game>/.

carddb works on the project in the current directory (or --project DIR). Every
path a card or template names is resolved here and must stay inside the project.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from carddb.errors import ProjectError
from carddb.gamepack import GamePack


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

    def templates_dir(self) -> Path:
        return self.root / "templates"

    def output_dir(self, pack: GamePack) -> Path:
        return self.root / "output" / pack.id

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
