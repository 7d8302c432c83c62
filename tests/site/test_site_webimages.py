"""Web images: face PDFs cut to their TrimBox at 150 dpi, re-written only when the PDF changed."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw
from pypdf import PdfReader, PdfWriter
from pypdf.generic import RectangleObject

from carddb.site.webimages import web_images

DPI = 300
MM = DPI / 25.4


def face_pdf(path: Path, inner: str) -> Path:
    """A 69 x 94 mm page: a red 3 mm bleed around a 63 x 88 mm trim of colour `inner`, TrimBox set."""
    image = Image.new("RGB", (round(69 * MM), round(94 * MM)), "#ff0000")
    ImageDraw.Draw(image).rectangle((round(3 * MM), round(3 * MM), round(66 * MM) - 1, round(91 * MM) - 1), fill=inner)
    raw = io.BytesIO()
    image.save(raw, format="PDF", resolution=DPI)
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(raw.getvalue())))
    page = writer.pages[0]
    pt = 72 / 25.4
    page.trimbox = RectangleObject((3 * pt, 3 * pt, 66 * pt, 91 * pt))
    with path.open("wb") as fh:
        writer.write(fh)
    return path


def test_png_is_the_trimmed_card_at_150_dpi(tmp_path: Path) -> None:
    pdf = face_pdf(tmp_path / "a.pdf", "#0000ff")
    result = web_images({"a": pdf}, tmp_path / "site" / "cards")
    with Image.open(result.paths["a"]) as png:
        assert abs(png.width - 63 / 25.4 * 150) <= 1.5 and abs(png.height - 88 / 25.4 * 150) <= 1.5
        rgb = png.convert("RGB")
        # The bleed is cut away: corners and edges are the card's colour, not the red bleed.
        for xy in [(1, 1), (png.width - 2, png.height - 2), (png.width // 2, 1)]:
            r, _, b = rgb.getpixel(xy)
            assert b > 200 and r < 60, xy


def test_only_changed_faces_are_rewritten(tmp_path: Path) -> None:
    pdfs = {"a": face_pdf(tmp_path / "a.pdf", "#0000ff"), "b": face_pdf(tmp_path / "b.pdf", "#00ff00")}
    out = tmp_path / "cards"
    first = web_images(pdfs, out)
    assert sorted(first.written) == ["a", "b"]
    before = (out / "b.png").stat().st_mtime_ns
    second = web_images(pdfs, out)
    assert second.written == [] and sorted(second.unchanged) == ["a", "b"]
    face_pdf(tmp_path / "a.pdf", "#ffff00")
    third = web_images(pdfs, out)
    assert third.written == ["a"] and third.unchanged == ["b"]
    assert (out / "b.png").stat().st_mtime_ns == before
    with Image.open(out / "a.png") as png:
        assert png.convert("RGB").getpixel((png.width // 2, png.height // 2))[:2] == (255, 255)
    # A deleted image is made again even though the manifest remembers it.
    (out / "b.png").unlink()
    assert web_images(pdfs, out).written == ["b"]


def test_many_images_on_two_workers(tmp_path: Path) -> None:
    pdf = face_pdf(tmp_path / "a.pdf", "#0000ff")
    pdfs = {f"card-{n}": pdf for n in range(6)}
    result = web_images(pdfs, tmp_path / "cards", workers=2)
    assert sorted(result.written) == sorted(pdfs)
    for card_id in pdfs:
        with Image.open(tmp_path / "cards" / f"{card_id}.png") as png:
            assert png.size == (372, 520)
