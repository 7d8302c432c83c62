"""Handlers of the time windows (carddb/rules/phrasebook_windows.py): the next card of a kind, delayed
triggers, effects during the opponent's next turn, and once-per-turn moments. Registered in `PHRASEBOOK`.

The next card of a kind is claimed by a `Watch` (carddb.sim.windows_state) that hears it played (the
`plays` event) or gained (`gains-card`): its stat change then applies to that card alone, a cost cut
applies until a card of the kind is played, and the modifier ends with the turn (or the phase) either
way. A delayed trigger is a watch that hears the start of its controller's next turn once.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from carddb.rules.ast import Phase, Phrase, Selector, Zone
from carddb.sim.broad_state import Lasting, add_lasting, put, this_turn, until_phase_ends
from carddb.sim.compiler import Compiler
from carddb.sim.core_handlers import Condition, static_applies
from carddb.sim.events import PendingTrigger
from carddb.sim.game import ZONE_NONE, ZONE_PLAY, ZONE_SHARED, Game
from carddb.sim.handlers import number, selector, text_arg
from carddb.sim.phrasebook_effects import stat_deltas
from carddb.sim.phrasebook_handlers import PHRASEBOOK, destination, from_hand, players, removed_place, zone_of
from carddb.sim.program import Ctx, Event, EventMatch, Program, Static, Step, Triggered
from carddb.sim.selectors import Sel
from carddb.sim.windows_state import Watch, acted_key, drop, plays_this_turn, serial

# Verbs that mean taking a card from the cards available to all (the `gains-card` event); any other verb
# (play, cast, install...) means playing it (`plays`).
GAIN_VERBS = frozenset({"acquire", "buy", "gain", "purchase", "recruit"})


@dataclass(frozen=True)
class Upcoming:
    """The card a `next ...` effect waits for: which cards it may be, the event that claims one, how long it waits."""

    test: Callable[[Game, int, int], bool]  # (game, the ability's controller, card)
    who: Sel  # the players whose play (or gain) claims it (the wordings say `you`)
    event: str
    phase: str  # "" for `this turn`

    def alive(self, game: Game) -> Callable[[Game], bool]:
        return until_phase_ends(game, self.phase) if self.phase else this_turn(game)

    def players(self, game: Game, ctx: Ctx) -> frozenset[int]:
        return frozenset(self.who.resolve(game, ctx.copy()))

    def claims(self, game: Game, event: Event, players: frozenset[int], controller: int) -> bool:
        return event.type == self.event and event.player in players and self.test(game, controller, event.subject)


def upcoming(phrase: Phrase, c: Compiler) -> Upcoming:
    node = selector(phrase, "card")
    pred = c.predicate(Selector("a", node.noun, node.adjectives))
    scratch = Ctx(-1, -1)

    def test(g: Game, player: int, uid: int) -> bool:
        if uid < 0:
            return False
        scratch.controller = player
        return pred(g, uid, scratch)

    verb = text_arg(phrase, "verb") or "play"
    phase = phrase.arg("phase")
    event = "gains-card" if verb in GAIN_VERBS else "plays"
    return Upcoming(test, players(c, phrase), event, phase.phase if isinstance(phase, Phase) else "")


def _claim(game: Game, wanted: Upcoming, ctx: Ctx, key: tuple[str, int], text: str) -> Watch:
    """A watch that records the first card `wanted` claims (its uid + 1 under `key`), then drops itself."""
    who, controller = wanted.players(game, ctx), ctx.controller

    def on(g: Game, event: Event, watch: Watch) -> None:
        if wanted.claims(g, event, who, controller):
            g.tallies[key] = event.subject + 1
            drop(g, watch)

    return Watch(ctx.source, controller, wanted.alive(game), on, text)


@PHRASEBOOK("next-card-gets")
def _next_gets(phrase: Phrase, c: Compiler) -> Any:
    wanted, deltas = upcoming(phrase, c), stat_deltas(c, phrase)

    def op(g: Game, ctx: Ctx) -> None:
        key = serial(g)
        add_lasting(g, _claim(g, wanted, ctx, key, phrase.entry))
        for stat, delta in deltas:
            static = Static(f"stat:{stat}", lambda g2, s, x: g2.tallies.get(key) == x + 1, delta, text=phrase.entry)
            add_lasting(g, Lasting(ctx.source, ctx.controller, wanted.alive(g), static=static, text=phrase.entry))

    return op


@PHRASEBOOK("next-card-costs")
def _next_costs(phrase: Phrase, c: Compiler) -> Any:
    wanted, amount = upcoming(phrase, c), number(phrase) * (1 if phrase.arg("more") is True else -1)

    def op(g: Game, ctx: Ctx) -> None:
        key, player, who = serial(g), ctx.controller, wanted.players(g, ctx)

        def applies(g2: Game, source: int, x: int) -> bool:
            # a card the players could play (theirs) or acquire (in a shared zone), until one is claimed
            theirs = g2.controller[x] in who or g2.place[x] >= ZONE_SHARED
            return not g2.tallies.get(key) and theirs and wanted.test(g2, player, x)

        add_lasting(g, _claim(g, wanted, ctx, key, phrase.entry))
        static = Static("cost", applies, amount, text=phrase.entry)
        add_lasting(g, Lasting(ctx.source, player, wanted.alive(g), static=static, text=phrase.entry))

    return op


@PHRASEBOOK("next-card-goes")
def _next_goes(phrase: Phrase, c: Compiler) -> Any:
    wanted = upcoming(phrase, c)
    to = phrase.arg("to")
    assert isinstance(to, Zone)
    where = destination(c, to)

    def op(g: Game, ctx: Ctx) -> None:
        player, here, who = ctx.controller, ctx.copy(), wanted.players(g, ctx)

        def on(g2: Game, event: Event, watch: Watch) -> None:
            if wanted.claims(g2, event, who, player):
                drop(g2, watch)
                place, owner = where(g2, here, event.subject)
                put(g2, event.subject, place, owner)

        add_lasting(g, Watch(ctx.source, player, wanted.alive(g), on, phrase.entry))

    return op


# -- delayed triggers ---------------------------------------------------------------------------


def delayed(op: Any, ctx: Ctx, event: str, player: int, text: str) -> Watch:
    """A one-shot triggered ability: `op` happens (as a triggered ability of `ctx.source`, controlled by whoever
    controlled the effect that made it) when `player`'s next `event` comes, with what the ability named and
    targeted now (`them`, `target creature`)."""
    named, targets, controller = ctx.last, list(ctx.targets), ctx.controller

    def later(g: Game, run: Ctx) -> None:
        run.last, run.targets = named, list(targets)
        op(g, run)

    match = EventMatch(frozenset({event}), lambda g, ev, c: ev.player == player, text)
    ability = Triggered(-1, match, Program((Step(later, text=text),), (), text), text)

    def on(g: Game, ev: Event, watch: Watch) -> None:
        if ev.type == event and ev.player == player:
            drop(g, watch)  # once: it is gone before anything else hears this event
            g.pending.append(PendingTrigger(ctx.source, controller, ability, ev))

    return Watch(ctx.source, controller, lambda g: True, on, text)


@PHRASEBOOK("next-turn-start")
def _next_turn_start(phrase: Phrase, c: Compiler) -> Any:
    inner = c.effect(phrase.arg("effect"))  # type: ignore[arg-type]
    at_end, theirs = phrase.arg("when") == "end", phrase.arg("whose") == "opponent"

    def op(g: Game, ctx: Ctx) -> None:
        if at_end:  # the end of the turn going on, whoever's it is
            add_lasting(g, delayed(inner, ctx, "turn-end", g.active, phrase.entry))
        else:
            player = g.next_player(ctx.controller) if theirs else ctx.controller
            add_lasting(g, delayed(inner, ctx, "turn-start", player, phrase.entry))

    return op


def aside_place(game: Game) -> int:
    """Where set-aside cards wait: the game's shared zone `aside` if it keeps one, else where exiled cards go."""
    if "aside" in game.sim.shared_zones:
        return ZONE_SHARED + game.sim.shared_zones.index("aside")
    return removed_place(game)


