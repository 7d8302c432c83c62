"""The wheel a user installs holds everything carddb needs: it starts a project and builds it, from an empty folder.

The wheel is built from a copy of the repository (setuptools reuses a build/ folder, which
could hide a file the package data leaves out), installed with pip into a fresh virtual
environment, not editable, together with the third-party fixture pack, and run outside the
repository.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "orbit_pack"
SKIP = shutil.ignore_patterns(".git", "output", "build", "dist", "*.egg-info", "__pycache__", ".*cache", ".venv")


def run(*args: str | Path, cwd: Path) -> str:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, cwd=cwd, timeout=600)
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stdout + done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    source, pack = work / "source", work / "orbit_pack"
    shutil.copytree(ROOT, source, ignore=SKIP)
    shutil.copytree(FIXTURE, pack, ignore=SKIP)  # pip builds in the folder it is given: not in the repository
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", work / "dist", source, cwd=work)
    wheel = next((work / "dist").glob("carddb-*.whl"))
    # A venv without its own pip: this environment's pip installs into it (--python), which saves
    # bootstrapping one; --no-compile leaves byte-compiling to the first import.
    run(sys.executable, "-m", "venv", "--without-pip", work / "venv", cwd=work)
    bin_dir = work / "venv" / "bin"
    pip = (sys.executable, "-m", "pip", "--python", bin_dir / "python", "install", "-q", "--no-compile")
    run(*pip, wheel, pack, cwd=work)
    return bin_dir


def test_the_installed_carddb_is_the_wheels(venv: Path) -> None:
    where = run(venv / "python", "-c", "import carddb, carddb.templates; print(carddb.__file__)", cwd=venv)
    assert Path(where.strip()).is_relative_to(venv.parent / "lib")
    assert not Path(where.strip()).is_relative_to(ROOT)


def test_new_and_build_in_an_empty_folder(venv: Path, tmp_path: Path) -> None:
    run(venv / "carddb", "new", "harbor-raid", cwd=tmp_path)
    project = tmp_path / "harbor-raid"
    assert run(venv / "carddb", "validate", "--strict", cwd=project).strip() == "0 errors, 0 warnings"
    run(venv / "carddb", "build", cwd=project)
    out = project / "output" / "harbor-raid"
    assert len(list((out / "cards").glob("*.pdf"))) == 9
    assert (out / "print" / "harbor-raid-a4.pdf").stat().st_size > 10_000
    assert len(list((out / "png").glob("*.png"))) == 9
    assert (out / "rulebook.pdf").stat().st_size > 10_000
    assert (out / "site" / "index.html").is_file()


def test_a_pack_installed_beside_it_is_found_and_printed(venv: Path, tmp_path: Path) -> None:
    games = run(venv / "carddb", "games", cwd=tmp_path)
    assert any(line.split()[:1] == ["orbit"] and "carddb-orbit 1.0.0" in line for line in games.splitlines())
    run(venv / "carddb", "new", "orbit-table", "--game", "orbit", cwd=tmp_path)
    project = tmp_path / "orbit-table"
    assert run(venv / "carddb", "validate", "--strict", cwd=project).strip() == "0 errors, 0 warnings"
    run(venv / "carddb", "print", "--paper", "a4", cwd=project)
    out = project / "output" / "orbit"
    assert {p.name for p in (out / "cards").glob("*.pdf")} == {"vega-ace.pdf", "slingshot.pdf", "relay-beacon.pdf"}
    assert (out / "print" / "orbit-a4.pdf").is_file()
    # The pack's own simulator (orbit_pack/sim.py) was installed with it, and plays.
    played = run(venv / "carddb", "playtest", "-n", "20", "--seed", "1", cwd=project)
    assert played.startswith("20 games, ") and ", 0 failed;" in played
    assert (out / "playtest" / "seed1" / "playtest.json").is_file()


# Every pack carddb bundles ships a starter in the wheel's package data (README, cards, rules...).
BUNDLED = sorted(p.name for p in (ROOT / "carddb" / "games").iterdir() if (p / "__init__.py").is_file())


@pytest.mark.parametrize("game", BUNDLED)
def test_the_installed_wheel_starts_a_project_of_every_bundled_pack(venv: Path, tmp_path: Path, game: str) -> None:
    run(venv / "carddb", "new", "table", "--game", game, cwd=tmp_path)
    project = tmp_path / "table"
    assert (project / "README.md").is_file() and any((project / "data" / game / "cards").glob("*.yaml"))
    assert run(venv / "carddb", "validate", "--strict", cwd=project).strip() == "0 errors, 0 warnings"
