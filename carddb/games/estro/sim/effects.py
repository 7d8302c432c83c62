"""The handlers of ESTRO's effect entries (and of `draw`, which reads each player's own deck).

Each returns an `Op`; what a Gift chooses with `target ...` was chosen as it went on the
stack, `a card from your Incinerator` is chosen by its controller as it resolves.
"""

from __future__ import annotations

from carddb.games.estro.sim.board import (
    BORROWED,
    EXTRA_ATTACK,
    EXTRA_PLAY,
    ROLL,
    SAVED,
    active_zone,
    deck,
    opponent,
)
from carddb.games.estro.sim.gifts import turn_face_down, turn_face_up
from carddb.games.estro.sim.stats import boost
from carddb.pack_api import (
    ZONE_DISCARD,
    ZONE_HAND,
    ZONE_PLAY,
    Compiler,
    Ctx,
    Event,
    Game,
    HandlerSet,
    Op,
    Phrase,
    choose,
    emit,
    end_game,
    for_each,
    look,
    number,
    players_of,
    reveal,
    selector,
    text_arg,
)

EFFECTS = HandlerSet()
NO_CARDS_TO_DRAW = "no cards to draw"


# -- each player's own deck --------------------------------------------------------------------------


def draw_cards(game: Game, player: int, amount: int) -> int:
    """`player` draws up to `amount` cards from their own deck; returns how many.

    Seed 002: a player who has no cards in hand and must draw from an empty deck loses.
    """
    cards = deck(game, player)
    drawn = 0
    for _ in range(amount):
        if not cards:
            if not game.hands[player]:
                if game.log is not None:
                    game.trace(f"P{player + 1} has no cards in hand and none to draw")
                end_game(game, opponent(player), NO_CARDS_TO_DRAW)
            break
        uid = cards[-1]
        game.move(uid, ZONE_HAND, player)
        # (the core takes a card leaving one of a pack's zones for a public one: a deck is not)
        for other, known in enumerate(game.known):
            if other != player:
                known.discard(uid)
        drawn += 1
        if game.stats is not None:
            game.stats.drew(game, uid)
        emit(game, Event("draws", player, uid, 1))
    if drawn and game.log is not None:
        game.trace(f"P{player + 1} draws {drawn}")
    return drawn


def shuffle_deck(game: Game, player: int) -> None:
    cards = deck(game, player)
    game.rng.shuffle(cards)
    for known in game.known:  # nobody knows where a card is in a shuffled deck
        known.difference_update(cards)


@EFFECTS("draw")
def _draw(phrase: Phrase, c: Compiler) -> Op:
    who, amount = players_of(c, selector(phrase, "player"), "help"), number(phrase)
    return for_each(who, lambda g, player, ctx: draw_cards(g, player, amount))


@EFFECTS("burn-top")
def _burn_top(phrase: Phrase, c: Compiler) -> Op:
    who, amount = players_of(c, selector(phrase, "player"), "harm"), number(phrase)

    def burn(g: Game, player: int, ctx: Ctx) -> None:
        cards = deck(g, player)
        for uid in cards[-amount:][::-1]:
            g.move(uid, ZONE_DISCARD)
        if g.log is not None:
            g.trace(f"the top {amount} cards of P{player + 1}'s deck go to the Incinerator")

    return for_each(who, burn)


@EFFECTS("search-deck")
def _search_deck(phrase: Phrase, c: Compiler) -> Op:
    wanted = c.predicate(selector(phrase, "card"))

    def op(g: Game, ctx: Ctx) -> None:
        player = ctx.controller
        options = [uid for uid in deck(g, player) if wanted(g, uid, ctx)]
        if options:
            uid = choose(g, player, "search your deck", options, "keep")
            reveal(g, [uid])
            g.move(uid, ZONE_HAND, player)
            ctx.last = [uid]
            if g.log is not None:
                g.trace(f"P{player + 1} finds {g.name(uid)} in their deck")
        shuffle_deck(g, player)

    return op


@EFFECTS("look-at-top")
def _look_at_top(phrase: Phrase, c: Compiler) -> Op:
    amount = number(phrase)
    # Decision of the engine: the cards go back in the order they were (a bot does not arrange them).
    return lambda g, ctx: look(g, ctx.controller, deck(g, ctx.controller)[-amount:])


# -- the Incinerator ----------------------------------------------------------------------------------


