"""Handlers of the broad phrasebook's continuous effects, triggers, events, conditions and costs.

Registered in `PHRASEBOOK`. Continuous effects are `Static`s on layers the game's rules ask about
(`stat:<id>`, `keyword`, `cost`, `cannot`, `damage-bonus`, `hand-size-bonus`, `limit`, `worth`,
`play-if`; carddb.sim.broad_state reads the first three); events are matched by type, the entry's
name (the game's turn, or the broad handlers, emit them).
"""

from __future__ import annotations

from typing import Any

from carddb.rules.ast import Phrase, Quantity, Selector, Zone
from carddb.sim.broad_state import add_resource, mark, resource, zone_cards
from carddb.sim.compiler import CompileError, Compiler, gate_ability
from carddb.sim.core_handlers import Condition, card_event, event_match, players_of, static_applies
from carddb.sim.game import ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, Game
from carddb.sim.handlers import closeness, compare, number, quantity, selector, text_arg
from carddb.sim.phrasebook_effects import keyword_name, stat_deltas
from carddb.sim.phrasebook_handlers import PHRASEBOOK, from_hand, notes, zone_of
from carddb.sim.program import Ctx, EventMatch, Program, Static, Step, Triggered
from carddb.sim.selectors import PLAYER_NOUNS

# -- continuous effects -------------------------------------------------------------------------


def _target(c: Compiler, phrase: Phrase, name: str = "target") -> Any:
    return static_applies(c.predicate(selector(phrase, name)))


@PHRASEBOOK("stat-static")
def _stat_static(phrase: Phrase, c: Compiler) -> list[Static]:
    if selector(phrase, "target").noun in {*PLAYER_NOUNS, "they"}:
        # Stats are cards' (kinds declare them): a player's `You get +2 power` would change the card whose
        # number is the player's, so the line is reported as one the engine cannot execute.
        raise CompileError(f"a player has no stats in '{c.sim.pack.id}': only cards get +N or -N to a stat")
    applies = _target(c, phrase)
    deltas = stat_deltas(c, phrase)
    return [Static(f"stat:{stat}", applies, delta, text=phrase.entry) for stat, delta in deltas]


@PHRASEBOOK("has-keyword")
def _has_keyword(phrase: Phrase, c: Compiler) -> Static:
    return Static("keyword", _target(c, phrase), kinds=frozenset({keyword_name(phrase)}), text=phrase.entry)


@PHRASEBOOK("stat-and-keyword")
def _stat_and_keyword(phrase: Phrase, c: Compiler) -> list[Static]:
    """`get +1/+0 and gain Trample`: both continuous effects, on the same cards for as long."""
    return [*_stat_static(phrase, c), _has_keyword(phrase, c)]


@PHRASEBOOK("cost-modifier")
def _cost_modifier(phrase: Phrase, c: Compiler) -> Static:
    amount = number(phrase) * (1 if phrase.arg("more") is True else -1)
    return Static("cost", _target(c, phrase), amount, text=phrase.entry)


@PHRASEBOOK("cannot")
def _cannot(phrase: Phrase, c: Compiler) -> Static:
    return Static("cannot", _target(c, phrase), kinds=frozenset({text_arg(phrase, "verb")}), text=phrase.entry)


@PHRASEBOOK("damage-bonus")
def _damage_bonus(phrase: Phrase, c: Compiler) -> Static:
    return Static("damage-bonus", _target(c, phrase, "source"), number(phrase), text=phrase.entry)


@PHRASEBOOK("hand-size-bonus")
def _hand_size_bonus(phrase: Phrase, c: Compiler) -> Static:
    change = phrase.arg("change")
    amount = change.values[0] if change is not None else 0  # type: ignore[union-attr]
    return Static("hand-size-bonus", static_applies(c.predicate(selector(phrase, "player"))), amount, text=phrase.entry)


@PHRASEBOOK("limit-per")
def _limit(phrase: Phrase, c: Compiler) -> Static:
    phase = getattr(phrase.arg("phase"), "phase", "turn")
    return Static("limit", amount=number(phrase, "count", default=1), kinds=frozenset({phase}), text=phrase.entry)


