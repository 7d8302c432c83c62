"""Loading a game's card database: files -> located YAML -> typed cards -> checks.

`load_database` never raises for bad data: every problem becomes a `Finding` in
the returned report, and every card that did validate is in the database, so a
run can report all problems at once.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from carddb.cards.crosschecks import cross_checks
from carddb.cards.database import CardDatabase, CardSource
from carddb.cards.entries import WINDOWS_DEVICE_NAMES, CardEntry, card_adapter, card_entries, validate_card
from carddb.cards.iconcheck import unknown_icons
from carddb.cards.release import release_checks
from carddb.cards.sets import load_sets
from carddb.files.project import Project
from carddb.findings.diagnostics import Finding, Report
from carddb.packs.card import BACK
from carddb.packs.pack import GamePack


def card_files(cards_dir: Path) -> list[Path]:
    if not cards_dir.is_dir():
        return []
    # Not only regular files: a pipe or a link to a device named *.yaml is reported, not skipped without a word.
    return sorted(p for p in cards_dir.rglob("*") if p.suffix in {".yaml", ".yml"} and not p.is_dir())


def load_database(
    project: Project, pack: GamePack, report: Report | None = None, *, files: Sequence[Path] | None = None
) -> tuple[CardDatabase, Report]:
    """Load, validate and cross-check every card of `pack` in `project`.

    `files` replaces the project's card files (`carddb import` checks new cards
    against the others by passing the others plus a file of its own).
    """
    with _no_cycle_collection():
        return _load_database(project, pack, report, files)


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    # Loading builds hundreds of thousands of small acyclic objects (values, spans,
    # cards); Python's cycle collector kept re-scanning them, which cost a third of
    # the time of loading 10,000 cards. Reference counting still frees everything.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _load_database(
    project: Project, pack: GamePack, report: Report | None, files: Sequence[Path] | None
) -> tuple[CardDatabase, Report]:
    report = report if report is not None else Report(root=project.root)
    project.require_data(pack)
    db = CardDatabase(pack=pack, project=project)
    db.sets = load_sets(project, pack, report, db.set_sources)
    # Files a caller passes (`carddb import` checks its own new file) are its to choose.
    found = card_files(project.cards_dir(pack)) if files is None else []
    files = found if files is None else files
    for path in [p for p in found if not project.contains(p)]:
        # A card file that links out of the project would show someone else's file in findings.
        report.add(
            Finding(
                "E-PATH-ESCAPE",
                f"card file {path.name} is a symbolic link to {path.resolve()}, outside the project folder; "
                "carddb reads only files inside it",
                path,
            )
        )
        files = [p for p in files if p != path]
    if not files:
        report.add(
            Finding(
                "E-NO-CARDS",
                f"no card files (*.yaml) in {project.cards_dir(pack).relative_to(project.root)}/",
                hint=f"cards are YAML files under data/{pack.id}/cards/; see docs/cards.md",
            )
        )
    validator = card_adapter(pack)
    entries: list[CardEntry] = []
    for path in files:
        for located in card_entries(path, report):
            card = validate_card(located, pack, validator, report)
            entries.append(CardEntry.of(located, card))
    first_by_id: dict[str, CardEntry] = {}
    for entry in entries:
        first = first_by_id.setdefault(entry.id, entry) if entry.id is not None else entry
        if first is not entry:
            report.add(
                Finding(
                    "E-DUPLICATE-ID",
                    f"id '{entry.id}' is already used by the card at "
                    f"{report.display_path(first.located.path)}:{first.located.value_span(('id',)).line}",
                    entry.located.path,
                    entry.located.value_span(("id",)),
                )
            )
        if entry.card is not None and entry.id in WINDOWS_DEVICE_NAMES:
            report.add(
                Finding(
                    "E-BAD-VALUE",
                    f"id '{entry.id}' is a device name on Windows: the card's files (cards/{entry.id}.pdf, "
                    f"png/{entry.id}.png...) could not be created or opened there; choose another id",
                    entry.located.path,
                    entry.located.value_span(("id",)),
                )
            )
        if entry.card is not None and first is entry:
            db.cards.append(entry.card)
            db.sources[entry.card.id] = CardSource(entry.located)
            if entry.card.back is not None:
                db.sources[entry.card.back.id] = CardSource(entry.located.sub(BACK))
        else:
            db.rejected.append(entry.located)
    report.extend(cross_checks(db, entries))
    report.extend(unknown_icons(db))
    for check in pack.card_checks:
        for card in db.faces():
            report.extend(check(card, db))
    release_checks(db, report)
    if db.art_verdicts is not None:
        db.art_verdicts.save()
    return db, report