def _from_incinerator(phrase: Phrase, c: Compiler, hint: str) -> Op:
    """`{card} from your Incinerator`: a card of the controller's Incinerator, chosen as it resolves."""
    wanted = c.predicate(selector(phrase, "card"))
    revive = phrase.entry == "revive"

    def op(g: Game, ctx: Ctx) -> None:
        player, owner = ctx.controller, g.owner
        options = [uid for uid in g.discard if owner[uid] == player and wanted(g, uid, ctx)]
        if not options:
            ctx.last = []
            return
        uid = choose(g, player, f"{phrase.entry}: a card from your Incinerator", options, hint)
        ctx.last = [uid]
        if revive:  # onto the field face up; not played: its plain sentences do not activate
            g.move(uid, ZONE_PLAY, player)
            where = "onto the field"
        else:
            g.move(uid, ZONE_HAND, player)
            where = "into their hand"
        if g.log is not None:
            g.trace(f"P{player + 1} takes {g.name(uid)} from the Incinerator {where}")

    return op


@EFFECTS("recover")
def _recover(phrase: Phrase, c: Compiler) -> Op:
    return _from_incinerator(phrase, c, "keep")


@EFFECTS("revive")
def _revive(phrase: Phrase, c: Compiler) -> Op:
    return _from_incinerator(phrase, c, "keep")


@EFFECTS("burn-zone")
def _burn_zone(phrase: Phrase, c: Compiler) -> Op:
    def op(g: Game, ctx: Ctx) -> None:
        uid = active_zone(g)
        if uid >= 0:
            g.move(uid, ZONE_DISCARD)
            if g.log is not None:
                g.trace(f"{g.name(uid)} goes to the Incinerator: no Zone is active")

    return op


# -- stats until end of turn ---------------------------------------------------------------------------


@EFFECTS("boost", "weaken")
def _change(phrase: Phrase, c: Compiler) -> Op:
    stat = text_arg(phrase, "stat")
    helps = phrase.entry == "boost"
    change = number(phrase) if helps else -number(phrase)
    what = c.selector(selector(phrase, "target"), hint="help" if helps else "harm")

    def act(g: Game, uid: int, ctx: Ctx) -> None:
        if g.place[uid] == ZONE_PLAY and not g.face_down[uid]:
            boost(g, uid, stat, change)
            if g.log is not None:
                g.trace(f"{g.name(uid)}: {change:+d} {stat.upper()} until end of turn")

    return for_each(what, act)


# -- the field -----------------------------------------------------------------------------------------


@EFFECTS("turn-face-up")
def _turn_face_up(phrase: Phrase, c: Compiler) -> Op:
    return for_each(c.selector(selector(phrase, "target"), hint="help"), lambda g, uid, ctx: turn_face_up(g, uid))


@EFFECTS("turn-face-down")
def _turn_face_down(phrase: Phrase, c: Compiler) -> Op:
    return for_each(c.selector(selector(phrase, "target"), hint="harm"), lambda g, uid, ctx: turn_face_down(g, uid))


@EFFECTS("gain-control")
def _gain_control(phrase: Phrase, c: Compiler) -> Op:
    def take(g: Game, uid: int, ctx: Ctx) -> None:
        holder = g.controller[uid]
        if g.place[uid] != ZONE_PLAY or holder == ctx.controller:
            return
        g.tallies.setdefault((BORROWED, uid), holder)
        g.move(uid, ZONE_PLAY, ctx.controller, face_down=g.face_down[uid])
        if g.log is not None:
            g.trace(f"P{ctx.controller + 1} gains control of {g.name(uid)} until end of turn")

    return for_each(c.selector(selector(phrase, "target"), hint="harm"), take)


@EFFECTS("stays")
def _stays(phrase: Phrase, c: Compiler) -> Op:
    def keep(g: Game, uid: int, ctx: Ctx) -> None:
        if g.place[uid] != ZONE_PLAY:
            return
        g.tallies[(SAVED, uid)] = 1
        if g.log is not None:
            g.trace(f"{g.name(uid)} stays on the field")
        turn_face_up(g, uid)

    return for_each(c.selector(selector(phrase, "target"), hint="help"), keep)


# -- the turn's allowances and the die ---------------------------------------------------------------------


def _more(key: str) -> Op:
    def op(g: Game, ctx: Ctx) -> None:
        tally = (key, ctx.controller)
        g.tallies[tally] = g.tallies.get(tally, 0) + 1

    return op


@EFFECTS("extra-placement")
def _extra_placement(phrase: Phrase, c: Compiler) -> Op:
    return _more(EXTRA_PLAY)


@EFFECTS("extra-attack")
def _extra_attack(phrase: Phrase, c: Compiler) -> Op:
    return _more(EXTRA_ATTACK)


@EFFECTS("reroll")
def _reroll(phrase: Phrase, c: Compiler) -> Op:
    sides = c.sim.number("die-sides")

    def op(g: Game, ctx: Ctx) -> None:
        key = (ROLL, ctx.controller)
        if key not in g.tallies:
            return  # no die of this player is being rolled
        face = 1 + g.rng.below(sides)
        g.tallies[key] = face
        if g.log is not None:
            g.trace(f"P{ctx.controller + 1} rolls again: {face}")
        emit(g, Event("rolls", ctx.controller, amount=face))

    return op
