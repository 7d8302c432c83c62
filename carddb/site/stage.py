"""The site stage of the build: card faces -> web images -> booster membership -> spoiler site.

`carddb build` calls `site_stage` last, passing the faces it has already
rendered; `carddb site` and `carddb serve` call it alone and let it render the
faces (unchanged cards come from the faces cache).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.findings.diagnostics import Report
from carddb.play.boosters import BoosterPlan, boosters_path, load_boosters
from carddb.render.faces.results import FaceResult, face_counts
from carddb.render.faces.schedule import render_faces
from carddb.render.raster import PngQueue
from carddb.render.workers import RenderWorkers
from carddb.site.spoiler import SiteResult, build_site
from carddb.site.webimages import WebImages, WebImagesRun, queue_web_images


@dataclass
class SiteStageResult:
    site: SiteResult
    images: WebImages
    rendered: int  # faces rendered by this run
    cached: int  # faces taken from the faces cache

    def summary(self) -> str:
        return (
            f"{len(self.site.written)} site file{'s' * (len(self.site.written) != 1)} written, "
            f"{len(self.images.written)} image{'s' * (len(self.images.written) != 1)} updated, "
            f"{self.rendered} face{'s' * (self.rendered != 1)} rendered, {self.cached} from cache"
        )


def site_root(db: CardDatabase) -> Path:
    return db.project.output_dir(db.pack) / "site"


def site_stage(
    db: CardDatabase,
    report: Report,
    *,
    faces: Sequence[FaceResult] | None = None,
    root: Path | None = None,
    workers: int = 2,
    pool: RenderWorkers | None = None,
    show_sources: bool = False,
) -> SiteStageResult:
    """Write the spoiler site of `db` (default output/<game>/site/); render faces unless given."""
    if faces is None:
        faces = render_faces(db, db.cards, report, workers=workers, pool=pool)
    run = start_site(db, report, faces, root=root, workers=workers, pool=pool)
    run.show_sources = show_sources
    return run.finish()


@dataclass
class SiteRun:
    """The site's card images being rasterized (on the workers); `finish` writes the pages."""

    db: CardDatabase
    report: Report
    faces: Sequence[FaceResult]
    root: Path
    images: WebImagesRun
    show_sources: bool = False  # card pages name their source file and line (the live preview)

    def finish(self) -> SiteStageResult:
        # The pages need only the images' paths and versions, known when they were queued: written
        # while the workers still draw the images, not after them with the workers idle.
        planned = self.images.result
        site = build_site(
            self.db,
            self.root,
            planned.paths,
            boosters=booster_membership(self.db, self.report),
            versions=planned.versions,
            show_sources=self.show_sources,
        )
        images = self.images.finish()
        rendered, cached = face_counts(self.faces)
        return SiteStageResult(site=site, images=images, rendered=rendered, cached=cached)


def start_site(
    db: CardDatabase,
    report: Report,
    faces: Sequence[FaceResult],
    *,
    root: Path | None = None,
    workers: int = 2,
    pool: RenderWorkers | None = None,
    png_queue: PngQueue | None = None,
) -> SiteRun:
    """Queue the card images of the site (the faces are given); `SiteRun.finish` writes the pages."""
    root = root or site_root(db)
    sides = {side.card_id: side.pdf for face in faces for side in face.sides}  # both sides of a double-sided card
    images = queue_web_images(sides, root / "cards", workers=workers, pool=pool, png_queue=png_queue)
    return SiteRun(db, report, faces, root, images)


def booster_membership(db: CardDatabase, report: Report) -> dict[str, list[str]] | None:
    """Card id -> the booster types (and slots) it can be drawn in; None when the game has no booster file."""
    if not boosters_path(db).is_file():
        return None
    return membership_from_plans(load_boosters(db, report).values())


def membership_from_plans(plans: Iterable[BoosterPlan]) -> dict[str, list[str]]:
    """From compiled booster plans: card id -> ["Deck booster (Common slot)", ...]."""
    membership: dict[str, list[str]] = {}
    for plan in plans:
        for slot in plan.slots:
            ids = {card_id for sheet in slot.sheets for card_id in sheet.cards}
            for card_id in ids:
                label = f"{plan.name} ({slot.name} slot)"
                if label not in membership.setdefault(card_id, []):
                    membership[card_id].append(label)
    return membership
