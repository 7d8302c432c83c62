"""Handlers of the broad phrasebook's entries (carddb/rules/phrasebook_broad.py and phrasebook_shapes.py).

`PHRASEBOOK` is the handler set a simulator of a game with a declared vocabulary adds to the core's
(`CORE`, for the classic entries it keeps): together they execute every core entry, so a game that
uses only core phrases needs no handler code. The handlers are in three modules: this one (what
they share, resources, cards moving between zones), `phrasebook_effects` (cards in play, damage,
combining effects) and `phrasebook_moments` (continuous effects, triggers, events, conditions, costs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from carddb.rules.ast import Phrase, Selector, Zone
from carddb.sim.broad_state import add_resource, looked_at, put, zone_cards, zone_place
from carddb.sim.compiler import Compiler
from carddb.sim.decisions import choose, choose_many
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_NONE, ZONE_PLAY, Game
from carddb.sim.handlers import HandlerSet, flag, for_each, number, selector, text_arg
from carddb.sim.ops import destroy, discard, draw, reveal, shuffle_deck
from carddb.sim.program import Ctx, Op
from carddb.sim.selectors import PLAYERS, Sel
from carddb.sim.selectors_broad import zone_fetch

PHRASEBOOK = HandlerSet()

YOU = Selector("fixed", "you")


# -- what the handlers share ----------------------------------------------------------------


def notes(ctx: Ctx) -> dict[str, Any]:
    if ctx.notes is None:
        ctx.notes = {}
    return ctx.notes


def players(c: Compiler, phrase: Phrase, name: str = "player", hint: str = "") -> Sel:
    node = phrase.arg(name)
    return c.selector(node if isinstance(node, Selector) else YOU, PLAYERS, hint=hint)


def per_player(c: Compiler, phrase: Phrase, act: Callable[[Game, int, Ctx], None], hint: str = "") -> Op:
    """Do `act` for each player the phrase names, with `you` and `their` meaning that player (`Each player
    puts the top card of their deck...`); `ctx.controller` stays the ability's where only you act."""
    who = players(c, phrase, hint=hint)
    plain = phrase.arg("player") in (None, YOU)

    def op(g: Game, ctx: Ctx) -> None:
        if plain:
            act(g, ctx.controller, ctx)
            return
        before, acted_on = ctx.last, []
        for player in who.resolve(g, ctx):
            own = ctx.copy()
            # Each player starts from what the sentences before named: the cards the previous player
            # moved are not this player's `their` (`Each player puts a creature from their hand into play`).
            own.controller, own.last = player, before
            act(g, player, own)
            acted_on += own.last or []
            ctx.notes = own.notes
        ctx.last = acted_on

    return op


def zone_role(c: Compiler, zone: Zone) -> str:
    return c.sim.semantics.zones.get(zone.zone, zone.zone)


def destination(c: Compiler, zone: Zone) -> Callable[[Game, Ctx, int], tuple[int, int]]:
    """Where a card goes in a zone: (the core's zone, the player whose zone it is), given the card."""
    role = zone_role(c, zone)
    whose = c.selectors.compile(zone.whose, PLAYERS, ZONE_PLAY, None) if zone.whose is not None else None

    def where(g: Game, ctx: Ctx, uid: int) -> tuple[int, int]:
        place = zone_place(g, role, zone.zone)
        if whose is not None:
            found = whose.resolve(g, ctx)
            return place, found[0] if found else ctx.controller
        if zone.owner == "you" or (place == ZONE_PLAY and zone.owner in {"", "the"}):
            return place, ctx.controller
        return place, g.owner[uid]

    return where


def zone_of(c: Compiler, zone: Zone) -> Callable[[Game, Ctx], tuple[int, int]]:
    """A zone the ability reads (not a card's destination): (the core's zone, whose)."""
    role = zone_role(c, zone)
    whose = c.selectors.compile(zone.whose, PLAYERS, ZONE_PLAY, None) if zone.whose is not None else None

    def where(g: Game, ctx: Ctx) -> tuple[int, int]:
        place = zone_place(g, role, zone.zone)
        if whose is not None:
            found = whose.resolve(g, ctx)
            return place, found[0] if found else ctx.controller
        return place, ctx.controller

    return where


def cards(c: Compiler, phrase: Phrase, name: str = "card", hint: str = "", zone: int = ZONE_PLAY) -> Sel:
    return c.selector(selector(phrase, name), zone=zone, hint=hint)


# -- resources ------------------------------------------------------------------------------


@PHRASEBOOK("gain-resource", "lose-resource", "give-resource")
def _gain_resource(phrase: Phrase, c: Compiler) -> Op:
    amount, res = number(phrase), text_arg(phrase, "resource")
    sign = -1 if phrase.entry == "lose-resource" else 1
    hint = "harm" if sign < 0 else "help"
    return for_each(players(c, phrase, hint=hint), lambda g, p, ctx: add_resource(g, p, res, sign * amount) and None)


