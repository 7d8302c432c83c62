"""What a draft prints: blank pick sheets for a live table, and the pick log, pools and shared decks of a run.

Every word on them comes from the draft format (phase, pool and booster names,
carddb.play.draftwords) and the game pack, so a game's draft reads in its own
terms. Outputs are written atomically and name the seed and the carddb version.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from carddb.cards.database import CardDatabase
from carddb.files.atomic import write_text
from carddb.play.draft import DraftLog
from carddb.play.draftformat import Count, DraftPlan, PhasePlan, PlayDefinitions
from carddb.play.draftwords import phase_sentences
from carddb.play.lists import render_pdf, to_csv, write_deck_list
from carddb.render.documents import Documents

POOL_COLUMNS = ("seed", "carddb_version", "seat", "name", "phase", "pool", "position", "card_id", "card")


def _with_boosters(phase: PhasePlan, per_seat: Mapping[str, int]) -> PhasePlan:
    """The phase as run: a sealed phase opens what the table asked for (`--sealed-boosters`)."""
    if phase.id in per_seat and per_seat[phase.id] != phase.boosters.value:
        return replace(phase, boosters=Count(per_seat[phase.id]))
    return phase


def _sheet_block(play: PlayDefinitions, db: CardDatabase, phase: PhasePlan, seats: int) -> dict[str, Any]:
    """One phase of a pick sheet: what to do, and a table to fill in by hand."""
    block: dict[str, Any] = {
        "name": phase.name,
        "instruction": " ".join(phase_sentences(db.pack, play.boosters, phase)),
    }
    capacity = sum(h.most.value for h in phase.pool.holdings if h.most) if phase.pool.bounded else None
    if phase.mode == "pick-and-pass" and phase.open == "each-seat":
        rounds = phase.rounds.value if phase.rounds else 1
        plan = play.boosters.get(phase.booster)
        per_round = plan.size if plan else 1  # every card of the table's packs, shared out among the seats
        rows = min(per_round, capacity) if capacity else per_round
        block["headers"] = ["pick", *(f"round {r}" for r in range(1, rounds + 1))]
        block["rows"] = [[("num", n), *(("write", "") for _ in range(rounds))] for n in range(1, rows + 1)]
    elif phase.mode == "pick-and-pass":
        rows = capacity or 1
        block["headers"] = ["pick", "card", "booster opened by seat", "kept"]
        block["rows"] = [[("num", n), ("write", ""), ("short", ""), ("box", "")] for n in range(1, rows + 1)]
    elif phase.mode == "deal-and-keep":
        block["headers"] = ["dealt", "card", "kept"]
        block["rows"] = [[("num", n), ("write", ""), ("box", "")] for n in range(1, phase.deal.value + 1)]
    else:
        done = f"shuffled into the {phase.pool.name}" if phase.shared else f"added to your {phase.pool.name}"
        block["headers"] = ["booster", "noted", ""]
        block["rows"] = [[("num", n), ("write", ""), ("box", done)] for n in range(1, phase.boosters.value + 1)]
    return block


def write_pick_sheets(
    db: CardDatabase,
    target: Path,
    play: PlayDefinitions,
    draft: DraftPlan,
    *,
    seats: int,
    seed: int,
    boosters_per_seat: Mapping[str, int] | None = None,
    documents: Documents | None = None,
) -> Path:
    """Blank sheets, one page per seat, to record a live draft phase by phase."""
    phases = [_with_boosters(p, boosters_per_seat or {}) for p in draft.phases]
    context = {
        "title": f"{draft.name}: pick sheet",
        "seed": seed,
        "seats": [{"number": n, "name": f"Seat {n}"} for n in range(1, seats + 1)],
        "description": draft.description,
        "phases": [_sheet_block(play, db, phase, seats) for phase in phases],
    }
    return render_pdf(db, "pick_sheets.html", context, target, documents)


def _pool_rows(db: CardDatabase, draft: DraftPlan, log: DraftLog) -> list[dict[str, Any]]:
    rows = []
    for seat in log.seats:
        for phase in draft.phases:
            for position, card_id in enumerate(seat.pools.get(phase.id, []), start=1):
                card = db.by_id(card_id)
                rows.append(
                    {
                        "seed": log.seed,
                        "carddb_version": log.carddb_version,
                        "seat": seat.number,
                        "name": seat.name,
                        "phase": phase.id,
                        "pool": phase.pool.name,
                        "position": position,
                        "card_id": card_id,
                        "card": card.name if card else card_id,
                    }
                )
    return rows


def write_draft_outputs(
    db: CardDatabase,
    out_dir: Path,
    play: PlayDefinitions,
    log: DraftLog,
    *,
    pdf: bool = True,
    documents: Documents | None = None,
) -> list[Path]:
    """draft-log.json (replayable), pools.csv, the pick log PDF and a deck list per shared deck."""
    draft = play.drafts[log.draft]
    data = log.to_json()
    written = [
        write_text(out_dir / "draft-log.json", json.dumps(data, indent=2) + "\n"),
        write_text(out_dir / "pools.csv", to_csv(_pool_rows(db, draft, log), POOL_COLUMNS)),
    ]
    name = {c.id: c.name for c in db.cards}
    seat_phases = [p for p in draft.phases if not p.shared]
    phase_names = {p.id: p.name for p in draft.phases}
    if pdf:
        pools = [
            {
                "name": seat.name,
                "bot": seat.bot,
                "pools": [", ".join(name.get(c, c) for c in seat.pools.get(p.id, [])) for p in seat_phases],
            }
            for seat in log.seats
        ]
        seats = []
        for seat in log.seats:
            picks = [
                {
                    "phase": phase_names.get(p["phase"], p["phase"]),
                    "round": p["round"],
                    "step": p["step"],
                    "pack": p["pack"],
                    "contents": [name.get(i, i) for i in p["pack_contents"]],
                    "picked": p["pack_contents"].index(p["pick"]),
                }
                for p in log.picks
                if p["seat"] == seat.number
            ]
            seats.append({"name": seat.name, "bot": seat.bot, "picks": picks})
        context = {
            "title": f"{draft.name}: pick log",
            "seed": log.seed,
            "pool_names": [p.pool.name for p in seat_phases],
            "pools": pools,
            "seats": seats,
            "picks": log.picks,
        }
        written.append(render_pdf(db, "pick_log.html", context, out_dir / "pick-log.pdf", documents))
    for phase_id, deck in log.shared.items():
        phase = draft.phase(phase_id)
        written += write_deck_list(
            db,
            out_dir,
            Counter(deck),
            title=f"{phase.pool.name[:1].upper()}{phase.pool.name[1:]} ({phase.name} of the {draft.name})",
            stem=phase_id,
            seed=log.seed,
            order=deck,
            pdf=pdf,
            documents=documents,
        )
    return written
