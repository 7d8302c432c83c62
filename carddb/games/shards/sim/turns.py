"""Set-up (the Starting Phase) and the turn of seed 003, with every number from the pack's `numbers`.

The Starting Phase is played at the start of the first turn (the bots are seated then): each
player sets aside their Starting cards, keeps `starting-kept` at random (the others are shuffled
into the deck), and chooses `starting-chosen` of them with a total cost of at most
`starting-cost-max`, including a Building when a choice within the cost can (then as many cards as
fit: fewer than three only when no three with a Building fit the cost); both choose before either choice is revealed. The rest go into the deck, each deck is
shuffled and each player draws `opening-hand`. The player who does not go first takes an
advanced resource of their choice or an extra card (`second-player-bonus`).

A turn: Ready Phase (ready your cards; your Units are no longer new), the start-of-turn
triggers, Draw Phase (`draws-per-turn`; Attrition from an empty deck), Main Phase (actions until
you pass or Research), End Phase (end-of-turn triggers; Vigilant Units ready; every Unit heals;
offence boosts and lingering Events end; discard down to `hand-size`).
"""

from __future__ import annotations

from itertools import combinations

from carddb.games.shards.sim import board, rules
from carddb.games.shards.sim.actions import main_actions
from carddb.games.shards.sim.board import (
    ADVANCED,
    BOOST,
    FRESH,
    LINGERING,
    MARKS,
    PER_TURN,
    keyword,
)
from carddb.pack_api import (
    MAX_MAIN_ACTIONS,
    PASS,
    ZONE_DECK,
    ZONE_DISCARD,
    Action,
    Catalogue,
    Event,
    Game,
    Matchup,
    Rng,
    SimOptions,
    Simulator,
    act,
    begin_turn,
    checkpoint,
    discard_down,
    draw,
    emit,
    remove_damage,
    shuffle_deck,
)
from carddb.pack_api import hand_limit as kit_hand_limit


def new_game(
    sim: Simulator, catalogue: Catalogue, matchup: Matchup, seed: int, first: int, options: SimOptions
) -> Game:
    defs, owners = [], []
    for seat_index, seat in enumerate(matchup.seats):
        order = list(seat.cards)
        Rng.derived(seed, "deck", seat_index).shuffle(order)
        for card_id in order:
            defs.append(catalogue[card_id])
            owners.append(seat_index)
    game = Game(sim, catalogue, defs, owners, len(matchup.seats), seed, options)
    for name in MARKS:
        game.marks[name] = [0] * len(defs)
    game.first = first
    game.active = first
    for uid in range(len(defs)):
        game.move(uid, ZONE_DECK)
    return game


def starting_choices(game: Game, player: int, kept: list[int]) -> list[Action]:
    """Every legal choice of Starting cards, the likeliest first: the most cards, the most cost, a Building."""
    sim = game.sim
    chosen_max, cost_max = sim.starting_chosen, sim.starting_cost_max  # type: ignore[attr-defined]
    defs = game.defs
    total = {uid: defs[uid].cost + sum(n for _, n in defs[uid].cost_resources) for uid in kept}
    legal = [
        c
        for size in range(min(chosen_max, len(kept)) + 1)
        for c in combinations(kept, size)
        if sum(total[u] for u in c) <= cost_max
    ]
    # A Building first (without one a kingdom has lost by Domination), then as many cards as fit, up to three.
    with_building = [c for c in legal if any(defs[u].kind == "building" for u in c)]
    if with_building:
        legal = with_building
    most = max(len(c) for c in legal)
    legal = [c for c in legal if len(c) == most]
    legal.sort(key=lambda c: (-sum(total[u] for u in c), -sum(defs[u].kind == "building" for u in c), c))
    return [Action("start", targets=c, label="start with " + ", ".join(defs[u].name for u in c)) for c in legal]