@PHRASEBOOK("worth")
def _worth(phrase: Phrase, c: Compiler) -> Static:
    return Static("worth", amount=number(phrase), kinds=frozenset({text_arg(phrase, "resource")}), text=phrase.entry)


def _all_hold(c: Compiler, phrase: Phrase) -> Condition:
    found = phrase.arg("conditions")
    conds = c.conditions(found if isinstance(found, tuple) else ())
    return Condition(lambda g, ctx: all(cond.test(g, ctx) for cond in conds))


@PHRASEBOOK("play-only-if")
def _play_if(phrase: Phrase, c: Compiler) -> Static:
    condition = _all_hold(c, phrase)
    scratch = Ctx(-1, -1)

    def applies(g: Game, source: int, x: int) -> bool:
        scratch.source, scratch.controller, scratch.last = source, g.controller[source], None
        return condition.test(g, scratch)

    return Static("play-if", applies, text=phrase.entry)


@PHRASEBOOK("while")
def _while(phrase: Phrase, c: Compiler) -> Any:
    inner = c._handle(phrase.arg("static"))  # type: ignore[arg-type]
    condition = _all_hold(c, phrase)
    if isinstance(inner, list):
        return [gate_ability(part, condition) for part in inner]
    return gate_ability(inner, condition)


@PHRASEBOOK("static-for-each")
def _static_for_each(phrase: Phrase, c: Compiler) -> Any:
    inner = c._handle(phrase.arg("static"))  # type: ignore[arg-type]
    group = c.selector(selector(phrase, "group"))

    def scale(g: Game, source: int) -> int:
        return len(group.resolve(g, Ctx(source, g.controller[source])))

    parts = inner if isinstance(inner, list) else [inner]
    made = [Static(p.layer, p.applies, p.amount, p.kinds, p.text, scale) for p in parts if isinstance(p, Static)]
    return made if isinstance(inner, list) else made[0]


@PHRASEBOOK("enters-with")
def _enters_with(phrase: Phrase, c: Compiler) -> Triggered:
    """Counters put on the card as it comes into play: a trigger of its own `enters-play` event."""
    amount, name = number(phrase), f"counter:{text_arg(phrase, 'counter')}"

    def put_counters(g: Game, ctx: Ctx) -> None:
        if g.place[ctx.source] == ZONE_PLAY:
            mark(g, name)[ctx.source] += amount

    event = EventMatch(frozenset({"enters-play"}), lambda g, ev, ctx: ev.subject == ctx.source, phrase.entry)
    return Triggered(0, event, Program((Step(put_counters, text=phrase.entry),)), phrase.entry)


# -- triggers and events ------------------------------------------------------------------------


@PHRASEBOOK("phase-start", "phase-end")
def _phase(phrase: Phrase, c: Compiler) -> EventMatch:
    phase = getattr(phrase.arg("phase"), "phase", "")
    kind = f"{phrase.entry}:{phase}"
    return EventMatch(frozenset({kind}), lambda g, ev, ctx: True, kind)


PHRASEBOOK("enters-play", "leaves-play", "attack-event", "block-event", "would-take-damage")(card_event)


@PHRASEBOOK("deals-damage")
def _deals_damage(phrase: Phrase, c: Compiler) -> EventMatch:
    source, target = c.predicate(selector(phrase, "source")), c.predicate(selector(phrase, "target"))
    return event_match(
        "deals-damage",
        lambda g, ev, ctx: source(g, ev.subject, ctx) and any(target(g, t, ctx) for t in ev.targets),
        phrase.entry,
    )


@PHRASEBOOK("gains-card")
def _gains_card(phrase: Phrase, c: Compiler) -> EventMatch:
    who, what = c.predicate(selector(phrase, "player")), c.predicate(selector(phrase, "card"))
    return event_match(
        "gains-card", lambda g, ev, ctx: who(g, ev.player, ctx) and what(g, ev.subject, ctx), phrase.entry
    )


