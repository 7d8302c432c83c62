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
    # the broad templating's types (grammar_broad.lark)
    "zone": "zone",
    "counter": "counter",
    "stat": "stat",
    "keyword": "keyword",
    "status": "status",
    "token": "token",
    "phase": "phase",
    "verb": "verb",
    "state": "adjective",
    "change": "change",
    "pt": "pt",
    "modes": "modes",
    "static": "static",
    "lasting": "lasting",
    "counted": "counted",
    "noun": "noun_only",  # the time windows' `your next {card}` (grammar_windows.lark)
    "act": "verb",  # a game verb after `you`: `the next ship you acquire` (printed in its base form)
    "past": "past",  # a game verb's past tense: `if you quested this turn` (grammar_windows.lark)
}

# The phrase hooks a broad language can parse a text as on its own (`ParseTable.parse(text, start)`).
FRAGMENTS = ("effect", "static", "cost", "trigger", "event", "conditions")

# Parameter types only the broad templating parses.
BROAD_TYPES = frozenset(
    {"zone", "counter", "stat", "keyword", "status", "token", "phase", "verb", "state", "change", "pt", "modes"}
    | {"static", "lasting", "counted", "noun", "act", "past"}
)

# The word classes a broad vocabulary declares, each a grammar rule of its words: (rule, Vocabulary field).
BROAD_WORDS = (
    ("zone_word", "zones"),
    ("counter_word", "counters"),
    ("stat_word", "stats"),
    ("status_word", "statuses"),
    ("token_word", "tokens"),
    ("phase_word", "phases"),
    ("verb_word", "verbs"),
    ("past_word", "past_verbs"),
    ("participle_word", "participles"),
)

