"""`carddb validate`'s face check: every face laid out as print lays it out, its overflows reported.

The same layout, fit and measures as `carddb print` (carddb.render.faces.schedule, on the render
workers), without writing a PDF. What was measured is kept in the face cache by the face's key,
and the key is found from the card's inputs (`inputs.json`): a second validate of an unchanged
project lays nothing out, and a validate after an edit lays out only the edited cards.
A later print of the same faces finds their measure but still has to write their PDFs.
"""

from __future__ import annotations

from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.findings.diagnostics import Finding, Report
from carddb.render.faces.results import face_counts
from carddb.render.faces.schedule import start_faces


def check_faces(db: CardDatabase, report: Report, *, workers: int = 2) -> tuple[int, int]:
    """Report E-TEXT-OVERFLOW, E-NAME-OVERFLOW, E-REGION-OVERFLOW, E-TEMPLATE for `db`'s cards.

    Returns (faces laid out now, faces whose measure was found in the cache).
    """
    if not db.cards:
        return 0, 0
    try:
        faces = start_faces(db, db.cards, report, workers=workers, measure_only=True).finish()
    except OSError as exc:
        # A face needs its placeholder art written to the cache folder; when that folder cannot be
        # written, the rest of validate still stands, so this check says it was not done.
        where = Path(exc.filename) if isinstance(exc.filename, str) else None
        report.add(
            Finding(
                "W-FACES-UNCHECKED",
                "the faces were not laid out, so text and names that do not fit were not checked: "
                + (exc.strerror or str(exc)),
                where,
                hint="free some space or make output/<game>/.cache/ writable, or pass --no-layout",
            )
        )
        return 0, 0
    return face_counts(faces)
