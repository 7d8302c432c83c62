"""The play stage of `carddb build` on the real LOE data: a sample of every play mode, reproducibly."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest
import yaml

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.play.samples import SEATS, play_stage

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def loe_project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    # A copy: carddb reads nothing through a symbolic link out of the project (docs/security.md).
    root = tmp_path_factory.mktemp("loe")
    shutil.copytree(ROOT / "data" / "loe", root / "data" / "loe")
    return Project.at(root)


def run(project: Project, seed: int) -> tuple[Path, Report]:
    db, report = load_database(project, get_pack("loe"))
    play_stage(db, report, seed=seed, pdf=False)
    return project.output_dir(db.pack) / "play", report


def test_every_play_mode_gets_a_sample(loe_project: Project) -> None:
    play, report = run(loe_project, 7)
    assert not report.errors, report.format_text()
    with (play / "sealed" / "boosters.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    owners = {r["owner"] for r in rows}
    assert owners == {f"Player {n}" for n in range(1, SEATS + 1)}
    shared = json.loads((play / "sealed" / "shared-deck.json").read_text())
    log = json.loads((play / "draft" / "draft-log.json").read_text())
    assert len(log["seats"]) == SEATS
    pools = {seat["name"]: seat["pools"] for seat in log["pools"]}
    assert len(pools) == SEATS and all(len(p["council"]) == 5 and len(p["victory"]) == 1 for p in pools.values())
    assert log["shared"]["shared-deck"] == shared["order"]  # the draft's Sealed Deck is the sealed sample's
    declared = []
    for path in (ROOT / "data" / "loe" / "decks").glob("*.yaml"):
        data = yaml.safe_load(path.read_text())
        declared += [d["id"] for d in (data if isinstance(data, list) else [data])]
    assert sorted(p.stem for p in (play / "decks").glob("*.json")) == sorted(declared)
    assert shared["seed"] == 7 and log["seed"] == 7


def test_the_same_seed_gives_the_same_samples(loe_project: Project, tmp_path: Path) -> None:
    play, _ = run(loe_project, 11)
    first = (play / "sealed" / "boosters.json").read_text()
    draft = (play / "draft" / "draft-log.json").read_text()
    play, _ = run(loe_project, 11)
    assert (play / "sealed" / "boosters.json").read_text() == first
    assert (play / "draft" / "draft-log.json").read_text() == draft
    play, _ = run(loe_project, 12)
    assert (play / "sealed" / "boosters.json").read_text() != first


def test_each_summary_row_names_the_folder_it_wrote(tmp_path: Path) -> None:
    """Shards has a sealed event and a draft format both called "Sealed Deck": the rows differ by folder."""
    shutil.copytree(ROOT / "data" / "shards", tmp_path / "data" / "shards")
    db, report = load_database(Project.at(tmp_path), get_pack("shards"))
    samples = play_stage(db, report, seed=3, pdf=False)
    assert not report.errors, report.format_text()
    assert [what for what, _, _ in samples.notes].count("Sealed Deck") == 2
    folders = [folder for _, folder, _ in samples.notes]
    assert len(set(folders)) == len(folders), folders
    play = tmp_path / "output" / "shards" / "play"
    for what, folder, _ in samples.notes:
        assert folder.parent == play and any(folder.iterdir()), what
    assert {f.name for f in folders} >= {"sealed", "draft-sealed", "decks"}
