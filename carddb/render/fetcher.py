"""The WeasyPrint fetcher that keeps rendering inside the project.

A template or a card is data a designer (or a collaborator's pull request) wrote, so
rendering must not reach the network or read files outside the project: the fetcher
accepts `data:` URLs and `file:` URLs that resolve inside the allowed folders (the
project, the carddb package and its bundled templates) and refuses everything else,
including `http(s):` and paths that climb out with `..` or a symlink.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from weasyprint.urls import URLFetcher

from carddb.files.reading import PICTURE_BYTES, check_readable
from carddb.files.templating import path_inside


class FetchRefused(ValueError):
    """A template or card asked for a resource outside the allowed folders."""


class ConfinedFetcher(URLFetcher):
    """A WeasyPrint fetcher that only serves data: URLs and files under `roots`.

    Refused URLs are remembered in `refused` so a caller can report them; WeasyPrint
    itself only logs a failed fetch and carries on without the resource.
    """

    def __init__(self, roots: Iterable[Path]) -> None:
        super().__init__(allowed_protocols=("file", "data"), allow_redirects=False)
        self.roots = tuple(Path(r).resolve() for r in roots)
        self.refused: list[str] = []

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> Any:
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme == "file" and path_inside(Path(unquote(parts.path)), self.roots):
            try:  # a pipe would never end, a 2 GB "font" would be read whole
                check_readable(Path(unquote(parts.path)), PICTURE_BYTES, "pictures, fonts and stylesheets")
            except OSError as exc:
                self.refused.append(url)
                raise FetchRefused(f"carddb does not load {url!r}: it {exc.strerror}") from None
            return super().fetch(url, headers)
        if scheme == "data":
            return super().fetch(url, headers)
        self.refused.append(url)
        raise FetchRefused(f"carddb does not load {url!r}: only files inside the project are allowed")
