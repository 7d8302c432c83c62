"""Card PDFs as print services ask for them: PDF/X, CMYK, with an output intent, at the service's size.

DriveThruCards takes card PDFs as PDF/X-1a:2003 files laid out at the cut of the size it
sells (carddb.render.services) plus 1/8 in of bleed on each side: 2.75 x 3.75 in for poker
cards' 2.5 x 3.5 in cut, 3 x 5 in for tarot (their help centre, "Common Card Prep
Issues & Solutions"; docs/printing.md cites it). WeasyPrint writes the PDF/X variants
(`pdf_variant`), but a variant is only a label: it converts no colour and checks nothing.
PDF/X-1a allows CMYK (and grey) only, needs an OutputIntent with the printing condition's
ICC profile, and forbids transparency. So each card is made that way here:

1. its faces are laid out again at the product's cut and bleed (`service_pack`), not the
   game's card scaled: a 63 x 88 mm card is 0.5 x 0.9 mm smaller than their poker cut;
2. each face is drawn at 300 dpi (825 x 1125 px for poker) and converted from sRGB to the
   CMYK profile (relative colorimetric, black point compensation) with Little CMS, its
   total ink held to `ink_limit` percent (the ink of deep shadows is taken from cyan,
   magenta and yellow, black kept);
3. the CMYK image is the page's only content, full bleed, in a WeasyPrint document whose
   `@color-profile device-cmyk` is that profile (the OutputIntent), written as
   `pdf_variant="pdf/x-1a"`: TrimBox = the cut, MediaBox = BleedBox = cut + bleed.

The text is therefore pixels at 300 dpi, which is the resolution the services print at;
in exchange there is no font to embed (one less thing their preflight checks) and no
colour that escaped conversion. The profile: DriveThruCards' instructions convert to "US
Web Coated (SWOP) v2", which is Adobe's and may not be redistributed; carddb uses Artifex's
SWOP profile that Debian's libgs-common installs (scripts/install.sh), or the file given
with `--cmyk-profile` (Adobe's own SWOP v2, for one).
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageCms, ImageMath

from carddb.cards.database import CardDatabase
from carddb.findings.diagnostics import Report
from carddb.findings.errors import RenderError, UsageError
from carddb.packs.card import Card, file_stem
from carddb.packs.pack import GamePack
from carddb.render.faces.backs import back_title, render_backs
from carddb.render.faces.schedule import FaceRun, face_title, start_faces
from carddb.render.pdfcache import is_current, remember
from carddb.render.raster import card_page, page_image
from carddb.render.services import Product, pack_at_cut
from carddb.render.wholefile import is_whole
from carddb.render.workers import RenderWorkers

MM_PER_INCH = 25.4
# Debian's libgs-common (a dependency of ghostscript): "Artifex CMYK SWOP Profile".
SYSTEM_CMYK_PROFILES = (Path("/usr/share/color/icc/ghostscript/default_cmyk.icc"),)
DEFAULT_INK_LIMIT = 240  # percent; the most total ink DriveThruCards accepts (docs/printing.md)
JPEG_QUALITY = 95
WRITE_PDFX = "carddb.render.printservice:write_pdfx"


def cmyk_profile(explicit: Path | None = None) -> Path:
    """The CMYK profile to separate for: the one given, else the system's SWOP profile."""
    candidates = [explicit] if explicit is not None else list(SYSTEM_CMYK_PROFILES)
    for path in candidates:
        try:
            profile = ImageCms.getOpenProfile(str(path))
        except (OSError, ImageCms.PyCMSError):
            continue
        if profile.profile.xcolor_space.strip() != "CMYK":
            raise UsageError(f"--cmyk-profile {path} is a {profile.profile.xcolor_space.strip()} profile, not CMYK")
        return path
    if explicit is not None:
        raise UsageError(f"--cmyk-profile {explicit} is not a readable ICC profile")
    raise UsageError(
        "a PDF/X card needs a CMYK profile: install Debian's libgs-common (scripts/install.sh does), "
        "or give one with --cmyk-profile FILE (DriveThruCards uses US Web Coated (SWOP) v2)"
    )


def service_pack(pack: GamePack, product: Product) -> GamePack:
    """The game's pack with the service's card: faces laid out at the product's cut (declared layouts'
    boxes scaled to it), with the service's bleed."""
    at_cut = pack_at_cut(pack, product)
    return dataclasses.replace(at_cut, extras={**at_cut.extras, "bleed_mm": round(product.bleed_mm, 4)})


