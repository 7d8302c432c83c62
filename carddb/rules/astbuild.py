"""The reductions that build the typed AST of one ability from the parse (one builder per grammar rule).

Each builder gets its rule's children in text order and the rule's span in the line; the
patterns of the game's registry entries get builders generated from their slots.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from carddb.rules.ast import (
    ActivatedAbility,
    ConditionedAbility,
    KeywordAbility,
    Number,
    Phrase,
    Postfix,
    Quantity,
    Selector,
    Sentence,
    SentenceAbility,
    TimedAbility,
    TriggeredAbility,
    Words,
)
from carddb.rules.astbuild_broad import BroadBuilders
from carddb.rules.astbuild_misc import MiscBuilders
from carddb.rules.astparts import NounRef as _NounRef
from carddb.rules.astparts import Word as _Word
from carddb.rules.language import (
    HOOKS,
    CompiledPattern,
    RulesLanguage,
)

# A rule's builder: its children in text order (a token is its text, a plain `str`;
# anything else is a value built by an earlier reduction) and the rule's span in the line.
Build = Callable[[list[Any], int, int], Any]


# The hot builders make a node with `_new(cls)` and `cls.__init__`, not `cls(...)`: calling
# the class hands the keyword-only start/end to `__init__` through a dict (CPython's
# slot_tp_init), which took about as long as the rest of making the node.
_new = object.__new__
_init_number = Number.__init__
_init_phrase = Phrase.__init__
_init_selector = Selector.__init__
_init_sentence = Sentence.__init__
_init_sentence_ability = SentenceAbility.__init__


def _nodes(children: list[Any]) -> list[Any]:
    return [c for c in children if not isinstance(c, str)]


def _value(child: Any) -> Any:
    return child.text if isinstance(child, _Word) else child


class AstBuilder(MiscBuilders, BroadBuilders):
    """Builds AST nodes from a rule's children: one method per core rule, `generated` for the others.

    `ParseTable` calls these on every reduction with the children and the span
    (start of the first child, end of the last), which the table loop keeps beside
    each value, so a token needs no object of its own to carry its offsets.
    """

    # Rules whose value is their one child: `start: ability`, `selector: fixed_selector`.
    passthrough = frozenset({"start", "selector"})

    def __init__(self, language: RulesLanguage) -> None:
        self.language = language
        self.target_words = frozenset(language.vocabulary.target_words)
        self.number_values: dict[str, int] = {}
        for index, word in enumerate(language.vocabulary.number_words):
            self.number_values.setdefault(word, index + 1)  # the first spelling wins, as list.index did

    # abilities
    def keywords(self, ch: list[Any], s: int, e: int) -> KeywordAbility:
        period = any(isinstance(c, str) and c == "." for c in ch)
        return KeywordAbility(tuple(c for c in ch if isinstance(c, Phrase)), period=period, start=s, end=e)

    def activated(self, ch: list[Any], s: int, e: int) -> ActivatedAbility:
        costs = tuple(c for c in ch[:-1] if isinstance(c, Phrase))
        return ActivatedAbility(costs, ch[-1], start=s, end=e)

    def triggered(self, ch: list[Any], s: int, e: int) -> TriggeredAbility:
        return TriggeredAbility(ch[0], ch[-1], start=s, end=e)

    def timed(self, ch: list[Any], s: int, e: int) -> TimedAbility:
        nodes = _nodes(ch)
        conditions = nodes[2] if len(nodes) == 4 else ()
        return TimedAbility(nodes[0], nodes[1], conditions, nodes[-1], start=s, end=e)

    def conditioned(self, ch: list[Any], s: int, e: int) -> ConditionedAbility:
        return ConditionedAbility(ch[0], ch[-1], start=s, end=e)

    def sentence_ability(self, ch: list[Any], s: int, e: int) -> SentenceAbility:
        node = _new(SentenceAbility)
        _init_sentence_ability(node, ch[0], start=s, end=e)
        return node

    # sentences
    def sentences(self, ch: list[Any], s: int, e: int) -> tuple[Sentence, ...]:
        return tuple(ch)

    def plain_sentence(self, ch: list[Any], s: int, e: int) -> Sentence:
        node = _new(Sentence)
        _init_sentence(node, ch[0], start=s, end=e)
        return node

    def optional_sentence(self, ch: list[Any], s: int, e: int) -> Sentence:
        return Sentence(_nodes(ch)[0], optional=True, start=s, end=e)

    def conditional_sentence(self, ch: list[Any], s: int, e: int) -> Sentence:
        conditions, phrase = _nodes(ch)
        return Sentence(phrase, conditions=conditions, start=s, end=e)

    def conditional_optional_sentence(self, ch: list[Any], s: int, e: int) -> Sentence:
        conditions, phrase = _nodes(ch)
        return Sentence(phrase, optional=True, conditions=conditions, start=s, end=e)

    def conditions(self, ch: list[Any], s: int, e: int) -> tuple[Phrase, ...]:
        return tuple(_nodes(ch))

    # selectors
    def det_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        det = ch[0].text  # `determiner adjective* noun postfix*`
        selector = self._selector("a" if det == "an" else det, ch, 1, s, e)
        return self.targeting(selector) if det in self.target_words else selector

    def all_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        return self._selector("all", ch, 0, s, e)

    def bare_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        return self._selector("", ch, 0, s, e)

    def _selector(self, det: str, ch: list[Any], first: int, s: int, e: int) -> Selector:
        """The selector of children `ch[first:]`: adjectives, the noun, postfixes (and the `all` token)."""
        adjectives: list[str] = []
        post: list[Postfix] = []
        noun: _NounRef | None = None
        for child in ch[first:]:
            if isinstance(child, _Word):
                adjectives.append(child.text)
            elif isinstance(child, Postfix):
                post.append(child)
            elif noun is None and isinstance(child, _NounRef):
                noun = child
        assert noun is not None  # the grammar puts one in every selector
        node = _new(Selector)
        _init_selector(node, det, noun.id, tuple(adjectives), tuple(post), start=s, end=e)
        return node

    def _word(self, ch: list[Any], s: int, e: int) -> _Word:
        return _Word(" ".join(c.lower() for c in ch if isinstance(c, str)))

    determiner = _word
    adjective = _word
    comparison = _word
    number_word = _word

    # numbers
    def amount(self, ch: list[Any], s: int, e: int) -> Number:
        child = ch[0]
        node = _new(Number)
        if isinstance(child, _Word):
            _init_number(node, self.number_values[child.text], child.text, start=s, end=e)
        elif child.isdecimal():  # the lexer makes a token INT exactly when it is decimal digits
            value = int(child)
            _init_number(node, value, str(value), start=s, end=e)
        else:
            _init_number(node, 1, child.lower(), start=s, end=e)  # "a" / "an"
        return node

    count = amount

    def quantity(self, ch: list[Any], s: int, e: int) -> Quantity:
        nodes = _nodes(ch)
        if not nodes:
            return Quantity(0, "no", start=s, end=e)
        return Quantity(nodes[0].value, nodes[1].text, text=nodes[0].written, start=s, end=e)

    # generated rules: patterns, nouns, fixed selectors, postfixes, resources
    def generated(self, data: str, expansion: list[Any]) -> Build:
        """The builder of a rule generated from the vocabulary or the registry, by its alias."""
        lang = self.language
        if data in lang.rules:
            return self._pattern_builder(lang.rules[data], expansion)
        if data in lang.noun_rules:
            # Only the selector reads a noun, and only its id: one shared value per rule.
            noun = _NounRef(*lang.noun_rules[data])
            return lambda ch, s, e: noun
        if data in lang.fixed_rules:
            fixed = lang.fixed_rules[data]
            wording = lang.fixed_words.get(data, "")

            def fixed_selector(ch: list[Any], s: int, e: int) -> Selector:
                node = _new(Selector)
                _init_selector(node, "fixed", fixed, start=s, end=e)
                if wording:
                    node.word = wording
                return node

            return fixed_selector
        if data in lang.postfix_rules:
            name = lang.postfix_rules[data]
            return lambda ch, s, e: self._postfix(name, ch, s, e)
        if data in lang.resource_rules:
            resource = _Word(lang.resource_rules[data])
            return lambda ch, s, e: resource
        if data in lang.type_word_rules:
            word = _Word(lang.type_word_rules[data])
            return lambda ch, s, e: word
        if data in lang.type_rules:
            word_type = lang.type_rules[data]

            def words(ch: list[Any], s: int, e: int) -> Words:
                return Words(word_type.name, word_type.ordered(c.text for c in ch), start=s, end=e)

            return words
        broad = self.broad_generated(data)
        if broad is not None:
            return broad
        if data in HOOKS or data == "resource":
            # A hook the game fills with nothing is `hook: NEVER_HOOK`: no input can reach it.
            return lambda ch, s, e: ch[0]
        raise LookupError(f"grammar rule '{data}' has no builder")

    def _pattern_builder(self, compiled: CompiledPattern, expansion: list[Any]) -> Build:
        """A phrase's arguments in the entry's parameter order, then the wording's other fixed values.

        Which child fills which slot is known from the rule, so the recipe is worked
        out once per rule: (name, index of the child, or -1 and the fixed pair).
        """
        entry, index = compiled.entry.name, compiled.index
        fixed = dict(compiled.pattern.fixed)
        children = [i for i, symbol in enumerate(expansion) if not symbol.is_term]
        slot_child = dict(zip(compiled.slots, children, strict=True))
        names = [p.name for p in compiled.entry.params if p.name in fixed or p.name in slot_child]
        names += [k for k in fixed if k not in names]
        recipe = tuple((name, slot_child.get(name, -1), (name, fixed.get(name))) for name in names)

        def build(ch: list[Any], s: int, e: int) -> Phrase:
            args = tuple([pair if i < 0 else (name, _value(ch[i])) for name, i, pair in recipe])
            node = _new(Phrase)
            _init_phrase(node, entry, args, index, start=s, end=e)
            return node

        # Most patterns have one or two slots and nothing fixed: no loop for those.
        if [i >= 0 for _, i, _ in recipe] == [True]:
            ((name, at, _),) = recipe

            def build_one(ch: list[Any], s: int, e: int) -> Phrase:
                node = _new(Phrase)
                _init_phrase(node, entry, ((name, _value(ch[at])),), index, start=s, end=e)
                return node

            return build_one
        if [i >= 0 for _, i, _ in recipe] == [True, True]:
            (name1, at1, _), (name2, at2, _) = recipe

            def build_two(ch: list[Any], s: int, e: int) -> Phrase:
                node = _new(Phrase)
                _init_phrase(node, entry, ((name1, _value(ch[at1])), (name2, _value(ch[at2]))), index, start=s, end=e)
                return node

            return build_two
        if any(i >= 0 for _, i, _ in recipe):
            return build
        # No slot (`Draw a card`, `Win the game`): the arguments are the wording's fixed values.
        constant = tuple(pair for _, _, pair in recipe)

        def build_fixed(ch: list[Any], s: int, e: int) -> Phrase:
            node = _new(Phrase)
            _init_phrase(node, entry, constant, index, start=s, end=e)
            return node

        return build_fixed

    def _postfix(self, name: str, ch: list[Any], s: int, e: int) -> Postfix:
        nodes = _nodes(ch)
        amount = next((n for n in nodes if isinstance(n, Number)), None)
        comparison = next((n.text for n in nodes if isinstance(n, _Word)), None)
        return Postfix(name, amount, comparison, start=s, end=e)

    def builder(self, name: str, expansion: list[Any], literals: dict[str, str]) -> Build | None:
        """The rule's builder; None for a rule whose value is its one child."""
        if name in self.passthrough and len(expansion) == 1:
            return None
        method: Build | None = getattr(self, name, None) if not name.startswith("_") else None
        if method is None:
            return self.generated(name, expansion)
        if method == self._word and all(_plain_literal(literals.get(sym.name)) for sym in expansion):
            # Its tokens are fixed words, so its text is too: one shared value per rule.
            word = _Word(" ".join(literals[sym.name] for sym in expansion))
            return lambda ch, s, e: word
        return method


def _plain_literal(value: str | None) -> bool:
    """A terminal whose tokens, lowercased, are exactly its text (a word, not punctuation the lexer maps)."""
    return value is not None and (value[:1].isalpha() or value[:1] == "{")
