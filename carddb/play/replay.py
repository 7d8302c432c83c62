"""Replaying a draft log: the logged picks answer every pick again, and every pack, pool and deck is compared.

A log says what was offered and picked; replaying it regenerates every pack from
the seed and the current data, so a difference means the log was altered, or the
data or carddb changed since (a log names the carddb version that wrote it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from carddb import __version__
from carddb.cards.database import CardDatabase
from carddb.findings.plural import plural
from carddb.play.draft import LOG_FORMAT, LOG_VERSION, DraftError, DraftLog, PickRequest, Seat, run_draft
from carddb.play.draftformat import PlayDefinitions


class ReplayPicker:
    """Answers each pick from a log, checking that the pack offered is the one logged."""

    def __init__(self, picks: Sequence[Mapping[str, Any]]) -> None:
        self.queue = list(picks)
        self.problems: list[str] = []

    def pick(self, request: PickRequest) -> str:
        if not self.queue:
            raise DraftError(f"the log has no {request.phase.id} pick for seat {request.seat.number}")
        event = self.queue.pop(0)
        where = f"{event.get('phase')} pick of seat {event.get('seat')} (round {event.get('round')}, step {event.get('step')})"
        if event.get("phase") != request.phase.id or event.get("seat") != request.seat.number:
            raise DraftError(
                f"the log's next pick is the {where}, but the draft asks seat {request.seat.number} "
                f"({request.phase.id})"
            )
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


def replay_draft(db: CardDatabase, play: PlayDefinitions, data: Mapping[str, Any]) -> ReplayResult:
    """Run the logged draft again with the logged picks and compare every pack, pool and shared deck."""
    if not isinstance(data, Mapping):
        raise DraftError(f"not a carddb draft log (it holds {type(data).__name__}, not an object with a 'format')")
    if data.get("format") != LOG_FORMAT:
        raise DraftError(f"not a carddb draft log (its 'format' is {data.get('format')!r}, expected '{LOG_FORMAT}')")
    if data.get("version") != LOG_VERSION:
        raise DraftError(
            f"this draft log has format version {data.get('version')!r}; this carddb replays version {LOG_VERSION} "
            "(version 1 logs come from carddb before draft formats were data in boosters.yaml): run the draft "
            "again with its seed to get a log this carddb can replay"
        )
    logged_game = data.get("game")
    if logged_game is not None and logged_game != db.pack.id:
        # another game's cards and formats: its picks cannot be replayed here, whatever its draft is called
        raise DraftError(
            f"this is a draft log of the game '{logged_game}', not of {db.pack.name} ('{db.pack.id}'): "
            f"replay it in a project of that game (--game {logged_game})"
        )
    replayer: ReplayPicker | None = None
    try:
        seats = seats_from_log(data)
        replayer = ReplayPicker(data["picks"])
        log = run_draft(
            db,
            play,
            str(data["draft"]),
            seed=int(data["seed"]),
            seats=seats,
            pickers={s.number: replayer for s in seats},
            boosters_per_seat={str(k): int(v) for k, v in dict(data["boosters_per_seat"]).items()},
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise DraftError(f"the draft log is missing or garbles a field: {exc}") from None
    except DraftError as exc:
        # an illegal or out-of-turn logged pick: the log does not describe this draft
        return ReplayResult(None, [*(replayer.problems if replayer else []), str(exc)])
    problems = list(replayer.problems)
    if replayer.queue:
        left = len(replayer.queue)
        problems.append(f"{plural(left, 'logged pick')} {'was' if left == 1 else 'were'} never asked for")
    if log.pools() != data.get("pools"):
        problems.append("the replayed pools differ from the logged pools")
    if log.shared != data.get("shared"):
        problems.append("the replayed shared decks differ from the logged ones")
    if data.get("carddb") != __version__:
        problems.append(f"the log was written by carddb {data.get('carddb')}, this is {__version__}")
    return ReplayResult(log, problems)
