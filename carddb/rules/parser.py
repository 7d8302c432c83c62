"""Parsing one line of rules text (one ability) into the typed AST, or into located problems.

A problem's `start`/`end` are character offsets inside the line; the card check
maps them to a line and column in the YAML file.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from carddb.rules.ast import (
    Ability,
    ActivatedAbility,
    ConditionedAbility,
    KeywordAbility,
    Node,
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
from carddb.rules.language import (
    DASHES,
    FAST_TOKEN_RE,
    HOOKS,
    CompiledPattern,
    RulesLanguage,
    WordToken,
    make_token,
    words_of,
)
from carddb.rules.registry import EffectEntry, pattern_slots


@dataclass(frozen=True)
class Problem:
    """A finding about one ability, before it is placed in a file."""

    code: str
    message: str
    start: int
    end: int
    hint: str | None = None


# A rule's builder: its children in text order (a token is its text, a plain `str`;
# anything else is a value built by an earlier reduction) and the rule's span in the line.
Build = Callable[[list[Any], int, int], Any]


@dataclass(slots=True, unsafe_hash=True)
class _Word(Node):
    text: str


@dataclass(slots=True, unsafe_hash=True)
class _NounRef(Node):
    id: str
    plural: bool


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


class AstBuilder:
    """Builds AST nodes from a rule's children: one method per core rule, `generated` for the others.

    `ParseTable` calls these on every reduction with the children and the span
    (start of the first child, end of the last), which the table loop keeps beside
    each value, so a token needs no object of its own to carry its offsets.
    """

    # Rules whose value is their one child: `start: ability`, `selector: fixed_selector`.
    passthrough = frozenset({"start", "selector"})

    def __init__(self, language: RulesLanguage) -> None:
        self.language = language
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
        return self._selector("a" if det == "an" else det, ch, 1, s, e)

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

            def fixed_selector(ch: list[Any], s: int, e: int) -> Selector:
                node = _new(Selector)
                _init_selector(node, "fixed", fixed, start=s, end=e)
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


class UnexpectedWord(Exception):
    """The parse table has no action for this word in this state; `expected` are the terminals it had."""

    def __init__(self, token: WordToken, expected: set[str]) -> None:
        super().__init__(f"unexpected {token.type} {token!r}")
        self.token = token
        self.expected = expected


def _helper(ch: list[Any], s: int, e: int) -> list[Any]:
    """A lark helper rule (`x*`, `x+`) is its children, for the rule above to splice in (`_splicing`)."""
    return ch


Reducer = tuple[int, Build | None, str]


class ParseTable:
    """lark's LALR(1) table for the language, re-keyed for a tight parsing loop.

    lark builds the table from the grammar; this drives it. lark's own driver calls
    each callback through wrapper objects and hashes a `Rule` on every reduction,
    which made parsing several times slower than this loop (bench/bench_rules.py).
    `states[n]` maps a symbol to the next state (a shift, an int) or to a reduction
    (size, build, goal); a build of None keeps the one child as it is.
    """

    # Bounds the token-type memo: rules text repeats its words, but a stream of garbage must not grow it forever.
    TYPE_MEMO_SIZE = 50_000
    # Bounds the memo of parses by the line's terminals (see `parse`).
    SHAPE_MEMO_SIZE = 8_192

    def __init__(self, language: RulesLanguage) -> None:
        lark_table = language.parser.parser.parser._parse_table
        builder = AstBuilder(language)
        literals = {name: word for word, name in language.word_types.items()}
        self.word_types = language.word_types
        self.type_memo: dict[str, str] = {}
        self.shape_memo: dict[tuple[str, ...], tuple[Reducer | None, ...]] = {}
        self.start = lark_table.start_states["start"]
        self.end = lark_table.end_states["start"]
        reducers: dict[int, Reducer] = {}
        self.states: list[dict[str, Any]] = [{} for _ in range(max(lark_table.states) + 1)]
        for state, actions in lark_table.states.items():
            row = self.states[state]
            for symbol, (action, arg) in actions.items():
                if action.name == "Shift":
                    row[symbol] = arg
                else:
                    key = id(arg)
                    if key not in reducers:
                        reducers[key] = self._reducer(arg, builder, literals)
                    row[symbol] = reducers[key]

    @staticmethod
    def _reducer(rule: Any, builder: AstBuilder, literals: dict[str, str]) -> Reducer:
        name = rule.alias or rule.origin.name
        size = len(rule.expansion)
        helpers = tuple(i for i, sym in enumerate(rule.expansion) if not sym.is_term and sym.name.startswith("_"))
        build: Build | None
        if name.startswith("_"):
            build = _helper
        elif size == 1 and not helpers and rule.options.expand1 and not rule.alias:
            build = None  # `?rule` with one child: the child itself
        else:
            build = builder.builder(name, rule.expansion, literals)
        if helpers and build is not None:
            build = _splicing(build, helpers)
        return (size, build, rule.origin.name)

    def token_types(self, words: list[str]) -> tuple[str, ...]:
        """The terminal of each word, as `carddb.rules.language.tokenize` types it, memoised by spelling."""
        try:
            return tuple(map(self.type_memo.__getitem__, words))
        except KeyError:  # a word not seen yet
            if len(self.type_memo) > self.TYPE_MEMO_SIZE:
                self.type_memo.clear()
            return tuple(map(self._token_type, words))

    def _token_type(self, word: str) -> str:
        first = word[0]
        if word.isdecimal():  # as carddb.rules.language.tokenize: '¹' is no number int() can read
            ttype = "INT"
        elif first.isalpha() or first == "{":
            ttype = self.word_types.get(word.lower(), "WORD")
        else:
            ttype = self.word_types.get(DASHES.get(word, word), "BADCHAR")
        self.type_memo[word] = ttype
        return ttype

    def parse(self, line: str) -> Any:
        """The value of `start` for one line; raises `UnexpectedWord` at the first word with no action.

        Tokens stay plain strings: a token's offset is found when it is shifted (it
        is the next non-blank text after the previous token). A reduction's span runs
        from the start of its first child, kept on a stack beside the values, to the
        end of the last token shifted: whatever is on top of the stack ends there.

        The table's decisions depend only on the terminals, so a line whose terminals
        were parsed before (`Deal 2 damage...` after `Deal 3 damage...`) replays the
        recorded shifts and builds without looking anything up in the table.
        """
        words: list[str] = FAST_TOKEN_RE.findall(line)
        shape = self.token_types(words)
        program = self.shape_memo.get(shape)
        if program is not None:
            return _replay(program, words, line)
        recorded: list[Reducer | None] = []
        record = recorded.append
        types = (*shape, "$END")
        words.append("")
        states, final = self.states, self.end
        state = self.start
        stack: list[int] = [state]
        values: list[Any] = []
        starts: list[int] = []
        find = line.find
        pos = 0
        for word, ttype in zip(words, types, strict=True):
            row = states[state]
            while True:
                action = row.get(ttype)
                if action is None:
                    at = find(word, pos)
                    token = make_token(ttype, word, at, at + len(word))
                    raise UnexpectedWord(token, {s for s in row if s.isupper()})
                if action.__class__ is int:
                    state = action
                    stack.append(state)
                    values.append(word)
                    start = find(word, pos)
                    starts.append(start)
                    pos = start + len(word)
                    record(None)
                    break
                size, build, goal = action
                if build is None:
                    state = states[stack[-2]][goal]
                    stack[-1] = state
                else:
                    record(action)
                    if size == 1:
                        values[-1] = build([values[-1]], starts[-1], pos)
                        state = states[stack[-2]][goal]
                        stack[-1] = state
                    else:
                        children = values[-size:]
                        del values[-size:]
                        del stack[-size:]
                        del starts[1 - size :]
                        values.append(build(children, starts[-1], pos))
                        state = states[stack[-1]][goal]
                        stack.append(state)
                if state == final:
                    if len(self.shape_memo) >= self.SHAPE_MEMO_SIZE:
                        self.shape_memo.clear()
                    self.shape_memo[shape] = tuple(recorded)
                    return values[-1]
                row = states[state]
        raise UnexpectedWord(make_token("$END", "", pos, pos), set())


def _replay(program: tuple[Reducer | None, ...], words: list[str], line: str) -> Any:
    """`ParseTable.parse` along a recorded path: None shifts the next word, a reducer builds.

    Only reductions with a builder are recorded (a pass-through leaves the stack as it is).
    """
    values: list[Any] = []
    starts: list[int] = []
    find = line.find
    pos = 0
    next_word = iter(words).__next__
    for action in program:
        if action is None:
            word = next_word()
            values.append(word)
            start = find(word, pos)
            starts.append(start)
            pos = start + len(word)
            continue
        size, build, _ = action
        if size == 1:
            values[-1] = build([values[-1]], starts[-1], pos)  # type: ignore[misc]  # recorded: never None
        else:
            children = values[-size:]
            del values[-size:]
            del starts[1 - size :]
            values.append(build(children, starts[-1], pos))  # type: ignore[misc]  # recorded: never None
    return values[-1]


def _splicing(build: Build, helpers: tuple[int, ...]) -> Build:
    """`build` for a rule with helper children at `helpers`: it sees their children in their place.

    The children list is the reduction's own (a fresh slice of the value stack), so
    the helpers' lists are spliced into it in place, the rightmost first.
    """
    if helpers == (0,):  # `sentences: sentence+`, and every `x*` / `x+` helper that grows

        def splice_first(ch: list[Any], s: int, e: int) -> Any:
            ch[:1] = ch[0]
            return build(ch, s, e)

        return splice_first
    rightmost_first = tuple((i, i + 1) for i in reversed(helpers))

    def splice(ch: list[Any], s: int, e: int) -> Any:
        for i, j in rightmost_first:
            ch[i:j] = ch[i]
        return build(ch, s, e)

    return splice


_TABLES: dict[int, ParseTable] = {}


def parse_table(language: RulesLanguage) -> ParseTable:
    key = id(language)
    if key not in _TABLES:
        _TABLES[key] = ParseTable(language)
    return _TABLES[key]


def parse_ability(line: str, language: RulesLanguage) -> Ability | Problem:
    """The AST of one ability, or the first problem that stops it from parsing."""
    if not line.strip():
        return Problem("E-RULES-SYNTAX", "an empty ability", 0, 1)
    try:
        result: Ability = parse_table(language).parse(line)
        return result
    except UnexpectedWord as exc:
        return describe_unexpected(line, exc, language)


# -- turning parser errors into findings a designer can act on -----------------


def describe_unexpected(line: str, exc: UnexpectedWord, language: RulesLanguage) -> Problem:
    token = exc.token
    expected = {t for t in exc.expected if not t.startswith("NEVER_")}
    names = language.terminal_text
    vocab = language.vocabulary
    found = str(token)
    at_end = token.type == "$END"
    start = len(line.rstrip()) if at_end else token.start
    end = start + (1 if at_end else max(1, len(found)))
    expected_words = sorted(names.get(t, t.lower()) for t in expected)

    resource_words = {w.lower() for r in vocab.resources for w in (r.singular, r.plural)}
    noun_words = {w.lower().split()[0] for n in vocab.nouns for w in (n.singular, n.plural)}
    if token.type == "BADCHAR":
        return Problem("E-RULES-SYNTAX", f"unexpected character '{found}' in rules text", start, end)
    condition = _condition_prefix_problem(line, start, at_end, token, language)
    if condition is not None:
        return condition
    keyword_param = _keyword_param_problem(line, start, language)
    if keyword_param is not None:
        return keyword_param
    if at_end and "DOT" in expected:
        return Problem(
            "E-RULES-SYNTAX",
            "the sentence is not finished: it needs a period (or more words)",
            start,
            end,
            hint="each sentence ends with a period",
        )
    if at_end:
        return Problem(
            "E-RULES-SYNTAX", "the ability stops in the middle: " + _expected_list(expected_words), start, end
        )
    unknown_word = token.type == "WORD"
    at_keyword = _sentence_start(line, start) and bool(expected & _first_terminals(language, "keyword"))
    if _looks_like_keyword_line(line) and (at_keyword or unknown_word):
        part_start = line.rfind(",", 0, start) + 1
        part_start += len(line[part_start:]) - len(line[part_start:].lstrip())
        name = " ".join(w for w in line[part_start:].split(",")[0].rstrip(". ").split() if not w.isdigit()) or found
        keywords = [_entry_label(e) for e in language.registry.of_role("keyword")]
        close = difflib.get_close_matches(name, keywords, n=2, cutoff=0.7)
        return Problem(
            "E-UNKNOWN-KEYWORD",
            f"'{name}' is not a keyword of this game (keywords: {', '.join(keywords)})",
            part_start,
            part_start + len(name),
            hint=f"did you mean {' or '.join(repr(c) for c in close)}?" if close else None,
        )
    if not _line_start(line, start) and token.type in _first_terminals(language, "timing"):
        return Problem(
            "E-RULES-SYNTAX",
            f"a timing ('{found} - ...') can only start an ability; a condition keyword cannot gate it",
            start,
            end,
            hint=f"state the condition in the timing: '{found} - When EVENT, if CONDITION: EFFECT.'",
        )
    if not _line_start(line, start) and token.type in _first_terminals(language, "cost"):
        return Problem(
            "E-RULES-SYNTAX",
            f"a cost ('{found} ...') can only start an ability; put each ability on its own line",
            start,
            end,
        )
    expected_set = set(expected_words)
    declared = _declared_type_problem(found, start, end, expected, language)
    if declared is not None and token.type == "WORD":
        return declared
    # A resource slot may come here (every resource of the game is expected, maybe among other words).
    if expected_set and resource_words and (expected_set <= resource_words or resource_words <= expected_set):
        close = difflib.get_close_matches(found.lower(), sorted(resource_words), n=2)
        return Problem(
            "E-RULES-UNKNOWN-RESOURCE",
            f"'{found}' is not a resource of this game (resources: "
            + ", ".join(r.singular for r in vocab.resources)
            + ")",
            start,
            end,
            hint=f"did you mean {' or '.join(repr(c) for c in close)}?" if close else None,
        )
    unknown = token.type == "WORD" and found.lower() not in language.word_types
    if unknown and _expects_noun(expected, language) and (found[:1].isupper() or found.lower().endswith("s")):
        close = difflib.get_close_matches(found.lower(), sorted(noun_words), n=2)
        return Problem(
            "E-RULES-UNKNOWN-KIND",
            f"'{found}' is not a card kind or subtype of this game",
            start,
            end,
            hint=f"did you mean {' or '.join(repr(c) for c in close)}?" if close else None,
        )
    if _sentence_start(line, start):
        return _unknown_phrase(line, start, found, language)
    if token.type == "WORD":
        close = difflib.get_close_matches(found.lower(), expected_words, n=3)
        return Problem(
            "E-RULES-UNKNOWN-WORD",
            f"'{found}' is not a word of this game's rules text here; " + _expected_list(expected_words),
            start,
            end,
            hint=f"did you mean {', '.join(repr(c) for c in close)}?" if close else None,
        )
    return Problem(
        "E-RULES-SYNTAX",
        f"unexpected '{found}': " + _expected_list(expected_words),
        start,
        end,
    )


def _keyword_param_problem(line: str, start: int, language: RulesLanguage) -> Problem | None:
    """A keyword of a keyword line (`Ward`, `Damage Reduction`) whose parameter should come at `start`.

    The words of the keyword line's current part (after the last comma or condition dash)
    are the keyword's words up to its slot, so the parameter is what is missing or wrong.
    """
    cuts = [line.rfind(",", 0, start), line.rfind(":", 0, start)]
    if (dash := line.rfind(" - ", 0, start)) >= 0:
        cuts.append(dash + 2)
    part_start = max(cuts) + 1
    tokens = language.tokens(line[part_start:start])
    words = [t.lower() for t in tokens]
    if not words:
        return None
    for entry in language.registry.of_role("keyword"):
        for pattern in entry.patterns:
            slots = pattern_slots(pattern.text)
            if slots and _leading_words(pattern.text) == words:
                missing = not line[start : start + 1].isalpha()
                problem = _parameter_problem(entry, slots[0], language, missing=missing)
                if problem is not None:
                    return Problem(problem[0], problem[1], part_start + tokens[0].start, part_start + tokens[-1].end)
    return None


# A line `WORDS - ABILITY` opens with a condition keyword (`Raiding`, `Affinity Gold Gold`) or
# a timing (`Reaction`): at most this many words, then a dash.
_PREFIX_WORDS = 6


def _condition_prefix(line: str, language: RulesLanguage) -> int | None:
    """Where the dash after a condition keyword or timing starts, if the line opens with one."""
    for index, token in enumerate(language.tokens(line)):
        if DASHES.get(token, token) == "-":
            return token.start if index else None
        if index >= _PREFIX_WORDS or token.type == "BADCHAR" or not (token[:1].isalnum() or token[:1] == "{"):
            return None
    return None


def _leading_words(text: str) -> list[str]:
    """The words of a pattern before its first slot (`Damage Reduction {amount}` -> damage, reduction)."""
    return words_of(text.split("{")[0])


def _entry_label(entry: EffectEntry) -> str:
    """How the glossary names an entry: its first pattern without slots (`Affinity`, `Damage Reduction`)."""
    return " ".join(w for w in entry.patterns[0].text.split() if "{" not in w)


def _condition_prefix_problem(
    line: str, start: int, at_end: bool, token: WordToken, language: RulesLanguage
) -> Problem | None:
    """A mistake in the `CONDITION -` that opens a line: an unknown condition keyword, or its parameter."""
    dash = _condition_prefix(line, language)
    if dash is None or start > dash or at_end:
        return None
    gates = language.registry.of_role("condition-keyword", "timing")
    if not gates:
        return None
    prefix = line[:dash].strip()
    tokens = language.tokens(prefix)
    words = [t.lower() for t in tokens]
    for entry in gates:
        for pattern in entry.patterns:
            lead, slots = _leading_words(pattern.text), pattern_slots(pattern.text)
            if slots and words[: len(lead)] == lead:
                # The parameter's first word is missing (the dash came) or not one it can be.
                slot_at = tokens[len(lead)].start if len(tokens) > len(lead) else dash
                if start == slot_at:
                    problem = _parameter_problem(entry, slots[0], language, missing=start == dash)
                    if problem is not None:
                        span = (tokens[0].start, tokens[len(lead) - 1].end) if start == dash else (start, token.end)
                        return Problem(problem[0], problem[1], *span)
    labels = [_entry_label(e) for e in gates]
    if any(words[: len(w := words_of(label))] == w for label in labels):
        return None  # a known condition keyword: the mistake is elsewhere
    name = " ".join(w for w in prefix.split() if not w.isdigit())
    close = difflib.get_close_matches(name.lower(), [label.lower() for label in labels], n=2, cutoff=0.6)
    shown = [label for label in labels if label.lower() in close]
    roles = " or ".join(dict.fromkeys(e.role.replace("-", " ") for e in gates))
    return Problem(
        "E-UNKNOWN-CONDITION",
        f"'{name}' is not a {roles} of this game ({', '.join(labels)})",
        0,
        len(prefix),
        hint=f"did you mean {' or '.join(repr(c) for c in shown)}?" if shown else None,
    )


def _parameter_problem(
    entry: EffectEntry, slot: str, language: RulesLanguage, *, missing: bool
) -> tuple[str, str] | None:
    """(code, message) for a keyword or condition keyword whose parameter is missing or not a number.

    A wrong word where a declared word type is expected is `_declared_type_problem`'s to describe.
    """
    label = _entry_label(entry)
    what = entry.role.replace("-", " ")
    param = entry.param(slot)
    if param.type in {"number", "count"}:
        return "E-RULES-KEYWORD-PARAM", f"the {what} '{label}' needs a number, e.g. '{label} 1'"
    word_type = language.registry.word_type(param.type)
    if word_type is not None and missing:
        some = "one or more " + _plural(word_type.label) if word_type.many else indefinite(word_type.label)
        single = "" if word_type.many else f" {word_type.label}"
        return (
            "E-RULES-KEYWORD-PARAM",
            f"the {what} '{label}' needs {some}{single}, e.g. '{label} {word_type.words[0].singular}'",
        )
    return None


def _declared_type_problem(
    found: str, start: int, end: int, expected: set[str], language: RulesLanguage
) -> Problem | None:
    """An unknown word where the words of a declared word type (`Gold`, `Faith`...) are expected."""
    # Only where the words of one type are all that may come (besides punctuation): `Gain 2 Silver`
    # expects any resource, basic ones too, and is the resource check's to describe.
    punctuation = {language.word_types.get(mark) for mark in ".,:-"}
    words_expected = {t for t in expected if t not in punctuation}
    for word_type in language.registry.types:
        forms = {f.lower() for w in word_type.words for f in w.forms}
        names = {language.word_types.get(f) for f in forms}
        if not names or not names <= expected or not words_expected <= names:
            continue
        # Matched against every form (`Gemstonez` is closest to `Gemstones`), suggested once, as written singly.
        singular = {f.lower(): w.singular for w in word_type.words for f in w.forms}
        close = list(dict.fromkeys(singular[c] for c in difflib.get_close_matches(found.lower(), sorted(forms), n=2)))
        return Problem(
            "E-RULES-UNKNOWN-WORD",
            f"'{found}' is not {indefinite(word_type.label)} {word_type.label} of this game "
            f"({_plural(word_type.label)}: {', '.join(w.singular for w in word_type.words)})",
            start,
            end,
            hint=f"did you mean {' or '.join(repr(c) for c in close)}?" if close else None,
        )
    return None


def indefinite(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _plural(label: str) -> str:
    return label + ("es" if label.endswith(("s", "sh", "ch")) else "s")


def _looks_like_keyword_line(line: str) -> bool:
    """A line without sentences: no period, no colon, only short comma-separated parts."""
    short_parts = all(len(part.split()) <= 3 for part in line.split(","))
    return short_parts and "." not in line and ":" not in line


def _line_start(line: str, start: int) -> bool:
    return not line[:start].strip()


def _expected_list(words: list[str]) -> str:
    shown = [w for w in words if w != "end of text"][:12]
    more = " ..." if len(words) > 12 else ""
    return "expected " + ", ".join(f"'{w}'" if w != "a number" else w for w in shown) + more


def _sentence_start(line: str, start: int) -> bool:
    before = line[:start].rstrip()
    return before == "" or before.endswith((".", ":", ",", " -"))


_FIRST_CACHE: dict[tuple[int, str], set[str]] = {}


def _first_terminals(language: RulesLanguage, hook: str) -> set[str]:
    """Terminals that can start the given hook rule (computed from the grammar)."""
    key = (id(language), hook)
    if key not in _FIRST_CACHE:
        rules = language.parser.rules
        by_origin: dict[str, list[Any]] = {}
        for rule in rules:
            by_origin.setdefault(rule.origin.name, []).append(rule)
        seen: set[str] = set()
        out: set[str] = set()

        def visit(name: str) -> None:
            if name in seen:
                return
            seen.add(name)
            for rule in by_origin.get(name, []):
                if rule.expansion:
                    sym = rule.expansion[0]
                    if sym.is_term:
                        out.add(sym.name)
                    else:
                        visit(sym.name)

        visit(hook)
        _FIRST_CACHE[key] = out
    return _FIRST_CACHE[key]


def _expects_noun(expected: set[str], language: RulesLanguage) -> bool:
    nouns = _first_terminals(language, "noun") | _first_terminals(language, "nouns")
    return bool(expected & nouns) and len(expected & nouns) * 2 >= len(expected - {"DOT", "COMMA"})


def _unknown_phrase(line: str, start: int, found: str, language: RulesLanguage) -> Problem:
    rest = line[start:].split(".")[0].split(":")[0].strip() or found
    close = closest_phrasings(rest, language)
    hint = "closest known phrasings: " + " | ".join(close) if close else None
    return Problem(
        "E-UNKNOWN-EFFECT",
        f"no effect of this game reads '{rest[:60]}'",
        start,
        start + max(1, len(found)),
        hint=hint,
    )


def closest_phrasings(text: str, language: RulesLanguage, n: int = 3) -> list[str]:
    """The registry's example sentences that read most like `text`.

    Compared word by word on the first six words (difflib on characters is far too
    slow for long garbage lines, and a misspelt verb still leaves the rest matching).
    """
    query = text.lower().split()[:6]
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(query)
    scored: list[tuple[float, str]] = []
    for words, sentence in _example_sentences(language):
        matcher.set_seq1(words)
        if matcher.real_quick_ratio() >= 0.4 and matcher.quick_ratio() >= 0.4:
            ratio = matcher.ratio()
            if ratio >= 0.4:
                scored.append((ratio, sentence))
    scored.sort(key=lambda item: -item[0])
    return [sentence for _, sentence in scored[:n]]


_EXAMPLES: dict[int, list[tuple[list[str], str]]] = {}


def _example_sentences(language: RulesLanguage) -> list[tuple[list[str], str]]:
    """(opening words, sentence) for every sentence of every registry example, without repeats."""
    key = id(language)
    if key not in _EXAMPLES:
        seen: dict[str, tuple[list[str], str]] = {}
        for entry in language.registry:
            for example in entry.examples:
                for sentence in re.split(r"(?<=[.:]) |, ", example):
                    sentence = sentence.rstrip(".:")
                    seen.setdefault(sentence.lower(), (sentence.lower().split()[:6], sentence))
        _EXAMPLES[key] = list(seen.values())
    return _EXAMPLES[key]
