"""Hostile and unusual art files: a located error with placeholder art, or the picture printed right.

One LOE project holds a card per art file and is printed once with `--png`. Broken files (truncated
PNG and JPEG, decompression bombs and absurd sizes in the header, SVG with external entities or
file:/http: references, text named .png, zero bytes) end in `E-ART-UNREADABLE` at the card's art
line, with the placeholder printed and nothing read from outside or fetched. Unusual but valid files
(CMYK JPEG, 16-bit PNG, an animated GIF, a palette PNG with transparency, 1-bit, grey with alpha)
must look like the same picture saved as plain 8-bit RGB: each card's 300 dpi PNG is compared with
the PNG of a reference card whose art is that plain file.
"""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest
import yaml
from hostile_out_tools import (
    built_once,
    carddb,
    counting_server,
    located,
    shared_root,
    token_leaks,
    write_canary,
)
from PIL import Image, ImageChops

RED = (200, 40, 40)
GREY = (128, 128, 128)
SIZE = (400, 300)


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _bomb(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims `width` x `height` RGB pixels (its data would inflate to all of them)."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = zlib.compress(b"\x00" * (1 + 3 * min(width, 4096)) * 64, 9)
    return b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", header) + _png_chunk(b"IDAT", rows) + _png_chunk(b"IEND", b"")


def _saved(image: Image.Image, fmt: str, **options: object) -> bytes:
    out = io.BytesIO()
    image.save(out, format=fmt, **options)
    return out.getvalue()


def _plain(color: tuple[int, int, int]) -> bytes:
    return _saved(Image.new("RGB", SIZE, color), "PNG")


def _sixteen_bit_grey() -> bytes:
    return _saved(Image.new("I;16", SIZE, 0x8080), "PNG")


def _animated_gif() -> bytes:
    frames = [Image.new("RGB", SIZE, RED), Image.new("RGB", SIZE, (30, 60, 220)), Image.new("RGB", SIZE, (0, 0, 0))]
    return _saved(frames[0], "GIF", save_all=True, append_images=frames[1:], duration=100, loop=0)


def _palette_with_transparency() -> bytes:
    image = Image.new("P", SIZE, 0)
    image.putpalette([*RED, 0, 0, 0] + [0] * (256 * 3 - 6))
    return _saved(image, "PNG", transparency=1)  # index 1 is transparent; the picture uses only index 0


def _grey_alpha() -> bytes:
    return _saved(Image.new("LA", SIZE, (128, 255)), "PNG")


def _bilevel() -> bytes:
    return _saved(Image.new("1", SIZE, 1), "PNG")


def _truncated(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _svg(canary: str, url: str) -> dict[str, bytes]:
    return {
        "xxe.svg": (
            f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file://{canary}/secret.txt">]>'
            '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><text y="20">&xxe;</text></svg>'
        ).encode(),
        "file-ref.svg": (
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="300">'
            f'<image xlink:href="file://{canary}/secret.png" width="400" height="300"/></svg>'
        ).encode(),
        "http-ref.svg": (
            '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">'
            f'<image href="{url}/P40.png" width="400" height="300"/></svg>'
        ).encode(),
        "xxe-named.png": (
            f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file://{canary}/secret.txt">]>'
            '<svg xmlns="http://www.w3.org/2000/svg"><text>&xxe;</text></svg>'
        ).encode(),
    }


# card id -> art file name; broken ones must be refused, good ones must look like their reference.
BROKEN = {
    "truncated-png": "truncated.png",
    "truncated-jpeg": "truncated.jpg",
    "bomb-100k": "bomb.png",
    "bomb-wide": "wide.png",
    "header-max-size": "max.png",
    "svg-xxe": "xxe.svg",
    "svg-file-ref": "file-ref.svg",
    "svg-http-ref": "http-ref.svg",
    "svg-xxe-named-png": "xxe-named.png",
    "text-named-png": "notes.png",
    "zero-bytes": "empty.png",
    "zero-bytes-jpeg": "empty.jpg",
    "gif-header-only": "header.gif",
    "jpeg-header-only": "header.jpg",
}
GOOD = {
    "cmyk-jpeg": ("cmyk.jpg", "red.png"),
    "sixteen-bit-png": ("grey16.png", "grey.png"),
    "animated-gif": ("animated.gif", "red.png"),
    "palette-transparency": ("palette.png", "red.png"),
    "grey-alpha": ("grey-alpha.png", "grey.png"),
    "bilevel": ("bilevel.png", "white.png"),
    "rgb-jpeg": ("red.jpg", "red.png"),
    "webp": ("red.webp", "red.png"),
    "tiff": ("red.tiff", "red.png"),
    "bmp": ("red.bmp", "red.png"),
}
REFERENCES = {"ref-red": "red.png", "ref-grey": "grey.png", "ref-white": "white.png"}


def _art_files(canary: str, url: str) -> dict[str, bytes]:
    red_png = _plain(RED)
    red_jpeg = _saved(Image.new("RGB", SIZE, RED), "JPEG", quality=95)
    files = {
        "red.png": red_png,
        "grey.png": _plain(GREY),
        "white.png": _plain((255, 255, 255)),
        "truncated.png": _truncated(_saved(Image.effect_noise(SIZE, 60).convert("RGB"), "PNG")),
        "truncated.jpg": _truncated(_saved(Image.effect_noise(SIZE, 60).convert("RGB"), "JPEG")),
        "bomb.png": _bomb(100_000, 100_000),
        "wide.png": _bomb(2**31 - 1, 1),
        "max.png": _bomb(2**31 - 1, 2**31 - 1),
        "notes.png": b"just some notes, not a picture\n",
        "empty.png": b"",
        "empty.jpg": b"",
        "header.gif": b"GIF89a",
        "header.jpg": b"\xff\xd8\xff\xe0",
        "cmyk.jpg": _saved(Image.new("RGB", SIZE, RED).convert("CMYK"), "JPEG", quality=95),
        "grey16.png": _sixteen_bit_grey(),
        "animated.gif": _animated_gif(),
        "palette.png": _palette_with_transparency(),
        "grey-alpha.png": _grey_alpha(),
        "bilevel.png": _bilevel(),
        "red.jpg": red_jpeg,
        "red.webp": _saved(Image.new("RGB", SIZE, RED), "WEBP", lossless=True),
        "red.tiff": _saved(Image.new("RGB", SIZE, RED), "TIFF"),
        "red.bmp": _saved(Image.new("RGB", SIZE, RED), "BMP"),
    }
    files.update(_svg(canary, url))
    return files


def _card(number: int, card_id: str, art: str) -> dict[str, object]:
    return {
        "id": card_id,
        "name": "Quickening",
        "kind": "spell",
        "set": "BASE",
        "number": number,
        "rarity": "common",
        "cost": 0,
        "text": "Ready target Resource.",
        "flavor": "Again.",
        "art": {"file": art, "artist": "A. Painter"},
    }


CARDS = {**BROKEN, **{card_id: art for card_id, (art, _ref) in GOOD.items()}, **REFERENCES}


def _make(folder: Path) -> dict[str, object]:
    project = folder / "project"
    data = project / "data" / "loe"
    (data / "cards").mkdir(parents=True)
    (data / "art").mkdir()
    (data / "sets.yaml").write_text("- code: BASE\n  name: Images\n  stage: playtest\n", encoding="utf-8")
    cards = [_card(number, card_id, art) for number, (card_id, art) in enumerate(CARDS.items(), 1)]
    (data / "cards" / "cards.yaml").write_text(yaml.safe_dump(cards, sort_keys=False), encoding="utf-8")
    with counting_server() as (port, hits):
        canary = write_canary(folder / "canary", port)
        for name, content in _art_files(str(canary.folder), canary.url).items():
            (data / "art" / name).write_bytes(content)
        validate = carddb("validate", "--project", str(project))
        printed = carddb("print", "--jobs", "1", "--png", "--skip-invalid", "--project", str(project), timeout=600)
        recorded = list(hits)
    return {
        "validate": validate.output,
        "validate_exit": validate.exit_code,
        "print": printed.output,
        "print_exit": printed.exit_code,
        "hits": recorded,
        "token": canary.token,
    }


@pytest.fixture(scope="module")
def images(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    folder, record = built_once(shared_root(tmp_path_factory), "images", _make)
    return folder / "project", record


def _card_line(card_id: str) -> int:
    """The line of `file:` under the card's `art:` in cards.yaml as yaml.safe_dump writes it."""
    text = yaml.safe_dump([_card(n, c, a) for n, (c, a) in enumerate(CARDS.items(), 1)], sort_keys=False)
    lines = text.splitlines()
    start = lines.index(f"  id: {card_id}") if f"  id: {card_id}" in lines else lines.index(f"- id: {card_id}")
    return next(i for i in range(start, len(lines)) if lines[i].strip().startswith("file:")) + 1


def test_no_traceback_and_nothing_from_outside(images: tuple[Path, dict[str, object]]) -> None:
    project, record = images
    for key in ("validate", "print"):
        assert "Traceback" not in str(record[key]), str(record[key])[-3000:]
    assert record["validate_exit"] == 1
    assert record["hits"] == []
    assert token_leaks(project / "output", str(record["token"])) == []


@pytest.mark.parametrize("card_id", BROKEN)
def test_a_broken_art_file_ends_in_a_located_error(images: tuple[Path, dict[str, object]], card_id: str) -> None:
    _, record = images
    # validate refuses what it sees in the header; print decodes every picture and reports the rest
    # (with placeholder art printed). Issue 21 makes validate decode too.
    output = str(record["validate"]) + str(record["print"])
    findings = located(output, "E-ART-UNREADABLE")
    lines = {int(m.group("line")) for m in findings if m.group("path") == "data/loe/cards/cards.yaml"}
    assert _card_line(card_id) in lines, output[-3000:]


@pytest.mark.parametrize("card_id", GOOD)
def test_an_unusual_valid_art_file_prints_like_plain_rgb(images: tuple[Path, dict[str, object]], card_id: str) -> None:
    project, record = images
    output = str(record["validate"]) + str(record["print"])
    assert not [m for m in located(output, "E-ART-UNREADABLE") if int(m.group("line")) == _card_line(card_id)]
    reference = next(ref for ref, art in REFERENCES.items() if art == GOOD[card_id][1])
    pngs = project / "output" / "loe" / "png"
    with Image.open(pngs / f"{card_id}.png") as card, Image.open(pngs / f"{reference}.png") as ref:
        assert card.size == ref.size
        difference = ImageChops.difference(card.convert("RGB"), ref.convert("RGB")).convert("L")
    # The collector number differs; the art window (a third of the card) must not.
    differing = sum(difference.point(lambda v: 255 if v > 40 else 0).histogram()[255:])
    assert differing / (difference.width * difference.height) < 0.01