@PHRASEBOOK("acts")
def _acts(phrase: Phrase, c: Compiler) -> EventMatch:
    """A game verb: the event type is `acts:<verb>`, its subject the card (or player) that did it."""
    verb = text_arg(phrase, "verb")
    node = selector(phrase, "target")
    who = c.predicate(node)
    on_player = node.noun in {"you", "player", "opponent"}
    other = phrase.arg("other")
    what = c.predicate(other) if isinstance(other, Selector) else None

    def match(g: Game, ev: Any, ctx: Ctx) -> bool:
        if not who(g, ev.player if on_player else ev.subject, ctx):
            return False
        return what is None or any(what(g, t, ctx) for t in ev.targets)

    return EventMatch(frozenset({f"acts:{verb}"}), match, phrase.entry)


# -- conditions ---------------------------------------------------------------------------------


def _each_player(c: Compiler, phrase: Phrase) -> Any:
    return players_of(c, selector(phrase, "player"))


@PHRASEBOOK("has-resource")
def _has_resource(phrase: Phrase, c: Compiler) -> Condition:
    who, wanted, res = _each_player(c, phrase), quantity(phrase), text_arg(phrase, "resource")
    return Condition(
        lambda g, ctx: all(compare(resource(g, p, res), wanted) for p in who.resolve(g, ctx)),
        lambda g, ctx: min((closeness(resource(g, p, res), wanted) for p in who.resolve(g, ctx)), default=0.0),
    )


@PHRASEBOOK("has-more-resource")
def _has_more(phrase: Phrase, c: Compiler) -> Condition:
    who, other = _each_player(c, phrase), players_of(c, selector(phrase, "other"))
    res = text_arg(phrase, "resource")

    def test(g: Game, ctx: Ctx) -> bool:
        theirs = [resource(g, p, res) for p in other.resolve(g, ctx)]
        return all(resource(g, p, res) > max(theirs, default=0) for p in who.resolve(g, ctx))

    return Condition(test)


@PHRASEBOOK("has-cards")
def _has_cards(phrase: Phrase, c: Compiler) -> Condition:
    who, wanted = _each_player(c, phrase), quantity(phrase)
    zone = phrase.arg("zone")
    place = zone_of(c, zone) if isinstance(zone, Zone) else None

    def count(g: Game, ctx: Ctx, player: int) -> int:
        where = place(g, ctx)[0] if place is not None else ZONE_HAND
        if where == ZONE_DISCARD:
            return sum(1 for u in g.discard if g.owner[u] == player)
        return len(zone_cards(g, where, player))

    return Condition(
        lambda g, ctx: all(compare(count(g, ctx, p), wanted) for p in who.resolve(g, ctx)),
        lambda g, ctx: min((closeness(count(g, ctx, p), wanted) for p in who.resolve(g, ctx)), default=0.0),
    )


@PHRASEBOOK("has-card")
def _has_card(phrase: Phrase, c: Compiler) -> Condition:
    who = _each_player(c, phrase)
    holding = text_arg(phrase, "word").startswith("holding")  # `you are holding a Goblin`: in hand
    in_hand = holding or _in_hand(selector(phrase, "card"))
    found = from_hand(c, selector(phrase, "card"), "keep") if in_hand else None
    what = c.predicate(selector(phrase, "card")) if found is None else None

    def test(g: Game, ctx: Ctx) -> bool:
        for player in who.resolve(g, ctx):
            if found is not None:
                if found(g, ctx.copy(), player):
                    return True
            elif any(what(g, u, ctx) for u in g.play[player]):  # type: ignore[misc]
                return True
        return False

    return Condition(test)


def _in_hand(node: Selector) -> bool:
    return any(p.zone is not None for p in node.post)


