"""Opening boosters from plans: random or dealt collation, duplicate protection, faction balance.

Booster `index` of type `t` in an event seeded `seed` is drawn from its own
generator, seeded from (seed, t, index), so booster 7 is the same whether 8 or
800 boosters are opened.

`exclude` names cards a booster must never hold, whatever its duplicate rule:
the cards a player already chose, when a game completes a chosen deck with
random cards (say 20 chosen + 5 random, never a card twice). A slot that
cannot be filled without them is a `BoosterError`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from carddb.findings.errors import CarddbError
from carddb.findings.plural import plural
from carddb.play.boosters import BoosterPlan, CompiledSheet, CompiledSlot
from carddb.runtime.rng import Rng, derive_seed

# Draws that hit a card already in the booster are retried this many times before
# falling back to drawing from the remaining cards (same distribution, slower).
_RETRIES = 16


class BoosterError(CarddbError):
    """A booster cannot be filled (e.g. a dealt pile runs out)."""


@dataclass(frozen=True)
class BoosterCard:
    card_id: str
    slot: str


@dataclass(frozen=True)
class Booster:
    type_id: str
    index: int
    seed: int  # the derived seed of this booster
    cards: tuple[BoosterCard, ...]

    def ids(self) -> list[str]:
        return [c.card_id for c in self.cards]


def open_boosters(
    plan: BoosterPlan, seed: int, count: int, start: int = 0, *, exclude: Collection[str] = ()
) -> list[Booster]:
    """Boosters number start .. start+count-1 of `plan` for the event `seed`, none holding an `exclude`d card."""
    if plan.collation == "dealt":
        return deal_boosters(plan, seed, count, start, exclude=exclude)
    return [open_booster(plan, seed, index, exclude=exclude) for index in range(start, start + count)]


def open_booster(plan: BoosterPlan, seed: int, index: int, *, exclude: Collection[str] = ()) -> Booster:
    booster_seed = derive_seed(seed, plan.id, index)
    rng = Rng(booster_seed)
    excluded = frozenset(exclude)
    # Cards a draw must skip: the excluded ones always, and without duplicates those already drawn.
    used: set[str] = set(excluded)
    taken: Collection[str] = excluded if plan.duplicates else used
    cards: list[BoosterCard] = []
    for slot in plan.slots:
        ids = _draw_balanced(slot, rng, taken, plan) if slot.balance else _draw_slot(slot, rng, taken, plan)
        if not plan.duplicates:
            used.update(ids)
        cards.extend(BoosterCard(card_id, slot.name) for card_id in ids)
    return Booster(plan.id, index, booster_seed, tuple(cards))


def _draw_slot(slot: CompiledSlot, rng: Rng, taken: Collection[str], plan: BoosterPlan) -> list[str]:
    picked: list[str] = []
    # With duplicates allowed, cards already drawn in this slot do not block a draw either.
    own: list[str] = [] if plan.duplicates else picked
    for _ in range(slot.count):
        sheet = (
            slot.sheets[rng.weighted_index([s.units for s in slot.sheets])] if len(slot.sheets) > 1 else slot.sheets[0]
        )
        card = _draw_from_sheet(sheet, rng, taken, own)
        if card is None:
            # This sheet is used up by earlier slots; draw from the sheets that still have cards.
            open_sheets = [s for s in slot.sheets if any(c not in taken and c not in own for c in s.cards)]
            if not open_sheets:
                raise BoosterError(
                    f"booster '{plan.id}': slot '{slot.name}' ran out of cards that are neither already in the "
                    "booster nor excluded"
                )
            sheet = open_sheets[rng.weighted_index([s.units for s in open_sheets])]
            card = _draw_from_sheet(sheet, rng, taken, own)
        assert card is not None
        picked.append(card)
    return picked


def _draw_from_sheet(sheet: CompiledSheet, rng: Rng, taken: Collection[str], picked: list[str]) -> str | None:
    if not taken and not picked:
        return _pick(sheet.cards, sheet.card_weights, sheet.uniform, rng)
    for _ in range(_RETRIES):
        card = _pick(sheet.cards, sheet.card_weights, sheet.uniform, rng)
        if card not in taken and card not in picked:
            return card
    free = [(c, w) for c, w in zip(sheet.cards, sheet.card_weights, strict=True) if c not in taken and c not in picked]
    if not free:
        return None
    return free[rng.weighted_index([w for _, w in free])][0]


def _pick(cards: tuple[str, ...], weights: tuple[int, ...], uniform: bool, rng: Rng) -> str:
    return cards[rng.below(len(cards))] if uniform else cards[rng.weighted_index(weights)]


def _draw_balanced(slot: CompiledSlot, rng: Rng, taken: Collection[str], plan: BoosterPlan) -> list[str]:
    """At least one card of each faction, while every card keeps its natural odds.

    Unbalanced, each of the N cards of the slot is in a booster with probability
    k/N, so faction p (n_p cards) shows up k*n_p/N times on average. Balanced, we
    take one card of each faction, then draw the k - P remaining faction labels
    with weights k*n_p/N - 1 (scaled by N: k*n_p - N) and pick the cards uniformly
    inside each faction. The expected count of p is 1 + (k*n_p/N - 1) = k*n_p/N,
    and so each card's odds stay k/N. Factions with fewer than N/k cards get a
    weight of 0 (validation warns about those: their odds do go up).

    With `faction_balance: aligned`, the cards of no faction are not guaranteed a card: they
    are drawn among the k - P others with weight k*n (no 1 taken first), so their expected
    count is k*n/N as well, and the factions' guarantee no longer raises their odds.
    """
    sheet = slot.sheets[0]
    groups: dict[str, list[str]] = {}
    for card, faction in zip(sheet.cards, sheet.factions, strict=True):
        if card not in taken:
            groups.setdefault(faction, []).append(card)
    total = sum(len(g) for g in groups.values())
    factions = sorted(groups)
    guaranteed = [f for f in factions if not (slot.balance == "aligned" and f == "")]
    if slot.count < len(guaranteed) or total < slot.count:
        return _draw_slot(slot, rng, taken, plan)
    counts = {f: 1 if f in guaranteed else 0 for f in factions}
    weights = [max(0, slot.count * len(groups[f]) - (total if f in guaranteed else 0)) for f in factions]
    for _ in range(slot.count - len(guaranteed)):
        live = [w if counts[f] < len(groups[f]) else 0 for f, w in zip(factions, weights, strict=True)]
        if not any(live):
            live = [len(groups[f]) - counts[f] for f in factions]
        counts[factions[rng.weighted_index(live)]] += 1
    picked: list[str] = []
    for faction in factions:
        picked.extend(rng.sample(groups[faction], counts[faction]))
    rng.shuffle(picked)
    return picked


def deal_boosters(
    plan: BoosterPlan, seed: int, count: int, start: int = 0, *, exclude: Collection[str] = ()
) -> list[Booster]:
    """Deal boosters from one shuffled pile per slot (the Victory Draft: shuffle all, deal 3 each).

    Excluded cards are left out of the piles before they are shuffled.
    """
    excluded = frozenset(exclude)
    piles: list[list[str]] = []
    for slot in plan.slots:
        sheet = slot.sheets[0]
        pile = [
            c
            for c, n in zip(sheet.cards, sheet.copies, strict=True)
            if c not in excluded
            for _ in range(n if plan.duplicates else 1)
        ]
        Rng.derived(seed, plan.id, "deal", slot.name).shuffle(pile)
        needed = (start + count) * slot.count
        if len(pile) < needed:
            raise BoosterError(
                f"booster '{plan.id}': slot '{slot.name}' deals {slot.count} to each of {plural(start + count, 'booster')} "
                f"({plural(needed, 'card')}) but its pile holds only {len(pile)}"
            )
        piles.append(pile)
    boosters = []
    for index in range(start, start + count):
        cards = [
            BoosterCard(card_id, slot.name)
            for slot, pile in zip(plan.slots, piles, strict=True)
            for card_id in pile[index * slot.count : (index + 1) * slot.count]
        ]
        boosters.append(Booster(plan.id, index, derive_seed(seed, plan.id, "deal"), tuple(cards)))
    return boosters
