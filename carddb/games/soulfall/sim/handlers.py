"""The handlers of SoulFall's registry entries (`carddb/games/soulfall/phrases.py`), and the core's it keeps.

Keywords (`Meditate`, `Agonize`...) are effects here: a line `Flourish` performs the
Action, so each keyword handler returns a one-step `Program`, which the card's
compiled effect runs in its place. `Worship` and `Scorned` are conditions on the
card's Lord (its `lord:` field, the record's faction): the core's compiler gates the
ability after the dash with them.
"""

from __future__ import annotations

from collections.abc import Callable

from carddb.games.soulfall.sim.actions import ABILITIES, ACTION_WORDS, ACTIONS
from carddb.games.soulfall.sim.board import scorned, worships
from carddb.games.soulfall.sim.tribe import (
    break_shell,
    build_citadel,
    gain_follower,
    gain_shell,
    lose_follower,
    mend_shell,
    take_random,
    unbroken_shells,
)
from carddb.pack_api import (
    CORE,
    Action,
    Compiler,
    Condition,
    Ctx,
    Game,
    HandlerSet,
    Op,
    Phrase,
    Program,
    Step,
    act,
    closeness,
    compare,
    number,
    players_of,
    quantity,
    selector,
)

SOULFALL = HandlerSet()

# The core entries the pack keeps (phrases.CORE_EXAMPLES), with the core's own handlers.
KEPT = HandlerSet()
for _name in ("draw", "discard", "look-at-hand", "shuffle-discard", "turn-start"):
    KEPT.table[_name] = CORE.table[_name]


# -- keywords: the Actions and the Reference cards' abilities ---------------------------------------


def _keyword_program(name: str, do: Callable[[Game, int], None]) -> Program:
    def op(game: Game, ctx: Ctx) -> None:
        do(game, ctx.controller)

    return Program((Step(op, text=name),), text=name)


@SOULFALL(*ACTION_WORDS)
def _action(phrase: Phrase, c: Compiler) -> Program:
    return _keyword_program(phrase.entry, ACTIONS[phrase.entry])


@SOULFALL("agonize", "consecrate")
def _ability(phrase: Phrase, c: Compiler) -> Program:
    return _keyword_program(phrase.entry, ABILITIES[phrase.entry])


# -- Worship and Scorned ---------------------------------------------------------------------------


@SOULFALL("worship")
def _worship(phrase: Phrase, c: Compiler) -> Condition:
    """The player performing the card Worships its Lord: that Lord's Temple is in their Tribe."""
    return Condition(lambda g, ctx: worships(g, ctx.controller, g.defs[ctx.source].faction))


@SOULFALL("scorned")
def _scorned(phrase: Phrase, c: Compiler) -> Condition:
    """No Tribe holds the Temple of the card's Lord (tested when the ability is reached)."""
    return Condition(lambda g, ctx: scorned(g, g.defs[ctx.source].faction))


# -- Flourish or Prospect; Flourish and Prospect instead -----------------------------------------------


def _pair(phrase: Phrase) -> tuple[int, int]:
    first, other = phrase.arg("action"), phrase.arg("other")
    words = [getattr(value, "items", ("",))[0] for value in (first, other)]
    return ACTION_WORDS.index(words[0]), ACTION_WORDS.index(words[1])


class _Both:
    """`{action} and {other} instead`: an op that names the pair it replaces (the `or` step looks for it)."""

    __slots__ = ("pair",)

    def __init__(self, pair: tuple[int, int]) -> None:
        self.pair = frozenset(pair)

    def __call__(self, game: Game, ctx: Ctx) -> None:
        first, second = sorted(self.pair) if len(self.pair) == 2 else (min(self.pair), min(self.pair))
        options = [
            Action("both", index=first, targets=(second,), label=f"{ACTION_WORDS[first]}, then {ACTION_WORDS[second]}"),
            Action("both", index=second, targets=(first,), label=f"{ACTION_WORDS[second]}, then {ACTION_WORDS[first]}"),
        ]
        choice = act(game, ctx.controller, options, "both Actions: which first")
        game.sim.perform(game, ctx.controller, choice)


def _replaced(game: Game, ctx: Ctx, pair: frozenset[int]) -> bool:
    """Whether the card has a `... and ... instead` ability for the same Actions that will happen (its
    Worship holds): then this `or` ability is not performed, as the rulebook's decision says."""
    effect = game.defs[ctx.source].effect if ctx.source >= 0 else None
    if effect is None:
        return False
    for step in effect.steps:
        op = step.op
        if isinstance(op, _Both) and op.pair == pair and all(cond.test(game, ctx) for cond in step.conditions):
            return True
    return False


