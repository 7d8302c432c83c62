"""Print services' card sizes: what each sells, the image it asks for, and where each figure comes from.

A preset (`carddb print --preset mpc`) writes each card as the image the service's upload asks
for at the size the game's cards are: the service's product whose cut is nearest the game's card.
Within 1.5 mm of the cut the card (with its bleed) is scaled uniformly to cover the service's
image and centred (a 63 x 88 mm card on a 2.5 x 3.5 in cut: about 303 dpi, the cut within 0.2 mm
of the trim). A product within 7 % of the card but further than 1.5 mm (a 44 x 67 mm mini card on
a 1.75 x 2.5 in cut) has the faces laid out again at the service's cut, so nothing is cropped or
stretched (carddb.render.printing). A card near no product of the service is a usage error naming
the sizes it sells.

Every figure is marked with where it comes from (docs/printing.md cites them):
`published` (the service's own page), `secondary` (a third party that read the service's
template and wrote it down), `computed` (the service's published bleed rule applied to the cut).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from carddb.findings.errors import UsageError
from carddb.packs.pack import GamePack

MM_PER_IN = 25.4
CLOSE_MM = 1.5  # within this of the cut on each side: scaled to cover, no new layout
NEAR = 0.07  # within this share of the cut on each side: laid out again at the cut


@dataclass(frozen=True)
class Product:
    """One card size a service sells, and the image its upload wants (with bleed, at `dpi`)."""

    service: str
    size: str  # poker, bridge, mini, tarot, square
    cut_in: tuple[float, float]
    width_px: int
    height_px: int
    source: str  # published, secondary or computed (see the module docstring)
    dpi: int = 300
    # The PDF variant the service takes card PDFs in (carddb.render.printservice); None: images only.
    pdf_variant: str | None = None
    # PNGs carry an sRGB ICC profile (iCCP): the colours are sRGB, said so for the service's software.
    srgb: bool = True

    @property
    def key(self) -> str:
        """How a PNG job names it: "mpc" for a service's poker cards (as before), else "mpc:tarot"."""
        return self.service if self.size == "poker" else f"{self.service}:{self.size}"

    @property
    def cut_mm(self) -> tuple[float, float]:
        return (round(self.cut_in[0] * MM_PER_IN, 2), round(self.cut_in[1] * MM_PER_IN, 2))

    @property
    def bleed_mm(self) -> float:
        """The service's bleed: half of what its image adds to the cut (1/8 in for DriveThruCards)."""
        return (self.width_px / self.dpi * MM_PER_IN - self.cut_mm[0]) / 2

    @property
    def label(self) -> str:
        return f"{SERVICES[self.service]} {self.size} ({self.cut_in[0]:g} x {self.cut_in[1]:g} in)"

    def needs_layout(self, trim_mm: tuple[float, float]) -> bool:
        """Whether the game's card is far enough from the cut to be laid out again at the cut."""
        return any(abs(card - cut) > CLOSE_MM for card, cut in zip(trim_mm, self.cut_mm, strict=True))


# DriveThruCards takes card PDFs as PDF/X-1a (CMYK, with an output intent) at every size it sells.
PDFX = "pdf/x-1a"

SERVICES = {"mpc": "MakePlayingCards", "drivethru": "DriveThruCards"}

PRODUCTS: tuple[Product, ...] = (
    # MakePlayingCards: the cut at 300 dpi plus 36 px on each side (every template found follows it).
    Product("mpc", "poker", (2.5, 3.5), 822, 1122, "secondary"),
    Product("mpc", "bridge", (2.25, 3.5), 747, 1122, "secondary"),
    Product("mpc", "tarot", (2.75, 4.75), 897, 1497, "secondary"),
    Product("mpc", "mini", (1.75, 2.5), 597, 822, "computed"),
    # DriveThruCards: the cut plus 1/8 in on each side (its published bleed rule), at 300 dpi.
    Product("drivethru", "poker", (2.5, 3.5), 825, 1125, "published", pdf_variant=PDFX),
    Product("drivethru", "bridge", (2.25, 3.5), 750, 1125, "computed", pdf_variant=PDFX),
    Product("drivethru", "tarot", (2.75, 4.75), 900, 1500, "computed", pdf_variant=PDFX),
    Product("drivethru", "mini", (1.75, 2.5), 600, 825, "computed", pdf_variant=PDFX),
    Product("drivethru", "square", (2.75, 2.75), 900, 900, "computed", pdf_variant=PDFX),
)

BY_KEY = {product.key: product for product in PRODUCTS}


def product_for(service: str, trim_mm: tuple[float, float]) -> Product:
    """The service's product for a game's card size; a UsageError naming what it sells if none is near."""
    if service not in SERVICES:
        raise UsageError(f"unknown --preset '{service}' (presets: {', '.join(SERVICES)})")
    sold = [p for p in PRODUCTS if p.service == service]

    def distance(product: Product) -> float:
        return max(abs(card - cut) / cut for card, cut in zip(trim_mm, product.cut_mm, strict=True))

    nearest = min(sold, key=distance)
    if distance(nearest) <= NEAR:
        return nearest
    sizes = "; ".join(
        f"{p.size} {p.cut_in[0]:g} x {p.cut_in[1]:g} in ({p.cut_mm[0]:g} x {p.cut_mm[1]:g} mm)" for p in sold
    )
    raise UsageError(
        f"--preset {service}: {SERVICES[service]} sells no card near this game's {trim_mm[0]:g} x {trim_mm[1]:g} mm"
        f" (the sizes carddb knows it to sell: {sizes}); send the service the single-card PDFs"
        " (output/<game>/cards/) or --png images"
    )


def pack_at_cut(pack: GamePack, product: Product) -> GamePack:
    """The game as the service's product lays it out: its cards at the cut, its layouts' mm boxes scaled to it."""
    cut = product.cut_mm
    sx, sy = cut[0] / pack.card_size_mm[0], cut[1] / pack.card_size_mm[1]
    layouts = tuple(
        dataclasses.replace(
            layout,
            regions=tuple(
                dataclasses.replace(r, at=(r.at[0] * sx, r.at[1] * sy, r.at[2] * sx, r.at[3] * sy)) if r.at else r
                for r in layout.regions
            ),
        )
        for layout in pack.faces.layouts
    )
    faces = dataclasses.replace(pack.faces, layouts=layouts)
    # Its faces and backs are cached apart from the game's own size: each run's sweep of a cache
    # keeps only what that run uses, and a print makes both sizes.
    extras = {**pack.extras, "face_cache": f"{product.key}-{cut[0]:g}x{cut[1]:g}"}
    return dataclasses.replace(pack, card_size_mm=cut, faces=faces, extras=extras)
