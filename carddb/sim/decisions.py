"""Every choice a player makes goes through here: actions, targets, cards, yes or no.

The game asks the seat's agent (`carddb.sim.agents`) and, when the game keeps a
replayable log, records the answer as an index into the options offered, so a
log replays without any bot (`carddb.sim.gamelog`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from carddb.sim.game import Game


@dataclass(slots=True)
class Action:
    """Something a player may do now: pass, play a card, use an ability, and the pack's own (trade...).

    `targets` may be filled in by a bot that weighed each choice of targets; when
    it is None, the game asks for the targets once the action is taken.
    """

    verb: str
    uid: int = -1
    index: int = -1  # which activated ability of the card
    targets: tuple[int, ...] | None = None
    label: str = ""
    event: Any = None  # the event a Reaction answers

    def same(self, other: Action) -> bool:
        return self.verb == other.verb and self.uid == other.uid and self.index == other.index

    def with_targets(self, targets: tuple[int, ...]) -> Action:
        return Action(self.verb, self.uid, self.index, targets, self.label, self.event)


PASS = Action("pass", label="pass")


def act(game: Game, player: int, options: Sequence[Action], reason: str) -> Action:
    """The action `player` takes among `options` (the first is always `pass`)."""
    if len(options) == 1:
        return options[0]
    choice = game.agents[player].act(game, player, options, reason)
    index = _index_of(options, choice)
    stats = game.stats
    if stats is not None:  # (`_record`, written out: this runs for every decision)
        if stats.decisions is not None:
            stats.decisions.append(index)
        stats.offered(game, player, options)
    return choice


def choose(game: Game, player: int, reason: str, options: Sequence[int], hint: str = "") -> int:
    """One of `options` (cards, players or stack items), chosen by `player`.

    `hint` says what the choice is for, so a bot can judge it without simulating:
    "harm" (damage, destroy: an opponent's best card), "help" (heal, ready: your own),
    "keep" (take into hand: the best), "lose" (discard, trade away: the worst).
    """
    if len(options) == 1:
        return options[0]
    choice = game.agents[player].choose(game, player, reason, options, hint)
    _record(game, player, reason, options.index(choice))
    return choice


def choose_many(game: Game, player: int, reason: str, options: Sequence[int], count: int, hint: str = "") -> list[int]:
    """`count` different options (all of them if there are no more), chosen by `player`."""
    if count >= len(options):
        return list(options)
    picked: list[int] = []
    rest = list(options)
    for _ in range(count):
        one = choose(game, player, reason, rest, hint)
        picked.append(one)
        rest.remove(one)
    return picked


def confirm(game: Game, player: int, reason: str) -> bool:
    answer = game.agents[player].confirm(game, player, reason)
    _record(game, player, reason, int(answer))
    return answer


def _index_of(options: Sequence[Action], choice: Action) -> int:
    for index, option in enumerate(options):
        if option is choice:
            return index
    for index, option in enumerate(options):
        if option.same(choice):
            return index
    raise ValueError(f"the agent chose '{choice.label}', which was not offered")


def _record(game: Game, player: int, reason: str, index: int) -> None:
    if game.stats is not None and game.stats.decisions is not None:
        game.stats.decisions.append(index)
