"""Content-hash cache of single-card PDFs under output/<game>/.cache/faces/.

A face is rendered again only when something that can change its pixels changed:
the card's HTML (its data, rules text as rendered, colours, set total...), the
template, stylesheet, font and icon files, the art bytes, or carddb itself. All of
that goes into the key, so there is nothing to invalidate: a changed input is a
new key, and an unchanged card is a file lookup.

Each entry is `<key>.pdf` plus `<key>.json` with what the fitter measured, so a
cached card still reports its size and a still-overflowing card its finding, and
where each part of the face was drawn (the rulebook's anatomy chapter points at
them without laying the card out again).

Building a face's HTML to learn its key costs about a millisecond per card, a third
of a warm run of 360 cards. `inputs.json` remembers, per card, the key its inputs
produced last time: the card's fields, its set's size, the art file's size and time,
the shared templates and fonts, and carddb's own source code. An unchanged card is
then found without building its HTML; any change to those inputs builds it again.
"""

from __future__ import annotations

import functools
import hashlib
import json
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from carddb.files.atomic import write_text
from carddb.files.outputs import read_json
from carddb.files.reading import RESOURCE_BYTES, read_limited
from carddb.files.stamps import sweep, vouched
from carddb.render.wholefile import reusable

if TYPE_CHECKING:
    from carddb.cards.database import CardDatabase

CACHE_FORMAT = "faces-4"  # bump when the meaning of a cached entry changes


@dataclass(frozen=True)
class FaceMeta:
    card_id: str
    font_pt: float
    fill: float
    overflow: bool
    # Where the face's parts were drawn (see carddb.render.fit.part_boxes): class -> [order, x, y, w, h] in mm.
    parts: dict[str, list[float]] = field(default_factory=dict)
    name_overrun: float = 0.0  # mm by which the name runs past its room (see carddb.render.fit.name_overrun)
    regions: dict[str, float] = field(default_factory=dict)  # region -> mm its content runs past its box


def digest(parts: Iterable[bytes | str]) -> str:
    h = hashlib.sha256(CACHE_FORMAT.encode())
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        # Length-prefix every part so ("ab", "c") and ("a", "bc") differ.
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()[:32]


def files_digest(paths: Iterable[Path]) -> str:
    """A digest of the names and bytes of `paths` (in a stable order)."""
    parts: list[bytes | str] = []
    for path in sorted(set(paths)):
        parts.append(str(path))
        parts.append(_file_digest(path))
    return digest(parts)


# path -> (size, mtime_ns, digest of the bytes). A print run digests the templates and
# fonts (megabytes) three times; a file is read again only if its size or time changed.
_file_digests: dict[Path, tuple[int, int, str]] = {}
# As git does for its index: a file changed within the last two seconds may change again
# within the same timestamp tick, so its digest is not remembered.
_RACY_NS = 2_000_000_000


def _file_digest(path: Path) -> str:
    stat = path.stat()
    known = _file_digests.get(path)
    if known is not None and known[:2] == (stat.st_size, stat.st_mtime_ns):
        return known[2]
    value = hashlib.sha256(read_limited(path, RESOURCE_BYTES, "template, font and stylesheet files")).hexdigest()
    if time.time_ns() - stat.st_mtime_ns > _RACY_NS:
        _file_digests[path] = (stat.st_size, stat.st_mtime_ns, value)
    return value


@functools.cache
def code_digest() -> str:
    """carddb's own source: what turns a card into a face's HTML, from context to markup."""
    package = Path(__file__).resolve().parent.parent
    return files_digest(package.rglob("*.py"))


@dataclass(frozen=True)
class FaceCache:
    folder: Path

    def pdf_path(self, key: str) -> Path:
        return self.folder / f"{key}.pdf"

    def meta_path(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def lookup(self, key: str) -> FaceMeta | None:
        """The entry of `key`, if this machine's carddb wrote both its files (never one that came with the project)."""
        if not vouched(self.meta_path(key)):
            return None
        try:
            meta = FaceMeta(**read_json(self.meta_path(key)))
        except (OSError, ValueError, TypeError):
            return None  # missing or damaged: the face is simply rendered again
        return meta if reusable(self.pdf_path(key)) else None

    def lookup_measure(self, key: str) -> FaceMeta | None:
        """What the fit measured for `key`, with or without its PDF (`carddb validate` lays out, writes no PDF);
        only a measure this machine's carddb wrote (one that came with the project could hide an overflow)."""
        if not vouched(self.meta_path(key)):
            return None
        try:
            return FaceMeta(**read_json(self.meta_path(key)))
        except (OSError, ValueError, TypeError):
            return None

    def load_measures(self) -> dict[str, FaceMeta]:
        """What `carddb validate` measured last time, face key -> measure, from one file (not one per face)."""
        if not vouched(self.folder / "measures.json"):
            return {}
        try:
            book = read_json(self.folder / "measures.json")
            return {key: FaceMeta(**meta) for key, meta in book.items()}
        except (OSError, ValueError, TypeError, AttributeError):
            return {}

    def store_measures(self, measures: dict[str, FaceMeta]) -> None:
        write_text(self.folder / "measures.json", json.dumps({k: asdict(m) for k, m in measures.items()}), vouch=True)

    def load_index(self) -> dict[str, str]:
        """What each card's inputs made last time: input digest -> face key (see render_faces)."""
        index_path = self.folder / "inputs.json"
        if not vouched(index_path):  # one that came with the project could send a card to another card's face
            return {}
        index = read_json(index_path)
        if not isinstance(index, dict):
            return {}
        return {k: v for k, v in index.items() if isinstance(k, str) and isinstance(v, str)}

    def store_index(self, index: dict[str, str]) -> None:
        write_text(self.folder / "inputs.json", json.dumps(index, sort_keys=True), vouch=True)

    def sweep_older(self, current: set[str], keep: Iterable[str] = ()) -> None:
        """Drop the entries of keys not in `current`, but for as many of the most recent as there are current ones.

        Each edit made a new entry; kept forever, the cache grew with every edit of a game's life. The
        recent ones stay so that undoing an edit (a wording tried in `carddb serve`) finds its entry again,
        and so that two looks used in one run (a print service's card size beside the game's) do not
        delete each other's. `keep`: other file names of the folder to keep."""
        older = sorted(
            (p for p in self.folder.glob("*.pdf") if p.stem not in current),
            key=lambda p: p.stat().st_mtime_ns,
            reverse=True,
        )
        keys = current | {p.stem for p in older[: len(current)]}
        sweep(self.folder, {f"{key}{suffix}" for key in keys for suffix in (".pdf", ".json")} | set(keep))

    def store_meta(self, key: str, meta: FaceMeta) -> None:
        # Written after the PDF (when there is one: `carddb validate` measures only), so `lookup`,
        # which wants both, never takes a measure for a face; vouched, as every cache entry.
        write_text(self.meta_path(key), json.dumps(asdict(meta)), vouch=True)


def face_cache_folder(db: CardDatabase, name: str) -> Path:
    """output/<game>/.cache/<name> (faces, backs), or beside it for a print service's card size."""
    folder = db.project.output_dir(db.pack) / ".cache" / name
    size = db.pack.extras.get("face_cache")
    return folder.with_name(f"{name}-{size}") if size else folder
