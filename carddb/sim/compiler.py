"""A card's rules text compiled once per run: AST -> handler calls (`Program`s, costs, triggers, statics).

One `Compiler` per ability collects the ability's target slots in text order, so
that every `target ...` is chosen when the ability goes on the stack. A line that
does not parse, or uses an entry without a handler, becomes one of the card's
`problems` (the playtest report lists them): the rest of the card still works.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from carddb.rules.ast import (
    Ability,
    ActivatedAbility,
    ConditionedAbility,
    KeywordAbility,
    Phrase,
    Selector,
    Sentence,
    SentenceAbility,
    TimedAbility,
    TriggeredAbility,
)
from carddb.rules.problems import Problem
from carddb.rules.text import parse_line, split_abilities
from carddb.sim.cards import CardDef, CardRecord
from carddb.sim.compiled_shapes import conditional_static, paid_first
from carddb.sim.game import ZONE_PLAY
from carddb.sim.program import (
    ONCE_PER_TURN,
    OWN_TURN_ONLY,
    Activated,
    Cond,
    CostOp,
    Ctx,
    EventMatch,
    Keyword,
    Op,
    Program,
    Repeat,
    Restriction,
    Static,
    Step,
    TargetSlot,
    Timed,
    Timing,
    Triggered,
)
from carddb.sim.selector_compiler import SelectorCompiler
from carddb.sim.selectors import Pred, Sel

if TYPE_CHECKING:
    from carddb.sim.simulator import Simulator


@dataclass(frozen=True, slots=True)
class Otherwise:
    """The condition of an `Otherwise, ...` sentence: the sentence before it did not meet its conditions."""

    before: tuple[Cond, ...]

    def test(self, game: Any, ctx: Ctx) -> bool:
        return not all(cond.test(game, ctx) for cond in self.before)

    def progress(self, game: Any, ctx: Ctx) -> float:
        return 1.0 if self.test(game, ctx) else 0.0


class CompileError(Exception):
    """An ability that parses but cannot be executed (an entry without a handler, a missing meaning)."""


class Compiler:
    def __init__(self, sim: Simulator, record: CardRecord) -> None:
        self.sim = sim
        self.record = record
        self.handlers = sim.handlers
        self.selectors = SelectorCompiler(sim.semantics)
        self.targets: list[TargetSlot] = []

    # -- pieces handlers ask for -------------------------------------------------------

    def selector(self, node: Selector, domain: str = "card", zone: int = ZONE_PLAY, hint: str = "") -> Sel:
        """`hint`: what the effect does to what is chosen ("harm", "help", "keep", "lose"), for bots."""
        slot = len(self.targets) if node.det == "target" else None
        sel = self.selectors.compile(node, domain, zone, slot, hint)
        if slot is not None:
            self.targets.append(TargetSlot(slot, sel))
        return sel

    def predicate(self, node: Selector) -> Pred:
        return self.selectors.predicate(node)

    def check_player_damage(self) -> None:
        """Refuse damage to a player in a game whose players have no health.

        A simulator whose players have health implements `damage_player(game, player, amount) -> int`
        (the damage dealt; LOE v2). Without it such a sentence cannot be carried out: the card's line is
        reported as one the engine cannot execute, instead of the game failing when it is played."""
        if not callable(getattr(self.sim, "damage_player", None)):
            raise CompileError(
                f"the players of '{self.sim.pack.id}' have no health here: its simulator does not implement "
                "damage_player, so nothing can deal damage to a player"
            )

    def _handle(self, phrase: Phrase) -> Any:
        if phrase.entry not in self.handlers:
            raise CompileError(f"no handler for '{phrase.entry}'")
        return self.handlers[phrase.entry](phrase, self)

    def effect(self, phrase: Phrase) -> Op:
        result: Op = self._handle(phrase)
        return result

    def cost(self, phrase: Phrase) -> CostOp:
        result: CostOp = self._handle(phrase)
        return result

    def condition(self, phrase: Phrase) -> Cond:
        result: Cond = self._handle(phrase)
        return result

    def event(self, phrase: Phrase) -> EventMatch:
        result: EventMatch = self._handle(phrase)
        return result

    def conditions(self, phrases: tuple[Phrase, ...]) -> tuple[Cond, ...]:
        return tuple(self.condition(p) for p in phrases)

    def program(self, sentences: tuple[Sentence, ...], text: str) -> tuple[Program, list[Restriction]]:
        steps: list[Step] = []
        restrictions: list[Restriction] = []
        for sentence in sentences:
            result = self._handle(sentence.phrase)
            if isinstance(result, Restriction):
                restrictions.append(result)
                continue
            if isinstance(result, Repeat):  # broad: `Repeat this N times`: the steps so far, N more times
                steps = steps * (result.times + 1)
                continue
            conditions = self.conditions(sentence.conditions)
            if sentence.otherwise and steps:  # broad: `Otherwise, ...`: when the sentence before did not happen
                conditions = (Otherwise(steps[-1].conditions), *conditions)
            steps.append(Step(result, sentence.optional, conditions, sentence.phrase.entry))
        return Program(tuple(steps), tuple(self.targets), text), restrictions


def compile_card(index: int, record: CardRecord, sim: Simulator) -> CardDef:
    definition = CardDef(
        index,
        record.id,
        record.name,
        record.kind,
        record.subtype,
        record.faction,
        record.cost,
        record.cost_resources,
        record.health,
        numbers=dict(record.numbers),
    )
    language = sim.language
    activated: list[Activated] = []
    triggered: list[Triggered] = []
    statics: list[Static] = []
    problems: list[str] = []
    effects: list[Step] = []
    effect_targets: list[TargetSlot] = []
    for _, line in split_abilities(record.text):
        ability = parse_line(line, language)
        if isinstance(ability, Problem):
            problems.append(f"{line}: {ability.message}")
            continue
        try:
            parts = _compile_ability(ability, line, sim, record, len(activated), len(triggered))
        except (CompileError, LookupError, TypeError) as exc:
            problems.append(f"{line}: {exc}")
            continue
        for part in parts:
            if isinstance(part, Activated):
                activated.append(part)
            elif isinstance(part, Triggered):
                triggered.append(Triggered(len(triggered), part.event, part.program, part.text))
            elif isinstance(part, Static):
                statics.append(part)
            elif isinstance(part, Keyword):
                definition.keywords[part.name] = part.amount
            elif isinstance(part, GatedKeyword):
                definition.keywords[part.keyword.name] = part.keyword.amount
                definition.keyword_conditions[part.keyword.name] = part.condition
            elif isinstance(part, Timed):
                definition.timed = part
            elif isinstance(part, Program):
                # a Spell's (or Victory card's) sentences; targets are renumbered after earlier lines'
                offset = len(effect_targets)
                effect_targets += [TargetSlot(offset + t.index, _shift(t.selector, offset)) for t in part.targets]
                effects += part.steps
    definition.activated = tuple(activated)
    definition.triggered = tuple(triggered)
    definition.statics = tuple(statics)
    if effects:
        definition.effect = Program(tuple(effects), tuple(effect_targets), record.text)
    definition.listens = frozenset(t for trig in triggered for t in trig.event.types)
    if definition.timed is not None:
        definition.reacts = definition.timed.event.types
    definition.problems = tuple(problems)
    return definition


def _shift(sel: Sel, offset: int) -> Sel:
    if offset and hasattr(sel, "slot"):
        sel.slot += offset  # type: ignore[attr-defined]  # a fresh TargetSel, owned by this card
    return sel


@dataclass(frozen=True, slots=True)
class GatedKeyword:
    """A keyword behind a condition keyword (`Affinity Gold - Damage Reduction 1`)."""

    keyword: Keyword
    condition: Cond


def gate_ability(part: Any, condition: Cond) -> Any:
    """`CONDITION - ABILITY`: the compiled ability, used or applying only while `condition` holds.

    The condition is tested with the card's own context (its controller, the card itself): when an
    activated ability is offered, when a trigger hears its event, whenever a static is asked about,
    when an Event's sentence would resolve, and whenever the pack asks for a keyword."""
    if isinstance(part, Activated):
        return replace(part, conditions=(*part.conditions, condition))
    if isinstance(part, Triggered):
        event = part.event
        match = event.match

        def gated_match(g: Any, ev: Any, ctx: Any) -> bool:
            return condition.test(g, ctx) and match(g, ev, ctx)

        return replace(part, event=EventMatch(event.types, gated_match, event.text))
    if isinstance(part, Static):
        applies = part.applies
        scratch = Ctx(-1, -1)

        def gated_applies(g: Any, source: int, x: int) -> bool:
            scratch.source, scratch.controller, scratch.last = source, g.controller[source], None
            return condition.test(g, scratch) and applies(g, source, x)

        return replace(part, applies=gated_applies)
    if isinstance(part, Program):
        steps = tuple(replace(step, conditions=(condition, *step.conditions)) for step in part.steps)
        return replace(part, steps=steps)
    if isinstance(part, Keyword):
        return GatedKeyword(part, condition)
    raise CompileError(f"a condition keyword cannot gate {type(part).__name__}")


