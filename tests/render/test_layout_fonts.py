"""Card PDFs written in a render worker: the font files WeasyPrint embeds are read once per worker,
a font subset for the same glyphs is made once, and every PDF comes out byte for byte as WeasyPrint
alone writes it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from carddb.render.workers import import_renderer

FONTS = Path(__file__).resolve().parents[2] / "templates" / "fonts"
CSS_TEXT = f"""
@page {{ size: 69mm 94mm; margin: 0 }}
@font-face {{ font-family: "Serif Test"; src: url("{(FONTS / "EBGaramond12-Regular.ttf").as_uri()}"); }}
@font-face {{ font-family: "Sans Test"; src: url("{(FONTS / "Carlito-Bold.ttf").as_uri()}"); }}
.s {{ font-family: "Serif Test"; }} .b {{ font-family: "Sans Test"; }}
.card {{ break-after: page; }}
"""
CARDS = [
    '<div class="card"><p class="s">Deal 2 damage to target Duke.</p><p class="b">Ashen Lord</p></div>',
    '<div class="card"><p class="b">Quiet Harbour</p></div>',
    '<div class="card"><p class="s">Xylophone jazz, quick zebra!</p><p class="b">Zenith 42</p></div>',
    # The first card's glyphs again, in another order: both its subsets are already made.
    '<div class="card"><p class="s">Duke target to damage 2 Deal.</p><p class="b">Lord Ashen</p></div>',
]


def _card_pdfs() -> list[bytes]:
    from weasyprint import CSS, HTML
    from weasyprint.text.fonts import FontConfiguration

    fonts = FontConfiguration()
    document = HTML(string="<body>" + "".join(CARDS) + "</body>").render(
        stylesheets=[CSS(string=CSS_TEXT, font_config=fonts)], font_config=fonts
    )
    # Like render_batch: one PDF per card page of the batch's document.
    return [_undated(document.copy([page]).write_pdf()) for page in document.pages]


def _undated(pdf: bytes) -> bytes:
    return re.sub(rb"/(CreationDate|ModDate) \([^)]*\)", b"", pdf)


def test_card_pdfs_are_the_bytes_weasyprint_writes_and_each_font_file_is_read_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import_renderer()
    import weasyprint.pdf.fonts as pdf_fonts

    from carddb.render.layout import FontFileMemo, SubsetMemo

    once = pdf_fonts.get_hb_object_data
    assert isinstance(once, FontFileMemo)
    memo = pdf_fonts.Font.__dict__["subset"]
    assert isinstance(memo, SubsetMemo)
    copies: list[int] = []
    subsets: list[str] = []

    def counted(hb_object: object, ot_color: object = None, glyph: object = None) -> object:
        data = original(hb_object, ot_color, glyph)
        copies.append(len(data or b""))
        return data

    def subset_counted(font: pdf_fonts.Font, to_unicode: dict[int, str], hinting: bool) -> None:
        subsets.append(font.family)
        original_subset(font, to_unicode, hinting)

    original = once.original
    original_subset = memo.original
    monkeypatch.setattr(once, "original", counted)
    monkeypatch.setattr(once, "files", {})
    monkeypatch.setattr(memo, "original", subset_counted)
    monkeypatch.setattr(memo, "done", {})
    ours = _card_pdfs()
    whole_fonts = [size for size in copies if size > 40_000]  # the subsets are a few KB
    assert len(whole_fonts) == 2  # two fonts, each copied once for four cards
    # Five subsets for the first three cards (serif and sans, sans, serif and sans); the fourth reuses the first's.
    assert len(subsets) == 5
    monkeypatch.setattr(pdf_fonts, "get_hb_object_data", original)
    monkeypatch.setattr(pdf_fonts.Font, "subset", original_subset)
    theirs = _card_pdfs()
    assert len(ours) == len(theirs) == 4
    assert ours == theirs
