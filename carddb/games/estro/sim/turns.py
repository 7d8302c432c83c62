"""Set-up, the turn and the end of an ESTRO game, with every number from the pack's `numbers`.

Set-up: each seat's cards (its chosen cards and the random ones dealt for this game) are
shuffled into its own deck; each player draws `opening-hand` cards; no Zone is active.

A turn (seed 002, Turn rules, and the rulebook's decisions):
1. the player may turn one of their face-down cards face up (its Gift activates);
2. `At the start of your turn` Gifts;
3. draw `draws-per-turn` cards (no cards in hand and none to draw: the player loses);
4. play a card (not optional while the hand holds one), then more while the turn's allowance
   (`placements-per-turn` and Gifts) lasts;
5. attack, up to `attacks-per-turn` times (and Gifts), each with a different card;
6. `At the end of your turn` Gifts, discard down to `hand-size` (or a Gift's number), cards
   borrowed until end of turn go back, changes until end of turn end.

After every turn: from the end of round `field-win-round` on, a player with no cards on the
field loses (`victory.empty_field`); at the end of round `final-round` the field decides
(`victory.final_round`).
"""

from __future__ import annotations

from carddb.games.estro.sim.actions import play_actions, reveal_actions
from carddb.games.estro.sim.board import BORROWED, completed_rounds, deck_zone, fighters
from carddb.games.estro.sim.effects import draw_cards
from carddb.games.estro.sim.fight import attack_actions
from carddb.games.estro.sim.stats import values
from carddb.games.estro.victory import empty_field, final_round
from carddb.pack_api import (
    PASS,
    ZONE_PLAY,
    Catalogue,
    Event,
    Game,
    Matchup,
    SimOptions,
    Simulator,
    act,
    begin_turn,
    checkpoint,
    discard_down,
    emit,
    end_game,
    run,
)
from carddb.pack_api import hand_limit as kit_hand_limit

# A turn offering this many plays or attacks ends there (a Gift loop must not hold a game forever).
MAX_ACTIONS = 60
EMPTY_FIELD = "empty field"
LAST_ROUND = "last round"
SEATS = {"first": 0, "second": 1}


def new_game(
    sim: Simulator, catalogue: Catalogue, matchup: Matchup, seed: int, first: int, options: SimOptions
) -> Game:
    defs, owners = [], []
    for seat_index, seat in enumerate(matchup.seats):
        for card_id in seat.cards:
            defs.append(catalogue[card_id])
            owners.append(seat_index)
    game = Game(sim, catalogue, defs, owners, len(matchup.seats), seed, options)
    game.first = game.active = first
    for player in range(game.n):
        order = [uid for uid in range(len(defs)) if owners[uid] == player]
        game.rng.shuffle(order)
        for uid in order:
            game.move(uid, deck_zone(player))
    opening = sim.number("opening-hand")
    for offset in range(game.n):
        draw_cards(game, (first + offset) % game.n, opening)
    game.events.clear()  # set-up draws are not answered
    game.pending.clear()
    return game


def play_turn(game: Game) -> None:
    sim = game.sim
    player = game.active
    begin_turn(game, player)
    if game.log is not None:
        game.trace(f"turn {game.turns[player]} of P{player + 1} begins")
    checking = game.options.check_invariants
    reveals = reveal_actions(game, player)
    if reveals:
        choice = act(game, player, [PASS, *reveals], "turn a card face up")
        if choice.verb != "pass":
            sim.perform(game, player, choice)
            run(game)
    emit(game, Event("turn-start", player))
    run(game)
    draw_cards(game, player, sim.number("draws-per-turn"))
    run(game)
    checkpoint(game)
    options = play_actions(game, player)
    if options:  # the turn's card is not optional
        sim.perform(game, player, act(game, player, options, "play a card"))
        run(game)
        if checking:
            checkpoint(game)
    for reason, offer in (("play another card", play_actions), ("attack", attack_actions)):
        for _ in range(MAX_ACTIONS):
            options = offer(game, player)
            if not options:
                break
            choice = act(game, player, [PASS, *options], reason)
            if choice.verb == "pass":
                break
            sim.perform(game, player, choice)
            run(game)
            if checking:
                checkpoint(game)
    emit(game, Event("turn-end", player))
    run(game)
    discard_down(game, player, hand_limit(game, player))
    return_borrowed(game)
    game.tallies.clear()  # what lasted until end of turn ends
    checkpoint(game, end_of_turn=player)
    _decide(game, player)
    game.active = game.next_player(player)


def hand_limit(game: Game, player: int) -> int:
    return kit_hand_limit(game, player, game.sim.number("hand-size"))  # the newest Gift's number wins


def return_borrowed(game: Game) -> None:
    for key, owner in sorted((k, v) for k, v in game.tallies.items() if k[0] == BORROWED):
        uid = key[1]
        if game.place[uid] == ZONE_PLAY and game.controller[uid] != owner:
            game.move(uid, ZONE_PLAY, owner, face_down=game.face_down[uid])
            if game.log is not None:
                game.trace(f"{game.name(uid)} goes back to P{owner + 1}")


def field_values(game: Game, player: int) -> list[int | None]:
    """Each card on `player`'s field as the victory rules count it: its TOT, or None face down."""
    found = []
    for uid in fighters(game, player):
        stats = values(game, uid)
        found.append(None if stats is None else stats[-1])
    return found


def _decide(game: Game, player: int) -> None:
    """After `player`'s turn: the empty field (from the end of round `field-win-round` on), then the last round."""
    rounds = completed_rounds(game)
    first, second = field_values(game, 0), field_values(game, 1)
    outcome = empty_field(game.sim.pack, rounds, first, second)
    if outcome in SEATS:
        if game.log is not None:
            game.trace(f"P{2 - SEATS[outcome]} has no cards on the field after round {rounds}")
        end_game(game, SEATS[outcome], EMPTY_FIELD)
    if player != game.first and game.turns[player] >= game.sim.number("final-round"):
        outcome = final_round(first, second)
        if game.log is not None:
            game.trace(f"the end of round {game.turns[player]}: {len(first)} cards against {len(second)}")
        end_game(game, SEATS.get(outcome), LAST_ROUND)
