"""A game's rules language: its vocabulary, its effect registry, and the parser built from both.

The core grammar (`grammar.lark`) fixes the shapes of abilities and selectors; a
pack's `Vocabulary` supplies the words (kinds, adjectives, fixed selectors,
resources, number words) and its `EffectRegistry` supplies the phrases. Each
registry pattern becomes one grammar rule, so a new game adds phrases without
touching the core grammar.

The parser is lark's LALR(1) fed by a small word lexer: every word is looked up
in a table (so an unknown word is reported as exactly that word) and keywords are
matched case-insensitively.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib.resources import files
from typing import Any

from lark import Lark, Token
from lark.lexer import Lexer

from carddb.files.usercache import private_cache_file
from carddb.rules.registry import EffectEntry, EffectRegistry, Pattern, WordType, pattern_slots

# Grammar hooks every pack fills (possibly with nothing); see grammar.lark.
HOOKS = (
    "effect",
    "cost",
    "static",
    "trigger",
    "event",
    "condition",
    "keyword",
    "condition_keyword",
    "timing",
    "noun",
    "nouns",
    "adjective",
    "fixed_selector",
    "postfix",
    "number_word",
)

# Hooks whose value is the one phrase they hold (lark's `?rule`): no node of their own.
_INLINE_HOOKS = frozenset({"effect", "cost", "static", "trigger", "event", "condition", "keyword", "condition_keyword"})

# Which grammar rule parses a parameter of each core type (a declared word type: `word_type_rule`).
SLOT_RULES = {
    "number": "amount",
    "count": "count",
    "selector": "selector",
    "kind": "selector",
    "kinds": "selector",
    "resource": "resource",
    "quantity": "quantity",
    "comparison": "comparison",
    "condition": "condition",
    "conditions": "conditions",
    "event": "event",
    "effect": "effect",
}

TOKEN_RE = re.compile(
    r"(?P<word>\{[A-Za-z0-9]+\}|[A-Za-z]+(?:-[A-Za-z]+)*)"
    r"|(?P<int>[0-9]+)"
    r"|(?P<poss>['\u2019]s\b)"
    r"|(?P<punct>[.,:+\-\u2013\u2014])"
    r"|(?P<space>\s+)"
    r"|(?P<other>.)"
)


@dataclass(frozen=True)
class Noun:
    """A word a selector can name: a card kind or subtype, or `character`, `player`..."""

    id: str
    singular: str
    plural: str
    capitalised: bool = True


@dataclass(frozen=True)
class Vocabulary:
    nouns: tuple[Noun, ...]
    adjectives: tuple[str, ...]
    fixed_selectors: tuple[tuple[str, str], ...]  # (id, text): ("this-card", "this card")
    postfixes: tuple[tuple[str, str], ...]  # (id, text); text may hold {amount} and {comparison}
    resources: tuple[Noun, ...]
    icons: dict[str, str] = field(default_factory=dict)  # singular word -> icon name
    # Card kinds that stay in play, so their abilities can be activated.
    activatable_kinds: frozenset[str] = frozenset()
    # Phrases a kind's text must contain: (kind, registry entry, what to tell the designer).
    required_phrases: tuple[tuple[str, str, str], ...] = ()
    # Fixed selectors that refer back to something the ability named earlier, and postfixes that
    # hold such a pronoun (LOE: "coupled to it"): the ambiguity check looks for what they name.
    pronouns: frozenset[str] = frozenset({"it", "its-controller", "that-player"})
    pronoun_postfixes: frozenset[str] = frozenset()
    number_words: tuple[str, ...] = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

    def noun(self, noun_id: str) -> Noun | None:
        return next((n for n in self.nouns if n.id == noun_id), None)

    def resource(self, resource_id: str) -> Noun | None:
        return next((n for n in self.resources if n.id == resource_id), None)

    def fixed_text(self, selector_id: str) -> str:
        return next(text for sid, text in self.fixed_selectors if sid == selector_id)

    def postfix_text(self, postfix_id: str) -> str:
        return next(text for pid, text in self.postfixes if pid == postfix_id)


def words_of(text: str) -> list[str]:
    """The grammar tokens of a piece of pattern text, lowercased (`word(s)` kept whole)."""
    out: list[str] = []
    pos = 0
    while pos < len(text):
        match = TOKEN_RE.match(text, pos)
        assert match is not None  # the `other` group matches any character
        kind, value, pos = match.lastgroup, match.group(), match.end()
        if kind == "word" and text.startswith("(s)", pos):
            out.append(value.lower() + "(s)")
            pos += 3
        elif kind in {"word", "int", "punct"}:
            out.append(value.lower())
        elif kind == "poss":
            out.append("'s")
    return out


def _literal(word: str) -> str:
    if word.endswith("(s)"):
        base = word[:-3]
        plural = base + ("es" if base.endswith(("s", "sh", "ch")) else "s")
        return f'("{base}" | "{plural}")'
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(frozen=True)
class CompiledPattern:
    entry: EffectEntry
    index: int
    pattern: Pattern
    slots: tuple[str, ...]


class RulesLanguage:
    """Everything needed to parse, check and print one game's rules text."""

    def __init__(
        self, vocabulary: Vocabulary, registry: EffectRegistry, numbers: Mapping[str, int] | None = None
    ) -> None:
        self.vocabulary = vocabulary
        self.registry = registry
        # The game's rule numbers, which reminder text may print with {number:ID}.
        self.numbers: Mapping[str, int] = dict(numbers or {})
        self.rules: dict[str, CompiledPattern] = {}
        self.noun_rules: dict[str, tuple[str, bool]] = {}  # rule name -> (noun id, plural)
        self.fixed_rules: dict[str, str] = {}
        self.postfix_rules: dict[str, str] = {}
        self.resource_rules: dict[str, str] = {}
        self.type_rules: dict[str, WordType] = {}  # rule name -> the declared word type it parses
        self.type_word_rules: dict[str, str] = {}  # rule name -> the id of one word of a word type
        self.grammar_text = self._grammar()

    # -- grammar generation -------------------------------------------------

    def _grammar(self) -> str:
        core = files("carddb.rules").joinpath("grammar.lark").read_text(encoding="utf-8")
        alternatives: dict[str, list[str]] = {hook: [] for hook in (*HOOKS, "resource")}
        for entry in self.registry:
            for index, pattern in enumerate(entry.patterns):
                name = f"p{len(self.rules)}"
                self.rules[name] = CompiledPattern(entry, index, pattern, tuple(pattern_slots(pattern.text)))
                body = self._pattern_body(entry, pattern.text)
                hook = role_hook(entry.role)
                alternatives[hook if hook in alternatives else "effect"].append(f"{body} -> {name}")
        vocab = self.vocabulary
        for noun in vocab.nouns:
            rule = f"n_{_ident(noun.id)}"
            self.noun_rules[rule] = (noun.id, False)
            self.noun_rules[rule + "_pl"] = (noun.id, True)
            alternatives["noun"].append(f"{_words(noun.singular)} -> {rule}")
            alternatives["nouns"].append(f"{_words(noun.plural)} -> {rule}_pl")
        for res in vocab.resources:
            rule = f"r_{_ident(res.id)}"
            self.resource_rules[rule] = res.id
            forms = {res.singular.lower(), res.plural.lower()}
            alternatives["resource"].append("(" + " | ".join(_words(f) for f in sorted(forms)) + f") -> {rule}")
        alternatives["adjective"] = [_literal(a.lower()) for a in vocab.adjectives]
        for sid, text in vocab.fixed_selectors:
            rule = f"f_{_ident(sid)}"
            self.fixed_rules[rule] = sid
            alternatives["fixed_selector"].append(f"{_words(text)} -> {rule}")
        for pid, text in vocab.postfixes:
            rule = f"x_{_ident(pid)}"
            self.postfix_rules[rule] = pid
            alternatives["postfix"].append(f"{self._pattern_body(None, text)} -> {rule}")
        alternatives["number_word"] = [_literal(w) for w in vocab.number_words]
        lines = [core, "// generated from the game's vocabulary and effect registry"]
        lines += self._word_type_rules()
        for hook, alts in alternatives.items():
            inline = "?" if hook in _INLINE_HOOKS else ""
            if alts:
                lines.append(f"{inline}{hook}: " + "\n    | ".join(alts))
            else:
                never = f"NEVER_{hook.upper()}"
                lines.append(f"%declare {never}")
                lines.append(f"{hook}: {never}")
        return "\n".join(lines) + "\n"

    def _pattern_body(self, entry: EffectEntry | None, text: str) -> str:
        parts: list[str] = []
        for piece in re.split(r"(\{[a-z_]+\})", text):
            if piece.startswith("{") and piece.endswith("}"):
                slot = piece[1:-1]
                if entry is None:
                    parts.append({"amount": "amount", "comparison": "comparison"}[slot])
                else:
                    type_name = entry.param(slot).type
                    parts.append(SLOT_RULES.get(type_name) or word_type_rule(type_name))
            else:
                parts.extend(_literal(w) for w in words_of(piece))
        return " ".join(parts)

    def _word_type_rules(self) -> list[str]:
        """A rule per declared word type that some parameter uses: one word of it, or several in a row."""
        used = {p.type for entry in self.registry for p in entry.params}
        lines: list[str] = []
        for word_type in self.registry.types:
            if word_type.name not in used:
                continue
            rule = word_type_rule(word_type.name)
            self.type_rules[rule] = word_type
            alternatives = []
            for word in word_type.words:
                alias = f"{rule}__{_ident(word.id)}"
                self.type_word_rules[alias] = word.id
                forms = sorted({f.lower() for f in word.forms})
                alternatives.append("(" + " | ".join(_words(f) for f in forms) + f") -> {alias}")
            lines.append(f"{rule}: {rule}_word{'+' if word_type.many else ''}")
            lines.append(f"{rule}_word: " + "\n    | ".join(alternatives))
        return lines

    # -- the parser -----------------------------------------------------------

    @cached_property
    def parser(self) -> Lark:
        """lark's LALR(1) analysis of the grammar: its tables and terminals.

        `carddb.rules.parser.ParseTable` drives these tables to build the AST; lark
        caches the analysis on disk, so a new process loads it instead of redoing it.
        """
        # Not lark's cache=True: that loads a pickle from the shared temp folder (carddb.files.usercache).
        import sys

        import lark

        version = f"{lark.__version__}-{sys.version_info[0]}.{sys.version_info[1]}"
        cache = private_cache_file("lark", self.grammar_text, version)
        return Lark(
            self.grammar_text,
            parser="lalr",
            lexer=WordLexer,
            keep_all_tokens=True,
            maybe_placeholders=False,
            cache=str(cache) if cache is not None else False,
        )

    @cached_property
    def word_types(self) -> dict[str, str]:
        """Lowercased word or punctuation -> terminal name, from the compiled grammar."""
        table: dict[str, str] = {}
        for terminal in self.parser.terminals:
            if terminal.pattern.type == "str":
                table[terminal.pattern.value] = terminal.name
        return table

    @cached_property
    def timing_kinds(self) -> frozenset[str]:
        """Card kinds that need a timing condition: the kinds the registry's timing entries allow."""
        return frozenset(k for e in self.registry.of_role("timing") if e.kinds is not None for k in e.kinds)

    @cached_property
    def terminal_text(self) -> dict[str, str]:
        return {name: word for word, name in self.word_types.items()} | {"INT": "a number", "$END": "end of text"}

    def tokens(self, text: str) -> list[WordToken]:
        """The words of `text` as parser tokens; unknown words get the type WORD."""
        return tokenize(text, self.word_types)