@PHRASEBOOK("is-state")
def _is_state(phrase: Phrase, c: Compiler) -> Condition:
    state, negated = text_arg(phrase, "state"), phrase.arg("negated") is True
    sem = c.sim.semantics
    what = c.selector(selector(phrase, "target"))
    field, wanted = sem.state_adjectives.get(state, ("", True))
    test = sem.adjectives.get(state)

    def holds(g: Game, ctx: Ctx) -> bool:
        named = what.resolve(g, ctx.copy())
        if not named:
            return False
        if field:
            result = all(bool(getattr(g, field)[u]) is wanted for u in named)
        else:
            result = test is not None and all(test(g, u, ctx) for u in named)
        return result != negated

    return Condition(holds)


@PHRASEBOOK("is-kind")
def _is_kind(phrase: Phrase, c: Compiler) -> Condition:
    what, kind = c.selector(selector(phrase, "target")), c.predicate(selector(phrase, "kind"))
    return Condition(lambda g, ctx: any(kind(g, u, ctx) for u in what.resolve(g, ctx.copy())))


@PHRASEBOOK("is-in-zone")
def _is_in_zone(phrase: Phrase, c: Compiler) -> Condition:
    what, zone = c.selector(selector(phrase, "target")), phrase.arg("zone")
    place = zone_of(c, zone)  # type: ignore[arg-type]
    return Condition(lambda g, ctx: all(g.place[u] == place(g, ctx)[0] for u in what.resolve(g, ctx.copy()) or [-1]))


@PHRASEBOOK("costs-at")
def _costs_at(phrase: Phrase, c: Compiler) -> Condition:
    what, amount = c.selector(selector(phrase, "target")), number(phrase)
    more = phrase.arg("comparison") == "more"
    return Condition(
        lambda g, ctx: any(
            (g.defs[u].cost >= amount) if more else (g.defs[u].cost <= amount) for u in what.resolve(g, ctx.copy())
        )
    )


@PHRASEBOOK("dealt-at")
def _dealt_at(phrase: Phrase, c: Compiler) -> Condition:
    what, wanted = c.selector(selector(phrase, "source")), quantity(phrase)
    return Condition(
        lambda g, ctx: any(compare(g.tallies.get(("dealt", g.turn, u), 0), wanted) for u in what.resolve(g, ctx.copy()))
    )


@PHRASEBOOK("has-counters")
def _has_counters(phrase: Phrase, c: Compiler) -> Condition:
    what, wanted = c.selector(selector(phrase, "target")), quantity(phrase)
    name = f"counter:{text_arg(phrase, 'counter')}"
    return Condition(lambda g, ctx: any(compare(mark(g, name)[u], wanted) for u in what.resolve(g, ctx.copy())))


@PHRASEBOOK("you-do")
def _you_do(phrase: Phrase, c: Compiler) -> Condition:
    return Condition(lambda g, ctx: bool((ctx.notes or {}).get("did", True)))


@PHRASEBOOK("coin-heads")
def _heads(phrase: Phrase, c: Compiler) -> Condition:
    count = number(phrase, "count", default=1)
    return Condition(lambda g, ctx: (ctx.notes or {}).get("heads", 0) >= count)


@PHRASEBOOK("during-turn")
def _during_turn(phrase: Phrase, c: Compiler) -> Condition:
    negated = phrase.arg("negated") is True
    return Condition(lambda g, ctx: (g.active == ctx.controller) != negated)


@PHRASEBOOK("played-this-turn")
def _played_this_turn(phrase: Phrase, c: Compiler) -> Condition:
    who, what = _each_player(c, phrase), c.predicate(selector(phrase, "card"))

    def test(g: Game, ctx: Ctx) -> bool:
        players = set(who.resolve(g, ctx))
        return any(
            key[0] == "played" and key[1] == g.turn and g.controller[key[2]] in players and what(g, key[2], ctx)
            for key in g.tallies
            if len(key) == 3
        )

    return Condition(test)


# -- costs --------------------------------------------------------------------------------------


