"""The typed AST of rules text. Every node keeps its source position.

Positions (`start`, `end`) are character offsets inside the ability's line; they
are excluded from equality so that `parse(render(ast)) == ast` compares meaning,
not layout.

Nodes are hashable slotted dataclasses and are never changed after parsing. They
are not `frozen`: a frozen dataclass pays for `object.__setattr__` on every field,
which doubled the cost of building the AST (see bench/bench_rules.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union


@dataclass(slots=True, unsafe_hash=True)
class Node:
    start: int = field(default=0, compare=False, kw_only=True)
    end: int = field(default=0, compare=False, kw_only=True)


@dataclass(slots=True, unsafe_hash=True)
class Number(Node):
    """A number as the designer spelled it (`2`, `two`, `a`); only the value is compared."""

    value: int
    text: str = field(default="", compare=False)
    up_to: bool = False  # broad: `up to 3`

    @property
    def written(self) -> str:
        return ("up to " if self.up_to else "") + (self.text or str(self.value))


@dataclass(slots=True, unsafe_hash=True)
class Quantity(Node):
    """`three or more`, `2 or less`, `no` (amount 0, comparison "no"), `more` (than ...)."""

    amount: int
    comparison: str  # "more" | "less" | "no" | "any" (broad: one or more)
    text: str = field(default="", compare=False)  # the amount as written


@dataclass(slots=True, unsafe_hash=True)
class Zone(Node):
    """A zone (broad templating): `your graveyard` is owner "you", zone "graveyard"; `play` has no owner.

    Owners: "you" (your), "their", "owner" (its owner's), "their-owner", "owners" (their owners'), "the",
    "a", "" (none), and "whose": a selector and 's (`your opponent's graveyard`), held in `whose`.
    """

    owner: str
    zone: str
    whose: Selector | None = None  # owner "whose": the selector before 's (`your opponent's graveyard`)
    plural: bool = field(default=False, compare=False)  # written in the plural: `their owners' hands`
    others: tuple[str, ...] = ()  # broad: the other zones of `in your hand or discard pile`


@dataclass(slots=True, unsafe_hash=True)
class Phase(Node):
    """A phase or round (broad templating): `the round`, `your upkeep`, `the draw phase`."""

    owner: str  # "the", "your", "each"
    phase: str


@dataclass(slots=True, unsafe_hash=True)
class Change(Node):
    """Numbers of a stat change or of a pair (broad templating): `+3/+1` is (3, 1), `-1` is (-1,), `1/1` (1, 1)."""

    values: tuple[int, ...]
    signed: bool = field(default=True, compare=False)


@dataclass(slots=True, unsafe_hash=True)
class Postfix(Node):
    """A restriction written after the noun: `you control`, `with 3 or less health`, `in your graveyard`."""

    name: str
    amount: Number | None = None
    comparison: str | None = None
    zone: Zone | None = None  # broad: `in your graveyard`, `from your hand`
    stat: str | None = None  # broad: `with power 2 or less`
    whose: Selector | None = None  # broad: `from it`, `from this creature`
    resource: str | None = None  # broad: `costing up to 5 coins`
    word: str | None = None  # broad: the participle of `discarded this way`, `trashed this way`


@dataclass(slots=True, unsafe_hash=True)
class Selector(Node):
    """What an effect points at: `target face-down Duke an opponent controls`, `you`, `it`.

    `det` is the determiner (target, each, all, a, another; `an` is stored as `a`), "" for a bare plural
    (`Dukes you control`) and "fixed" for a fixed phrase (`this card`, whose id is `noun`).
    """

    det: str
    noun: str
    adjectives: tuple[str, ...] = ()
    post: tuple[Postfix, ...] = ()
    # The broad templating's selectors (`carddb.rules.broad`): more nouns (`artifact or enchantment`),
    # a count (`2 cards`, `up to two target creatures`, `1 of your creatures`), whose (`your`,
    # `your opponent's`), a zone (`the top 3 cards of your deck`, det "top" or "bottom"), and whether
    # the noun was plural where the determiner does not say (`your characters`).
    others: tuple[str, ...] = ()
    count: Number | None = None
    up_to: bool = False
    owner: str = ""  # as a zone's owner (carddb.rules.ast.Zone)
    whose: Selector | None = None  # the selector before 's; for det "of", what the count is chosen from
    zone: Zone | None = None
    many: bool = False
    word: str = field(default="", compare=False)  # the words as written where they are not the id's (`chosen`)

    @property
    def plural(self) -> bool:
        return self.det in {"", "all"} or self.many

    @property
    def is_target(self) -> bool:
        return self.det == "target"


@dataclass(slots=True, unsafe_hash=True)
class Words(Node):
    """A value of a pack-declared word type (`carddb.rules.registry.WordType`): the ids of its words.

    `Affinity Gold Faith Gold` holds ("gold", "gold", "faith"): a list type is a multiset, kept
    in the type's declared order so that equal meanings compare equal.
    """

    type: str
    items: tuple[str, ...]


@dataclass(slots=True, unsafe_hash=True)
class Phrase(Node):
    """One use of a registry entry (an effect, cost, condition, event, keyword...)."""

    entry: str
    args: tuple[tuple[str, Value], ...] = ()
    pattern: int = field(default=0, compare=False)

    def arg(self, name: str) -> Value | None:
        return next((v for k, v in self.args if k == name), None)


