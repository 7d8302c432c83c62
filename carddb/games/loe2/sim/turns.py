"""Set-up and the turn of seed 001, with every number from the pack's `numbers`.

Before the game: each player's two decks, shuffled together, are their own deck (a deck the
remove-one ablation made shorter is filled up with blank cards, `blank_card`); the
resource deck (the marketplace list) is shuffled and its top `marketplace-face-up` cards
go face up into the marketplace; each player starts with `starting-health` health and an
empty mana pool, and draws `opening-hand` cards.

A turn (*Turn Structure*): at the start of each round from the second, the marketplace
refreshes; then the start phase (untap your cards, clean up your pitch zone, the
start-of-turn triggers, draw up to `draw-up-to` cards), the main phase (act until you
pass), the end phase (the end-of-turn triggers, discard down to `hand-size`, damage on
every Troop is removed, effects `until end of turn` end).
"""

from __future__ import annotations

from carddb.games.loe2.sim import mana, marketplace
from carddb.games.loe2.sim.actions import main_actions
from carddb.games.loe2.sim.board import PER_TURN, RESOURCE_DECK, Loe2State
from carddb.pack_api import (
    ZONE_DECK,
    CardDef,
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
    draw_up_to,
    emit,
    end_temporary,
    main_phase,
    ready,
    remove_damage,
    run,
    seat_deck_order,
)


def blank_card(sim: Simulator) -> CardDef:
    """A card that does nothing (its pitch value is `pitch-special`): what fills a seat's deck up to its size when
    the remove-one ablation took a card out. An empty deck loses the game, so a deck with fewer cards would lose
    the race for that alone; against a blank, the ablation measures what the card does."""
    return CardDef(-1, "blank", "Blank card", "blank", "", "", 0, (), 0, numbers={"pitch": sim.number("pitch-special")})


def new_game(
    sim: Simulator, catalogue: Catalogue, matchup: Matchup, seed: int, first: int, options: SimOptions
) -> Game:
    defs = []
    owners = []
    full = sim.number("decks-per-player") * sim.number("deck-size")
    for seat_index in range(len(matchup.seats)):
        order = [catalogue[card_id] for card_id in seat_deck_order(matchup, seed, seat_index)]
        if len(order) < full:  # (an ablation: blanks where the card was, at the bottom of the deck)
            order[:0] = [blank_card(sim)] * (full - len(order))
        for definition in order:
            defs.append(definition)
            owners.append(seat_index)
    own_cards = len(defs)
    for card_id in deck_order(matchup, seed):
        defs.append(catalogue[card_id])
        owners.append(-1)
    players = len(matchup.seats)
    game = Game(sim, catalogue, defs, owners, players, seed, options)
    game.extra = Loe2State(players, sim.number("starting-health"))
    game.first = first
    game.active = first
    for uid in range(own_cards):
        game.move(uid, ZONE_DECK)  # its owner's, already shuffled (seat_deck_order), top card last
    for uid in range(own_cards, len(defs)):
        game.move(uid, RESOURCE_DECK)  # already shuffled (deck_order), top card last
    marketplace.fill(game)
    for offset in range(players):
        draw(game, (first + offset) % players, sim.number("opening-hand"))
    game.events.clear()  # set-up draws are not answered
    game.pending.clear()
    return game


def play_turn(game: Game) -> None:
    sim = game.sim
    player = game.active
    begin_turn(game, player, PER_TURN)
    if game.log is not None:
        game.trace(f"turn {game.turns[player]} of P{player + 1} begins")
    if player == game.first and game.turns[player] > 1:
        marketplace.refresh(game)  # a new round
        run(game)
    # start phase
    ready(game, player)
    returned = mana.clean_up(game, player)
    if returned:
        sim.damage_player(game, player, returned * sim.number("unused-pitch-damage"))
    emit(game, Event("turn-start", player))
    run(game)
    draw_up_to(game, player, sim.number("draw-up-to"))
    run(game)
    checkpoint(game)
    main_phase(game, player, main_actions)
    # end phase
    emit(game, Event("turn-end", player))
    run(game)
    discard_down(game, player, sim.number("hand-size"))
    defs, damage = game.defs, game.damage
    for cards in game.play:
        for uid in cards:
            if damage[uid] and defs[uid].kind == "troop":
                remove_damage(game, uid, None)
    end_temporary(game)
    run(game)
    checkpoint(game, end_of_turn=player)
    game.active = game.next_player(player)
