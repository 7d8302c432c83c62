"""Handlers of the broad phrasebook's effects on cards in play, damage, turns and chance, and of the
entries that combine effects (`then`, durations, `for each`, modes). Registered in `PHRASEBOOK`."""

from __future__ import annotations

from typing import Any

from carddb.rules.ast import Change, Modes, Phrase, Selector
from carddb.sim.broad_state import (
    Lasting,
    add_lasting,
    add_resource,
    mark,
    new_card,
    put,
    resource,
    this_turn,
    until_next_turn,
    until_phase_ends,
)
from carddb.sim.cards import CardDef
from carddb.sim.compiler import Compiler
from carddb.sim.decisions import choose_many, confirm
from carddb.sim.events import emit
from carddb.sim.game import ZONE_DISCARD, ZONE_PLAY, Game
from carddb.sim.handlers import for_each, number, selector, text_arg
from carddb.sim.phrasebook_handlers import PHRASEBOOK, destination, from_hand, notes, per_player, players
from carddb.sim.program import Ctx, Event, Op, Repeat, Static
from carddb.sim.selectors import STACK

# -- cards in play --------------------------------------------------------------------------


def _in_play(game: Game, uid: int) -> bool:
    return game.place[uid] == ZONE_PLAY


@PHRASEBOOK("exhaust-card", "ready-card")
def _exhaust(phrase: Phrase, c: Compiler) -> Op:
    used = phrase.entry == "exhaust-card"
    what = c.selector(selector(phrase, "target"), hint="harm" if used else "help")

    def mark_used(g: Game, uid: int, ctx: Ctx) -> None:
        if _in_play(g, uid):
            g.used[uid] = used

    return for_each(what, mark_used)


def counter_mark(phrase: Phrase) -> str:
    return f"counter:{text_arg(phrase, 'counter')}"


@PHRASEBOOK("put-counters", "remove-counters")
def _counters(phrase: Phrase, c: Compiler) -> Op:
    amount, name = number(phrase), counter_mark(phrase)
    sign = 1 if phrase.entry == "put-counters" else -1
    what = c.selector(selector(phrase, "target"))

    def change(g: Game, uid: int, ctx: Ctx) -> None:
        if _in_play(g, uid):
            values = mark(g, name)
            values[uid] = max(0, values[uid] + sign * amount)

    return for_each(what, change)


@PHRASEBOOK("move-counters")
def _move_counters(phrase: Phrase, c: Compiler) -> Op:
    amount, name = number(phrase), counter_mark(phrase)
    source, target = c.selector(selector(phrase, "target")), c.selector(selector(phrase, "other"))

    def op(g: Game, ctx: Ctx) -> None:
        values = mark(g, name)
        for uid in source.resolve(g, ctx):
            for other in target.resolve(g, ctx):
                moved = min(amount, values[uid])
                if _in_play(g, other):
                    values[uid] -= moved
                    values[other] += moved

    return op


def stat_deltas(c: Compiler, phrase: Phrase) -> list[tuple[str, int]]:
    """(stat, change) of a stat change: `+2 power`, `+1/+1` (the game's pair of stats), `gains 300 ATK`."""
    change, stat = phrase.arg("change"), text_arg(phrase, "stat")
    if isinstance(change, Change):
        if stat:
            return [(stat, change.values[0])]
        pair = c.sim.language.vocabulary.stat_pair or ()
        return list(zip(pair, change.values, strict=False))
    amount = number(phrase)
    return [(stat, -amount if text_arg(phrase, "word") == "lose" else amount)]


@PHRASEBOOK("stat-change")
def _stat_change(phrase: Phrase, c: Compiler) -> Op:
    deltas = stat_deltas(c, phrase)
    what = c.selector(selector(phrase, "target"), hint="help")

    def change(g: Game, uid: int, ctx: Ctx) -> None:
        if _in_play(g, uid):
            for stat, delta in deltas:
                mark(g, f"stat:{stat}")[uid] += delta

    return for_each(what, change)


def keyword_name(phrase: Phrase) -> str:
    keyword = phrase.arg("keyword")
    return keyword.entry if isinstance(keyword, Phrase) else ""


@PHRASEBOOK("gain-keyword")
def _gain_keyword(phrase: Phrase, c: Compiler) -> Op:
    name = f"keyword:{keyword_name(phrase)}"
    what = c.selector(selector(phrase, "target"), hint="help")
    return for_each(what, lambda g, uid, ctx: _set(g, name, uid))


def _set(game: Game, name: str, uid: int, value: int = 1) -> None:
    if _in_play(game, uid):
        mark(game, name)[uid] = value


