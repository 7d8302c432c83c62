"""`carddb rulebook` as a pipeline: prose + generated chapters -> HTML -> card pictures -> PDF.

Every stage adds its problems to one `Report`. The build stops before drawing
anything if the prose has errors (an unknown card id, a broken link), and lists
them all at once. Problems of the data it draws (a card whose text overflows, a
booster slot that cannot be filled) are reported too, but the book is still
written, so the designer can see them in place; the command then exits 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.files.atomic import write_bytes, write_text
from carddb.files.outputs import prune_folder, read_existing
from carddb.files.reading import PICTURE_BYTES, RESOURCE_BYTES, read_limited
from carddb.files.svgsafety import icon_problems, safe_icon
from carddb.files.templating import BUNDLED_TEMPLATES, PACKAGE_DIR
from carddb.findings.diagnostics import Finding, Report
from carddb.packs.card import Card, file_stem
from carddb.play.boosters import boosters_path
from carddb.play.draftformat import PlayDefinitions, load_play
from carddb.render.documents import Documents
from carddb.render.faces.results import FaceResult, bleed_mm
from carddb.render.faces.schedule import render_faces
from carddb.render.workers import RenderWorkers
from carddb.rulebook.chapters.anatomy import anatomy_card, anatomy_chapter
from carddb.rulebook.chapters.boosters import booster_entries, boosters_chapter
from carddb.rulebook.chapters.common import kind_label
from carddb.rulebook.chapters.components import components_chapter
from carddb.rulebook.chapters.deck_rules import deck_rule_sections, deck_rules_chapter
from carddb.rulebook.chapters.drafts import draft_entries, drafts_chapter
from carddb.rulebook.chapters.glossary import glossary_chapter, glossary_entries
from carddb.rulebook.chapters.kinds import example_cards, kinds_chapter
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
from carddb.rulebook.pdf import pdf_pages, queue_pdf
from carddb.rulebook.sources import CardRef, Link, ProseContext, check_links, read_chapters, rule_files
from carddb.rulebook.toc import AnchorBook, Chapter, TocEntry
from carddb.rules.registry import EffectRegistry

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
    db: CardDatabase,
    report: Report,
    *,
    paper: str = "a5",
    registry: EffectRegistry | None = None,
    pool: RenderWorkers | None = None,
) -> Rulebook:
    """Write output/<game>/rulebook.pdf and rulebook.html (with its pictures) for `db`."""
    book = RulebookRun(db, report, paper=paper, registry=registry, pool=pool)
    if book.stopped is None:
        book.start(render_faces(db, book.pictured_cards(), report, pool=pool))
    return book.finish()


class RulebookRun:
    """The rulebook in three steps, so that a build can lay out other things in between.

    Creating it reads the prose and decides which cards the book pictures; `start`
    takes their faces, writes the HTML and its pictures and queues the PDF on the
    workers; `finish` waits for the PDF.
    """

    def __init__(
        self,
        db: CardDatabase,
        report: Report,
        *,
        paper: str = "a5",
        registry: EffectRegistry | None = None,
        pool: RenderWorkers | None = None,
    ) -> None:
        pack, project = db.pack, db.project
        self.db, self.report, self.paper, self.pool = db, report, paper, pool
        self.registry = registry if registry is not None else pack.registry
        self.templates = template_environment(project.templates_dir(), project.templates_cache(pack))
        self.anchors = AnchorBook()
        self.stopped: Rulebook | None = None  # the result, when the prose has errors
        self.documents: Documents | None = None
        self.result = Rulebook()

        self.ids: list[str] = []  # the faces the book pictures (none when the prose has errors)

        # 1. the designer's prose
        prose = read_prose(db, self.anchors, report)
        self.context, self.prose, self.links, self.prose_report = (
            prose.context,
            prose.chapters,
            prose.links,
            prose.report,
        )
        if self.prose_report.errors:
            report.extend(self.prose_report.findings)
            self.stopped = Rulebook(chapters=self.prose)
            return

        # 2. the pictures: cards on the cover, in the prose, in the anatomy and the kinds reference
        self.anatomy = anatomy_card(db)
        wanted = [
            *(c.id for c in cover_cards(db)),
            *self.context.embedded,
            *([self.anatomy.id] if self.anatomy else []),
            *example_cards(db),
        ]
        self.ids = list(dict.fromkeys(wanted))

    def pictured_cards(self) -> list[Card]:
        """The cards the book pictures, by either side (`{card:ID/back}` pictures a back face)."""
        if self.stopped is not None:
            return []
        return [card for card in self.db.cards if any(face.id in self.ids for face in card.faces)]

    def start(self, faces: Sequence[FaceResult]) -> None:
        """Write the book's HTML and pictures, and queue its PDF (the pictured cards' `faces` are given)."""
        if self.stopped is not None:
            return
        db, report, pack = self.db, self.report, self.db.pack
        by_id = {side.card_id: side for face in faces for side in face.sides}  # a back face by its own id
        pictured = [by_id[face_id] for face_id in self.ids if face_id in by_id]
        for face_id in self.ids:
            if face_id not in by_id and not report.errors:
                report.add(Finding("E-RULEBOOK-RENDER", f"the face renderer returned no picture of '{face_id}'"))
        dpi = print_dpi(PAPERS[self.paper].largest_card_mm(pack.card_size_mm), pack.card_size_mm[1])
        out = db.project.output_dir(pack)
        images = card_images(out / ".cache" / "rulebook", pictured, pack.card_size_mm, report, dpi=dpi, pool=self.pool)

        # 3. the chapters written from the data; a game without a boosters file legitimately has no boosters
        play = load_play(db, report) if boosters_path(db).is_file() else PlayDefinitions({}, {})
        templates, anchors, anatomy = self.templates, self.anchors, self.anatomy
        positions = part_positions(by_id.get(anatomy.id) if anatomy else None, pack.card_size_mm, bleed_mm(pack))
        reference = [
            anatomy_chapter(templates, anchors, db, anatomy, positions, card_url) if anatomy is not None else None,
            kinds_chapter(templates, anchors, db, card_url),
            glossary_chapter(templates, anchors, glossary_entries(self.registry, pack)),
            components_chapter(templates, anchors, db),
            boosters_chapter(templates, anchors, booster_entries(db, play.boosters.values())),
            drafts_chapter(templates, anchors, draft_entries(db, play)),
            deck_rules_chapter(templates, anchors, deck_rule_sections(pack, pack.deck_rules)),
        ]
        chapters = self.prose + [c for c in reference if c is not None]
        check_links(chapters, self.links, self.prose_report)
        report.extend(self.prose_report.findings)
        if self.prose_report.errors:
            self.stopped = Rulebook(chapters=chapters)
            return

        # 4. the book as HTML, its pictures beside it, and the PDF laid out from the same HTML
        html, toc = assemble(db, chapters, PAPERS[self.paper], templates)
        write_assets(db, out / ASSETS, images, report)
        write_prose_images(out, self.context.images)
        html_path = write_text(out / "rulebook.html", html)
        roots = (db.project.root, PACKAGE_DIR, BUNDLED_TEMPLATES)
        pictures = [card_url(card_id) for card_id in images]
        self.documents = queue_pdf(html, out, out / "rulebook.pdf", roots, self.pool, pictures)
        self.result = Rulebook(html_path=html_path, chapters=chapters, toc=toc, cards=self.ids)

    def finish(self) -> Rulebook:
        """The book, once its PDF is written (or why it was not)."""
        if self.stopped is not None:
            return self.stopped
        if self.documents is not None:
            pages = pdf_pages(self.documents, self.report)
            self.result.pages = pages
            self.result.pdf = self.db.project.output_dir(self.db.pack) / "rulebook.pdf" if pages else None
            self.documents = None
        return self.result


@dataclass
class Prose:
    """The designer's chapters as read: each rendered, its internal links, and the problems found (`report`)."""

    context: ProseContext
    chapters: list[Chapter]
    links: list[Link]
    report: Report


