"""Which cards `carddb print` prints: named ids, kinds, or what changed since a git revision.

`--cards ID/back` names the back face of a double-sided card alone: that face is
printed as a card of its own (its PNG, its PDF, sheet slots with nothing behind
them), for proofing or reprinting one side; `--cards ID` prints both sides.

`--changed-since REV` makes the errata sheet for playtesters: a card is in it when
its parsed data differs from the same card at REV (so reformatting a file or
editing a comment reprints nothing, while `cost: 3` -> `cost: 4` does), when it is
new, when its art file changed, or when a template that draws it changed. A
template named after a layout (LOE: templates/loe/council.html) or a back
(back-council.html) affects the kinds that use it; any other face template,
stylesheet or font affects every card.
"""

from __future__ import annotations

import difflib
import subprocess
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import TypeAdapter

from carddb.cards.database import CardDatabase
from carddb.cards.entries import validate_card
from carddb.files.yamlsource import load_yaml
from carddb.findings.diagnostics import Report
from carddb.findings.errors import UsageError
from carddb.packs.card import Card, front_id, is_back_id

FACE_TEMPLATE_DIRS = ("base", "fonts")


def print_order(db: CardDatabase, cards: Iterable[Card]) -> list[Card]:
    """By set (in the order of sets.yaml) and collector number."""
    set_rank = {code: i for i, code in enumerate(db.sets)}
    return sorted(cards, key=lambda c: (set_rank.get(c.set, len(set_rank)), c.set, c.number, c.id))