@PHRASEBOOK("steal-resource")
def _steal(phrase: Phrase, c: Compiler) -> Op:
    amount, res = number(phrase), text_arg(phrase, "resource")

    def op(g: Game, ctx: Ctx) -> None:
        others = [p for p in range(g.n) if p != ctx.controller]
        if not others:
            return
        victim = choose(g, ctx.controller, "steal from", others, "player-harm") if len(others) > 1 else others[0]
        taken = -add_resource(g, victim, res, -amount)
        add_resource(g, ctx.controller, res, taken)

    return op


# -- cards between zones ------------------------------------------------------------------------


@PHRASEBOOK("draw-until")
def _draw_until(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase)
    return lambda g, ctx: draw(g, ctx.controller, max(0, amount - len(g.hands[ctx.controller]))) and None


# Determiners whose cards the selector finds itself (anywhere); others name cards of the player's hand.
FOUND = frozenset({"fixed", "top", "bottom", "that", "of", "each-of", "any-number"})


def from_hand(c: Compiler, node: Selector, hint: str) -> Callable[[Game, Ctx, int], list[int]]:
    """The cards a selector names in a player's hand (`a card`, `2 cards`, `up to two cards`), or found
    wherever it looks (`this card`, `the top card of your deck`, `a creature from your graveyard`)."""
    if node.det in FOUND or any(p.zone is not None for p in node.post):
        sel = c.selector(node, hint=hint)
        return lambda g, ctx, player: sel.resolve(g, ctx)
    from carddb.sim.selectors_broad import stripped

    test = c.predicate(stripped(Selector("a", node.noun, node.adjectives, node.post)))
    count = node.count.value if node.count is not None else (1 if node.det in {"a", "another", "the"} else None)
    up_to = node.up_to or (node.count is not None and node.count.up_to)

    def found(g: Game, ctx: Ctx, player: int) -> list[int]:
        options = [u for u in g.hands[player] if test(g, u, ctx)]
        if count is None or count >= len(options):
            return options
        if up_to:
            return choose_many(g, player, "choose", options, count, hint)
        return choose_many(g, player, "choose", options, count, hint)

    return found


@PHRASEBOOK("discard-card")
def _discard_card(phrase: Phrase, c: Compiler) -> Op:
    at_random = flag(phrase, "random")
    node = selector(phrase, "card")
    found = from_hand(c, node, "lose")
    many = node.count.value if node.count is not None else 1

    def act(g: Game, player: int, ctx: Ctx) -> None:
        if at_random:  # nobody chooses
            hand = list(g.hands[player])
            chosen = g.rng.sample(hand, min(many, len(hand)))
        else:
            chosen = found(g, ctx, player)
        for uid in chosen:
            if g.place[uid] == ZONE_PLAY:
                put(g, uid, ZONE_DISCARD, g.owner[uid])
            else:
                discard(g, uid)
        ctx.last = chosen

    return per_player(c, phrase, act, "harm")


@PHRASEBOOK("discard-down")
def _discard_down(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase)

    def act(g: Game, player: int, ctx: Ctx) -> None:
        hand = g.hands[player]
        for uid in choose_many(g, player, "discard", list(hand), max(0, len(hand) - amount), "lose"):
            discard(g, uid)

    return per_player(c, phrase, act, "harm")


@PHRASEBOOK("move-card")
def _move_card(phrase: Phrase, c: Compiler) -> Op:
    to = phrase.arg("to")
    assert isinstance(to, Zone)
    where, how = destination(c, to), text_arg(phrase, "where")
    states = {text_arg(phrase, "state"), text_arg(phrase, "also")} - {""}
    meanings = {c.sim.semantics.state_adjectives.get(s, ("", False))[0] for s in states}
    exhausted = "used" in meanings
    face_down = "face_down" in meanings or phrase.arg("face") == "down"
    what = c.selector(selector(phrase, "card"), hint="keep")
    origin = phrase.arg("from")  # a game verb's `Special summon this card from your hand`: only from there
    within = zone_fetch(c.selectors, origin) if isinstance(origin, Zone) else None

    def act(g: Game, player: int, ctx: Ctx) -> None:
        moved = what.resolve(g, ctx)
        if within is not None:
            there = within(g, ctx)
            moved = [uid for uid in moved if uid in there]
        for uid in moved:
            place, owner = where(g, ctx, uid)
            put(g, uid, place, owner, bottom=how == "bottom", exhausted=exhausted)
            if face_down and place == ZONE_PLAY:
                g.flip(uid, True)
            if place == ZONE_DECK and how == "top":
                g.known[ctx.controller].add(uid)
        ctx.last = moved

    return per_player(c, phrase, act)


def removed_place(game: Game) -> int:
    """Where exiled cards go: the pack's zone whose role is `removed` (nowhere if it keeps none)."""
    for zone_id, role in game.sim.semantics.zones.items():
        if role == "removed":
            return zone_place(game, role, zone_id)
    return ZONE_NONE


@PHRASEBOOK("exile")
def _exile(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), hint="harm")
    return for_each(what, lambda g, uid, ctx: put(g, uid, removed_place(g), g.owner[uid]))


