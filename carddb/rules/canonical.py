"""Rendering the AST back to text: canonical rules text, and styled runs for printing.

Both come from one list of `Piece`s so that what `carddb fmt` writes and what a
card face prints cannot drift apart. Canonical text keeps the designer's number
spelling (`a card`, `three or more`, `2`) and normalises everything else: word
case, spacing, `a`/`an`, singular/plural agreement, and which of an entry's
patterns is used.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from carddb.rules.ast import (
    Ability,
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
    Value,
    Words,
)
from carddb.rules.canonical_broad import BroadRenderer, selector_words
from carddb.rules.language import RulesLanguage
from carddb.rules.markup import Paragraph, Run
from carddb.rules.registry import EffectEntry, pattern_slots

# `symbol`: a word of a pack-declared word type (`Gold`), printed as its icon when the game has one.
# `dash`: the dash after a condition keyword, an ASCII hyphen in canonical text and an en dash in print.
PieceKind = Literal["word", "literal", "number", "keyword", "reminder", "punct", "symbol", "dash"]
NO_SPACE_BEFORE = {",", ".", ":", ";", "'s", "'"}


@dataclass(frozen=True)
class Piece:
    text: str
    kind: PieceKind = "word"
    icon: str | None = None  # set on words a card face may print as an icon


class Renderer(BroadRenderer):
    def __init__(self, language: RulesLanguage) -> None:
        self.language = language
        self.vocab = language.vocabulary

    # -- abilities ------------------------------------------------------------

    def ability(self, ability: Ability) -> list[Piece]:
        out: list[Piece] = []
        if isinstance(ability, ConditionedAbility):
            out += self.reminded(ability.condition)
            out.append(Piece(ability.sep, "punct") if ability.sep in {":", ","} else Piece("-", "dash"))
            if ability.sep == "," and isinstance(
                ability.ability, SentenceAbility
            ):  # `Once during your turn, you may ...`
                out += self.sentences(ability.ability.sentences, first_initial=False)
            else:
                out += self.ability(ability.ability)
        elif isinstance(ability, KeywordAbility):
            for i, keyword in enumerate(ability.keywords):
                if i:
                    out.append(Piece(",", "punct"))
                out += self.reminded(keyword)
        elif isinstance(ability, ActivatedAbility):
            if ability.can:
                out += [Piece("You", "literal"), Piece("can", "literal")]
            for i, cost in enumerate(ability.costs):
                if i and ability.last_and and i == len(ability.costs) - 1:
                    out.append(Piece("and", "literal"))
                elif i:
                    out.append(Piece(",", "punct"))
                out += self.phrase(cost, initial=i == 0 and not ability.can)
            out.append(Piece(ability.sep, "punct"))
            out += self.sentences(ability.sentences, first_initial=ability.sep == ":")
        elif isinstance(ability, TriggeredAbility):
            out += self.phrase(ability.trigger, initial=True)
            if ability.costs:
                out += self.trigger_costs(ability.costs)
            out.append(Piece(ability.sep, "punct"))
            out += self.sentences(ability.sentences, first_initial=ability.sep == ":")
        elif isinstance(ability, TimedAbility):
            timing = self.phrase(ability.timing, initial=True)
            out.append(Piece(_join(timing), "keyword"))
            out.append(Piece(":", "punct") if ability.sep == ":" else Piece("-", "literal"))
            out += self.phrase(ability.trigger, initial=True)
            if ability.conditions:
                out += [Piece(",", "punct"), Piece("if", "literal"), *self.conditions(ability.conditions)]
            if ability.costs:
                out += self.trigger_costs(ability.costs)
            out.append(Piece(":", "punct"))
            out += self.sentences(ability.sentences, first_initial=True)
        else:
            out += self.sentences(ability.sentences, first_initial=True)
        return out

    def reminded(self, phrase: Phrase) -> list[Piece]:
        """A keyword or condition keyword: its words in one `keyword` piece (words with an icon
        apart, as `symbol` pieces), then its reminder text with the parameters filled in."""
        out: list[Piece] = []
        words: list[Piece] = []
        for piece in self.phrase(phrase, initial=True):
            if piece.icon and piece.kind == "symbol":
                if words:
                    out.append(Piece(_join(words), "keyword"))
                    words = []
                out.append(piece)
            else:
                words.append(piece)
        if words:
            out.append(Piece(_join(words), "keyword"))
        entry = self.language.registry[phrase.entry]
        args = {k: self.said(v) for k, v in phrase.args}
        out.append(Piece(entry.reminder_for(args, self.language.numbers), "reminder"))
        return out

    def said(self, value: Value) -> str:
        """A parameter as reminder text says it (`2`, `2 Gold and 1 Faith`)."""
        if isinstance(value, Words):
            word_type = self.language.registry.word_type(value.type)
            if word_type is not None:
                return word_type.prose(value.items)
        return _plain(value)

    def sentences(self, sentences: tuple[Sentence, ...], *, first_initial: bool) -> list[Piece]:
        out: list[Piece] = []
        for i, sentence in enumerate(sentences):
            initial = first_initial or i > 0
            body: list[Piece] = []
            if sentence.then:
                body += [Piece("then", "literal"), Piece(",", "punct")]
            if sentence.otherwise:
                body += [Piece("otherwise", "literal"), Piece(",", "punct")]
            if sentence.conditions:
                body += [Piece("if", "literal"), *self.conditions(sentence.conditions), Piece(",", "punct")]
            if sentence.optional:
                body += [Piece("you", "literal"), Piece(sentence.may, "literal")]
            body += self.phrase(sentence.phrase, initial=False)
            body.append(Piece(".", "punct"))
            out += _cased(body, upper=initial)
        return out

    def conditions(self, conditions: tuple[Phrase, ...]) -> list[Piece]:
        out: list[Piece] = []
        for i, condition in enumerate(conditions):
            if i:
                out.append(Piece("and", "literal"))
            out += self.phrase(condition, initial=False)
        return out

    # -- phrases --------------------------------------------------------------

    def phrase(self, phrase: Phrase, *, initial: bool) -> list[Piece]:
        entry = self.language.registry[phrase.entry]
        args = dict(phrase.args)
        text = self.pattern_text(entry, args, phrase.pattern)
        out: list[Piece] = []
        previous: Value | None = None
        parts = re.split(r"(\{[a-z_]+\})", text)
        for index, part in enumerate(parts):
            if part.startswith("{") and part.endswith("}"):
                value = args[part[1:-1]]
                after = parts[index + 1] if index + 1 < len(parts) else ""
                out += self.value(value, entry.param(part[1:-1]).type, previous, after)
                if isinstance(value, Number | Quantity | Selector):
                    previous = value  # what `word(s)` agrees with; `more`/`less` in between do not count
                continue
            for word in _pattern_words(part):
                if word.endswith("(s)"):
                    base = word[:-3]
                    word = _plural(base) if _wants_plural(previous) else base
                elif word.endswith(")") and "(" in word:  # `ha(s|ve)`: the first after a singular subject
                    base, forms = word[:-1].split("(")
                    one, many = forms.split("|")
                    word = base + (one if _wants_plural(previous) else many)
                icon = self.vocab.icons.get(_singular(word).lower())
                kind: PieceKind = "punct" if word in NO_SPACE_BEFORE or word in {"+", "-"} else "literal"
                out.append(Piece(word, kind, icon))
                if word.lower() in _MODALS:  # `can't quest`: a verb after a modal keeps its base form
                    previous = None
        return _cased(out, upper=initial) if initial else _lowered_start(out)

    def pattern_text(self, entry: EffectEntry, args: dict[str, Value], preferred: int) -> str:
        """The first pattern that can say exactly these arguments (canonical choice): each argument is one
        of its slots or a value it implies, so a wording's own value (`Heal` rather than `Remove`) is kept."""
        for pattern in entry.patterns:
            slots = pattern_slots(pattern.text)
            if (
                all(s in args for s in slots)
                and all(args.get(k) == v for k, v in pattern.fixed)
                and all(k in slots or any(k == f for f, _ in pattern.fixed) for k in args)
            ):
                return pattern.text
        return entry.patterns[preferred].text

    def value(self, value: Value, type_: str, previous: Value | None, after: str = "") -> list[Piece]:
        broad = self.broad_value(value, type_, previous, after) if self.vocab.broad else None
        if broad is not None:
            return broad
        if type_ == "keyword" and isinstance(value, Phrase):
            return self.phrase(value, initial=True)  # a keyword keeps its capitals: `gains Flying`
        if isinstance(value, Number):
            return [Piece(value.written, "number")]
        if isinstance(value, Quantity):
            if value.comparison in {"no", "any"}:
                return [Piece(value.comparison, "literal")]
            return [Piece(value.text or str(value.amount), "number"), Piece("or"), Piece(value.comparison)]
        if isinstance(value, Selector):
            return self.selector(value)
        if isinstance(value, Words):
            word_type = self.language.registry.word_type(value.type)
            if word_type is None:
                return [Piece(w) for w in value.items]
            return [Piece(word_type.word(w).singular, "symbol", self.vocab.icons.get(w)) for w in value.items]
        if isinstance(value, Phrase):
            return self.phrase(value, initial=False)
        if isinstance(value, tuple):
            return self.conditions(value)
        if type_ == "comparison" and isinstance(value, str):
            return [Piece(value)]
        if type_ == "resource" and isinstance(value, str):
            res = self.vocab.resource(value)
            word = res.singular if res is None or not _wants_plural(previous) else res.plural
            return [Piece(word if res else value, "word", self.vocab.icons.get(value))]
        return [Piece(str(value))]

    def selector(self, selector: Selector) -> list[Piece]:
        if selector.det == "fixed":
            return [Piece(w) for w in (selector.word or self.vocab.fixed_text(selector.noun)).split()]
        # Adjectives print as the vocabulary spells them (LOE v2's troop types are capitalised).
        words = selector_words(selector, self.vocab)
        if self.vocab.broad:
            broad = self.broad_selector(selector, words)
            if broad is not None:
                return broad
        out: list[Piece] = []
        if selector.det == "a":
            out.append(Piece(indefinite_article(words[0])))
        elif selector.det:
            out.append(Piece(selector.det))
        out += [Piece(w) for w in words]
        for post in selector.post:
            out += self.postfix(post)
        return out

    def postfix(self, post: Postfix) -> list[Piece]:
        broad = self.broad_postfix(post) if self.vocab.broad else None
        if broad is not None:
            return broad
        text = self.vocab.postfix_text(post.name)
        out: list[Piece] = []
        for part in re.split(r"(\{[a-z_]+\})", text):
            if part == "{amount}" and post.amount is not None:
                out.append(Piece(post.amount.written, "number"))
            elif part == "{comparison}" and post.comparison:
                out.append(Piece(post.comparison))
            else:
                out += [Piece(w) for w in part.split()]
        return out