def select_cards(
    db: CardDatabase,
    *,
    ids: Sequence[str] = (),
    kinds: Sequence[str] = (),
    changed_since: str | None = None,
    data_only: bool = False,
) -> list[Card]:
    """The cards to print, in print order; every given filter must match (they combine with AND).

    `data_only`: with `changed_since`, a card counts as changed only when its data did (an errata
    sheet), not when a face template or its art did (which reprints every card of a kind).
    """
    cards = list(db.cards)
    if ids:
        known = {c.id for c in db.cards}
        alone: list[Card] = []  # back faces named on their own (`ID/back`): printed as a face of their own
        for card_id in ids:
            if card_id in known:
                continue
            front = db.by_id(front_id(card_id)) if is_back_id(card_id) else None
            if front is not None and front.back is not None:
                alone.append(front.back)
                continue
            if front is not None:
                raise UsageError(
                    f"--cards: '{front.id}' has one face; '/back' names the back face of a double-sided card"
                )
            close = difflib.get_close_matches(card_id, sorted(known), n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            raise UsageError(f"--cards: no card has the id '{card_id}'{hint}")
        wanted = set(ids)
        cards = [c for c in cards if c.id in wanted] + [face for face in alone if front_id(face.id) not in wanted]
    if kinds:
        for kind in kinds:
            if kind not in db.pack.kind_ids:
                raise UsageError(f"--kind: '{kind}' is not a kind of {db.pack.name} ({', '.join(db.pack.kind_ids)})")
        cards = [c for c in cards if any(face.kind in kinds for face in c.faces)]
    if changed_since is not None:
        changed = changed_card_ids(db, changed_since, data_only=data_only)
        cards = [c for c in cards if c.id in changed]
    return print_order(db, cards)


def _git(root: Path, *args: str, stdin: bytes | None = None) -> bytes:
    try:
        done = subprocess.run(["git", *args], cwd=root, input=stdin, capture_output=True, check=False, timeout=60)
    except FileNotFoundError:
        raise UsageError("--changed-since needs git, which is not installed") from None
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip().splitlines()
        raise UsageError(f"--changed-since: git {args[0]} failed: {message[-1] if message else done.returncode}")
    return done.stdout


def changed_card_ids(db: CardDatabase, rev: str, *, data_only: bool = False) -> set[str]:
    root = db.project.root
    if rev.startswith("-"):
        raise UsageError(f"--changed-since: '{rev}' is not a git revision")
    top = Path(_git(root, "rev-parse", "--show-toplevel").decode().strip()).resolve()
    try:
        commit = _git(root, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}").decode().strip()
    except UsageError:
        raise UsageError(f"--changed-since: '{rev}' is not a commit of the git repository at {top}") from None
    old = _cards_at(db, top, commit)
    changed = {card.id for card in db.cards if _dump(card) != old.get(card.id)}
    if not data_only:
        changed |= _template_changes(db, top, commit)
    return changed


def _dump(card: Card) -> dict[str, Any]:
    return card.model_dump(mode="json")


def _cards_at(db: CardDatabase, top: Path, commit: str) -> dict[str, dict[str, Any]]:
    """Every card that validated at `commit`, as plain data by id (invalid cards count as changed)."""
    cards_dir = db.project.cards_dir(db.pack).resolve()
    rel = cards_dir.relative_to(top).as_posix()
    names = [
        n for n in _git(top, "ls-tree", "-r", "--name-only", commit, "--", rel).decode().splitlines()
        if n.endswith((".yaml", ".yml"))
    ]  # fmt: skip
    if not names:
        return {}
    blobs = _git(top, "cat-file", "--batch", stdin="".join(f"{commit}:{n}\n" for n in names).encode())
    adapter: TypeAdapter[Any] = TypeAdapter(db.pack.card_schema)
    old: dict[str, dict[str, Any]] = {}
    pos = 0
    for name in names:
        header_end = blobs.index(b"\n", pos)
        size = int(blobs[pos:header_end].split()[2])
        text = blobs[header_end + 1 : header_end + 1 + size].decode("utf-8", errors="replace")
        pos = header_end + 1 + size + 1
        docs, _ = load_yaml(top / name, text)
        for doc in docs:
            entries = [doc.sub(i) for i in range(len(doc.value))] if isinstance(doc.value, list) else [doc]
            for entry in entries:
                if not isinstance(entry.value, dict):
                    continue
                # Validated as `carddb validate` does, so a double-sided card comes back with its back face.
                card = validate_card(entry, db.pack, adapter, Report())
                if card is not None:
                    old[card.id] = _dump(card)
    return old


def _template_changes(db: CardDatabase, top: Path, commit: str) -> set[str]:
    root = db.project.root.resolve()
    templates = root / "templates"
    art = db.project.art_dir(db.pack).resolve()
    watched = [p.relative_to(top).as_posix() for p in (templates, art) if p.exists()]
    if not watched:
        return set()
    names = _git(top, "diff", "--name-only", commit, "--", *watched).decode().splitlines()
    names += (
        _git(top, "ls-files", "--others", "--exclude-standard", "--full-name", "--", *watched).decode().splitlines()
    )
    changed: set[str] = set()
    kinds_by_name: dict[str, set[str]] = {}
    for kind in db.pack.kinds:
        kinds_by_name.setdefault(kind.layout, set()).add(kind.id)
        kinds_by_name.setdefault(f"back-{kind.back}", set()).add(kind.id)
        if kind.back_face:  # the back face's layout draws this kind's cards too
            kinds_by_name.setdefault(db.pack.kind(kind.back_face).layout, set()).add(kind.id)
    art_rel = art.relative_to(top).as_posix() + "/"
    templates_rel = PurePosixPath(templates.relative_to(top).as_posix())
    for name in names:
        if name.startswith(art_rel):
            art_file = name[len(art_rel) :]
            changed |= {
                c.id
                for c in db.cards
                for face in c.faces
                if face.art is not None and PurePosixPath(face.art.file).as_posix() == art_file
            }
            continue
        parts = PurePosixPath(name).relative_to(templates_rel).parts
        if not parts or parts[0] not in (*FACE_TEMPLATE_DIRS, db.pack.id):
            continue  # other templates (site, rulebook) do not draw cards
        stem = PurePosixPath(name).stem
        if parts[0] == db.pack.id and len(parts) == 2 and stem in kinds_by_name:
            changed |= {c.id for c in db.cards if c.kind in kinds_by_name[stem]}
        else:
            return {c.id for c in db.cards}
    return changed