@PHRASEBOOK("apply-status")
def _status(phrase: Phrase, c: Compiler) -> Op:
    name = f"status:{text_arg(phrase, 'status')}"
    what = c.selector(selector(phrase, "target"), hint="harm")
    return for_each(what, lambda g, uid, ctx: _set(g, name, uid))


@PHRASEBOOK("now-state")
def _now_state(phrase: Phrase, c: Compiler) -> Op:
    sem = c.sim.semantics
    states = [s for s in (text_arg(phrase, "state"), text_arg(phrase, "also")) if s]
    what = c.selector(selector(phrase, "target"))

    def apply(g: Game, uid: int, ctx: Ctx) -> None:
        if not _in_play(g, uid):
            return
        for state in states:
            field, wanted = sem.state_adjectives.get(state, ("", False))
            if field == "used":
                g.used[uid] = wanted
            elif field == "face_down":
                g.flip(uid, wanted)
            else:
                _set(g, f"status:{state}", uid)

    return for_each(what, apply)


@PHRASEBOOK("attach")
def _attach(phrase: Phrase, c: Compiler) -> Op:
    found = from_hand(c, selector(phrase, "card"), "keep")
    onto = c.selector(selector(phrase, "target"), hint="help")

    def op(g: Game, ctx: Ctx) -> None:
        targets = onto.resolve(g, ctx)
        if not targets:
            return
        for uid in found(g, ctx, ctx.controller):
            put(g, uid, ZONE_PLAY, ctx.controller)
            g.attached[uid] = targets[0]

    return op


@PHRASEBOOK("forced-attack")
def _forced_attack(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"))
    return for_each(what, lambda g, uid, ctx: emit(g, Event("attack-event", g.controller[uid], uid)))


def change_control(game: Game, uid: int, player: int) -> None:
    """The card changes controller, staying in play as it is (damage, exhaustion, counters kept)."""
    if not _in_play(game, uid) or game.controller[uid] == player:
        return
    damage, used = game.damage[uid], game.used[uid]
    kept = {name: values[uid] for name, values in game.marks.items()}
    game.move(uid, ZONE_PLAY, player)
    game.damage[uid], game.used[uid] = damage, used
    for name, value in kept.items():
        game.marks[name][uid] = value


@PHRASEBOOK("take-control")
def _take_control(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), hint="harm")
    return for_each(what, lambda g, uid, ctx: change_control(g, uid, ctx.controller))


@PHRASEBOOK("create-token")
def _token(phrase: Phrase, c: Compiler) -> Op:
    amount, name = number(phrase), text_arg(phrase, "token")
    pt = phrase.arg("pt")
    term = c.sim.language.vocabulary.term("tokens", name)
    pair = c.sim.language.vocabulary.stat_pair
    numbers = dict(zip(pair, pt.values, strict=False)) if isinstance(pt, Change) and pair else {}
    keyword = keyword_name(phrase)

    def op(g: Game, ctx: Ctx) -> None:
        made = []
        for _ in range(amount):
            definition = CardDef(
                len(g.defs),
                f"token-{name}",
                term.singular if term else name,
                "token",
                "",
                "",
                0,
                (),
                0,
                numbers=numbers,
            )
            if keyword:
                definition.keywords[keyword] = 1
            uid = new_card(g, definition, ctx.controller)
            put(g, uid, ZONE_PLAY, ctx.controller)
            made.append(uid)
        ctx.last = made

    return op


@PHRASEBOOK("copy-card")
def _copy(phrase: Phrase, c: Compiler) -> Op:
    to = phrase.arg("to")
    if to is not None:
        where = destination(c, to)  # type: ignore[arg-type]
        what = c.selector(selector(phrase, "card"))

        def add_copy(g: Game, uid: int, ctx: Ctx) -> None:
            copy = new_card(g, g.defs[uid], ctx.controller)
            place, owner = where(g, ctx, copy)
            put(g, copy, place, ctx.controller if owner == g.owner[copy] else owner)

        return for_each(what, add_copy)
    # What is copied is on the stack: the target is a stack item (as a counter's is), not a card in play.
    target = c.selector(selector(phrase, "target"), STACK, hint="keep")

    def copy_on_stack(g: Game, ctx: Ctx) -> None:
        from carddb.sim.stack import StackItem, item_by_id, push

        for item_id in target.resolve(g, ctx):
            item = item_by_id(g, item_id)
            if item is None:
                continue
            copy_ctx = item.ctx.copy()
            copy_ctx.controller = ctx.controller
            copy = StackItem(
                g, item.source, ctx.controller, item.program, copy_ctx, "ability", card=False, label="copy"
            )
            push(g, copy)
            notes(ctx)["copy"] = copy  # `You may choose new targets for the copy.`

    return copy_on_stack


