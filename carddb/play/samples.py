"""The play stage of `carddb build`: a sample of every play mode the game's data defines.

With a fixed seed, every build writes the same boosters, sealed event and bot
draft, so a playtest group can print them and a reviewer can diff them. Each
output is skipped when the game does not have what it needs (LOE v2 has deck
lists but no boosters, so it gets only its deck lists).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from carddb.database import CardDatabase
from carddb.diagnostics import Report
from carddb.gamepack import GamePack
from carddb.play.boosters import boosters_path, load_boosters
from carddb.play.collation import Booster, BoosterError, open_boosters
from carddb.play.decks import load_decks
from carddb.play.draft import DraftError, Seat, run_draft
from carddb.play.lists import (
    write_booster_lists,
    write_deck_list,
    write_draft_outputs,
    write_pick_sheets,
    write_sealed_outputs,
)
from carddb.play.sealed import run_sealed

DEFAULT_SEED = 20261201
SAMPLE_BOOSTERS = 6  # of each booster type
SEATS = 4
DECK_BOOSTERS_PER_PLAYER = 3


@dataclass
class PlaySamples:
    written: list[Path] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)  # (what, note) for the summary
    sealed_boosters: list[Booster] = field(default_factory=list)  # for booster-ordered print sheets


def fixed_game_note(pack: GamePack) -> str:
    """Why a game has no boosters, said once (by the build's summary, or a play command)."""
    return f"{pack.name} is a fixed game: every copy holds the same cards, so it has no boosters, sealed or draft"


def play_stage(db: CardDatabase, report: Report, *, seed: int = DEFAULT_SEED, pdf: bool = True) -> PlaySamples:
    out = db.project.output_dir(db.pack) / "play"
    samples = PlaySamples()
    if db.pack.fixed and not boosters_path(db).is_file():
        samples.notes.append(("Boosters", fixed_game_note(db.pack)))
    if boosters_path(db).is_file():
        plans = load_boosters(db, report)
        if report.errors:
            return samples
        for plan in plans.values():
            # A dealt pile (the Victory deal) is shared by the table: one booster per seat, as in play.
            count = SEATS if plan.collation == "dealt" else SAMPLE_BOOSTERS
            try:
                opened = open_boosters(plan, seed, count)
            except BoosterError as exc:
                samples.notes.append((f"{plan.name} sample", f"not opened: {exc}"))
                continue
            samples.written += write_booster_lists(
                db, out / f"boosters-{plan.id}", opened, seed, title=f"{plan.name} x {count}", pdf=pdf
            )
            samples.notes.append((f"{plan.name} sample", f"{count} boosters, seed {seed}"))
        if "deck" in plans:
            event = run_sealed(plans["deck"], seed, SEATS, DECK_BOOSTERS_PER_PLAYER)
            samples.written += write_sealed_outputs(db, out / "sealed", event, seed, DECK_BOOSTERS_PER_PLAYER, pdf=pdf)
            samples.sealed_boosters = list(event.boosters)
            samples.notes.append(
                (
                    "Sealed Deck",
                    f"{SEATS} players x {DECK_BOOSTERS_PER_PLAYER} boosters, {len(event.shared_deck)} cards",
                )
            )
        rules = db.pack.deck_rules
        if rules is not None and rules.draft_required:
            try:
                log = run_draft(
                    db,
                    plans,
                    seed=seed,
                    seats=[Seat(n, f"Seat {n}", bot=True) for n in range(1, SEATS + 1)],
                    deck_boosters_per_player=DECK_BOOSTERS_PER_PLAYER,
                )
            except DraftError as exc:
                samples.notes.append(("Full Draft", f"not run: {exc}"))
            else:
                samples.written += write_draft_outputs(db, out / "draft", log, pdf=pdf)
                if pdf:
                    samples.written.append(
                        write_pick_sheets(
                            db,
                            out / "draft" / "pick-sheets.pdf",
                            seats=SEATS,
                            seed=seed,
                            deck_boosters=DECK_BOOSTERS_PER_PLAYER,
                        )
                    )
                samples.notes.append(("Full Draft", f"{SEATS} bot seats, pick log and pick sheets"))
    decks = load_decks(db, report)
    for loaded in decks:
        deck = loaded.deck
        samples.written += write_deck_list(
            db,
            out / "decks",
            Counter(deck.cards),
            title=deck.name,
            stem=deck.id,
            description=deck.description,
            pdf=pdf,
        )
    if decks:
        samples.notes.append(("Deck lists", f"{len(decks)} lists"))
    return samples
