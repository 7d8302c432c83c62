"""Time each stage of `carddb rulebook` on a project (default: this checkout's LOE data).

    python bench/bench_rulebook.py [--project DIR] [--game loe] [--paper a5]

Prints wall and CPU seconds per stage, the page count and the PDF size. The card
faces come from the face cache when it is warm. --cold clears the rulebook's
picture cache and deletes rulebook.pdf, so the book is laid out again (the face
cache is left alone: it belongs to the face renderer).
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from weasyprint import HTML

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.files.templating import BUNDLED_TEMPLATES, PACKAGE_DIR
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.render.fetcher import ConfinedFetcher
from carddb.rulebook.build import build_rulebook

T = TypeVar("T")


def timed(label: str, run: Callable[[], T]) -> T:
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    print(f"{label:<34} {time.perf_counter() - wall:7.2f} s wall {time.process_time() - cpu:7.2f} s cpu")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--project", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--game", default="loe")
    parser.add_argument("--paper", default="a5", choices=["a5", "a4"])
    parser.add_argument("--cold", action="store_true", help="lay the book out again and redraw its pictures")
    args = parser.parse_args()
    project, pack = Project.at(args.project), get_pack(args.game)
    if args.cold:
        shutil.rmtree(project.output_dir(pack) / ".cache" / "rulebook", ignore_errors=True)
        # an unchanged book is not laid out again (carddb.render.pdfcache) unless its PDF is gone
        (project.output_dir(pack) / "rulebook.pdf").unlink(missing_ok=True)
    db, report = timed("load database", lambda: load_database(project, pack))
    report = Report(root=project.root)
    book = timed("whole build (carddb rulebook)", lambda: build_rulebook(db, report, paper=args.paper))
    if book.pdf is None or book.html_path is None:
        print(report.format_text())
        raise SystemExit(1)
    html = book.html_path.read_text(encoding="utf-8")
    fetcher = ConfinedFetcher([project.root, PACKAGE_DIR, BUNDLED_TEMPLATES])
    base = book.html_path.parent.as_uri() + "/"
    document = timed(
        "layout alone, measured again", lambda: HTML(string=html, base_url=base, url_fetcher=fetcher).render()
    )
    with tempfile.TemporaryDirectory() as scratch:
        timed("PDF writing alone, measured again", lambda: document.write_pdf(Path(scratch) / "book.pdf"))
    print(
        f"{book.pages} pages, {book.pdf.stat().st_size / 1e6:.1f} MB, {len(book.cards)} cards pictured, "
        f"{len(book.toc)} contents entries, {len(db.cards)} cards in the database"
    )


if __name__ == "__main__":
    main()