@PHRASEBOOK("play-more", "extra-turn")
def _tally(phrase: Phrase, c: Compiler) -> Op:
    """More plays this turn, or an extra turn: counted where the game's turn reads them (`Game.tallies`)."""
    entry, amount = phrase.entry, number(phrase, default=1)
    who = players(c, phrase)

    def op(g: Game, ctx: Ctx) -> None:
        for player in who.resolve(g, ctx):
            key = (entry, player) if entry == "extra-turn" else (entry, g.turn, player)
            g.tallies[key] = g.tallies.get(key, 0) + amount

    return op


# -- damage -------------------------------------------------------------------------------------


@PHRASEBOOK("prevent")
def _prevent(phrase: Phrase, c: Compiler) -> Op:
    """A shield: that much damage to the card or player is not dealt this turn (`that damage`: the damage
    announced, see carddb.sim.broad_state.damage_after_shields)."""
    amount = number(phrase) if phrase.arg("all") is not True else 10**6
    node = phrase.arg("target")
    if text_arg(phrase, "word") in {"that", "bare"} or node is None:
        return lambda g, ctx: _shield(g, ("pending",), amount)
    what = c.selector(node, hint="help")  # type: ignore[arg-type]
    on_player = what.domain == "player"
    return for_each(
        what, lambda g, x, ctx: _shield(g, ("shield", g.turn, "player" if on_player else "card", x), amount)
    )


def _shield(game: Game, key: tuple[Any, ...], amount: int) -> None:
    game.tallies[key] = game.tallies.get(key, 0) + amount


