"""The AST builders of the broad templating's rules (grammar_broad.lark): zones, counted selectors, stat
changes, modes, `you can`, `Then,` and the colon after a trigger or label.

`AstBuilder` (carddb.rules.astbuild) inherits these; each method is named after the rule or alias it
builds, gets the rule's children in text order and its span, like the core builders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carddb.rules.ast import (
    ActivatedAbility,
    Change,
    ConditionedAbility,
    Modes,
    Number,
    Phase,
    Phrase,
    Postfix,
    Quantity,
    Selector,
    Sentence,
    TimedAbility,
    TriggeredAbility,
    Zone,
)
from carddb.rules.astparts import NounRef, Owner, Term, Word
from carddb.rules.language import BROAD_WORDS

if TYPE_CHECKING:
    from carddb.rules.language import RulesLanguage


WORD_HOOKS = frozenset(rule for rule, _ in BROAD_WORDS)

# The possessive rules' aliases and the owner ids they mean (carddb.rules.ast.Zone lists them).
OWNERS = {
    "own_you": "you",
    "own_their": "their",
    "own_owner": "owner",
    "own_their_owner": "their-owner",
    "own_owners": "owners",
}


def _nodes(children: list[Any]) -> list[Any]:
    return [c for c in children if not isinstance(c, str)]


class BroadBuilders:
    """Builders of the broad templating's rules; mixed into `AstBuilder`."""

    language: RulesLanguage

    # -- abilities and sentences -------------------------------------------------------------

    def triggered_colon(self, ch: list[Any], s: int, e: int) -> TriggeredAbility:
        return TriggeredAbility(ch[0], ch[-1], sep=":", start=s, end=e)

    def conditioned_colon(self, ch: list[Any], s: int, e: int) -> ConditionedAbility:
        return ConditionedAbility(ch[0], ch[-1], sep=":", start=s, end=e)

    def conditioned_comma(self, ch: list[Any], s: int, e: int) -> ConditionedAbility:
        return ConditionedAbility(ch[0], ch[-1], sep=",", start=s, end=e)

    def timed_colon(self, ch: list[Any], s: int, e: int) -> TimedAbility:
        timing, trigger, sentences = _nodes(ch)
        return TimedAbility(timing, trigger, (), sentences, sep=":", start=s, end=e)

    def activated_semicolon(self, ch: list[Any], s: int, e: int) -> ActivatedAbility:
        return ActivatedAbility(tuple(c for c in ch if isinstance(c, Phrase)), ch[-1], sep=";", start=s, end=e)

    def activated_can(self, ch: list[Any], s: int, e: int) -> ActivatedAbility:
        costs = tuple(c for c in ch if isinstance(c, Phrase))
        return ActivatedAbility(costs, ch[-1], sep=";", can=True, start=s, end=e)

    def activated_and(self, ch: list[Any], s: int, e: int) -> ActivatedAbility:
        return ActivatedAbility(tuple(c for c in ch if isinstance(c, Phrase)), ch[-1], last_and=True, start=s, end=e)

    def otherwise_sentence(self, ch: list[Any], s: int, e: int) -> Sentence:
        return Sentence(_nodes(ch)[0], otherwise=True, start=s, end=e)

    def post_played_this_turn(self, ch: list[Any], s: int, e: int) -> Postfix:
        return Postfix("played-this-turn", start=s, end=e)

    def post_hand_at(self, ch: list[Any], s: int, e: int) -> Postfix:
        amount, comparison = _nodes(ch)
        return Postfix("hand-at", amount, comparison.text, start=s, end=e)

    def post_costing_at(self, ch: list[Any], s: int, e: int) -> Postfix:
        amount, comparison = _nodes(ch)
        return Postfix("costing-at", amount, comparison.text, start=s, end=e)

    def post_costing_up_to(self, ch: list[Any], s: int, e: int) -> Postfix:
        amount, resource = _nodes(ch)
        return Postfix("costing-up-to", amount, resource=resource.text, start=s, end=e)

    def post_costing_more_than(self, ch: list[Any], s: int, e: int) -> Postfix:
        amount, resource, than = _nodes(ch)  # `costing up to 3 coins more than it`
        return Postfix("costing-more-than", amount, resource=resource.text, whose=than, start=s, end=e)

    def participle(self, ch: list[Any], s: int, e: int) -> Word:
        if isinstance(ch[0], Term):  # a game verb's: `trashed`
            term = self.language.vocabulary.term("participles", ch[0].id)
            return Word(term.singular.lower() if term is not None else ch[0].id)
        return Word(ch[0].lower())

    def post_this_way(self, ch: list[Any], s: int, e: int) -> Postfix:
        return Postfix("this-way", word=ch[0].text, start=s, end=e)

    def post_from(self, ch: list[Any], s: int, e: int) -> Postfix:
        return Postfix("from", whose=ch[-1], start=s, end=e)

    def any_quantity(self, ch: list[Any], s: int, e: int) -> Quantity:
        return Quantity(1, "any", start=s, end=e)

    def optional_can(self, ch: list[Any], s: int, e: int) -> Sentence:
        return Sentence(_nodes(ch)[0], optional=True, may="can", start=s, end=e)

    def conditional_optional_can(self, ch: list[Any], s: int, e: int) -> Sentence:
        conditions, phrase = _nodes(ch)
        return Sentence(phrase, optional=True, conditions=conditions, may="can", start=s, end=e)

    def then_sentence(self, ch: list[Any], s: int, e: int) -> Sentence:
        return Sentence(_nodes(ch)[0], then=True, start=s, end=e)

    def then_optional_sentence(self, ch: list[Any], s: int, e: int) -> Sentence:
        return Sentence(_nodes(ch)[0], optional=True, then=True, start=s, end=e)

    # -- selectors ----------------------------------------------------------------------------

    def _broad_selector(self, det: str, ch: list[Any], s: int, e: int, **extra: Any) -> Selector:
        """A selector from its children: a count, adjectives, nouns (the first is the noun), postfixes."""
        adjectives: list[str] = []
        post: list[Postfix] = []
        nouns: list[tuple[str, bool]] = []
        count: Number | None = None
        owner = ""
        whose: Selector | None = None
        zone: Zone | None = None
        for child in ch:
            if isinstance(child, Word):
                adjectives.append(child.text)
            elif isinstance(child, Postfix):
                post.append(child)
            elif isinstance(child, NounRef):
                nouns.append((child.id, child.plural))
            elif isinstance(child, Number) and count is None:
                count = child
            elif isinstance(child, Owner):
                owner, whose = child.id, child.whose
            elif isinstance(child, Zone):
                zone = child
        noun, many = nouns[0] if nouns else ("card", False)
        return Selector(
            det,
            noun,
            tuple(adjectives),
            tuple(post),
            others=tuple(n for n, _ in nouns[1:]),
            count=count,
            owner=owner,
            whose=whose,
            zone=zone,
            many=many,
            start=s,
            end=e,
            **extra,
        )

    def count_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        return self._broad_selector("n", ch, s, e)

    def up_to_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        return self._broad_selector("n", ch, s, e, up_to=True)

    def up_to_target_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        return self._broad_selector("target", ch, s, e, up_to=True)

    def of_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        count, among = ch[0], ch[-1]  # `1 of your creatures`: `whose` holds what the count is chosen from
        return Selector("of", among.noun, count=count, whose=among, many=count.value != 1, start=s, end=e)

    def owned_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        return self._broad_selector("own", ch, s, e)

    def that_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        return self._broad_selector("that", ch, s, e)

    def top_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        return self._top("top", ch, s, e)

    def bottom_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        return self._top("bottom", ch, s, e)

    def _top(self, det: str, ch: list[Any], s: int, e: int) -> Selector:
        count = next((c for c in ch if isinstance(c, Number)), None)
        zone = next(c for c in ch if isinstance(c, Zone))
        many = any(isinstance(c, str) and c.lower() == "cards" for c in ch)
        return Selector(det, "card", count=count, zone=zone, many=many, start=s, end=e)

    def the_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        return self._broad_selector("the", ch[1:], s, e)

    def each_of_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        among = ch[-1]
        return Selector("each-of", among.noun, whose=among, many=True, start=s, end=e)

    def any_number_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        among = ch[-1]
        return Selector("any-number", among.noun, whose=among, many=True, start=s, end=e)

    def det_or_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        det = ch[0].text
        selector = self._broad_selector("a" if det == "an" else det, ch[1:], s, e)
        return self.targeting(selector)

    def all_or_selector(self, ch: list[Any], s: int, e: int) -> Selector:
        return self._broad_selector("all", ch, s, e)

    def targeting(self, selector: Selector) -> Selector:
        """A determiner that means `target` in the game's words (`chosen`) is `target`, written as it was."""
        if selector.det in self.language.vocabulary.target_words:
            selector.word = selector.det
            selector.det = "target"
        return selector

    # -- zones, postfixes, numbers --------------------------------------------------------------

    def owned_zone(self, ch: list[Any], s: int, e: int) -> Zone:
        owner, term = ch
        return Zone(owner.id, term.id, whose=owner.whose, plural=term.plural, start=s, end=e)

    def own_selector(self, ch: list[Any], s: int, e: int) -> Owner:
        return Owner("whose", ch[0])

    def the_zone(self, ch: list[Any], s: int, e: int) -> Zone:
        return Zone("the", ch[1].id, plural=ch[1].plural, start=s, end=e)

    def a_zone(self, ch: list[Any], s: int, e: int) -> Zone:
        return Zone("a", ch[1].id, plural=ch[1].plural, start=s, end=e)

    def bare_zone(self, ch: list[Any], s: int, e: int) -> Zone:
        return Zone("", ch[0].id, plural=ch[0].plural, start=s, end=e)

    def post_in_zone(self, ch: list[Any], s: int, e: int) -> Postfix:
        return Postfix("in-zone", zone=ch[-1], start=s, end=e)

    def post_currently_in_zone(self, ch: list[Any], s: int, e: int) -> Postfix:
        return Postfix("currently-in-zone", zone=ch[-1], start=s, end=e)

    def post_in_zones(self, ch: list[Any], s: int, e: int) -> Postfix:
        owner = next(c for c in ch if isinstance(c, Owner))
        first, *others = (c.id for c in ch if isinstance(c, Term))
        zone = Zone(owner.id, first, whose=owner.whose, others=tuple(others), start=s, end=e)
        return Postfix("in-zone", zone=zone, start=s, end=e)

    def post_from_zone(self, ch: list[Any], s: int, e: int) -> Postfix:
        return Postfix("from-zone", zone=ch[-1], start=s, end=e)

    def post_on_zone(self, ch: list[Any], s: int, e: int) -> Postfix:
        return Postfix("on-zone", zone=ch[-1], start=s, end=e)

    def post_stat_at(self, ch: list[Any], s: int, e: int) -> Postfix:
        stat, amount, comparison = _nodes(ch)
        return Postfix("stat-at", amount, comparison.text, stat=stat.text, start=s, end=e)

    def post_at_stat(self, ch: list[Any], s: int, e: int) -> Postfix:
        amount, comparison, stat = _nodes(ch)
        return Postfix("at-stat", amount, comparison.text, stat=stat.text, start=s, end=e)

    def change(self, ch: list[Any], s: int, e: int) -> Change:
        values: list[int] = []
        sign = 1
        for child in ch:
            if isinstance(child, Word):
                sign = -1 if child.text == "-" else 1
            elif isinstance(child, Number):
                values.append(sign * child.value)
        return Change(tuple(values), start=s, end=e)

    def sign(self, ch: list[Any], s: int, e: int) -> Word:
        return Word("-" if ch[0] in {"-", "\u2013", "\u2014"} else "+")

    def pt(self, ch: list[Any], s: int, e: int) -> Change:
        first, second = _nodes(ch)
        return Change((first.value, second.value), signed=False, start=s, end=e)

    def counter(self, ch: list[Any], s: int, e: int) -> Word:
        change = next((c for c in ch if isinstance(c, Change)), None)
        term = next((c for c in ch if isinstance(c, Term)), None)
        written = "/".join(f"{v:+d}" for v in change.values) if change is not None else ""
        if term is not None:
            written = f"{written} {term.id}".strip()
        return Word(written)

    def owned_phase(self, ch: list[Any], s: int, e: int) -> Phase:
        return Phase(ch[0].lower(), ch[1].id, start=s, end=e)

    def bare_phase(self, ch: list[Any], s: int, e: int) -> Phase:
        return Phase("", ch[0].id, start=s, end=e)

    def up_to_amount(self, ch: list[Any], s: int, e: int) -> Number:
        count = ch[-1]
        return Number(count.value, count.text, up_to=True, start=s, end=e)

    def modes(self, ch: list[Any], s: int, e: int) -> Modes:
        items: list[Phrase] = []
        ors: list[bool] = []
        saw_or = False
        for child in ch:
            if isinstance(child, Phrase):
                if items:
                    ors.append(saw_or)
                items.append(child)
                saw_or = False
            elif isinstance(child, str) and child.lower() == "or":
                saw_or = True
        return Modes(tuple(items), tuple(ors), start=s, end=e)

    def bulleted_modes(self, ch: list[Any], s: int, e: int) -> Modes:
        items = tuple(child for child in ch if isinstance(child, Phrase))
        return Modes(items, (False,) * (len(items) - 1), bullets=True, start=s, end=e)

    def lasting(self, ch: list[Any], s: int, e: int) -> Any:
        return ch[0]

    def _term(self, ch: list[Any], s: int, e: int) -> Word:
        return Word(ch[0].id)

    stat = _term
    status = _term
    token = _term
    verb = _term

    def broad_generated(self, data: str) -> Any:
        """The builder of a generated broad rule (a declared word, a possessive), or None."""
        terms = self.language.term_rules
        if data in terms:
            term = Term(*terms[data])
            return lambda ch, s, e: term
        if data in OWNERS:
            owner = Owner(OWNERS[data])
            return lambda ch, s, e: owner
        if data in WORD_HOOKS:  # a word class the game declares nothing of: `zone_word: NEVER_ZONE_WORD`
            return lambda ch, s, e: ch[0]
        return None
