"""Compiled templates are kept in the project, one shipped with it is never run; no cache in the shared temp folder (issue 29, carry-over).

Before: jinja's bytecode cache was written to the user's temporary folder (outside the
project, for every project ever built, never removed). Kept in output/<game>/.cache/templates/
instead, a compiled template is code: a forged one that came with a project would run
outside the sandbox. It is loaded only if this machine's carddb wrote it (carddb.files.stamps).
"""

from __future__ import annotations

import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path

import jinja2.bccache
import pytest
from support.projects import write_project

from carddb.files.sandbox import BoundedSandbox
from carddb.files.usercache import private_cache_folder

FORGED = "FORGED-TEMPLATE-RAN-5e21"


def _site(project: Path, tmp: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "carddb", "site", "--project", str(project)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "TMPDIR": str(tmp), "XDG_CACHE_HOME": str(tmp.parent / "user-cache")},
    )


def test_compiled_templates_stay_in_the_project(tmp_path: Path) -> None:
    project = write_project(tmp_path / "project")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    done = _site(project, tmp)
    assert done.returncode == 0, done.stdout + done.stderr
    # Before: _jinja2-cache-<uid>/__carddb_*.cache, and lark's .lark_cache_<user>_<digest>.tmp, a pickle
    # any user of the machine could have planted under that name.
    assert list(tmp.iterdir()) == []
    assert list((tmp.parent / "user-cache" / "carddb").glob("lark-*.cache"))
    assert list((project / "output" / "loe" / ".cache" / "templates").glob("*.cache"))


def test_a_forged_compiled_template_is_not_run(tmp_path: Path) -> None:
    project = write_project(tmp_path / "project")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    assert _site(project, tmp).returncode == 0
    cached = sorted((project / "output" / "loe" / ".cache" / "templates").glob("*.cache"))
    assert cached
    evil = BoundedSandbox().compile(f"{FORGED}{{% block x %}}{{% endblock %}}", "index.html")
    for path in cached:
        # Each file keeps the checksum of its template's real source (jinja compares it before use),
        # with code that prints FORGED: what an attacker who knows the template would ship.
        with path.open("rb") as handle:
            assert handle.read(len(jinja2.bccache.bc_magic)) == jinja2.bccache.bc_magic
            checksum = pickle.load(handle)
        bucket = jinja2.bccache.Bucket(BoundedSandbox(), path.stem, checksum)
        bucket.bytecode_from_string(path.read_bytes())
        assert bucket.code is not None  # a real compiled template, in jinja's own format
        bucket.code = evil
        path.write_bytes(bucket.bytecode_to_string())
    (project / "output" / "loe" / "site").joinpath("index.html").unlink()
    done = _site(project, tmp)
    assert done.returncode == 0, done.stdout + done.stderr
    pages = list((project / "output" / "loe" / "site").rglob("*.html"))
    assert pages
    for page in pages:
        assert FORGED not in page.read_text(encoding="utf-8"), page


def test_the_user_cache_folder_is_used_only_if_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = private_cache_folder()
    assert folder == tmp_path / "carddb" and stat.S_IMODE(folder.stat().st_mode) == 0o700
    folder.chmod(0o777)  # anyone could plant a pickle in it
    assert private_cache_folder() is None
    folder.rmdir()
    (tmp_path / "elsewhere").mkdir(mode=0o700)
    folder.symlink_to(tmp_path / "elsewhere")
    assert private_cache_folder() is None
