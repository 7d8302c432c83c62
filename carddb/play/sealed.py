"""Sealed: every player opens boosters. The shuffled deck of all of them is kept too, for a game whose
sealed phase is `shared` (LOE's Sealed Deck: one deck for the whole table)."""

from __future__ import annotations

from dataclasses import dataclass

from carddb.play.boosters import BoosterPlan
from carddb.play.collation import Booster, open_boosters
from carddb.runtime.rng import Rng


@dataclass(frozen=True)
class SealedEvent:
    seed: int
    booster_type: str
    players: int
    per_player: int
    boosters: tuple[Booster, ...]  # player p opened boosters p*per_player .. (p+1)*per_player-1
    shared_deck: tuple[str, ...]  # shuffled, top card first

    def player_boosters(self, player: int) -> tuple[Booster, ...]:
        """The boosters player `player` (0-based) opened."""
        return self.boosters[player * self.per_player : (player + 1) * self.per_player]


def run_sealed(plan: BoosterPlan, seed: int, players: int, per_player: int, start: int = 0) -> SealedEvent:
    """`start`: the first booster number, when other boosters of the type were opened before (a draft)."""
    boosters = open_boosters(plan, seed, players * per_player, start)
    deck = [card_id for booster in boosters for card_id in booster.ids()]
    Rng.derived(seed, "shared-deck", plan.id).shuffle(deck)
    return SealedEvent(seed, plan.id, players, per_player, tuple(boosters), tuple(deck))
