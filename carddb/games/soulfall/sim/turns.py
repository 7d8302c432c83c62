"""Set-up, the turn, and the end of the game of seed 004, with every number from the pack's `numbers`.

Set-up: the Action and Reference cards and the Temples in the middle; each player gets
`starting-followers` Followers (the rest in the middle) and `starting-shells` Shells
dealt from the shuffled Shells (the rest in the middle); the Lord cards are shuffled,
each player is dealt `starting-hand`, and the top card of the deck starts the discard.

A turn: the active player's Temples act, in the order the player chooses; the active
player selects `active-actions` Action cards one at a time, performing each; every
other player selects `other-actions` of the Actions still face up; every Action card
is turned face up again. Then, "at the end of a turn", the game ends if a player has
`shrines-to-end` Shrines of Solitude (the rulebook's decision: either player's), no
Follower is left in the middle, or no Shell is.

Who goes first: the seed decides it by the players' ages and the first discarded Lord
card; bots have no age, so a playtest rotates it (game `i` is started by seat `i mod 2`).
"""

from __future__ import annotations

from carddb.games.soulfall.sim.board import ACTIONS, FOLLOWERS, REFERENCES, SHELLS, TEMPLES, count, points, rules
from carddb.pack_api import (
    ZONE_DECK,
    ZONE_DISCARD,
    ZONE_PLAY,
    Action,
    Catalogue,
    Game,
    Matchup,
    SimOptions,
    Simulator,
    act,
    checkpoint,
    deck_order,
    draw,
    end_game,
    reopen_spaces,
    space_options,
)

# Where each kind of card starts (the Lord cards go to the deck, the Tribes take theirs from the middle).
START_ZONE = {"action": ACTIONS, "reference": REFERENCES, "temple": TEMPLES, "follower": FOLLOWERS, "shell": SHELLS}


def new_game(
    sim: Simulator, catalogue: Catalogue, matchup: Matchup, seed: int, first: int, options: SimOptions
) -> Game:
    shuffled = deck_order(matchup, seed)
    defs = [catalogue[card_id] for card_id in shuffled]
    players = len(matchup.seats)
    game = Game(sim, catalogue, defs, [-1] * len(defs), players, seed, options)
    game.first = game.active = first

    # The middle in the cards' own order (the order of the card files), the Shells and Lord cards shuffled.
    def placed(u: int) -> tuple[int, int]:
        return (1, u) if defs[u].kind in ("shell", "lord") else (0, defs[u].index)

    for uid in sorted(range(len(defs)), key=placed):
        kind = defs[uid].kind
        game.move(uid, START_ZONE.get(kind, ZONE_DECK))
    numbers = rules(game)
    order = [(first + offset) % players for offset in range(players)]
    for player in order:
        for _ in range(numbers.starting_followers):
            pile = game.zone_list(FOLLOWERS, player)
            if pile:
                game.move(pile[-1], ZONE_PLAY, player)
        for _ in range(numbers.starting_shells):
            pile = game.zone_list(SHELLS, player)
            if pile:
                game.move(pile[-1], ZONE_PLAY, player, face_down=True)
    for player in order:
        draw(game, player, numbers.starting_hand)
    if game.deck:
        game.move(game.deck[-1], ZONE_DISCARD)
    game.events.clear()  # set-up draws are not answered
    return game


def play_turn(game: Game) -> None:
    sim = rules(game)
    player = game.active
    if game.turns[player] >= game.options.max_rounds:
        end_game(game, None, "turn cap")
    game.turn += 1
    game.turns[player] += 1
    game.steps = 0
    game.tallies.clear()
    if game.log is not None:
        game.trace(f"turn {game.turns[player]} of P{player + 1} begins")
    checking = game.options.check_invariants
    # 1. The Temples of the active player's Tribe, in the order they choose.
    waiting = [uid for uid in game.play[player] if game.defs[uid].kind == "temple"]
    while True:
        # (a Temple another Temple's ability turned into a Shrine meanwhile grants nothing)
        waiting = [uid for uid in waiting if _still_temple(game, player, uid)]
        if not waiting:
            break
        options = [Action("temple", uid, label=game.defs[uid].name) for uid in waiting]
        choice = act(game, player, options, "which Temple first")
        waiting.remove(choice.uid)
        sim.perform(game, player, choice)
        if checking:
            checkpoint(game)
    # 2. The active player's Actions, then 3. each other player's.
    turn_order = [(player + offset) % game.n for offset in range(game.n)]
    for actor in turn_order:
        for _ in range(sim.active_actions if actor == player else sim.other_actions):
            options = space_options(game, ACTIONS)
            if not options:
                break
            sim.perform(game, actor, act(game, actor, options, "select an Action"))
            if checking:
                checkpoint(game)
    # 4. The end of the turn: every Action face up again; the end triggers.
    reopen_spaces(game, ACTIONS)
    checkpoint(game, end_of_turn=player)
    triggers = end_triggers(game)
    if triggers:
        winner = scored_winner(game)
        end_game(game, winner, " and ".join(triggers))
    game.active = game.next_player(player)


def _still_temple(game: Game, player: int, uid: int) -> bool:
    return game.place[uid] == ZONE_PLAY and game.controller[uid] == player and game.defs[uid].kind == "temple"


def end_triggers(game: Game) -> list[str]:
    """Seed 004: "a player has 3 Shrines of Solitude, and/or all Followers have been gained, and/or all
    Shells have been gained"."""
    found = []
    if any(count(game, player, "shrine") >= rules(game).shrines_to_end for player in range(game.n)):
        found.append("Shrines of Solitude")
    if not game.zone_list(FOLLOWERS, 0):
        found.append("every Follower gained")
    if not game.zone_list(SHELLS, 0):
        found.append("every Shell gained")
    return found


def scored_winner(game: Game) -> int | None:
    """The most points; tied, the most cards in the Tribe; still tied, no winner ("play again": a draw)."""
    ranking = sorted(range(game.n), key=lambda p: (points(game, p), len(game.play[p])), reverse=True)
    best, second = ranking[0], ranking[1]
    if (points(game, best), len(game.play[best])) == (points(game, second), len(game.play[second])):
        return None
    return best
