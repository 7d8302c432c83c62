"""What rendering a face gives: its single-card PDF and measurements, and the constants every part shares."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from carddb.findings.diagnostics import Finding, Span
from carddb.packs.pack import Faction, GamePack, Rarity
from carddb.render.placeholder import mix

BLEED_MM = 3.0

FACES_TOKEN = "__CARD_FACES__"

NEUTRAL = Faction("none", "", "#55585c", "#c9c6bd")

PLAIN_RARITY = Rarity("none", "Common", "#2b2b2b")

# What the render workers run (carddb.render.layout), by name: see RenderWorkers.map.
RENDER_BATCH = "carddb.render.layout:render_batch"

RENDER_BACKS = "carddb.render.layout:render_backs_job"

WARM_UP = "carddb.render.layout:warm_up"

# Below this many cards to render, starting worker processes costs more than it saves.
PARALLEL_MIN_CARDS = 24

# A layout document per batch of at most this many cards (fewer when that shares the cards out
# among the workers): big enough that a document's fixed cost (its style cascade, its fit rounds)
# is shared, small enough that batches balance the cores and the first starts early.
BATCH_CARDS = 24

# The parts of a face whose boxes each render records: what the rulebook's card anatomy points at.
# Queue order on the workers: cards something else waits for (the rulebook's pictures) first.
FIRST, LATER = -10, 0
FACE_PARTS = (
    "name",
    "cost",
    "art",
    "type-line",
    "ability",
    "rules-flow",
    "flavor",
    "stats",
    "footer",
    "fields",
    "r-field",
)


@dataclass(frozen=True)
class FaceResult:
    card_id: str
    pdf: Path
    back: str
    font_pt: float
    fill: float
    from_cache: bool
    parts: dict[str, list[float]] = field(default_factory=dict)  # FaceMeta.parts: where FACE_PARTS were drawn
    back_face: FaceResult | None = None  # a double-sided card's own back, printed behind it

    @property
    def sides(self) -> tuple[FaceResult, ...]:
        """This face and, for a double-sided card, its back face: every face that was laid out or reused."""
        return (self,) if self.back_face is None else (self, self.back_face)

    def back_pdf(self, backs: dict[str, Path]) -> Path | None:
        """What prints behind this card: its own back face, else its kind's shared back (None if not rendered)."""
        return self.back_face.pdf if self.back_face is not None else backs.get(self.back)


def face_counts(faces: Sequence[FaceResult]) -> tuple[int, int]:
    """(faces laid out by this run, faces taken from the cache), both sides of double-sided cards counted."""
    sides = [side for face in faces for side in face.sides]
    cached = sum(1 for side in sides if side.from_cache)
    return len(sides) - cached, cached


class TemplateFailure(Exception):
    """A template could not be loaded or rendered; carries its location."""

    def __init__(self, message: str, path: Path | None, line: int | None) -> None:
        super().__init__(message)
        self.path = path
        self.line = line

    def finding(self) -> Finding:
        span = Span.point(self.line, 1) if self.line else None
        return Finding("E-TEMPLATE", str(self), self.path, span)


def bleed_mm(pack: GamePack) -> float:
    value = pack.extras.get("bleed_mm", BLEED_MM)
    return float(value)


def card_colors(faction: Faction) -> dict[str, str]:
    return {
        "frame": faction.color,
        "frame_dark": mix(faction.color, "#000000", 0.38),
        "frame_light": mix(faction.color, "#ffffff", 0.28),
        "accent": faction.accent,
        "parchment": mix("#efe4cc", faction.accent, 0.14),
        "parchment_light": "#fbf7ee",
    }
