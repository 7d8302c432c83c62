"""The work the parent hands to the render workers: plain, picklable descriptions.

Kept apart from `faces` (pydantic models, the game packs) so that a worker, which
imports `layout` and this module, starts by importing WeasyPrint and little else.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class BatchJob:
    """Everything a worker needs, picklable: HTML text, paths, sizes."""

    head: str
    tail: str
    card_css: str  # base/card.css rendered for the game's card size
    stylesheets: tuple[Path, ...]  # the pack's own stylesheets, loaded after it
    palette: str
    faces: tuple[tuple[str, str, str], ...]  # (card id, cache key, HTML fragment with tokens)
    fetch_roots: tuple[Path, ...]
    cache_dir: Path
    trim_mm: tuple[float, float]
    bleed_mm: float
    steps: tuple[float, ...]
    digest: str  # of the stylesheets and what they load (FaceResources.digest)
    parts: tuple[str, ...] = ()  # classes whose boxes are recorded (FaceMeta.parts)
    measure_only: bool = False  # lay out and fit, write no PDF (`carddb validate`)
    # Cards whose layout sets its own rules-text sizes: (card id, sizes), else `steps`.
    card_steps: tuple[tuple[str, tuple[float, ...]], ...] = ()
    titles: tuple[str, ...] = ()  # each face's PDF title, in the order of `faces`


@dataclass(frozen=True)
class WarmJob:
    """What a worker can prepare before the cards are known: stylesheets, fonts, font families."""

    card_css: str
    stylesheets: tuple[Path, ...]
    palette: str
    fetch_roots: tuple[Path, ...]
    digest: str
    families: tuple[str, ...]


@dataclass(frozen=True)
class BackJob:
    """The backs to render: (cache path, HTML document) pairs, and the card geometry."""

    documents: tuple[tuple[Path, str], ...]
    fetch_roots: tuple[Path, ...]
    trim_mm: tuple[float, float]
    bleed_mm: float
    titles: tuple[str, ...] = ()  # each back's PDF title, in the order of `documents`
