"""PNG pictures in PDFs written by the render workers: an 8-bit greyscale or RGB PNG goes in as its own
compressed rows, not decoded and encoded again; every other picture goes in as WeasyPrint makes it; and
each looks exactly as WeasyPrint alone would draw it."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageDraw
from pypdf import PdfReader

from carddb.render.pngfile import embeddable_pixels
from carddb.render.workers import import_renderer


def _picture(mode: str) -> Image.Image:
    """Flat areas, a gradient and sharp edges: rows that Pillow's encoder filters in different ways."""
    image = Image.linear_gradient("L").resize((90, 60)).convert("RGB")
    draw = ImageDraw.Draw(image)
    draw.rectangle((10, 10, 40, 30), fill=(200, 30, 60))
    draw.ellipse((50, 20, 85, 55), fill=(20, 120, 220))
    draw.line((0, 59, 89, 0), fill=(255, 255, 0), width=3)
    if mode == "RGBA":
        image.putalpha(Image.linear_gradient("L").resize((90, 60)).rotate(90))
    return image.convert(mode) if mode not in ("RGB", "RGBA") else image


@pytest.fixture
def pictures(tmp_path: Path) -> dict[str, Path]:
    files = {}
    for name, mode in [("rgb", "RGB"), ("grey", "L"), ("alpha", "RGBA"), ("palette", "P")]:
        path = tmp_path / f"{name}.png"
        # Not Pillow's default level, which WeasyPrint's own encoding would reproduce byte for byte.
        _picture(mode).save(path, compress_level=1)
        files[name] = path
    # RGB with a transparent colour (a tRNS chunk): WeasyPrint draws it with an alpha channel.
    files["keyed"] = tmp_path / "keyed.png"
    _picture("RGB").save(files["keyed"], compress_level=1, transparency=(200, 30, 60))
    return files


def _interlaced(png: bytes) -> bytes:
    # Pillow cannot write an interlaced PNG: the IHDR's interlace byte is set instead, which is
    # all a reader looks at before deciding how to read the rows.
    start = png.index(b"IHDR")
    header = bytearray(png[start + 4 : start + 17])
    header[12] = 1
    chunk = b"IHDR" + bytes(header)
    return (
        png[: start - 4] + struct.pack(">I", 13) + chunk + struct.pack(">I", zlib.crc32(chunk)) + png[start + 17 + 4 :]
    )


def _idat(png: bytes) -> bytes:
    pixels = embeddable_pixels(png)
    assert pixels is not None
    return pixels.deflated


def _pdf(picture: Path) -> bytes:
    from weasyprint import HTML

    html = f'<body style="margin: 0"><img src="{picture.as_uri()}" style="width: 90px; height: 60px"></body>'
    return HTML(string=html).write_pdf()


def _drawn(pdf: bytes) -> Image.Image:
    return pdfium.PdfDocument(pdf)[0].render(scale=2).to_pil().convert("RGB")


def _image_streams(pdf: bytes) -> Iterator[bytes]:
    import io

    for page in PdfReader(io.BytesIO(pdf)).pages:
        for ref in page["/Resources"]["/XObject"].values():
            yield ref.get_object()._data  # the stream as stored, still compressed


@pytest.mark.parametrize("name", ["rgb", "grey"])
def test_an_8_bit_grey_or_rgb_png_goes_into_the_pdf_as_its_own_bytes(pictures: dict[str, Path], name: str) -> None:
    import_renderer()
    import carddb.render.layout  # noqa: F401

    png = pictures[name].read_bytes()
    streams = list(_image_streams(_pdf(pictures[name])))
    assert streams == [_idat(png)]


def test_each_picture_looks_as_weasyprint_alone_draws_it(
    pictures: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import_renderer()
    import weasyprint.images as images

    import carddb.render.layout  # noqa: F401

    ours = {name: _pdf(path) for name, path in pictures.items()}
    monkeypatch.setattr(images.RasterImage, "get_x_object", images.RasterImage.get_x_object.carddb_original)
    theirs = {name: _pdf(path) for name, path in pictures.items()}
    for name in pictures:
        assert ImageChops.difference(_drawn(ours[name]), _drawn(theirs[name])).getbbox() is None, name
        if name in ("rgb", "grey"):
            assert ours[name] != theirs[name]  # WeasyPrint alone encodes the rows again
        else:
            assert ours[name] == theirs[name]  # alpha, a palette, a transparent colour: WeasyPrint's own way


def test_only_whole_8_bit_grey_or_rgb_pngs_are_taken_as_they_are(pictures: dict[str, Path], tmp_path: Path) -> None:
    rgb = pictures["rgb"].read_bytes()
    pixels = embeddable_pixels(rgb)
    assert pixels is not None and (pixels.width, pixels.height, pixels.channels) == (90, 60, 3)
    # The rows as stored decode to the picture's rows, each behind its filter byte.
    assert len(zlib.decompress(pixels.deflated)) == 60 * (1 + 90 * 3)
    assert embeddable_pixels(pictures["grey"].read_bytes()).channels == 1  # type: ignore[union-attr]
    for name in ("alpha", "palette"):
        assert embeddable_pixels(pictures[name].read_bytes()) is None, name
    assert embeddable_pixels(_interlaced(rgb)) is None
    wide = tmp_path / "wide.png"
    Image.new("I;16", (4, 4), 300).save(wide)
    assert embeddable_pixels(wide.read_bytes()) is None  # 16 bits a sample
    assert embeddable_pixels(rgb[: len(rgb) // 2]) is None  # truncated
    assert embeddable_pixels(b"GIF89a" + rgb[6:]) is None