def _pattern_words(text: str) -> list[str]:
    """Pattern text split into words and punctuation, keeping the pattern's capitals."""
    return re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*(?:'t|\(s\)|\([a-z]*\|[a-z]*\))?|'s|[0-9]+|[^\sA-Za-z0-9]", text)


# Fixed selectors a verb agrees with in the plural: `you draw`, `they lose` (broad), `them`.
_PLURAL_PRONOUNS = frozenset({"you", "they", "them"})


_MODALS = frozenset({"can't", "cannot", "can", "may", "must", "to"})


def _wants_plural(previous: Value | None) -> bool:
    """`card(s)` after a number; `draw(s)` after a subject (a verb takes -s after a singular subject)."""
    if isinstance(previous, Number):
        return previous.value != 1
    if isinstance(previous, Quantity):  # `any counters`, `no cards`, `3 or more cards`
        return previous.comparison in {"no", "any"} or previous.amount != 1
    if isinstance(previous, Selector):
        return not (previous.plural or previous.noun in _PLURAL_PRONOUNS)
    return False


def _plural(word: str) -> str:
    return word + ("es" if word.endswith(("s", "sh", "ch")) else "s")


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _cased(pieces: list[Piece], *, upper: bool) -> list[Piece]:
    if not pieces or not upper:
        return pieces
    first = pieces[0]
    return [Piece(first.text[:1].upper() + first.text[1:], first.kind, first.icon), *pieces[1:]]


def _lowered_start(pieces: list[Piece]) -> list[Piece]:
    # Pattern words are written as a sentence would start ("Draw"); mid-sentence they
    # are lowercased. Nouns such as `Spells` keep their capital.
    if not pieces or pieces[0].kind != "literal":
        return pieces
    first = pieces[0]
    return [Piece(first.text[:1].lower() + first.text[1:], first.kind, first.icon), *pieces[1:]]


def _plain(value: Value) -> str:
    if isinstance(value, Number):
        return value.written
    return str(value)


def _join(pieces: list[Piece]) -> str:
    text = ""
    for piece in pieces:
        if text and piece.text not in NO_SPACE_BEFORE and not text.endswith("+"):
            text += " "
        text += piece.text
    return text


def ability_text(ability: Ability, language: RulesLanguage) -> str:
    """The canonical text of one ability (what `carddb fmt` writes)."""
    return _join([p for p in Renderer(language).ability(ability) if p.kind != "reminder"])


def ability_runs(ability: Ability, language: RulesLanguage) -> Paragraph:
    """The ability as styled runs: keywords, reminder text, icons for amounts of currency and resources (LOE: powerstones)
    and for the words of a declared word type that have one (`Affinity {gold}{gold}`)."""
    runs: list[Run] = []
    text = ""

    def flush() -> None:
        nonlocal text
        if text:
            runs.append(Run("text", text))
            text = ""

    pieces = Renderer(language).ability(ability)
    for i, piece in enumerate(pieces):
        previous = pieces[i - 1] if i else None
        if piece.kind in {"keyword", "reminder"}:
            if piece.kind == "keyword" and (text or runs):
                text += " "
            flush()
            runs.append(Run(piece.kind, piece.text))
            continue
        if piece.icon and (piece.kind == "symbol" or (previous is not None and previous.kind == "number")):
            if previous is not None and previous.kind == "keyword":
                text += " "  # `Affinity {gold}`: the icons are the keyword's parameter
            flush()
            runs.append(Run("icon", piece.icon))
            continue
        if piece.kind == "dash":
            text += " \u2013"  # typeset, as a printed card would have it
            continue
        needs_space = bool(runs or text) and piece.text not in NO_SPACE_BEFORE and not text.endswith("+")
        if needs_space and previous is not None and previous.kind == "reminder" and piece.text in NO_SPACE_BEFORE:
            needs_space = False
        if needs_space:
            text += " "
        text += piece.text
    flush()
    return tuple(runs)


# Words whose first letter is a vowel but whose first sound is not (a unit), or the reverse (an hour).
_A_BEFORE = ("uni", "use", "usu", "eu", "one", "once")
_AN_BEFORE = ("hour", "honest", "honour", "heir")


def indefinite_article(word: str) -> str:
    """`a` or `an`, by how the word sounds rather than how it is spelled."""
    lower = word.lower()
    if lower.startswith(_AN_BEFORE):
        return "an"
    if lower.startswith(_A_BEFORE):
        return "a"
    return "an" if lower[:1] in "aeiou" else "a"
