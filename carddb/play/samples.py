"""The play stage of `carddb build`: a sample of every play mode the game's data defines.

With a fixed seed, every build writes the same boosters, sealed event and bot
drafts, so a playtest group can print them and a reviewer can diff them. Each
output is skipped when the game does not have what it needs (LOE v2 has deck
lists but no boosters, so it gets only its deck lists). The sealed sample opens
what the first `sealed` phase of the game's draft formats opens. A deck list that
the game completes with random cards (a list of chosen cards) is also dealt its
random cards, into play/deals/.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.findings.diagnostics import Report
from carddb.findings.plural import plural
from carddb.packs.hooks import completed_by
from carddb.packs.pack import GamePack
from carddb.play.boosters import BoosterPlan, boosters_path
from carddb.play.collation import Booster, BoosterError, open_boosters
from carddb.play.dealing import deal_rest, write_dealing
from carddb.play.decks import LoadedDeck, load_decks
from carddb.play.draft import DraftError, Seat, run_draft
from carddb.play.draftformat import first_sealed_phase, load_play
from carddb.play.draftsheets import write_draft_outputs, write_pick_sheets
from carddb.play.lists import (
    check_documents,
    play_documents,
    write_booster_lists,
    write_deck_list,
    write_sealed_outputs,
)
from carddb.play.sealed import run_sealed
from carddb.render.documents import Documents

DEFAULT_SEED = 20261201
SAMPLE_BOOSTERS = 6  # of each booster type
SEATS = 4  # a table, when the game does not say how many play (its numbers players-min, players-max)


@dataclass
class PlaySamples:
    written: list[Path] = field(default_factory=list)
    # (what, the folder it was written to, note) for the summary: two rows may share a name (a sealed
    # event and a draft format both called "Sealed Deck"), never a folder
    notes: list[tuple[str, Path, str]] = field(default_factory=list)
    sealed_boosters: list[Booster] = field(default_factory=list)  # for booster-ordered print sheets


def fixed_game_note(pack: GamePack) -> str:
    """Why a game has no boosters, said once (by the build's summary, or a play command)."""
    return f"{pack.name} is a fixed game: every copy holds the same cards, so it has no boosters, sealed or draft"


def sample_seats(pack: GamePack) -> int:
    """The table the samples are played at: the most players the game allows, else SEATS."""
    bounds = pack.players
    return bounds[1] if bounds else SEATS


def play_stage(
    db: CardDatabase, report: Report, *, seed: int = DEFAULT_SEED, pdf: bool = True, documents: Documents | None = None
) -> PlaySamples:
    """Every sample; with `documents` (a build's), its PDFs are still being written on return:
    `check_documents(documents)` waits for them."""
    own = documents is None
    documents = documents or play_documents(db)
    samples = _samples(db, report, seed, pdf, documents)
    if own:
        check_documents(documents)
    return samples


def _samples(db: CardDatabase, report: Report, seed: int, pdf: bool, documents: Documents) -> PlaySamples:
    out = db.project.output_dir(db.pack) / "play"
    samples = PlaySamples()
    if db.pack.fixed and not boosters_path(db).is_file():
        samples.notes.append(("Boosters", out, fixed_game_note(db.pack)))
    seats = sample_seats(db.pack)
    plans: dict[str, BoosterPlan] = {}
    if boosters_path(db).is_file():
        play = load_play(db, report)
        if report.errors:
            return samples
        plans = dict(play.boosters)
        for plan in play.boosters.values():
            # A dealt pile is shared by the table: one booster per seat, as in play.
            count = seats if plan.collation == "dealt" else SAMPLE_BOOSTERS
            try:
                opened = open_boosters(plan, seed, count)
            except BoosterError as exc:
                samples.notes.append((f"{plan.name} sample", out, f"not opened: {exc}"))
                continue
            samples.written += write_booster_lists(
                db,
                out / f"boosters-{plan.id}",
                opened,
                seed,
                title=f"{plan.name} x {count}",
                pdf=pdf,
                documents=documents,
            )
            samples.notes.append(
                (f"{plan.name} sample", out / f"boosters-{plan.id}", f"{plural(count, 'booster')}, seed {seed}")
            )
        sealed = first_sealed_phase(play)
        if sealed is not None and sealed.booster in play.boosters:
            per = sealed.boosters.value
            event = run_sealed(play.boosters[sealed.booster], seed, seats, per)
            samples.written += write_sealed_outputs(
                db,
                out / "sealed",
                event,
                seed,
                per,
                pdf=pdf,
                name=sealed.name,
                pool=sealed.pool.name,
                shared=sealed.shared,
                documents=documents,
            )
            samples.sealed_boosters = list(event.boosters)
            samples.notes.append(
                (
                    sealed.name,
                    out / "sealed",
                    f"{plural(seats, 'player')} x {plural(per, 'booster')}, "
                    f"{plural(sum(len(b.cards) for b in event.boosters), 'card')}",
                )
            )
        for index, draft in enumerate(play.drafts.values()):
            folder = out / ("draft" if index == 0 else f"draft-{draft.id}")
            try:
                log = run_draft(
                    db, play, draft.id, seed=seed, seats=[Seat(n, f"Seat {n}", bot=True) for n in range(1, seats + 1)]
                )
            except DraftError as exc:
                samples.notes.append((draft.name, folder, f"not run: {exc}"))
                continue
            samples.written += write_draft_outputs(db, folder, play, log, pdf=pdf, documents=documents)
            if pdf:
                samples.written.append(
                    write_pick_sheets(
                        db, folder / "pick-sheets.pdf", play, draft, seats=seats, seed=seed, documents=documents
                    )
                )
            samples.notes.append((draft.name, folder, f"{plural(seats, 'bot seat')}, pick log and pick sheets"))
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
            documents=documents,
        )
    if decks:
        samples.notes.append(("Deck lists", out / "decks", plural(len(decks), "list")))
    samples.written += deal_samples(db, decks, plans, out / "deals", samples, seed=seed, pdf=pdf, documents=documents)
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
    documents: Documents | None = None,
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
            samples.notes.append((f"Dealing {loaded.deck.name}", out, f"not dealt: {exc}"))
            continue
        written += write_dealing(db, out, dealing, pdf=pdf, documents=documents)
        dealt += 1
    if dealt:
        samples.notes.append(("Dealt decks", out, f"{plural(dealt, 'deck')} completed at random, seed {seed}"))
    return written
