"""scripts/install.sh on a machine whose python3 is the system's (Debian: pip may not change it, PEP 668)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A python3 that says what the script asks (in a virtual environment? externally managed?) and logs its calls.
FAKE_PYTHON = """#!/bin/sh
echo "$*" >> "$(dirname "$0")/calls.log"
case "$*" in -c*) echo "{answer}" ;; esac
"""


def run_install(tmp_path: Path, answer: str) -> tuple[subprocess.CompletedProcess[str], str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "python3"
    fake.write_text(FAKE_PYTHON.format(answer=answer))
    fake.chmod(0o755)
    # dpkg answers for the Debian packages; without it the script would try apt-get, which this test must not.
    dpkg = bin_dir / "dpkg"
    dpkg.write_text("#!/bin/sh\nexit 0\n")
    dpkg.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}:/usr/bin:/bin"}
    done = subprocess.run(["bash", str(ROOT / "scripts" / "install.sh")], capture_output=True, text=True, env=env)
    calls = (bin_dir / "calls.log").read_text() if (bin_dir / "calls.log").exists() else ""
    return done, calls


def test_the_systems_python_is_refused_with_the_way_to_a_virtual_environment(tmp_path: Path) -> None:
    done, calls = run_install(tmp_path, "0 1")  # not in a virtual environment, externally managed
    assert done.returncode == 1
    assert "python3 -m venv .venv && . .venv/bin/activate" in done.stderr and "PEP 668" in done.stderr
    assert "pip install" not in calls  # nothing was attempted


def test_a_virtual_environment_is_installed_into(tmp_path: Path) -> None:
    done, calls = run_install(tmp_path, "1 1")  # in a virtual environment: pip may install
    assert done.returncode == 0, done.stderr
    assert "-m pip install -q --disable-pip-version-check -e ." in calls