@dataclass(slots=True, unsafe_hash=True)
class Sentence(Node):
    """One sentence: an effect or static phrase, maybe optional (`You may`) or conditional (`If ...,`)."""

    phrase: Phrase
    optional: bool = False
    conditions: tuple[Phrase, ...] = ()
    then: bool = field(default=False, compare=False)  # broad: written `Then, ...`
    otherwise: bool = False  # broad: `Otherwise, ...`: only if the sentence before did not happen
    may: str = field(default="may", compare=False)  # broad: `you can ...`


@dataclass(slots=True, unsafe_hash=True)
class KeywordAbility(Node):
    keywords: tuple[Phrase, ...]
    period: bool = field(default=False, compare=False)


@dataclass(slots=True, unsafe_hash=True)
class ActivatedAbility(Node):
    costs: tuple[Phrase, ...]
    sentences: tuple[Sentence, ...]
    # broad: `COST; EFFECT` (sep ";"), `You can COST; EFFECT`, `COST and COST: EFFECT`
    sep: str = field(default=":", compare=False)
    can: bool = field(default=False, compare=False)
    last_and: bool = field(default=False, compare=False)


@dataclass(slots=True, unsafe_hash=True)
class TriggeredAbility(Node):
    trigger: Phrase
    sentences: tuple[Sentence, ...]
    sep: str = field(default=",", compare=False)  # broad: `Play: ...`, `When this card is summoned: ...`
    costs: tuple[Phrase, ...] = ()  # broad: `When ..., exhaust this card: ...` (paid, if you choose, as it resolves)


@dataclass(slots=True, unsafe_hash=True)
class TimedAbility(Node):
    """A timing condition (`Reaction - When ...:`), optionally with `, if CONDITION`."""

    timing: Phrase
    trigger: Phrase
    conditions: tuple[Phrase, ...]
    sentences: tuple[Sentence, ...]
    sep: str = field(default="-", compare=False)  # broad: `Reaction: After ..., ...`
    costs: tuple[Phrase, ...] = ()  # broad: `Interrupt: When ..., exhaust this card: ...`


@dataclass(slots=True, unsafe_hash=True)
class SentenceAbility(Node):
    """Plain sentences: a spell's effects, or static abilities."""

    sentences: tuple[Sentence, ...]


@dataclass(slots=True, unsafe_hash=True)
class ConditionedAbility(Node):
    """`CONDITION - ABILITY`: a condition keyword (`Raiding`, `Affinity Gold Gold`, `Upgraded 2`) and
    the ability it gates, which can only be used, or only applies, while the condition is met."""

    condition: Phrase
    ability: GatedAbility
    sep: str = field(default="-", compare=False)  # broad: `Ally: Draw a card.`


@dataclass(slots=True, unsafe_hash=True)
class Modes(Node):
    """Effects to choose from (broad templating): `Gain 5 armor; or draw 2 cards`."""

    items: tuple[Phrase, ...]
    ors: tuple[bool, ...] = field(default=(), compare=False)  # `or` written before each item after the first
    bullets: bool = field(default=False, compare=False)  # written `• A. • B` (a list of sentences)


# What a condition keyword may gate: any ability but a timed one or another condition.
GatedAbility = Union[KeywordAbility, ActivatedAbility, TriggeredAbility, SentenceAbility]  # noqa: UP007
Ability = Union[  # noqa: UP007
    KeywordAbility, ActivatedAbility, TriggeredAbility, TimedAbility, SentenceAbility, ConditionedAbility
]
Value = Union[  # noqa: UP007
    Number, Quantity, Selector, Phrase, Words, Zone, Phase, Change, Modes, str, bool, tuple[Phrase, ...]
]


def gated(ability: Ability) -> Ability:
    """The ability a condition keyword gates, or the ability itself: what its shape checks look at."""
    return ability.ability if isinstance(ability, ConditionedAbility) else ability


# Values that may hold phrases. A named tuple of types, not `A | B | C`: isinstance with a
# union builds the union object on every call, which showed in the semantic check's profile.
_MAY_HOLD_PHRASES = (Phrase, tuple, Sentence, Modes)


def phrases(ability: Ability) -> list[Phrase]:
    """Every phrase of an ability, nested ones included, in text order."""
    found: list[Phrase] = []

    def visit(value: object) -> None:
        if isinstance(value, Phrase):
            found.append(value)
            for _, arg in value.args:
                if isinstance(arg, _MAY_HOLD_PHRASES):  # no call for the leaves (numbers, selectors...)
                    visit(arg)
        elif isinstance(value, tuple):
            for item in value:
                visit(item)
        elif isinstance(value, Sentence):
            visit(value.conditions)
            visit(value.phrase)
        elif isinstance(value, Modes):
            visit(value.items)

    # The ability's own fields are walked here rather than through `visit`: the semantic
    # check calls this for every line, and most sentences have no conditions.
    if isinstance(ability, ConditionedAbility):
        visit(ability.condition)
        ability = ability.ability
    if isinstance(ability, KeywordAbility):
        visit(ability.keywords)
        return found
    if isinstance(ability, ActivatedAbility):
        visit(ability.costs)
    elif isinstance(ability, TriggeredAbility):
        visit(ability.trigger)
        visit(ability.costs)
    elif isinstance(ability, TimedAbility):
        visit(ability.timing)
        visit(ability.trigger)
        visit(ability.conditions)
        visit(ability.costs)
    for sentence in ability.sentences:
        if sentence.conditions:
            visit(sentence.conditions)
        visit(sentence.phrase)
    return found