class Cost:
    """A cost of the broad phrasebook: whether it can be paid now, and paying it."""

    def __init__(self, text: str, can_pay: Any, pay: Any) -> None:
        self.text = text
        self._can_pay, self._pay = can_pay, pay

    def can_pay(self, game: Game, ctx: Ctx) -> bool:
        return bool(self._can_pay(game, ctx))

    def pay(self, game: Game, ctx: Ctx) -> bool:
        if not self.can_pay(game, ctx):
            return False
        self._pay(game, ctx)
        return True


@PHRASEBOOK("cost-pay")
def _cost_pay(phrase: Phrase, c: Compiler) -> Cost:
    amount, res = number(phrase), text_arg(phrase, "resource")
    return Cost(
        phrase.entry,
        lambda g, ctx: resource(g, ctx.controller, res) >= amount,
        lambda g, ctx: add_resource(g, ctx.controller, res, -amount),
    )


@PHRASEBOOK("cost-exhaust")
def _cost_exhaust(phrase: Phrase, c: Compiler) -> Cost:
    what = c.selector(selector(phrase, "card"))

    def ready(g: Game, ctx: Ctx) -> list[int]:
        return [u for u in what.candidates(g, ctx) if g.place[u] == ZONE_PLAY and not g.used[u]]

    def pay(g: Game, ctx: Ctx) -> None:
        for uid in ready(g, ctx)[:1]:
            g.used[uid] = True

    return Cost(phrase.entry, ready, pay)


@PHRASEBOOK("cost-sacrifice")
def _cost_sacrifice(phrase: Phrase, c: Compiler) -> Cost:
    from carddb.sim.ops import destroy

    what = c.selector(selector(phrase, "card"))
    return Cost(
        phrase.entry, lambda g, ctx: what.exists(g, ctx), lambda g, ctx: [destroy(g, u) for u in what.resolve(g, ctx)]
    )


@PHRASEBOOK("cost-discard")
def _cost_discard(phrase: Phrase, c: Compiler) -> Cost:
    from carddb.sim.broad_state import put

    node = selector(phrase, "card")
    found = from_hand(c, node, "lose")

    def pay(g: Game, ctx: Ctx) -> None:
        for uid in found(g, ctx, ctx.controller):
            put(g, uid, ZONE_DISCARD, g.owner[uid])

    def can_pay(g: Game, ctx: Ctx) -> bool:
        if node.det == "fixed":
            return True
        return len(g.hands[ctx.controller]) >= (node.count.value if node.count is not None else 1)

    return Cost(phrase.entry, can_pay, pay)


@PHRASEBOOK("cost-remove-counters")
def _cost_remove_counters(phrase: Phrase, c: Compiler) -> Cost:
    amount, name = number(phrase), f"counter:{text_arg(phrase, 'counter')}"
    what = c.selector(selector(phrase, "card"))

    def holders(g: Game, ctx: Ctx) -> list[int]:
        return [u for u in what.candidates(g, ctx) if mark(g, name)[u] >= amount]

    def pay(g: Game, ctx: Ctx) -> None:
        for uid in holders(g, ctx)[:1]:
            mark(g, name)[uid] -= amount

    return Cost(phrase.entry, holders, pay)


@PHRASEBOOK("cost-reveal")
def _cost_reveal(phrase: Phrase, c: Compiler) -> Cost:
    from carddb.sim.ops import reveal

    found = from_hand(c, selector(phrase, "card"), "keep")

    def pay(g: Game, ctx: Ctx) -> None:
        shown = found(g, ctx, ctx.controller)
        reveal(g, shown)
        ctx.last = shown

    return Cost(phrase.entry, lambda g, ctx: bool(g.hands[ctx.controller]), pay)


@PHRASEBOOK("cost-target")
def _cost_target(phrase: Phrase, c: Compiler) -> Cost:
    what = c.selector(selector(phrase, "card"))
    return Cost(phrase.entry, lambda g, ctx: what.exists(g, ctx), lambda g, ctx: what.resolve(g, ctx))


def quantity_any(wanted: Quantity) -> bool:
    return wanted.comparison == "any"


__all__ = ["card_event", "notes"]
