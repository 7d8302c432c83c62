"""A cache or an output that came with a project is never trusted (issue 29, finding 6).

Before the fix, a different PDF put in output/<game>/.cache/faces/ under a face's name was
printed as the card: the name is a digest anyone can compute, and the checks looked only at
whether the file was whole. Now carddb reuses a file only if it wrote it there itself
(carddb.files.stamps: its inode and change time on this machine, which no copy or archive
carries). Each case swaps a file for another, whole and valid, one, as a shipped project would,
and checks that the next run writes the true output.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from hostile_out_tools import pdf_text, squeeze
from support.projects import PNG, write_project

PRINT = ("print", "--jobs", "1", "--paper", "a4", "--duplex", "none")


def _carddb(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "carddb", *args, "--project", str(project)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert "Traceback" not in done.stdout + done.stderr
    return done


def _face(project: Path, card_id: str) -> Path:
    """The cached face of a card: the one whose PDF holds its name."""
    names = {"quickening": "Quickening", "levies": "AshmarchLevies"}
    for pdf in (project / "output" / "loe" / ".cache" / "faces").glob("*.pdf"):
        if names[card_id] in squeeze(pdf_text(pdf)):
            return pdf
    raise AssertionError(f"no cached face of {card_id}")


def _swap(target: Path, source: Path) -> None:
    """Replace `target` by a copy of `source`, with `target`'s modification time (as an archive keeps it)."""
    info = target.stat()
    shutil.copyfile(source, target)
    os.utime(target, ns=(info.st_atime_ns, info.st_mtime_ns))


def test_a_face_swapped_in_the_cache_is_not_printed(tmp_path: Path) -> None:
    project = write_project(tmp_path / "project")
    assert _carddb(project, *PRINT).returncode == 0
    _swap(_face(project, "quickening"), _face(project, "levies"))
    done = _carddb(project, *PRINT)
    assert done.returncode == 0, done.stdout + done.stderr
    printed = squeeze(pdf_text(project / "output" / "loe" / "cards" / "quickening.pdf"))
    assert "Quickening" in printed and "AshmarchLevies" not in printed
    assert "8 cards: 1 rendered, 7 from the cache" in done.stdout  # that one face laid out again, the others reused


def test_a_copied_project_renders_its_faces_again(tmp_path: Path) -> None:
    # A project as received: every file of output/ copied with its times (cp -a, tar, zip), one face swapped,
    # unpacked at the very path where it was built (the face keys include the project's folder).
    received = write_project(tmp_path / "project")
    assert _carddb(received, *PRINT).returncode == 0
    _swap(_face(received, "quickening"), _face(received, "levies"))
    shutil.copytree(received, tmp_path / "archive", copy_function=shutil.copy2)
    shutil.rmtree(received)
    shutil.copytree(tmp_path / "archive", received, copy_function=shutil.copy2)
    done = _carddb(received, *PRINT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "8 cards: 8 rendered, 0 from the cache" in done.stdout  # nothing made elsewhere is reused
    printed = squeeze(pdf_text(received / "output" / "loe" / "cards" / "quickening.pdf"))
    assert "Quickening" in printed and "AshmarchLevies" not in printed


def test_a_png_swapped_with_a_newer_time_is_drawn_again(tmp_path: Path) -> None:
    project = write_project(tmp_path / "project")
    assert _carddb(project, *PRINT, "--png").returncode == 0
    png = project / "output" / "loe" / "png" / "quickening.png"
    true_png = png.read_bytes()
    png.write_bytes((png.parent / "levies.png").read_bytes())  # same size and resolution, another card
    later = png.stat().st_mtime_ns + 10**12
    os.utime(png, ns=(later, later))  # newer than its PDF, as a planted file can claim
    assert _carddb(project, *PRINT, "--png").returncode == 0
    assert png.read_bytes() == true_png


def test_a_shipped_rulebook_pdf_is_written_again(tmp_path: Path) -> None:
    project = write_project(tmp_path / "project")
    (project / "data" / "loe" / "rulebook").mkdir()
    (project / "data" / "loe" / "rulebook" / "01-basics.md").write_text("# Basics\n\nPlay cards.\n")
    assert _carddb(project, "rulebook").returncode == 0
    book = project / "output" / "loe" / "rulebook.pdf"
    assert "Playcards." in squeeze(pdf_text(book))
    # A whole, valid PDF that is not the book, of the book's size and time (what the record used to compare).
    info = book.stat()
    book.write_bytes(_pdf_of_size(_face(project, "levies"), info.st_size))
    os.utime(book, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert book.stat().st_size == info.st_size and "Playcards." not in squeeze(pdf_text(book))
    assert _carddb(project, "rulebook").returncode == 0
    assert "Playcards." in squeeze(pdf_text(book))


def _pdf_of_size(source: Path, size: int) -> bytes:
    """`source`'s pages as a PDF of exactly `size` bytes (padded with a metadata string)."""
    from pypdf import PdfReader, PdfWriter

    def written(padding: int) -> bytes:
        writer = PdfWriter(clone_from=PdfReader(source))
        writer.add_metadata({"/Padding": "x" * padding})
        buffer = io.BytesIO()
        writer.write(buffer)
        return buffer.getvalue()

    padding = 0
    for _ in range(5):
        data = written(padding)
        if len(data) == size:
            return data
        padding += size - len(data)
    raise AssertionError(f"could not make a PDF of {size} bytes")


def test_a_forged_art_verdict_does_not_pass_a_broken_picture(tmp_path: Path) -> None:
    project = write_project(tmp_path / "project", art={"good.png": PNG[:40]})  # truncated: E-ART-UNREADABLE
    assert _carddb(project, "validate").returncode == 1
    cache = project / "output" / "loe" / ".cache" / "art.json"
    verdicts = json.loads(cache.read_text(encoding="utf-8"))
    entry = verdicts["files"]["good.png"]
    assert entry[-1]  # the truncation, recorded
    entry[-1] = None  # "fine", for a file of this size and time
    cache.write_text(json.dumps(verdicts), encoding="utf-8")
    copy = tmp_path / "copy"
    shutil.copytree(project, copy, copy_function=shutil.copy2)  # the forged file travels with its art
    done = _carddb(copy, "validate")
    assert done.returncode == 1 and "E-ART-UNREADABLE" in done.stdout


def test_the_caches_hold_what_the_project_needs_now(tmp_path: Path) -> None:
    # Carried over from the first pass: every edit left a face in the cache for good. Now a full run keeps
    # the faces of the cards and at most as many recent others (so that an undone edit finds its face).
    project = write_project(tmp_path / "project")
    cards = project / "data" / "loe" / "cards" / "cards.yaml"
    original = cards.read_text(encoding="utf-8")
    cache = project / "output" / "loe" / ".cache"
    counts = []
    for round_ in range(4):  # every card's flavour edited each time: 8 new faces a round
        edited = re.sub(r"flavor: (.*)", rf"flavor: \1 (draft {round_})", original)
        cards.write_text(edited, encoding="utf-8")
        done = _carddb(project, *PRINT)
        assert done.returncode == 0, done.stdout + done.stderr
        counts.append(len(list((cache / "faces").glob("*.pdf"))))
    assert counts == [8, 16, 16, 16]
    assert len(list((cache / "faces").glob("*.json"))) == 16 + 1  # each face's record, and the index
    ledger = (cache / "faces" / ".carddb-written").read_text(encoding="utf-8").splitlines()
    assert len(ledger) <= 2 * 33 + 64  # compacted as files go
