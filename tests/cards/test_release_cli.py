"""`carddb release SET` and the warning on cards changed since their release without a new version."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.projects import CLEAN_CARDS, run_cli, write_project

RECORD = Path("data/loe/released.json")


def _released(tmp_path: Path, cards: str = CLEAN_CARDS) -> tuple[Path, Path]:
    project = write_project(tmp_path, {"cards.yaml": cards})
    result = run_cli("release", "BASE", "--date", "2026-12-01", "--project", str(project))
    assert result.exit_code == 0, result.stdout + result.stderr
    return project, project / "data" / "loe" / "cards" / "cards.yaml"


def _validate(project: Path, *args: str) -> tuple[int, str, list[dict[str, object]]]:
    text = run_cli("validate", "--project", str(project), *args)
    data = json.loads(run_cli("validate", "--format", "json", "--project", str(project)).stdout)
    changed = [f for f in data["findings"] if f["code"] == "W-CHANGED-SINCE-RELEASE"]
    return text.exit_code, text.stdout, changed


def test_release_records_every_card_of_the_set(tmp_path: Path) -> None:
    project, _ = _released(tmp_path)
    record = json.loads((project / RECORD).read_text())
    released = record["sets"]["BASE"]
    assert released["released"] == "2026-12-01"
    assert list(released["cards"]) == [
        "aldric", "gate-duke", "iron-crown", "levies", "quickening", "refusal", "ember-blade", "rite-of-ashes",
    ]  # fmt: skip
    duke = released["cards"]["gate-duke"]
    assert duke["version"] == 1 and len(duke["digest"]) == 16
    assert {"name", "cost", "health", "text"} <= set(duke["fields"]) and "version" not in duke["fields"]
    code, out, changed = _validate(project)
    assert code == 0 and changed == [] and out.strip() == "0 errors, 0 warnings"


def test_a_changed_card_without_a_new_version_is_a_located_warning(tmp_path: Path) -> None:
    project, cards = _released(tmp_path)
    original = cards.read_text()
    cards.write_text(original.replace("Deal 2 damage to target Duke.", "Deal 3 damage to target Duke."))
    code, out, [finding] = _validate(project)
    assert code == 0  # a warning: the run passes unless --strict
    assert (finding["path"], finding["line"], finding["column"]) == ("data/loe/cards/cards.yaml", 21, 9)  # its text
    assert finding["message"] == (
        "'gate-duke' changed (text) since set BASE was released on 2026-12-01, but its version is still 1"
    )
    assert finding["hint"] == "raise its version to 2, so the new printing can be told apart"
    assert "data/loe/cards/cards.yaml:21:9: W-CHANGED-SINCE-RELEASE" in out
    assert run_cli("validate", "--strict", "--project", str(project)).exit_code == 1
    # Written down, the version is where the warning points; raised, the warning is gone.
    cards.write_text(cards.read_text().replace("  health: 8\n", "  health: 8\n  version: 1\n"))
    _, _, [at_version] = _validate(project)
    assert (at_version["line"], at_version["column"]) == (21, 12)
    cards.write_text(cards.read_text().replace("  version: 1\n", "  version: 2\n"))
    assert _validate(project)[2] == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("  cost: 2\n  text: Coupled", "  cost: {powerstones: 2}\n  text: Coupled"),  # same cost, other spelling
        ("Coupled character gets +2 health.", "coupled character gets +2 health."),  # `carddb fmt` would restore it
        ("  copies: 3\n", "  copies: 4\n"),  # how many are printed, not what is printed
        ("  flavor: Warm to the touch.\n", "  flavor: Warm to the touch.\n  tags: [blade]\n"),
        ("  flavor: Again.\n", "  flavor: Again.\n  # a comment changes nothing\n"),
    ],
)
def test_what_is_not_a_change(tmp_path: Path, old: str, new: str) -> None:
    project, cards = _released(tmp_path)
    assert old in cards.read_text()
    cards.write_text(cards.read_text().replace(old, new))
    code, out, changed = _validate(project, "--strict")
    assert changed == [] and code == 0, out


def test_several_fields_changed_are_named(tmp_path: Path) -> None:
    project, cards = _released(tmp_path)
    edited = (
        cards.read_text().replace("  health: 8\n", "  health: 9\n").replace("flavor: He keeps", "flavor: She keeps")
    )
    cards.write_text(
        edited.replace("  rarity: uncommon\n  cost: {powerstones: 3", "  rarity: rare\n  cost: {powerstones: 3")
    )
    [finding] = _validate(project)[2]
    assert "'gate-duke' changed (flavor, health, rarity) since set BASE" in str(finding["message"])


def test_release_refuses_to_record_an_unversioned_change_unless_forced(tmp_path: Path) -> None:
    project, cards = _released(tmp_path)
    cards.write_text(cards.read_text().replace("Deal 2 damage to target Duke.", "Deal 3 damage to target Duke."))
    before = (project / RECORD).read_text()
    refused = run_cli("release", "BASE", "--project", str(project))
    assert refused.exit_code == 1
    assert "W-CHANGED-SINCE-RELEASE 'gate-duke' changed (text)" in refused.stdout
    assert (
        "nothing recorded: raise the versions of these cards, or record them as they are with --force" in refused.stdout
    )
    assert (project / RECORD).read_text() == before
    forced = run_cli("release", "BASE", "--date", "2027-01-01", "--force", "--project", str(project))
    assert forced.exit_code == 0
    assert "recorded with --force, versions unchanged: 1: gate-duke" in forced.stdout
    assert _validate(project)[2] == []


def test_a_new_release_reports_new_versions_and_new_cards(tmp_path: Path) -> None:
    project, cards = _released(tmp_path)
    duke = "- id: gate-duke" + CLEAN_CARDS.split("- id: gate-duke")[1].split("- id: iron-crown")[0]
    second = duke.replace("id: gate-duke", "id: gate-duke-two").replace("number: 2", "number: 9")
    cards.write_text(cards.read_text().replace("  health: 8\n", "  health: 9\n  version: 2\n") + second)
    result = run_cli("release", "BASE", "--date", "2027-02-01", "--project", str(project))
    assert result.exit_code == 0, result.stdout
    lines = result.stdout.splitlines()
    assert lines[0] == "released BASE (Lords of Estraven) on 2027-02-01: 9 cards recorded in data/loe/released.json"
    assert lines[1:] == ["  not released before: 1: gate-duke-two", "  new versions: 1: gate-duke v2"]
    record = json.loads((project / RECORD).read_text())["sets"]["BASE"]
    assert record["released"] == "2027-02-01" and record["cards"]["gate-duke"]["version"] == 2


def test_a_broken_record_is_a_located_error(tmp_path: Path) -> None:
    project, _ = _released(tmp_path)
    path = project / RECORD
    lines = path.read_text().splitlines()
    path.write_text("\n".join([*lines[:8], "<<<<<<< HEAD", *lines[8:]]) + "\n")  # a merge conflict
    result = run_cli("validate", "--project", str(project))
    assert result.exit_code == 1
    assert "data/loe/released.json:9:1: E-RELEASE-RECORD is not JSON: Expecting property name" in result.stdout
    path.write_text("\n".join(lines).replace('"version": 1, "digest"', '"version": "one", "digest"', 1) + "\n")
    located = json.loads(run_cli("validate", "--format", "json", "--project", str(project)).stdout)["findings"]
    [finding] = [f for f in located if f["code"] == "E-RELEASE-RECORD"]
    assert finding["line"] == 8 and "sets.BASE.cards.aldric.version" in str(finding["message"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("BSE",), "no set 'BSE' in data/loe/sets.yaml; did you mean 'BASE'?"),
        (("PROMO",), "set PROMO has no cards to release"),
        (("BASE", "--date", "1 Dec"), "--date '1 Dec' is not a date written YYYY-MM-DD"),
    ],
)
def test_release_usage_errors(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    project = write_project(tmp_path)
    result = run_cli("release", *args, "--project", str(project))
    assert result.exit_code == 2 and message in result.stderr
    assert not (project / RECORD).exists()
