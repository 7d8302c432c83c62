"""The PNG writer: the same pixels Pillow would write, a resolution a reader finds, smaller and faster files."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from carddb.render.pngfile import png_bytes, write_png


def card_like(mode: str) -> Image.Image:
    """Flat colour, a gradient band and text: what a rendered card is made of."""
    image = Image.new(mode, (240, 330), (143, 45, 31, 255) if mode == "RGBA" else (143, 45, 31))
    draw = ImageDraw.Draw(image)
    for x in range(240):
        draw.line((x, 40, x, 120), fill=(x, 255 - x, 90) + ((200,) if mode == "RGBA" else ()))
    draw.text((20, 200), "Deal 2 damage to target Duke.", fill="white")
    rng = random.Random(7)
    for _ in range(300):  # some noise, so no row is trivially repeated
        image.putpixel((rng.randrange(240), rng.randrange(330)), (rng.randrange(256),) * len(mode))
    return image


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
def test_pixels_survive_the_round_trip(mode: str, tmp_path: Path) -> None:
    original = card_like(mode)
    write_png(original, tmp_path / "card.png", dpi=300)
    with Image.open(tmp_path / "card.png") as back:
        assert back.mode == mode and back.size == original.size
        assert back.tobytes() == original.tobytes()
        assert back.info["dpi"][0] == pytest.approx(300, abs=0.05)


def test_other_modes_are_written_as_rgb() -> None:
    with Image.open(io.BytesIO(png_bytes(card_like("RGB").convert("L")))) as back:
        assert back.mode == "RGB"


def test_no_resolution_unless_asked() -> None:
    with Image.open(io.BytesIO(png_bytes(card_like("RGB")))) as back:
        assert "dpi" not in back.info


def test_flat_cards_compress_at_least_as_well_as_pillow() -> None:
    image = card_like("RGB")
    pillow = io.BytesIO()
    image.save(pillow, format="PNG", compress_level=3)
    assert len(png_bytes(image)) <= len(pillow.getvalue()) * 1.1
