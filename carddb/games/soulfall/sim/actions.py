"""The five Actions, Agonize and Consecrate, and `perform`: every choice a player makes in SoulFall.

Each Action is a function `(game, player)`: the Action cards' own text (`Meditate`)
calls it, and so do the Lord cards, Broken Shells and Temples that name it ("if any
card's Ability references an Action that has already been selected for the turn, the
player may still use the referenced Action"). Where the rules offer a choice (gain a
Follower or build a Citadel, which Lord card to Beseech, which Shell to break), the
player is asked through `act`, so the greedy bot plays each option out; `perform` does
exactly the option chosen, in the real game and in the bots' imagined worlds alike.

| verb | what it does |
|---|---|
| `select` | take an Action card's space and perform the Action its text names |
| `temple` | use the Special Ability of a Temple of the Tribe (the turn's first step) |
| `do` | perform the Action `ACTION_WORDS[index]` (a card's `Flourish or Prospect`) |
| `both` | perform `ACTION_WORDS[index]`, then `ACTION_WORDS[targets[0]]` (`... and ... instead`) |
| `gain-follower`, `build-citadel` | Flourish's two ways |
| `gain-shell`, `break` | Prospect's two ways (`break`: the Shell `uid`) |
| `deify` | discard the Lord card `targets[0]`: gain the Temple `uid`, or turn it (already yours) into a Shrine |
| `beseech` | reveal the Lord card `uid`, perform its abilities, discard it |
| `consecrate` | turn the Temple `uid` of the Tribe into a Shrine of Solitude |
| `pass` | stop (Prospect's second Shell) |
"""

from __future__ import annotations

from collections.abc import Callable

from carddb.games.soulfall.sim.board import (
    BESEECHED,
    FOLLOWERS,
    REVEALED,
    SHELLS,
    count,
    opponents,
    rules,
)
from carddb.games.soulfall.sim.tribe import (
    break_shell,
    build_citadel,
    discard_at_random,
    gain_follower,
    gain_shell,
    gain_temple,
    lose_follower,
    may_build_citadel,
    temples_left,
    to_shrine,
    unbroken_shells,
)
from carddb.pack_api import (
    PASS,
    SELECT,
    ZONE_DISCARD,
    ZONE_PLAY,
    Action,
    Event,
    Game,
    act,
    choose_many,
    discard,
    draw,
    reveal,
    run_program,
    run_triggered,
    take_space,
)

ACTION_WORDS = ("meditate", "flourish", "prospect", "deify", "beseech")


# -- the five Actions ----------------------------------------------------------------------------


def meditate(game: Game, player: int) -> None:
    """Draw `meditate-draw` Lord cards, then discard `meditate-discard` cards of the hand."""
    sim = rules(game)
    draw(game, player, sim.meditate_draw)
    for uid in choose_many(
        game, player, "discard after Meditate", list(game.hands[player]), sim.meditate_discard, "lose"
    ):
        discard(game, uid)


def flourish(game: Game, player: int) -> None:
    options = []
    if game.zone_list(FOLLOWERS, player):
        options.append(Action("gain-follower", label="gain a Follower"))
    if may_build_citadel(game, player):
        options.append(Action("build-citadel", label="build a Citadel"))
    if options:
        _choose_and_perform(game, player, options, "Flourish")


def prospect(game: Game, player: int) -> None:
    """Gain a random Shell, or break up to `prospect-breaks` Shells of the Tribe, one after another.

    The player chooses which Shells and so the order of their abilities; they know their own
    Shells' Broken sides, so choosing the second after the first one's ability is no advantage.
    Only the Shells the Tribe had when Prospect began can be broken by it.
    """
    held = unbroken_shells(game, player)
    options = [Action("gain-shell", label="gain a random Shell")] if game.zone_list(SHELLS, player) else []
    options += _break_options(game, held)
    if not options:
        return
    choice = _choose_and_perform(game, player, options, "Prospect")
    if choice.verb != "break":
        return
    for _ in range(rules(game).prospect_breaks - 1):
        rest = [uid for uid in held if uid in unbroken_shells(game, player)]
        if not rest:
            return
        if (
            _choose_and_perform(game, player, [PASS, *_break_options(game, rest)], "Prospect: break another Shell").verb
            == "pass"
        ):
            return


def deify(game: Game, player: int) -> None:
    options = deify_options(game, player)
    if options:
        _choose_and_perform(game, player, options, "Deify")


def deify_options(game: Game, player: int) -> list[Action]:
    """For each Lord card in hand: turn its Lord's Temple of the Tribe into a Shrine, or gain that Temple
    (within the limits: `temples-max` Temples in a Tribe, `temples-per-lord` of one Lord)."""
    sim, defs = rules(game), game.defs
    temples = count(game, player, "temple")
    options: list[Action] = []
    for card in game.hands[player]:
        lord = defs[card].faction
        mine = [uid for uid in game.play[player] if defs[uid].kind == "temple" and defs[uid].faction == lord]
        if mine:
            options.append(Action("deify", mine[0], targets=(card,), label=f"{defs[card].name}: a Shrine"))
        if temples < sim.temples_max and len(mine) < sim.temples_per_lord:
            found = temples_left(game, lord)
            if found >= 0:
                options.append(Action("deify", found, targets=(card,), label=f"{defs[card].name}: its Temple"))
    return options


