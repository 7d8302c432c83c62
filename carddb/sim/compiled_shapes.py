"""How the compiler executes the shapes of grammar_misc.lark: a trigger with a cost (`When EVENT, COST:
EFFECTS`) and a continuous effect under a condition (`If CONDITIONS, STATIC.`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from carddb.sim.program import Cond, CostOp, Ctx, Program, Step


class _Paid:
    """The condition of a paid trigger's effects: its costs were paid as it resolved."""

    def test(self, game: Any, ctx: Ctx) -> bool:
        return bool((ctx.notes or {}).get("paid"))

    def progress(self, game: Any, ctx: Ctx) -> float:
        return 1.0 if self.test(game, ctx) else 0.0


class _Payable:
    def __init__(self, costs: tuple[CostOp, ...]) -> None:
        self.costs = costs

    def test(self, game: Any, ctx: Ctx) -> bool:
        return all(cost.can_pay(game, ctx) for cost in self.costs)

    def progress(self, game: Any, ctx: Ctx) -> float:
        return 1.0 if self.test(game, ctx) else 0.0


def paid_first(program: Program, costs: tuple[CostOp, ...]) -> Program:
    """`When EVENT, COST: EFFECTS`: as the trigger resolves its controller may pay the costs (if they can);
    the effects happen only if they did."""

    def pay(game: Any, ctx: Ctx) -> None:
        if ctx.notes is None:
            ctx.notes = {}
        ctx.notes["paid"] = all(cost.pay(game, ctx) for cost in costs)

    paid = _Paid()
    text = "pay " + ", ".join(cost.text for cost in costs)
    first = Step(pay, optional=True, conditions=(_Payable(costs),), text=text)
    steps = tuple(replace(step, conditions=(paid, *step.conditions)) for step in program.steps)
    return replace(program, steps=(first, *steps))


class All:
    """Every condition holds (a gated ability's one condition)."""

    def __init__(self, conditions: tuple[Cond, ...]) -> None:
        self.conditions = conditions

    def test(self, game: Any, ctx: Ctx) -> bool:
        return all(cond.test(game, ctx) for cond in self.conditions)

    def progress(self, game: Any, ctx: Ctx) -> float:
        return min((cond.progress(game, ctx) for cond in self.conditions), default=1.0)


def conditional_static(made: Any, conditions: tuple[Cond, ...]) -> list[Any]:
    """`If CONDITIONS, STATIC.`: the continuous effect applies only while the conditions hold."""
    from carddb.sim.compiler import gate_ability  # (the compiler imports this module)

    parts = made if isinstance(made, list) else [made]
    return [gate_ability(part, All(conditions)) for part in parts]
