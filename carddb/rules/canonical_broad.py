"""Canonical text of the broad templating's values: zones, phases, stat changes, modes, counted selectors.

`Renderer` (carddb.rules.canonical) inherits these, so `carddb fmt` and card faces print the broad
wordings from the same pieces as the core's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carddb.rules.ast import Change, Modes, Number, Phase, Postfix, Selector, Value, Zone

if TYPE_CHECKING:
    from carddb.rules.canonical import Piece
    from carddb.rules.language import RulesLanguage, Vocabulary

# How each owner id of a zone or selector is written (carddb.rules.ast.Zone lists them).
OWNER_WORDS = {
    "you": ("your",),
    "their": ("their",),
    "owner": ("its", "owner", "'s"),
    "their-owner": ("their", "owner", "'s"),
    "owners": ("their", "owners", "'"),
    "the": ("the",),
    "a": ("a",),
    "": (),
}

# Value types whose words come from a broad word class of the vocabulary.
TERM_FIELDS = {"stat": "stats", "counter": "counters", "status": "statuses", "token": "tokens", "verb": "verbs"}
TERM_FIELDS["act"] = "verbs"  # a verb after `you` (carddb.rules.phrasebook_windows): always its base form
TERM_FIELDS["past"] = "past_verbs"  # a verb's past tense: `quested`


class BroadRenderer:
    """Pieces of the broad templating's values; mixed into `Renderer`."""

    language: RulesLanguage
    vocab: Vocabulary

    def piece(self, text: str, kind: str = "word", icon: str | None = None) -> Piece:
        from carddb.rules.canonical import Piece

        return Piece(text, kind, icon)  # type: ignore[arg-type]

    def owner(self, owner: str, whose: Selector | None = None) -> list[Piece]:
        if whose is not None:
            return [*self.selector(whose), self.piece("'s", "punct")]  # type: ignore[attr-defined]
        return [self.piece(w, "punct" if w in {"'s", "'"} else "word") for w in OWNER_WORDS.get(owner, (owner,))]

    def zone(self, zone: Zone) -> list[Piece]:
        term = self.vocab.term("zones", zone.zone)
        word = (term.plural or term.singular) if term and zone.plural else (term.singular if term else zone.zone)
        for other in zone.others:  # `your hand or discard pile`
            term = self.vocab.term("zones", other)
            word += f" or {term.singular if term else other}"
        return [*self.owner(zone.owner, zone.whose), *(self.piece(w) for w in word.split())]

    def broad_value(self, value: Value, type_: str, previous: Value | None, after: str) -> list[Piece] | None:
        """The pieces of a broad value (None: not one); `after` is the pattern text after the slot."""
        if isinstance(value, Zone):
            return self.zone(value)
        if isinstance(value, Phase):
            term = self.vocab.term("phases", value.phase)
            owner = [self.piece(value.owner)] if value.owner else []
            return [*owner, *(self.piece(w) for w in (term.singular if term else value.phase).split())]
        if isinstance(value, Change):
            if value.signed:
                return [self.piece("/".join(f"{v:+d}" for v in value.values), "number")]
            return [self.piece("/".join(str(v) for v in value.values), "number")]
        if isinstance(value, Modes):
            return self.modes(value)
        if not isinstance(value, str):
            return None
        if type_ == "state":
            return [self.piece(value)]
        field = TERM_FIELDS.get(type_)
        if field is None:
            return None
        term = self.vocab.term(field, value)
        if term is None:  # a counter written as a stat change: `+1/+1`
            return [self.piece(value, "number" if type_ == "counter" else "word")]
        from carddb.rules.canonical import _wants_plural

        if type_ == "verb":  # `this character quests`, `you quest`
            word = term.plural if _wants_plural(previous) and term.plural else term.singular
        elif type_ == "token":  # `two Sprites`, but `two Soldier tokens`
            many = isinstance(previous, Number) and previous.value != 1
            word = term.plural if many and term.plural and not after.lstrip().startswith("token") else term.singular
        else:
            word = term.singular
        kind = "literal" if type_ == "status" else "word"
        return [self.piece(w, kind) for w in word.split()]

    def trigger_costs(self, costs: tuple[Any, ...]) -> list[Piece]:
        """`, exhaust this card` after a trigger: the costs of a trigger with a cost, before its colon."""
        out: list[Piece] = []
        for cost in costs:
            out += [self.piece(",", "punct"), *self.phrase(cost, initial=False)]  # type: ignore[attr-defined]
        return out

    def modes(self, modes: Modes) -> list[Piece]:
        out: list[Piece] = []
        if modes.bullets:
            for index, item in enumerate(modes.items):
                if index:
                    out.append(self.piece(".", "punct"))
                out.append(self.piece("\u2022", "punct"))
                out += self.phrase(item, initial=True)  # type: ignore[attr-defined]
            return out
        for index, item in enumerate(modes.items):
            if index:
                out.append(self.piece(";", "punct"))
                if index - 1 < len(modes.ors) and modes.ors[index - 1]:
                    out.append(self.piece("or", "literal"))
            pieces = self.phrase(item, initial=index == 0)  # type: ignore[attr-defined]
            out += pieces
        return out

    def broad_selector(self, selector: Selector, words: list[str]) -> list[Piece] | None:
        """A selector of the broad templating (None: a core one). `words` are its adjectives and noun."""
        det = selector.det
        if det in {"top", "bottom"}:
            out = [self.piece("the"), self.piece(det)]
            if selector.count is not None:
                out.append(self.piece(selector.count.written, "number"))
            out += [self.piece("cards" if selector.many else "card"), self.piece("of")]
            assert selector.zone is not None
            return out + self.zone(selector.zone)
        if det == "of":  # `1 of your creatures`, `2 of them`
            assert selector.count is not None and selector.whose is not None
            return [self.piece(selector.count.written, "number"), self.piece("of"), *self.selector(selector.whose)]  # type: ignore[attr-defined]
        if det in {"each-of", "any-number"}:
            assert selector.whose is not None
            lead = ("each", "of") if det == "each-of" else ("any", "number", "of")
            return [*(self.piece(w) for w in lead), *self.selector(selector.whose)]  # type: ignore[attr-defined]
        if not (
            det in {"n", "of", "own", "that", "the", "among"} or selector.others or selector.up_to or selector.word
        ):
            return None
        out = []
        if selector.up_to:
            out += [self.piece("up"), self.piece("to")]
        if det == "own":
            out += self.owner(selector.owner, selector.whose)
        elif det == "n" or (det == "target" and selector.count is not None):
            assert selector.count is not None
            out.append(self.piece(selector.count.written, "number"))
            if det == "target":
                out.append(self.piece("target"))
        elif det == "among":  # `the Actions` (grammar_misc.lark)
            out.append(self.piece("the"))
        elif det == "a":
            from carddb.rules.canonical import indefinite_article

            out.append(self.piece(indefinite_article(words[0])))
        elif det:
            out.append(self.piece(selector.word or det))
        out += [self.piece(w) for w in words]
        for other in selector.others:
            noun = self.vocab.noun(other)
            name = (noun.plural if selector.plural else noun.singular) if noun else other
            out += [self.piece("or"), *(self.piece(w) for w in name.split())]
        for post in selector.post:
            out += self.postfix(post)  # type: ignore[attr-defined]
        return out

    def broad_postfix(self, post: Postfix) -> list[Piece] | None:
        words = {
            "played-this-turn": ("you", "have", "played", "this", "turn"),
            "this-way": (*(post.word or "").split(), "this", "way"),
        }.get(post.name)
        if words:
            return [self.piece(w) for w in words]
        amount = [self.piece(post.amount.written, "number")] if post.amount is not None else []
        if post.name == "hand-at":
            return [
                self.piece("with"),
                *amount,
                self.piece("or"),
                self.piece(post.comparison or ""),
                *(self.piece(w) for w in ("cards", "in", "hand")),
            ]
        if post.name == "costing-at":
            return [self.piece("costing"), *amount, self.piece("or"), self.piece(post.comparison or "")]
        if post.name in {"costing-up-to", "costing-more-than"} and post.amount is not None:
            res = self.vocab.resource(post.resource or "")
            word = (res.plural if post.amount.value != 1 else res.singular) if res else (post.resource or "")
            costing = [self.piece("costing"), *amount, self.piece(word)]  # the amount says `up to`
            if post.name == "costing-more-than" and post.whose is not None:
                return [*costing, self.piece("more"), self.piece("than"), *self.selector(post.whose)]  # type: ignore[attr-defined]
            return costing
        if post.name == "from" and post.whose is not None:
            return [self.piece("from"), *self.selector(post.whose)]  # type: ignore[attr-defined]
        if post.zone is not None:
            words = {"in-zone": "in", "from-zone": "from", "currently-in-zone": "currently in"}[post.name]
            return [*(self.piece(w) for w in words.split()), *self.zone(post.zone)]
        if post.stat is not None and post.amount is not None:
            term = self.vocab.term("stats", post.stat)
            stat = [self.piece(w) for w in (term.singular if term else post.stat).split()]
            amount = [self.piece(post.amount.written, "number"), self.piece("or"), self.piece(post.comparison or "")]
            if post.name == "stat-at":
                return [self.piece("with"), *stat, *amount]
            return [self.piece("with"), *amount, *stat]
        return None


def selector_words(selector: Selector, vocab: Any) -> list[str]:
    """The adjectives and noun of a selector as printed (the noun in the plural where it was)."""
    noun = vocab.noun(selector.noun)
    name = (noun.plural if selector.plural else noun.singular) if noun else selector.noun
    spelled = {a.lower(): a for a in vocab.adjectives}
    return [*(spelled.get(a, a) for a in selector.adjectives), *name.split()]