@SOULFALL("either-action")
def _either_action(phrase: Phrase, c: Compiler) -> Op:
    first, second = _pair(phrase)
    pair = frozenset((first, second))

    def op(game: Game, ctx: Ctx) -> None:
        if _replaced(game, ctx, pair):
            if game.log is not None:
                game.trace(f"{game.name(ctx.source)}: both instead")
            return
        options = [Action("do", index=i, label=ACTION_WORDS[i]) for i in (first, second)]
        choice = act(game, ctx.controller, options, "which Action")
        game.sim.perform(game, ctx.controller, choice)

    return op


@SOULFALL("both-actions")
def _both_actions(phrase: Phrase, c: Compiler) -> Op:
    return _Both(_pair(phrase))


# -- effects on a Tribe ------------------------------------------------------------------------------


def _repeat(do: Callable[[Game, int], bool], amount: int) -> Op:
    def op(game: Game, ctx: Ctx) -> None:
        for _ in range(amount):
            if not do(game, ctx.controller):
                return

    return op


@SOULFALL("gain-followers")
def _gain_followers(phrase: Phrase, c: Compiler) -> Op:
    return _repeat(gain_follower, number(phrase))


@SOULFALL("gain-shells")
def _gain_shells(phrase: Phrase, c: Compiler) -> Op:
    return _repeat(gain_shell, number(phrase))


@SOULFALL("build-citadels")
def _build_citadels(phrase: Phrase, c: Compiler) -> Op:
    return _repeat(build_citadel, number(phrase))


def _shell_options(game: Game, shells: list[int], verb: str) -> list[Action]:
    seen: set[str] = set()
    options = []
    for uid in shells:
        if game.defs[uid].id not in seen:
            seen.add(game.defs[uid].id)
            options.append(Action(verb, uid, label=f"{verb} {game.defs[uid].name}"))
    return options


@SOULFALL("break-shells")
def _break_shells(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase)

    def op(game: Game, ctx: Ctx) -> None:
        player = ctx.controller
        for _ in range(amount):
            options = _shell_options(game, unbroken_shells(game, player), "break")
            if not options:
                return
            choice = act(game, player, options, "break a Shell")
            break_shell(game, player, choice.uid)

    return op


@SOULFALL("mend-shells")
def _mend_shells(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase)

    def op(game: Game, ctx: Ctx) -> None:
        defs = game.defs
        for _ in range(amount):
            broken = [uid for uid in game.play[ctx.controller] if defs[uid].kind == "broken-shell"]
            if not broken:
                return
            mend_shell(game, broken[-1])

    return op


@SOULFALL("lose-followers")
def _lose_followers(phrase: Phrase, c: Compiler) -> Op:
    who, amount = players_of(c, selector(phrase, "player"), "harm"), number(phrase)

    def op(game: Game, ctx: Ctx) -> None:
        for player in who.resolve(game, ctx):
            for _ in range(amount):
                if not lose_follower(game, player):
                    break

    return op


@SOULFALL("take-cards")
def _take_cards(phrase: Phrase, c: Compiler) -> Op:
    who, amount = players_of(c, selector(phrase, "player"), "harm"), number(phrase)

    def op(game: Game, ctx: Ctx) -> None:
        for player in who.resolve(game, ctx):
            take_random(game, ctx.controller, player, amount)

    return op


# -- conditions -------------------------------------------------------------------------------------


def _tribe_counter(c: Compiler, phrase: Phrase) -> Callable[[Game, int, Ctx], int]:
    group = c.predicate(selector(phrase, "group"))
    return lambda g, player, ctx: sum(1 for uid in g.play[player] if group(g, uid, ctx))


@SOULFALL("tribe-count")
def _tribe_count(phrase: Phrase, c: Compiler) -> Condition:
    counter, wanted = _tribe_counter(c, phrase), quantity(phrase)
    return Condition(
        lambda g, ctx: compare(counter(g, ctx.controller, ctx), wanted),
        lambda g, ctx: closeness(counter(g, ctx.controller, ctx), wanted),
    )


@SOULFALL("tribe-fewer")
def _tribe_fewer(phrase: Phrase, c: Compiler) -> Condition:
    counter = _tribe_counter(c, phrase)

    def test(g: Game, ctx: Ctx) -> bool:
        mine = counter(g, ctx.controller, ctx)
        return any(counter(g, other, ctx) > mine for other in range(g.n) if other != ctx.controller)

    return Condition(test)
