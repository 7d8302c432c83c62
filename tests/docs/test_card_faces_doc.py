"""docs/card-faces.md's worked example of a layout, built from the page itself: it prints what the page says."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
from support.game_projects import ICON

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.render.faces.context import card_html
from carddb.render.faces.schedule import render_faces

DOC = Path(__file__).resolve().parents[2] / "docs" / "card-faces.md"
EXAMPLE = re.compile(r"<!-- example: (\S+) -->\n```yaml\n(.*?)```", re.S)


def _text(pdf: Path) -> str:
    document = pdfium.PdfDocument(pdf)
    try:
        return " ".join(document[0].get_textpage().get_text_range().split())
    finally:
        document.close()


def test_the_worked_example_prints_what_the_page_says(tmp_path: Path) -> None:
    files = EXAMPLE.findall(DOC.read_text(encoding="utf-8"))
    assert [name for name, _ in files] == ["data/harbor/game.yaml", "data/harbor/cards/cards.yaml"]
    for name, text in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "data" / "harbor" / "sets.yaml").write_text("- {code: T1, name: Test, stage: playtest}\n")
    (tmp_path / "data" / "harbor" / "icons").mkdir()
    (tmp_path / "data" / "harbor" / "icons" / "coin.svg").write_text(ICON)
    project = Project.at(tmp_path)
    db, report = load_database(project, get_pack(None, project))
    assert not report.errors, report.format_text()
    report = Report(root=tmp_path)
    faces = {face.card_id: face for face in render_faces(db, db.cards, report, workers=1)}
    assert not report.errors, report.format_text()

    gull = _text(faces["black-gull"].pdf)
    for words in ("Black Gull", "4", "6", "HOLD", "FLAGSHIP", "Vessel", "Corsairs", "When this sails, gain 2",
                  "Her sails are patched", "3", "SPEED", "Harbor Lights"):  # fmt: skip
        assert words in gull, (words, gull)
    assert "T1 1/2" not in gull  # the footer is hidden
    assert faces["black-gull"].font_pt == 11.0  # a tarot card's first size
    html = card_html(db, db.by_id("black-gull"), preview=False)  # type: ignore[arg-type]
    assert 'data-region="hold"' in html and "background-color: #7a2430" in html  # the shield in faction red
    assert 'data-region="flagship"' in html and "background-color: #e8c07a" in html  # the banner in accent

    tide = _text(faces["turn-of-the-tide"].pdf)
    for words in ("Turn of the Tide", "TIMING Reaction", "SIGNAL Two lanterns, red over white",
                  "Cancel an attack on a Vessel you control.", "T1 2/2"):  # fmt: skip
        assert words in tide, (words, tide)
    assert tide.index("TIMING") < tide.index("Cancel an attack")  # the field line opens the rules box