@PHRASEBOOK("set-aside")
def _set_aside(phrase: Phrase, c: Compiler) -> Any:
    found = from_hand(c, selector(phrase, "card"), "keep")
    face_down = phrase.arg("face_down") is True

    def op(g: Game, ctx: Ctx) -> None:
        cards = found(g, ctx, ctx.controller)
        place = aside_place(g)
        if place == ZONE_NONE:  # a game that keeps no such zone: they stay where they are, still named by `them`
            ctx.last = cards
            return
        for uid in cards:
            if g.place[uid] == ZONE_PLAY:
                put(g, uid, place, g.owner[uid])
            g.move(uid, place, g.owner[uid])
            if face_down:  # (face down is a card in play's state): the other players do not see which it is
                for player, known in enumerate(g.known):
                    if player != g.owner[uid]:
                        known.discard(uid)
        ctx.last = cards

    return op


# -- during the opponent's next turn --------------------------------------------------------------


def next_turn_of(game: Game, ctx: Ctx, whose: str) -> tuple[int, int]:
    """(the player whose next turn it is, the turns they will have started by then)."""
    player = ctx.controller if whose == "you" else game.next_player(ctx.controller)
    return player, game.turns[player] + 1


@PHRASEBOOK("during-next-turn")
def _during_next_turn(phrase: Phrase, c: Compiler) -> Any:
    inner = phrase.arg("effect")
    assert isinstance(inner, Phrase)
    whose = text_arg(phrase, "whose")
    if c.sim.language.registry[inner.entry].role != "static":
        # an effect happens as that turn starts; what it says of `this turn` then means that turn
        op = c.effect(inner)

        def later(g: Game, ctx: Ctx) -> None:
            player, _ = next_turn_of(g, ctx, whose)
            add_lasting(g, delayed(op, ctx, "turn-start", player, phrase.entry))

        return later
    made = c._handle(inner)
    statics = [s for s in (made if isinstance(made, list) else [made]) if isinstance(s, Static)]
    subject = next((v for _, v in inner.args if isinstance(v, Selector)), None)
    named = c.selector(subject) if subject is not None and subject.det not in {"", "all", "each", "own"} else None

    def hold(g: Game, ctx: Ctx) -> None:
        player, turn = next_turn_of(g, ctx, whose)
        chosen = frozenset(named.resolve(g, ctx)) if named is not None else None

        def during(g2: Game) -> bool:
            return g2.turns[player] == turn and g2.active == player

        def kept(g2: Game) -> bool:  # until that turn is over
            return g2.turns[player] < turn or during(g2)

        for static in statics:
            applies = static.applies

            def held(g2: Game, s: int, x: int, applies: Any = applies) -> bool:
                return during(g2) and (chosen is None or x in chosen) and applies(g2, s, x)

            locked = Static(static.layer, held, static.amount, static.kinds, static.text, static.scale)
            add_lasting(g, Lasting(ctx.source, ctx.controller, kept, static=locked, text=inner.entry))

    return hold


