"""Set-up and the turn of seed 000, with every number from the pack's `numbers`.

Before the game: the shared deck is shuffled, `market-size` cards go face up into
the market, each player's Lord goes into play face up and their Dukes and
Victory card face down, each player draws `opening-hand` cards and starts with
`powerstones-start` powerstones.

A turn: untap (remove the fatigue tokens from your cards), upkeep (keep at most
`powerstones-kept` powerstones), the start-of-turn triggers, draw
`draws-per-turn`, then the main phase: receive powerstones equal to your turn
number up to `powerstones-max`, and act until you pass. End of turn: the
end-of-turn triggers, discard down to your maximum hand size (`hand-size`, or
the newest static that changes it), then the market refreshes.

Per-turn counters (Resources played, trades, once-per-turn abilities, damage
Armor prevented) are reset for every player when any turn starts: "one Resource
per turn" counts a Swift Resource played on an opponent's turn against that turn.
"""

from __future__ import annotations

from carddb.games.loe.sim import market
from carddb.games.loe.sim.actions import main_actions
from carddb.games.loe.sim.board import PER_TURN
from carddb.pack_api import (
    ZONE_DECK,
    ZONE_PLAY,
    Catalogue,
    Event,
    Game,
    Matchup,
    SimOptions,
    Simulator,
    begin_turn,
    checkpoint,
    deck_order,
    discard_down,
    draw,
    emit,
    main_phase,
    ready,
    run,
)
from carddb.pack_api import hand_limit as kit_hand_limit


def new_game(
    sim: Simulator, catalogue: Catalogue, matchup: Matchup, seed: int, first: int, options: SimOptions
) -> Game:
    defs = []
    owners = []
    for seat_index, seat in enumerate(matchup.seats):
        for card_id in seat.cards:
            defs.append(catalogue[card_id])
            owners.append(seat_index)
    council_count = len(defs)
    for card_id in deck_order(matchup, seed):
        defs.append(catalogue[card_id])
        owners.append(-1)
    players = len(matchup.seats)
    game = Game(sim, catalogue, defs, owners, players, seed, options)
    game.first = first
    game.active = first
    for uid in range(council_count, len(defs)):
        game.move(uid, ZONE_DECK)  # already shuffled (deck_order), top card last
    market.fill(game)
    for uid in range(council_count):
        player, kind = owners[uid], defs[uid].kind
        game.move(uid, ZONE_PLAY, player, face_down=kind != "lord")
        if kind == "victory":
            game.counters[player]["victory"] = uid
    start = sim.number("powerstones-start")
    for offset in range(players):
        player = (first + offset) % players
        game.pool[player] = start
        game.counters[player]["kept"] = start
        draw(game, player, sim.number("opening-hand"))
    game.events.clear()  # set-up draws are not answered
    game.pending.clear()
    return game


def play_turn(game: Game) -> None:
    sim = game.sim
    player = game.active
    begin_turn(game, player, PER_TURN)
    # untap and upkeep
    ready(game, player)
    game.pool[player] = min(game.pool[player], sim.number("powerstones-kept"))
    ledger = game.counters[player]
    ledger["kept"], ledger["received"], ledger["gained"] = game.pool[player], 0, 0
    if game.log is not None:
        game.trace(f"turn {game.turns[player]} of P{player + 1} begins")
    emit(game, Event("turn-start", player))
    run(game)
    draw(game, player, sim.number("draws-per-turn"))
    run(game)
    checkpoint(game)
    # main phase
    received = min(game.turns[player], sim.number("powerstones-max"))
    game.pool[player] += received
    ledger["received"] = received
    main_phase(game, player, main_actions)
    # end of turn
    emit(game, Event("turn-end", player))
    run(game)
    discard_down(game, player, hand_limit(game, player))
    checkpoint(game, end_of_turn=player)
    market.refresh(game)  # (a Reaction to a card entering the market may still add to the hand)
    run(game)
    checkpoint(game)
    game.active = game.next_player(player)


def hand_limit(game: Game, player: int) -> int:
    return kit_hand_limit(game, player, game.sim.number("hand-size"))
