"""Card faces: jinja2 HTML templates -> WeasyPrint -> one single-card PDF per card.

The contract with the print stage (sheets, PNG, Tabletop Simulator):

    render_faces(db, cards, report, *, workers=2, pool=None) -> list[FaceResult]
        One FaceResult per card that could be rendered, in the order of `cards`.
        A double-sided card's own back face is rendered like any face and comes as
        its `back_face` (a FaceResult of the back's id, `ID/back`); a card whose back
        could not be rendered is left out, like one whose front could not.
        `FaceResult.pdf` is a single-page PDF in the face cache
        (output/<game>/.cache/faces/<key>.pdf) whose MediaBox is the card with its
        bleed (poker: 69 x 94 mm), whose TrimBox is the card (63 x 88 mm, 3 mm in)
        and whose BleedBox is the MediaBox. `back` is the card kind's back id
        (KindInfo.back), `font_pt` the rules-text size that fit, `fill` the measured
        height of the rules text over the height of its box at that size, and
        `from_cache` whether the PDF was reused. Problems are findings in `report`:
        E-TEXT-OVERFLOW (the card is still rendered, with its rules box outlined),
        E-TEMPLATE, E-FONT-MISSING, E-ART-MISSING / E-ART-UNREADABLE / E-PATH-ESCAPE
        (placeholder art is printed instead).
    render_backs(db) -> dict[str, Path]
        Back id -> single-page PDF with the same geometry, for the shared backs of
        the game's single-sided kinds (`GamePack.shared_backs`).
    card_html(db, card) -> str
        The HTML document of one face (browser preview, spoiler site, tests), with
        trim, safe-zone and rounded-corner guides unless `preview=False`.

This module is the parent's side and never imports WeasyPrint: card -> template
context -> HTML fragment (with the rules size left as a token) -> cache key (found
through the card's inputs when they are unchanged, see `cache`). The cards to render
go to the render workers (`workers`) as `jobs`; there `layout` lays each batch out in
one document, fits the text (see `fit`) and writes one PDF per card with its TrimBox
and BleedBox set.
"""

from carddb.render.faces.backs import back_html, back_label, render_backs
from carddb.render.faces.context import card_html, face_context
from carddb.render.faces.results import BLEED_MM, FACE_PARTS, FaceResult, bleed_mm, face_counts
from carddb.render.faces.schedule import render_faces, start_faces, warm_workers

__all__ = [
    "BLEED_MM",
    "FACE_PARTS",
    "FaceResult",
    "back_html",
    "back_label",
    "bleed_mm",
    "card_html",
    "face_context",
    "face_counts",
    "render_backs",
    "render_faces",
    "start_faces",
    "warm_workers",
]
