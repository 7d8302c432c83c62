"""`carddb rulebook` as a pipeline: prose + generated chapters -> HTML -> card pictures -> PDF.

Every stage adds its problems to one `Report`. The build stops before drawing
anything if the prose has errors (an unknown card id, a broken link), and lists
them all at once. Problems of the data it draws (a card whose text overflows, a
booster slot that cannot be filled) are reported too, but the book is still
written, so the designer can see them in place; the command then exits 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from carddb.atomic import write_bytes, write_text
from carddb.cardmodel import file_stem
from carddb.database import CardDatabase
from carddb.diagnostics import Finding, Report
from carddb.engine.registry import EffectRegistry, registry_for
from carddb.play.boosters import boosters_path
from carddb.play.draftformat import PlayDefinitions, load_play
from carddb.render.assets import BUNDLED_TEMPLATES, PACKAGE_DIR, icons_dir
from carddb.rulebook import chapters as generated
from carddb.rulebook.document import (
    ASSETS,
    PAPERS,
    assemble,
    card_url,
    cover_cards,
    icon_url,
    prose_image_url,
    template_environment,
)
from carddb.rulebook.images import card_images, part_positions, print_dpi
from carddb.rulebook.pdf import write_pdf
from carddb.rulebook.sources import CardRef, ProseContext, check_links, read_chapters, rule_files
from carddb.rulebook.toc import AnchorBook, Chapter, TocEntry

FONT_FILES = (
    "EBGaramond12-Regular.ttf",
    "EBGaramond12-Italic.ttf",
    "EBGaramond12-Bold.ttf",
    "Carlito-Regular.ttf",
    "Carlito-Bold.ttf",
)


@dataclass
class Rulebook:
    """What a build produced; `pdf` is None when the sources had errors."""

    html_path: Path | None = None
    pdf: Path | None = None
    pages: int = 0
    chapters: list[Chapter] = field(default_factory=list)
    toc: list[TocEntry] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)  # ids of the cards pictured in the book


def build_rulebook(
    db: CardDatabase, report: Report, *, paper: str = "a5", registry: EffectRegistry | None = None
) -> Rulebook:
    """Write output/<game>/rulebook.pdf and rulebook.html (with its pictures) for `db`."""
    pack, project = db.pack, db.project
    templates = template_environment(project.templates_dir())
    anchors = AnchorBook()

    # 1. the designer's prose
    context = prose_context(db)
    rules_dir = project.data_dir(pack) / "rules"
    if not rule_files(rules_dir):
        report.add(
            Finding("W-RULEBOOK-NO-PROSE", f"no rules chapters (*.md) in {rules_dir}; printing the reference only")
        )
    prose_report = Report(root=report.root)
    prose, links = read_chapters(rules_dir, context, anchors, prose_report)
    if prose_report.errors:
        report.extend(prose_report.findings)
        return Rulebook(chapters=prose)

    # 2. the pictures: cards on the cover, in the prose, in the anatomy and the kinds reference
    anatomy = generated.anatomy_card(db)
    wanted = [
        *(c.id for c in cover_cards(db)),
        *context.embedded,
        *([anatomy.id] if anatomy else []),
        *generated.example_cards(db),
    ]
    ids = list(dict.fromkeys(wanted))
    dpi = print_dpi(PAPERS[paper].largest_card_mm(pack.card_size_mm), pack.card_size_mm[1])
    shown = [card for card in db.cards if any(face.id in ids for face in card.faces)]
    images, sizes = card_images(db, shown, report, dpi=dpi)

    # 3. the chapters written from the data; a game without a boosters file legitimately has no boosters
    play = load_play(db, report) if boosters_path(db).is_file() else PlayDefinitions({}, {})
    registry = registry if registry is not None else registry_for(pack)
    reference = [
        generated.anatomy_chapter(
            templates, anchors, db, anatomy, part_positions(db, anatomy, sizes.get(anatomy.id)), card_url
        )
        if anatomy is not None
        else None,
        generated.kinds_chapter(templates, anchors, db, card_url),
        generated.glossary_chapter(templates, anchors, generated.glossary_entries(registry, pack)),
        generated.components_chapter(templates, anchors, db),
        generated.boosters_chapter(templates, anchors, generated.booster_entries(db, play.boosters.values())),
        generated.drafts_chapter(templates, anchors, generated.draft_entries(db, play)),
        generated.deck_rules_chapter(templates, anchors, generated.deck_rule_sections(pack, pack.deck_rules)),
    ]
    chapters = prose + [c for c in reference if c is not None]
    check_links(chapters, links, prose_report)
    report.extend(prose_report.findings)
    if prose_report.errors:
        return Rulebook(chapters=chapters)

    # 4. the book as HTML, its pictures beside it, and the PDF laid out from the same HTML
    html, toc = assemble(db, chapters, PAPERS[paper], templates)
    out = project.output_dir(pack)
    write_assets(db, out / ASSETS, images, report)
    write_prose_images(out, context.images)
    html_path = write_text(out / "rulebook.html", html)
    roots = [project.root, PACKAGE_DIR, BUNDLED_TEMPLATES]
    pages = write_pdf(html, out, out / "rulebook.pdf", roots, report)
    return Rulebook(
        html_path=html_path,
        pdf=out / "rulebook.pdf" if pages else None,
        pages=pages,
        chapters=chapters,
        toc=toc,
        cards=ids,
    )


def prose_context(db: CardDatabase) -> ProseContext:
    # Every face: `{card:ID}` shows a card, `{card:ID/back}` the back face of a double-sided one.
    cards = {c.id: CardRef(c.id, c.name, generated.kind_label(db.pack, c)) for c in db.faces()}
    return ProseContext(
        cards=cards,
        icons=db.pack.icons,
        icon_url=icon_url,
        card_url=card_url,
        image_url=prose_image_url,
        numbers={n.id: n.value for n in db.pack.numbers},
        tables={t.id: t for t in db.pack.tables},
    )


def write_prose_images(out: Path, images: dict[str, Path]) -> None:
    """The designer's pictures beside the book; pictures the prose no longer shows are removed."""
    for relative, source in images.items():
        write_bytes(out / prose_image_url(relative), source.read_bytes())
    folder = out / prose_image_url("")
    if folder.is_dir():
        wanted = {(out / prose_image_url(relative)).resolve() for relative in images}
        for stale in (p for p in folder.rglob("*") if p.is_file() and p.resolve() not in wanted):
            stale.unlink()


