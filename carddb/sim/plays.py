"""Offering and taking the plays every game with a stack shares: activated abilities, Reactions, a card put
on the stack.

A pack's `main_actions` and `responses` list what a player may do; these build the
common parts of those lists, and its `perform` takes them:

- `offer_abilities`: every ability of the player's cards in play they may activate now
  (the own-turn and once-per-turn restrictions, the costs, the targets), cheapest tests
  first: it runs for every decision and every response window;
- `offer_reactions`: every card in hand whose timing condition names the event, whose
  conditions hold and that the pack says may be played (`castable`: cost and targets);
- `can_target`: whether every target slot of a card's program has a legal target;
- `play_program`: the program a played card or an activated ability puts on the stack (what a bot
  weighs before it chooses);
- `play_card`: a card goes on the stack (targets chosen, its cost paid by the pack) and
  makes the `plays` event; `activate`: an ability goes on the stack and makes the
  `activates-ability` event.
"""

from __future__ import annotations

from collections.abc import Callable

from carddb.sim.cards import CardDef
from carddb.sim.costs import SpendReady, ready_by_subtype
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_STACK, Game
from carddb.sim.program import Activated, Ctx, Event, Program
from carddb.sim.stack import StackItem, choose_targets, has_targets, push

Castable = Callable[[Game, int, int, CardDef, Event | None], bool]


def card_program(game: Game, uid: int) -> Program | None:
    """What a played card puts on the stack by default: its timed sentences (a Reaction's), else its effect."""
    definition = game.defs[uid]
    return definition.timed.program if definition.timed is not None else definition.effect


def play_program(
    game: Game, player: int, action: Action, program_of: Callable[[Game, int], Program | None] = card_program
) -> tuple[Program, Ctx] | None:
    """The program a `cast` or `react` (the card's, by `program_of`) or an `ability` action puts on the stack,
    and its context; None for any other action."""
    verb, uid = action.verb, action.uid
    if verb in {"cast", "react"}:
        program = program_of(game, uid)
        if program is None:
            return None
        return program, Ctx(uid, player, event=action.event, kind=game.defs[uid].kind)
    if verb == "ability":
        return game.defs[uid].activated[action.index].program, Ctx(uid, player)
    return None


def offer_abilities(game: Game, player: int, actions: list[Action], budget: int) -> None:
    """Append an `ability` action for every ability of `player`'s cards they may activate now.

    `budget`: the most of the turn's currency they could pay (an ability whose `pool_cost`
    is more is skipped without asking its costs). Written as one loop, no call per ability;
    `SpendReady` costs are tested on the ready cards counted once (`ready_by_subtype`)."""
    actors = game.actors(player)
    if not actors:
        return
    used, tallies = game.used, game.tallies
    own_turn = game.active == player
    ctx: Ctx | None = None  # made for the first ability that passes the cheap tests
    ready: dict[str, list[int]] | None = None  # ready cards by subtype, of the kind `ready_kind`
    ready_kind = ""
    for uid, activated in actors:
        for ability in activated:
            if ability.pool_cost > budget or (ability.uses_self and used[uid]):
                continue
            if ability.own_turn_only and not own_turn:
                continue
            if ability.once_per_turn and ("once", uid, ability.index) in tallies:
                continue
            if ctx is None:
                ctx = Ctx(uid, player)
            else:
                ctx.source = uid
            for cost in ability.checks:
                if cost.__class__ is SpendReady:  # the usual cost: `has_ready`, on cards counted once
                    if ready is None or cost.kind != ready_kind:
                        ready, ready_kind = ready_by_subtype(game, player, cost.kind), cost.kind
                    found = ready.get(cost.subtype)
                    if (len(found) - (uid in found) if found else 0) < cost.amount:  # (a card never spends itself)
                        break
                elif not cost.can_pay(game, ctx):
                    break
            else:
                targets = ability.program.targets
                if (
                    not targets
                    or (len(targets) == 1 and targets[0].selector.exists(game, ctx))
                    or (len(targets) > 1 and has_targets(game, ability.program, ctx))
                ):
                    actions.append(Action("ability", uid, ability.index))


def offer_reactions(game: Game, player: int, event: Event, castable: Castable, actions: list[Action]) -> None:
    """Append a `react` action for every card in `player`'s hand that may answer `event` now."""
    kind = event.type
    if not game.reacts.get(kind):
        return
    defs = game.defs
    ctx: Ctx | None = None  # one context for the tests of every card (reset for each)
    for uid in game.hands[player]:
        timed = defs[uid].timed
        if timed is None or kind not in timed.event.types:
            continue
        if ctx is None:
            ctx = Ctx(uid, player, event=event, kind=defs[uid].kind)
        else:
            ctx.source, ctx.kind, ctx.last = uid, defs[uid].kind, None
        if (
            timed.event.match(game, event, ctx)
            and all(cond.test(game, ctx) for cond in timed.conditions)
            and castable(game, player, uid, defs[uid], event)
        ):
            actions.append(Action("react", uid, event=event))


def can_target(game: Game, player: int, uid: int, program: Program | None, event: Event | None = None) -> bool:
    """Whether every target slot of `program`, played from card `uid` by `player`, has a legal target now."""
    if program is None:
        return True
    targets = program.targets
    if not targets:
        return True
    ctx = Ctx(uid, player, event=event, kind=game.defs[uid].kind)
    if len(targets) == 1:
        return targets[0].selector.exists(game, ctx)
    return has_targets(game, program, ctx)


def card_targets(program: Program | None, ctx: Ctx) -> tuple[int, ...]:
    """The cards a program targets (what `... that targets a unit you control` reads from the event)."""
    if program is None:
        return ()
    return tuple(ctx.targets[slot.index] for slot in program.targets if slot.selector.domain == "card")


def play_card(
    game: Game, player: int, uid: int, program: Program | None, action: Action, pay: Callable[[Game, int, int], None]
) -> StackItem | None:
    """`player` plays card `uid`: targets (the action's, or chosen now), then `pay(game, player, uid)`, then the
    card goes on the stack with `program` and the `plays` event; None if a target slot has no legal target."""
    definition = game.defs[uid]
    ctx = Ctx(uid, player, event=action.event, kind=definition.kind)
    if not choose_targets(game, player, program, ctx, action.targets):
        return None
    pay(game, player, uid)
    game.move(uid, ZONE_STACK)
    if game.stats is not None:
        game.stats.play(game, player, uid)
    item = StackItem(game, uid, player, program, ctx, definition.kind, card=True, label=definition.name)
    targets = card_targets(program, ctx)
    push(game, item, Event("plays", player, uid, item=item, targets=targets, kind=definition.kind))
    return item


def activate(game: Game, player: int, uid: int, ability: Activated, action: Action) -> None:
    """`player` activates `ability` of card `uid`: targets, then every cost in order, then it goes on the stack."""
    ctx = Ctx(uid, player)
    if not choose_targets(game, player, ability.program, ctx, action.targets):
        return
    for cost in ability.costs:
        cost.pay(game, ctx)
    if ability.once_per_turn:
        game.tallies[("once", uid, ability.index)] = 1
    if game.stats is not None:
        game.stats.use(game, player, uid)
    label = f"{game.name(uid)}: {ability.text}" if game.log is not None else ""  # (a label is only ever logged)
    item = StackItem(game, uid, player, ability.program, ctx, "ability", card=False, label=label)
    targets = card_targets(ability.program, ctx)
    push(game, item, Event("activates-ability", player, uid, item=item, targets=targets, kind="ability"))
