"""Released cards: what each card was when its set was last released, to catch changes without a new version.

A card's `version` is printed on it so that playtesters can tell printings apart;
it must go up whenever the printed card changes. `carddb release SET` records, in
data/<game>/released.json, each card of the set with its version and a digest of
its content; validation then warns (W-CHANGED-SINCE-RELEASE) on every card whose
content differs from that record while its version is not higher. No git needed:
the record is a file of the project, committed with the cards. It is JSON, one
line per card, because validation reads it on every run: JSON parses in
milliseconds where a 10,000-card YAML record took a second and a half.

A card's content is every field but `version` and the two that are not printed
(`copies`, `tags`), with defaults left out (so a pack that adds a field with a
default does not make every card look changed) and rules text in canonical form
(so `carddb fmt` is not a change). Canonical text costs a parse per card, so the
record also keeps a digest of the content with the text as written: a card nobody
touched matches it and is never parsed. The digests cover the data, not the pixels
of an art file: rename the file when the picture changes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, TypeAdapter, ValidationError

from carddb.files.atomic import write_text
from carddb.files.reading import DATA_BYTES, read_limited
from carddb.findings.diagnostics import Finding, Report, Span
from carddb.packs.card import SLUG, Card, StrictModel

if TYPE_CHECKING:
    from carddb.cards.database import CardDatabase
    from carddb.packs.pack import GamePack

LOCK_NAME = "released.json"
LOCK_FORMAT = 1
NOT_CONTENT = frozenset({"version", "copies", "tags"})  # a card is the same printing whatever these say

Digest = Annotated[str, Field(pattern=r"^[0-9a-f]{8,64}$")]


class ReleasedCard(StrictModel):
    version: Annotated[int, Field(ge=1)]
    digest: Digest  # the content, rules text canonical
    written: Digest  # the content, rules text as written: the quick test that nothing changed
    fields: dict[str, Digest] = Field(default_factory=dict)  # per field (canonical), to say what changed


class ReleasedSet(StrictModel):
    released: date
    cards: dict[Annotated[str, Field(pattern=SLUG)], ReleasedCard]


class ReleaseLock(StrictModel):
    about: str = ""  # JSON has no comments: this says what the file is
    format: Literal[1] = LOCK_FORMAT
    sets: dict[str, ReleasedSet] = Field(default_factory=dict)


@dataclass(frozen=True)
class Release:
    """One card's latest release: the set released, when, and the card as recorded."""

    set: str
    released: date
    card: ReleasedCard


def lock_path(project_data: Path) -> Path:
    return project_data / LOCK_NAME


def card_content(card: Card, pack: GamePack, *, canonical: bool = True) -> dict[str, Any]:
    """What a release records of a card: its printed data, defaults left out, rules text canonical."""
    content = card.model_dump(mode="json", exclude_defaults=True, exclude=set(NOT_CONTENT))
    if canonical and card.text and pack.language is not None:
        from carddb.rules.fmt import canonical_text  # the rules machinery is loaded with the pack already

        content["text"] = canonical_text(card.text, pack.language) or card.text
    return content


def digest(value: Any, length: int = 16) -> str:
    data = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(data.encode("utf-8")).hexdigest()[:length]


def record(card: Card, pack: GamePack) -> ReleasedCard:
    content = card_content(card, pack)
    fields = {name: digest(value, 8) for name, value in content.items()}
    written = digest(card_content(card, pack, canonical=False))
    return ReleasedCard(version=card.version, digest=digest(content), written=written, fields=fields)


