"""Title, author and language for PDFs that PDFium writes (print sheets, double-sided card files).

WeasyPrint takes a document's metadata from its HTML (`<title>`, `<meta name="author">`,
`<html lang>`). PDFium, which joins pages into sheets, writes no title or author and has
no call to set them, only the catalog's language (`FPDFCatalog_SetLanguage`). So the
language is set on the PDFium document before it is saved, and the title and author are
added afterwards as a PDF incremental update: the file's bytes, then a new Info
dictionary, a cross-reference section for it and a trailer pointing back at the previous
one (readers take the newest). Nothing else is read or rewritten: a millisecond for a
6 MB sheet, where reading it with pypdf took half a second.
"""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from carddb.files.atomic import write_bytes
from carddb.findings.errors import RenderError


@dataclass(frozen=True)
class PdfMeta:
    title: str
    author: str
    lang: str


def set_language(doc: pdfium.PdfDocument, lang: str) -> None:
    """The catalog's /Lang of a PDFium document about to be saved."""
    wide = ctypes.create_string_buffer((lang + "\0").encode("utf-16-le"))  # FPDF_WIDESTRING
    pdfium_c.FPDFCatalog_SetLanguage(doc, ctypes.cast(wide, ctypes.POINTER(ctypes.c_ushort)))


def read_meta(pdf: Path | bytes) -> PdfMeta | None:
    """The file's title, author and language (None if it cannot be read)."""
    try:
        doc = pdfium.PdfDocument(pdf)
    except pdfium.PdfiumError:
        return None
    try:
        info = doc.get_metadata_dict()
        size = pdfium_c.FPDFCatalog_GetLanguage(doc, None, 0)
        buffer = ctypes.create_string_buffer(size)
        pdfium_c.FPDFCatalog_GetLanguage(doc, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)), size)
        lang = buffer.raw[: max(size - 2, 0)].decode("utf-16-le", "replace")
        return PdfMeta(info.get("Title", ""), info.get("Author", ""), lang)
    finally:
        doc.close()


def _pdf_string(text: str) -> bytes:
    """A PDF text string: UTF-16BE with its byte-order mark, as a hex string (no escaping to get wrong)."""
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode() + b">"


_TRAILER = re.compile(rb"trailer\s*<<(?P<dict>.*)>>\s*startxref\s+(?P<xref>\d+)\s+%%EOF\s*\Z", re.S)
_REF = r"/{}\s*(\d+)\s+(\d+)\s+R"


def with_info(data: bytes, title: str, author: str) -> bytes:
    """`data` with an Info dictionary of `title` and `author`, appended as an incremental update.

    Only for files with a classic trailer, as PDFium writes them.
    """
    tail = data[-4096:]
    match = _TRAILER.match(tail, max(tail.rfind(b"trailer"), 0))  # the newest trailer
    if match is None:
        raise RenderError("the PDF has no trailer carddb can read (it sets titles on PDFium's files only)")
    trailer = match.group("dict").decode("latin-1")
    root = re.search(_REF.format("Root"), trailer)
    size = re.search(r"/Size\s*(\d+)", trailer)
    if root is None or size is None:
        raise RenderError("the PDF's trailer names no catalog")
    file_id = re.search(r"/ID\s*(\[[^\]]*\])", trailer)
    number = int(size.group(1))
    out = bytearray(data if data.endswith(b"\n") else data + b"\n")
    info_at = len(out)
    out += f"{number} 0 obj\n".encode()
    out += b"<< /Title " + _pdf_string(title) + b" /Author " + _pdf_string(author)
    out += b" /Creator (carddb) /Producer (PDFium) >>\nendobj\n"
    xref_at = len(out)
    out += f"xref\n0 1\n0000000000 65535 f \n{number} 1\n{info_at:010d} 00000 n \n".encode()
    fields = f"/Size {number + 1} /Root {root.group(1)} {root.group(2)} R /Info {number} 0 R"
    fields += f" /Prev {int(match.group('xref'))}" + (f" /ID {file_id.group(1)}" if file_id else "")
    out += f"trailer\n<< {fields} >>\nstartxref\n{xref_at}\n%%EOF\n".encode()
    return bytes(out)


def stamp_file(path: Path, meta: PdfMeta) -> None:
    """Give the PDFium file at `path` `meta`'s title and author (its language is set when it is saved)."""
    write_bytes(path, with_info(path.read_bytes(), meta.title, meta.author))
