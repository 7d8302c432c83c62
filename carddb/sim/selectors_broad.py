"""The broad phrasebook's selectors at run time: counts, owners, zones, `that X`, the top cards of a deck.

`SelectorCompiler.compile` hands a selector here when it uses the broad templating (a determiner of
its own, a zone, a stat or another restriction of the broad grammar, several nouns). What it names
is found on resolution: the cards of a zone (of whose zone it is), tested by the noun, adjectives
and restrictions, then all of them, the ones the controller chooses (`2 cards`, `up to two`), or
the chosen target.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from carddb.rules.ast import Postfix, Selector, Zone
from carddb.sim.broad_state import CORE_ZONES, stat, zone_cards, zone_place
from carddb.sim.decisions import choose, choose_many
from carddb.sim.game import ZONE_DECK, ZONE_HAND, ZONE_PLAY, Game
from carddb.sim.program import Ctx
from carddb.sim.selectors import PLAYER_NOUNS, PLAYERS, Pred, Sel, TargetSel

if TYPE_CHECKING:
    from carddb.sim.selector_compiler import SelectorCompiler

# Determiners of the broad grammar (carddb.rules.astbuild_broad); `target` with a count is one too.
BROAD_DETS = frozenset({"n", "of", "own", "that", "top", "bottom", "the", "each-of", "any-number", "among"})
# Restrictions after a noun the broad grammar adds; the others are the pack's (Semantics.postfixes).
BROAD_POSTFIXES = frozenset(
    {"in-zone", "from-zone", "stat-at", "at-stat", "played-this-turn", "hand-at", "costing-at", "costing-up-to", "from"}
    | {"currently-in-zone", "costing-more-than", "this-way"}
)
LESS = frozenset({"less", "lower", "fewer"})


def is_broad(node: Selector) -> bool:
    return (
        node.det in BROAD_DETS
        or bool(node.others)
        or node.count is not None
        or node.up_to
        or any(p.name in BROAD_POSTFIXES for p in node.post)
    )


class BroadSel(Sel):
    """A selector that finds its cards (or players) itself: `fetch` gives the pool, then all or some are named."""

    __slots__ = ("count", "fetch", "up_to")

    def __init__(
        self,
        domain: str,
        fetch: Callable[[Game, Ctx], list[int]],
        pred: Pred,
        text: str,
        hint: str,
        count: int | None,
        up_to: bool = False,
    ) -> None:
        super().__init__(domain, ZONE_PLAY, pred, text, hint)
        self.fetch = fetch
        self.count = count  # None: all of them
        self.up_to = up_to

    @property
    def mode(self) -> str:  # type: ignore[override]
        return "all" if self.count is None else "choose"

    def candidates(self, game: Game, ctx: Ctx) -> list[int]:
        pred = self.pred
        return [x for x in self.fetch(game, ctx) if pred(game, x, ctx)]

    def exists(self, game: Game, ctx: Ctx) -> bool:
        return bool(self.candidates(game, ctx))

    def resolve(self, game: Game, ctx: Ctx) -> list[int]:
        found = self.candidates(game, ctx)
        if self.count is not None and found:
            if self.count == 1 and not self.up_to:
                found = [choose(game, ctx.controller, f"choose {self.text}", found, self.hint)]
            else:
                found = choose_many(game, ctx.controller, f"choose {self.text}", found, self.count, self.hint)
        if self.domain != PLAYERS:
            ctx.last = found
        return found

    def holds(self, game: Game, x: int) -> bool:
        return True


def compile_broad(sc: SelectorCompiler, node: Selector, domain: str, zone: int, slot: int | None, hint: str) -> Sel:
    """A broad selector compiled for the semantics of `sc`; `slot` is its target slot (det `target`)."""
    text = " ".join(w for w in (node.word or node.det, *node.adjectives, node.noun, *node.others) if w)
    if node.det in {"of", "each-of", "any-number"}:
        assert node.whose is not None
        among = sc.compile(node.whose, domain, zone, None, hint)
        count = None if node.det == "each-of" else (node.count.value if node.count else 10_000)
        up_to = node.det == "any-number" or (node.count is not None and node.count.up_to)
        return BroadSel(among.domain, among.resolve, lambda g, x, c: True, text, hint, count, up_to)
    if node.noun in PLAYER_NOUNS or node.noun == "they":
        return _players(sc, node, text, hint)
    if node.det in {"top", "bottom"}:
        assert node.zone is not None
        where = zone_fetch(sc, node.zone)
        amount = node.count.value if node.count is not None else 1
        top = node.det == "top"
        return BroadSel(
            "card",
            lambda g, c: where(g, c)[-amount:][::-1] if top else where(g, c)[:amount],
            lambda g, x, c: True,
            text,
            hint,
            None,
        )
    if node.det == "that":  # `that creature`: what the ability named, if it is one
        pred = _nouns_pred(sc, node)
        from carddb.sim.selector_compiler import it_cards

        return BroadSel("card", it_cards, pred, text, hint, None)
    pred = _nouns_pred(sc, node)
    if node.det == "among":  # `the Actions`: those of the kind among the cards named before
        return BroadSel("card", _acted_on, pred, text, hint, None)
    extras = [test for post in node.post if (test := _postfix_test(sc, post)) is not None]
    place_fetch: Callable[[Game, Ctx], list[int]] | None = None
    for post in node.post:
        if post.zone is not None:
            place_fetch = zone_fetch(sc, post.zone)
        elif post.name == "this-way":  # `each creature discarded this way`: what the sentences before acted on
            place_fetch = _acted_on
    owner = _owner_test(sc, node)
    if owner is not None:
        extras.append(owner)
    if extras:
        base_pred = pred

        def pred(g: Game, x: int, c: Ctx) -> bool:
            return base_pred(g, x, c) and all(test(g, x, c) for test in extras)

    # A target in several zones (`target card in your hand or discard pile`) is chosen when it resolves.
    several = any(p.zone is not None and p.zone.others for p in node.post)
    if node.det == "target" and slot is not None and not several:
        place = zone
        if place_fetch is not None:
            place = _zone_place_of(sc, next(p.zone for p in node.post if p.zone is not None))
        rule = sc.semantics.target_rule(node.adjectives)
        return TargetSel(Sel("card", place, pred, text, hint, node.adjectives), slot, rule)
    fetch = place_fetch or (
        lambda g, c: (
            [uid for cards in g.play for uid in cards] if zone == ZONE_PLAY else list(g.zone_list(zone, c.controller))
        )
    )
    if node.det in {"n", "target"} and node.count is not None:
        return BroadSel("card", fetch, pred, text, hint, node.count.value, node.up_to or node.count.up_to)
    if (
        node.det in {"a", "another", "the"}
        or (node.det == "own" and not node.many)
        or (node.det == "target" and several)
    ):
        return BroadSel("card", fetch, pred, text, hint, 1)
    return BroadSel("card", fetch, pred, text, hint, None)


def _acted_on(game: Game, ctx: Ctx) -> list[int]:
    return list(ctx.last or ())


def _nouns_pred(sc: SelectorCompiler, node: Selector) -> Pred:
    """The test of the noun (or any of several nouns) with the adjectives and the pack's restrictions."""
    core_post = tuple(p for p in node.post if p.name not in BROAD_POSTFIXES)
    det = "another" if node.det == "another" else "a"
    preds = [sc._card_pred(Selector(det, noun, node.adjectives, core_post)) for noun in (node.noun, *node.others)]
    if len(preds) == 1:
        return preds[0]
    return lambda g, x, c: any(p(g, x, c) for p in preds)


