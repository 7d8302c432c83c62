"""Draft formats: the `drafts:` section of data/<game>/boosters.yaml, checked and compiled.

A draft format is a list of phases run in order at one table; the core knows
three kinds of phase and nothing of any game's:

- `pick-and-pass`: boosters are opened and passed; a seat keeps `picks` cards of
  each pack that reaches it and passes the rest (`pass: left | right | alternate`).
  `open: each-seat` opens one booster per seat in each of `rounds` rounds (a
  classic booster draft); `open: as-needed` sends one booster round the table at a
  time and opens the next when it is used up, until every seat's pool is full.
- `deal-and-keep`: every card matching `from` is shuffled into one pile; each seat
  is dealt `deal` cards and keeps `keep` of them.
- `sealed`: each seat opens `boosters` boosters; `shared: true` shuffles all of
  them into one deck for the whole table.

A phase's `pool` says what a seat's picks of that phase form: its name (LOE: a
"council"), whether a card may be taken twice, and per card kind the least and
the most it holds. Counts are numbers or the id of one of the game's numbers
(`keep: victory-draft-keep`), so a draft reads its rules from the same place as
the rulebook. `bots` adds the game's own points to the generic bot rating.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AliasChoices, Field, TypeAdapter, ValidationError

from carddb.cards.database import CardDatabase
from carddb.files.validation import Validated, validation_findings
from carddb.files.yamlsource import Located, PathKey
from carddb.findings.diagnostics import Finding, Report
from carddb.packs.card import Slug, StrictModel
from carddb.play.boosters import (
    BoosterFileContents,
    BoosterPlan,
    BoosterType,
    CardFilter,
    check_filter,
    check_number_markers,
    matching_cards,
    read_booster_file,
)

NumberRef = Annotated[int, Field(ge=0, le=1000)] | Slug
Text = Annotated[str, Field(min_length=1)]


class Holding(StrictModel):
    least: NumberRef = 0
    most: NumberRef | None = None


class PoolRule(StrictModel):
    name: Text = "pool"
    unique: bool = False  # a seat takes a card at most once in this pool
    kinds: dict[str, Holding] = Field(default_factory=dict)  # when given, the only kinds a seat may take


class _Phase(StrictModel):
    name: Text
    description: str = ""
    pool: PoolRule = Field(default_factory=PoolRule)


class PickAndPass(_Phase):
    mode: Literal["pick-and-pass"]
    booster: Slug
    open: Literal["each-seat", "as-needed"] = "each-seat"
    rounds: NumberRef | None = None
    passing: Literal["left", "right", "alternate"] = Field("left", validation_alias=AliasChoices("pass"))
    picks: NumberRef = 1


class DealAndKeep(_Phase):
    mode: Literal["deal-and-keep"]
    pile: CardFilter = Field(validation_alias=AliasChoices("from"))
    deal: NumberRef
    keep: NumberRef = 1


class SealedPhase(_Phase):
    mode: Literal["sealed"]
    booster: Slug
    boosters: NumberRef
    shared: bool = False


PhaseDefinition = Annotated[PickAndPass | DealAndKeep | SealedPhase, Field(discriminator="mode")]


class BotRules(StrictModel):
    # extra points for cards of these factions, kinds or rarities (LOE: a neutral card +1)
    bonus: dict[Literal["faction", "kind", "rarity"], dict[str, int]] = Field(default_factory=dict)
    # factions that fit every seat, so a bot never takes one as its own (LOE: neutral)
    any_faction: list[str] = Field(default_factory=list)


class DraftFormat(StrictModel):
    name: Text
    description: str = ""
    phases: Annotated[dict[Slug, PhaseDefinition], Field(min_length=1)]
    bots: BotRules = Field(default_factory=BotRules)


DRAFT_FORMAT = Validated("draft format", DraftFormat, name_models=True)


# --- compiled plans ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Count:
    value: int
    number: str | None = None  # the game number it was read from, if any (the rulebook tags it)


@dataclass(frozen=True)
class HoldingPlan:
    kind: str
    least: Count
    most: Count | None


@dataclass(frozen=True)
class PoolPlan:
    name: str
    unique: bool
    holdings: tuple[HoldingPlan, ...]

    def holding(self, kind: str) -> HoldingPlan | None:
        return next((h for h in self.holdings if h.kind == kind), None)

    @property
    def bounded(self) -> bool:
        """The pool can be full: it names its kinds and caps each one."""
        return bool(self.holdings) and all(h.most is not None for h in self.holdings)


@dataclass(frozen=True)
class PhasePlan:
    id: str
    name: str
    description: str
    mode: str  # pick-and-pass, deal-and-keep, sealed
    pool: PoolPlan
    booster: str = ""  # pick-and-pass and sealed
    open: str = "each-seat"
    rounds: Count | None = None
    passing: str = "left"
    picks: Count = Count(1)
    pile: tuple[str, ...] = ()  # deal-and-keep: the cards shuffled and dealt, a copy per physical card
    pile_name: str = "cards"  # what the pile is, in the game's words ("Victory cards")
    deal: Count = Count(0)
    keep: Count = Count(1)
    boosters: Count = Count(0)  # sealed: per seat
    shared: bool = False


@dataclass(frozen=True)
class BotPlan:
    bonus: Mapping[str, Mapping[str, int]]
    any_faction: frozenset[str]


@dataclass(frozen=True)
class DraftPlan:
    id: str
    name: str
    description: str
    phases: tuple[PhasePlan, ...]
    bots: BotPlan

    def phase(self, phase_id: str) -> PhasePlan:
        return next(p for p in self.phases if p.id == phase_id)

    @property
    def required_kinds(self) -> frozenset[str]:
        """Kinds some pool must hold at least one of (LOE: a Lord): a seat is built around them."""
        return frozenset(h.kind for p in self.phases for h in p.pool.holdings if h.least.value > 0)


# --- checks -----------------------------------------------------------------------------------------------------


class _Checker:
    """What the schema cannot see in one draft format: names, numbers, and counts that fit together."""

    def __init__(self, db: CardDatabase, doc: Located, draft_id: str, boosters: Mapping[str, BoosterType]) -> None:
        self.db, self.doc, self.draft_id, self.boosters = db, doc, draft_id, boosters
        self.numbers = db.pack.number_values
        self.findings: list[Finding] = []

    def problem(self, message: str, at: PathKey, hint: str | None = None, *, key: bool = False) -> None:
        span = self.doc.key_span(at) if key else self.doc.value_span(at)
        self.findings.append(
            Finding("E-DRAFT-FORMAT", f"draft '{self.draft_id}': {message}", self.doc.path, span, hint=hint)
        )

    def unknown(self, what: str, name: str, known: Iterable[str], at: PathKey, *, key: bool = False) -> None:
        close = difflib.get_close_matches(name, list(known), n=1)
        suggestion = f"; did you mean '{close[0]}'?" if close else ""
        self.problem(f"{what} '{name}' is not known to {self.db.pack.name}{suggestion}", at, key=key)

    def value(self, ref: int | str) -> int:
        return ref if isinstance(ref, int) else self.numbers.get(ref, 0)

    def count(self, ref: int | str, at: PathKey, *, least: int = 1) -> None:
        """A count written as a number or a game number's id; an unknown id is located with a suggestion."""
        if isinstance(ref, str) and ref not in self.numbers:
            close = difflib.get_close_matches(ref, list(self.numbers), n=1)
            self.findings.append(
                Finding(
                    "E-UNKNOWN-NUMBER",
                    f"'{ref}' is not one of the game's numbers" + (f"; did you mean '{close[0]}'?" if close else ""),
                    self.doc.path,
                    self.doc.value_span(at),
                    hint="numbers: " + (", ".join(sorted(self.numbers)) or f"{self.db.pack.name} declares none"),
                )
            )
        elif self.value(ref) < least:
            self.problem(f"'{at[-1]}' is {self.value(ref)}; it takes at least {least}", at)

    def draft(self, definition: DraftFormat) -> list[Finding]:
        where: PathKey = ("drafts", self.draft_id)
        self.findings.extend(check_number_markers(self.db, self.doc, (*where, "description"), definition.description))
        for phase_id, phase in definition.phases.items():
            at: PathKey = (*where, "phases", phase_id)
            self.findings.extend(check_number_markers(self.db, self.doc, (*at, "description"), phase.description))
            self.phase(phase_id, phase, at)
        self.bots(definition.bots, (*where, "bots"))
        return self.findings

    def phase(self, phase_id: str, phase: PickAndPass | DealAndKeep | SealedPhase, at: PathKey) -> None:
        self.pool(phase.pool, (*at, "pool"))
        if isinstance(phase, PickAndPass | SealedPhase) and phase.booster not in self.boosters:
            self.unknown("booster type", phase.booster, self.boosters, (*at, "booster"))
        if isinstance(phase, PickAndPass):
            self.count(phase.picks, (*at, "picks"))
            if phase.rounds is not None:
                self.count(phase.rounds, (*at, "rounds"))
            if phase.open == "each-seat" and phase.rounds is None:
                self.problem(
                    f"phase '{phase_id}' opens a booster per seat each round: say how many 'rounds'", at, key=True
                )
            if phase.open == "as-needed":
                full = f"every {phase.pool.name} is full"
                if phase.rounds is not None:
                    self.problem(
                        f"phase '{phase_id}' opens boosters until {full}, so it takes no 'rounds'",
                        (*at, "rounds"),
                        key=True,
                    )
                if not phase.pool.kinds or any(h.most is None for h in phase.pool.kinds.values()):
                    self.problem(
                        f"phase '{phase_id}' opens boosters until {full}: its pool names its kinds and gives each "
                        "a 'most'",
                        (*at, "pool"),
                    )
        elif isinstance(phase, DealAndKeep):
            self.findings.extend(check_filter(self.db, self.doc, (*at, "from"), phase.pile))
            self.count(phase.deal, (*at, "deal"))
            self.count(phase.keep, (*at, "keep"))
            if self.value(phase.keep) > self.value(phase.deal):
                self.problem(
                    f"phase '{phase_id}' keeps {self.value(phase.keep)} of {self.value(phase.deal)} dealt cards",
                    (*at, "keep"),
                )
        else:
            self.count(phase.boosters, (*at, "boosters"))

    def pool(self, pool: PoolRule, at: PathKey) -> None:
        kinds = self.db.pack.kind_ids
        for kind, holding in pool.kinds.items():
            kind_at = (*at, "kinds", kind)
            if kind not in kinds:
                self.unknown("kind", kind, kinds, kind_at, key=True)
            self.count(holding.least, (*kind_at, "least"), least=0)
            if holding.most is not None:
                self.count(holding.most, (*kind_at, "most"))
                if self.value(holding.least) > self.value(holding.most):
                    self.problem(
                        f"a {pool.name} needs at least {self.value(holding.least)} but holds at most "
                        f"{self.value(holding.most)} of kind '{kind}'",
                        kind_at,
                    )

    def bots(self, bots: BotRules, at: PathKey) -> None:
        pack = self.db.pack
        known = {
            "faction": [f.id for f in pack.factions],
            "kind": list(pack.kind_ids),
            "rarity": [r.id for r in pack.rarities],
        }
        for what, values in bots.bonus.items():
            for name in values:
                if name not in known[what]:
                    self.unknown(what, name, known[what], (*at, "bonus", what, name), key=True)
        for index, name in enumerate(bots.any_faction):
            if name not in known["faction"]:
                self.unknown("faction", name, known["faction"], (*at, "any_faction", index))


