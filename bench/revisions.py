"""Another revision of carddb beside this tree, to run and compare against (bench_build, compare_faces).

`checkout` writes the revision's files (`git archive`) into a folder; `environment` runs its
`python -m carddb` with the libraries of this venv. A revision whose templates are installed
as the package `carddb.templates` (mapped from the top-level templates/ folder in pyproject)
gets that package as a link, as an editable install would.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from bench_print import user_env

REPO = Path(__file__).resolve().parent.parent


def checkout(revision: str, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(REPO), "archive", revision], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    mapped = folder / "carddb" / "templates"
    if (folder / "templates" / "__init__.py").is_file() and not mapped.exists():
        mapped.symlink_to(folder / "templates", target_is_directory=True)
    return folder


def environment(tree: Path) -> dict[str, str]:
    """The environment that runs `python -m carddb` from `tree` (run it with `tree` as the current
    folder too: `python -m` puts the current folder first on sys.path, ahead of PYTHONPATH)."""
    return dict(user_env(), PYTHONPATH=str(tree))
