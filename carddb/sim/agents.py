"""The bots: a seeded random bot and a greedy bot, neither of which looks at what its seat cannot see.

An agent answers three questions (`carddb.sim.decisions`): which action to take,
which option to choose (a target, a card to discard...), and yes or no.

- `RandomBot` picks uniformly, from its own seeded generator: the baseline.
- `GreedyBot` weighs each action (each choice of targets, too) by playing it out
  in an imagined world and scoring the result with the pack's `evaluate`. The
  imagined world is a copy of the game in which everything its seat has not
  seen is dealt again at random (`imagine`): the opponents' hands and the deck
  are reshuffled among themselves (the pack says which zones hide cards, in
  groups: `Simulator.hidden`), and the opponents' face-down cards are replaced
  by unseen cards that look the same face down (by default, of the same kind).
  So what it decides cannot depend on hidden information, only on what it knows
  (a test checks this).
  Small choices use `card_value` and the choice's hint, like the imagined
  opponents do (`Heuristic`), who never act on their own.
- `judge`: a greedy bot scores positions with the pack's `evaluate` unless given
  another function (a bench pits two judgements against each other this way).
- Ties: the greedy bot breaks them with its own seeded generator (`tie_break="random"`),
  or takes the first option offered (`"first"`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress
from typing import Protocol

from carddb.runtime.rng import Rng
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, ZONE_SHARED, Game, GameOver
from carddb.sim.stack import run

BOTS = ("random", "greedy")


class Agent(Protocol):
    def act(self, game: Game, player: int, options: Sequence[Action], reason: str) -> Action: ...

    def choose(self, game: Game, player: int, reason: str, options: Sequence[int], hint: str) -> int: ...

    def confirm(self, game: Game, player: int, reason: str) -> bool: ...


class RandomBot:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def act(self, game: Game, player: int, options: Sequence[Action], reason: str) -> Action:
        return options[self.rng.below(len(options))]

    def choose(self, game: Game, player: int, reason: str, options: Sequence[int], hint: str) -> int:
        return options[self.rng.below(len(options))]

    def confirm(self, game: Game, player: int, reason: str) -> bool:
        return self.rng.below(2) == 1


class Heuristic:
    """Never acts on its own; chooses by the hint and the pack's card values. The imagined worlds' players."""

    name = "heuristic"

    def act(self, game: Game, player: int, options: Sequence[Action], reason: str) -> Action:
        return options[0]

    def choose(self, game: Game, player: int, reason: str, options: Sequence[int], hint: str) -> int:
        return max(options, key=lambda x: self.score(game, player, x, hint))

    def confirm(self, game: Game, player: int, reason: str) -> bool:
        return True

    @staticmethod
    def score(game: Game, player: int, x: int, hint: str) -> float:
        if hint in {"player-harm", "player-help"}:
            mine = x == player
            return (1.0 if mine else -1.0) * (1 if hint == "player-help" else -1)
        if hint == "stack-harm":
            item = next((i for i in game.stack if i.id == x), None)
            return 0.0 if item is None else (-1.0 if item.controller == player else 1.0)
        if hint in {"harm", "help"}:
            value = game.sim.card_value(game, game.controller[x], x) + game.damage[x] * 0.5
            mine = game.controller[x] == player
            sign = 1.0 if (mine == (hint == "help")) else -1.0
            return sign * 10 + value * 0.01
        value = game.sim.card_value(game, player, x)
        return -value if hint == "lose" else value


HEURISTIC = Heuristic()


class GreedyBot:
    """One-ply search over imagined worlds: the action whose outcome `evaluate` likes best."""

    name = "greedy"

    def __init__(
        self,
        seed: int,
        *,
        tie_break: str = "random",
        target_cap: int = 24,
        judge: Callable[[Game, int], float] | None = None,
    ) -> None:
        self.rng = Rng(seed)
        self.tie_break = tie_break
        self.target_cap = target_cap  # the most target choices weighed for one action
        self.judge = judge  # None: the pack's `evaluate`

    def act(self, game: Game, player: int, options: Sequence[Action], reason: str) -> Action:
        world = imagine(game, player, self.rng)
        scored: list[tuple[float, Action]] = []
        for option in options:
            if option.verb == "pass":
                # Passing lets what is on the stack resolve unanswered (an opponent's winning Victory
                # attempt wins); in the main phase the stack is empty and the position stays as it is.
                scored.append((played_out(world, player, None, self.judge), option))
                continue
            for variant in variants(world, player, option, self.target_cap):
                scored.append((played_out(world, player, variant, self.judge), variant))
        best = max(score for score, _ in scored)
        tied = [action for score, action in scored if score >= best - 1e-9]
        if self.tie_break == "first" or len(tied) == 1:
            return tied[0]
        return tied[self.rng.below(len(tied))]

    def choose(self, game: Game, player: int, reason: str, options: Sequence[int], hint: str) -> int:
        return HEURISTIC.choose(game, player, reason, options, hint)

    def confirm(self, game: Game, player: int, reason: str) -> bool:
        return True


def played_out(
    world: Game, player: int, action: Action | None, judge: Callable[[Game, int], float] | None = None
) -> float:
    """`judge` (default: the pack's `evaluate`) after `player` takes `action` (None: passes) in a copy of
    `world` and the stack resolves."""
    judge = judge or world.sim.evaluate
    if action is None and not world.stack and not world.pending:
        return judge(world, player)
    trial = world.copy()
    trial.agents = [HEURISTIC] * trial.n
    with suppress(GameOver):
        if action is not None:
            trial.sim.perform(trial, player, action)
        run(trial)
    return judge(trial, player)


def variants(game: Game, player: int, action: Action, cap: int) -> list[Action]:
    """The action with each choice of targets filled in (at most `cap`), or the action itself."""
    found = game.sim.action_program(game, player, action)
    if found is None or not found[0].targets:
        return [action]
    program, ctx = found
    combos: list[tuple[int, ...]] = [()]
    for slot in program.targets:
        options = slot.selector.candidates(game, ctx)
        combos = [(*combo, x) for combo in combos for x in options][:cap]
        if not combos:
            return [action]
    return [action.with_targets(combo) for combo in combos]


def make_agent(kind: str, seed: int) -> Agent:
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(seed)
    raise ValueError(f"unknown bot '{kind}' (bots: {', '.join(BOTS)})")


# -- imagined worlds ------------------------------------------------------------------------


def imagine(game: Game, viewer: int, rng: Rng) -> Game:
    """A copy of `game` in which everything `viewer` has not seen is dealt again at random.

    The pack says which zones hide cards from the viewer, in groups (`Simulator.hidden`): the
    unseen cards of a group are shuffled among that group's unseen places."""
    world = game.copy()
    known = game.known[viewer]
    hidden: set[int] = set()
    for group in game.sim.hidden(game, viewer):
        slots: list[tuple[list[int], int, int, int]] = []  # (zone list, position, zone, player) of each unseen card
        pool: list[int] = []
        for zone, player in group:
            cards = world.zone_list(zone, player)
            for position, uid in enumerate(cards):
                if uid not in known:
                    slots.append((cards, position, zone, player))
                    pool.append(uid)
        hidden.update(pool)
        pool.sort()  # where the unseen cards really are must not change what is imagined
        rng.shuffle(pool)
        for (cards, position, zone, player), uid in zip(slots, pool, strict=True):
            cards[position] = uid
            world.place[uid] = zone
            if zone == ZONE_HAND or (zone == ZONE_DECK and player >= 0):  # (a card in an own deck: its holder's)
                world.controller[uid] = player
    world.reacts = {}
    for hand in world.hands:
        for uid in hand:
            for event_type in world.defs[uid].reacts:
                world.reacts[event_type] = world.reacts.get(event_type, 0) + 1
    _disguise(world, game, viewer, known, hidden, rng)
    if game.sim.reseed_imagined:
        world.rng = Rng(rng.next_u64())
    world.statics_cache = None
    return world


def _disguise(world: Game, game: Game, viewer: int, known: set[int], hidden: set[int], rng: Rng) -> None:
    """Opponents' unseen face-down cards become unseen cards that look the same face down (`Simulator.face_down_look`)."""
    unseen = [
        uid
        for player in range(game.n)
        if player != viewer
        for uid in game.play[player]
        if game.face_down[uid] and uid not in known
    ]
    if not unseen:
        return
    seen = {game.defs[uid].id for uid in range(len(game.defs)) if _visible(game, viewer, uid, known, hidden)}
    look = game.sim.face_down_look
    by_look: dict[str, list[int]] = {}
    for definition in game.catalogue.defs:
        if definition.id not in seen:
            by_look.setdefault(look(definition.kind), []).append(definition.index)
    for uid in unseen:
        choices = by_look.get(look(game.defs[uid].kind))
        if choices:
            world.defs[uid] = game.catalogue.defs[choices[rng.below(len(choices))]]


def _visible(game: Game, viewer: int, uid: int, known: set[int], hidden: set[int]) -> bool:
    zone = game.place[uid]
    if uid in known:
        return True
    if zone == ZONE_PLAY:
        return game.controller[uid] == viewer or not game.face_down[uid]
    if zone == ZONE_HAND:
        return game.controller[uid] == viewer
    return zone == ZONE_DISCARD or (zone >= ZONE_SHARED and uid not in hidden)
