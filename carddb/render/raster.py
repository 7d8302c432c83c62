"""PNG images of single-card PDFs, for screens, print services and virtual tables.

PDFium rasterises the card PDF directly, so a PNG matches the printed card. Every
PNG is RGB (no alpha: print services and Tabletop Simulator reject or mishandle
transparency) and records its resolution, so an image program prints it at the
card's real size.

Print-service presets (the sizes each service sells: carddb.render.services). A job's
`preset` names a service's product ("mpc" for its poker cards, "mpc:tarot"...): the card,
with its bleed, is scaled uniformly (no distortion) until it covers the service's image
(with the service's bleed) and centred. A 63 x 88 mm card on MPC's 2.5 x 3.5 in cut is
drawn at about 303 dpi, and the service's cut falls within 2 px (0.2 mm) of our trim line,
well inside the 3 mm safe zone that keeps text away from the edge.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from carddb.findings.errors import RenderError, UsageError
from carddb.render.pngfile import png_header, srgb_profile, write_png
from carddb.render.services import BY_KEY, SERVICES, Product
from carddb.render.wholefile import reusable
from carddb.render.workers import RenderWorkers, Ticket

DEFAULT_DPI = 300
MIN_DPI, MAX_DPI = 36, 1200


@dataclass(frozen=True)
class PngJob:
    """One image to make: `preset` wins over `dpi`; `bleed=False` cuts the image at the TrimBox."""

    pdf: Path
    target: Path
    dpi: int = DEFAULT_DPI
    bleed: bool = True
    preset: str | None = None  # a print service's product (carddb.render.services): "mpc", "mpc:tarot"...


def check_dpi(dpi: int) -> int:
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise UsageError(f"--dpi must be between {MIN_DPI} and {MAX_DPI}, not {dpi}")
    return dpi


def get_preset(preset_id: str | None) -> Product | None:
    """A service's poker product (`mpc`), or any product by its key (`mpc:tarot`)."""
    if preset_id is None:
        return None
    try:
        return BY_KEY[preset_id]
    except KeyError:
        raise UsageError(f"unknown --preset '{preset_id}' (presets: {', '.join(SERVICES)})") from None


def render_png(job: PngJob) -> tuple[int, int]:
    """Write one PNG; returns its pixel size."""
    return render_png_batch([job])[0]


def render_png_batch(jobs: Sequence[PngJob]) -> list[tuple[int, int]]:
    """Write the PNGs of `jobs` (pixel size of each, in order), rendering each PDF once per resolution.

    A card's image with bleed and its trimmed image are two crops of one rendering,
    so a print run rasterizes each card once. An image at a whole fraction of a
    resolution already drawn (the site's 150 dpi beside the 300 dpi PNGs) is that
    drawing reduced, each pixel the mean of the k x k it covers: its pixel grid is the
    same as PDFium's at that resolution, it looks the same (mean difference at most
    5 of 255 per channel on the LOE cards, at antialiased edges), and it costs 1.4 ms instead of 4.6.
    """
    sizes: dict[int, tuple[int, int]] = {}
    for pdf, group in _by_pdf(jobs).items():
        with card_page(pdf) as (page, media, trim):
            rendered: dict[float, Image.Image] = {}
            # The finest first, so that coarser ones can be reduced from it.
            for index, job in sorted(group, key=lambda item: -(item[1].dpi if item[1].preset is None else 0)):
                if job.preset is not None:
                    image = _preset_image(page, media, BY_KEY[job.preset])
                    dpi = BY_KEY[job.preset].dpi
                else:
                    scale = job.dpi / 72
                    if scale not in rendered:
                        rendered[scale] = _reduced(rendered, job.dpi) or page_image(page, scale)
                    image = crop_to_box(rendered[scale], media, trim if not job.bleed else media, scale)
                    dpi = job.dpi
                srgb = job.preset is not None and BY_KEY[job.preset].srgb
                write_png(image, job.target, dpi, srgb_profile() if srgb else None)
                sizes[index] = image.size
    return [sizes[i] for i in range(len(jobs))]


