"""The whole book as one HTML document: cover, contents, prose chapters, then reference chapters.

`assemble` takes the chapters (already rendered), lays out the table of
contents and fills templates/rulebook/book.html with the print stylesheet for
the chosen paper. The same HTML is the web version (`rulebook.html`) and the
source WeasyPrint turns into `rulebook.pdf`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

import jinja2
from markupsafe import Markup

from carddb.cards.database import CardDatabase
from carddb.files.templating import BUNDLED_TEMPLATES, sandboxed_environment
from carddb.findings.plural import plural
from carddb.packs.card import Card, file_stem
from carddb.rulebook.sources import numbers_html
from carddb.rulebook.toc import Chapter, TocEntry, table_of_contents

ASSETS = "rulebook"  # folder beside rulebook.html that holds its pictures and fonts


@dataclass(frozen=True)
class Paper:
    """A paper preset: the page and the sizes that read well on it."""

    id: str
    size: str
    width: str
    height: str
    top: str
    bottom: str
    inner: str
    outer: str
    body: str
    small: str
    card_row_height: str
    card_single_height: str
    card_small_height: str
    card_example_height: str
    cover_pad: str
    cover_title: str
    cover_card_height: str
    anatomy_width: str
    legend_columns: int
    glossary_columns: int

    def largest_card_mm(self, card_size_mm: tuple[float, float]) -> float:
        """The tallest a card is printed anywhere in the book, in mm."""
        heights = [self.card_row_height, self.card_single_height, self.card_example_height, self.cover_card_height]
        anatomy = float(self.anatomy_width.removesuffix("mm")) * card_size_mm[1] / card_size_mm[0]
        return max([anatomy, *(float(h.removesuffix("mm")) for h in heights)])


PAPERS: dict[str, Paper] = {
    "a5": Paper(
        id="a5", size="A5", width="148mm", height="210mm",
        top="17mm", bottom="18mm", inner="17mm", outer="14mm", body="10pt", small="8pt",
        card_row_height="50mm", card_single_height="58mm", card_small_height="38mm", card_example_height="40mm",
        cover_pad="9mm", cover_title="30pt", cover_card_height="62mm", anatomy_width="40mm",
        legend_columns=1, glossary_columns=1,
    ),
    "a4": Paper(
        id="a4", size="A4", width="210mm", height="297mm",
        top="22mm", bottom="22mm", inner="24mm", outer="20mm", body="11pt", small="8.5pt",
        card_row_height="64mm", card_single_height="76mm", card_small_height="50mm", card_example_height="56mm",
        cover_pad="12mm", cover_title="46pt", cover_card_height="90mm", anatomy_width="68mm",
        legend_columns=2, glossary_columns=2,
    ),
}  # fmt: skip


@dataclass(frozen=True)
class CoverCard:
    name: str
    url: str


def card_url(card_id: str) -> str:
    """The picture of a face: `ID` or `ID/back` (the back face of a double-sided card)."""
    return f"{ASSETS}/cards/{file_stem(card_id)}.png"


def icon_url(name: str) -> str:
    return f"{ASSETS}/icons/{name}.svg"


def prose_image_url(relative: str) -> str:
    """Where a picture of the prose (a path under data/<game>/) is copied beside the book."""
    return f"{ASSETS}/images/{relative}"


FONTS_URL = f"{ASSETS}/fonts"


def template_environment(templates_dir: Path) -> jinja2.Environment:
    """Templates from the project's templates/rulebook/ first, then carddb's own."""
    folders = [templates_dir / "rulebook", BUNDLED_TEMPLATES / "rulebook"]
    return sandboxed_environment(
        [f for f in folders if f.is_dir()],
        "rulebook",
        autoescape=jinja2.select_autoescape(["html"], default_for_string=True),
    )


def cover_cards(db: CardDatabase, count: int = 3) -> list[Card]:
    """The showpiece cards of the cover: the rarest cards, of different kinds."""
    rank = {r.id: i for i, r in enumerate(db.pack.rarities)}
    chosen: list[Card] = []
    for card in sorted(db.cards, key=lambda c: (-rank.get(c.rarity, 0), c.set, c.number)):
        if card.kind not in {c.kind for c in chosen}:
            chosen.append(card)
        if len(chosen) == count:
            break
    if len(chosen) == 3:
        chosen[0], chosen[1] = chosen[1], chosen[0]  # the rarest card sits in the middle of the fan
    return chosen


def darken(color: str, factor: float) -> str:
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(round(v * factor) for v in (r, g, b)))


def assemble(
    db: CardDatabase, chapters: list[Chapter], paper: Paper, templates: jinja2.Environment
) -> tuple[str, list[TocEntry]]:
    """The book's HTML and its table of contents."""
    pack = db.pack
    accent = pack.factions[0].color if pack.factions else "#7a2e1f"
    toc = table_of_contents(chapters)
    sets = len({c.set for c in db.cards})
    copies = sum(c.copies for c in db.cards)
    cards = plural(copies, "card") + (f" ({len(db.cards)} different)" if copies != len(db.cards) else "")
    kinds = len(pack.kinds) - len(pack.back_kind_ids)  # a back face's kind is a side, not a kind of card
    facts = f"{cards} · {plural(kinds, 'kind')} · {plural(sets, 'set')}"
    stylesheet = templates.get_template("rulebook.css").render(
        paper=asdict(paper),
        fonts=FONTS_URL,
        accent=accent,
        cover_color=darken(accent, 0.42),
        cover_gold="#d9b45a",
    )
    html = templates.get_template("book.html").render(
        lang=pack.lang,
        author=pack.credited_author,
        game_name=pack.name,
        description=Markup(numbers_html(pack.description, pack.number_values)),
        facts=facts,
        paper=paper,
        stylesheet=stylesheet,
        toc=toc,
        chapters=chapters,
        cover_cards=[CoverCard(c.name, card_url(c.id)) for c in cover_cards(db)],
    )
    return html, toc
