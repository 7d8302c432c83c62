"""A PNG writer for rendered cards: no row filters, zlib-ng level 2.

Pillow's PNG encoder tries every row filter on every row and keeps the best, which
is what costs the time: 17 ms for a 300 dpi card (815 x 1111 px), of which the
deflate itself is a third. Rendered cards are large areas of flat colour and
text on them, which deflate compresses well without a filter: 6 ms for the same
card, and the file comes out smaller (111 KB against Pillow's 126 KB at the same
level). The pixels are the same (PNG is lossless); this only writes the bytes.

The deflate is zlib-ng's (the same format, any PNG reader reads it): at its level 2 a
300 dpi card takes 2.2 ms instead of the standard zlib's 5.8 ms at level 3, for a file
about a sixth larger (130 KB against 110 KB; measured on the 192 LOE cards). A build
writes some 600 such images (PNGs, site images, the Tabletop sheets' lossless copies).

The file is standard PNG (IHDR, pHYs with the resolution, IDAT, IEND), 8 bits
per channel, RGB or RGBA.
"""

from __future__ import annotations

import functools
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from zlib_ng import zlib_ng

from carddb.files.atomic import atomic_path

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 2  # zlib-ng's
_COLOR_TYPES = {"RGB": (2, 3), "RGBA": (6, 4)}  # mode -> (PNG colour type, bytes per pixel)
INCH_MM = 25.4


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@functools.cache
def srgb_profile() -> bytes:
    """An sRGB ICC profile (Little CMS's, through Pillow): what a print service's software reads the colours as."""
    from PIL import ImageCms

    return bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())


def png_bytes(image: Image.Image, dpi: float | None = None, icc: bytes | None = None) -> bytes:
    """The image (RGB or RGBA) as PNG bytes, recording `dpi` and the ICC profile `icc` if given."""
    if image.mode not in _COLOR_TYPES:
        image = image.convert("RGBA" if "A" in image.mode else "RGB")
    color_type, channels = _COLOR_TYPES[image.mode]
    width, height = image.size
    raw = memoryview(image.tobytes())
    stride = width * channels
    # Filter type 0 (none) at the start of every row. The rows are views joined once: slicing
    # and prefixing each row as bytes copied the image twice more (a Tabletop Simulator sheet:
    # 131-135 ms to encode instead of 152-170 ms; a card, within the noise).
    framed: list[bytes | memoryview] = [b"\x00", b""] * height
    framed[1::2] = [raw[y * stride : (y + 1) * stride] for y in range(height)]
    rows = b"".join(framed)
    parts = [SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0))]
    if icc:
        # iCCP: a profile name, a null, compression method 0, the zlib-compressed profile (before the pixels)
        parts.append(_chunk(b"iCCP", b"sRGB\x00\x00" + zlib.compress(icc)))
    if dpi:
        per_metre = round(dpi / INCH_MM * 1000)
        parts.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    parts.append(_chunk(b"IDAT", zlib_ng.compress(rows, LEVEL)))
    parts.append(_chunk(b"IEND", b""))
    return b"".join(parts)


def png_size_and_dpi(path: Path) -> tuple[tuple[int, int], float | None]:
    """A PNG's size in pixels and its horizontal resolution (pHYs, in dots per inch), read from its header.

    Deciding whether 700 PNGs are up to date must not decode or even open each image:
    the chunks before the pixels say all of it. Raises ValueError for a file that is not a PNG.
    """
    size, dpi, _kinds = png_header(path)
    return size, dpi


def png_header(path: Path) -> tuple[tuple[int, int], float | None, frozenset[bytes]]:
    """A PNG's size, resolution and the kinds of the chunks before its pixels (b"iCCP" for a profile)."""
    with path.open("rb") as handle:
        head = handle.read(1 << 16)
    if not head.startswith(SIGNATURE) or head[12:16] != b"IHDR":
        raise ValueError(f"{path} is not a PNG")
    size = struct.unpack(">II", head[16:24])
    at = len(SIGNATURE)
    dpi, kinds = None, set()
    while at + 8 <= len(head):
        (length,) = struct.unpack(">I", head[at : at + 4])
        kind = head[at + 4 : at + 8]
        if kind in (b"IDAT", b"IEND"):  # pHYs and iCCP must come before the pixels
            break
        kinds.add(kind)
        if kind == b"pHYs" and at + 17 <= len(head):
            per_unit, _y, unit = struct.unpack(">IIB", head[at + 8 : at + 17])
            dpi = per_unit * INCH_MM / 1000 if unit == 1 else None
        at += 12 + length
    return size, dpi, frozenset(kinds)


@dataclass(frozen=True)
class PngPixels:
    """The compressed pixels of a PNG that a PDF can hold as they are (see `embeddable_pixels`)."""

    width: int
    height: int
    channels: int  # 1 (greyscale) or 3 (RGB)
    deflated: bytes  # the IDAT chunks joined: one zlib stream of PNG-filtered rows


_EMBEDDABLE = {0: 1, 2: 3}  # PNG colour type (greyscale, RGB) -> channels


def embeddable_pixels(data: bytes) -> PngPixels | None:
    """The pixels of an 8-bit, non-interlaced greyscale or RGB PNG as its compressed stream, else None.

    A PDF image with /FlateDecode and a PNG predictor (`/Predictor 15`) decodes exactly
    what a PNG's IDAT chunks hold, whatever filter each row uses, so such a picture can
    go into a PDF as its own bytes. Anything else (alpha, a palette, 16 bits, interlacing,
    a damaged file) gives None and is decoded as usual.
    """
    if not data.startswith(SIGNATURE):
        return None
    at, header, chunks = len(SIGNATURE), None, []
    while at + 12 <= len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        end = at + 8 + length
        if end + 4 > len(data):
            return None  # truncated
        if kind == b"IHDR":
            header = data[at + 8 : end]
        elif kind == b"IDAT":
            chunks.append(data[at + 8 : end])
        elif kind == b"IEND":
            break
        at = end + 4
    if header is None or len(header) != 13 or not chunks:
        return None
    width, height, depth, colour, _method, _filter, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or interlace != 0 or colour not in _EMBEDDABLE or not width or not height:
        return None
    return PngPixels(width, height, _EMBEDDABLE[colour], b"".join(chunks))


def write_png(image: Image.Image, target: Path, dpi: float | None = None, icc: bytes | None = None) -> Path:
    """Write the image as a PNG file atomically (with the ICC profile `icc`, if given)."""
    data = png_bytes(image, dpi, icc)
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)
    return target
