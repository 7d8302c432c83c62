"""What happens to a Tribe: gaining and losing cards, turning them over, breaking Shells, and the Lord deck.

Seed 004: "When a card is gained, it is moved to the player's Tribe. When a card is
lost, it is moved from the player's Tribe back to the middle of the play area." A
gained Follower comes Follower side up, a Shell Shell side up (and secret), a Temple
Temple side up. Each function does what it can and says whether it did it: Actions
and abilities are "performed to the best of a player's ability".
"""

from __future__ import annotations

from carddb.games.soulfall.sim.board import (
    FIRST_TEMPLE,
    FOLLOWERS,
    SHELLS,
    TEMPLES,
    count,
    of_kind,
)
from carddb.pack_api import (
    ZONE_DISCARD,
    ZONE_HAND,
    ZONE_PLAY,
    Game,
    discard,
    run_program,
    shuffle_discard_into_deck,
    turn_over,
)


def gain_follower(game: Game, player: int) -> bool:
    stack = game.zone_list(FOLLOWERS, player)
    if not stack:
        return False
    uid = stack[-1]
    game.move(uid, ZONE_PLAY, player)
    if game.log is not None:
        game.trace(f"P{player + 1} gains a Follower")
    return True


def lose_follower(game: Game, player: int) -> bool:
    """A Follower of the Tribe goes back to the middle (Followers are alike: which one does not matter)."""
    found = of_kind(game, player, "follower")
    if not found:
        return False
    game.move(found[-1], FOLLOWERS)
    if game.log is not None:
        game.trace(f"P{player + 1} loses a Follower")
    return True


def build_citadel(game: Game, player: int) -> bool:
    """Turn one of the Tribe's Followers to its Citadel side."""
    found = of_kind(game, player, "follower")
    if not found:
        return False
    return turn_over(game, found[-1])


def may_build_citadel(game: Game, player: int) -> bool:
    """Flourish's second choice: more Followers than Citadels in the Tribe."""
    return count(game, player, "follower") > count(game, player, "citadel")


def gain_shell(game: Game, player: int) -> bool:
    """A Shell at random from the middle, into the Tribe Shell side up; its Broken side is its owner's secret."""
    pile = game.zone_list(SHELLS, player)
    if not pile:
        return False
    uid = pile[game.rng.below(len(pile))]
    game.move(uid, ZONE_PLAY, player, face_down=True)
    game.known[player].add(uid)
    if game.log is not None:
        game.trace(f"P{player + 1} gains a Shell")
    return True


def unbroken_shells(game: Game, player: int) -> list[int]:
    return of_kind(game, player, "shell")


def break_shell(game: Game, player: int, uid: int) -> None:
    """Turn a Shell to its Broken side, show it, and use the Broken Shell's ability."""
    if game.stats is not None:
        game.stats.play(game, player, uid)  # the Shell's card is "played" when its ability is used
    turn_over(game, uid)
    game.flip(uid, False)
    if game.log is not None:
        game.trace(f"P{player + 1} breaks a Shell: {game.name(uid)}")
    run_program(game, game.defs[uid].effect, uid, player)


def mend_shell(game: Game, uid: int) -> None:
    """A Broken Shell back to its Shell side (secret again, though everyone saw what it was)."""
    turn_over(game, uid)
    game.flip(uid, True)


def gain_temple(game: Game, player: int, uid: int) -> None:
    game.move(uid, ZONE_PLAY, player)
    counters = game.counters[player]
    if FIRST_TEMPLE not in counters:
        counters[FIRST_TEMPLE] = game.sim.pack.factions.index(game.sim.pack.faction(game.defs[uid].faction)) + 1
    if game.stats is not None:
        game.stats.play(game, player, uid)
    if game.log is not None:
        game.trace(f"P{player + 1} gains the {game.name(uid)}")


def to_shrine(game: Game, player: int, uid: int) -> None:
    """A Temple of the Tribe turned to its Shrine of Solitude side."""
    turn_over(game, uid)


def temples_left(game: Game, lord: str) -> int:
    """A Temple of `lord` in the middle, or -1."""
    defs = game.defs
    for uid in game.zone_list(TEMPLES, 0):
        if defs[uid].faction == lord:
            return uid
    return -1


def take_random(game: Game, taker: int, victim: int, amount: int) -> None:
    """`taker` takes `amount` cards at random from `victim`'s hand; the victim knows what they lost."""
    hand = game.hands[victim]
    for uid in game.rng.sample(hand, min(amount, len(hand))):
        game.move(uid, ZONE_HAND, taker)
        game.known[victim].add(uid)
        if game.log is not None:
            game.trace(f"P{taker + 1} takes a card from P{victim + 1}'s hand")


def discard_at_random(game: Game, player: int, amount: int) -> None:
    hand = game.hands[player]
    for uid in game.rng.sample(hand, min(amount, len(hand))):
        discard(game, uid)


def refill_deck(game: Game) -> None:
    """Seed 004, Meditate: with no Lord card left in the deck, "the discard pile is shuffled to form a new
    deck, and the top card of the new deck is flipped face up to form the new discard"."""
    if not game.discard:
        return
    if game.log is not None:
        game.trace("the Lord deck is empty: the discard pile is shuffled into a new deck")
    shuffle_discard_into_deck(game)
    top = game.deck[-1]
    game.move(top, ZONE_DISCARD)
