"""A table of the broad phrasebook's reference game, for the scenarios that execute every core entry.

The game is tests/fixtures/phrasebook/game.yaml: a game.yaml whose vocabulary names every kind of
word the core phrasebook takes. Its simulator is the least a game needs (a `DirectSimulator` with
the core's handlers, `PHRASEBOOK` and the declared phrases' handlers, and the vocabulary's
semantics): the scenarios lay cards where they need them and run one card's text through the real
compiler and handlers, as a pack's simulator would, with the invariants checked after each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from support.referencegame import reference_pack as pack
from support.simtable import ScenarioBook, ScenarioTable

from carddb.packs.pack import GamePack
from carddb.sim.broad_state import mark, resource, would_be_dealt
from carddb.sim.cards import CardRecord
from carddb.sim.core_handlers import CORE
from carddb.sim.decisions import PASS, Action, act
from carddb.sim.declared import declared_semantics
from carddb.sim.declared_handlers import declared_handlers
from carddb.sim.direct import DirectSimulator, run_program
from carddb.sim.events import emit
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, ZONE_SHARED, ZONE_STACK, Game
from carddb.sim.handlers import build_table
from carddb.sim.ops import draw
from carddb.sim.phrasebook_handlers import PHRASEBOOK
from carddb.sim.program import Ctx, Event
from carddb.sim.stack import execute
from carddb.sim.turns import begin_turn

ZONES = {"hand": ZONE_HAND, "play": ZONE_PLAY, "deck": ZONE_DECK, "graveyard": ZONE_DISCARD}


class PhrasebookSimulator(DirectSimulator):
    """The reference game's rules: none beyond the core's, which is the point."""

    shared_zones = ("exile", "supply")

    def __init__(self, game_pack: GamePack) -> None:
        self.pack = game_pack
        assert game_pack.language is not None
        self.language = game_pack.language
        self.semantics = declared_semantics(self.language.vocabulary)
        self.handlers = build_table("phrasebook", CORE, PHRASEBOOK, declared_handlers(self.language.registry))

    def play_turn(self, game: Game) -> None:
        """The reference game's turn: draw a card, then play cards from hand until the player passes."""
        player = game.active
        begin_turn(game, player)
        draw(game, player, 1)
        while not game.over:
            options = [PASS, *(Action("play", uid) for uid in game.hands[player])]
            choice = act(game, player, options, "play a card")
            if choice.verb == PASS.verb:
                return
            self.perform(game, player, choice)

    def perform(self, game: Game, player: int, action: Any) -> None:
        """A creature or artifact enters play; an instant's sentences happen at once, then it is discarded."""
        uid = action.uid
        definition = game.defs[uid]
        if definition.kind != "instant":
            game.move(uid, ZONE_PLAY, player)
            return
        game.move(uid, ZONE_STACK)  # no longer in the hand while it resolves
        run_program(game, definition.effect, uid, player)
        game.move(uid, ZONE_DISCARD)

    def evaluate(self, game: Game, player: int) -> float:
        return 0.0

    def countered(self, game: Game, item: Any) -> None:
        game.move(item.source, ZONE_DISCARD)

    def prevent_damage(self, game: Game, uid: int, amount: int) -> int:
        return would_be_dealt(game, uid, amount)

    def damage_player(self, game: Game, player: int, amount: int) -> int:
        left = would_be_dealt(game, player, amount, player=True)
        key = "res:life"
        game.counters[player][key] = game.counters[player].get(key, 0) - left
        return left