@PHRASEBOOK("redirect-damage")
def _redirect(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"))
    if what.domain == "player":
        c.check_player_damage()

    def op(g: Game, ctx: Ctx) -> None:
        event = ctx.event
        if event is None:
            return
        from carddb.sim.ops import deal_damage

        _shield(g, ("pending",), event.amount)  # the damage announced is not dealt where it was going...
        for uid in what.resolve(g, ctx):
            if what.domain == "player":
                g.sim.damage_player(g, uid, event.amount)
            else:
                deal_damage(g, uid, event.amount)  # ...but here

    return op


# -- chance, modes, repeats ---------------------------------------------------------------------


@PHRASEBOOK("flip-coins")
def _flip(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase)

    def op(g: Game, ctx: Ctx) -> None:
        heads = sum(1 for _ in range(amount) if g.rng.below(2) == 0)
        notes(ctx).update(flips=amount, heads=heads)
        if g.log is not None:
            g.trace(f"P{ctx.controller + 1} flips {amount}: {heads} heads")

    return op


@PHRASEBOOK("repeat")
def _repeat(phrase: Phrase, c: Compiler) -> Repeat:
    return Repeat(number(phrase, "count", default=1))


@PHRASEBOOK("choose-modes")
def _modes(phrase: Phrase, c: Compiler) -> Op:
    modes = phrase.arg("modes")
    assert isinstance(modes, Modes)
    ops = [c.effect(item) for item in modes.items]
    count = number(phrase, "count", default=1)
    node = phrase.arg("player")
    chooser = c.selector(node, "player") if isinstance(node, Selector) and node.noun != "you" else None

    def op(g: Game, ctx: Ctx) -> None:
        who = chooser.resolve(g, ctx)[0] if chooser is not None else ctx.controller
        for index in sorted(choose_many(g, who, "choose a mode", list(range(len(ops))), count, "help")):
            ops[index](g, ctx)

    return op


@PHRASEBOOK("then")
def _then(phrase: Phrase, c: Compiler) -> Op:
    first, second = c.effect(phrase.arg("first")), c.effect(phrase.arg("second"))  # type: ignore[arg-type]

    def op(g: Game, ctx: Ctx) -> None:
        first(g, ctx)
        if not g.over:
            second(g, ctx)

    return op


@PHRASEBOOK("for-each")
def _for_each(phrase: Phrase, c: Compiler) -> Op:
    inner = c.effect(phrase.arg("effect"))  # type: ignore[arg-type]
    group = c.selector(selector(phrase, "group"))

    def op(g: Game, ctx: Ctx) -> None:
        for _ in range(len(group.resolve(g, ctx.copy()))):
            inner(g, ctx)

    return op


@PHRASEBOOK("unless-pays")
def _unless(phrase: Phrase, c: Compiler) -> Op:
    inner = c.effect(phrase.arg("effect"))  # type: ignore[arg-type]
    who, amount, res = players(c, phrase), number(phrase), text_arg(phrase, "resource")

    def op(g: Game, ctx: Ctx) -> None:
        payers = who.resolve(g, ctx.copy()) or _target_controllers(g, ctx)  # `its controller`: of the target
        for player in payers:
            if resource(g, player, res) >= amount and confirm(g, player, f"pay {amount} {res}"):
                add_resource(g, player, res, -amount)
                return
        inner(g, ctx)

    return op


def _target_controllers(game: Game, ctx: Ctx) -> list[int]:
    from carddb.sim.stack import item_by_id

    found = []
    for target in ctx.targets:
        item = item_by_id(game, target)
        if item is not None:
            found.append(item.controller)
        elif 0 <= target < len(game.controller):
            found.append(game.controller[target])
    return found


@PHRASEBOOK("instead")
def _instead(phrase: Phrase, c: Compiler) -> Op:
    inner = c.effect(phrase.arg("effect"))  # type: ignore[arg-type]

    def op(g: Game, ctx: Ctx) -> None:
        event = ctx.event
        if event is not None and event.type.startswith("would"):
            _shield(g, ("pending",), event.amount or 10**6)  # what the event would have done does not happen
        notes(ctx)["instead"] = True
        inner(g, ctx)

    return op


# -- durations ----------------------------------------------------------------------------------


def _lasting(phrase: Phrase, c: Compiler, alive: Any) -> Op:
    """`EFFECT until end of turn` (and the other durations): a continuous effect on what it names now, or an
    effect whose changes (marks, control) are undone when the duration ends."""
    inner = phrase.arg("effect")
    assert isinstance(inner, Phrase)
    if c.sim.language.registry[inner.entry].role == "static":
        made = c._handle(inner)
        statics = made if isinstance(made, list) else [made]
        subject = next((v for _, v in inner.args if isinstance(v, Selector)), None)
        # A chosen or named subject (`target creature`, `it`) is what it named when the effect resolved; a
        # group (`Your Instants`, `creatures you control`) is whatever it names while the effect lasts.
        chosen_subject = (subject is not None and subject.det not in {"", "all", "each", "own"}) or (
            subject is not None and subject.det == "own" and not subject.many
        )
        named = c.selector(subject) if chosen_subject and subject is not None else None

        def last_static(g: Game, ctx: Ctx) -> None:
            chosen = frozenset(named.resolve(g, ctx)) if named is not None else None
            for static in statics:
                if not isinstance(static, Static):
                    continue
                locked = (
                    static
                    if chosen is None
                    else Static(
                        static.layer,
                        lambda g2, s, x: x in chosen,
                        static.amount,
                        static.kinds,
                        static.text,
                        static.scale,
                    )
                )
                add_lasting(g, Lasting(ctx.source, ctx.controller, alive(g, ctx), static=locked, text=inner.entry))

        return last_static
    op = c.effect(inner)

    def last_effect(g: Game, ctx: Ctx) -> None:
        marks = {name: values.copy() for name, values in g.marks.items()}
        controllers = g.controller.copy()
        op(g, ctx)
        changed = {
            name: [
                (uid, values[uid] - (marks[name][uid] if name in marks and uid < len(marks[name]) else 0))
                for uid in range(len(values))
                if values[uid] != (marks[name][uid] if name in marks and uid < len(marks[name]) else 0)
            ]
            for name, values in g.marks.items()
        }
        taken = [
            (uid, before)
            for uid, before in enumerate(controllers)
            if uid < len(g.controller) and g.controller[uid] != before
        ]

        def revert(g2: Game) -> None:
            for name, deltas in changed.items():
                values = mark(g2, name)
                for uid, delta in deltas:
                    if _in_play(g2, uid):
                        values[uid] -= delta
            for uid, before in taken:
                change_control(g2, uid, before)

        add_lasting(g, Lasting(ctx.source, ctx.controller, alive(g, ctx), revert=revert, text=inner.entry))

    return last_effect


@PHRASEBOOK("until-end-of-turn")
def _until_end_of_turn(phrase: Phrase, c: Compiler) -> Op:
    return _lasting(phrase, c, lambda g, ctx: this_turn(g))


@PHRASEBOOK("until-next-turn")
def _until_next_turn(phrase: Phrase, c: Compiler) -> Op:
    return _lasting(phrase, c, lambda g, ctx: until_next_turn(g, ctx.controller))


@PHRASEBOOK("until-phase")
def _until_phase(phrase: Phrase, c: Compiler) -> Op:
    phase = phrase.arg("phase")
    name = getattr(phase, "phase", "")
    return _lasting(phrase, c, lambda g, ctx: until_phase_ends(g, name))


__all__ = ["ZONE_DISCARD", "per_player"]
