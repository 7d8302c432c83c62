"""Broken templates, missing fonts and remote URLs give located findings, never a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.files.templating import BUNDLED_TEMPLATES
from carddb.findings.diagnostics import Report
from carddb.findings.errors import RenderError
from carddb.packs.lookup import get_pack
from carddb.render.faces.backs import render_backs
from carddb.render.faces.context import card_html
from carddb.render.faces.schedule import render_faces

CARD = """
- id: plain-spell
  name: Plain Spell
  kind: spell
  province: ashmarch
  set: TST
  number: 1
  rarity: common
  cost: 1
  text: "Deal 1 damage to target Duke."
  flavor: "Plain."
"""


def project_with(root: Path, files: dict[str, str]) -> Project:
    data = root / "data" / "loe"
    (data / "cards").mkdir(parents=True)
    (data / "sets.yaml").write_text("- code: TST\n  name: Test\n  stage: playtest\n", encoding="utf-8")
    (data / "cards" / "cards.yaml").write_text(CARD, encoding="utf-8")
    for name, text in files.items():
        path = root / "templates" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return Project.at(root)


def render(project: Project) -> tuple[list, Report]:
    db, _ = load_database(project, get_pack("loe"))
    report = Report(root=project.root)
    return render_faces(db, db.cards, report, workers=1), report


def test_template_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    project = project_with(
        tmp_path, {"loe/deck.html": '{% extends "base/card.html" %}\n{% block rules %}\n{% if %}\n{% endblock %}\n'}
    )
    results, report = render(project)
    assert results == []
    (finding,) = report.errors
    assert finding.code == "E-TEMPLATE"
    assert finding.path == tmp_path / "templates" / "loe" / "deck.html"
    assert finding.span is not None and finding.span.line == 3
    assert "loe/deck.html:3" in report.format_text()


def test_template_runtime_error_names_the_template_line(tmp_path: Path) -> None:
    project = project_with(
        tmp_path,
        {
            "loe/deck.html": '{% extends "base/card.html" %}\n{% block rules %}\n{{ card.no_such_field }}\n{% endblock %}\n'
        },
    )
    _results, report = render(project)
    (finding,) = report.errors
    assert finding.code == "E-TEMPLATE" and "no_such_field" in finding.message
    assert finding.path is not None and finding.path.name == "deck.html" and finding.span.line == 3
    db, _ = load_database(project, get_pack("loe"))
    with pytest.raises(RenderError, match=r"deck\.html:3"):
        card_html(db, db.cards[0])


def test_missing_font_is_named_with_its_stylesheet_line(tmp_path: Path) -> None:
    fonts_css = (BUNDLED_TEMPLATES / "fonts" / "fonts.css").read_text(encoding="utf-8")
    broken = fonts_css.replace("url(Carlito-Bold.ttf)", "url(Carlito-Heavy.ttf)")
    project = project_with(
        tmp_path,
        {
            "base/card.css": (BUNDLED_TEMPLATES / "base" / "card.css").read_text(encoding="utf-8"),
            "fonts/fonts.css": broken,
        },
    )
    for font in (BUNDLED_TEMPLATES / "fonts").glob("*.ttf"):
        shutil.copy(font, tmp_path / "templates" / "fonts" / font.name)
    results, report = render(project)
    assert results == []
    (finding,) = report.errors
    assert finding.code == "E-FONT-MISSING"
    assert "Carlito-Heavy.ttf" in finding.message
    line = finding.path.read_text(encoding="utf-8").splitlines()[finding.span.line - 1]
    assert "Carlito-Heavy.ttf" in line
    db, _ = load_database(project, get_pack("loe"))
    with pytest.raises(RenderError, match="Carlito-Heavy"):
        render_backs(db)


def test_remote_url_in_a_template_is_refused_not_fetched(tmp_path: Path) -> None:
    project = project_with(
        tmp_path,
        {
            "loe/deck.html": '{% extends "base/card.html" %}\n{% block art %}<img src="https://example.com/art.png">{% endblock %}\n'
        },
    )
    results, report = render(project)
    assert results == []
    (finding,) = report.errors
    assert finding.code == "E-TEMPLATE" and "https://example.com/art.png" in finding.message
