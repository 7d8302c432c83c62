"""ESTRO's names for the simulator's state: each player's deck, the field, the active Zone, the Incinerators.

- Each player draws from a deck of their own: the pack's two shared zones, one per seat
  (`deck_zone(p)`), top card last. The core's single shared deck stays empty.
- The field: a player's play zone. The active Zone card lies in the play zone of the
  player who played it (so its statics and triggers work like any card's), but it is
  not a card *on the field*: `fighters` leaves it out.
- The Incinerators: the core's discard pile, each card in its owner's (`incinerator`).

What lasts only for the turn is kept in `game.tallies` (cleared when a turn ends):

| key | what it counts |
|---|---|
| `(PLAYED, p)` | cards `p` played from hand this turn |
| `(EXTRA_PLAY, p)`, `(EXTRA_ATTACK, p)` | plays and attacks a Gift added this turn |
| `(ATTACKS, p)` | attacks `p` made this turn |
| `(ATTACKED, uid)` | attacks the card made this turn |
| `(BOOST, uid, since, stat)` | the card's change of a stat until end of turn (`since`: while it stays where it is) |
| `(ROLL, p)` | `p`'s die in the fight being resolved |
| `(SAVED, uid)` | a Gift kept the card on the field as it was being destroyed |
| `(BORROWED, uid)` | the card's owner, while another player controls it until end of turn |
"""

from __future__ import annotations

from carddb.pack_api import ZONE_SHARED, Game

SHARED_ZONES = ("first seat's deck", "second seat's deck")
FIGHTER_KINDS = frozenset({"gift", "empty"})
ZONE_KIND = "zone"

PLAYED = "played"
EXTRA_PLAY = "extra-play"
EXTRA_ATTACK = "extra-attack"
ATTACKS = "attacks"
ATTACKED = "attacked"
BOOST = "boost"
ROLL = "roll"
SAVED = "saved"
BORROWED = "borrowed"


def deck_zone(player: int) -> int:
    return ZONE_SHARED + player


def deck(game: Game, player: int) -> list[int]:
    """`player`'s deck, top card last."""
    return game.shared[player]


def fighters(game: Game, player: int) -> list[int]:
    """`player`'s cards on the field (Gift and Empty cards, face up or face down; not the active Zone)."""
    defs = game.defs
    return [uid for uid in game.play[player] if defs[uid].kind != ZONE_KIND]


def active_zone(game: Game) -> int:
    """The active Zone card, or -1."""
    lists = (game.kinds_cache or game.in_play_of_kind()).get(ZONE_KIND)
    if lists:
        for cards in lists:
            if cards:
                return cards[0]
    return -1


def incinerator(game: Game, player: int) -> list[int]:
    owner = game.owner
    return [uid for uid in game.discard if owner[uid] == player]


def opponent(player: int) -> int:
    return 1 - player


def completed_rounds(game: Game) -> int:
    """Rounds both players have finished (a round is one turn of each)."""
    return min(game.turns)