@PHRASEBOOK("damage-reduction")
def _damage_reduction(phrase: Phrase, c: Compiler) -> Static:
    amount = 10**6 if phrase.arg("all") is True else number(phrase)
    kinds = frozenset({"attacks"}) if phrase.arg("attacks") is True else frozenset()
    applies = static_applies(c.predicate(selector(phrase, "target")))
    return Static("damage-taken", applies, amount, kinds, text=phrase.entry)


# -- once per turn ------------------------------------------------------------------------------

_TRIGGERS = itertools.count()


@PHRASEBOOK("first-time-each-turn")
def _first_time(phrase: Phrase, c: Compiler) -> EventMatch:
    inner = c.event(phrase.arg("event"))  # type: ignore[arg-type]
    ability = next(_TRIGGERS)

    def match(g: Game, ev: Event, ctx: Ctx) -> bool:
        # The turn's tallies start empty: once each turn. The first event is kept, not a flag, so that a
        # driver that asks again about the same event (DirectSimulator.run_triggered) is told yes again.
        key = ("first-time", ctx.source, ability)
        first = g.tallies.get(key)
        if first is not None:
            return first is ev  # type: ignore[comparison-overlap]
        if not inner.match(g, ev, ctx):
            return False
        g.tallies[key] = ev  # type: ignore[assignment]
        return True

    return EventMatch(inner.types, match, phrase.entry)


@PHRASEBOOK("during-your-turn-when")
def _during_your_turn(phrase: Phrase, c: Compiler) -> EventMatch:
    inner = c.event(phrase.arg("event"))  # type: ignore[arg-type]
    return EventMatch(
        inner.types, lambda g, ev, ctx: g.active == ctx.controller and inner.match(g, ev, ctx), phrase.entry
    )


@PHRASEBOOK("put-into-zone")
def _put_into(phrase: Phrase, c: Compiler) -> EventMatch:
    what, zone = c.predicate(selector(phrase, "target")), phrase.arg("zone")
    assert isinstance(zone, Zone)
    place = zone_of(c, zone)

    def match(g: Game, ev: Event, ctx: Ctx) -> bool:
        uid = ev.subject
        return ev.player == ctx.controller and g.place[uid] == place(g, ctx)[0] and what(g, uid, ctx)

    return EventMatch(frozenset({"put-into"}), match, phrase.entry)


@PHRASEBOOK("first-card-costs")
def _first_card_costs(phrase: Phrase, c: Compiler) -> Static:
    wanted, amount = upcoming(phrase, c), number(phrase)
    scratch = Ctx(-1, -1)

    def applies(g: Game, source: int, x: int) -> bool:
        scratch.source, scratch.controller = source, g.controller[source]
        holder = g.controller[x]
        if holder not in wanted.players(g, scratch) or not wanted.test(g, scratch.controller, x):
            return False
        return not any(  # no card of the kind played yet this turn by that player
            key[0] == "played"
            and key[1] == g.turn
            and g.controller[key[2]] == holder
            and wanted.test(g, scratch.controller, key[2])
            for key in g.tallies
            if len(key) == 3
        )

    return Static("cost", applies, -amount, text=phrase.entry)


@PHRASEBOOK("has-acted", "acted-this-turn")
def _acted_this_turn(phrase: Phrase, c: Compiler) -> Condition:
    """`If this creature quests` / `quested this turn`: the card or player did the verb this turn (note_act)."""
    what, verb = c.selector(selector(phrase, "target")), text_arg(phrase, "verb")
    player = what.domain == "player"
    return Condition(
        lambda g, ctx: any(g.tallies.get(acted_key(g, verb, x, player=player), 0) for x in what.resolve(g, ctx.copy()))
    )


@PHRASEBOOK("first-time-played")
def _first_time_played(phrase: Phrase, c: Compiler) -> Condition:
    what = c.selector(selector(phrase, "card"))
    return Condition(lambda g, ctx: all(plays_this_turn(g, u) == 1 for u in what.resolve(g, ctx.copy()) or [-1]))
