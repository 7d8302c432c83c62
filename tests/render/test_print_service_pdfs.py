"""Print-service files: DriveThruCards' PDF/X-1a cards at their size, MakePlayingCards' PNGs with an sRGB profile.

`pdfx_problems` states in our own code what DriveThruCards asks of a card PDF (its help centre,
"Common Card Prep Issues & Solutions": PDF/X-1a:2003, laid out at the cut with 1/8 in of bleed,
2.75 x 3.75 in for poker)
and what PDF/X-1a (ISO 15930-4) requires of a file for that claim to hold: the PDF/X version keys,
an OutputIntent GTS_PDFX with a CMYK destination profile, `Trapped` set, a file /ID, a TrimBox on every
page, colour only as CMYK or grey (no RGB image or operator), and no transparency (no soft mask, no
transparency group, no constant alpha below 1). The same files were checked with pdfinfo, pdfimages and
qpdf outside the test suite (docs/printing.md).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image, ImageMath
from pypdf import PdfReader
from support.double_sided import clean_outpost
from support.projects import run_cli
from support.tidewake import write_tidewake

from carddb.findings.diagnostics import Report
from carddb.findings.errors import UsageError
from carddb.render import printservice
from carddb.render.imposition import Duplex
from carddb.render.pngfile import png_header
from carddb.render.printing import PrintOptions, print_stage
from carddb.render.printservice import cmyk_profile, limit_ink

POKER_LAYOUT_PT = (198.0, 270.0)  # 2.75 x 3.75 in
POKER_TRIM_PT = (180.0, 252.0)  # 2.5 x 3.5 in


def pdfx_problems(
    path: Path, layout_pt: tuple[float, float] = POKER_LAYOUT_PT, trim_pt: tuple[float, float] = POKER_TRIM_PT
) -> list[str]:
    problems = []
    reader = PdfReader(path)
    info = reader.trailer["/Info"].get_object()
    if info.get("/GTS_PDFXVersion") != "PDF/X-1a:2003":
        problems.append(f"GTS_PDFXVersion {info.get('/GTS_PDFXVersion')!r}")
    if info.get("/Trapped") not in ("/False", "/True"):
        problems.append("Trapped is not set")
    if not info.get("/Title"):
        problems.append("no Title")
    if "/ID" not in reader.trailer:
        problems.append("no file /ID")
    intents = reader.trailer["/Root"].get("/OutputIntents")
    intent = intents[0].get_object() if intents else None
    if intent is None or intent["/S"] != "/GTS_PDFX" or intent["/DestOutputProfile"].get_object()["/N"] != 4:
        problems.append("no GTS_PDFX output intent with a CMYK profile")
    for number, page in enumerate(reader.pages, 1):
        media, trim = page.mediabox, page.trimbox
        if (round(float(media.width)), round(float(media.height))) != layout_pt:
            problems.append(f"page {number}: MediaBox {media.width} x {media.height} pt, not {layout_pt} pt")
        if (round(float(trim.width)), round(float(trim.height))) != trim_pt:
            problems.append(f"page {number}: TrimBox {trim.width} x {trim.height} pt, not {trim_pt} pt")
        if "/Group" in page:
            problems.append(f"page {number}: a transparency group")
        contents = page.get_contents()
        content = contents.get_data() if contents is not None else b""
        if re.search(rb"(?<![A-Za-z])(rg|RG)(?![A-Za-z])", content):
            problems.append(f"page {number}: an RGB colour operator")
        resources = page["/Resources"]
        for state in (resources.get("/ExtGState") or {}).values():
            state = state.get_object()
            if (
                float(state.get("/CA", 1)) < 1
                or float(state.get("/ca", 1)) < 1
                or state.get("/SMask", "/None") != "/None"
            ):
                problems.append(f"page {number}: transparency in a graphics state")
        for image in page.images:
            colour = image.indirect_reference.get_object().get("/ColorSpace")  # type: ignore[union-attr]
            if colour not in ("/DeviceCMYK", "/DeviceGray") or "/SMask" in image.indirect_reference.get_object():  # type: ignore[union-attr]
                problems.append(f"page {number}: an image in {colour} or with a soft mask")
    return problems


def _max_ink(path: Path) -> float:
    """The highest total ink (percent) of the file's images."""
    most = 0.0
    for page in PdfReader(path).pages:
        for image in page.images:
            with Image.open(io.BytesIO(image.indirect_reference.get_object().get_data())) as cmyk:  # type: ignore[union-attr]
                c, m, y, k = cmyk.convert("CMYK").split()
                total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
                most = max(most, total.getextrema()[1] * 100 / 255)
    return most


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = clean_outpost(tmp_path_factory.mktemp("outpost-service"))
    # The outpost's cards are mini: the same game at poker size, the size DriveThruCards' help page states.
    import dataclasses

    from carddb.packs.pack import CARD_SIZES

    db = dataclasses.replace(db, pack=dataclasses.replace(db.pack, card_size_mm=CARD_SIZES["poker"]))
    report = Report(root=db.project.root)
    for preset in ("drivethru", "mpc"):
        options = PrintOptions(papers=("a4",), duplex=Duplex.none, preset=preset, workers=1, full_run=False)
        print_stage(db, db.cards, options, report)
    assert not report.errors, report.format_text()
    return db.project.output_dir(db.pack)


