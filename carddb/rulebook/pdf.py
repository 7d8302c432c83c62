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

from pypdf import PdfReader
from weasyprint import HTML

from carddb.atomic import atomic_path
from carddb.diagnostics import Finding, Report
from carddb.render.fetcher import ConfinedFetcher
from carddb.render.pdfcache import is_current, pdf_key, remember


def write_pdf(html: str, base_dir: Path, target: Path, roots: Iterable[Path], report: Report) -> int:
    """Lay out `html` (relative URLs resolved in `base_dir`), write `target` atomically; the page count."""
    # An unchanged book (same HTML, same pictures and stylesheets) is not laid out again.
    cache_dir = base_dir / ".cache" / "pdf"
    key = pdf_key(html, referenced_files(html, base_dir))
    if is_current(target, key, cache_dir):
        return len(PdfReader(target).pages)
    fetcher = ConfinedFetcher(roots)
    try:
        document = HTML(string=html, base_url=base_dir.as_uri() + "/", url_fetcher=fetcher).render()
        with atomic_path(target) as tmp:
            document.write_pdf(tmp)
    except (OSError, ValueError, AssertionError) as exc:
        report.add(Finding("E-RULEBOOK-RENDER", f"WeasyPrint could not write the rulebook: {exc}", target))
        return 0
    for url in fetcher.refused:
        report.add(Finding("E-RULEBOOK-RENDER", f"the rulebook asked for {url!r}, which carddb does not load", target))
    if not fetcher.refused:
        remember(target, key, cache_dir)
    return len(document.pages)


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