def check_draft(
    db: CardDatabase, doc: Located, draft_id: str, definition: DraftFormat, boosters: Mapping[str, BoosterType]
) -> list[Finding]:
    """Everything about a draft format that the schema cannot see: names, numbers, counts that fit together."""
    return _Checker(db, doc, draft_id, boosters).draft(definition)


def load_drafts(db: CardDatabase, report: Report, contents: BoosterFileContents) -> dict[str, DraftPlan]:
    """The draft formats of a read boosters.yaml; only formats without errors are compiled."""
    if contents.doc is None or contents.parsed is None:
        return {}
    doc = contents.doc
    drafts: dict[str, DraftPlan] = {}
    adapter = TypeAdapter(DraftFormat)
    for draft_id, raw in contents.parsed.drafts.items():
        try:
            definition = adapter.validate_python(raw)
        except ValidationError as exc:
            report.extend(
                validation_findings(exc.errors(include_url=False), doc, DRAFT_FORMAT, base=("drafts", draft_id))
            )
            continue
        problems = check_draft(db, doc, draft_id, definition, contents.parsed.boosters)
        report.extend(problems)
        if not any(p.severity.value == "error" for p in problems):
            drafts[draft_id] = compile_draft(db, draft_id, definition)
    return drafts


# --- compiling --------------------------------------------------------------------------------------------------