@dataclass(frozen=True)
class PdfxJob:
    """One card's PDF/X file: its faces (laid out at the service's size), in page order."""

    pages: tuple[Path, ...]
    target: Path
    cache: Path  # where the key of each written file is kept
    title: str
    author: str
    lang: str
    profile: Path
    cut_mm: tuple[float, float]
    bleed_mm: float
    dpi: int = 300
    ink_limit: int = DEFAULT_INK_LIMIT
    variant: str = "pdf/x-1a"

    def key(self) -> str:
        digest = hashlib.sha256(repr(dataclasses.replace(self, pages=(), target=Path(), cache=Path())).encode())
        for path in (*self.pages, self.profile):
            try:
                digest.update(hashlib.sha256(path.read_bytes()).digest())
            except OSError as exc:
                raise RenderError(f"cannot read {path}: {exc}") from exc
        return digest.hexdigest()


def stale(jobs: list[PdfxJob]) -> list[PdfxJob]:
    """The jobs whose file is missing or was written from other inputs."""
    return [job for job in jobs if not (is_whole(job.target) and is_current(job.target, job.key(), job.cache))]


_TRANSFORMS: dict[Path, ImageCms.ImageCmsTransform] = {}


def to_cmyk(image: Image.Image, profile: Path) -> Image.Image:
    """An sRGB image separated for `profile`."""
    transform = _TRANSFORMS.get(profile)
    if transform is None:
        transform = _TRANSFORMS[profile] = ImageCms.buildTransform(
            ImageCms.createProfile("sRGB"),
            ImageCms.getOpenProfile(str(profile)),
            "RGB",
            "CMYK",
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
        )
    cmyk = ImageCms.applyTransform(image.convert("RGB"), transform)
    assert cmyk is not None
    return cmyk


def total_ink(cmyk: Image.Image) -> float:
    """The highest C + M + Y + K of the image, in percent."""
    c, m, y, k = cmyk.split()
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    return float(total.getextrema()[1]) * 100 / 255


def cmyk_jpeg(cmyk: Image.Image, ink_limit: int, dpi: int) -> bytes:
    """The image as a CMYK JPEG whose total ink, as decoded, is at most `ink_limit` percent.

    JPEG's rounding and ringing add a few percent at sharp edges (6 % at quality 95 on a card
    back held to 240 %), so the limit is applied, the JPEG decoded and measured, and the limit
    lowered by what it went over until it holds.
    """
    target = float(ink_limit)
    for _ in range(5):
        buffer = io.BytesIO()
        limit_ink(cmyk, target).save(buffer, format="JPEG", quality=JPEG_QUALITY, dpi=(dpi, dpi))
        with Image.open(io.BytesIO(buffer.getvalue())) as decoded:
            over = total_ink(decoded.convert("CMYK")) - ink_limit
        if over <= 0.5:
            break
        target -= over + 0.5
    return buffer.getvalue()


def limit_ink(cmyk: Image.Image, ink_limit: float) -> Image.Image:
    """Where C + M + Y + K is over `ink_limit` percent, C, M and Y scaled down to fit; K is kept."""
    most = round(ink_limit * 255 / 100)
    c, m, y, k = cmyk.split()
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"], c=c, m=m, y=y)
    room = ImageMath.lambda_eval(lambda a: a["max"](most - a["k"], 0), k=k)
    if ImageMath.lambda_eval(lambda a: a["t"] - a["r"], t=total, r=room).getextrema()[1] <= 0:
        return cmyk  # nothing over the limit
    bands = [
        ImageMath.lambda_eval(
            lambda a: a["convert"](a["min"](a["b"], a["b"] * a["r"] / a["max"](a["t"], 1)), "L"),
            b=band,
            r=room,
            t=total,
        )
        for band in (c, m, y)
    ]
    black = ImageMath.lambda_eval(lambda a: a["convert"](a["min"](a["k"], most), "L"), k=k)
    return Image.merge("CMYK", (*bands, black))


def face_image(pdf: Path, size: tuple[int, int]) -> Image.Image:
    """The whole page (card and bleed) drawn at exactly `size` pixels."""
    with card_page(pdf) as (page, media, _trim):
        scale = max(size[0] / (media[2] - media[0]), size[1] / (media[3] - media[1]))
        image = page_image(page, scale)
    return image if image.size == size else image.resize(size, Image.LANCZOS)