@PHRASEBOOK("sacrifice-card")
def _sacrifice(phrase: Phrase, c: Compiler) -> Op:
    node = selector(phrase, "card")
    if node.det == "fixed":
        what = c.selector(node)
        return for_each(what, lambda g, uid, ctx: destroy(g, uid) and None)
    test = c.predicate(node)
    count = node.count.value if node.count is not None else 1

    def act(g: Game, player: int, ctx: Ctx) -> None:
        own = [u for u in g.play[player] if test(g, u, ctx)]
        for uid in choose_many(g, player, "sacrifice", own, count, "lose"):
            destroy(g, uid)

    return per_player(c, phrase, act, "harm")


@PHRASEBOOK("shuffle")
def _shuffle(phrase: Phrase, c: Compiler) -> Op:
    zone, to, node = phrase.arg("zone"), phrase.arg("to"), phrase.arg("card")
    source = zone_of(c, zone) if isinstance(zone, Zone) else None
    target = destination(c, to) if isinstance(to, Zone) else None
    moving = c.selector(node) if isinstance(node, Selector) else None

    def act(g: Game, player: int, ctx: Ctx) -> None:
        if target is None:  # `Shuffle your deck`, `Shuffle`
            shuffle_deck(g, player)
            return
        moved: list[int] = []
        if moving is not None:
            moved = moving.resolve(g, ctx)
            if phrase.arg("attached") is True:  # `... and all cards attached to it`
                moved = [*moved, *(u for u, host in enumerate(g.attached) if host in moved and u not in moved)]
        elif source is not None:
            place, whose = source(g, ctx)
            moved = list(zone_cards(g, place, whose if place != ZONE_HAND else player))
        for uid in moved:
            place, owner = target(g, ctx, uid)
            put(g, uid, place, owner)
        shuffle_deck(g, player)

    return per_player(c, phrase, act)


@PHRASEBOOK("search-zone")
def _search(phrase: Phrase, c: Compiler) -> Op:
    zone, among = phrase.arg("zone"), phrase.arg("among")
    node = selector(phrase, "card")
    test = c.predicate(Selector("a", node.noun, node.adjectives, node.post))
    count = node.count.value if node.count is not None else 1
    source = zone_of(c, zone) if isinstance(zone, Zone) else None
    pool = c.selector(among) if isinstance(among, Selector) else None

    def op(g: Game, ctx: Ctx) -> None:
        if pool is not None:
            looked = pool.resolve(g, ctx)
        else:
            assert source is not None
            place, whose = source(g, ctx)
            looked = list(zone_cards(g, place, whose))
        options = [u for u in looked if test(g, u, ctx)]
        found = choose_many(g, ctx.controller, "search", options, count, "keep")
        g.known[ctx.controller].update(looked)
        ctx.last = found

    return op


@PHRASEBOOK("reveal-cards")
def _reveal(phrase: Phrase, c: Compiler) -> Op:
    zone, node = phrase.arg("zone"), phrase.arg("card")
    source = zone_of(c, zone) if isinstance(zone, Zone) else None
    shown = c.selector(node, zone=ZONE_HAND) if isinstance(node, Selector) else None

    def act(g: Game, player: int, ctx: Ctx) -> None:
        if shown is not None:
            found = shown.resolve(g, ctx)
        else:
            assert source is not None
            place, _ = source(g, ctx)
            found = list(zone_cards(g, place, player))
        reveal(g, found)
        looked_at(g, ctx, found)
        ctx.last = found

    return per_player(c, phrase, act)


@PHRASEBOOK("rearrange")
def _rearrange(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "card"))
    bottom = text_arg(phrase, "where") == "bottom"

    def op(g: Game, ctx: Ctx) -> None:
        rest = list(what.resolve(g, ctx))
        order: list[int] = []
        while rest:  # the controller puts them back one by one, in the order they choose
            one = choose(g, ctx.controller, "put back", rest, "keep") if len(rest) > 1 else rest[0]
            order.append(one)
            rest.remove(one)
        for uid in reversed(order) if not bottom else order:
            put(g, uid, ZONE_DECK, g.owner[uid], bottom=bottom)

    return op


@PHRASEBOOK("choose-card")
def _choose(phrase: Phrase, c: Compiler) -> Op:
    node = selector(phrase, "target")
    what = c.selector(node, hint="keep")

    def op(g: Game, ctx: Ctx) -> None:
        what.resolve(g, ctx)  # sets `it`

    return op


@PHRASEBOOK("gain-card")
def _gain_card(phrase: Phrase, c: Compiler) -> Op:
    test = c.predicate(selector(phrase, "card"))

    def act(g: Game, player: int, ctx: Ctx) -> None:
        offered = [u for zone in g.shared for u in zone if test(g, u, ctx)]
        if not offered:
            return
        uid = choose(g, player, "gain", offered, "keep")
        put(g, uid, ZONE_DISCARD, player)
        ctx.last = [uid]

    return per_player(c, phrase, act, "help")


# The handlers of the other modules register themselves in PHRASEBOOK when imported.
from carddb.sim import phrasebook_effects, phrasebook_misc, phrasebook_moments, phrasebook_verbs, phrasebook_windows  # noqa: E402, F401
