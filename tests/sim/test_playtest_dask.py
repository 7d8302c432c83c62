"""The same playtest on a Dask cluster (a local one) gives the same games as in this process."""

from __future__ import annotations

import json
from pathlib import Path

from distributed import LocalCluster
from playtest_fixtures import write_playtest_project
from typer.testing import CliRunner

from carddb.cli import app
from carddb.database import load_database
from carddb.diagnostics import Report
from carddb.games import get_pack
from carddb.project import Project
from carddb.sim.parallel import run_plans
from carddb.sim.playtest import ablation_plan
from carddb.sim.rules import simulator_for
from carddb.sim.runner import Request, prepare


def test_games_on_a_dask_cluster_match_games_here(tmp_path: Path) -> None:
    project = write_playtest_project(tmp_path / "project")
    db, _ = load_database(Project.at(project), get_pack("loe"))
    rules = simulator_for(db.pack)
    plan, _ = prepare(db, rules, Request(games=10, seed=21), Report())
    plans = [plan, ablation_plan(plan, "field", 4)]
    here = run_plans(plans, workers=1)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        there = run_plans(plans, scheduler=cluster.scheduler_address)
        args = [
            "playtest",
            "-n",
            "10",
            "--seed",
            "21",
            "--scheduler",
            cluster.scheduler_address,
            "--project",
            str(project),
        ]
        result = CliRunner().invoke(app, args)
    assert here == there and [len(records) for records in there] == [10, 4]
    assert all("field" not in seat.cards for record in there[1] for seat in record.seats)
    assert result.exit_code == 0, result.output
    report = json.loads((project / "output" / "loe" / "playtest" / "seed21" / "playtest.json").read_text())
    assert [game["winner"] for game in report["games"]] == [record.winner for record in here[0]]
