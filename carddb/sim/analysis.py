"""What a playtest's games say: win rates with confidence intervals, card deltas, cards never played.

Every rate comes with a 95% Wilson score interval; every difference of two rates
with Newcombe's hybrid score interval (method 10), which behaves at small counts
and near 0 or 1 where the textbook normal interval does not. A draw counts as a
game not won.

- Win rate by seat (LOE: council) and by the seat's card of each kind the pack names
  (`Simulator.report_kinds`; LOE: Lord and Victory card): over seat-games (each game
  gives one per seat). For the kinds the pack counts by play (`Simulator.report_played`;
  LOE v2: Leaders, of which a seat holds several), a seat-game counts for each card of the
  kind the seat played, or for "none played"; those cards also get a play-rate delta.
- Win rate by faction (`Simulator.report_factions`; ESTRO: by estro): each seat-game counted
  under the faction most of the seat's cards belong to (the cards it held in all its games, so
  random cards dealt to complete a deck do not move a seat from one faction to another).
- First-player advantage: the share of games the first seat won, against the
  1/seats it would be in a fair game.
- Card delta from play rate: among the seats that could play a card (the seat whose
  own cards hold it, e.g. LOE: a council's Duke; every seat of a game whose shared deck
  held it), the win rate of those that played it (a Duke: activated it) minus that
  of those that did not, compared within each seat (LOE: council) and pooled with
  Mantel-Haenszel weights, so that a card a weak seat plays often is not blamed
  for the seat; its interval uses the Greenland-Robins variance. The report
  kinds are left out (they have their own rates). Cards played more in long games
  or by winners still look better than they are: read it with the ablation.
- Card delta from remove-one ablation: the same games with the card left out, each
  paired with its game in the playtest (same seed, same matchup, the shared deck in
  the same order less the card), so a pair differs only where the card mattered. A
  seat's own card (a Duke): the mean win difference over the pairs of the seats that
  hold it (LOE: its council; LOE v2: every pair of decks that holds it). A
  shared-deck card: the seat whose win rate moved most, with that change (positive:
  the card helped it); picking the largest of several changes makes it look larger.
- Win rate by each report tag (`Simulator.report_tags`: what a seat did or held, from the
  pack's summary of the seat, e.g. a faction it followed or a space it selected most), over
  the seat-games that carry the word; a seat-game may carry several words of one tag.
- Cards never played, and why: never drawn, drawn but never a legal play (cost,
  targets, timing), or legal but no bot chose it. Kinds that start in play
  (`Simulator.starts_in_play`; LOE: Lords) are left out.
- Where the rates come from (`carddb.sim.breakdown`): each seat against each other
  seat, on each shared deck, the turns at which its games were decided, and for each
  shared-deck card the games it was drawn in and played in.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from carddb.sim.breakdown import (
    DecidedAt,
    DrawnPlayed,
    PairRate,
    by_deck,
    decided_at,
    drawn_played,
    pairings,
    quartiles,
)
from carddb.sim.cards import CardRecord
from carddb.sim.intervals import Z95, newcombe, wilson
from carddb.sim.records import GameRecord

NONE_PLAYED = "(none played)"


@dataclass
class Rate:
    label: str
    wins: int
    n: int
    low: float = 0.0
    high: float = 0.0
    id: str = ""

    def __post_init__(self) -> None:
        self.low, self.high = wilson(self.wins, self.n)

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0


@dataclass
class CardDelta:
    id: str
    name: str
    kind: str
    delta: float
    low: float
    high: float
    n_with: int
    n_without: int
    rate_with: float
    rate_without: float
    note: str = ""  # ablation of a shared-deck card: the seat (LOE: council) it moved most

    @property
    def significant(self) -> bool:
        return self.low > 0 or self.high < 0


@dataclass
class NeverPlayed:
    id: str
    name: str
    kind: str
    games: int  # games it took part in
    reason: str


@dataclass
class PlayCount:
    """How often a card was played (an ability: used) over the playtest, and when."""

    id: str
    name: str
    kind: str
    faction: str
    times: int
    games: int  # games in which some seat played it
    when: dict[str, int]  # the pack's word for a timing ("" for an ordinary play) -> times


# A seat counts for a faction (LOE: province; Shards: realm) in the win rate by faction when at
# least this share of its cards are of that faction: a deck's main factions, not a splash of a few cards.


@dataclass
class Analysis:
    games: int
    seats: int
    draws: int
    errors: list[str]
    reasons: dict[str, int]
    turns: list[int]  # each finished game's length in turns
    endings: list[str]  # ... and how it ended ("victory", "turn cap", "loop")
    first_player: Rate
    by_seat_first: list[Rate]  # each seat's win rate when it went first, then when it did not
    by_seat: list[Rate]
    by_kind: dict[str, list[Rate]]  # a report kind (LOE: lord, victory) -> win rate by the seat's card of it
    card_play: list[CardDelta]
    card_ablation: list[CardDelta] = field(default_factory=list)
    ablation_games: int = 0
    never_played: list[NeverPlayed] = field(default_factory=list)
    pairings: list[PairRate] = field(default_factory=list)  # each seat against each other seat
    by_deck: list[PairRate] = field(default_factory=list)  # each seat on each shared deck (`against`: the deck)
    decided_at: list[DecidedAt] = field(default_factory=list)  # the turns of each seat's wins and losses
    median_turn: float = 0.0  # the median length of the games someone won
    drawn_played: list[DrawnPlayed] = field(default_factory=list)  # shared-deck cards: drawn, and then played
    unplayable_text: dict[str, list[str]] = field(default_factory=dict)  # card id -> lines the engine cannot execute
    # A report tag (`Simulator.report_tags`) -> win rate of the seat-games by each word the tag took
    by_tag: dict[str, list[Rate]] = field(default_factory=dict)
    by_faction: list[Rate] = field(default_factory=list)  # win rate by each seat's leading faction (ids as labels)
    play_counts: list[PlayCount] = field(default_factory=list)

    @property
    def mean_turns(self) -> float:
        return sum(self.turns) / len(self.turns) if self.turns else 0.0

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["mean_turns"] = self.mean_turns
        data["first_player"]["rate"] = self.first_player.rate
        for key in ("by_seat", "by_seat_first"):
            for entry, rate in zip(data[key], getattr(self, key), strict=True):
                entry["rate"] = rate.rate
        for key in ("by_kind", "by_tag"):
            for name, rates in getattr(self, key).items():
                for entry, rate in zip(data[key][name], rates, strict=True):
                    entry["rate"] = rate.rate
        for entry, rate in zip(data["by_faction"], self.by_faction, strict=True):
            entry["rate"] = rate.rate
        for key in ("pairings", "by_deck"):
            for entry, pair in zip(data[key], getattr(self, key), strict=True):
                entry["rate"] = pair.rate
        return data


def analyse(
    records: Sequence[GameRecord],
    cards: Sequence[CardRecord],
    ablations: Mapping[str, Sequence[GameRecord]] | None = None,
    *,
    report_kinds: Sequence[str] = (),
    starts_in_play: Sequence[str] = (),
    report_tags: Sequence[str] = (),
    report_factions: bool = False,
    report_played: Sequence[str] = (),
) -> Analysis:
    """`factions`: faction id -> name, for a win rate by faction (None: none)."""
    info = {c.id: c for c in cards}
    finished = [r for r in records if not r.error]
    seats = len(records[0].seats) if records else 0
    first_wins = sum(1 for r in finished if r.winner == r.first)
    by_seat: dict[str, list[int]] = {}
    by_turn_order: dict[str, list[int]] = {}
    by_kind: dict[str, dict[str, list[int]]] = {kind: {} for kind in report_kinds}
    by_tag: dict[str, dict[str, list[int]]] = {tag: {} for tag in report_tags}
    by_faction: dict[str, list[int]] = {}
    factions = seat_factions(finished, info) if report_factions else {}
    for record in finished:
        for index, seat in enumerate(record.seats):
            won = int(record.winner == index)
            order = "first" if index == record.first else "not first"
            tables = [(by_seat, seat.name), (by_turn_order, f"{seat.name}, {order}")]
            for kind in report_kinds:
                if kind in report_played:
                    tables += [(by_kind[kind], key) for key in _played_of_kind(seat.played, kind, info)]
                else:
                    tables.append((by_kind[kind], _card_of_kind(seat.cards, kind, info)))
            tables += [(by_tag[tag], word) for tag in report_tags for word in _words(seat.summary.get(tag))]
            if report_factions:
                tables.append((by_faction, factions[seat.name]))
            for table, key in tables:
                tally = table.setdefault(key, [0, 0])
                tally[0] += won
                tally[1] += 1
    return Analysis(
        games=len(records),
        seats=seats,
        draws=sum(1 for r in finished if r.winner is None),
        errors=[f"game {r.index} (seed {r.seed}): {r.error.splitlines()[0]}" for r in records if r.error],
        reasons=dict(Counter(r.reason for r in records)),
        turns=[r.turns for r in finished],
        endings=[r.reason for r in finished],
        first_player=Rate("first player", first_wins, len(finished)),
        by_seat_first=sorted(_rates(by_turn_order, {}), key=lambda r: r.label),
        by_seat=_rates(by_seat, {}),
        by_kind={kind: _rates(table, info) for kind, table in by_kind.items()},
        card_play=play_deltas(finished, info, set(report_kinds) - set(report_played)),
        card_ablation=ablation_deltas(finished, ablations, info) if ablations else [],
        ablation_games=min((len(v) for v in ablations.values()), default=0) if ablations else 0,
        never_played=never_played(finished, info, set(starts_in_play)),
        by_tag={tag: _rates(table, {}) for tag, table in by_tag.items()},
        by_faction=_rates(by_faction, {}),
        play_counts=play_counts(finished, info),
        pairings=pairings(finished),
        by_deck=by_deck(finished),
        decided_at=decided_at(finished),
        median_turn=quartiles([r.turns for r in finished if r.winner is not None])[1],
        drawn_played=drawn_played(finished, info, set(starts_in_play) | set(report_kinds)),
    )


def _words(value: Any) -> list[str]:
    """A report tag's value in a seat's summary: one word, or a list of them (each counts the seat-game)."""
    if value is None:
        return []
    if isinstance(value, list | tuple):
        return [str(word) for word in value]
    return [str(value)]


def seat_factions(records: Sequence[GameRecord], info: Mapping[str, CardRecord]) -> dict[str, str]:
    """Each seat's leading faction, from the cards it held in every one of its games: a seat whose
    deck list is completed by random cards (ESTRO's 5) is judged by the cards it chose."""
    held: dict[str, set[str]] = {}
    for record in records:
        for seat in record.seats:
            if seat.name in held:
                held[seat.name] &= set(seat.cards)
            else:
                held[seat.name] = set(seat.cards)
    return {name: leading_faction(sorted(cards), info) for name, cards in held.items()}


def leading_faction(ids: Sequence[str], info: Mapping[str, CardRecord]) -> str:
    """The faction most of the cards belong to; a tie joins the tied ones ("armonio/illusio")."""
    counts = Counter(info[c].faction for c in ids if c in info and info[c].faction)
    if not counts:
        return ""
    most = max(counts.values())
    return "/".join(sorted(f for f, n in counts.items() if n == most))


def play_counts(records: Sequence[GameRecord], info: Mapping[str, CardRecord]) -> list[PlayCount]:
    """Every card played at least once: how many times, in how many games, and when (the pack's timings)."""
    times: Counter[str] = Counter()
    games: Counter[str] = Counter()
    when: dict[str, Counter[str]] = {}
    for record in records:
        for card_id, timing, count in record.plays:
            times[card_id] += count
            when.setdefault(card_id, Counter())[timing] += count
        games.update({card_id for card_id, _, _ in record.plays})
    out = []
    for card_id, count in times.items():
        card = info.get(card_id)
        if card is None:
            continue
        out.append(
            PlayCount(
                card_id, card.name, card.kind, card.faction, count, games[card_id], dict(sorted(when[card_id].items()))
            )
        )
    return sorted(out, key=lambda p: (-p.times, p.name))


def _card_of_kind(ids: Sequence[str], kind: str, info: Mapping[str, CardRecord]) -> str:
    return next((c for c in ids if c in info and info[c].kind == kind), "")


def _played_of_kind(played: Sequence[str], kind: str, info: Mapping[str, CardRecord]) -> list[str]:
    return sorted({c for c in played if c in info and info[c].kind == kind}) or [NONE_PLAYED]


def _rates(table: Mapping[str, list[int]], info: Mapping[str, CardRecord]) -> list[Rate]:
    rates = [Rate(info[key].name if key in info else key, wins, n, id=key) for key, (wins, n) in table.items()]
    return sorted(rates, key=lambda r: (-r.rate, r.label))


def _eligible(record: GameRecord, card_id: str) -> list[int]:
    """The seats of a game that could play the card: the seat holding it, or every seat for a shared card."""
    holders = [i for i, seat in enumerate(record.seats) if card_id in seat.cards]
    return holders or list(range(len(record.seats)))


def mantel_haenszel(strata: Sequence[tuple[int, int, int, int]]) -> tuple[float, float, float] | None:
    """The pooled risk difference of 2x2 tables (wins with, n with, wins without, n without) and its 95% interval.

    Mantel-Haenszel weights n1*n0/N; variance by Greenland & Robins (1985), with
    each group's counts moved towards a half (one win and one loss added, as
    Agresti & Caffo do) so that a stratum where one group always won or always
    lost does not claim a certainty it has not earned. The interval is never
    narrower, on either side, than Newcombe's score interval of the pooled counts
    (a normal approximation is too confident with a handful of games). None when no
    stratum has both groups.
    """
    used = [(a, n1, c, n0) for a, n1, c, n0 in strata if n1 and n0]
    if not used:
        return None
    weight = sum(n1 * n0 / (n1 + n0) for _, n1, _, n0 in used)
    delta = sum((a * n0 - c * n1) / (n1 + n0) for a, n1, c, n0 in used) / weight
    adjusted = [(a + 1, n1 + 2, c + 1, n0 + 2) for a, n1, c, n0 in used]
    adjusted_weight = sum(n1 * n0 / (n1 + n0) for _, n1, _, n0 in adjusted)
    variance = sum(
        (a * (n1 - a) * n0**3 + c * (n0 - c) * n1**3) / (n1 * n0 * (n1 + n0) ** 2) for a, n1, c, n0 in adjusted
    ) / (adjusted_weight**2)
    half = Z95 * math.sqrt(variance)
    a, n1, c, n0 = (sum(t[i] for t in used) for i in range(4))
    crude, crude_low, crude_high = newcombe(a, n1, c, n0)
    low = delta - max(half, crude - crude_low)
    high = delta + max(half, crude_high - crude)
    return delta, max(-1.0, low), min(1.0, high)


def play_deltas(records: Sequence[GameRecord], info: Mapping[str, CardRecord], skip: set[str]) -> list[CardDelta]:
    # id -> seat name -> [wins with, n with, wins without, n without]
    tallies: dict[str, dict[str, list[int]]] = {}
    for record in records:
        for card_id in record.in_game:
            card = info.get(card_id)
            if card is None or card.kind in skip:
                continue
            by_seat = tallies.setdefault(card_id, {})
            for seat in _eligible(record, card_id):
                tally = by_seat.setdefault(record.seats[seat].name, [0, 0, 0, 0])
                column = 0 if card_id in record.seats[seat].played else 2
                tally[column] += int(record.winner == seat)
                tally[column + 1] += 1
    deltas = []
    for card_id, by_seat in tallies.items():
        strata = [(a, n1, c, n0) for a, n1, c, n0 in by_seat.values()]
        pooled = mantel_haenszel(strata)
        if pooled is None:
            continue
        delta, low, high = pooled
        k1, n1, k0, n0 = (sum(t[i] for t in strata) for i in range(4))
        card = info[card_id]
        deltas.append(CardDelta(card_id, card.name, card.kind, delta, low, high, n1, n0, k1 / n1, k0 / n0))
    return sorted(deltas, key=lambda d: -d.delta)


def paired_difference(differences: Sequence[int]) -> tuple[float, float, float]:
    """The mean of paired win differences (each -1, 0 or 1) and its 95% interval.

    The variance counts one extra +1 and one extra -1 (a small-sample guard, as Agresti
    and Caffo add pseudo-observations), so a handful of identical pairs does not look certain.
    """
    n = len(differences)
    mean = sum(differences) / n
    padded = [*differences, 1, -1]
    centre = sum(padded) / len(padded)
    variance = sum((d - centre) ** 2 for d in padded) / (len(padded) - 1)
    half = Z95 * math.sqrt(variance / n)
    return mean, max(-1.0, mean - half), min(1.0, mean + half)


def ablation_deltas(
    baseline: Sequence[GameRecord], ablations: Mapping[str, Sequence[GameRecord]], info: Mapping[str, CardRecord]
) -> list[CardDelta]:
    """Each card's remove-one delta, from games paired by index (same seed, same matchup, same deck order)."""
    by_index = {r.index: r for r in baseline if not r.error}
    deltas = []
    for card_id, without in ablations.items():
        card = info[card_id]
        pairs = [(by_index[r.index], r) for r in without if not r.error and r.index in by_index]
        # seat name -> the seat's win (1) or not (0) in each paired game: (with the card, without it)
        outcomes: dict[str, list[tuple[int, int]]] = {}
        holders: set[str] = set()
        for base, removed in pairs:
            for index, seat in enumerate(base.seats):
                outcomes.setdefault(seat.name, []).append((int(base.winner == index), int(removed.winner == index)))
                if card_id in seat.cards:
                    holders.add(seat.name)
        best: CardDelta | None = None
        # A seat's own card: the pairs of every seat that holds it, pooled (LOE: one council; LOE v2: each pair
        # of decks that holds one of the decks). A shared card: each seat on its own, the most moved reported.
        if holders:
            names, groups = [""], [[pair for name in sorted(holders) for pair in outcomes.get(name, [])]]
        else:
            names = sorted(outcomes)
            groups = [outcomes[name] for name in names]
        for seat_name, games in zip(names, groups, strict=True):
            if not games:
                continue
            delta, low, high = paired_difference([a - b for a, b in games])
            with_rate = sum(a for a, _ in games) / len(games)
            without_rate = sum(b for _, b in games) / len(games)
            note = "" if holders else seat_name
            found = CardDelta(
                card_id, card.name, card.kind, delta, low, high, len(games), len(games), with_rate, without_rate, note
            )
            if best is None or abs(found.delta) > abs(best.delta):
                best = found
        if best is not None:
            deltas.append(best)
    return sorted(deltas, key=lambda d: -d.delta)


def never_played(records: Sequence[GameRecord], info: Mapping[str, CardRecord], skip: set[str]) -> list[NeverPlayed]:
    present: Counter[str] = Counter()
    played: set[str] = set()
    offered: set[str] = set()
    drawn: set[str] = set()
    owned: set[str] = set()
    for record in records:
        present.update(record.in_game)
        for seat in record.seats:
            played.update(seat.played)
            owned.update(seat.cards)
        offered.update(record.offered)
        drawn.update(record.drawn)
    out = []
    for card_id, games in sorted(present.items()):
        card = info.get(card_id)
        if card is None or card_id in played or card.kind in skip:
            continue
        if card_id not in offered:
            if card_id in owned:
                reason = "never a legal play (never affordable, or no legal target)"
            elif card_id not in drawn:
                reason = "never drawn"
            else:
                reason = "drawn but never a legal play (cost, targets or timing)"
        else:
            reason = "a legal play, but no bot chose it"
        out.append(NeverPlayed(card_id, card.name, card.kind, games, reason))
    return out