def read_prose(db: CardDatabase, anchors: AnchorBook, report: Report) -> Prose:
    """Read and check data/<game>/rulebook/*.md: markers, pictures, titles (not links: they need the whole book).

    Folder warnings go to `report`; the chapters' own problems to the returned `Prose.report`.
    `carddb validate` and `carddb build` call this before anything is drawn, so an unknown
    `{card:...}` stops them with its location as it stops `carddb rulebook`.
    """
    pack, project = db.pack, db.project
    context = prose_context(db)
    rules_dir = project.rulebook_dir(pack)
    legacy = project.legacy_rulebook_dir(pack)
    if legacy is not None:
        report.add(
            Finding(
                "W-RULEBOOK-FOLDER",
                f"the rulebook's chapters are in {legacy.relative_to(project.root)}/, the folder's old name;"
                f" rename it to data/{pack.id}/rulebook/",
                legacy,
            )
        )
    if not rule_files(rules_dir):
        report.add(
            Finding("W-RULEBOOK-NO-PROSE", f"no rules chapters (*.md) in {rules_dir}; printing the reference only")
        )
    prose_report = Report(root=report.root)
    chapters, links = read_chapters(rules_dir, context, anchors, prose_report, inside=project.contains)
    return Prose(context, chapters, links, prose_report)


def prose_context(db: CardDatabase) -> ProseContext:
    # Every face: `{card:ID}` shows a card, `{card:ID/back}` the back face of a double-sided one.
    cards = {c.id: CardRef(c.id, c.name, kind_label(db.pack, c)) for c in db.faces()}
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
        write_bytes(out / prose_image_url(relative), read_limited(source, PICTURE_BYTES, "pictures"))
    folder = out / prose_image_url("")
    wanted = {out / prose_image_url(relative) for relative in images}
    if folder.is_dir() and not folder.is_symlink():
        # Subfolders (pictures under data/<game>/art/...) are real folders rglob enters; it never follows a link.
        for sub in [folder, *(p for p in folder.rglob("*") if p.is_dir() and not p.is_symlink())]:
            prune_folder(sub, lambda path: path in wanted)
    else:
        prune_folder(folder, lambda path: path in wanted)  # a link in its place: refused, with its name


def write_assets(db: CardDatabase, folder: Path, images: dict[str, bytes], report: Report) -> None:
    """Card pictures, icons and fonts beside rulebook.html; pictures of an older build are removed."""
    cards_dir = folder / "cards"
    for card_id, png in images.items():
        write_bytes(cards_dir / f"{file_stem(card_id)}.png", png)
    wanted = {file_stem(card_id) for card_id in images}
    prune_folder(cards_dir, lambda path: path.stem in wanted, suffixes={".png"})
    icon_folder, root = db.pack.icons_folder, db.project.icon_root(db.pack)
    for name in db.pack.icons:
        source = icon_folder / f"{name}.svg" if icon_folder else None
        data = safe_icon(source, root) if source is not None and source.is_file() else None
        if source is not None and data is None and source.is_file():
            report.extend(icon_problems(source, root))  # changed since the pack was loaded: refused the same way
        elif source is not None and data is not None:
            write_bytes(folder / "icons" / f"{name}.svg", data)
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
        data = read_limited(source, RESOURCE_BYTES, "fonts")
        if read_existing(target) != data:  # compared by content: a font of the same size could be another
            write_bytes(target, data)
