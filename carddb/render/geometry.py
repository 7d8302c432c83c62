"""Where each part of the default card face goes, in millimetres, for any card size.

The stylesheet `templates/base/card.css` is a jinja template: it is rendered with a
`FaceGeometry` computed from the game pack's card size and bleed, so the size is
stated once (in the pack, or its game.yaml) and the CSS holds concrete numbers.
(CSS variables, calc() and flexbox would do the same in the browser, but make
WeasyPrint's layout several times slower; hundreds of cards are laid out per run.)

Positions are measured from the bleed edge. Insets from the sides are fixed, so a
wider card has wider boxes; the height left between the title bar and the footer
is shared by the art window and the rules box in the poker card's proportion. A
poker card (63 x 88 mm, 3 mm bleed) gets exactly the numbers the stylesheet had
when it was written for poker cards only.

Stats (shields on the lower edge) sit beside the footer while the footer keeps room
for its collector line; with more stats than fit, they move to a row above the
footer and the rules box gives up that height. Either way nothing overlaps the footer.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

POKER_BLEED_W = 69.0  # the bleed width the fixed sizes (shields, back title) were drawn for
ART_SHARE = 31.6 / 62.6  # the poker card's split of the flexible height: art window / (art + rules)
SHIELD_W = 9.6
SHIELD_H = 9.4
SHIELD_GAP = 0.6
FOOTER_GAP = 1.4  # between the footer's text and the first shield
MIN_FOOTER = 20.0  # narrower than this, the collector line does not fit: stats move above the footer
COLLECTOR_W = 30.0  # the left part of the footer: set, number, rarity, version
ARTIST_MIN = 14.0  # narrower than this, the artist credit is left out of the footer


def _mm(value: float) -> float:
    return round(value, 2)


@dataclass(frozen=True)
class FaceGeometry:
    trim_w: float
    trim_h: float
    bleed: float

    @property
    def page_w(self) -> float:
        return _mm(self.trim_w + 2 * self.bleed)

    @property
    def page_h(self) -> float:
        return _mm(self.trim_h + 2 * self.bleed)

    @property
    def scale(self) -> float:
        """Shrinks fixed-size parts (stat shields, the back's title) on cards narrower than poker."""
        return min(1.0, self.page_w / POKER_BLEED_W)

    def inset(self, extra: float) -> float:
        return _mm(self.bleed + extra)

    def width_inside(self, extra: float) -> float:
        return _mm(self.page_w - 2 * (self.bleed + extra))

    # ---- the face, top to bottom

    @property
    def title_w(self) -> float:
        return self.width_inside(2.2)

    @property
    def art_top(self) -> float:
        return self.inset(10.5)

    @cached_property
    def art_h(self) -> float:
        return _mm(self.flexible_h * ART_SHARE)

    @property
    def flexible_h(self) -> float:
        """Height shared by the art window and the rules box (62.6 mm on a poker card)."""
        return _mm(self.trim_h - 25.4)

    @property
    def type_top(self) -> float:
        return _mm(self.art_top + self.art_h + 0.5)

    @property
    def rules_top(self) -> float:
        return _mm(self.type_top + 5.2 + 0.6)

    @property
    def rules_h(self) -> float:
        return _mm(self.flexible_h - self.art_h)

    @property
    def footer_top(self) -> float:
        return _mm(self.page_h - self.bleed - 7.4)

    @property
    def footer_w(self) -> float:
        return self.width_inside(3.2)

    @property
    def shield_w(self) -> float:
        return _mm(SHIELD_W * self.scale)

    @property
    def shield_h(self) -> float:
        return _mm(SHIELD_H * self.scale)

    @property
    def shield_step(self) -> float:
        return _mm((SHIELD_W + SHIELD_GAP) * self.scale)

    @property
    def stats_top(self) -> float:
        return _mm(self.page_h - self.bleed - 11.8)

    def stats_beside_footer(self, count: int) -> bool:
        return self.footer_w - count * self.shield_step - FOOTER_GAP >= MIN_FOOTER

    def stat_rows(self, most: int) -> list[dict[str, float | int | bool]]:
        """The rules for 1..`most` stats: where the shields go and how much room the footer keeps."""
        rows = []
        for count in range(1, most + 1):
            beside = self.stats_beside_footer(count)
            width = _mm(count * self.shield_step)
            if beside:  # the rules box ends just above the shields
                footer = _mm(self.footer_w - width - FOOTER_GAP)
                top, rules_h = self.stats_top, _mm(self.stats_top - 0.4 - self.rules_top)
            else:  # a row of shields above a full-width footer; the rules box ends above it
                footer = self.footer_w
                top = _mm(self.footer_top - self.shield_h - 0.3)
                rules_h = _mm(top - 0.6 - self.rules_top)
            rows.append(
                {
                    "count": count,
                    "beside": beside,
                    "width": width,
                    "top": top,
                    "footer_w": footer,
                    "collector_w": _mm(min(COLLECTOR_W, max(footer - ARTIST_MIN, MIN_FOOTER), footer)),
                    "artist_w": _mm(
                        max(footer - COLLECTOR_W, ARTIST_MIN) if footer >= MIN_FOOTER + ARTIST_MIN else 0.0
                    ),
                    "rules_h": rules_h,
                }
            )
        return rows

    @property
    def footer_parts(self) -> tuple[float, float]:
        """Widths of the collector line and the artist credit in a footer without stats (0: no credit)."""
        collector = _mm(min(COLLECTOR_W, self.footer_w - ARTIST_MIN))
        artist = _mm(min(26.0, self.footer_w - collector))
        return (collector, artist) if collector >= MIN_FOOTER else (self.footer_w, 0.0)

    def name_limits(self) -> tuple[int, int]:
        """Name lengths (characters) above which the name is set smaller, then smaller still."""
        ratio = self.title_w / 58.6
        return round(21 * ratio), round(27 * ratio)

    # ---- the back

    @property
    def medallion(self) -> float:
        return _mm(min(44.0, self.page_w - 25.0, self.page_h - 50.0))

    @property
    def medallion_left(self) -> float:
        return _mm((self.page_w - self.medallion) / 2)

    @property
    def medallion_top(self) -> float:
        return _mm(self.page_h / 2 - 1 - self.medallion / 2)
