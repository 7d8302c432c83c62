"""Game packs installed as Python packages, found through the entry-point group `carddb.games`.

A pack is a normal distribution that declares, in its pyproject.toml,

    [project.entry-points."carddb.games"]
    mygame = "mygame_pack:PACK"

where the name is the game id and the object is a `carddb.packs.pack.GamePack`. carddb's
own packs (`loe`, `loe2`) are declared the same way in carddb's pyproject.toml.

Scanning reads installed metadata only; a pack's module is imported when the pack is
asked for, so a command about one game does not pay for importing the others. A broken
plugin (its module fails to import, its object is not a GamePack, its id is taken) is a
`PluginError`: a finding located at the line of the distribution's entry_points.txt
that declares it, naming the distribution and the entry point. It never hides the
other packs.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib.metadata import Distribution, EntryPoint, entry_points
from pathlib import Path

from carddb.findings.diagnostics import Finding, Span
from carddb.findings.errors import LocatedError
from carddb.packs.pack import GamePack

GROUP = "carddb.games"
OWN_DISTRIBUTION = "carddb"


@dataclass(frozen=True)
class PackSource:
    """Where a game pack comes from: an installed distribution's entry point, or a project's game.yaml."""

    game_id: str
    distribution: str = ""  # "carddb", "estro-pack"
    dist_version: str = ""
    entry_point: str = ""  # "estro = estro_pack:PACK"
    declared_in: Path | None = None  # the distribution's entry_points.txt, or the game.yaml
    line: int | None = None

    @property
    def origin(self) -> str:
        """What `carddb games` shows under 'from'."""
        if self.distribution:
            return f"{self.distribution} {self.dist_version}".strip()
        return str(self.declared_in or "")

    def finding(self, message: str, hint: str | None = None) -> Finding:
        span = Span.point(self.line, 1, len(self.entry_point) or 1) if self.line else None
        return Finding("E-GAME-PLUGIN", message, self.declared_in, span, hint=hint)

    def describe(self) -> str:
        if self.distribution:
            return f"entry point '{self.entry_point}' of the distribution {self.origin}"
        return str(self.declared_in)


class PluginError(LocatedError):
    """A game pack that cannot be used; its message is the located finding, as `validate` prints it."""

    def __init__(self, finding: Finding) -> None:
        self.finding = finding
        super().__init__([finding])


@dataclass(frozen=True)
class Scan:
    """The installed packs by game id, and the declarations that could not be used."""

    sources: dict[str, tuple[PackSource, EntryPoint]]
    problems: tuple[Finding, ...]


@functools.cache
def scan_installed() -> Scan:
    """Read the `carddb.games` entry points of every installed distribution (no pack is imported)."""
    found: dict[str, list[tuple[PackSource, EntryPoint]]] = {}
    for ep in entry_points(group=GROUP):
        found.setdefault(ep.name, []).append((_source(ep), ep))
    sources: dict[str, tuple[PackSource, EntryPoint]] = {}
    problems: list[Finding] = []
    for game_id, declared in sorted(found.items()):
        if len(declared) == 1:
            sources[game_id] = declared[0]
            continue
        # carddb's own packs cannot be shadowed; between other distributions there is no fair winner.
        own = [d for d in declared if d[0].distribution == OWN_DISTRIBUTION]
        if own:
            sources[game_id] = own[0]
        everyone = ", ".join(d[0].describe() for d in declared)
        for source, _ep in declared:
            if own and source is own[0][0]:
                continue
            used = "carddb's own pack is used" if own else "none of them is used"
            problems.append(
                source.finding(
                    f"the game id '{game_id}' is declared more than once ({everyone}); {used}",
                    hint="give the pack another id (the entry point's name) or uninstall one of the distributions",
                )
            )
    return Scan(sources, tuple(problems))


def _source(ep: EntryPoint) -> PackSource:
    dist = ep.dist
    name = dist.metadata["Name"] if dist is not None else ""
    version = dist.version if dist is not None else ""
    text = f"{ep.name} = {ep.value}"
    declared_in, line = _declaration(dist, ep) if dist is not None else (None, None)
    return PackSource(ep.name, name, version, text, declared_in, line)


def _declaration(dist: Distribution, ep: EntryPoint) -> tuple[Path | None, int | None]:
    """The entry_points.txt of `dist` and the line that declares `ep`, for the finding's location."""
    folder = getattr(dist, "_path", None)  # PathDistribution: the .dist-info folder
    path = Path(folder).resolve() / "entry_points.txt" if folder is not None else None
    text = dist.read_text("entry_points.txt") or ""
    section = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("["):
            section = line.strip("[]").strip()
        elif section == GROUP and line.partition("=")[0].strip() == ep.name:
            return path, number
    return path, None


def load_installed(game_id: str) -> tuple[GamePack, PackSource]:
    """Import the pack `game_id`; a broken plugin is a `PluginError`, never a traceback."""
    scan = scan_installed()
    source, ep = scan.sources[game_id]
    try:
        pack = ep.load()
    except Exception as exc:  # a plugin is someone else's code: report it where it is declared
        raise PluginError(
            source.finding(
                f"the game pack '{game_id}' ({source.describe()}) cannot be loaded: {type(exc).__name__}: {exc}",
                hint="fix or reinstall that distribution; the other game packs are not affected",
            )
        ) from exc
    if not isinstance(pack, GamePack):
        raise PluginError(
            source.finding(
                f"the entry point '{source.entry_point}' of {source.origin} gives {type(pack).__name__}, "
                "not a carddb.packs.pack.GamePack",
                hint="the entry point must name a GamePack object, e.g. mygame_pack:PACK",
            )
        )
    if pack.id != game_id:
        raise PluginError(
            source.finding(
                f"the entry point '{source.entry_point}' of {source.origin} gives the pack '{pack.id}'; "
                f"the entry point's name is the game id, so it must be '{pack.id}' or the pack's id '{game_id}'"
            )
        )
    return pack, source
