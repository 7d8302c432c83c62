"""A game without a stack: each choice is done as soon as it is made, and no one answers it.

Many games have no Reactions, no priority and no spells waiting to resolve: a turn is
a sequence of choices (select a space, play a card, pick a target) and what a card says
happens at once. `DirectSimulator` is the `Simulator` for them: it answers the stack's
questions once (no response windows; nothing a player plays waits on the stack), so a
pack writes set-up, the turn, `perform` for the actions it offers through `act`, and
its judgement of a position.

`run_program` carries out a card's compiled program at once (targets chosen, then each
step, its conditions and `You may` asked as the stack would), and `run_triggered` a
triggered ability of a card in play, for a pack that decides itself when abilities
happen (at the start of a turn, in an order the player chooses) rather than through
events and the stack. `run_event` lets every card hear an event the pack's rules
make happen ("When you play this card", "When an opponent plays a Maneuver"): the
triggered abilities it sets off are carried out at once, and so are those they set
off in turn (`run_pending`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from carddb.sim.decisions import Action
from carddb.sim.events import emit
from carddb.sim.game import Game
from carddb.sim.ops import check_lethal
from carddb.sim.program import Ctx, Event, Program
from carddb.sim.simulator import Simulator
from carddb.sim.stack import choose_targets, end_game, execute

if TYPE_CHECKING:
    from carddb.packs.hooks import DeckView
    from carddb.sim.simulator import Seat
    from carddb.sim.stack import StackItem


class DirectSimulator(Simulator):
    """A `Simulator` whose game never uses the stack; a subclass still writes the rules of its game."""

    def seats_from_decks(self, decks: Sequence[DeckView]) -> tuple[list[Seat], list[DeckView]]:
        """No deck list is a seat: a fixed game has `fixed_table`, other games override this."""
        return [], list(decks)

    def main_actions(self, game: Game, player: int) -> list[Action]:
        """Unused: the pack's turn offers its own choices."""
        return []

    def responses(self, game: Game, player: int, event: Event) -> list[Action]:
        return []  # nothing is ever answered

    def resolve_card(self, game: Game, item: StackItem) -> None:
        raise AssertionError("a game without a stack put a card on it")

    def countered(self, game: Game, item: StackItem) -> None:
        raise AssertionError("a game without a stack put a card on it")


def run_program(game: Game, program: Program | None, source: int, controller: int, event: Event | None = None) -> bool:
    """Carry out `program` of card `source` for `controller` now; False if a target slot had no legal target."""
    if program is None:
        return True
    ctx = Ctx(source, controller, event=event)
    if not choose_targets(game, controller, program, ctx):
        return False
    execute(game, program, ctx)
    return True


def run_triggered(game: Game, uid: int, event: Event) -> bool:
    """Carry out at once every triggered ability of card `uid` that `event` matches; True if one did."""
    done = False
    controller = game.controller[uid]
    for ability in game.defs[uid].triggered:
        if event.type in ability.event.types and ability.event.match(game, event, Ctx(uid, controller, event=event)):
            run_program(game, ability.program, uid, controller, event)
            done = True
    return done


def run_event(game: Game, event: Event) -> None:
    """`event` happens: every triggered ability it sets off is carried out at once (`run_pending`)."""
    emit(game, event)
    run_pending(game)


def run_pending(game: Game) -> None:
    """Carry out the triggered abilities waiting (`game.pending`), first triggered first, with those they
    set off; destroy the cards whose damage reached their health. Nobody answers: the events that
    would open a response window in a game with a stack are dropped.

    The loop guard counts each ability, as the stack counts its items: more than
    `max_steps_per_turn` in one turn ends the game as a draw ("loop")."""
    pending, limit = game.pending, game.options.max_steps_per_turn
    while True:
        if game.lethal_dirty:
            check_lethal(game)
        if not pending:
            break
        trigger = pending.pop(0)
        game.steps += 1
        if game.steps > limit:
            end_game(game, None, "loop")
        run_program(game, trigger.ability.program, trigger.source, trigger.controller, trigger.event)
    game.events.clear()