def write_assets(db: CardDatabase, folder: Path, images: dict[str, bytes], report: Report) -> None:
    """Card pictures, icons and fonts beside rulebook.html; pictures of an older build are removed."""
    cards_dir = folder / "cards"
    for card_id, png in images.items():
        write_bytes(cards_dir / f"{file_stem(card_id)}.png", png)
    if cards_dir.is_dir():
        wanted = {file_stem(card_id) for card_id in images}
        for stale in cards_dir.glob("*.png"):
            if stale.stem not in wanted:
                stale.unlink()
    icon_folder = icons_dir(db.pack)
    for name in db.pack.icons:
        source = icon_folder / f"{name}.svg" if icon_folder else None
        if source is not None and source.is_file():
            write_bytes(folder / "icons" / f"{name}.svg", source.read_bytes())
        else:
            where = source or f"{name}.svg (the pack declares no icon folder)"
            report.add(Finding("E-RULEBOOK-RENDER", f"the icon {{{name}}} has no picture: {where} is missing"))
    project_fonts = db.project.templates_dir() / "fonts"
    for name in FONT_FILES:
        source = next((d / name for d in (project_fonts, BUNDLED_TEMPLATES / "fonts") if (d / name).is_file()), None)
        if source is None:
            report.add(Finding("E-FONT-MISSING", f"the rulebook font {name} is not in templates/fonts/"))
            continue
        target = folder / "fonts" / name
        if not target.is_file() or target.stat().st_size != source.stat().st_size:
            with open(source, "rb") as fh:
                write_bytes(target, fh.read())
