"""What play modes print: booster lists and deck lists (a draft's own sheets: carddb.play.draftsheets).

CSV and JSON for tools, PDFs (WeasyPrint, templates/play/*.html) for the table.
Every output names the seed and the carddb version, and is written atomically.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import jinja2

from carddb import __version__
from carddb.cards.database import CardDatabase
from carddb.files.atomic import write_text
from carddb.files.templating import BUNDLED_TEMPLATES, sandboxed_environment
from carddb.findings.errors import RenderError
from carddb.packs.card import Card
from carddb.play.collation import Booster
from carddb.play.sealed import SealedEvent
from carddb.render.documents import Documents
from carddb.render.workers import RenderWorkers

BUILTIN_TEMPLATES = BUNDLED_TEMPLATES / "play"

BOOSTER_COLUMNS = (
    "seed",
    "carddb_version",
    "booster_type",
    "booster",
    "owner",
    "position",
    "slot",
    "card_id",
    "name",
    "kind",
    "subtype",
    "rarity",
    "faction",
    "set",
    "number",
)


def _card(db: CardDatabase, card_id: str) -> Card:
    card = db.by_id(card_id)
    if card is None:
        raise RenderError(f"card '{card_id}' is not in the database")
    return card


def booster_print_order(db: CardDatabase, boosters: Sequence[Booster]) -> list[list[Card]]:
    """The cards of each booster in order, booster by booster: what a print-and-play sheet
    composer lays out so that cutting the sheets yields ready packs."""
    return [[_card(db, c.card_id) for c in booster.cards] for booster in boosters]


def booster_rows(
    db: CardDatabase, boosters: Sequence[Booster], seed: int, owners: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    rows = []
    for b_index, booster in enumerate(boosters):
        for position, entry in enumerate(booster.cards, start=1):
            card = _card(db, entry.card_id)
            rows.append(
                {
                    "seed": seed,
                    "carddb_version": __version__,
                    "booster_type": booster.type_id,
                    "booster": booster.index + 1,
                    "owner": owners[b_index] if owners else "",
                    "position": position,
                    "slot": entry.slot,
                    "card_id": card.id,
                    "name": card.name,
                    "kind": card.kind,
                    "subtype": card.subtype_id() or "",
                    "rarity": card.rarity,
                    "faction": db.faction_of(card) or "",
                    "set": card.set,
                    "number": card.number,
                }
            )
    return rows


def to_csv(rows: Iterable[dict[str, Any]], columns: Sequence[str]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


def boosters_json(
    db: CardDatabase, boosters: Sequence[Booster], seed: int, owners: Sequence[str] | None = None
) -> dict[str, Any]:
    return {
        "carddb": __version__,
        "game": db.pack.id,
        "seed": seed,
        "boosters": [
            {
                "type": b.type_id,
                "booster": b.index + 1,
                "seed": b.seed,
                "owner": owners[i] if owners else None,
                "cards": [{"id": c.card_id, "slot": c.slot} for c in b.cards],
            }
            for i, b in enumerate(boosters)
        ],
    }


def _environment(db: CardDatabase) -> jinja2.Environment:
    return sandboxed_environment([db.project.templates_dir() / "play", BUILTIN_TEMPLATES], "play", trim=False)


def render_pdf(
    db: CardDatabase, template: str, context: dict[str, Any], target: Path, documents: Documents | None = None
) -> Path:
    """Fill templates/play/<template> and write it as an A4 PDF.

    With `documents` (a build's), the PDF is queued on its workers and written by the
    time `documents.finish()` returns; `check_documents` turns its problems into errors.
    """
    footer = re.sub(r"[\"\\\n]", "", f"{db.pack.name} - {context.get('title', '')} - carddb {__version__}")
    try:
        html = (
            _environment(db)
            .get_template(template)
            .render(
                game=db.pack.name,
                version=__version__,
                footer=footer,
                lang=db.pack.lang,
                author=db.pack.credited_author,
                **context,
            )
        )
    except jinja2.TemplateError as exc:
        raise RenderError(f"template play/{template}: {exc}") from None
    own = documents is None
    documents = documents or play_documents(db)
    documents.write(html, target, base_url=str(db.project.root), roots=(db.project.root, BUILTIN_TEMPLATES))
    if own:
        check_documents(documents)
    return target


def play_documents(db: CardDatabase, pool: RenderWorkers | None = None) -> Documents:
    """The play outputs' documents, cached under output/<game>/.cache/pdf (on `pool` if given)."""
    return Documents(db.project.output_dir(db.pack) / ".cache" / "pdf", pool, label="play-mode PDFs")


def check_documents(documents: Documents) -> None:
    """Wait for the documents; a document WeasyPrint could not write, or that asked for a file outside
    the project, is an error."""
    for result in documents.finish():
        name = result.target.name
        if result.error is not None:
            raise RenderError(f"WeasyPrint could not write {name}: {result.error}")
        if result.refused:
            raise RenderError(f"{name} asked for {result.refused[0]!r}, which carddb does not load")


def _booster_blocks(
    db: CardDatabase, boosters: Sequence[Booster], owners: Sequence[str] | None
) -> list[dict[str, Any]]:
    blocks = []
    for i, booster in enumerate(boosters):
        label = f"Booster {booster.index + 1}" + (f" - {owners[i]}" if owners else "")
        cards = []
        for n, entry in enumerate(booster.cards, start=1):
            card = _card(db, entry.card_id)
            kind = db.pack.kind(card.kind).label + (f" ({card.subtype_id()})" if card.subtype_id() else "")
            cards.append({"number": n, "name": card.name, "kind": kind, "rarity": card.rarity, "slot": entry.slot})
        blocks.append({"label": label, "cards": cards})
    return blocks


def write_booster_lists(
    db: CardDatabase,
    out_dir: Path,
    boosters: Sequence[Booster],
    seed: int,
    *,
    title: str,
    stem: str = "boosters",
    owners: Sequence[str] | None = None,
    pdf: bool = True,
    documents: Documents | None = None,
) -> list[Path]:
    """boosters.csv, boosters.json and (unless pdf=False) boosters.pdf with one block per booster."""
    written = [
        write_text(out_dir / f"{stem}.csv", to_csv(booster_rows(db, boosters, seed, owners), BOOSTER_COLUMNS)),
        write_text(out_dir / f"{stem}.json", json.dumps(boosters_json(db, boosters, seed, owners), indent=2) + "\n"),
    ]
    if pdf:
        context = {"title": title, "seed": seed, "boosters": _booster_blocks(db, boosters, owners)}
        written.append(render_pdf(db, "booster_list.html", context, out_dir / f"{stem}.pdf", documents))
    return written


def deck_groups(db: CardDatabase, counts: Counter[str]) -> list[dict[str, Any]]:
    """Cards of a deck grouped by kind in the game's kind order, each sorted by set and number."""
    groups = []
    for kind in db.pack.kinds:
        cards = sorted((_card(db, c) for c in counts if _card(db, c).kind == kind.id), key=lambda c: (c.set, c.number))
        if not cards:
            continue
        rows = [
            {
                "count": counts[c.id],
                "card_id": c.id,
                "name": c.name,
                "faction": db.faction_of(c) or "",
                "rarity": c.rarity,
                "set": f"{c.set} {c.number}",
            }
            for c in cards
        ]
        groups.append({"label": kind.plural, "total": sum(r["count"] for r in rows), "rows": rows})
    return groups


def write_deck_list(
    db: CardDatabase,
    out_dir: Path,
    counts: Counter[str],
    *,
    title: str,
    stem: str,
    seed: int | None = None,
    description: str = "",
    order: Sequence[str] | None = None,
    pdf: bool = True,
    documents: Documents | None = None,
) -> list[Path]:
    """A shared deck (or any card list) as CSV, JSON and PDF; `order` is the shuffled order if there is one."""
    groups = deck_groups(db, counts)
    rows = [
        {"seed": "" if seed is None else seed, "carddb_version": __version__, "kind": g["label"], **r}
        for g in groups
        for r in g["rows"]
    ]
    data: dict[str, Any] = {
        "carddb": __version__,
        "game": db.pack.id,
        "seed": seed,
        "title": title,
        "cards": {r["card_id"]: r["count"] for r in rows},
        "total": sum(counts.values()),
    }
    if order is not None:
        data["order"] = list(order)
    columns = ("seed", "carddb_version", "kind", "count", "card_id", "name", "faction", "rarity", "set")
    written = [
        write_text(out_dir / f"{stem}.csv", to_csv(rows, columns)),
        write_text(out_dir / f"{stem}.json", json.dumps(data, indent=2) + "\n"),
    ]
    if pdf:
        context = {
            "title": title,
            "seed": seed,
            "description": description,
            "groups": groups,
            "total": sum(counts.values()),
            "faction_label": db.pack.faction_label,
        }
        written.append(render_pdf(db, "deck_list.html", context, out_dir / f"{stem}.pdf", documents))
    return written


def write_sealed_outputs(
    db: CardDatabase,
    out_dir: Path,
    event: SealedEvent,
    seed: int,
    per_player: int,
    *,
    pdf: bool = True,
    name: str = "Sealed",
    pool: str = "deck",
    shared: bool = False,
    documents: Documents | None = None,
) -> list[Path]:
    """A sealed event: each player's opened boosters, then (when `shared`) the shuffled deck of the whole table."""
    owners = [f"Player {i // per_player + 1}" for i in range(len(event.boosters))]
    written = write_booster_lists(
        db,
        out_dir,
        event.boosters,
        seed,
        title=f"{name}: opened boosters",
        owners=owners,
        pdf=pdf,
        documents=documents,
    )
    if shared:
        written += write_deck_list(
            db,
            out_dir,
            Counter(event.shared_deck),
            title=f"{name}: the {pool}",
            stem="shared-deck",
            seed=seed,
            order=event.shared_deck,
            pdf=pdf,
            documents=documents,
        )
    return written
