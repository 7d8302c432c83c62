"""Documents: laid out once, reused while unchanged, and a changed picture swapped into the existing PDF."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageDraw

from carddb.render.documents import Documents

HTML = """<!doctype html><style>@page {{ size: 120mm 120mm; margin: 5mm }} img {{ width: 25mm; height: 33mm }}</style>
<h1>{title}</h1><p><img src="pics/a.png"> <img src="pics/b.png"></p><p>Both pictures again: <img src="pics/a.png"></p>"""


def picture(path: Path, colour: str, size: tuple[int, int] = (120, 160)) -> Path:
    """A card-like RGBA picture: a coloured card with rounded (transparent) corners and a label."""
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=12, fill=colour)
    draw.text((10, 10), colour, fill="white")
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path)
    return path


def write(root: Path, title: str = "Book") -> list:
    documents = Documents(root / ".cache" / "pdf")
    documents.write(
        HTML.format(title=title),
        root / "book.pdf",
        base_url=root.as_uri() + "/",
        roots=[root],
        pictures=[("pics/a.png", root / "pics" / "a.png"), ("pics/b.png", root / "pics" / "b.png")],
    )
    return documents.finish()


def page_image(pdf: Path) -> Image.Image:
    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[0].render(scale=150 / 72).to_pil().convert("RGB")
    finally:
        doc.close()


@pytest.fixture
def book(tmp_path: Path) -> Path:
    picture(tmp_path / "pics" / "a.png", "#8f2d1f")
    picture(tmp_path / "pics" / "b.png", "#1f4f86")
    [result] = write(tmp_path)
    assert result.laid_out and result.pages == 1 and result.error is None
    return tmp_path


def test_an_unchanged_document_is_not_written_again(book: Path) -> None:
    before = (book / "book.pdf").stat().st_mtime_ns
    [result] = write(book)
    assert not result.laid_out and result.pages == 1
    assert (book / "book.pdf").stat().st_mtime_ns == before


def test_a_changed_picture_is_swapped_in_and_looks_like_a_new_layout(book: Path, tmp_path_factory) -> None:
    size = (book / "book.pdf").stat().st_size
    picture(book / "pics" / "a.png", "#2f5a4a")  # same size, new pixels
    [result] = write(book)
    assert not result.laid_out and result.pages == 1
    data = (book / "book.pdf").read_bytes()
    assert (book / "book.pdf").stat().st_size > size and data.count(b"%%EOF") == 2  # an incremental update
    fresh = tmp_path_factory.mktemp("fresh")
    picture(fresh / "pics" / "a.png", "#2f5a4a")
    picture(fresh / "pics" / "b.png", "#1f4f86")
    write(fresh)
    diff = ImageChops.difference(page_image(book / "book.pdf"), page_image(fresh / "book.pdf"))
    assert max(high for _low, high in diff.getextrema()) <= 2  # the same page, both uses of the picture changed
    [again] = write(book)
    assert not again.laid_out and (book / "book.pdf").read_bytes() == data


def test_a_picture_of_another_size_or_new_html_is_laid_out_again(book: Path) -> None:
    picture(book / "pics" / "b.png", "#1f4f86", size=(100, 160))
    [result] = write(book)
    assert result.laid_out
    [result] = write(book, title="Second edition")
    assert result.laid_out
    assert (book / "book.pdf").read_bytes().count(b"%%EOF") == 1


def test_a_file_changed_behind_carddbs_back_is_laid_out_again(book: Path) -> None:
    target = book / "book.pdf"
    target.write_bytes(target.read_bytes() + b"\n% edited\n")
    picture(book / "pics" / "a.png", "#5d3f7a")
    [result] = write(book)
    assert result.laid_out
