"""Documents (booster and deck lists, pick sheets, the rulebook): HTML in, PDF out, on the render workers.

The parent builds each document's HTML and its key (see `pdfcache`); a document
whose key has not changed is not laid out again. The others are handed to the
render workers, which have WeasyPrint imported and lay out one document each
while the parent goes on with the next stage, so a build's documents share the
cores with its card faces and images. Without workers a document is laid out
here, at once (the single-document commands).

Pictures whose pixels may change while their size does not (the rulebook's card
pictures) can be named as `pictures`: the layout key then covers their size and
mode, not their bytes, and a document whose only change is such a picture gets the
picture's pixels swapped into the existing file (`carddb.render.pdfimages`) instead
of a new layout.

Each document's record (output/<game>/.cache/pdf/<name>.json) says which layout
key and which picture bytes the file was last written from, and which image
objects each picture became; it is only trusted while the file has the size and
time it recorded.

Nothing here imports WeasyPrint: the worker's side is `carddb.render.layout.write_document`
(and `carddb.render.pdfimages.swap_document` for a swap).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from carddb.files.atomic import write_text
from carddb.render.pdfcache import pdf_key
from carddb.render.workers import RenderWorkers, Ticket, import_renderer

WRITE_DOCUMENT = "carddb.render.layout:write_document"
SWAP_PICTURES = "carddb.render.pdfimages:swap_document"
# Swapped-out images stay in the file unreferenced; past this share of it, lay it out afresh.
DEAD_SHARE = 0.25


@dataclass(frozen=True)
class Picture:
    """A picture the document shows whose pixels may change in place (same size and mode)."""

    src: str  # as written in the HTML
    path: Path
    digest: str  # of its bytes


@dataclass(frozen=True)
class DocumentJob:
    """One document to lay out (or, with `swap`, to patch) and write atomically, then record."""

    html: str
    target: Path
    base_url: str
    roots: tuple[Path, ...]  # the only folders its resources may come from
    key: str  # the layout key
    record: Path
    pictures: tuple[Picture, ...] = ()
    swap: tuple[tuple[int, Path], ...] = ()  # (image object, new picture): patch instead of laying out
    previous: dict[str, Any] = field(default_factory=dict)  # the record being patched
    pdf_variant: str | None = None  # WeasyPrint's pdf_variant ("pdf/ua-1": tagged for screen readers)


@dataclass(frozen=True)
class DocumentResult:
    target: Path
    pages: int  # 0 when it could not be written
    refused: tuple[str, ...] = ()  # resources it asked for outside `roots` (not loaded)
    error: str | None = None  # why WeasyPrint could not write it
    laid_out: bool = True  # False: the file from an earlier run was current (or only had pictures swapped)


def record_path(cache_dir: Path, target: Path) -> Path:
    return cache_dir / f"{hashlib.sha256(str(target.resolve()).encode()).hexdigest()[:24]}.json"


def read_record(record: Path, target: Path) -> dict[str, Any] | None:
    """The document's record, if the file is still the one it describes."""
    try:
        data = json.loads(record.read_text(encoding="utf-8"))
        stat = target.stat()
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("file") != [stat.st_size, stat.st_mtime_ns]:
        return None
    if not isinstance(data.get("pages"), int) or not isinstance(data.get("pictures"), dict):
        return None
    return data


def write_record(job: DocumentJob, pages: int, objects: dict[str, list[int]], dead: int) -> None:
    stat = job.target.stat()
    data = {
        "key": job.key,
        "file": [stat.st_size, stat.st_mtime_ns],
        "pages": pages,
        "pictures": {p.src: p.digest for p in job.pictures},
        "objects": objects,
        "dead": dead,
    }
    write_text(job.record, json.dumps(data))


@dataclass
class Documents:
    """The documents of one run: written at once without workers, queued on them otherwise."""

    cache_dir: Path  # output/<game>/.cache/pdf: what each document was last written from
    pool: RenderWorkers | None = None
    priority: int = 0
    label: str = "documents"  # what the workers' CPU time is counted as
    _queued: list[tuple[DocumentJob, Ticket]] = field(default_factory=list)
    _results: list[DocumentResult] = field(default_factory=list)

    def write(
        self,
        html: str,
        target: Path,
        *,
        base_url: str,
        roots: Iterable[Path],
        files: Iterable[Path] = (),
        pictures: Iterable[tuple[str, Path]] = (),
        pdf_variant: str | None = None,
    ) -> None:
        """Write `html` to `target` unless it is current. `files`: what else the HTML loads (fonts,
        stylesheets); `pictures`: (src, file) of raster pictures that may be swapped in place;
        `pdf_variant`: a PDF variant WeasyPrint writes (`pdf/ua-1`)."""
        swappable, fixed = _split_pictures(pictures)
        sizes = sorted((p.src, _shape(p.path)) for p in swappable)
        key = pdf_key(f"{html}\0{sizes}\0{pdf_variant}", [*files, *fixed])
        record = record_path(self.cache_dir, target)
        job = DocumentJob(html, target, base_url, tuple(roots), key, record, tuple(swappable), pdf_variant=pdf_variant)
        previous = read_record(record, target)
        if previous is not None and previous.get("key") == key:
            changed = [p for p in swappable if previous["pictures"].get(p.src) != p.digest]
            if not changed:
                self._results.append(DocumentResult(target, previous["pages"], laid_out=False))
                return
            objects = previous.get("objects", {})
            dead = previous.get("dead", 0)
            if all(objects.get(p.src) for p in changed) and dead < DEAD_SHARE * target.stat().st_size:
                swap = tuple((number, p.path) for p in changed for number in objects[p.src])
                job = DocumentJob(
                    html, target, base_url, tuple(roots), key, record, tuple(swappable), swap, previous, pdf_variant
                )
        function = SWAP_PICTURES if job.swap else WRITE_DOCUMENT
        if self.pool is None:
            module, _, name = function.partition(":")
            self._results.append(getattr(import_renderer(module), name)(job))
        else:
            self._queued.append((job, self.pool.submit(function, job, priority=self.priority, label=self.label)))

    def finish(self) -> list[DocumentResult]:
        """Every document's result, in the order they were written (waits for the workers)."""
        if self._queued:
            assert self.pool is not None
            self.pool.wait(ticket for _job, ticket in self._queued)
            self._results += [ticket.result() for _job, ticket in self._queued]
            self._queued = []
        return list(self._results)


def _split_pictures(pictures: Iterable[tuple[str, Path]]) -> tuple[list[Picture], list[Path]]:
    """Pictures that can be swapped in place (readable RGB or RGBA files), and the rest as plain files."""
    swappable, fixed = [], []
    for src, path in pictures:
        try:
            data = path.read_bytes()
        except OSError:
            fixed.append(path)
            continue
        if _shape(path)[1] in ("RGB", "RGBA"):
            swappable.append(Picture(src, path, hashlib.sha256(data).hexdigest()))
        else:
            fixed.append(path)
    return swappable, fixed


def _shape(path: Path) -> tuple[tuple[int, int], str]:
    from PIL import Image

    try:
        with Image.open(path) as image:
            return image.size, image.mode
    except OSError:
        return (0, 0), "unreadable"