def compile_draft(db: CardDatabase, draft_id: str, definition: DraftFormat) -> DraftPlan:
    """A checked draft format with every count resolved (call only when check_draft found no errors)."""
    numbers = db.pack.number_values

    def resolve(ref: int | str) -> Count:
        return Count(ref) if isinstance(ref, int) else Count(numbers[ref], ref)

    phases = []
    for phase_id, phase in definition.phases.items():
        pool = PoolPlan(
            phase.pool.name,
            phase.pool.unique,
            tuple(
                HoldingPlan(kind, resolve(h.least), resolve(h.most) if h.most is not None else None)
                for kind, h in phase.pool.kinds.items()
            ),
        )
        common = {"id": phase_id, "name": phase.name, "description": phase.description, "pool": pool}
        if isinstance(phase, PickAndPass):
            phases.append(
                PhasePlan(
                    **common,
                    mode=phase.mode,
                    booster=phase.booster,
                    open=phase.open,
                    rounds=resolve(phase.rounds) if phase.rounds is not None else None,
                    passing=phase.passing,
                    picks=resolve(phase.picks),
                )
            )
        elif isinstance(phase, DealAndKeep):
            cards = matching_cards(db, phase.pile)
            pile = tuple(c.id for c in cards for _ in range(c.copies))
            kinds = {c.kind for c in cards}
            pile_name = db.pack.kind(kinds.pop()).plural if len(kinds) == 1 else "cards"
            if (
                phase.pile.keyword
                and db.pack.language is not None
                and any(k in db.pack.language.registry for k in phase.pile.keyword)
            ):
                # A pile of every card with a keyword is named by it ("Starting cards").
                registry = db.pack.language.registry
                said = " or ".join(
                    registry[k].patterns[0].text.split(" {")[0] for k in phase.pile.keyword if k in registry
                )
                pile_name = f"{said} {pile_name}"
            phases.append(
                PhasePlan(
                    **common,
                    mode=phase.mode,
                    pile=pile,
                    pile_name=pile_name,
                    deal=resolve(phase.deal),
                    keep=resolve(phase.keep),
                )
            )
        else:
            phases.append(
                PhasePlan(
                    **common,
                    mode=phase.mode,
                    booster=phase.booster,
                    boosters=resolve(phase.boosters),
                    shared=phase.shared,
                )
            )
    bots = BotPlan(
        {what: dict(values) for what, values in definition.bots.bonus.items()}, frozenset(definition.bots.any_faction)
    )
    return DraftPlan(draft_id, definition.name, definition.description, tuple(phases), bots)


@dataclass
class PlayDefinitions:
    """What boosters.yaml defines for play: clean booster types and draft formats."""

    boosters: dict[str, BoosterPlan]
    drafts: dict[str, DraftPlan]


def load_play(db: CardDatabase, report: Report, path: Path | None = None) -> PlayDefinitions:
    contents = read_booster_file(db, report, path)
    return PlayDefinitions(contents.plans, load_drafts(db, report, contents))


def first_sealed_phase(play: PlayDefinitions) -> PhasePlan | None:
    """The game's own sealed event: the first `sealed` phase of its draft formats (LOE: the shared deck)."""
    return next((p for d in play.drafts.values() for p in d.phases if p.mode == "sealed"), None)
