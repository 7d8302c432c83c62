"""Full Draft: Council Draft, Sealed Deck for the shared deck, and Victory Draft.

Council Draft: every seat opens a lords and dukes booster, picks one card and
passes the rest to the left, until every council is full (the game's
`draft_limits`: LOE 1 Lord and 4 Dukes) or no seat can pick any more. A seat only
picks cards its council can still take. Victory Draft: the victory deal gives
each seat 3 cards and it keeps one. Every pick is logged with the pack's
contents, so a draft can be replayed (`replay_draft`) and analysed.

Bots pick by `bot_rating` (documented in docs/play-modes.md):
  rarity score (1 for the first rarity of the game, 2 for the next...)
  + 4 for a Lord while the seat has none (a council cannot play without one, so a
    Lord of any rarity beats any other card)
  + 2 when the card's province is the seat's province (its Lord's, else its first pick's)
  + 1 for a neutral card
ties are broken by card id, so a bot never needs a random number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from carddb import __version__
from carddb.database import CardDatabase
from carddb.errors import CarddbError
from carddb.play.boosters import BoosterPlan
from carddb.play.collation import BoosterError, open_boosters
from carddb.play.decks import DeckRules
from carddb.play.sealed import run_sealed
from carddb.plural import plural

LOG_FORMAT = "carddb-draft-log"
LOG_VERSION = 1


class DraftError(CarddbError):
    """A draft cannot be run or replayed as asked."""


@dataclass
class Seat:
    number: int  # 1-based, as printed on pick sheets
    name: str
    bot: bool = True
    picks: list[str] = field(default_factory=list)  # council picks, in order
    victory: str | None = None


@dataclass(frozen=True)
class PickRequest:
    phase: str  # "council" or "victory"
    seat: Seat
    pack: tuple[str, ...]  # everything in the pack
    legal: tuple[str, ...]  # what this seat's council can still take


class Picker(Protocol):
    def pick(self, request: PickRequest) -> str: ...


def _neutral(db: CardDatabase) -> str | None:
    return "neutral" if db.pack.faction("neutral") else None


def seat_faction(db: CardDatabase, seat: Seat) -> str | None:
    cards = [db.by_id(c) for c in seat.picks]
    lords = [c for c in cards if c is not None and c.kind == "lord"]
    anchor = lords[0] if lords else next((c for c in cards if c is not None), None)
    return db.faction_of(anchor) if anchor is not None else None


def bot_rating(db: CardDatabase, card_id: str, seat: Seat) -> int:
    card = db.by_id(card_id)
    if card is None:
        return 0
    rarity_ids = [r.id for r in db.pack.rarities]
    score = rarity_ids.index(card.rarity) + 1 if card.rarity in rarity_ids else 1
    kinds = [db.by_id(c) for c in seat.picks]
    if card.kind == "lord" and not any(k is not None and k.kind == "lord" for k in kinds):
        score += 4
    faction = db.faction_of(card)
    if faction is not None and faction == seat_faction(db, seat):
        score += 2
    elif faction is not None and faction == _neutral(db):
        score += 1
    return score


class BotPicker:
    def __init__(self, db: CardDatabase) -> None:
        self.db = db

    def pick(self, request: PickRequest) -> str:
        return min(request.legal, key=lambda c: (-bot_rating(self.db, c, request.seat), c))


@dataclass
class DraftLog:
    game: str
    seed: int
    booster_types: dict[str, str]  # role (council, victory, deck) -> booster type id
    deck_boosters_per_player: int
    seats: list[Seat]
    picks: list[dict[str, Any]] = field(default_factory=list)
    shared_deck: list[str] = field(default_factory=list)
    carddb_version: str = __version__

    def councils(self) -> list[dict[str, Any]]:
        return [{"seat": s.number, "name": s.name, "cards": list(s.picks), "victory": s.victory} for s in self.seats]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": LOG_FORMAT,
            "version": LOG_VERSION,
            "carddb": self.carddb_version,
            "game": self.game,
            "seed": self.seed,
            "booster_types": self.booster_types,
            "deck_boosters_per_player": self.deck_boosters_per_player,
            "seats": [{"seat": s.number, "name": s.name, "bot": s.bot} for s in self.seats],
            "picks": self.picks,
            "councils": self.councils(),
            "shared_deck": self.shared_deck,
        }


def _can_take(db: CardDatabase, rules: DeckRules, seat: Seat, card_id: str) -> bool:
    card = db.by_id(card_id)
    # a council holds each card once, like a council list (see the game's deck rules)
    if card is None or card.kind not in rules.draft_limits or card_id in seat.picks:
        return False
    held = sum(1 for c in seat.picks if (k := db.by_id(c)) is not None and k.kind == card.kind)
    return held < rules.draft_limits[card.kind]


def _council_full(db: CardDatabase, rules: DeckRules, seat: Seat) -> bool:
    return sum(1 for c in seat.picks if db.by_id(c) is not None) >= sum(rules.draft_limits.values())


def run_draft(
    db: CardDatabase,
    plans: Mapping[str, BoosterPlan],
    *,
    seed: int,
    seats: Sequence[Seat],
    pickers: Mapping[int, Picker] | None = None,
    booster_types: Mapping[str, str] | None = None,
    deck_boosters_per_player: int = 3,
) -> DraftLog:
    """Run a full draft; seats without a picker in `pickers` (keyed by seat number) are bots."""
    rules = db.pack.deck_rules
    if rules is None:
        raise DraftError(f"{db.pack.name} declares no deck rules, so a council draft has no council to fill")
    types = {"council": "council", "victory": "victory-deal", "deck": "deck", **(booster_types or {})}
    for role, type_id in types.items():
        if type_id not in plans:
            raise DraftError(f"the {role} booster type '{type_id}' is not defined (or has errors) in boosters.yaml")
    bot = BotPicker(db)
    chosen = dict(pickers or {})
    log = DraftLog(
        db.pack.id, seed, dict(types), deck_boosters_per_player, [Seat(s.number, s.name, s.bot) for s in seats]
    )
    seat_list = log.seats
    n = len(seat_list)
    if n < 1:
        raise DraftError("a draft needs at least one seat")

    def ask(request: PickRequest) -> str:
        choice = chosen.get(request.seat.number, bot).pick(request)
        if choice not in request.legal:
            raise DraftError(f"seat {request.seat.number} picked '{choice}', which is not a legal pick from this pack")
        return choice

    packs = [b.ids() for b in open_boosters(plans[types["council"]], seed, n)]
    step, idle = 0, 0
    while idle < n and not all(_council_full(db, rules, s) for s in seat_list):
        picked_any = False
        for offset, seat in enumerate(seat_list):
            pack_no = (offset - step) % n  # packs pass to the left: seat i+1 gets seat i's pack
            pack = packs[pack_no]
            legal = tuple(dict.fromkeys(c for c in pack if _can_take(db, rules, seat, c)))
            if not legal or _council_full(db, rules, seat):
                continue
            choice = ask(PickRequest("council", seat, tuple(pack), legal))
            log.picks.append(
                {
                    "phase": "council",
                    "step": step + 1,
                    "seat": seat.number,
                    "pack": pack_no + 1,
                    "pack_contents": list(pack),
                    "pick": choice,
                }
            )
            pack.remove(choice)
            seat.picks.append(choice)
            picked_any = True
        idle = 0 if picked_any else idle + 1
        step += 1
    for seat in seat_list:
        for kind, least in rules.draft_required.items():
            have = sum(1 for c in seat.picks if (k := db.by_id(c)) is not None and k.kind == kind)
            if have < least:
                raise DraftError(
                    f"seat {seat.number} ended the council draft with {have} {db.pack.kind(kind).plural}; "
                    f"the '{types['council']}' booster needs more of them"
                )
    try:
        deals = open_boosters(plans[types["victory"]], seed, n)
    except BoosterError as exc:
        raise DraftError(f"the Victory Draft cannot deal to {plural(n, 'seat')}: {exc}") from None
    for seat, deal in zip(seat_list, deals, strict=True):
        dealt = tuple(deal.ids())
        choice = ask(PickRequest("victory", seat, dealt, dealt))
        log.picks.append(
            {
                "phase": "victory",
                "step": 1,
                "seat": seat.number,
                "pack": seat.number,
                "pack_contents": list(dealt),
                "pick": choice,
            }
        )
        seat.victory = choice
    log.shared_deck = list(run_sealed(plans[types["deck"]], seed, n, deck_boosters_per_player).shared_deck)
    return log


class ReplayPicker:
    """Answers each pick from a log, checking that the pack offered is the one logged."""

    def __init__(self, picks: Sequence[Mapping[str, Any]]) -> None:
        self.queue = list(picks)
        self.problems: list[str] = []

    def pick(self, request: PickRequest) -> str:
        if not self.queue:
            raise DraftError(f"the log has no {request.phase} pick for seat {request.seat.number}")
        event = self.queue.pop(0)
        where = f"{event.get('phase')} pick of seat {event.get('seat')} (step {event.get('step')})"
        if event.get("phase") != request.phase or event.get("seat") != request.seat.number:
            raise DraftError(f"the log's next pick is the {where}, but the draft asks seat {request.seat.number}")
        if list(event.get("pack_contents", [])) != list(request.pack):
            self.problems.append(f"{where}: the pack regenerated from the seed differs from the logged pack")
        return str(event.get("pick"))


def seats_from_log(data: Mapping[str, Any]) -> list[Seat]:
    return [Seat(int(s["seat"]), str(s["name"]), bool(s.get("bot", True))) for s in data["seats"]]


@dataclass
class ReplayResult:
    log: DraftLog | None  # None when the log could not be replayed to the end
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


def replay_draft(db: CardDatabase, plans: Mapping[str, BoosterPlan], data: Mapping[str, Any]) -> ReplayResult:
    """Run the logged draft again with the logged picks and compare every pack and every council."""
    if data.get("format") != LOG_FORMAT:
        raise DraftError(f"not a carddb draft log (its 'format' is {data.get('format')!r}, expected '{LOG_FORMAT}')")
    try:
        seats = seats_from_log(data)
        replayer = ReplayPicker(data["picks"])
        log = run_draft(
            db,
            plans,
            seed=int(data["seed"]),
            seats=seats,
            pickers={s.number: replayer for s in seats},
            booster_types=data["booster_types"],
            deck_boosters_per_player=int(data["deck_boosters_per_player"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise DraftError(f"the draft log is missing or garbles a field: {exc}") from None
    except DraftError as exc:
        # an illegal or out-of-turn logged pick: the log does not describe this draft
        return ReplayResult(None, [*replayer.problems, str(exc)])
    problems = list(replayer.problems)
    if replayer.queue:
        problems.append(
            f"{plural(len(replayer.queue), 'logged pick')} {'was' if len(replayer.queue) == 1 else 'were'} never asked for"
        )
    if log.councils() != data.get("councils"):
        problems.append("the replayed councils differ from the logged councils")
    if log.shared_deck != data.get("shared_deck"):
        problems.append("the replayed shared deck differs from the logged shared deck")
    if data.get("carddb") != __version__:
        problems.append(f"the log was written by carddb {data.get('carddb')}, this is {__version__}")
    return ReplayResult(log, problems)
