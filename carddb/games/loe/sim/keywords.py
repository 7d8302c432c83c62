"""LOE's keywords: their handlers, and the rules each one changes.

| keyword | rule (where the simulator applies it) |
|---|---|
| Ambush | a face-down Duke may be activated in a response window on an opponent's turn (`actions`) |
| Ward N | when it becomes the target of a Spell or ability an opponent controls, that player pays N powerstones or the Spell or ability is countered (`LoeSimulator.on_push`) |
| Armor N | the first N damage dealt to it each turn is prevented (`prevent_damage`) |
| Swift | the card may be played in any response window, on any player's turn (`actions`) |
| Tribute N | a triggered ability: when you play this card, gain N powerstones |
| Hidden | opponents cannot look at it while it is face down (`can_look`) |
| Loyal | when the character it is coupled to would be destroyed, this Item is destroyed instead and the character's damage is removed (`replace_destroy`) |

A face-down card's keywords do nothing, except Ambush and Hidden, which are about
being face down.
"""

from __future__ import annotations

from carddb.games.loe.sim.board import gain
from carddb.pack_api import (
    Compiler,
    Ctx,
    Event,
    EventMatch,
    Game,
    HandlerSet,
    Keyword,
    Phrase,
    Program,
    Step,
    Triggered,
    number,
)

KEYWORDS = HandlerSet()
FACE_DOWN_KEYWORDS = frozenset({"ambush", "hidden"})


@KEYWORDS("ambush", "swift", "hidden", "loyal")
def _plain(phrase: Phrase, c: Compiler) -> Keyword:
    return Keyword(phrase.entry)


@KEYWORDS("ward", "armor")
def _numbered(phrase: Phrase, c: Compiler) -> Keyword:
    return Keyword(phrase.entry, number(phrase))


@KEYWORDS("tribute")
def _tribute(phrase: Phrase, c: Compiler) -> list[object]:
    amount = number(phrase)

    def pay_tribute(g: Game, ctx: Ctx) -> None:
        gain(g, ctx.controller, amount)
        if g.log is not None:
            g.trace(f"Tribute: P{ctx.controller + 1} gains {amount} powerstones")

    def played(g: Game, ev: Event, ctx: Ctx) -> bool:
        return ev.subject == ctx.source and ev.player == ctx.controller

    text = f"Tribute {amount}"
    ability = Triggered(
        0, EventMatch(frozenset({"plays"}), played, text), Program((Step(pay_tribute, text=text),), (), text)
    )
    return [Keyword("tribute", amount), ability]


def keyword(game: Game, uid: int, name: str) -> int:
    """The card's keyword number if it is active (0 otherwise)."""
    amount = game.defs[uid].keywords.get(name, 0)
    if amount and game.face_down[uid] and name not in FACE_DOWN_KEYWORDS:
        return 0
    return amount
