"""A print service's images of the cards (`carddb print --preset`): from the card PDFs, or laid out at its cut.

The sizes each service sells are `carddb.render.services`; the images are drawn by the render
workers (`carddb.render.raster`) like any PNG.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.findings.diagnostics import Report
from carddb.packs.card import Card, file_stem
from carddb.render.faces.backs import render_backs
from carddb.render.faces.results import FaceResult
from carddb.render.faces.schedule import start_faces
from carddb.render.raster import PngJob
from carddb.render.services import Product, pack_at_cut
from carddb.render.workers import RenderWorkers


def png_sources(cards: Sequence[Card], faces: dict[str, FaceResult], backs: dict[str, Path]) -> list[tuple[Path, str]]:
    """(card PDF, PNG path under the folder) of every side of `cards` and every back."""
    sides = [side for c in cards for side in faces[c.id].sides]
    sources = [(side.pdf, f"{file_stem(side.card_id)}.png") for side in sides]
    return sources + [(pdf, f"backs/{back}.png") for back, pdf in backs.items()]


def preset_jobs(
    db: CardDatabase,
    cards: Sequence[Card],
    faces: dict[str, FaceResult],
    backs: dict[str, Path],
    folder: Path,
    product: Product,
    workers: int,
    report: Report,
    pool: RenderWorkers | None,
) -> list[PngJob]:
    """The print service's images: from the card PDFs, or from faces laid out again at the service's cut.

    A card more than 1.5 mm from the cut (a 44 x 67 mm mini card for a 1.75 x 2.5 in one) is laid
    out at the cut rather than cropped or stretched; what that layout finds is reported, naming the product.
    """
    if product.needs_layout(db.pack.card_size_mm):
        at_cut = CardDatabase(
            pack=pack_at_cut(db.pack, product), project=db.project, cards=db.cards, sources=db.sources, sets=db.sets
        )
        found = Report(root=report.root)
        redone = start_faces(at_cut, cards, found, workers=workers, pool=pool).finish()
        faces = {face.card_id: face for face in redone}
        backs = render_backs(at_cut, found, pool=pool)
        for finding in found:
            report.add(dataclasses.replace(finding, message=f"{finding.message} (laid out for {product.label})"))
        cards = [c for c in cards if c.id in faces]
    return [
        PngJob(pdf, folder / product.service / rel, preset=product.key) for pdf, rel in png_sources(cards, faces, backs)
    ]
