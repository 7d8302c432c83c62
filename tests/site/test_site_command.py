"""`carddb site` on a fixture project: the whole stage with real faces, then a rebuild that renders nothing."""

from __future__ import annotations

from pathlib import Path

from site_fixtures import write_project
from typer.testing import CliRunner

from carddb.cli.app import app


def test_site_command_builds_then_rebuilds_nothing(tmp_path: Path) -> None:
    project = write_project(tmp_path)
    runner = CliRunner()
    first = runner.invoke(app, ["site", "--project", str(project)])
    assert first.exit_code == 0, first.output
    assert "5 faces rendered, 0 from cache" in first.output
    site = project / "output" / "loe" / "site"
    for card_id in ("test-lord", "test-duke", "hostile-spell", "quiet-levies", "small-rite"):
        assert (site / "cards" / f"{card_id}.html").is_file()
        assert (site / "cards" / f"{card_id}.png").read_bytes().startswith(b"\x89PNG")
    second = runner.invoke(app, ["site", "--project", str(project)])
    assert second.exit_code == 0, second.output
    assert "0 site files written, 0 images updated, 0 faces rendered, 5 from cache" in second.output


def test_site_command_stops_on_validation_errors(tmp_path: Path) -> None:
    project = write_project(tmp_path)
    council = project / "data" / "loe" / "cards" / "council.yaml"
    council.write_text(council.read_text().replace("rarity: rare", "rarity: rair"))
    result = CliRunner().invoke(app, ["site", "--project", str(project)])
    assert result.exit_code == 1
    assert "data/loe/cards/council.yaml:7:11: E-BAD-VALUE" in result.output
    assert not (project / "output").exists()
