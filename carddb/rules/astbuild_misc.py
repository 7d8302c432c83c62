"""The AST builders of grammar_misc.lark: triggers with a cost, conditional continuous effects and
`the Actions` (`discarded this way` is the broad grammar's participle postfix, astbuild_broad).

`AstBuilder` (carddb.rules.astbuild) inherits these, like the broad templating's (carddb.rules.astbuild_broad).
"""

from __future__ import annotations

from typing import Any

from carddb.rules.ast import Phrase, Sentence, TimedAbility, TriggeredAbility
from carddb.rules.astbuild_broad import _nodes


class MiscBuilders:
    """Builders of grammar_misc.lark's rules; mixed into `AstBuilder`."""

    def triggered_cost(self, ch: list[Any], s: int, e: int) -> TriggeredAbility:
        trigger, *costs = (c for c in ch[:-1] if isinstance(c, Phrase))
        return TriggeredAbility(trigger, ch[-1], sep=":", costs=tuple(costs), start=s, end=e)

    def timed_cost(self, ch: list[Any], s: int, e: int) -> TimedAbility:
        timing, trigger, *costs = (c for c in ch[:-1] if isinstance(c, Phrase))
        return TimedAbility(timing, trigger, (), ch[-1], sep=":", costs=tuple(costs), start=s, end=e)

    def conditional_static(self, ch: list[Any], s: int, e: int) -> Sentence:
        conditions, phrase = _nodes(ch)
        return Sentence(phrase, conditions=conditions, start=s, end=e)

    def among_selector(self, ch: list[Any], s: int, e: int) -> Any:
        return self._broad_selector("among", ch[1:], s, e)  # type: ignore[attr-defined]