def beseech(game: Game, player: int) -> None:
    options = [Action("beseech", uid, label=game.defs[uid].name) for uid in game.hands[player]]
    if options:
        _choose_and_perform(game, player, options, "Beseech")


ACTIONS: dict[str, Callable[[Game, int], None]] = {
    "meditate": meditate,
    "flourish": flourish,
    "prospect": prospect,
    "deify": deify,
    "beseech": beseech,
}


# -- the Reference cards' abilities ----------------------------------------------------------------


def agonize(game: Game, player: int) -> None:
    """Each opponent loses `agonize-losses` Followers; one who has none discards a card at random."""
    losses = rules(game).agonize_losses
    for other in opponents(game, player):
        if count(game, other, "follower") == 0:
            discard_at_random(game, other, 1)
            continue
        for _ in range(losses):
            lose_follower(game, other)


def consecrate(game: Game, player: int) -> None:
    """Turn one of the Tribe's Temples into a Shrine of Solitude (the player chooses which)."""
    defs = game.defs
    options = [
        Action("consecrate", uid, label=defs[uid].name) for uid in game.play[player] if defs[uid].kind == "temple"
    ]
    if options:
        _choose_and_perform(game, player, options, "Consecrate")


ABILITIES: dict[str, Callable[[Game, int], None]] = {"agonize": agonize, "consecrate": consecrate}


# -- choosing and doing ----------------------------------------------------------------------------


def _break_options(game: Game, shells: list[int]) -> list[Action]:
    """One option per different Shell: two Shells with the same Broken side are the same choice."""
    seen: set[str] = set()
    options = []
    for uid in shells:
        card_id = game.defs[uid].id
        if card_id not in seen:
            seen.add(card_id)
            options.append(Action("break", uid, label=f"break {game.defs[uid].name}"))
    return options


def _choose_and_perform(game: Game, player: int, options: list[Action], reason: str) -> Action:
    choice = act(game, player, options, reason)
    perform(game, player, choice)
    return choice


def perform(game: Game, player: int, action: Action) -> None:
    verb = action.verb
    if verb == SELECT:
        take_space(game, player, action.uid)
        run_program(game, game.defs[action.uid].effect, action.uid, player)
    elif verb == "temple":
        if game.log is not None:
            game.trace(f"P{player + 1} uses the {game.name(action.uid)}")
        run_triggered(game, action.uid, Event("turn-start", player))
    elif verb == "do":
        ACTIONS[ACTION_WORDS[action.index]](game, player)
    elif verb == "both":
        assert action.targets is not None
        ACTIONS[ACTION_WORDS[action.index]](game, player)
        ACTIONS[ACTION_WORDS[action.targets[0]]](game, player)
    elif verb == "gain-follower":
        gain_follower(game, player)
    elif verb == "build-citadel":
        build_citadel(game, player)
    elif verb == "gain-shell":
        gain_shell(game, player)
    elif verb == "break":
        break_shell(game, player, action.uid)
    elif verb == "deify":
        _deify(game, player, action)
    elif verb == "beseech":
        _beseech(game, player, action.uid)
    elif verb == "consecrate":
        to_shrine(game, player, action.uid)
    elif verb != "pass":
        raise ValueError(f"SoulFall has no action '{verb}'")


def _deify(game: Game, player: int, action: Action) -> None:
    assert action.targets is not None
    temple = action.uid
    discard(game, action.targets[0])
    if game.place[temple] == ZONE_PLAY and game.controller[temple] == player:
        to_shrine(game, player, temple)
    else:
        gain_temple(game, player, temple)


def _beseech(game: Game, player: int, uid: int) -> None:
    """Reveal the Lord card, perform its abilities in order, then put it on the discard pile.

    While its abilities are performed it lies revealed beside the play area: not in the hand
    (a "Discard a card" of its own cannot discard it) nor yet in the discard pile (a reshuffle
    of the discard pile leaves it out).
    """
    definition = game.defs[uid]
    game.move(uid, REVEALED)
    reveal(game, [uid])
    if game.stats is not None:
        game.stats.play(game, player, uid)
    counters = game.counters[player]
    key = BESEECHED + definition.faction
    counters[key] = counters.get(key, 0) + 1
    if game.log is not None:
        game.trace(f"P{player + 1} Beseeches {definition.name}")
    run_program(game, definition.effect, uid, player)
    if game.place[uid] == REVEALED:
        game.move(uid, ZONE_DISCARD)
