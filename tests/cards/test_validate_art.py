"""`carddb validate` finds every art problem `print` finds, at the same place, and remembers its verdicts.

Issue 21: a decompression bomb and a truncated PNG passed `validate` (it read headers only)
and surfaced only when printing. Each bad file here is named as the art of one card of a
tiny project; validate must report E-ART-UNREADABLE at that card's `art` value, and
`print` (which stops on the same errors) must show the very same finding line.
"""

from __future__ import annotations

import io
import json
import os
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image
from support.projects import CLEAN_CARDS, PNG, run_cli, write_project

import carddb.cards.artverdicts


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_header_only(width: int, height: int) -> bytes:
    """A PNG that claims width x height pixels with almost no data: what a decompression bomb looks like at first."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(b"\0" * 64)) + _chunk(b"IEND", b"")
    )


def encoded(fmt: str, size: tuple[int, int] = (120, 168)) -> bytes:
    out = io.BytesIO()
    image = Image.new("RGB", size, (180, 60, 20))
    image.paste((20, 60, 180), (0, 0, size[0] // 2, size[1]))
    image.save(out, fmt)
    return out.getvalue()


GOOD_PNG, GOOD_JPEG = encoded("PNG"), encoded("JPEG")

# (case, file name, bytes, words the reason must contain)
BAD_ART = [
    ("bomb-30000", "bomb.png", png_header_only(30000, 30000), "decompression bomb"),
    ("bomb-just-over-carddb-limit", "big.png", png_header_only(9500, 9500), "decompression bomb"),
    ("truncated-png", "half.png", GOOD_PNG[: len(GOOD_PNG) // 2], "truncated"),
    ("truncated-jpeg", "half.jpg", GOOD_JPEG[: len(GOOD_JPEG) // 2], "truncated"),
    ("png-with-garbage-data", "garbled.png", GOOD_PNG[:40] + b"\x00" * (len(GOOD_PNG) - 40), ""),
    ("text-named-png", "notes.png", b"just some notes\n", "not a readable image"),
    ("zero-bytes", "empty.png", b"", "not a readable image"),
]


def _card_with_art(file: str) -> str:
    return CLEAN_CARDS.replace("art: {file: good.png, artist: A. Painter}", f"art: {{file: {file}, artist: A}}")


def _art_findings(root: Path) -> list[dict[str, object]]:
    result = run_cli("validate", "--project", str(root), "--format", "json")
    assert not result.crashed, result.stderr
    return [f for f in json.loads(result.stdout)["findings"] if str(f["code"]).startswith("E-ART")]


@pytest.mark.parametrize(("case", "name", "data", "words"), BAD_ART, ids=[c[0] for c in BAD_ART])
def test_validate_reports_what_print_reports(case: str, name: str, data: bytes, words: str, tmp_path: Path) -> None:
    root = write_project(tmp_path, {"cards.yaml": _card_with_art(name)}, art={name: data})
    findings = _art_findings(root)
    # Line 12 is aldric's `art:`; the span is the file name inside the flow mapping.
    assert [(f["code"], f["path"], f["line"], f["column"]) for f in findings] == [
        ("E-ART-UNREADABLE", "data/loe/cards/cards.yaml", 12, 15)
    ]
    assert words in str(findings[0]["message"]) and name in str(findings[0]["message"])

    validated = run_cli("validate", "--project", str(root))
    printed = run_cli("print", "--project", str(root), "--jobs", "1", "--paper", "a4")
    assert not printed.crashed, printed.stderr
    assert printed.exit_code == 1 and "nothing was printed" in printed.stdout
    line = next(line for line in validated.stdout.splitlines() if "E-ART-UNREADABLE" in line)
    assert line in printed.stdout.splitlines()


@pytest.mark.parametrize(("name", "data"), [("good.png", GOOD_PNG), ("good.jpg", GOOD_JPEG), ("tiny.png", PNG)])
def test_art_that_decodes_passes(name: str, data: bytes, tmp_path: Path) -> None:
    root = write_project(tmp_path, {"cards.yaml": _card_with_art(name)}, art={name: data})
    assert _art_findings(root) == []


def test_an_art_folder_entry_that_is_a_pipe_is_reported_without_waiting(tmp_path: Path) -> None:
    root = write_project(tmp_path, {"cards.yaml": _card_with_art("pipe.png")}, art={})
    os.mkfifo(root / "data" / "loe" / "art" / "pipe.png")  # reading it would block until a writer came
    findings = _art_findings(root)
    assert [(f["code"], f["line"]) for f in findings] == [("E-ART-UNREADABLE", 12)]


class _CountingDecoder:
    def __init__(self) -> None:
        self.calls: list[str] = []
        self.real = carddb.cards.artverdicts.decode_problem

    def __call__(self, path: str) -> str | None:
        self.calls.append(os.path.basename(path))
        return self.real(path)


def test_a_warm_validate_decodes_only_what_changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cards = _card_with_art("a.png") + CLEAN_CARDS.split("- id: gate-duke")[0].replace("aldric", "second").replace(
        "number: 1\n", "number: 9\n"
    ).replace("good.png", "b.png")
    art = {"a.png": GOOD_PNG, "b.png": GOOD_PNG[:-30]}
    root = write_project(tmp_path, {"cards.yaml": cards}, art=art)
    decoder = _CountingDecoder()
    monkeypatch.setattr(carddb.cards.artverdicts, "decode_problem", decoder)

    cold = _art_findings(root)
    assert sorted(decoder.calls) == ["a.png", "b.png"]
    assert (root / "output" / "loe" / ".cache" / "art.json").is_file()
    decoder.calls.clear()
    warm = _art_findings(root)
    assert decoder.calls == []  # every verdict came from the cache
    assert warm == cold and [f["line"] for f in warm] == [89]  # b.png's card, still reported

    (root / "data" / "loe" / "art" / "b.png").write_bytes(GOOD_JPEG)  # fixed: a new size
    assert _art_findings(root) == []
    assert decoder.calls == ["b.png"]


def test_a_damaged_cache_is_made_again(tmp_path: Path) -> None:
    root = write_project(tmp_path, {"cards.yaml": _card_with_art("half.png")}, art={"half.png": GOOD_PNG[:100]})
    cache = root / "output" / "loe" / ".cache" / "art.json"
    cache.parent.mkdir(parents=True)
    cache.write_text('{"version": "1", "files": {"half.png": [1, 2, null]', encoding="utf-8")
    assert [f["line"] for f in _art_findings(root)] == [12]
    assert json.loads(cache.read_text(encoding="utf-8"))["files"]["half.png"][-1] == "image file is truncated"


def test_truncation_is_found_in_a_process_that_imported_weasyprint(tmp_path: Path) -> None:
    # WeasyPrint sets Pillow's LOAD_TRUNCATED_IMAGES when imported; the verdict must not change with it.
    import weasyprint  # noqa: F401
    from PIL import ImageFile

    half = tmp_path / "half.png"
    half.write_bytes(GOOD_PNG[: len(GOOD_PNG) // 2])
    assert ImageFile.LOAD_TRUNCATED_IMAGES is True
    assert carddb.cards.artverdicts.decode_problem(str(half)) == "image file is truncated"
    assert ImageFile.LOAD_TRUNCATED_IMAGES is True  # WeasyPrint's own setting is left as it was
