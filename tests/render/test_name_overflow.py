"""A card name longer than its title bar is a located error, not a name silently cut or hidden under the cost."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.render.faces.schedule import render_faces

# 27 characters each, so both get the same (smaller) name size; the capital Ws are twice as wide.
TOO_WIDE = "W" * 27
FITS = "Wardens Wolf Warren Warwick"
CARDS = f"""
- id: wide-duke
  name: {TOO_WIDE}
  kind: duke
  set: TST
  number: 1
  rarity: common
  cost: {{powerstones: 3, influence: 1}}
  health: 8
  text: "Spend 1 Influence: Deal 2 damage to target Duke."
- id: fitting-duke
  name: {FITS}
  kind: duke
  set: TST
  number: 2
  rarity: common
  cost: {{powerstones: 3, influence: 1}}
  health: 8
  text: "Spend 1 Influence: Deal 2 damage to target Duke."
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    root = tmp_path_factory.mktemp("names")
    data = root / "data" / "loe"
    (data / "cards").mkdir(parents=True)
    (data / "sets.yaml").write_text("- code: TST\n  name: Test\n  stage: playtest\n", encoding="utf-8")
    (data / "cards" / "cards.yaml").write_text(CARDS, encoding="utf-8")
    return Project.at(root)


def _render(project: Project) -> tuple[Report, dict[str, bool]]:
    db, loaded = load_database(project, get_pack("loe"))
    assert not loaded.errors, loaded.format_text()
    report = Report(root=project.root)
    results = render_faces(db, db.cards, report, workers=1)
    return report, {r.card_id: r.from_cache for r in results}


def test_a_name_too_wide_is_an_error_at_its_name_and_a_fitting_one_is_not(project: Project) -> None:
    report, _ = _render(project)
    found = [f for f in report.errors if f.code == "E-NAME-OVERFLOW"]
    assert len(found) == 1
    finding = found[0]
    assert finding.message.startswith(f"'wide-duke' name '{TOO_WIDE}' is ")
    overrun = float(finding.message.split(" is ")[1].split(" mm")[0])
    assert 20 < overrun < 60  # 27 capital Ws at 7.8 pt need about twice the room the bar leaves
    assert finding.path is not None and finding.path.name == "cards.yaml"
    assert finding.span is not None
    line = finding.path.read_text(encoding="utf-8").splitlines()[finding.span.line - 1]
    assert line.strip() == f"name: {TOO_WIDE}"
    assert not [f for f in report.findings if "fitting-duke" in f.message]


def test_the_error_comes_back_from_the_cache(project: Project) -> None:
    _render(project)
    report, from_cache = _render(project)
    assert from_cache == {"wide-duke": True, "fitting-duke": True}
    assert [f.code for f in report.errors] == ["E-NAME-OVERFLOW"]


def test_print_reports_it_and_fails(project: Project) -> None:
    """The command line reports it with the others and exits 1, as for rules text that overflows."""
    done = subprocess.run(
        [sys.executable, "-m", "carddb", "print", "--paper", "a4", "--project", str(project.root)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "CARDDB_NO_DAEMON": "1"},
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "cards.yaml:3:9: E-NAME-OVERFLOW 'wide-duke'" in done.stdout + done.stderr
    assert "Traceback" not in done.stderr