def load_lock(path: Path, report: Report) -> ReleaseLock | None:
    """The release record, or None (no file, or errors, which go to `report`)."""
    try:
        text = read_limited(path, DATA_BYTES, "release records").decode("utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:  # a pipe or a huge file is refused, not read
        report.add(Finding("E-RELEASE-RECORD", f"cannot be read: {exc}", path, hint=_RESTORE))
        return None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:  # a merge conflict, a hand edit: say where
        report.add(
            Finding("E-RELEASE-RECORD", f"is not JSON: {exc.msg}", path, Span.point(exc.lineno, exc.colno), _RESTORE)
        )
        return None
    try:
        return TypeAdapter(ReleaseLock).validate_python(data, strict=False)  # JSON has no dates: ISO text
    except ValidationError as exc:
        report.extend(_shape_findings(exc, text, path))
        return None


_RESTORE = f"{LOCK_NAME} is written by `carddb release SET`; restore it from version control, or release again"


def _shape_findings(exc: ValidationError, text: str, path: Path) -> list[Finding]:
    lines = text.splitlines()
    findings = []
    for error in exc.errors(include_url=False):
        loc = [part for part in error["loc"] if not (isinstance(part, str) and "[" in part)]
        # The record is one card per line: the line of the innermost key named in the error.
        keys = [f"{json.dumps(part)}:" for part in loc if isinstance(part, str)]
        line = next((n for key in reversed(keys) for n, row in enumerate(lines, 1) if key in row), None)
        shown = ".".join(map(str, loc)) or "the record"
        findings.append(
            Finding(
                "E-RELEASE-RECORD", f"{shown}: {error['msg']}", path, Span.point(line, 1) if line else None, _RESTORE
            )
        )
    return findings


def latest_releases(lock: ReleaseLock) -> dict[str, Release]:
    """Card id -> its most recent release (a card may have moved between sets)."""
    latest: dict[str, Release] = {}
    for code, released in lock.sets.items():
        for card_id, entry in released.cards.items():
            known = latest.get(card_id)
            if known is None or released.released >= known.released:
                latest[card_id] = Release(code, released.released, entry)
    return latest


def changed_fields(card: Card, pack: GamePack, recorded: ReleasedCard) -> list[str] | None:
    """The fields that differ from the release, [] if only the digest can tell, None if unchanged."""
    if digest(card_content(card, pack, canonical=False)) == recorded.written:
        return None
    content = card_content(card, pack)
    if digest(content) == recorded.digest:
        return None
    names = sorted(set(content) | set(recorded.fields))
    return [n for n in names if n not in content or recorded.fields.get(n) != digest(content[n], 8)]


def release_checks(db: CardDatabase, report: Report) -> None:
    """W-CHANGED-SINCE-RELEASE on each card changed since its release whose version is not higher."""
    lock = load_lock(lock_path(db.project.data_dir(db.pack)), report)
    if lock is None:
        return
    releases = latest_releases(lock)
    for card in db.cards:
        release = releases.get(card.id)
        if release is None or card.version > release.card.version:
            continue
        changed = changed_fields(card, db.pack, release.card)
        if changed is not None:
            report.add(changed_finding(db, card, release, changed))


def changed_finding(db: CardDatabase, card: Card, release: Release, changed: list[str]) -> Finding:
    located = db.source(card).located
    what = f" ({', '.join(changed)})" if changed else ""
    version = (
        f"its version is still {card.version}"
        if card.version == release.card.version
        else f"its version {card.version} is below the released {release.card.version}"
    )
    # Where the fix goes (the version) if it is written; else what changed; else the card's id.
    written = [key for key in [("version",), *((name,) for name in changed)] if key in located.value_spans]
    at = written[0] if written else ("id",)
    return Finding(
        "W-CHANGED-SINCE-RELEASE",
        f"'{card.id}' changed{what} since set {release.set} was released on {release.released.isoformat()}, "
        f"but {version}",
        located.path,
        located.value_span(at),
        hint=f"raise its version to {release.card.version + 1}, so the new printing can be told apart",
    )


def write_lock(path: Path, lock: ReleaseLock) -> Path:
    """The record as JSON, one line per card, in a stable order (a new release is a small diff)."""
    lines = ["{", f'  "about": {json.dumps(ABOUT)},', f'  "format": {LOCK_FORMAT},', '  "sets": {']
    for set_index, (code, released) in enumerate(lock.sets.items()):
        lines += [
            f"    {json.dumps(code)}: {{",
            f'      "released": "{released.released.isoformat()}",',
            '      "cards": {',
        ]
        entries = list(released.cards.items())
        for index, (card_id, entry) in enumerate(entries):
            comma = "," if index < len(entries) - 1 else ""
            lines.append(f"        {json.dumps(card_id)}: {json.dumps(entry.model_dump())}{comma}")
        lines += ["      }", "    }" + ("," if set_index < len(lock.sets) - 1 else "")]
    lines += ["  }", "}"]
    return write_text(path, "\n".join(lines) + "\n")


ABOUT = (
    "Written by `carddb release SET`: each released card's version and digests of its content. "
    "`carddb validate` warns (W-CHANGED-SINCE-RELEASE) when a card differs from its release while its "
    "version is not higher. Commit this file with the cards; do not edit it."
)
