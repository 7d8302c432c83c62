"""Documents (booster and deck lists, pick sheets, the rulebook): HTML in, PDF out, on the render workers.

The parent builds each document's HTML and its key (see `pdfcache`); a document
whose key has not changed is not laid out again. The others are handed to the
render workers, which have WeasyPrint imported and lay out one document each
while the parent goes on with the next stage, so a build's documents share the
cores with its card faces and images. Without workers a document is laid out
here, at once (the single-document commands).

Nothing here imports WeasyPrint: the worker's side is `carddb.render.layout.write_document`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from carddb.render.pdfcache import current_pages, pdf_key
from carddb.render.workers import RenderWorkers, Ticket, import_renderer

WRITE_DOCUMENT = "carddb.render.layout:write_document"


@dataclass(frozen=True)
class DocumentJob:
    """One document to lay out and write atomically; the key is remembered once it is written."""

    html: str
    target: Path
    base_url: str
    roots: tuple[Path, ...]  # the only folders its resources may come from
    key: str
    cache_dir: Path


@dataclass(frozen=True)
class DocumentResult:
    target: Path
    pages: int  # 0 when it could not be written
    refused: tuple[str, ...] = ()  # resources it asked for outside `roots` (not loaded)
    error: str | None = None  # why WeasyPrint could not write it
    laid_out: bool = True  # False: the file from an earlier run was current


@dataclass
class Documents:
    """The documents of one run: written at once without workers, queued on them otherwise."""

    cache_dir: Path  # output/<game>/.cache/pdf: the key each document was last written from
    pool: RenderWorkers | None = None
    priority: int = 0
    label: str = "documents"  # what the workers' CPU time is counted as
    _queued: list[tuple[DocumentJob, Ticket]] = field(default_factory=list)
    _results: list[DocumentResult] = field(default_factory=list)

    def write(
        self, html: str, target: Path, *, base_url: str, roots: Iterable[Path], files: Iterable[Path] = ()
    ) -> None:
        """Write `html` to `target` unless it is current; `files`: what else the HTML loads (pictures, fonts)."""
        key = pdf_key(html, files)
        pages = current_pages(target, key, self.cache_dir)
        if pages is not None:
            self._results.append(DocumentResult(target, pages, laid_out=False))
            return
        job = DocumentJob(html, target, base_url, tuple(roots), key, self.cache_dir)
        if self.pool is None:
            self._results.append(import_renderer().write_document(job))
        else:
            self._queued.append((job, self.pool.submit(WRITE_DOCUMENT, job, priority=self.priority, label=self.label)))

    def finish(self) -> list[DocumentResult]:
        """Every document's result, in the order they were written (waits for the workers)."""
        if self._queued:
            assert self.pool is not None
            self.pool.wait(ticket for _job, ticket in self._queued)
            self._results += [ticket.result() for _job, ticket in self._queued]
            self._queued = []
        return list(self._results)
