"""Draft bots: a generic rating of a card for a seat, plus the points a game's draft format adds.

A bot takes a card its pool must still hold (a kind of the phase's pool below its
`least`: LOE's Lord) before any other; among the rest, the card with the highest
rating; ties go to the smaller card id, so a bot never needs a random number.

The rating (documented in docs/play-modes.md) is the sum of
  rarity score: 1 for the game's first rarity, 2 for the next...
  + 2 when the card's faction is the seat's faction
  + the draft format's `bots.bonus` for the card's faction, kind and rarity.
The seat's faction is the faction of its first pick of a kind some pool of the
draft requires (LOE: its Lord), else the faction most of its picks share (the
earlier picked wins a tie). Factions listed in `bots.any_faction` fit every seat
and never become one's own.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from carddb.cards.database import CardDatabase
from carddb.play.draftformat import DraftPlan, PhasePlan

if TYPE_CHECKING:
    from carddb.play.draft import PickRequest, Seat

SAME_FACTION = 2


def seat_faction(db: CardDatabase, draft: DraftPlan, seat: Seat) -> str | None:
    cards = [card for card in (db.by_id(c) for c in seat.all_picks()) if card is not None]
    required = draft.required_kinds
    anchor = next((c for c in cards if c.kind in required), None)
    if anchor is not None:
        return db.faction_of(anchor)
    factions = [f for f in (db.faction_of(c) for c in cards) if f is not None and f not in draft.bots.any_faction]
    if not factions:
        return None
    counts = Counter(factions)
    most = max(counts.values())
    return next(f for f in factions if counts[f] == most)


def bot_rating(db: CardDatabase, draft: DraftPlan, card_id: str, seat: Seat) -> int:
    card = db.by_id(card_id)
    if card is None:
        return 0
    rarity_ids = [r.id for r in db.pack.rarities]
    score = rarity_ids.index(card.rarity) + 1 if card.rarity in rarity_ids else 1
    faction = db.faction_of(card)
    if faction is not None and faction not in draft.bots.any_faction and faction == seat_faction(db, draft, seat):
        score += SAME_FACTION
    bonus = draft.bots.bonus
    score += bonus.get("faction", {}).get(faction or "", 0)
    score += bonus.get("kind", {}).get(card.kind, 0)
    score += bonus.get("rarity", {}).get(card.rarity, 0)
    return score


def needed(db: CardDatabase, phase: PhasePlan, seat: Seat, card_id: str) -> bool:
    """The seat's pool of this phase must still take a card of this one's kind."""
    card = db.by_id(card_id)
    holding = phase.pool.holding(card.kind) if card is not None else None
    if holding is None or card is None:
        return False
    held = sum(1 for c in seat.pool(phase.id) if (k := db.by_id(c)) is not None and k.kind == card.kind)
    return held < holding.least.value


class BotPicker:
    def __init__(self, db: CardDatabase, draft: DraftPlan) -> None:
        self.db, self.draft = db, draft

    def pick(self, request: PickRequest) -> str:
        return min(
            request.legal,
            key=lambda c: (
                not needed(self.db, request.phase, request.seat, c),
                -bot_rating(self.db, self.draft, c, request.seat),
                c,
            ),
        )
