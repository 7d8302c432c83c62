"""What WeasyPrint itself costs per card page, to put the print benchmark's cold figure in context.

Lays out and writes, in one process and one document each:
  - N pages that hold one line of text (the least a card could be);
  - N pages with a bordered title box, a rounded frame and a paragraph (a very bare card);
  - N real LOE card faces from a synthetic project (the same cards as bench_print.py).
The real faces are measured twice: with Python's default garbage collector settings, and with the
ones carddb's render workers use (`carddb.runtime.memory`), which is the floor carddb is held to.
Prints milliseconds of CPU per page for layout and for writing (each document as one PDF,
cheaper than the one PDF per card that print services need), and the smallest wall time
any WeasyPrint-based renderer could need for N cards on this machine's cores: the import,
then the pages shared perfectly over the cores, with nothing else (no HTML to build, no
cache, no sheets).

    python bench/bench_weasyprint_floor.py [N]    # N = 360
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def timed(
    html: str, stylesheets: list[object], fetcher: object = None, fonts: object = None
) -> tuple[float, float, int]:
    from weasyprint import HTML

    start = time.process_time()
    document = HTML(string=html, url_fetcher=fetcher).render(stylesheets=stylesheets, font_config=fonts)  # type: ignore[arg-type]
    laid_out = time.process_time()
    document.write_pdf()
    return laid_out - start, time.process_time() - laid_out, len(document.pages)


def real_faces(count: int) -> tuple[str, list[object], object, object]:
    """The HTML of `count` real card faces, as carddb's renderer lays them out, and its stylesheets."""
    from bench_print import make_project
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    from carddb.cards.loading import load_database
    from carddb.files.project import Project
    from carddb.packs.lookup import get_pack
    from carddb.render.faces.context import card_fragment
    from carddb.render.faces.templates import FaceResources
    from carddb.render.fetcher import ConfinedFetcher
    from carddb.render.fit import START_PT, sized

    root = make_project(Path(tempfile.mkdtemp(prefix="carddb-floor-")), count)
    # The faces fetch their placeholder art from the project while they are laid out: removed at exit.
    atexit.register(shutil.rmtree, root, True)
    db, _ = load_database(Project.at(root), get_pack("loe"))
    resources = FaceResources(db)
    resources.placeholder_dir = root / "output" / "placeholders"
    head, tail = resources.page_parts(preview=False, linked=False)
    fragments = [sized(card_fragment(db, card, resources, None, preview=False)[0], START_PT) for card in db.cards]
    fetcher = ConfinedFetcher(resources.fetch_roots)
    fonts = FontConfiguration()
    # As the render workers parse them (carddb.render.layout._styles): base/card.css rendered for the card size.
    sheets: list[object] = [CSS(string=resources.card_css(), url_fetcher=fetcher, font_config=fonts)]
    sheets += [CSS(filename=str(p), url_fetcher=fetcher, font_config=fonts) for p in resources.pack_stylesheets]
    sheets.append(CSS(string=resources.palette_css(), font_config=fonts))
    return head + "".join(fragments) + tail, sheets, fetcher, fonts


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 360
    start = time.process_time()
    from carddb.render.workers import import_renderer

    import_renderer()
    from weasyprint import CSS

    imported = time.process_time() - start
    page = CSS(string="@page { size: 69mm 94mm; margin: 0 } body { margin: 0 } .c { break-after: page; height: 94mm }")
    trivial = "".join(f'<div class="c"><p>Card {i}</p></div>' for i in range(count))
    bare = "".join(
        f'<div class="c"><div style="position: absolute; top: 5mm; left: 5mm; width: 58mm; height: 7mm;'
        f' border: 0.3mm solid; border-radius: 1mm">Card {i}</div>'
        f'<div style="position: absolute; top: 4mm; left: 4mm; width: 61mm; height: 86mm;'
        f' border: 0.25mm solid; border-radius: 1.6mm"></div>'
        f'<p style="position: absolute; top: 55mm; left: 6mm; width: 57mm">Deal {i % 7} damage to target'
        f" Duke. When you play a Resource, draw a card.</p></div>"
        for i in range(count)
    )
    html, sheets, fetcher, fonts = real_faces(count)
    cores = os.cpu_count() or 1
    print(f"WeasyPrint import (with carddb's library look-up): {imported:.2f} s CPU; {cores} cores")
    measured = [
        ("one line of text", timed(trivial, [page])),
        ("a bare card (2 boxes, 1 paragraph)", timed(bare, [page])),
        ("a real LOE card face", timed(html, sheets, fetcher, fonts)),
    ]
    # carddb's workers collect garbage less often (carddb.runtime.memory): the same faces with the same setting.
    from carddb.runtime.memory import tune_collector

    tune_collector()
    measured.append(("the same, with carddb's collector", timed(html, sheets, fetcher, fonts)))
    for label, (layout, write, pages) in measured:
        per_page = (layout + write) / pages
        floor = imported + per_page * count / cores
        print(
            f"{label:36} layout {layout / pages * 1000:5.1f} ms + write {write / pages * 1000:5.1f} ms per page;"
            f" {count} cards need at least {floor:.1f} s on {cores} cores"
        )


if __name__ == "__main__":
    main()