class WordToken(str):
    """A word, number or symbol of rules text, with its grammar terminal and its offsets in the line.

    The error messages read these; the parse itself keeps tokens as plain strings
    (see `carddb.rules.parser.ParseTable.parse`), since making an object per word
    cost more than the rest of lexing.
    """

    __slots__ = ("end", "start", "type")
    type: str
    start: int  # offsets in the line, named like the AST nodes' so both are read the same way
    end: int


# The lexer's tokens: a (hyphenated) word, an {icon}, a number, 's, or any other character.
# Possessive (`++`, `*+`): no alternative ever gives characters back, and saying so made it a sixth faster.
FAST_TOKEN_RE = re.compile(r"[A-Za-z]++(?:-[A-Za-z]++)*+|\{[A-Za-z0-9]++\}|[0-9]++|['\u2019]s\b|\S")
DASHES = {"\u2013": "-", "\u2014": "-", "\u2019s": "'s"}


def tokenize(text: str, table: dict[str, str]) -> list[WordToken]:
    """Words, numbers and punctuation as tokens, typed by looking each word up in `table`.

    Unknown words get the type WORD and unknown symbols BADCHAR, so the parser
    reports exactly that word.
    """
    out: list[WordToken] = []
    for match in FAST_TOKEN_RE.finditer(text):
        value = match.group()
        first = value[0]
        if value.isdecimal():  # not isdigit(): '¹' is a digit that int() cannot read, so it is a BADCHAR
            ttype = "INT"
        elif first.isalpha() or first == "{":
            ttype = table.get(value.lower(), "WORD")
        else:
            ttype = table.get(DASHES.get(value, value), "BADCHAR")
        out.append(make_token(ttype, value, match.start(), match.end()))
    return out


def make_token(ttype: str, value: str, start: int, end: int) -> WordToken:
    token = WordToken(value)
    token.type = ttype
    token.start = start
    token.end = end
    return token


def role_hook(role: str) -> str:
    """The grammar rule a registry role's patterns hang from (`condition-keyword` -> `condition_keyword`)."""
    return role.replace("-", "_")


def word_type_rule(type_name: str) -> str:
    """The grammar rule that parses a value of a declared word type."""
    return f"wt_{_ident(type_name)}"


def _ident(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def _words(text: str) -> str:
    return " ".join(_literal(w) for w in words_of(text))


class WordLexer(Lexer):
    """lark's lexer interface over `tokenize`; the word table comes from the grammar's terminals."""

    def __init__(self, lexer_conf: Any) -> None:
        self.table = {t.pattern.value: t.name for t in lexer_conf.terminals if t.pattern.type == "str"}

    def lex(self, data: Any, *_: Any) -> Iterator[Token]:
        # lark only builds tables here; parsing goes through carddb.rules.parser.ParseTable.
        for word in tokenize(data, self.table):
            yield Token(word.type, str(word), word.start, 1, word.start + 1, 1, word.end + 1, word.end)
