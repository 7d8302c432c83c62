"""Swap a picture's pixels inside a PDF WeasyPrint wrote, without laying the document out again.

The rulebook pictures cards. After a card's rules text is edited its picture changes,
but nothing else in the book does: the picture keeps its size and place, so every
page would be laid out exactly as before (about four seconds of WeasyPrint for the
54-page LOE book). Instead, the image objects drawn from that picture are replaced
in the existing file and saved as a PDF incremental update (the old bytes, then the
new objects and a cross-reference section that points at them): a fifth of a second.

WeasyPrint names an image by the MD5 of its absolute URL (`/i<md5><interpolate>` in
the pages' resources), which is how `image_objects` finds the objects of a picture
after a layout. A picture is swapped only for one with the same pixel size and mode
(the caller's key covers both); the replaced objects stay in the file unreferenced,
so the caller lays the document out afresh once they would make up a quarter of it.

This module runs in the render workers; it imports WeasyPrint's URL helper only.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from PIL import Image
from pypdf import PdfReader, PdfWriter
from pypdf.constants import PageAttributes
from pypdf.constants import Resources as ResourceNames
from pypdf.errors import PyPdfError
from pypdf.generic import NameObject

from carddb.files.atomic import atomic_path
from carddb.render.documents import DocumentJob, DocumentResult, write_record

SWAPPABLE_MODES = ("RGB", "RGBA")


def image_name_prefix(base_url: str, src: str) -> str:
    """The resource name WeasyPrint gives the image `src` of a document laid out at `base_url`."""
    from weasyprint.urls import url_join

    url = url_join(base_url, src, allow_relative=False, context=src)
    return "/i" + hashlib.md5((url or src).encode(), usedforsecurity=False).hexdigest()


def image_objects(pdf: Path, names: Mapping[str, str]) -> dict[str, list[int]]:
    """For each key of `names` (its value a name prefix), the numbers of the image objects drawn from it."""
    found: dict[str, set[int]] = {}
    reader = PdfReader(pdf)
    seen: set[int] = set()
    for page in reader.pages:
        resources = page.get(PageAttributes.RESOURCES)
        if resources is None:
            continue
        resources = resources.get_object()
        # WeasyPrint shares one resource dictionary between pages: look at each once.
        ident = id(resources)
        if ident in seen:
            continue
        seen.add(ident)
        xobjects = resources.get(ResourceNames.XOBJECT)
        if xobjects is None:
            continue
        for name, ref in xobjects.get_object().items():
            for key, prefix in names.items():
                if name.startswith(prefix) and hasattr(ref, "idnum"):
                    found.setdefault(key, set()).add(ref.idnum)
    return {key: sorted(numbers) for key, numbers in found.items()}


def swap_images(pdf: Path, replacements: Mapping[int, Path]) -> int:
    """Replace image objects (number -> picture file) as an incremental update; returns the bytes appended."""
    before = pdf.stat().st_size
    writer = PdfWriter(pdf, incremental=True)
    for number, picture in replacements.items():
        with Image.open(picture) as image:
            image.load()
            if image.mode not in SWAPPABLE_MODES:
                raise ValueError(f"{picture.name} is {image.mode}, not RGB or RGBA")
            target = writer.get_object(number)
            if target is None or (target["/Width"], target["/Height"]) != image.size:
                raise ValueError(f"{picture.name} does not have the size of the image it replaces")
            _set_pixels(target, image.convert("RGB").tobytes())
            mask = target.get("/SMask")
            if (mask is not None) != (image.mode == "RGBA"):
                raise ValueError(f"{picture.name} does not have the transparency of the image it replaces")
            if mask is not None:
                _set_pixels(mask.get_object(), image.getchannel("A").tobytes())
    with atomic_path(pdf) as tmp, tmp.open("wb") as fh:
        writer.write(fh)
    return pdf.stat().st_size - before


def _set_pixels(stream: object, pixels: bytes) -> None:
    # WeasyPrint stores PNG-predicted rows; the new data is plain rows, deflated by pypdf.
    if NameObject("/DecodeParms") in stream:  # type: ignore[operator]
        del stream[NameObject("/DecodeParms")]  # type: ignore[index]
    stream.set_data(pixels)  # type: ignore[attr-defined]


def swap_document(job: DocumentJob) -> DocumentResult:
    """Swap the changed pictures into the document (a render worker's job); lay it out afresh if that fails."""
    try:
        appended = swap_images(job.target, dict(job.swap))
    except (OSError, ValueError, PyPdfError):
        from carddb.render.workers import import_renderer

        # A file damaged or changed in a way the record missed: the layout is the safe answer.
        return import_renderer().write_document(replace(job, swap=(), previous={}))
    previous = job.previous
    write_record(job, previous["pages"], previous.get("objects", {}), previous.get("dead", 0) + appended)
    return DocumentResult(job.target, previous["pages"], laid_out=False)