class Table(ScenarioTable):
    """Two players, an empty deck, and what a scenario lays out."""

    def __init__(self, players: int = 2) -> None:
        super().__init__(PhrasebookSimulator(pack()), players)
        game = self.g
        game.turn, game.turns = 3, [2] * players
        for player in range(players):
            game.counters[player]["res:life"] = 20

    def card(
        self,
        kind: str = "creature",
        text: str = "",
        *,
        owner: int = 0,
        zone: str = "play",
        power: int = 2,
        toughness: int = 2,
        cost: int = 1,
        subtype: str = "",
        name: str = "",
    ) -> int:
        index = len(self.catalogue.defs)
        numbers = (("power", power), ("toughness", toughness)) if kind == "creature" else ()
        health = toughness if kind == "creature" else 0
        record = CardRecord(
            self.next_id, name or f"{kind} {index}", kind, subtype, "", cost, (), health, 1, text, numbers
        )
        place = ZONES.get(zone)
        if place is None:
            place = ZONE_SHARED + self.sim.shared_zones.index(zone)
        return self.put(record, place, owner)

    def deck(self, count: int, owner: int = 0, kind: str = "creature") -> list[int]:
        """`count` cards on top of the deck, the last one on top."""
        return [self.card(kind, owner=owner, zone="deck", name=f"deck {i}") for i in range(count)]

    def run(self, text: str, player: int = 0, kind: str = "instant", targets: Sequence[int] | None = None) -> int:
        """Play a card with this text: its sentences resolve at once (targets picked in order, else the first)."""
        uid = self.card(kind, text, owner=player, zone="hand")
        if targets:
            self.agents[player].picks = list(targets) + self.agents[player].picks
        definition = self.g.defs[uid]
        assert definition.effect is not None, f"{text!r} has no effect"
        self.g.move(uid, ZONE_STACK)  # played: it is no longer in the hand while it resolves
        assert run_program(self.g, definition.effect, uid, player), "no legal target"
        self.g.move(uid, ZONE_DISCARD)
        self.settle()
        return uid

    def settle(self) -> None:
        """Triggered abilities waiting (from what just happened) resolve at once; then the state is checked."""
        from carddb.sim.direct import run_triggered

        while self.g.pending:
            pending = self.g.pending.pop(0)
            run_triggered(self.g, pending.source, pending.event)
        self.g.events.clear()
        self.check()

    def activate(self, uid: int, index: int = 0, targets: Sequence[int] | None = None) -> None:
        """Use an activated ability of a card: its costs paid (all must be payable), then its effects."""
        from carddb.sim.stack import choose_targets

        ability = self.g.defs[uid].activated[index]
        ctx = Ctx(uid, self.g.controller[uid])
        assert all(cost.can_pay(self.g, ctx) for cost in ability.costs), "a cost cannot be paid"
        for cost in ability.costs:
            cost.pay(self.g, ctx)
        if targets:
            self.agents[ctx.controller].picks = list(targets)
        assert choose_targets(self.g, ctx.controller, ability.program, ctx)
        execute(self.g, ability.program, ctx)
        self.check()

    def on_stack(self, kind: str, text: str, owner: int = 1) -> Any:
        """A card played by `owner`, waiting on the stack (for effects that answer it: counters, copies)."""
        from carddb.sim.stack import StackItem

        uid = self.card(kind, text, owner=owner, zone="hand")
        self.g.move(uid, ZONE_STACK)
        item = StackItem(self.g, uid, owner, self.g.defs[uid].effect, Ctx(uid, owner), kind, card=True, label=text)
        self.g.stack.append(item)
        return item

    def answer(self, text: str, item: Any, player: int = 0) -> None:
        """An instant that targets what is on the stack resolves (the stack itself is left to the test)."""
        uid = self.card("instant", text, owner=player, zone="hand")
        self.g.move(uid, ZONE_STACK)
        program = self.g.defs[uid].effect
        assert program is not None
        execute(self.g, program, Ctx(uid, player, targets=[item.id]))
        self.g.move(uid, ZONE_DISCARD)

    def can_activate(self, uid: int, index: int = 0) -> bool:
        ability = self.g.defs[uid].activated[index]
        ctx = Ctx(uid, self.g.controller[uid])
        return all(cost.can_pay(self.g, ctx) for cost in ability.costs)

    def emit(self, event: Event) -> None:
        """An event happens: the triggered abilities that hear it resolve at once."""
        emit(self.g, event)
        self.settle()

    def life(self, player: int) -> int:
        return resource(self.g, player, "life")

    def counters(self, uid: int, name: str) -> int:
        return mark(self.g, f"counter:{name}")[uid]

    def zone(self, uid: int) -> int:
        return self.g.place[uid]


# -- scenario registry: one scenario per (entry, example) of the reference game --------------

SCENARIOS = ScenarioBook(Table)
scenario = SCENARIOS.scenario
run_scenario = SCENARIOS.run