def _players(sc: SelectorCompiler, node: Selector, text: str, hint: str) -> Sel:
    """`your opponent`, `each other player`, `they`: players."""
    other = "other" in node.adjectives
    if node.noun == "they":

        def theirs(g: Game, c: Ctx) -> list[int]:
            cards = c.last if c.last else []
            if cards:
                return sorted({g.controller[u] for u in cards})
            return [c.event.player] if c.event is not None and c.event.player >= 0 else [c.controller]

        return BroadSel(PLAYERS, theirs, lambda g, p, c: True, text, hint, None)
    opponent = node.noun == "opponent"
    pred: Pred = lambda g, p, c: (not opponent or p != c.controller) and (not other or p != c.controller)  # noqa: E731
    count = 1 if node.det in {"a", "target", "the"} or (node.det == "own" and not node.many) else None
    return BroadSel(PLAYERS, lambda g, c: list(range(g.n)), pred, text, f"player-{hint}" if hint else "", count)


def _owner_test(sc: SelectorCompiler, node: Selector) -> Pred | None:
    """`your creatures`: controlled by you; `your opponent's creatures`: by an opponent."""
    if node.det != "own":
        return None
    if node.whose is not None:
        players = sc.compile(node.whose, PLAYERS, ZONE_PLAY, None)
        return lambda g, x, c: g.controller[x] in players.resolve(g, c)
    if node.owner == "you":
        return lambda g, x, c: g.controller[x] == c.controller
    return None  # `their`: the cards' own