TOKEN_RE = re.compile(
    r"(?P<word>\{[A-Za-z0-9]+\}|[A-Za-z]+(?:-[A-Za-z]+)*(?:'t\b)?)"
    r"|(?P<int>[0-9]+)"
    r"|(?P<poss>['\u2019]s\b)"
    r"|(?P<punct>[.,:;/()+\-\u2013\u2014])"
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
    # The broad templating (grammar_broad.lark and the broad wordings of the registry), and the words
    # it needs: zones, counters, stats, status verbs, token names, phases and game verbs. Each is a
    # Noun: an id, its word and its plural (a stat's plural is its word; a verb's "plural" is its
    # third person, `quests`).
    broad: bool = False
    zones: tuple[Noun, ...] = ()
    counters: tuple[Noun, ...] = ()
    stats: tuple[Noun, ...] = ()
    statuses: tuple[Noun, ...] = ()
    tokens: tuple[Noun, ...] = ()
    phases: tuple[Noun, ...] = ()
    verbs: tuple[Noun, ...] = ()
    past_verbs: tuple[Noun, ...] = ()  # each verb's past tense, by the verb's id: `quested`
    # The participles of the game's own words for core verbs (`trashed`: `each card trashed this way`).
    participles: tuple[Noun, ...] = ()
    # Determiners that mean `target` in this game's words (`chosen`), and the stats a `+1/+1` changes.
    target_words: tuple[str, ...] = ()
    stat_pair: tuple[str, str] | None = None
    # What a declared word means to the core (the simulator reads it): ("zone:graveyard", "discard"),
    # ("adjective:exerted", "exhausted"), ("noun:character", "kinds=creature hero"), ("noun:goblin-creature",
    # "kinds=creature subtype=goblin").
    meanings: tuple[tuple[str, str], ...] = ()

    def noun(self, noun_id: str) -> Noun | None:
        return next((n for n in self.nouns if n.id == noun_id), None)

    def resource(self, resource_id: str) -> Noun | None:
        return next((n for n in self.resources if n.id == resource_id), None)

    def fixed_text(self, selector_id: str) -> str:
        return next(text for sid, text in self.fixed_selectors if sid == selector_id)

    def postfix_text(self, postfix_id: str) -> str:
        return next(text for pid, text in self.postfixes if pid == postfix_id)

    def meaning(self, key: str) -> str | None:
        return next((value for k, value in self.meanings if k == key), None)

    def term(self, field_name: str, term_id: str) -> Noun | None:
        """A word of a broad word class (`zones`, `stats`...) by id."""
        terms: tuple[Noun, ...] = getattr(self, field_name)
        return next((n for n in terms if n.id == term_id), None)


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
        elif kind == "word" and (forms := _FORMS.match(text, pos)) is not None:  # `ha(s|ve)`
            out.append(value.lower() + forms.group().lower())
            pos = forms.end()
        elif kind in {"word", "int", "punct"}:
            out.append(value.lower())
        elif kind == "poss":
            out.append("'s")
    return out


# A word's two forms in a pattern: `ha(s|ve)` (after a singular subject, and otherwise).
_FORMS = re.compile(r"\(([a-z]*)\|([a-z]*)\)", re.IGNORECASE)


# In a broad language `, then` is one token: after an effect it says another effect follows, where a
# comma alone would leave the parser unable to tell `Exhaust this card, ...` (costs) from an effect.
THEN = ", then"
THEN_RE = re.compile(r",[ \t]*then\b")
# `. •` too: after an item of a bulleted list of modes, a period alone could end the sentence.
NEXT_BULLET = ". \u2022"
# And `for the rest` (`... for the rest of this turn`): after an effect, `for` alone starts `for each ...`.
FOR_THE_REST = "for the rest"


def _then_tokens(words: list[str]) -> list[str]:
    out: list[str] = []
    for word in words:
        if word == "then" and out and out[-1] == ",":
            out[-1] = THEN
        elif word == "rest" and out[-2:] == ["for", "the"]:
            out[-2:] = [FOR_THE_REST]
        else:
            out.append(word)
    return out


def _literal(word: str) -> str:
    if word.endswith(")") and "(" in word and "|" in word:
        base, forms = word[:-1].split("(")
        return "(" + " | ".join(_literal(base + form) for form in forms.split("|")) + ")"
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
        self.fixed_words: dict[str, str] = {}  # rule name -> the wording, where it is not the selector's first
        self.postfix_rules: dict[str, str] = {}
        self.resource_rules: dict[str, str] = {}
        self.type_rules: dict[str, WordType] = {}  # rule name -> the declared word type it parses
        self.type_word_rules: dict[str, str] = {}  # rule name -> the id of one word of a word type
        # rule name -> (Vocabulary field, word id, plural) for the broad word classes
        self.term_rules: dict[str, tuple[str, str, bool]] = {}
        if not vocabulary.broad:
            broad = sorted({p.type for e in registry for p in e.params} & BROAD_TYPES)
            if broad:
                raise ValueError(f"the parameter types {', '.join(broad)} need a broad vocabulary (Vocabulary.broad)")
        self.grammar_text = self._grammar()

    # -- grammar generation -------------------------------------------------

    def _grammar(self) -> str:
        core = files("carddb.rules").joinpath("grammar.lark").read_text(encoding="utf-8")
        alternatives: dict[str, list[str]] = {hook: [] for hook in (*HOOKS, "resource")}
        broad = self.vocabulary.broad
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
        alternatives["adjective"] = [_words(a.lower()) for a in vocab.adjectives]  # `most powerful`: two tokens
        for sid, text in vocab.fixed_selectors:
            rule = f"f_{_ident(sid)}"
            if rule in self.fixed_rules:  # another wording of the same selector: `this creature` for `this card`
                rule = f"{rule}__{len(self.fixed_rules)}"
                self.fixed_words[rule] = text
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
            # A broad language reads `Exhaust this card, ...` as costs: a comma may also join effects,
            # and a wording that is both a cost and an effect is a cost before a comma.
            # A noun whose plural is its singular (`hardware`) is read as the singular where either may come;
            # a word that is a resource and a stat (`lore`) is the resource where both may come (`loses 1 lore`).
            priority = ".2" if broad and hook in {"cost", "noun", "resource"} else ""
            if alts:
                lines.append(f"{inline}{hook}{priority}: " + "\n    | ".join(alts))
            else:
                never = f"NEVER_{hook.upper()}"
                lines.append(f"%declare {never}")
                lines.append(f"{hook}: {never}")
        if broad:  # after the hooks it extends
            lines.append(files("carddb.rules").joinpath("grammar_broad.lark").read_text(encoding="utf-8"))
            lines.append(files("carddb.rules").joinpath("grammar_misc.lark").read_text(encoding="utf-8"))
            lines.append(files("carddb.rules").joinpath("grammar_windows.lark").read_text(encoding="utf-8"))
            lines += self._broad_word_rules()
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
                words = words_of(piece)
                if self.vocabulary.broad:
                    words = _then_tokens(words)
                parts.extend(_literal(w) for w in words)
        return " ".join(parts)

    def _broad_word_rules(self) -> list[str]:
        """A rule per broad word class: the declared words (singular and plural), or an unreachable terminal."""
        lines: list[str] = []
        vocab = self.vocabulary
        for rule, field_name in BROAD_WORDS:
            alternatives = []
            for term in getattr(vocab, field_name):
                alias = f"{rule}__{_ident(term.id)}"
                self.term_rules[alias] = (field_name, term.id, False)
                alternatives.append(f"{_words(term.singular)} -> {alias}")
                if term.plural and term.plural.lower() != term.singular.lower():
                    self.term_rules[alias + "_pl"] = (field_name, term.id, True)
                    alternatives.append(f"{_words(term.plural)} -> {alias}_pl")
            if alternatives:
                lines.append(f"{rule}: " + "\n    | ".join(alternatives))
            else:
                lines += [f"%declare NEVER_{rule.upper()}", f"{rule}: NEVER_{rule.upper()}"]
        if vocab.target_words:
            lines.append("%extend determiner: " + " | ".join(_literal(w.lower()) for w in vocab.target_words))
        return lines

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
            start=list(self.starts),
        )

    @property
    def starts(self) -> tuple[str, ...]:
        """The rules a text can be parsed as: a whole ability, and for a broad vocabulary also a phrase of
        each role (what a declared phrase `means` is written as)."""
        return ("start", *FRAGMENTS) if self.vocabulary.broad else ("start",)

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
        return tokenize(text, self.word_types, self.token_re)

    @property
    def token_re(self) -> re.Pattern[str]:
        return BROAD_TOKEN_RE if self.vocabulary.broad else FAST_TOKEN_RE


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
# A broad language's tokens: `, then` is one (see THEN), and so is a contraction (`can't`).
BROAD_TOKEN_RE = re.compile(
    r",[ \t]*then\b|\.[ \t]*\u2022|for[ \t]+the[ \t]+rest\b|[A-Za-z]++(?:-[A-Za-z]++)*+(?:['\u2019]t\b)?|\{[A-Za-z0-9]++\}|[0-9]++|['\u2019]s\b|\S"
)
DASHES = {"\u2013": "-", "\u2014": "-", "\u2019s": "'s"}


def tokenize(text: str, table: dict[str, str], token_re: re.Pattern[str] = FAST_TOKEN_RE) -> list[WordToken]:
    """Words, numbers and punctuation as tokens, typed by looking each word up in `table`.

    Unknown words get the type WORD and unknown symbols BADCHAR, so the parser
    reports exactly that word.
    """
    out: list[WordToken] = []
    for match in token_re.finditer(text):
        value = match.group()
        first = value[0]
        if first == "," and len(value) > 1:  # `, then` (broad languages)
            ttype = table.get(THEN, "BADCHAR")
        elif first == "." and len(value) > 1:  # `. •`: the next item of a bulleted list (broad languages)
            ttype = table.get(NEXT_BULLET, "BADCHAR")
        elif value.isdecimal():  # not isdigit(): '¹' is a digit that int() cannot read, so it is a BADCHAR
            ttype = "INT"
        elif first.isalpha() or first == "{":
            ttype = table.get(value.lower() if " " not in value and "\t" not in value else FOR_THE_REST, "WORD")
            if ttype == "WORD" and "\u2019" in value:
                ttype = table.get(value.lower().replace("\u2019", "'"), "WORD")
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
