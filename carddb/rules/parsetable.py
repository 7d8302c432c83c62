"""The parser's driver: the game's grammar as an LALR table (made by lark), run over a line's words.

carddb runs lark's parse table itself rather than lark's parser: the words of a line are typed
by the game's vocabulary first (`WordLexer`), and each reduction calls the AST builder directly,
so a line parses in one pass. lark is pinned below its next major version because this reads
its table's layout.
"""

from __future__ import annotations

from typing import Any

from carddb.rules.astbuild import AstBuilder, Build
from carddb.rules.language import (
    DASHES,
    FOR_THE_REST,
    NEXT_BULLET,
    THEN,
    RulesLanguage,
    WordToken,
    make_token,
)


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
        self.token_re = language.token_re
        self.type_memo: dict[str, str] = {}
        self.shape_memo: dict[tuple[str, ...], tuple[Reducer | None, ...]] = {}
        self.start = lark_table.start_states["start"]
        self.end = lark_table.end_states["start"]
        # Every rule the table can parse a text as (a whole ability, or one phrase for a broad language).
        self.starts = {name: (lark_table.start_states[name], lark_table.end_states[name]) for name in language.starts}
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

    def knows_shape(self, line: str) -> bool:
        """Whether a line of these terminals was parsed before, so `parse` replays its recorded reductions."""
        return tuple(self.token_types(self.token_re.findall(line))) in self.shape_memo

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
        elif first == "," and len(word) > 1:  # `, then` (broad languages)
            ttype = self.word_types.get(THEN, "BADCHAR")
        elif first == "." and len(word) > 1:  # `. •` (broad languages)
            ttype = self.word_types.get(NEXT_BULLET, "BADCHAR")
        elif first.isalpha() or first == "{":
            ttype = self.word_types.get(word.lower() if " " not in word and "\t" not in word else FOR_THE_REST, "WORD")
            if ttype == "WORD" and "\u2019" in word:  # a curly apostrophe: `can’t`
                ttype = self.word_types.get(word.lower().replace("\u2019", "'"), "WORD")
        else:
            ttype = self.word_types.get(DASHES.get(word, word), "BADCHAR")
        self.type_memo[word] = ttype
        return ttype

    def parse(self, line: str, start: str = "start") -> Any:
        """The value of `start` for one line; raises `UnexpectedWord` at the first word with no action.

        Tokens stay plain strings: a token's offset is found when it is shifted (it
        is the next non-blank text after the previous token). A reduction's span runs
        from the start of its first child, kept on a stack beside the values, to the
        end of the last token shifted: whatever is on top of the stack ends there.

        The table's decisions depend only on the terminals, so a line whose terminals
        were parsed before (`Deal 2 damage...` after `Deal 3 damage...`) replays the
        recorded shifts and builds without looking anything up in the table.
        """
        words: list[str] = self.token_re.findall(line)
        shape = self.token_types(words)
        if start != "start":  # a phrase on its own (a declared phrase's meaning): its own start and memo key
            shape = (start, *shape)
        program = self.shape_memo.get(shape)
        if program is not None:
            return _replay(program, words, line)
        recorded: list[Reducer | None] = []
        record = recorded.append
        types = (*(shape[1:] if start != "start" else shape), "$END")
        words.append("")
        states, (state, final) = self.states, self.starts[start]
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