def starting_phase(game: Game) -> None:
    sim = game.sim
    chosen: list[tuple[int, ...]] = []
    kept_by_player: list[list[int]] = []
    for player in range(game.n):
        deck = game.deck_of(player)
        starting = [uid for uid in deck if game.defs[uid].keywords.get("starting")]
        game.rng.shuffle(starting)
        kept = sorted(starting[: sim.starting_kept])  # type: ignore[attr-defined]
        kept_by_player.append(kept)
        for known in game.known:
            known.update(starting)  # laid out face up in front of the player
    for player in range(game.n):  # simultaneous: no choice is in play before every player has chosen
        options = starting_choices(game, player, kept_by_player[player])
        choice = act(game, player, options, "starting cards") if options else Action("start", targets=())
        chosen.append(choice.targets or ())
    for player in range(game.n):
        board.place_starting(game, player, chosen[player])
    for offset in range(game.n):
        player = (game.first + offset) % game.n
        shuffle_deck(game, player)
        draw(game, player, sim.number("opening-hand"))
        game.pool[player] = sim.number("starting-resources")
    second = (game.first + 1) % game.n
    bonus = sim.number("second-player-bonus")
    options = [Action("bonus", index=-1, label="an extra card")] + [
        Action("bonus", index=i, label=kind) for i, kind in enumerate(ADVANCED)
    ]
    board.take_bonus(game, second, act(game, second, options, "second player's bonus").index, bonus)
    game.events.clear()  # set-up is not answered
    game.pending.clear()
    for player in range(game.n):
        if not board.buildings(game, player):
            game.counters[player]["grace"] = 1  # began with no Building: see the rulebook's decision
    game.counters[0]["started"] = 1


def play_turn(game: Game) -> None:
    sim = game.sim
    if not game.counters[0].get("started"):
        starting_phase(game)
        checkpoint(game)
    player = game.active
    begin_turn(game, player)
    for counters in game.counters:
        for name in [k for k in counters if k in PER_TURN or k.startswith("attacked:")]:
            del counters[name]
    # Ready Phase
    used, fresh = game.used, game.marks[FRESH]
    for uid in game.play[player]:
        used[uid] = False
        fresh[uid] = 0
    if game.log is not None:
        game.trace(f"turn {game.turns[player]} of P{player + 1} begins")
    emit(game, Event("turn-start", player))
    rules.settle(game)
    # Draw Phase
    draw(game, player, sim.number("draws-per-turn"))
    rules.settle(game)
    checkpoint(game)
    # Main Phase
    checking = game.options.check_invariants
    counters = game.counters[player]
    for _ in range(MAX_MAIN_ACTIONS):
        options = main_actions(game, player)
        choice = act(game, player, [PASS, *options], "main")
        if choice.verb == "pass":
            break
        sim.perform(game, player, choice)
        rules.settle(game)
        if checking:
            checkpoint(game)
        if counters.get("research-end"):
            break
    end_phase(game, player)
    game.active = game.next_player(player)


def end_phase(game: Game, player: int) -> None:
    emit(game, Event("turn-end", player))
    rules.settle(game)
    for uid in game.play[player]:
        if keyword(game, uid, "vigilant"):
            game.used[uid] = False
    boost, lingering = game.marks[BOOST], game.marks[LINGERING]
    for cards in game.play:
        for uid in list(cards):
            if game.defs[uid].kind == "unit" and game.damage[uid]:
                remove_damage(game, uid, None)
            boost[uid] = 0
            if lingering[uid]:
                game.move(uid, ZONE_DISCARD)
    discard_down(game, player, hand_limit(game, player))
    if game.counters[player].pop("grace", None):  # Domination's grace lasts to the end of the player's first turn
        game.counters[0].pop(rules.CHECKED, None)  # (no card moved, but Domination may now hold)
    rules.settle(game)
    checkpoint(game, end_of_turn=player)


def hand_limit(game: Game, player: int) -> int:
    return kit_hand_limit(game, player, game.sim.number("hand-size"))
