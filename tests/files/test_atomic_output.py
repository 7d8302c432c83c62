"""Outputs are written atomically and readable like any other file the user writes."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from carddb.files.atomic import atomic_path, write_text


def test_new_output_gets_the_umask_mode_not_a_private_one(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        target = write_text(tmp_path / "site" / "index.html", "<p>hi</p>")
    finally:
        os.umask(old)
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert target.read_text() == "<p>hi</p>"


def test_replacing_keeps_the_existing_mode(tmp_path: Path) -> None:
    target = tmp_path / "deck.pdf"
    target.write_text("old")
    target.chmod(0o640)
    write_text(target, "new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert target.read_text() == "new"


def test_an_interrupted_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "loe-a4.pdf"
    target.write_bytes(b"%PDF complete")
    with pytest.raises(KeyboardInterrupt), atomic_path(target) as tmp:
        tmp.write_bytes(b"%PDF trunc")
        raise KeyboardInterrupt
    assert target.read_bytes() == b"%PDF complete"
    assert [p.name for p in tmp_path.iterdir()] == ["loe-a4.pdf"]
