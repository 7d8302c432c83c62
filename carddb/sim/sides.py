"""Double-sided cards: a physical card that shows one of its two faces, and turning it over.

A double-sided card's back is a card of the catalogue of its own, `ID/back` (its own kind,
text and numbers: `records_from_database` gives every face a record). A card's uid is the
physical card; `game.defs[uid]` is the face it shows. `turn_over` shows the other face:
the card stays where it is, with the same controller and facing, and every index the
state keeps (cards in play by kind, listening cards, statics) follows the new face.
"""

from __future__ import annotations

from carddb.packs.card import back_id, front_id, is_back_id
from carddb.sim.cards import CardDef
from carddb.sim.game import ZONE_NONE, ZONE_PLAY, ZONE_STACK, Game


def other_face(game: Game, uid: int) -> CardDef | None:
    """The face `uid` does not show (None: a single-sided card)."""
    shown = game.defs[uid].id
    wanted = front_id(shown) if is_back_id(shown) else back_id(shown)
    by_id = game.catalogue.by_id
    return by_id.get(wanted)


def shows_back(game: Game, uid: int) -> bool:
    return is_back_id(game.defs[uid].id)


def turn_over(game: Game, uid: int) -> bool:
    """Show the card's other face; False if it has none. Its marks of play (damage, used) are cleared."""
    other = other_face(game, uid)
    if other is None:
        return False
    shown = game.defs[uid].name
    zone, player, face_down = game.place[uid], game.controller[uid], game.face_down[uid]
    # A deck, hand or pile keeps the card where it was (a deck's order is the game); in play it comes
    # last, as the indexes of cards in play by kind list it.
    cards = game.zone_list(zone, player) if zone not in (ZONE_PLAY, ZONE_NONE, ZONE_STACK) else None
    position = cards.index(uid) if cards is not None else -1
    # Out and back in through `move`, so the indexes of the old face are left and the new one's joined.
    game.move(uid, ZONE_NONE)
    game.defs[uid] = other
    game.move(uid, zone, player, face_down=face_down)
    if cards is not None:
        cards.insert(position, cards.pop())
    if zone == ZONE_PLAY:
        game.lethal_dirty = True
    if game.log is not None:
        game.trace(f"{shown} is turned over: {other.name}")
    return True
