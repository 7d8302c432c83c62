"""The play stage of `carddb build`: a sample of every play mode the game's data defines.

With a fixed seed, every build writes the same boosters, sealed event and bot
draft, so a playtest group can print them and a reviewer can diff them. Each
output is skipped when the game does not have what it needs (LOE v2 has deck
lists but no boosters, so it gets only its deck lists). A deck list that the game
completes with random cards (a list of chosen cards) is also dealt its random
cards, into play/deals/.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from carddb.database import CardDatabase
from carddb.diagnostics import Report
from carddb.play.boosters import BoosterPlan, boosters_path, load_boosters
from carddb.play.collation import Booster, BoosterError, open_boosters
from carddb.play.dealing import deal_rest, write_dealing
from carddb.play.decks import LoadedDeck, completed_by, load_decks
from carddb.play.draft import DraftError, Seat, run_draft
from carddb.play.lists import (
    write_booster_lists,
    write_deck_list,
    write_draft_outputs,
    write_pick_sheets,
    write_sealed_outputs,
)
from carddb.play.sealed import run_sealed
from carddb.plural import plural

DEFAULT_SEED = 20261201
SAMPLE_BOOSTERS = 6  # of each booster type
SEATS = 4
DECK_BOOSTERS_PER_PLAYER = 3


@dataclass
class PlaySamples:
    written: list[Path] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)  # (what, note) for the summary
    sealed_boosters: list[Booster] = field(default_factory=list)  # for booster-ordered print sheets


def play_stage(db: CardDatabase, report: Report, *, seed: int = DEFAULT_SEED, pdf: bool = True) -> PlaySamples:
    out = db.project.output_dir(db.pack) / "play"
    samples = PlaySamples()
    plans: dict[str, BoosterPlan] = {}
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
            samples.notes.append((f"{plan.name} sample", f"{plural(count, 'booster')}, seed {seed}"))
        if "deck" in plans:
            event = run_sealed(plans["deck"], seed, SEATS, DECK_BOOSTERS_PER_PLAYER)
            samples.written += write_sealed_outputs(db, out / "sealed", event, seed, DECK_BOOSTERS_PER_PLAYER, pdf=pdf)
            samples.sealed_boosters = list(event.boosters)
            samples.notes.append(
                (
                    "Sealed Deck",
                    f"{plural(SEATS, 'player')} x {plural(DECK_BOOSTERS_PER_PLAYER, 'booster')}, {plural(len(event.shared_deck), 'card')}",
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
        samples.notes.append(("Deck lists", plural(len(decks), "list")))
    samples.written += deal_samples(db, decks, plans, out / "deals", samples, seed=seed, pdf=pdf)
    return samples


def deal_samples(
    db: CardDatabase,
    decks: list[LoadedDeck],
    plans: dict[str, BoosterPlan],
    out: Path,
    samples: PlaySamples,
    *,
    seed: int,
    pdf: bool,
) -> list[Path]:
    """Each deck list the game completes with random cards, dealt with the build's seed."""
    completions = completed_by(db.pack.deck_rules)
    written: list[Path] = []
    dealt = 0
    for loaded in decks:
        type_id = completions.get(loaded.deck.kind)
        if type_id is None or type_id not in plans:
            continue
        try:
            dealing = deal_rest(plans[type_id], loaded.deck, seed)
        except BoosterError as exc:
            samples.notes.append((f"Dealing {loaded.deck.name}", f"not dealt: {exc}"))
            continue
        written += write_dealing(db, out, dealing, pdf=pdf)
        dealt += 1
    if dealt:
        samples.notes.append(("Dealt decks", f"{plural(dealt, 'deck')} completed at random, seed {seed}"))
    return written
