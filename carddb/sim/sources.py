"""Where a playtest's seats and shared decks come from.

- The project's deck lists (`data/<game>/decks/`): the pack says which lists are
  seats (LOE: councils) and which are shared decks (`Simulator.seats_from_decks`).
- A Sealed Deck's output (`carddb sealed`: `shared-deck.json`): its shared deck, with
  the seats from the deck lists (LOE's design: players bring their own council).
- A Full Draft's output (`carddb draft`: `draft-log.json`): its councils (each seat's
  picks and Victory card) and its shared deck, played at that table.
- A fixed game (`Simulator.fixed_table`): its seats and its cards, the same in every game.

A seat whose deck list the game's deck rules complete with random cards (`DeckRules.completed_by`,
ESTRO: 20 chosen + 5 random) brings the booster type that completes it: every game deals its
random cards again (`PlaytestPlan.spec`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from carddb.cards.database import CardDatabase
from carddb.files.reading import LOG_BYTES, read_json
from carddb.findings.diagnostics import Report
from carddb.findings.errors import UsageError
from carddb.packs.hooks import completed_by
from carddb.play.boosters import BoosterPlan, boosters_path, load_boosters
from carddb.play.decks import DeckList, load_decks
from carddb.play.draft import LOG_FORMAT as DRAFT_LOG
from carddb.sim.simulator import Seat, Simulator

Deck = tuple[str, tuple[str, ...]]  # (name, card ids with repeats)


@dataclass(frozen=True)
class Table:
    seats: tuple[Seat, ...]
    decks: tuple[Deck, ...]
    fixed_table: bool  # a draft's table: play its seats together, not every pairing
    source: str  # what the report says the cards came from
    # seat id -> the booster type that completes its deck list in every game (`DeckRules.completed_by`)
    deals: tuple[tuple[str, BoosterPlan], ...] = ()


def from_decks(db: CardDatabase, sim: Simulator, report: Report) -> Table:
    fixed = sim.fixed_table(db.cards)
    if fixed is not None:  # a fixed game: one table, the same cards in every game
        return Table(fixed.seats, ((fixed.name, fixed.cards),), True, f"data/{db.pack.id}/cards")
    loaded = load_decks(db, report)
    lists = [entry.deck for entry in loaded]
    seats, shared = sim.seats_from_decks(lists)
    decks = tuple((deck.id, tuple(c for c, n in deck.cards.items() for _ in range(n))) for deck in shared)
    return Table(tuple(seats), decks, False, f"data/{db.pack.id}/decks", _deals(db, seats, lists, report))


def _deals(
    db: CardDatabase, seats: Sequence[Seat], lists: Sequence[DeckList], report: Report
) -> tuple[tuple[str, BoosterPlan], ...]:
    """The booster type that completes each seat whose deck list the game's deck rules complete with random
    cards (say 20 chosen + 5 random): `carddb deck deal` deals them, and a playtest deals them in every game."""
    completions = completed_by(db.pack.deck_rules)
    kinds = {deck.id: deck.kind for deck in lists}
    wanted = [seat for seat in seats if kinds.get(seat.id) in completions]
    if not wanted:
        return ()
    plans = load_boosters(db, report)
    found = []
    for seat in wanted:
        type_id = completions[kinds[seat.id]]
        if type_id in plans:
            found.append((seat.id, plans[type_id]))
        elif not report.errors:  # (a booster file with errors: the report says where)
            raise UsageError(
                f"the deck list '{seat.id}' is completed by the booster type '{type_id}', which "
                f"{boosters_path(db).relative_to(db.project.root)} does not define"
            )
    return tuple(found)


def from_file(path: Path, db: CardDatabase, sim: Simulator, report: Report) -> Table:
    """A Sealed Deck's `shared-deck.json` or a Full Draft's `draft-log.json`."""
    try:
        data: Any = read_json(path, LOG_BYTES, "draft logs and deck lists")
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    except ValueError as exc:  # not UTF-8 JSON, or nested too deeply
        raise UsageError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict):
        raise UsageError(f"{path} is not a sealed deck list or a draft log (a JSON object was expected)")
    if data.get("format") == DRAFT_LOG:
        drafted = sim.seats_from_draft(data)
        if drafted is None:
            raise UsageError(f"{path}: the draft log has no seats or no shared deck that {db.pack.name} can play")
        seats, deck = drafted
        _check_ids(db, path, [c for s in seats for c in s.cards] + deck)
        return Table(tuple(seats), (("draft", tuple(deck)),), True, f"the draft {path.name}")
    if isinstance(data.get("order"), list) or isinstance(data.get("cards"), dict):
        deck = [str(c) for c in data["order"]] if isinstance(data.get("order"), list) else _expand(data["cards"])
        _check_ids(db, path, deck)
        table = from_decks(db, sim, report)
        return Table(table.seats, (("sealed", tuple(deck)),), False, f"the sealed deck {path.name}", table.deals)
    raise UsageError(f"{path} is neither a draft-log.json (carddb draft) nor a shared-deck.json (carddb sealed)")


def _expand(cards: dict[str, Any]) -> list[str]:
    return [str(card) for card, count in cards.items() for _ in range(int(count))]


def _check_ids(db: CardDatabase, path: Path, ids: Sequence[str]) -> None:
    unknown = sorted({card_id for card_id in ids if db.by_id(card_id) is None})
    if unknown:
        raise UsageError(f"{path} names cards that are not in the database: {', '.join(unknown[:8])}")