def _reduced(rendered: dict[float, Image.Image], dpi: int) -> Image.Image | None:
    """A drawing at `dpi` made from one at a whole multiple of it, if there is one."""
    for scale, image in rendered.items():
        factor = scale * 72 / dpi
        if factor >= 2 and abs(factor - round(factor)) < 1e-9:
            return image.reduce(round(factor))
    return None


def page_image(page: pdfium.PdfPage, scale: float) -> Image.Image:
    """The page drawn at `scale` as an RGB image of its own.

    PDFium draws an opaque page as BGR, which `to_pil` already copies into a new RGB
    image: converting that again copied 3 MB more per 300 dpi card. Any other format
    shares PDFium's buffer, which is freed with the bitmap, so it is converted (copied).
    """
    bitmap = page.render(scale=scale)
    image = bitmap.to_pil()
    return image if bitmap.mode == "BGR" and image.mode == "RGB" else image.convert("RGB")


@contextmanager
def card_page(pdf: Path) -> Iterator[tuple[pdfium.PdfPage, Sequence[float], Sequence[float]]]:
    """The first page of a single-card PDF with its MediaBox and TrimBox; an unreadable file is a RenderError."""
    try:
        doc = pdfium.PdfDocument(pdf)
    except pdfium.PdfiumError as exc:
        raise RenderError(f"cannot read the card PDF {pdf}: {exc}") from exc
    try:
        page = doc[0]
        yield page, page.get_mediabox(), page.get_trimbox()
    finally:
        doc.close()


def _by_pdf(jobs: Sequence[PngJob]) -> dict[Path, list[tuple[int, PngJob]]]:
    groups: dict[Path, list[tuple[int, PngJob]]] = {}
    for index, job in enumerate(jobs):
        groups.setdefault(job.pdf, []).append((index, job))
    return groups


def crop_to_box(image: Image.Image, media: Sequence[float], box: Sequence[float], scale: float) -> Image.Image:
    # PDFium rounds bitmap sizes up; cut at rounded pixel edges so that the image is
    # round(size x dpi) pixels, the nearest to the card's real size.
    left = round((box[0] - media[0]) * scale)
    top = round((media[3] - box[3]) * scale)
    width, height = round((box[2] - box[0]) * scale), round((box[3] - box[1]) * scale)
    return image.crop((left, top, left + width, top + height))


def _preset_image(page: pdfium.PdfPage, media: Sequence[float], preset: Product) -> Image.Image:
    width_pt, height_pt = media[2] - media[0], media[3] - media[1]
    scale = max(preset.width_px / width_pt, preset.height_px / height_pt)
    image = page_image(page, scale)
    if image.width < preset.width_px or image.height < preset.height_px:
        # PDFium rounds the bitmap size down; one pixel of resampling is invisible.
        factor = max(preset.width_px / image.width, preset.height_px / image.height)
        image = image.resize((math.ceil(image.width * factor), math.ceil(image.height * factor)), Image.LANCZOS)
    left = (image.width - preset.width_px) // 2
    top = (image.height - preset.height_px) // 2
    return image.crop((left, top, left + preset.width_px, top + preset.height_px))


def up_to_date(job: PngJob) -> bool:
    """The PNG exists, is newer than its PDF and was made at the same resolution."""
    try:
        if job.target.stat().st_mtime_ns < job.pdf.stat().st_mtime_ns or not reusable(job.target):
            return False
        size, dpi, kinds = png_header(job.target)
        want = BY_KEY[job.preset].dpi if job.preset else job.dpi
        if job.preset and size != (BY_KEY[job.preset].width_px, BY_KEY[job.preset].height_px):
            return False
        if job.preset and BY_KEY[job.preset].srgb and b"iCCP" not in kinds:
            return False
        return abs((dpi or 0.0) - want) < 0.5
    except (OSError, ValueError):
        return False