def pdfx_html(job: PdfxJob, images: list[bytes]) -> str:
    """One page per face: its CMYK image as the page's background, over the bleed."""
    from markupsafe import escape

    cut_w, cut_h = job.cut_mm
    bleed = job.bleed_mm
    pages = []
    rules = []
    for index, data in enumerate(images):
        url = "data:image/jpeg;base64," + base64.b64encode(data).decode("ascii")
        rules.append(
            f"@page face{index} {{ background: url({url}) no-repeat; background-position: -{bleed}mm -{bleed}mm;"
            f" background-size: {cut_w + 2 * bleed}mm {cut_h + 2 * bleed}mm }}"
        )
        pages.append(f'<div style="page: face{index}"></div>')
    return (
        f'<!DOCTYPE html><html lang="{escape(job.lang)}"><head><meta charset="utf-8">'
        f'<title>{escape(job.title)}</title><meta name="author" content="{escape(job.author)}">'
        f'<meta name="generator" content="carddb"><style>'
        f"@color-profile device-cmyk {{ components: cyan, magenta, yellow, black; src: url({job.profile.as_uri()}) }}"
        f"@page {{ size: {cut_w}mm {cut_h}mm; bleed: {bleed}mm; margin: 0 }}"
        f"{''.join(rules)} body {{ margin: 0 }} div {{ break-after: page }}"
        f"</style></head><body>{''.join(pages)}</body></html>"
    )


def write_pdfx(job: PdfxJob) -> Path:
    """Draw, separate and write one card's PDF/X file (a render worker's job)."""
    from weasyprint import HTML

    from carddb.files.atomic import atomic_path
    from carddb.render.fetcher import ConfinedFetcher

    size = tuple(round((c + 2 * job.bleed_mm) / MM_PER_INCH * job.dpi) for c in job.cut_mm)
    images = []
    for pdf in job.pages:
        cmyk = to_cmyk(face_image(pdf, (size[0], size[1])), job.profile)
        images.append(cmyk_jpeg(cmyk, job.ink_limit, job.dpi))
    fetcher = ConfinedFetcher([job.profile.parent])
    document = HTML(string=pdfx_html(job, images), url_fetcher=fetcher).render()
    if fetcher.refused or len(document.pages) != len(job.pages):
        raise RenderError(f"{job.target.name}: the PDF/X layout failed ({', '.join(fetcher.refused) or 'pages'})")
    with atomic_path(job.target) as tmp:
        document.write_pdf(tmp, pdf_variant=job.variant)
    remember(job.target, job.key(), job.cache)
    return job.target


@dataclass
class ServiceRun:
    """A print service's card PDFs being made: the faces at its size first, then one job per file."""

    db: CardDatabase
    cards: list[Card]
    preset: Product
    folder: Path
    profile: Path
    ink_limit: int
    faces: FaceRun
    backs: dict[str, Path]
    pool: RenderWorkers | None

    def finish(self) -> tuple[int, int]:
        """Wait for the files; (written now, current already)."""
        faces = {face.card_id: face for face in self.faces.finish()}
        pack = self.db.pack
        common = {
            "cache": self.folder.parent / ".cache" / "printservice",
            "author": pack.credited_author,
            "lang": pack.lang,
            "profile": self.profile,
            "cut_mm": pack.card_size_mm,
            "bleed_mm": self.preset.bleed_mm,
            "dpi": self.preset.dpi,
            "ink_limit": self.ink_limit,
            "variant": self.preset.pdf_variant or "pdf/x-1a",
        }
        jobs = []
        for card in self.cards:
            face = faces.get(card.id)
            if face is None:
                continue  # the face could not be laid out: its finding is in the report
            pages = tuple(side.pdf for side in face.sides)
            title = face_title(self.db, card)
            jobs.append(PdfxJob(pages, self.folder / f"{file_stem(card.id)}.pdf", title=title, **common))
        for back, pdf in self.backs.items():
            target = self.folder / "backs" / f"{back}.pdf"
            jobs.append(PdfxJob((pdf,), target, title=back_title(self.db, back), **common))
        todo = stale(jobs)
        if self.pool is not None:
            tickets = [self.pool.submit(WRITE_PDFX, job, label="print-service PDFs") for job in todo]
            self.pool.wait(tickets)
            for ticket in tickets:
                ticket.result()
        else:
            for job in todo:
                write_pdfx(job)
        return len(todo), len(jobs) - len(todo)


def start_service_pdfs(
    db: CardDatabase,
    cards: Sequence[Card],
    preset: Product,
    folder: Path,
    report: Report,
    *,
    profile: Path,
    ink_limit: int = DEFAULT_INK_LIMIT,
    pool: RenderWorkers | None = None,
) -> ServiceRun:
    """Lay the cards' faces out again at the service's size (queued on `pool`); `finish` writes the PDFs."""
    service = dataclasses.replace(db, pack=service_pack(db.pack, preset))
    whole = [card for card in cards if not card.is_back]
    faces = start_faces(service, whole, report, pool=pool)
    backs = render_backs(service, report, pool=pool)
    needed = {service.pack.kind(c.kind).back for c in whole if c.back is None}
    return ServiceRun(
        service, whole, preset, folder, profile, ink_limit, faces, {b: p for b, p in backs.items() if b in needed}, pool
    )
