"""Where a playtest's win rates come from: who beat whom, on which shared deck, at which turn, and
which drawn cards were played.

A seat's overall win rate hides the reason it is high or low. These tables say it:

- Pairings: each seat's win rate in the games it played against each other seat (with
  more than two players, the games in which that other seat sat at the table). One
  lopsided pairing reads very differently from a seat that loses to everyone.
- Shared decks: each seat's win rate on each shared deck, for a seat whose plan needs
  cards that one deck lacks.
- When games are decided: for each seat, the turn (the game's turn count, all players'
  turns) at which its wins and its losses came, as quartiles, and the share of its wins
  by the median turn of all decided games. A seat that wins early wins a race; one that
  only wins late is outpaced or stalls.
- Played when drawn: for each card of the shared deck, the games in which a player drew
  it and how many of those games it was played in. A card drawn often and almost never
  played is dead in hand; a card played in every game it is drawn in is an automatic
  choice (the share says nothing about its strength: compare the card deltas).

Every rate carries a 95% Wilson interval; a draw counts as a game not won.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from carddb.sim.cards import CardRecord
from carddb.sim.intervals import wilson
from carddb.sim.records import GameRecord


@dataclass
class PairRate:
    seat: str
    against: str
    wins: int
    n: int
    low: float = 0.0
    high: float = 0.0

    def __post_init__(self) -> None:
        self.low, self.high = wilson(self.wins, self.n)

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0


@dataclass
class DecidedAt:
    seat: str
    wins: int
    losses: int
    win_turns: tuple[float, float, float]  # quartiles of the turn of its wins (0s: none)
    loss_turns: tuple[float, float, float]  # ... of its losses
    early_share: float  # the share of its wins that came by the median turn of all decided games


@dataclass
class DrawnPlayed:
    id: str
    name: str
    kind: str
    games: int  # games it took part in
    drawn: int  # games in which a player drew it
    played_when_drawn: int  # ... and it was played

    @property
    def share(self) -> float:
        return self.played_when_drawn / self.drawn if self.drawn else 0.0


def pairings(records: Sequence[GameRecord]) -> list[PairRate]:
    tally: dict[tuple[str, str], list[int]] = {}
    for record in records:
        names = [seat.name for seat in record.seats]
        for index, name in enumerate(names):
            for other in dict.fromkeys(n for i, n in enumerate(names) if i != index):
                entry = tally.setdefault((name, other), [0, 0])
                entry[0] += int(record.winner == index)
                entry[1] += 1
    return [PairRate(seat, other, wins, n) for (seat, other), (wins, n) in sorted(tally.items())]


def by_deck(records: Sequence[GameRecord]) -> list[PairRate]:
    """Each seat's win rate on each shared deck (`against` holds the deck's name)."""
    tally: dict[tuple[str, str], list[int]] = {}
    for record in records:
        for index, seat in enumerate(record.seats):
            entry = tally.setdefault((seat.name, record.deck), [0, 0])
            entry[0] += int(record.winner == index)
            entry[1] += 1
    return [PairRate(seat, deck, wins, n) for (seat, deck), (wins, n) in sorted(tally.items())]


def quartiles(values: Sequence[int]) -> tuple[float, float, float]:
    if not values:
        return (0.0, 0.0, 0.0)
    ordered = sorted(values)

    def at(share: float) -> float:
        position = share * (len(ordered) - 1)
        low = int(position)
        high = min(low + 1, len(ordered) - 1)
        return ordered[low] + (ordered[high] - ordered[low]) * (position - low)

    return (at(0.25), at(0.5), at(0.75))


def decided_at(records: Sequence[GameRecord]) -> list[DecidedAt]:
    won: dict[str, list[int]] = {}
    lost: dict[str, list[int]] = {}
    decided = [r for r in records if r.winner is not None]
    for record in records:
        for index, seat in enumerate(record.seats):
            won.setdefault(seat.name, [])
            lost.setdefault(seat.name, [])
            if record.winner is None:
                continue
            (won if record.winner == index else lost)[seat.name].append(record.turns)
    median = quartiles([r.turns for r in decided])[1]
    out = []
    for name in sorted(won):
        wins = won[name]
        early = sum(1 for t in wins if t <= median) / len(wins) if wins else 0.0
        out.append(DecidedAt(name, len(wins), len(lost[name]), quartiles(wins), quartiles(lost[name]), early))
    return out


def drawn_played(records: Sequence[GameRecord], info: Mapping[str, CardRecord], skip: set[str]) -> list[DrawnPlayed]:
    """Every card of the shared decks that took part, with the games it was drawn and played in."""
    games: dict[str, int] = {}
    drawn: dict[str, int] = {}
    played: dict[str, int] = {}
    for record in records:
        own = {card for seat in record.seats for card in seat.cards}
        used = {card for seat in record.seats for card in seat.played}
        for card in record.in_game:
            if card not in own:
                games[card] = games.get(card, 0) + 1
        for card in record.drawn:
            drawn[card] = drawn.get(card, 0) + 1
            if card in used:
                played[card] = played.get(card, 0) + 1
    out = []
    for card, count in games.items():
        known = info.get(card)
        if known is None or known.kind in skip:
            continue
        out.append(DrawnPlayed(card, known.name, known.kind, count, drawn.get(card, 0), played.get(card, 0)))
    return sorted(out, key=lambda d: (d.share, -d.drawn, d.name))
