"""The engine's effect registry: every phrase the rules text may use, as a closed table.

Each game has one registry, built from the shared core entries (draw, damage,
destroy, ...) plus its own (LOE v1: powerstones, Dukes, the market, ...). An
entry declares what the phrase means, its typed parameters, the text patterns
that express it, which card kinds may use it, and example sentences. Nothing here
executes: the simulator (`carddb/sim/`, docs/engine.md) has a handler for each entry by name.

Pattern syntax (compiled into the rules grammar by `carddb.rules.language`):
- plain words are matched case-insensitively (`Deal`, `damage`, `to`);
- `{name}` is a parameter slot, parsed by the grammar rule of the parameter's type;
- `word(s)` accepts the singular and plural form; canonical text picks the one that
  agrees with the nearest slot before it (a number, or the subject of a verb).

A parameter's type is one of the core's (`PARAM_TYPES`) or a `WordType` the game
declares with its registry (a closed list of its own words, such as the advanced
resources an `Affinity` condition keyword lists).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from carddb.rules.numbertext import fill

if TYPE_CHECKING:
    pass

Role = Literal["effect", "cost", "static", "trigger", "event", "condition", "keyword", "condition-keyword", "timing"]

# Roles whose entries print with reminder text after their words (a keyword line, or the
# condition keyword that opens a `CONDITION - ABILITY` line).
REMINDED_ROLES = frozenset({"keyword", "condition-keyword"})

# The parameter types the core grammar knows how to parse. A pack adds words (kinds,
# adjectives, resources) that these types accept, and may declare its own closed word
# lists as `WordType`s (registered with its registry).
CoreParamType = Literal[
    "number",  # 2, two, a
    "count",  # 2, two (a number without `a`/`an`, where an article would read as a selector)
    "selector",  # target Duke, each opponent, you, it, Dukes you control
    "kind",  # a Resource, an Item (a kind with its article)
    "kinds",  # Materials, face-down Dukes (a plural kind)
    "resource",  # Influence, Subjects
    "quantity",  # three or more, 2 or less, no
    "comparison",  # more | less
    "condition",  # you control three or more Materials
    "conditions",  # CONDITION and CONDITION
    "event",  # you play a Resource
    "effect",  # another effect (`You may ...` is core; this is for patterns that embed one)
    # The broad phrasebook's types (`carddb.rules.broad`): words a game declares in its vocabulary.
    "zone",  # your graveyard, its owner's hand, the deck, play
    "counter",  # +1/+1, charge, threat (the word before `counter(s)`)
    "stat",  # power, attack, military skill
    "keyword",  # a keyword of the game, with its parameter: Flying, Ward 2
    "status",  # a status verb: Stun, Freeze
    "token",  # a token name: Soldier, Sprite
    "phase",  # the round, the draw phase, your upkeep
    "verb",  # a game verb: quest(s), reap(s), challenge(s)
    "state",  # an adjective as a state: exhausted, attacking
    "change",  # a signed change of a stat: +2, -1, +3/+1
    "pt",  # two numbers: 1/1
    "modes",  # effects to choose from: Gain 5 armor; or draw 2 cards
    "static",  # a continuous effect (for patterns that wrap one: `... until end of turn`)
    "lasting",  # an effect or a continuous effect that lasts (`Gain control of X until end of turn`)
    "counted",  # a selector that starts with its count: 1 unit in your graveyard
    "noun",  # a kind named alone, after `next` or `first`: attack, Instant (carddb.rules.phrasebook_windows)
    "act",  # a game verb after `you`, in its base form: the next ship you acquire
    "past",  # a game verb's past tense: quested, made a successful run
]

PARAM_TYPES: tuple[str, ...] = (
    "number",
    "count",
    "selector",
    "kind",
    "kinds",
    "resource",
    "quantity",
    "comparison",
    "condition",
    "conditions",
    "event",
    "effect",
    "zone",
    "counter",
    "stat",
    "keyword",
    "status",
    "token",
    "phase",
    "verb",
    "state",
    "change",
    "pt",
    "modes",
    "static",
    "lasting",
    "counted",
    "noun",
    "act",
    "past",
)


@dataclass(frozen=True)
class TypeWord:
    """One word of a pack-declared type: its id, and how it is written (singular and plural)."""

    id: str
    singular: str
    plural: str = ""

    @property
    def forms(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(w for w in (self.singular, self.plural) if w))

    def written(self, count: int) -> str:
        return self.singular if count == 1 or not self.plural else self.plural


@dataclass(frozen=True)
class WordType:
    """A parameter type a game declares: a closed list of words, one of them or several in a row.

    The core types (`PARAM_TYPES`) parse numbers, selectors, conditions...; a game that needs
    a parameter made of its own words (Shards' `Affinity Gold Gold`, a list of advanced
    resources) declares it here instead of changing the core grammar. A value of the type is
    a `carddb.rules.ast.Words` node holding the word ids. With `many`, the words are a
    multiset: `Gold Faith Gold` and `Gold Gold Faith` mean the same, and canonical text lists
    them in the order declared here.
    """

    name: str  # what a `Param.type` names, e.g. "advanced-resources"
    label: str  # one word of it, for messages: "advanced resource"
    words: tuple[TypeWord, ...]
    many: bool = False

    def __post_init__(self) -> None:
        if not self.words:
            raise ValueError(f"word type '{self.name}' needs at least one word")
        if self.name in PARAM_TYPES:
            raise ValueError(f"word type '{self.name}' would hide the core parameter type of that name")
        ids = [w.id for w in self.words]
        if len(set(ids)) != len(ids):
            raise ValueError(f"word type '{self.name}' declares a word id twice")

    def word(self, word_id: str) -> TypeWord:
        return next(w for w in self.words if w.id == word_id)

    def ordered(self, ids: Iterable[str]) -> tuple[str, ...]:
        """The ids in the declared order (the canonical order of a multiset)."""
        rank = {w.id: i for i, w in enumerate(self.words)}
        return tuple(sorted(ids, key=rank.__getitem__))

    def prose(self, ids: Iterable[str]) -> str:
        """The words as reminder text says them: `Gold Gold Faith` -> '2 Gold and 1 Faith'."""
        counts: dict[str, int] = {}
        for word_id in self.ordered(ids):
            counts[word_id] = counts.get(word_id, 0) + 1
        if not self.many:
            return " ".join(self.word(w).singular for w in counts)
        parts = [f"{n} {self.word(w).written(n)}" for w, n in counts.items()]
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


@dataclass(frozen=True)
class Param:
    """One typed parameter of an entry.

    `nouns` restricts what a selector may name (e.g. only things with health);
    `violation` is the finding code used when it names something else, and
    `reason` completes the message ("cannot be dealt damage").
    """

    name: str
    type: str  # a core type (`PARAM_TYPES`) or the name of a `WordType` of the registry
    nouns: frozenset[str] | None = None
    violation: str = "E-RULES-WRONG-TARGET"
    reason: str = ""
    minimum: int | None = None


@dataclass(frozen=True)
class Pattern:
    """One way to write an entry; `fixed` are argument values this wording implies."""

    text: str
    fixed: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class EffectEntry:
    name: str
    role: Role
    patterns: tuple[Pattern, ...]
    meaning: str
    examples: tuple[str, ...]
    params: tuple[Param, ...] = ()
    kinds: frozenset[str] | None = None  # card kinds that may use it; None: any kind
    reminder: str = ""  # keywords and condition keywords: reminder text, `{param}` replaced by the value
    defaults: tuple[tuple[str, object], ...] = ()
    core: bool = False  # a shared entry every game starts from
    # A restriction written after an activated ability's effects ("Activate only once per turn"):
    # it means nothing on a line without a cost.
    activated_only: bool = False
    # A phrase a game declares in its vocabulary: the core rules text it stands for, with `{slot}`s
    # (`Banish {target}` means `Destroy {target}.`); the simulator executes that text.
    means: str = ""
    _params: dict[str, Param] = field(default_factory=dict, init=False, compare=False, repr=False)
    # The parameters the rules check looks into (a minimum, or the nouns a selector may name);
    # most entries have none, and the check then skips their arguments.
    checked_params: dict[str, Param] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._params.update((p.name, p) for p in self.params)
        self.checked_params.update((p.name, p) for p in self.params if p.minimum is not None or p.nouns is not None)
        if not self.examples:
            raise ValueError(f"registry entry '{self.name}' needs at least one example sentence")
        if not self.meaning:
            raise ValueError(f"registry entry '{self.name}' needs a meaning")
        if self.role in REMINDED_ROLES and not self.reminder:
            raise ValueError(f"{self.role} '{self.name}' needs reminder text")
        names = {p.name for p in self.params}
        for pattern in self.patterns:
            for slot in pattern_slots(pattern.text):
                if slot not in names:
                    raise ValueError(f"pattern '{pattern.text}' of '{self.name}' names unknown parameter '{slot}'")

    def param(self, name: str) -> Param:
        return self._params[name]

    def has_param(self, name: str) -> bool:
        return name in self._params

    @property
    def phrasing(self) -> str:
        """The first pattern with slots shown as their parameter names, for tables and the glossary."""
        return self.patterns[0].text

    def reminder_for(self, args: dict[str, object], numbers: Mapping[str, int] | None = None) -> str:
        """The reminder with parameters filled in; `word(s)` agrees with the number before it.

        A reminder may print one of the game's rule numbers with `{number:ID}` (carddb.rules.numbertext),
        so the card says what the rules say: `numbers` are the game's values.
        """
        text = fill(self.reminder, numbers) if numbers else self.reminder
        for key, value in args.items():
            text = text.replace("{" + key + "}", str(value))
        return _AGREEING.sub(_agree, text)


_AGREEING = re.compile(r"\b(\d+) ([A-Za-z]+)\(s\)")


def _agree(match: re.Match[str]) -> str:
    number, word = match.group(1), match.group(2)
    if number == "1":
        return f"{number} {word}"
    return f"{number} {word}{'es' if word.endswith(('s', 'sh', 'ch')) else 's'}"


def pattern_slots(text: str) -> list[str]:
    """The `{slot}` names of a pattern, in order."""
    slots: list[str] = []
    rest = text
    while "{" in rest:
        start = rest.index("{")
        end = rest.index("}", start)
        slots.append(rest[start + 1 : end])
        rest = rest[end + 1 :]
    return slots


@dataclass(frozen=True)
class EffectRegistry:
    """The closed table of one game's phrases, looked up by name, and the word types they use."""

    game: str
    entries: tuple[EffectEntry, ...]
    types: tuple[WordType, ...] = ()
    _by_name: dict[str, EffectEntry] = field(default_factory=dict, compare=False, repr=False)
    _by_role: dict[tuple[str, ...], list[EffectEntry]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    _types: dict[str, WordType] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        for word_type in self.types:
            if word_type.name in self._types:
                raise ValueError(f"word type '{word_type.name}' is declared twice")
            self._types[word_type.name] = word_type
        known = (*PARAM_TYPES, *self._types)
        for entry in self.entries:
            if entry.name in self._by_name:
                raise ValueError(f"registry entry '{entry.name}' is declared twice")
            self._by_name[entry.name] = entry
            for param in entry.params:
                if param.type not in known:
                    close = difflib.get_close_matches(param.type, known, n=1)
                    raise ValueError(
                        f"parameter '{param.name}' of '{entry.name}' has the unknown type '{param.type}'"
                        + (f"; did you mean '{close[0]}'?" if close else "")
                        + f" (types: {', '.join(known)})"
                    )

    def __iter__(self) -> Iterator[EffectEntry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, name: str) -> EffectEntry:
        return self._by_name[name]

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def of_role(self, *roles: Role) -> list[EffectEntry]:
        if roles not in self._by_role:
            self._by_role[roles] = [e for e in self.entries if e.role in roles]
        return self._by_role[roles]

    def phrasings(self) -> list[str]:
        return [p.text for e in self.entries for p in e.patterns]

    def word_type(self, name: str) -> WordType | None:
        """The declared word type of that name; None for a core parameter type."""
        return self._types.get(name)


def build_registry(game: str, *groups: Iterable[EffectEntry], types: Iterable[WordType] = ()) -> EffectRegistry:
    """One game's registry from groups of entries (core first, then the game's own) and its word types."""
    return EffectRegistry(game, tuple(entry for group in groups for entry in group), tuple(types))