def _zone_place_of(sc: SelectorCompiler, zone: Zone) -> int:
    return CORE_ZONES.get(sc.semantics.zones.get(zone.zone, zone.zone), ZONE_DECK)


def zone_fetch(sc: SelectorCompiler, zone: Zone) -> Callable[[Game, Ctx], list[int]]:
    """The cards of a zone as the ability sees it: `your graveyard` (yours), `their deck`, `a discard pile` (any);
    of each zone in turn for `your hand or discard pile`."""
    if zone.others:
        each = [zone_fetch(sc, replace(zone, zone=z, others=())) for z in (zone.zone, *zone.others)]
        return lambda g, c: [uid for fetch in each for uid in fetch(g, c)]
    role = sc.semantics.zones.get(zone.zone, zone.zone)
    whose = sc.compile(zone.whose, PLAYERS, ZONE_PLAY, None) if zone.whose is not None else None

    def owners(g: Game, c: Ctx) -> list[int]:
        if whose is not None:
            return whose.resolve(g, c)
        if zone.owner in {"owner", "their-owner", "owners", "their"} and c.last:
            return sorted({g.owner[u] for u in c.last})
        if zone.owner in {"a", "the", ""}:
            return list(range(g.n))
        return [c.controller]

    def fetch(g: Game, c: Ctx) -> list[int]:
        place = zone_place(g, role, zone.zone)
        players = owners(g, c)
        if place == ZONE_PLAY:
            return [uid for p in players for uid in g.play[p]]
        seen: list[int] = []
        # A deck or hand is the player's already (a shared deck is every player's deck); a discard pile
        # the game keeps as one list holds each player's cards, told apart by owner.
        anyone = zone.owner in {"a", "the", ""} or place in (ZONE_DECK, ZONE_HAND)
        for p in players:
            for uid in zone_cards(g, place, p):
                if uid not in seen and (anyone or g.owner[uid] in players):
                    seen.append(uid)
        return seen

    return fetch


def _postfix_test(sc: SelectorCompiler, post: Postfix) -> Pred | None:
    name = post.name
    if name in {"stat-at", "at-stat"} and post.stat is not None and post.amount is not None:
        amount, less, stat_id = post.amount.value, post.comparison in LESS, post.stat
        if stat_id == "cost":
            return lambda g, x, c: (g.defs[x].cost <= amount) if less else (g.defs[x].cost >= amount)
        return lambda g, x, c: (stat(g, x, stat_id) <= amount) if less else (stat(g, x, stat_id) >= amount)
    if name in {"costing-at", "costing-up-to"} and post.amount is not None:
        amount, more = post.amount.value, post.comparison == "more"
        return lambda g, x, c: (g.defs[x].cost >= amount) if more else (g.defs[x].cost <= amount)
    if name == "costing-more-than" and post.amount is not None and post.whose is not None:
        more, than = post.amount.value, sc.compile(post.whose, "card", ZONE_PLAY, None)

        def costs_up_to(g: Game, x: int, c: Ctx) -> bool:  # `costing up to 3 coins more than it`
            named = than.resolve(g, c.copy())
            return bool(named) and g.defs[x].cost <= max(g.defs[u].cost for u in named) + more

        return costs_up_to
    if name == "played-this-turn":
        return lambda g, x, c: g.tallies.get(("played", g.turn, x), 0) > 0
    if name == "hand-at" and post.amount is not None:
        amount, less = post.amount.value, post.comparison in LESS
        return lambda g, p, c: (len(g.hands[p]) <= amount) if less else (len(g.hands[p]) >= amount)
    if name == "from" and post.whose is not None:
        source = sc.compile(post.whose, "card", ZONE_PLAY, None)

        def taken_from(g: Game, x: int, c: Ctx) -> bool:
            named = source.resolve(g, c.copy())
            return x in named or g.attached[x] in named

        return taken_from
    return None


def stripped(node: Selector) -> Selector:
    """The selector without the broad grammar's additions (for the core compiler)."""
    return replace(
        node, others=(), count=None, up_to=False, post=tuple(p for p in node.post if p.name not in BROAD_POSTFIXES)
    )


def broad_predicate(sc: SelectorCompiler, node: Selector) -> Pred:
    """The test a card (or player) passes to be what a broad selector names (`Your Instants`, `2 creatures`)."""
    domain = PLAYERS if node.noun in PLAYER_NOUNS or node.noun == "they" else "card"
    sel = compile_broad(sc, node, domain, ZONE_PLAY, None, "")
    if node.det in {"own", "n", "a", "another", "the", "target", "each", "all", ""} and not isinstance(sel, TargetSel):
        return sel.pred
    return lambda g, x, c: x in sel.candidates(g, c)
