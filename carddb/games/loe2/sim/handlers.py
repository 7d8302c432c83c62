"""The handlers of LOE v2's own registry entries: mana, health, tapping, boosts, tokens, the marketplace,
combat's statics and events, and the Reaction timing.

| entry | what the handler does |
|---|---|
| `pay-mana`, `tap-self`, `sacrifice-self`, `discard-cost` | the kit's costs (`PoolCost` pays through `Loe2Simulator.pay_currency`, which pitches) |
| `gain-mana`, `gain-health`, `heal`, `heal-all`, `tap`, `untap` | change the pool, a player's health, a unit's damage or tapped mark |
| `boost-power`, `boost-toughness`, `boost-both` | temporary statics on each unit named, ended at the end of the turn (a unit that leaves play loses them) |
| `anthem-power`, `anthem-toughness` | statics on the `power` and `health` layers (a Troop's toughness is its health) |
| `create-troop` | a token: a new card of the game (`Game.add_card`) that enters the battlefield |
| `prevent-damage` | removes up to N of the damage the answered event dealt |
| `look-at-top-own` | the controller sees the top N cards of their own deck |
| `trade` | a marketplace trade of its own, not counted against the trade action |
| `block-limit`, `evasion`, `enters-tapped` | statics the combat and a unit's arrival read |
| `enters`, `attacks`, `leader-attacks`, `blocks`, `would-be-destroyed` | events |
| `reaction` | the timing of a Reaction |
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from carddb.games.loe2.sim import mana, marketplace
from carddb.games.loe2.sim.board import state
from carddb.pack_api import (
    ZONE_PLAY,
    CardDef,
    Compiler,
    Ctx,
    DiscardCost,
    Event,
    Game,
    HandlerSet,
    Op,
    Phrase,
    PoolCost,
    SacrificeSelf,
    Selector,
    Static,
    Timing,
    UseSelf,
    add_temporary,
    card_event,
    emit,
    for_each,
    look,
    number,
    player_event,
    players_of,
    remove_damage,
    selector,
    static_applies,
)

V2 = HandlerSet()

# -- costs -----------------------------------------------------------------------------------------


@V2("pay-mana")
def _pay_mana(phrase: Phrase, c: Compiler) -> PoolCost:
    return PoolCost(number(phrase), f"pay {number(phrase)} mana")


@V2("tap-self")
def _tap_self(phrase: Phrase, c: Compiler) -> UseSelf:
    return UseSelf("tap this card")


@V2("sacrifice-self")
def _sacrifice_self(phrase: Phrase, c: Compiler) -> SacrificeSelf:
    return SacrificeSelf("sacrifice this card")


@V2("discard-cost")
def _discard_cost(phrase: Phrase, c: Compiler) -> DiscardCost:
    return DiscardCost(number(phrase))


# -- effects ---------------------------------------------------------------------------------------


@V2("gain-mana")
def _gain_mana(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase)

    def op(g: Game, ctx: Ctx) -> None:
        mana.gain(g, ctx.controller, amount)
        if g.log is not None:
            g.trace(f"P{ctx.controller + 1} gains {amount} mana ({g.pool[ctx.controller]})")

    return op


@V2("gain-health")
def _gain_health(phrase: Phrase, c: Compiler) -> Op:
    who, amount = players_of(c, selector(phrase, "player"), "help"), number(phrase)

    def gain(g: Game, player: int, ctx: Ctx) -> None:
        life = state(g).life
        life[player] += amount
        if g.log is not None:
            g.trace(f"P{player + 1} gains {amount} health ({life[player]})")

    return for_each(who, gain)


@V2("heal", "heal-all")
def _heal(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase) if phrase.entry == "heal" else None
    what = c.selector(selector(phrase, "target"), hint="help")
    return for_each(what, lambda g, uid, ctx: remove_damage(g, uid, amount))


def _set_tapped(tapped: bool) -> Callable[[Game, int, Ctx], None]:
    def change(g: Game, uid: int, ctx: Ctx) -> None:
        if g.place[uid] == ZONE_PLAY and g.used[uid] != tapped:
            g.used[uid] = tapped
            if g.log is not None:
                g.trace(f"{g.name(uid)} is {'tapped' if tapped else 'untapped'}")

    return change


@V2("tap")
def _tap(phrase: Phrase, c: Compiler) -> Op:
    return for_each(c.selector(selector(phrase, "target"), hint="harm"), _set_tapped(True))


@V2("untap")
def _untap(phrase: Phrase, c: Compiler) -> Op:
    return for_each(c.selector(selector(phrase, "target"), hint="help"), _set_tapped(False))


def boost(g: Game, source: int, uid: int, layer: str, amount: int) -> None:
    """`uid` gets +amount on `layer` until end of turn, for as long as it stays where it is."""
    if g.place[uid] != ZONE_PLAY:
        return
    stamp = g.clock  # a unit that leaves and comes back is a new unit: `since` moves past the stamp

    def applies(game: Game, src: int, x: int) -> bool:
        return x == uid and game.since[x] <= stamp

    add_temporary(g, source, Static(layer, applies, amount, text="until end of turn"))
    if g.log is not None:
        g.trace(f"{g.name(uid)} gets +{amount} {'power' if layer == 'power' else 'toughness'} until end of turn")


@V2("boost-power", "boost-toughness", "boost-both")
def _boost(phrase: Phrase, c: Compiler) -> Op:
    what = c.selector(selector(phrase, "target"), hint="help")
    if phrase.entry == "boost-both":
        more_power, more_toughness = number(phrase, "power"), number(phrase, "toughness")
    elif phrase.entry == "boost-power":
        more_power, more_toughness = number(phrase), 0
    else:
        more_power, more_toughness = 0, number(phrase)

    def give(g: Game, uid: int, ctx: Ctx) -> None:
        if more_power:
            boost(g, ctx.source, uid, "power", more_power)
        if more_toughness:
            boost(g, ctx.source, uid, "health", more_toughness)

    return for_each(what, give)


def token_def(troop_type: str, power: int, toughness: int) -> CardDef:
    """The card a `Create a Guard Troop token with 1 power and 2 toughness` makes (one per wording, shared)."""
    name = f"{troop_type.title()} Troop token" if troop_type else "Troop token"
    return CardDef(
        -1,
        f"token-{troop_type or 'troop'}-{power}-{toughness}",
        name,
        "troop",
        troop_type,
        "",
        0,
        (),
        toughness,
        numbers={"power": power, "pitch": 0},
    )


@V2("create-troop")
def _create_troop(phrase: Phrase, c: Compiler) -> Op:
    token = phrase.arg("token")
    assert isinstance(token, Selector)
    adjectives = [a for a in token.adjectives if a in c.sim.semantics.subtypes]
    definition = token_def(adjectives[0] if adjectives else "", number(phrase, "power"), number(phrase, "toughness"))

    def op(g: Game, ctx: Ctx) -> None:
        uid = g.add_card(definition, ctx.controller)
        state(g).tokens.append(uid)
        if g.log is not None:
            g.trace(
                f"P{ctx.controller + 1} creates a {definition.name} ({number(phrase, 'power')}/{definition.health})"
            )
        g.move(uid, ZONE_PLAY, ctx.controller)
        entered(g, uid, ctx.controller)

    return op


@V2("prevent-damage")
def _prevent(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase)

    def op(g: Game, ctx: Ctx) -> None:
        event = ctx.event
        if event is None or event.subject < 0:
            return
        remove_damage(g, event.subject, min(amount, event.amount))

    return op


@V2("look-at-top-own")
def _look_at_top_own(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase)

    def op(g: Game, ctx: Ctx) -> None:
        pile = g.deck_of(ctx.controller)
        look(g, ctx.controller, pile[-amount:])

    return op


@V2("trade")
def _trade(phrase: Phrase, c: Compiler) -> Op:
    def op(g: Game, ctx: Ctx) -> None:
        marketplace.trade(g, ctx.controller)

    return op


# -- statics ---------------------------------------------------------------------------------------


@V2("anthem-power", "anthem-toughness")
def _anthem(phrase: Phrase, c: Compiler) -> Static:
    layer = "power" if phrase.entry == "anthem-power" else "health"
    return Static(layer, static_applies(c.predicate(selector(phrase, "target"))), number(phrase), text=phrase.entry)


@V2("block-limit")
def _block_limit(phrase: Phrase, c: Compiler) -> Static:
    return Static("block-limit", static_applies(c.predicate(selector(phrase, "target"))), 1, text=phrase.entry)


@dataclass(frozen=True, slots=True)
class Evasion(Static):
    """`{target} cannot be blocked by {blockers}`: `blocker` is the test a unit that may not block it passes."""

    blocker: Callable[[Game, int, Ctx], bool] = field(default=lambda g, x, ctx: False)


@V2("evasion")
def _evasion(phrase: Phrase, c: Compiler) -> Static:
    blockers = c.predicate(selector(phrase, "blockers"))
    return Evasion(
        "evasion", static_applies(c.predicate(selector(phrase, "target"))), text=phrase.entry, blocker=blockers
    )


@V2("enters-tapped")
def _enters_tapped(phrase: Phrase, c: Compiler) -> Static:
    return Static("enters-tapped", static_applies(c.predicate(selector(phrase, "target"))), text=phrase.entry)


# -- events and timing ------------------------------------------------------------------------------

V2("enters", "attacks", "blocks", "would-be-destroyed")(card_event)
V2("leader-attacks")(player_event)


@V2("reaction")
def _reaction(phrase: Phrase, c: Compiler) -> Timing:
    return Timing("reaction")


def entered(g: Game, uid: int, player: int) -> None:
    """A unit arrives on the battlefield: tapped if a static says so, then its `enters` event."""
    for source, static in g.statics("enters-tapped"):
        if static.applies(g, source, uid):
            g.used[uid] = True
    emit(g, Event("enters", player, uid))
