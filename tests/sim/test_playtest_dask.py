"""The same playtest on a Dask cluster (a local one) gives the same games as in this process."""

from __future__ import annotations

import json
import os
from pathlib import Path

from distributed import Client, LocalCluster
from playtest_fixtures import write_playtest_project
from typer.testing import CliRunner

from carddb.cards.loading import load_database
from carddb.cli.app import app
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.sim import playtest as playtest_module
from carddb.sim.parallel import run_plans
from carddb.sim.playtest import ablation_plan
from carddb.sim.runner import Request, prepare
from carddb.sim.simulator import simulator_for


def test_games_on_a_dask_cluster_match_games_here(tmp_path: Path) -> None:
    project = write_playtest_project(tmp_path / "project")
    db, _ = load_database(Project.at(project), get_pack("loe"))
    sim = simulator_for(db.pack)
    plan, _ = prepare(db, sim, Request(games=10, seed=21), Report())
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


def test_games_run_in_the_worker_processes_of_a_dask_cluster(tmp_path: Path) -> None:
    """Process workers, as on a real cluster: the plan is pickled to them and each compiles its own catalogue."""
    project = write_playtest_project(tmp_path / "project")
    db, _ = load_database(Project.at(project), get_pack("loe"))
    plan, _ = prepare(db, simulator_for(db.pack), Request(games=50, seed=8), Report())
    here = run_plans([plan], workers=1)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        there = run_plans([plan], scheduler=cluster.scheduler_address)
        with Client(cluster) as client:
            # each worker process says who it is and which catalogues it compiled (playing a batch compiles one)
            workers = client.run(lambda: (os.getpid(), sorted(playtest_module._CATALOGUES)))
    assert here == there and len(there[0]) == 50
    assert len(workers) == 2 and os.getpid() not in {pid for pid, _ in workers.values()}
    assert any(plan.catalogue_key in compiled for _, compiled in workers.values())  # the games were played there