def _compile_ability(
    ability: Ability, line: str, sim: Simulator, record: CardRecord, activated_index: int, triggered_index: int
) -> list[Any]:
    if isinstance(ability, ConditionedAbility):
        condition = Compiler(sim, record).condition(ability.condition)
        parts = _compile_ability(ability.ability, line, sim, record, activated_index, triggered_index)
        return [gate_ability(part, condition) for part in parts]
    c = Compiler(sim, record)
    if isinstance(ability, KeywordAbility):
        parts: list[Any] = []
        for keyword in ability.keywords:
            result = c._handle(keyword)
            parts += result if isinstance(result, list) else [result]
        return parts
    if isinstance(ability, ActivatedAbility):
        costs = tuple(c.cost(p) for p in ability.costs)
        program, restrictions = c.program(ability.sentences, line)
        limits = {r.limit for r in restrictions}
        return [
            Activated(
                activated_index,
                costs,
                program,
                once_per_turn=ONCE_PER_TURN in limits,
                own_turn_only=OWN_TURN_ONLY in limits,
                text=line,
                pool_cost=sum(getattr(cost, "pool_cost", 0) for cost in costs),
                uses_self=any(getattr(cost, "uses_self", False) for cost in costs),
                limits=frozenset(limits),
            )
        ]
    if isinstance(ability, TriggeredAbility):
        event = c.event(ability.trigger)
        trigger_costs = tuple(c.cost(p) for p in ability.costs)
        program, _ = c.program(ability.sentences, line)
        if trigger_costs:
            program = paid_first(program, trigger_costs)
        return [Triggered(triggered_index, event, program, line)]
    if isinstance(ability, TimedAbility):
        timing = c._handle(ability.timing)
        assert isinstance(timing, Timing)
        event = c.event(ability.trigger)
        conditions = c.conditions(ability.conditions)
        trigger_costs = tuple(c.cost(p) for p in ability.costs)
        program, _ = c.program(ability.sentences, line)
        if trigger_costs:  # `Interrupt: When ..., exhaust this card: ...`: a card in play answers the event
            return [Triggered(triggered_index, event, paid_first(program, trigger_costs), line)]
        return [Timed(timing.name, event, conditions, program, line)]
    assert isinstance(ability, SentenceAbility)
    statics: list[Any] = []
    rest: list[Sentence] = []
    for sentence in ability.sentences:
        role = sim.language.registry[sentence.phrase.entry].role
        if role == "static" and not sentence.conditions:
            made = c._handle(sentence.phrase)
            statics += made if isinstance(made, list) else [made]  # (a broad `+1/+1` is two statics)
        elif role == "static":  # broad: `If CONDITIONS, STATIC.`
            statics += conditional_static(c._handle(sentence.phrase), c.conditions(sentence.conditions))
        else:
            rest.append(sentence)
    if rest:
        program, _ = c.program(tuple(rest), line)
        statics.append(program)
    return statics
