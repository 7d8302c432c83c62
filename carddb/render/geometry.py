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

Type sizes and the heights of the title bar, type line and footer follow the card:
`type_scale` is 1 for a poker card and grows or shrinks with the square root of the
card's area (bounded to 0.8-1.3), so a tarot card's rules text starts at 11 pt and a
mini card's at 7 pt, each with its own smallest size (`fit_steps`).

Stats (shields on the lower edge) sit beside the footer while the footer keeps room
for its collector line; with more stats than fit, they move to a row above the
footer and the rules box gives up that height. Either way nothing overlaps the footer.
"""

from __future__ import annotations

import math
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
POKER_AREA = 63.0 * 88.0
SCALE_RANGE = (0.8, 1.3)  # type_scale's bounds: a mini card's text is not set smaller than 0.8 of poker's
RULES_START_PT = 9.0  # a poker card's rules text starts here...
RULES_MIN_PT = 7.0  # ...and is never set smaller than this
SMALLEST_PT = 6.0  # no card's rules text goes below this, whatever its size
TITLE_H = 7.6  # heights on a poker card, scaled by type_scale on others
TYPE_H = 5.2
FOOTER_H = 4.0


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

    @cached_property
    def type_scale(self) -> float:
        """Type sizes and bar heights relative to a poker card's: the square root of the area ratio, bounded."""
        ratio = math.sqrt(self.trim_w * self.trim_h / POKER_AREA)
        return round(min(SCALE_RANGE[1], max(SCALE_RANGE[0], ratio)), 3)

    def t(self, value: float) -> float:
        """A poker card's size (mm or pt) for this card: scaled by `type_scale`, rounded (9, not 9.0, in CSS)."""
        scaled = _mm(value * self.type_scale)
        return int(scaled) if scaled == int(scaled) else scaled

    @property
    def scale(self) -> float:
        """Fixed-size parts (stat shields, the back's title): with the type, never wider than the card allows."""
        return min(self.type_scale, self.page_w / POKER_BLEED_W)

    def fit_steps(self) -> tuple[float, float]:
        """The rules text's largest and smallest size on this card (9 and 7 pt on a poker card), in half points."""
        start = round(RULES_START_PT * self.type_scale * 2) / 2
        smallest = max(SMALLEST_PT, round(RULES_MIN_PT * self.type_scale * 2) / 2)
        return start, min(smallest, start)

    def inset(self, extra: float) -> float:
        return _mm(self.bleed + extra)

    def width_inside(self, extra: float) -> float:
        return _mm(self.page_w - 2 * (self.bleed + extra))

    # ---- the face, top to bottom

    @property
    def title_w(self) -> float:
        return self.width_inside(2.2)

    @property
    def title_h(self) -> float:
        return self.t(TITLE_H)

    @property
    def art_top(self) -> float:
        return self.inset(2.9 + self.title_h)

    @cached_property
    def art_h(self) -> float:
        return _mm(self.flexible_h * ART_SHARE)

    @property
    def flexible_h(self) -> float:
        """Height shared by the art window and the rules box (62.6 mm on a poker card)."""
        return _mm(self.trim_h - (2.9 + self.title_h) - (1.1 + self.type_h) - (4.6 + self.footer_h))

    @property
    def type_h(self) -> float:
        return self.t(TYPE_H)

    @property
    def type_top(self) -> float:
        return _mm(self.art_top + self.art_h + 0.5)

    @property
    def rules_top(self) -> float:
        return _mm(self.type_top + self.type_h + 0.6)

    @property
    def rules_h(self) -> float:
        return _mm(self.flexible_h - self.art_h)

    @property
    def footer_h(self) -> float:
        return self.t(FOOTER_H)

    @property
    def footer_top(self) -> float:
        return _mm(self.page_h - self.bleed - 3.4 - self.footer_h)

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
        return _mm(self.page_h - self.bleed - 2.4 - self.shield_h)

    @property
    def footer_scale(self) -> float:
        """The footer's type size over a poker card's (its text is never set below 5 pt)."""
        return max(self.t(5.6), 5.0) / 5.6

    def stats_beside_footer(self, count: int) -> bool:
        return self.footer_w - count * self.shield_step - FOOTER_GAP >= MIN_FOOTER * self.footer_scale

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
            # The collector line and the credit need room in proportion to the footer's type size.
            collector_w, artist_min, min_footer = (w * self.footer_scale for w in (COLLECTOR_W, ARTIST_MIN, MIN_FOOTER))
            rows.append(
                {
                    "count": count,
                    "beside": beside,
                    "width": width,
                    "top": top,
                    "footer_w": footer,
                    "collector_w": _mm(min(collector_w, max(footer - artist_min, min_footer), footer)),
                    "artist_w": _mm(
                        max(footer - collector_w, artist_min) if footer >= min_footer + artist_min else 0.0
                    ),
                    "rules_h": rules_h,
                }
            )
        return rows

    @property
    def footer_parts(self) -> tuple[float, float]:
        """Widths of the collector line and the artist credit in a footer without stats (0: no credit)."""
        scale = self.footer_scale
        collector = _mm(min(COLLECTOR_W * scale, self.footer_w - ARTIST_MIN * scale))
        artist = _mm(min(26.0 * scale, self.footer_w - collector))
        return (collector, artist) if collector >= MIN_FOOTER * scale else (self.footer_w, 0.0)

    def name_limits(self) -> tuple[int, int]:
        """Name lengths (characters) above which the name is set smaller, then smaller still."""
        ratio = self.title_w / 58.6 / self.type_scale
        return round(21 * ratio), round(27 * ratio)

    # ---- named slots, for layouts declared as data (carddb.packs.facedesign.SLOTS)

    def slot(self, name: str) -> tuple[float, float, float, float]:
        """The box of a named slot of the default frame: (left, top, width, height) in mm from the bleed edge."""
        left, art_w = self.inset(2.8), self.width_inside(2.8)
        corner = self.t(10.0)
        pad = self.t(1.2)
        art_bottom = _mm(self.art_top + self.art_h)
        boxes = {
            "title": (self.inset(2.2), self.inset(2.2), self.title_w, self.title_h),
            "name": (self.inset(3.3), self.inset(2.2), _mm(self.title_w * 0.7), self.title_h),
            "cost": (
                _mm(self.inset(2.2) + self.title_w * 0.7),
                self.inset(2.2),
                _mm(self.title_w * 0.3 - 0.7),
                self.title_h,
            ),
            "art": (left, self.art_top, art_w, self.art_h),
            "art-top": (left, self.art_top, art_w, self.t(6.0)),
            "art-bottom": (left, _mm(art_bottom - self.t(6.0)), art_w, self.t(6.0)),
            "art-top-left": (_mm(left + pad), _mm(self.art_top + pad), corner, corner),
            "art-top-right": (_mm(left + art_w - pad - corner), _mm(self.art_top + pad), corner, corner),
            "art-bottom-left": (_mm(left + pad), _mm(art_bottom - pad - corner), corner, corner),
            "art-bottom-right": (_mm(left + art_w - pad - corner), _mm(art_bottom - pad - corner), corner, corner),
            "type": (self.inset(2.2), self.type_top, self.title_w, self.type_h),
            "rules": (left, self.rules_top, art_w, self.rules_h),
            "stats": (
                _mm(self.page_w - self.inset(2.4) - 2 * self.shield_step),
                self.stats_top,
                _mm(2 * self.shield_step),
                self.shield_h,
            ),
            "footer": (self.inset(3.2), self.footer_top, self.footer_w, self.footer_h),
            "bottom-left": (self.inset(2.4), self.stats_top, self.shield_w, self.shield_h),
            "bottom-right": (
                _mm(self.page_w - self.inset(2.4) - self.shield_w),
                self.stats_top,
                self.shield_w,
                self.shield_h,
            ),
        }
        return boxes[name]

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
