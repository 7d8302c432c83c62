"""Completing a chosen deck with random cards: a booster that never repeats a card of the deck.

Some games build a deck from cards a player chooses plus cards drawn at random
from the pool (say 20 chosen and 5 random, never a card twice). The game's deck
rules say which kind of deck list is completed by which booster type
(`DeckRules.completed_by`); the booster is opened with the deck's cards excluded
(see `carddb.play.collation`), from a seed derived from the event seed and the
deck's id: the same seed deals the same cards to the same deck, and two decks
dealt with one seed each get cards of their own.
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.findings.errors import UsageError
from carddb.findings.plural import plural
from carddb.packs.hooks import completed_by
from carddb.play.boosters import BoosterPlan
from carddb.play.collation import Booster, BoosterError, open_booster
from carddb.play.decks import DeckList
from carddb.play.lists import write_booster_lists, write_deck_list
from carddb.render.documents import Documents
from carddb.runtime.rng import derive_seed


@dataclass(frozen=True)
class Dealing:
    deck: DeckList
    booster: Booster  # the random cards
    seed: int  # the event seed the dealing was asked for

    def dealt(self) -> list[str]:
        return self.booster.ids()

    def counts(self) -> Counter[str]:
        """The completed deck: the list's cards and the dealt ones."""
        return Counter(self.deck.cards) + Counter(self.dealt())


def completing_type(db: CardDatabase, deck: DeckList, plans: dict[str, BoosterPlan], asked: str | None) -> BoosterPlan:
    """The booster type that completes `deck`: the one asked for, or the one the game's deck rules name."""
    completions = completed_by(db.pack.deck_rules)
    type_id = asked or completions.get(deck.kind)
    if type_id is None:
        named = sorted(completions)
        kinds = f" (completed kinds: {', '.join(named)})" if named else ""
        raise UsageError(
            f"{db.pack.name} deals no random cards to a '{deck.kind}' list{kinds}; name a booster type with --type"
        )
    if type_id not in plans:
        close = difflib.get_close_matches(type_id, list(plans), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise UsageError(f"no booster type '{type_id}'{hint} (types: {', '.join(plans) or 'none'})")
    return plans[type_id]


def deal_rest(plan: BoosterPlan, deck: DeckList, seed: int) -> Dealing:
    """Deal one booster of `plan` to `deck`, never a card the deck already holds."""
    try:
        booster = open_booster(plan, derive_seed(seed, "deal", deck.id), 0, exclude=deck.cards)
    except BoosterError:
        # say it in the designer's terms: how many cards the list leaves to draw from
        left = {c for slot in plan.slots for sheet in slot.sheets for c in sheet.cards} - set(deck.cards)
        wanted = sum(slot.count for slot in plan.slots)
        raise BoosterError(
            f"deck '{deck.id}': '{plan.id}' deals {plural(wanted, 'card')} the list does not hold, but only "
            f"{plural(len(left), 'card')} it draws from {'is' if len(left) == 1 else 'are'} not in the list "
            "(add cards to the pool, or choose fewer)"
        ) from None
    return Dealing(deck, booster, seed)


def write_dealing(
    db: CardDatabase, out_dir: Path, dealing: Dealing, *, pdf: bool = True, documents: Documents | None = None
) -> list[Path]:
    """`<deck>.csv/json/pdf`, the completed deck, and `<deck>-dealt.csv/json/pdf`, the random cards alone."""
    deck = dealing.deck
    dealt = dealing.dealt()
    names = ", ".join(card.name if (card := db.by_id(i)) else i for i in dealt)
    written = write_deck_list(
        db,
        out_dir,
        dealing.counts(),
        title=f"{deck.name}: {deck.size} chosen + {len(dealt)} dealt",
        stem=deck.id,
        seed=dealing.seed,
        description=f"Dealt at random (seed {dealing.seed}): {names}.",
        pdf=pdf,
        documents=documents,
    )
    written += write_booster_lists(
        db,
        out_dir,
        [dealing.booster],
        dealing.seed,
        title=f"{deck.name}: the {len(dealt)} dealt cards",
        stem=f"{deck.id}-dealt",
        pdf=pdf,
        documents=documents,
    )
    return written
