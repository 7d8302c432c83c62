"""Running a draft format (carddb.play.draftformat) at a table of seats, with bots and a replayable log.

Each phase of the format runs in turn: `pick-and-pass` opens boosters and passes
them (one per seat per round, or one at a time as needed until every pool is
full), `deal-and-keep` deals from one shuffled pile, `sealed` opens boosters for
each seat or for one shared deck. A seat only takes what its pool can still hold;
a pack with nothing it can take passes on. Boosters of a type are numbered in the
order the draft opens them, and every random choice comes from the event seed, so
the same seed, data and carddb version give the same draft.

Every pick is logged with the pack's contents, so a draft can be replayed
(carddb.play.replay) and analysed. Bots are `carddb.play.bots.BotPicker`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from carddb import __version__
from carddb.cards.database import CardDatabase
from carddb.findings.errors import CarddbError
from carddb.findings.plural import plural
from carddb.packs.pack import PLAYERS_MAX, PLAYERS_MIN, GamePack
from carddb.play.boosters import BoosterPlan
from carddb.play.bots import BotPicker
from carddb.play.collation import Booster, BoosterError, open_boosters
from carddb.play.draftformat import DraftPlan, PhasePlan, PlayDefinitions
from carddb.play.sealed import run_sealed
from carddb.runtime.rng import Rng

LOG_FORMAT = "carddb-draft-log"
LOG_VERSION = 2  # 1: the Council Draft and Victory Draft were built in (carddb before draft formats)
# An as-needed phase that has opened this many boosters without filling every pool gives up.
MAX_BOOSTERS = 1000
PASS_STEP = {"left": 1, "right": -1}


class DraftError(CarddbError):
    """A draft cannot be run or replayed as asked."""


@dataclass
class Seat:
    number: int  # 1-based, as printed on pick sheets
    name: str
    bot: bool = True
    pools: dict[str, list[str]] = field(default_factory=dict)  # phase id -> the cards kept, in pick order

    def pool(self, phase_id: str) -> list[str]:
        return self.pools.setdefault(phase_id, [])

    def all_picks(self) -> list[str]:
        return [card for picks in self.pools.values() for card in picks]


@dataclass(frozen=True)
class PickRequest:
    phase: PhasePlan
    seat: Seat
    pack: tuple[str, ...]  # everything in the pack (or the cards dealt)
    legal: tuple[str, ...]  # what this seat's pool can still take


class Picker(Protocol):
    def pick(self, request: PickRequest) -> str: ...


def seats_problem(pack: GamePack, seats: int) -> str | None:
    """Why a table of `seats` cannot play this game, or None."""
    bounds = pack.players
    if seats < 1:
        return "a table needs at least 1 seat"
    if bounds is not None and not bounds[0] <= seats <= bounds[1]:
        low, high = bounds
        players = f"{low} to {high} players" if low != high else plural(low, "player")
        return f"{pack.name} is played by {players} (its numbers {PLAYERS_MIN} and {PLAYERS_MAX}), not {seats}"
    return None


@dataclass
class DraftLog:
    game: str
    draft: str  # the draft format's id
    seed: int
    seats: list[Seat]
    boosters_per_seat: dict[str, int]  # sealed phase id -> boosters each seat opened
    picks: list[dict[str, Any]] = field(default_factory=list)
    shared: dict[str, list[str]] = field(default_factory=dict)  # shared sealed phase id -> the shuffled deck
    carddb_version: str = __version__

    def pools(self) -> list[dict[str, Any]]:
        return [
            {"seat": s.number, "name": s.name, "pools": {k: list(v) for k, v in s.pools.items()}} for s in self.seats
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": LOG_FORMAT,
            "version": LOG_VERSION,
            "carddb": self.carddb_version,
            "game": self.game,
            "draft": self.draft,
            "seed": self.seed,
            "seats": [{"seat": s.number, "name": s.name, "bot": s.bot} for s in self.seats],
            "boosters_per_seat": self.boosters_per_seat,
            "picks": self.picks,
            "pools": self.pools(),
            "shared": self.shared,
        }


def choose_draft(play: PlayDefinitions, pack: GamePack, draft_id: str | None) -> DraftPlan:
    if not play.drafts:
        raise DraftError(f"{pack.name} defines no draft format (the 'drafts:' section of boosters.yaml)")
    if draft_id is None:
        return next(iter(play.drafts.values()))
    if draft_id not in play.drafts:
        raise DraftError(f"no draft format '{draft_id}' (formats: {', '.join(play.drafts)})")
    return play.drafts[draft_id]


class _Table:
    """One draft in progress: the seats, the boosters opened so far, the log."""

    def __init__(
        self,
        db: CardDatabase,
        play: PlayDefinitions,
        draft: DraftPlan,
        log: DraftLog,
        pickers: Mapping[int, Picker],
    ) -> None:
        self.db, self.play, self.draft, self.log = db, play, draft, log
        self.seats = log.seats
        self.pickers = pickers
        self.bot = BotPicker(db, draft)
        self.opened: dict[str, int] = {}  # booster type -> boosters opened so far

    # -- what a seat may take

    def held(self, phase: PhasePlan, seat: Seat, kind: str) -> int:
        return sum(1 for c in seat.pool(phase.id) if (card := self.db.by_id(c)) is not None and card.kind == kind)

    def can_take(self, phase: PhasePlan, seat: Seat, card_id: str) -> bool:
        card = self.db.by_id(card_id)
        if card is None or (phase.pool.unique and card_id in seat.pool(phase.id)):
            return False
        if not phase.pool.holdings:
            return True
        holding = phase.pool.holding(card.kind)
        if holding is None:
            return False
        return holding.most is None or self.held(phase, seat, card.kind) < holding.most.value

    def full(self, phase: PhasePlan, seat: Seat) -> bool:
        pool = phase.pool
        return pool.bounded and all(
            h.most is not None and self.held(phase, seat, h.kind) >= h.most.value for h in pool.holdings
        )

    # -- picking

    def take(self, phase: PhasePlan, seat: Seat, pack: list[str], round_no: int, step: int, pack_no: int) -> bool:
        """The seat keeps up to `picks` cards of the pack; False when it could keep none."""
        took = False
        for _ in range(phase.picks.value):
            if self.full(phase, seat):
                break
            legal = tuple(dict.fromkeys(c for c in pack if self.can_take(phase, seat, c)))
            if not legal:
                break
            choice = self.ask(PickRequest(phase, seat, tuple(pack), legal))
            self.log.picks.append(
                {
                    "phase": phase.id,
                    "round": round_no,
                    "step": step,
                    "seat": seat.number,
                    "pack": pack_no,
                    "pack_contents": list(pack),
                    "pick": choice,
                }
            )
            pack.remove(choice)
            seat.pool(phase.id).append(choice)
            took = True
        return took

    def ask(self, request: PickRequest) -> str:
        choice = self.pickers.get(request.seat.number, self.bot).pick(request)
        if choice not in request.legal:
            raise DraftError(f"seat {request.seat.number} picked '{choice}', which is not a legal pick from this pack")
        return choice

    def plan_of(self, phase: PhasePlan) -> BoosterPlan:
        plan = self.play.boosters.get(phase.booster)
        if plan is None:
            raise DraftError(f"the booster type '{phase.booster}' of phase '{phase.id}' has errors in boosters.yaml")
        return plan

    def next_number(self, phase: PhasePlan, count: int) -> int:
        """Boosters of a type are numbered across the draft: the first of the next `count` of this phase's type."""
        start = self.opened.get(phase.booster, 0)
        self.opened[phase.booster] = start + count
        return start

    def open(self, phase: PhasePlan, count: int) -> list[Booster]:
        plan = self.plan_of(phase)
        return open_boosters(plan, self.log.seed, count, self.next_number(phase, count))

    # -- the phases

    def run(self) -> None:
        for phase in self.draft.phases:
            if phase.mode == "pick-and-pass" and phase.open == "as-needed":
                self.as_needed(phase)
            elif phase.mode == "pick-and-pass":
                self.each_seat(phase)
            elif phase.mode == "deal-and-keep":
                self.deal_and_keep(phase)
            else:
                self.sealed(phase)
            self.check_least(phase)

    def step_of(self, phase: PhasePlan, number: int) -> int:
        """+1 when packs go to the left (seat n to n+1), -1 to the right; `alternate` starts left."""
        if phase.passing == "alternate":
            return 1 if number % 2 == 1 else -1
        return PASS_STEP[phase.passing]

    def each_seat(self, phase: PhasePlan) -> None:
        n = len(self.seats)
        rounds = phase.rounds.value if phase.rounds else 1
        for round_no in range(1, rounds + 1):
            try:
                packs = [b.ids() for b in self.open(phase, n)]  # seat i opens pack i
            except BoosterError as exc:
                raise DraftError(f"round {round_no} of the {phase.name} cannot open its boosters: {exc}") from None
            direction = self.step_of(phase, round_no)
            step, idle = 0, 0
            while any(packs) and idle < n:
                took = False
                for index, seat in enumerate(self.seats):
                    pack_index = (index - step * direction) % n  # the pack that reached this seat
                    took |= self.take(phase, seat, packs[pack_index], round_no, step + 1, pack_index + 1)
                step += 1
                idle = 0 if took else idle + 1

    def as_needed(self, phase: PhasePlan) -> None:
        """One booster at a time round the table; the next is opened when it is used up, until every pool is full."""
        n = len(self.seats)
        plan = self.plan_of(phase)
        possible = {c for slot in plan.slots for sheet in slot.sheets for c in sheet.cards}
        opener, opened = 0, 0
        while not all(self.full(phase, seat) for seat in self.seats):
            wanting = [s for s in self.seats if not self.full(phase, s)]
            if not any(self.can_take(phase, seat, c) for seat in wanting for c in possible):
                return  # no booster of this type can hold anything a seat may still take
            if opened >= MAX_BOOSTERS:
                raise DraftError(
                    f"the {phase.name} opened {plural(opened, f'{phase.booster!r} booster')} and some {phase.pool.name} is still "
                    f"not full: the booster type rarely holds what it needs"
                )
            try:
                (booster,) = self.open(phase, 1)
            except BoosterError:
                return  # a dealt pile has run out: no cards remain to open
            opened += 1
            pack = booster.ids()
            direction = self.step_of(phase, opened)
            position, idle, step = opener, 0, 0
            while pack and idle < n:
                step += 1
                took = self.take(phase, self.seats[position], pack, opened, step, opened)
                idle = 0 if took else idle + 1
                position = (position + direction) % n
            opener = (opener + direction) % n

    def deal_and_keep(self, phase: PhasePlan) -> None:
        n, deal = len(self.seats), phase.deal.value
        pile = list(phase.pile)
        Rng.derived(self.log.seed, "draft", self.draft.id, phase.id).shuffle(pile)
        if len(pile) < n * deal:
            raise DraftError(
                f"the {phase.name} cannot deal to {plural(n, 'seat')}: it deals {deal} to each "
                f"({plural(n * deal, 'card')}) but its pile holds only {len(pile)}"
            )
        for index, seat in enumerate(self.seats):
            hand = pile[index * deal : (index + 1) * deal]
            for step in range(1, phase.keep.value + 1):
                if not self.take_one(phase, seat, hand, step):
                    break

    def take_one(self, phase: PhasePlan, seat: Seat, hand: list[str], step: int) -> bool:
        legal = tuple(dict.fromkeys(c for c in hand if self.can_take(phase, seat, c)))
        if not legal:
            return False
        choice = self.ask(PickRequest(phase, seat, tuple(hand), legal))
        self.log.picks.append(
            {
                "phase": phase.id,
                "round": 1,
                "step": step,
                "seat": seat.number,
                "pack": seat.number,
                "pack_contents": list(hand),
                "pick": choice,
            }
        )
        hand.remove(choice)
        seat.pool(phase.id).append(choice)
        return True

    def sealed(self, phase: PhasePlan) -> None:
        n, per = len(self.seats), self.log.boosters_per_seat[phase.id]
        plan = self.plan_of(phase)
        try:
            event = run_sealed(plan, self.log.seed, n, per, start=self.next_number(phase, n * per))
        except BoosterError as exc:
            raise DraftError(f"the {phase.name} cannot open its boosters: {exc}") from None
        if phase.shared:
            self.log.shared[phase.id] = list(event.shared_deck)
            return
        for index, seat in enumerate(self.seats):
            seat.pool(phase.id).extend(card for booster in event.player_boosters(index) for card in booster.ids())

    def check_least(self, phase: PhasePlan) -> None:
        for seat in self.seats:
            for holding in phase.pool.holdings:
                have = self.held(phase, seat, holding.kind)
                if have < holding.least.value:
                    kind = self.db.pack.kind(holding.kind)
                    source = f"the '{phase.booster}' boosters" if phase.booster else "its pile"
                    raise DraftError(
                        f"seat {seat.number} ended the {phase.name} with {have} {kind.plural}; its {phase.pool.name} "
                        f"needs at least {holding.least.value}, and {source} held no more it could take"
                    )


def run_draft(
    db: CardDatabase,
    play: PlayDefinitions,
    draft_id: str | None = None,
    *,
    seed: int,
    seats: Sequence[Seat],
    pickers: Mapping[int, Picker] | None = None,
    boosters_per_seat: int | Mapping[str, int] | None = None,
) -> DraftLog:
    """Run a draft format (the game's first when `draft_id` is None); seats without a picker are bots.

    `boosters_per_seat` overrides what sealed phases open per seat: one number for all, or per phase id.
    """
    draft = choose_draft(play, db.pack, draft_id)
    problem = seats_problem(db.pack, len(seats))
    if problem is not None:
        raise DraftError(problem)
    per_seat: dict[str, int] = {}
    for phase in draft.phases:
        if phase.mode == "sealed":
            given = boosters_per_seat.get(phase.id) if isinstance(boosters_per_seat, Mapping) else boosters_per_seat
            per_seat[phase.id] = int(given) if given is not None else phase.boosters.value
    log = DraftLog(db.pack.id, draft.id, seed, [Seat(s.number, s.name, s.bot) for s in seats], per_seat)
    _Table(db, play, draft, log, dict(pickers or {})).run()
    return log