def test_drivethru_cards_are_pdf_x_1a_at_their_size(printed: Path) -> None:
    files = sorted((printed / "drivethru").rglob("*.pdf"))
    assert [f.relative_to(printed / "drivethru").as_posix() for f in files] == [
        "backs/default.pdf",
        "hill-camp.pdf",
        "lone-scout.pdf",
        "river-camp.pdf",
    ]
    for pdf in files:
        assert pdfx_problems(pdf) == [], pdf
        assert _max_ink(pdf) <= 240.5, pdf  # the ink limit (carddb's default), as the JPEG decodes
    # a double-sided card: its face then its own back, as the service reads pages
    camp = PdfReader(printed / "drivethru" / "river-camp.pdf")
    assert len(camp.pages) == 2 and camp.metadata is not None
    assert camp.metadata.title == "River Camp // River Fort — Outpost"
    # WeasyPrint gives its pages one resource dictionary: each page lists both images, so count them once
    images = {image.indirect_reference.idnum: image.image.size for page in camp.pages for image in page.images}  # type: ignore[union-attr]
    assert sorted(images.values()) == [(825, 1125)] * 2  # each face at 300 dpi


def test_drivethru_cards_of_another_size_are_pdf_x_1a_at_that_size(tmp_path: Path) -> None:
    # Tarot cards (70 x 120 mm): DriveThruCards' 2.75 x 4.75 in cut (198 x 342 pt) plus 1/8 in a side.
    root = write_tidewake(tmp_path, "tarot")
    result = run_cli("print", "--project", str(root), "--paper", "a4", "--preset", "drivethru", "--jobs", "1")
    assert result.exit_code == 0, result.stdout + result.stderr
    files = sorted((root / "output" / "tidewake" / "drivethru").rglob("*.pdf"))
    assert len(files) == 6  # five cards and the shared back
    for pdf in files:
        assert pdfx_problems(pdf, layout_pt=(216.0, 360.0), trim_pt=(198.0, 342.0)) == [], pdf
    page = PdfReader(files[-1]).pages[0]
    assert [image.image.size for image in page.images] == [(900, 1500)]  # 3 x 5 in at 300 dpi


def test_the_rules_catch_an_rgb_file_that_only_claims_pdf_x(tmp_path: Path) -> None:
    from weasyprint import HTML

    claim = tmp_path / "claim.pdf"
    html = (
        "<html><head><title>t</title><style>@page { size: 63.5mm 88.9mm; bleed: 3.175mm } body { color: #c00 }</style>"
    )
    HTML(string=html + "</head><body>RGB text</body></html>").write_pdf(claim, pdf_variant="pdf/x-1a")
    problems = pdfx_problems(claim)
    assert "no GTS_PDFX output intent with a CMYK profile" in problems
    assert any("RGB colour operator" in p for p in problems)


def test_ink_over_the_limit_comes_out_of_cyan_magenta_and_yellow() -> None:
    rich = Image.new("CMYK", (2, 1))
    rich.putpixel((0, 0), (200, 180, 170, 240))  # 310 % of ink
    rich.putpixel((1, 0), (10, 20, 30, 40))  # 39 %: untouched
    limited = limit_ink(rich, 240)
    c, m, y, k = limited.getpixel((0, 0))  # type: ignore[misc]
    assert k == 240 and c + m + y + k <= round(240 * 2.55) and c > m > y  # black kept, proportions kept
    assert limited.getpixel((1, 0)) == (10, 20, 30, 40)


def test_mpc_pngs_say_they_are_srgb(printed: Path) -> None:
    for png in (printed / "png" / "mpc").rglob("*.png"):
        size, dpi, kinds = png_header(png)
        assert size == (822, 1122) and dpi == pytest.approx(300, abs=0.01) and b"iCCP" in kinds, png
        with Image.open(png) as image:
            assert image.info.get("icc_profile")


def test_a_missing_cmyk_profile_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(printservice, "SYSTEM_CMYK_PROFILES", (tmp_path / "none.icc",))
    with pytest.raises(UsageError, match="libgs-common"):
        cmyk_profile()
    rgb = tmp_path / "srgb.icc"
    from carddb.render.pngfile import srgb_profile

    rgb.write_bytes(srgb_profile())
    with pytest.raises(UsageError, match="not CMYK"):
        cmyk_profile(rgb)
