"""`carddb release SET`: record the set's cards as released (versions and content digests)."""

from __future__ import annotations

import difflib
from datetime import date
from typing import Annotated

import typer

from carddb.cards.release import (
    ReleasedSet,
    ReleaseLock,
    changed_fields,
    changed_finding,
    latest_releases,
    load_lock,
    lock_path,
    record,
    write_lock,
)
from carddb.cli.commands.common import GameOpt, ProjectOpt, load_or_exit, print_report
from carddb.findings.diagnostics import Report
from carddb.findings.errors import UsageError
from carddb.findings.plural import plural


def release(
    set_code: Annotated[str, typer.Argument(metavar="SET", help="The code of the set in sets.yaml (e.g. BASE).")],
    force: Annotated[
        bool,
        typer.Option("--force", help="Record cards that changed without a higher version as they are now."),
    ] = False,
    on: Annotated[
        str | None, typer.Option("--date", metavar="YYYY-MM-DD", help="The release date to record (default: today).")
    ] = None,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Record the cards of a set as released; validation then warns when one changes but its version does not."""
    released_on = _date(on)
    db = load_or_exit(project, game)
    if set_code not in db.sets:
        close = difflib.get_close_matches(set_code, list(db.sets), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else f" (sets: {', '.join(db.sets) or 'none'})"
        raise UsageError(f"no set '{set_code}' in data/{db.pack.id}/sets.yaml{hint}")
    cards = sorted((c for c in db.cards if c.set == set_code), key=lambda c: c.number)
    if not cards:
        raise UsageError(f"set {set_code} has no cards to release")
    path = lock_path(db.project.data_dir(db.pack))
    report = Report(root=db.project.root)
    lock = load_lock(path, report) or ReleaseLock()
    if report.errors:
        print_report(report)
        print(f"nothing recorded: {report.display_path(path)} must be read before it is rewritten")
        raise typer.Exit(1)
    previous = latest_releases(lock)
    unversioned: list[str] = []  # changed since the last release, version not raised
    for card in cards:
        before = previous.get(card.id)
        if before is not None and card.version <= before.card.version:
            changed = changed_fields(card, db.pack, before.card)
            if changed is not None:
                report.add(changed_finding(db, card, before, changed))
                unversioned.append(card.id)
    if unversioned and not force:
        print_report(report)
        print("nothing recorded: raise the versions of these cards, or record them as they are with --force")
        raise typer.Exit(1)
    sets = dict(lock.sets)
    sets[set_code] = ReleasedSet(released=released_on, cards={card.id: record(card, db.pack) for card in cards})
    order = [code for code in db.sets if code in sets] + [code for code in sets if code not in db.sets]
    write_lock(path, ReleaseLock(sets={code: sets[code] for code in order}))
    raised = [c for c in cards if c.id in previous and c.version > previous[c.id].card.version]
    new = [c for c in cards if c.id not in previous]
    print(
        f"released {set_code} ({db.sets[set_code].name}) on {released_on.isoformat()}: "
        f"{plural(len(cards), 'card')} recorded in {report.display_path(path)}"
    )
    if previous:
        print(f"  not released before: {_some([c.id for c in new])}")
        print(f"  new versions: {_some([f'{c.id} v{c.version}' for c in raised])}")
    if unversioned:
        print(f"  recorded with --force, versions unchanged: {_some(unversioned)}")


def _some(items: list[str], shown: int = 10) -> str:
    """A count, and the first few: a first release of a 5,000-card set is not a 5,000-name line."""
    if not items:
        return "none"
    more = f", ... ({len(items) - shown} more)" if len(items) > shown else ""
    return f"{len(items)}: {', '.join(items[:shown])}{more}"


def _date(text: str | None) -> date:
    if text is None:
        return date.today()
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"--date '{text}' is not a date written YYYY-MM-DD") from None


def register(app: typer.Typer) -> None:
    app.command()(release)