def render_pngs(
    jobs: Sequence[PngJob],
    *,
    workers: int = 2,
    force: bool = False,
    on_done: Callable[[], object] | None = None,
    pool: RenderWorkers | None = None,
) -> tuple[int, int]:
    """Render the PNGs that are missing or stale; returns (rendered, reused). `on_done` is called per image."""
    return queue_pngs(jobs, workers=workers, force=force, pool=pool).finish(on_done)


# Cards per job on the render workers: enough that a job outweighs its message, few enough to balance.
CARDS_PER_JOB = 8
RENDER_PNGS = "carddb.render.raster:render_png_batch"


@dataclass
class PngRun:
    """PNGs being written: the jobs to do, on the workers (tickets) or here (when finishing)."""

    batches: list[list[PngJob]]
    reused: int
    tickets: list[Ticket]
    pool: RenderWorkers | None
    workers: int
    shared: PngQueue | None = None  # the jobs went into a queue shared with other stages

    def finish(self, on_done: Callable[[], object] | None = None) -> tuple[int, int]:
        """Wait for (or write) the PNGs; (rendered, reused)."""
        done = on_done or (lambda: None)
        for _ in range(self.reused):
            done()
        if self.shared is not None:
            self.shared.send()
            assert self.pool is not None
            self.pool.wait(self.tickets)
            for _ in range(sum(len(batch) for batch in self.batches)):
                done()
        elif self.pool is not None:
            self.pool.wait(self.tickets)
            for ticket in self.tickets:
                for _ in ticket.result():
                    done()
        elif len(self.batches) > 1 and self.workers > 1:
            with RenderWorkers(self.workers) as own:
                for sizes in own.map(RENDER_PNGS, self.batches):
                    for _ in sizes:
                        done()
        else:
            for batch in self.batches:
                for _ in render_png_batch(batch):
                    done()
        return sum(len(batch) for batch in self.batches), self.reused


def queue_pngs(
    jobs: Sequence[PngJob],
    *,
    workers: int = 2,
    force: bool = False,
    pool: RenderWorkers | None = None,
    label: str = "PNGs",
    queue: PngQueue | None = None,
) -> PngRun:
    """Decide which PNGs are missing or stale and queue them on `pool` (or leave them for `finish`)."""
    todo = [job for job in jobs if force or not up_to_date(job)]
    if queue is not None and not queue.sent and pool is queue.pool and pool is not None:
        run = PngRun([todo], len(jobs) - len(todo), [], pool, workers, shared=queue)
        queue.runs.append(run)
        return run
    batches = _batches(todo)
    tickets = [pool.submit(RENDER_PNGS, batch, label=label) for batch in batches] if pool is not None else []
    return PngRun(batches, len(jobs) - len(todo), tickets, pool, workers)


def _batches(jobs: Sequence[PngJob]) -> list[list[PngJob]]:
    """The jobs in batches of CARDS_PER_JOB cards, all of one card's images in the same batch."""
    groups = list(_by_pdf(jobs).values())
    return [
        [job for group in groups[i : i + CARDS_PER_JOB] for _index, job in group]
        for i in range(0, len(groups), CARDS_PER_JOB)
    ]


class PngQueue:
    """The images of several stages sent to the workers together, each card's in one job.

    A build writes each card's 300 dpi PNGs and, in another stage, its 150 dpi image for
    the site: queued together, the site's is reduced from the drawing the PNGs made (see
    `render_png_batch`) instead of drawing the card again. Stages queue with `queue_pngs(...,
    queue=this)`; `send` (or the first stage's `finish`) hands everything to the workers.
    """

    def __init__(self, pool: RenderWorkers) -> None:
        self.pool = pool
        self.runs: list[PngRun] = []
        self.sent = False

    def send(self) -> None:
        if self.sent:
            return
        self.sent = True
        owner = {id(job): run for run in self.runs for job in run.batches[0]}
        for batch in _batches([job for run in self.runs for job in run.batches[0]]):
            ticket = self.pool.submit(RENDER_PNGS, batch, label="PNGs")
            for run in {id(owner[id(job)]): owner[id(job)] for job in batch}.values():
                run.tickets.append(ticket)
