"""The default frame at each named card size: a poker card exactly as before, the others scaled with the card."""

from __future__ import annotations

import pytest

from carddb.packs.pack import CARD_SIZES
from carddb.render.fit import sizes
from carddb.render.geometry import FaceGeometry


def test_a_poker_card_keeps_the_numbers_it_always_had() -> None:
    # The stylesheet's numbers from before sizes scaled the type (templates/base/card.css, poker only).
    g = FaceGeometry(63.0, 88.0, 3.0)
    assert (g.type_scale, g.title_h, g.type_h, g.footer_h) == (1.0, 7.6, 5.2, 4.0)
    assert (g.art_top, g.art_h, g.type_top, g.rules_top, g.rules_h) == (13.5, 31.6, 45.6, 51.4, 31.0)
    assert (g.footer_top, g.stats_top, g.shield_w, g.shield_h) == (83.6, 79.2, 9.6, 9.4)
    assert g.fit_steps() == (9.0, 7.0) and g.name_limits() == (21, 27)


# type scale = sqrt(area / poker's 5544 mm2), bounded to 0.8-1.3; rules text from 9 and 7 pt scaled, to
# the half point, never below 6 pt
@pytest.mark.parametrize(
    ("size", "scale", "steps"),
    [("poker", 1.0, (9.0, 7.0)), ("bridge", 0.937, (8.5, 6.5)), ("mini", 0.8, (7.0, 6.0)),
     ("tarot", 1.231, (11.0, 8.5)), ("square", 0.94, (8.5, 6.5))],
)  # fmt: skip
def test_type_sizes_follow_the_card(size: str, scale: float, steps: tuple[float, float]) -> None:
    g = FaceGeometry(*CARD_SIZES[size], 3.0)
    assert g.type_scale == scale and g.fit_steps() == steps
    assert sizes(*steps)[0] == steps[0] and sizes(*steps)[-1] == steps[1]


@pytest.mark.parametrize("size", list(CARD_SIZES))
def test_the_frame_fills_the_card_at_every_size(size: str) -> None:
    g = FaceGeometry(*CARD_SIZES[size], 3.0)
    # title bar, art window, type line, rules box and footer follow each other down the card, with the
    # poker card's gaps, and the footer ends 3.4 mm above the cut
    assert g.art_top == pytest.approx(g.bleed + 2.9 + g.title_h)
    assert g.rules_top == pytest.approx(g.art_top + g.art_h + 0.5 + g.type_h + 0.6)
    assert g.footer_top - (g.rules_top + g.rules_h) == pytest.approx(1.2, abs=0.02)
    assert g.footer_top + g.footer_h == pytest.approx(g.page_h - g.bleed - 3.4)
    assert g.art_h / (g.art_h + g.rules_h) == pytest.approx(31.6 / 62.6, abs=0.002)
    # every slot lies on the card, inside its bleed
    for slot in ("title", "art", "art-top", "art-bottom-left", "art-top-right", "type", "rules", "stats", "footer"):
        left, top, width, height = g.slot(slot)
        assert left >= g.bleed and top >= g.bleed
        assert left + width <= g.page_w - g.bleed + 0.01 and top + height <= g.page_h - g.bleed + 0.01, slot
