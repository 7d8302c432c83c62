"""Handlers of the phrases and keywords a game declares in its vocabulary: each executes what it means.

A declared phrase says what it means as core rules text (`Banish {target}` means `Destroy
{target}.`); its handler writes one use's arguments into that text (carddb.rules.means), parses it
and compiles it with the same compiler, so the core's handlers do the work. A keyword without a
meaning is a `Keyword` the game's rules read; a cost without one is free (a label such as
`Action:`); a condition keyword without one always holds; a window is a `Timing`.
"""

from __future__ import annotations

from typing import Any

from carddb.rules.ast import Phrase, Sentence, SentenceAbility
from carddb.rules.means import parse_means
from carddb.rules.problems import Problem
from carddb.rules.registry import EffectEntry, EffectRegistry
from carddb.sim.compiler import CompileError, Compiler, _compile_ability
from carddb.sim.core_handlers import Condition
from carddb.sim.game import Game
from carddb.sim.handlers import HandlerSet
from carddb.sim.program import Ctx, Keyword, Timing


def declared_handlers(registry: EffectRegistry) -> HandlerSet:
    """A handler for every entry the game declared itself (not a core entry)."""
    handlers = HandlerSet()
    for entry in registry:
        if not entry.core:
            handlers(entry.name)(_handler(entry))
    return handlers


def _handler(entry: EffectEntry) -> Any:
    def handle(phrase: Phrase, c: Compiler) -> Any:
        if not entry.means:
            return _unmeant(entry, phrase)
        parsed = parse_means(entry, phrase, c.sim.language)
        if isinstance(parsed, Problem):
            raise CompileError(
                f"'{entry.patterns[0].text}' means '{entry.means}', which does not parse: {parsed.message}"
            )
        if isinstance(parsed, Phrase):
            return c._handle(parsed)
        if isinstance(parsed, tuple):  # conditions
            conds = c.conditions(parsed)
            return Condition(lambda g, ctx: all(cond.test(g, ctx) for cond in conds))
        if entry.role == "keyword" or not isinstance(parsed, SentenceAbility):
            # a whole ability (`Gives 1 energy each turn` means a trigger): its parts join the card's
            return _compile_ability(parsed, entry.means, c.sim, c.record, 0, 0)
        return _sentences(parsed.sentences, c, entry)

    return handle


def _unmeant(entry: EffectEntry, phrase: Phrase) -> Any:
    if entry.role == "keyword":
        amount = next((v.value for _, v in phrase.args if hasattr(v, "value")), 1)
        return Keyword(entry.name, amount)
    if entry.role == "timing":
        return Timing(entry.name)
    if entry.role == "cost":
        return _Free(entry.patterns[0].text)
    if entry.role == "condition-keyword":
        return Condition(lambda g, ctx: True)
    raise CompileError(f"'{entry.patterns[0].text}' declares no meaning (means:)")


class _Free:
    """A cost label without a cost (`Action:`): always payable, paying does nothing."""

    summarised = False

    def __init__(self, text: str) -> None:
        self.text = text

    def can_pay(self, game: Game, ctx: Ctx) -> bool:
        return True

    def pay(self, game: Game, ctx: Ctx) -> bool:
        return True


def _sentences(sentences: tuple[Sentence, ...], c: Compiler, entry: EffectEntry) -> Any:
    """A declared effect (or continuous effect) that means one or more sentences."""
    if entry.role == "static":
        made = [c._handle(s.phrase) for s in sentences]
        return made[0] if len(made) == 1 else made
    program, _ = c.program(sentences, entry.means)
    steps = program.steps

    def op(g: Game, ctx: Ctx) -> None:
        from carddb.sim.stack import execute

        execute(g, type(program)(steps, (), entry.means), ctx)

    return op
