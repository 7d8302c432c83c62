"""The rulebook PDF: WeasyPrint lays out the book's HTML with its print stylesheet.

Table-of-contents page numbers come from CSS `target-counter()`, running heads
from `string-set`, and the PDF outline from the headings' `bookmark-level`, so
they are all computed by the same layout that places the pages. Resources are
fetched only from the project and carddb's own folders (no network).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import unquote, urlsplit

from carddb.findings.diagnostics import Finding, Report
from carddb.render.documents import Documents
from carddb.render.workers import RenderWorkers

# The book is the longest single layout of a build: it goes ahead of shorter jobs on the workers.
BOOK_PRIORITY = -5


def queue_pdf(
    html: str,
    base_dir: Path,
    target: Path,
    roots: Iterable[Path],
    pool: RenderWorkers | None,
    pictures: Iterable[str] = (),
) -> Documents:
    """Lay out `html` (relative URLs resolved in `base_dir`) into `target`, on `pool` if given; see `pdf_pages`.

    An unchanged book (same HTML, same pictures and stylesheets) is not laid out again; when
    only some of `pictures` (card pictures, by their URL in the HTML) changed, their pixels
    are swapped into the existing book instead.
    """
    documents = Documents(base_dir / ".cache" / "pdf", pool, priority=BOOK_PRIORITY, label="rulebook")
    swappable = [(src, base_dir / unquote(src)) for src in pictures]
    in_place = {path for _src, path in swappable}
    files = [path for path in referenced_files(html, base_dir) if path not in in_place]
    documents.write(
        html,
        target,
        base_url=base_dir.as_uri() + "/",
        roots=roots,
        files=files,
        pictures=swappable,
        # PDF/UA: tagged (headings, lists, tables, figures with their alt text), for screen readers.
        pdf_variant="pdf/ua-1",
    )
    return documents


def pdf_pages(documents: Documents, report: Report) -> int:
    """Wait for the book; its page count, or 0 with a finding when WeasyPrint could not write it."""
    (result,) = documents.finish()
    if result.error is not None:
        report.add(
            Finding("E-RULEBOOK-RENDER", f"WeasyPrint could not write the rulebook: {result.error}", result.target)
        )
        return 0
    for url in result.refused:
        report.add(
            Finding("E-RULEBOOK-RENDER", f"the rulebook asked for {url!r}, which carddb does not load", result.target)
        )
    return result.pages


# src="..." and href="..." attributes, and url(...) in the inline stylesheet (the fonts)
_REFERENCE = re.compile(r"""(?:src|href)=["']([^"'#]+)["']|url\(\s*["']?([^"')#]+)["']?\s*\)""")


def referenced_files(html: str, base_dir: Path) -> list[Path]:
    """Local files the HTML links to (pictures, stylesheets, fonts), absolute or relative to `base_dir`."""
    files = []
    for ref in (attribute or url for attribute, url in _REFERENCE.findall(html)):
        parts = urlsplit(ref)
        if parts.scheme == "file":
            files.append(Path(unquote(parts.path)))
        elif not parts.scheme:
            files.append(base_dir / unquote(parts.path))
    return [f for f in files if f.is_file()]
