"""A playtest: N games between seats (councils) on shared decks, reproducible from one seed.

`PlaytestPlan` holds everything that decides the games, as plain data (card
records, seats, decks, bots, options), so that a worker process or a Dask worker
can rebuild the catalogue and play any game of the plan by its index:

- game `i` plays matchup `(i // seats) % len(matchups)` with seat `i % seats` going
  first, so every matchup is played with every seat first in turn;
- its seed is `derive_seed(plan seed, "game", i)`, and each bot's seed derives from it;
- a seat whose deck list is completed by random cards (`deals`) gets them dealt from that seed.

`ablation_plan` is the same plan with one card removed (from the councils that hold
it, or every copy from the shared decks): the remove-one ablation of the report.
"""

from __future__ import annotations

import gc
import hashlib
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from carddb.play.boosters import BoosterPlan
from carddb.play.collation import open_booster
from carddb.runtime.rng import derive_seed
from carddb.sim.cards import CardRecord, Catalogue, compile_catalogue
from carddb.sim.match import GameSpec, play_game
from carddb.sim.options import SimOptions
from carddb.sim.records import GameRecord
from carddb.sim.simulator import Matchup, Seat, Simulator


@dataclass(frozen=True)
class PlaytestPlan:
    game: str  # the game pack's id
    seed: int
    games: int
    bots: tuple[str, ...]  # one per seat
    matchups: tuple[Matchup, ...]
    records: tuple[CardRecord, ...]
    options: SimOptions = field(default_factory=SimOptions)
    removed: str = ""  # the card left out (an ablation plan)
    # seat id -> the booster type that completes its cards in each game (ESTRO: the 5 random cards)
    deals: tuple[tuple[str, BoosterPlan], ...] = ()

    @property
    def seats(self) -> int:
        return len(self.matchups[0].seats)

    @property
    def catalogue_key(self) -> str:
        """Names the card data: a worker compiles each catalogue once, whatever number of batches it plays."""
        digest = hashlib.sha256(repr((self.game, self.records)).encode("utf-8")).hexdigest()
        return digest[:16]

    def spec(self, index: int) -> GameSpec:
        seats = self.seats
        matchup = self.matchups[(index // seats) % len(self.matchups)]
        seed = derive_seed(self.seed, "game", index)
        if self.deals:
            matchup = self.dealt(matchup, seed)
        return GameSpec(index, seed, matchup, index % seats, self.bots)

    def dealt(self, matchup: Matchup, seed: int) -> Matchup:
        """The matchup with each completed seat's random cards dealt for the game of `seed`.

        Dealt as `carddb deck deal LIST --seed <the game's seed>` deals them (never a card the
        seat holds, nor the card an ablation leaves out), so the game's record and log hold the
        cards it was played with, and a replay needs no dealing."""
        types = dict(self.deals)
        seats = []
        for seat in matchup.seats:
            plan = types.get(seat.id)
            if plan is not None:
                excluded = (*seat.cards, self.removed) if self.removed else seat.cards
                booster = open_booster(plan, derive_seed(seed, "deal", seat.id), 0, exclude=excluded)
                seat = Seat(seat.name, (*seat.cards, *booster.ids()), seat.id)
            seats.append(seat)
        return replace(matchup, seats=tuple(seats))


def matchups_from(seats: Sequence[Seat], decks: Sequence[tuple[str, tuple[str, ...]]], players: int) -> list[Matchup]:
    """Every ordered choice of `players` different seats, on every shared deck."""
    return [
        Matchup(tuple(chosen), cards, name)
        for name, cards in decks
        for chosen in itertools.permutations(seats, players)
    ]


def ablation_plan(plan: PlaytestPlan, card_id: str, games: int) -> PlaytestPlan:
    """The plan's first `games` games with `card_id` left out of every seat's cards and every shared deck.

    Game `i` keeps its seed and matchup, and a shared deck keeps the order the other
    cards have with the card in it (`Matchup.removed`), so each game is paired with the
    same game of the plan and differs from it only where the card would have mattered.
    """
    matchups = tuple(
        Matchup(
            tuple(Seat(s.name, tuple(c for c in s.cards if c != card_id), s.id) for s in m.seats),
            m.deck,
            m.deck_name,
            (*m.removed, card_id) if card_id in m.deck else m.removed,
        )
        for m in plan.matchups
    )
    return replace(plan, matchups=matchups, games=games, removed=card_id)


# -- running batches (in this process, a worker process or a Dask worker) -----------------------

_CATALOGUES: dict[str, tuple[Simulator, Catalogue]] = {}


def catalogue_for(plan: PlaytestPlan) -> tuple[Simulator, Catalogue]:
    key = plan.catalogue_key
    if key not in _CATALOGUES:
        from carddb.packs.lookup import get_pack
        from carddb.sim.simulator import simulator_for

        sim = simulator_for(get_pack(plan.game))
        _CATALOGUES.clear()  # one run's catalogue at a time is all a worker needs
        _CATALOGUES[key] = (sim, compile_catalogue(plan.records, sim))
    return _CATALOGUES[key]


def run_batch(plan: PlaytestPlan, indices: Sequence[int]) -> list[GameRecord]:
    """Play the plan's games `indices`; a top-level function, so process pools and Dask can send it.

    Python's cycle collector is paused while the batch plays: a game makes a great many
    short-lived objects and the collector kept scanning them (about 5% of the time); the
    few cycles a game leaves (a stack item and its context) are collected once at the end,
    among the young objects only (a full collection would walk the whole card database).
    """
    sim, catalogue = catalogue_for(plan)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return [play_game(sim, catalogue, plan.spec(i), plan.options) for i in indices]
    finally:
        gc.collect(0)
        if was_enabled:
            gc.enable()


def batches(count: int, size: int) -> list[range]:
    return [range(start, min(count, start + size)) for start in range(0, count, size)]
