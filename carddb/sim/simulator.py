"""The interface a game pack implements to be simulated (`GamePack.simulator` returns one).

The core runs the machinery (state, zones, stack, priority, selectors, handlers,
bots, playtests); the pack says what its words mean (`semantics`), how each of its
registry entries executes (`handlers`), and its rules: set-up, a turn, the actions
a player may take, what happens when a card resolves, targeting and damage rules,
how a bot judges a position, and the invariants a legal state keeps.

What a small game need not write has a default read from its `GamePack`: the
semantics (its kinds), the handler table (the core's handlers of the core entries
its registry keeps, and `own_handlers`), each card's record (its cost, faction and
stats, as the pack declares them), the number of players, and a set-up that shuffles
the shared deck (docs/engine.md, "A minimal simulator: Orbit").
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from carddb.runtime.rng import Rng
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DECK, ZONE_HAND, ZONE_PLAY, Game
from carddb.sim.program import Ctx, Event, Program

if TYPE_CHECKING:
    from carddb.packs.card import Card
    from carddb.packs.pack import GamePack
    from carddb.play.decks import DeckList
    from carddb.rules.language import RulesLanguage
    from carddb.sim.cards import CardDef, CardRecord, Catalogue
    from carddb.sim.handlers import HandlerSet, HandlerTable
    from carddb.sim.options import SimOptions
    from carddb.sim.selectors import Semantics
    from carddb.sim.stack import StackItem


@dataclass(frozen=True)
class Seat:
    """A player's own cards (LOE: their council and Victory card), and a name for reports."""

    name: str
    cards: tuple[str, ...]
    id: str = ""  # the deck list's id, when the seat comes from one


@dataclass(frozen=True)
class Matchup:
    """What one game is played with: the seats (in seat order) and the shared cards (ids, with repeats).

    `removed`: shared cards left out after the deck is shuffled (the remove-one ablation), so
    the other cards keep the order they have with it, and the game differs only where it would
    have been drawn (common random numbers).
    """

    seats: tuple[Seat, ...]
    deck: tuple[str, ...]
    deck_name: str = ""
    removed: tuple[str, ...] = ()


@dataclass(frozen=True)
class FixedTable:
    """A fixed game's table (`GamePack.fixed`: every copy holds the same cards, so there are no deck lists):
    its seats, played together in every game, and the cards of one game (ids, with repeats)."""

    seats: tuple[Seat, ...]
    cards: tuple[str, ...]
    name: str = "the game's cards"


def deck_order(matchup: Matchup, seed: int) -> list[str]:
    """The shared deck of a game, shuffled from its seed, top card last, without the removed cards."""
    order = list(matchup.deck)
    Rng.derived(seed, "shared deck").shuffle(order)
    removed = set(matchup.removed)
    return [card for card in order if card not in removed] if removed else order


def seat_deck_order(matchup: Matchup, seed: int, seat: int) -> list[str]:
    """A seat's own deck (its cards, with repeats), shuffled from the game's seed, top card last: for a game where
    players draw from decks of their own (`Simulator.own_decks`)."""
    order = list(matchup.seats[seat].cards)
    Rng.derived(seed, "seat deck", seat).shuffle(order)
    return order


class Simulator(ABC):
    """A game's rules for the simulator. Subclasses fill the class attributes and the abstract methods."""

    pack: GamePack
    language: RulesLanguage
    handlers: HandlerTable
    semantics: Semantics
    shared_zones: tuple[str, ...] = ()
    # Shared zones whose cards nobody sees (a resource deck): taking one into a hand does not show it.
    hidden_zones: frozenset[str] = frozenset()
    # Each player draws from a deck of their own (their seat's cards, `Game.decks`), not from a shared deck.
    own_decks: bool = False
    # Event types after which players may take instant-speed actions (not only Reactions).
    instant_events: frozenset[str] = frozenset()
    # The report's words: what a seat's own cards are called, the kinds that get a win rate
    # of their own, and the kinds that start in play (never "played").
    seat_label: str = "seat"
    seat_label_plural: str = ""  # when it is not seat_label + "s" (LOE v2: "pairs of decks")
    report_kinds: tuple[str, ...] = ()
    # Report kinds whose win rate counts the seat-games in which the seat played the card (LOE v2: a
    # Leader, of which a seat holds several) rather than those in which it held it (LOE: its one Lord).
    report_played: tuple[str, ...] = ()
    starts_in_play: tuple[str, ...] = ()
    # More win rates, by what a seat did or held in the game: (a key of `describe`'s summary, what
    # the report calls it). The key's value is a word or a list of words; a seat-game counts
    # under each word (e.g. each faction whose card the seat held at the end).
    report_tags: tuple[tuple[str, str], ...] = ()
    # True: the report adds a win rate by faction, each seat counted under the faction most of its
    # cards belong to (ESTRO: a deck's leading estro).
    report_factions: bool = False
    # False: the seats hold every card of a game (ESTRO: each player's own deck) and a playtest
    # needs no shared deck list.
    shared_deck: bool = True
    # For the default `__init__`: the handlers of the pack's own registry entries (and of core
    # entries it gives a meaning of its own).
    own_handlers: tuple[HandlerSet, ...] = ()
    # For the default `card_record`: the stat (a `GamePack.stats` id) that is a card's health.
    health_stat: str = ""

    def __init__(self, pack: GamePack) -> None:
        """What a game with no words beyond its kinds needs: the pack, its rules language, a handler
        table of `own_handlers` and the core's handlers of the core entries its registry keeps, and
        semantics in which each kind is a noun and health is printed health plus statics.

        A pack whose selectors say more (subtypes, groups, adjectives, fixed phrases) sets its own."""
        from carddb.sim.handlers import handler_table
        from carddb.sim.ops import health
        from carddb.sim.selectors import Semantics

        if pack.language is None:
            raise ValueError(f"the game '{pack.id}' has no rules-text language for the simulator to execute")
        self.pack = pack
        self.language = pack.language
        self.handlers = handler_table(pack.language.registry, *self.own_handlers)
        self.semantics = Semantics(kinds=frozenset(pack.kind_ids), health=health)

    @property
    def seats_label(self) -> str:
        return self.seat_label_plural or f"{self.seat_label}s"

    def number(self, number_id: str) -> int:
        return self._number_values[number_id]

    @cached_property
    def _number_values(self) -> dict[str, int]:
        # Read once: packs look their numbers up while they play.
        return self.pack.number_values

    def players(self) -> tuple[int, int]:
        """The fewest and most players a game of this pack has: its numbers `players-min` and
        `players-max` if it declares them, else 2 to 8."""
        return self.pack.players or (2, 8)

    # -- the catalogue and the table ---------------------------------------------------

    def card_record(self, card: Card) -> CardRecord:
        """What the simulator needs of a database card. By default read as the pack declares its cards:
        the cost from `GamePack.cost.field` (a whole number), the faction from `faction_field`, every
        stat of `GamePack.stats` the card prints as `numbers`, and its health from `health_stat`."""
        from carddb.sim.cards import CardRecord

        pack = self.pack
        stats = tuple((stat.id, value) for stat in pack.stats if type(value := getattr(card, stat.id, None)) is int)
        cost = getattr(card, pack.cost.field, None)
        return CardRecord(
            id=card.id,
            name=card.name,
            kind=card.kind,
            faction=str(getattr(card, pack.faction_field, None) or ""),
            cost=cost if type(cost) is int else 0,
            health=dict(stats).get(self.health_stat, 0),
            copies=card.copies,
            text=card.text,
            numbers=stats,
        )

    @abstractmethod
    def seats_from_decks(self, decks: Sequence[DeckList]) -> tuple[list[Seat], list[DeckList]]:
        """The deck lists that are seats (LOE: councils) and those that are shared decks."""

    def fixed_table(self, cards: Sequence[Card]) -> FixedTable | None:
        """A fixed game's seats and cards, from the database's cards (None: seats come from deck lists)."""
        return None

    def seats_from_draft(self, log: dict[str, Any]) -> tuple[list[Seat], list[str]] | None:
        """The seats and shared deck of a `carddb draft` log (None: this game drafts no seats)."""
        return None

    def new_game(self, catalogue: Catalogue, matchup: Matchup, seed: int, first: int, options: SimOptions) -> Game:
        """A game set up and ready for its first turn. By default: the shared deck shuffled (`deck_order`)
        into the deck; each seat's own cards, shuffled, into its own deck (`own_decks`), else into its
        play area; `first` to play. A game that deals hands or lays out a table overrides it, and may
        call this first."""
        if self.own_decks and matchup.deck:
            raise ValueError("a game whose players draw from their own decks was given a shared deck")
        defs: list[CardDef] = []
        owners: list[int] = []
        for seat_index, seat in enumerate(matchup.seats):
            cards = list(seat.cards)
            if self.own_decks:
                Rng.derived(seed, "deck", seat_index).shuffle(cards)
            defs += [catalogue[card_id] for card_id in cards]
            owners += [seat_index] * len(cards)
        shared = deck_order(matchup, seed)
        defs += [catalogue[card_id] for card_id in shared]
        owners += [-1] * len(shared)
        game = Game(self, catalogue, defs, owners, len(matchup.seats), seed, options)
        game.first = game.active = first
        for uid, owner in enumerate(owners):
            if owner < 0 or self.own_decks:
                game.move(uid, ZONE_DECK)  # (already in order: top card last; an own deck is its owner's)
            else:
                game.move(uid, ZONE_PLAY, owner)
        return game

    # -- playing ---------------------------------------------------------------------

    @abstractmethod
    def play_turn(self, game: Game) -> None:
        """One whole turn of `game.active`; raises GameOver when the game ends."""

    @abstractmethod
    def main_actions(self, game: Game, player: int) -> list[Action]:
        """What `player` may do now in their own main phase (without `pass`)."""

    @abstractmethod
    def responses(self, game: Game, player: int, event: Event) -> list[Action]:
        """What `player` may do in the response window of `event` (without `pass`)."""

    @abstractmethod
    def perform(self, game: Game, player: int, action: Action) -> None:
        """Take an action: pay its costs and put it on the stack (or do it, for special actions)."""

    def action_program(self, game: Game, player: int, action: Action) -> tuple[Program, Ctx] | None:
        """The program an action puts on the stack and its context (for a bot weighing its targets)."""
        return None

    def on_push(self, game: Game, item: StackItem) -> None:  # noqa: B027  (optional hook)
        """Something was put on the stack (LOE: Ward asks for its price here)."""

    @abstractmethod
    def resolve_card(self, game: Game, item: StackItem) -> None:
        """A played card's sentences have resolved: where it goes now."""

    @abstractmethod
    def countered(self, game: Game, item: StackItem) -> None:
        """A played card was countered: where it goes."""

    # -- rules the core asks about -------------------------------------------------------

    def prevent_damage(self, game: Game, uid: int, amount: int) -> int:
        return amount

    def currency_available(self, game: Game, player: int) -> int:
        """The most of the turn's currency `player` could pay now (LOE v2: the pool and what pitching would add)."""
        return game.pool[player]

    def pay_currency(self, game: Game, player: int, amount: int) -> None:
        """`player` pays `amount` of the turn's currency (the caller checked `currency_available`)."""
        game.pool[player] -= amount

    def replace_destroy(self, game: Game, uid: int) -> bool:
        """True if something else happened instead of destroying `uid`."""
        return False

    def can_look(self, game: Game, player: int, uid: int) -> bool:
        """Whether `player` may look at the hidden card `uid` (LOE: not at a Hidden one)."""
        return True

    def state_checks(self, game: Game) -> None:  # noqa: B027  (optional hook)
        """The pack's own state-based rules, after each lethal-damage check (`check_lethal`): after every stack
        item resolves, and wherever the core checks lethal damage because `game.lethal_dirty` was set (a card
        left play, damage was dealt, a player's own deck ran out...). Shards: Territories without a Building
        cease to exist, Domination, Prosperity; LOE v2: a player at 0 health or with an empty deck loses.
        May end the game (`end_game`)."""

    def deck_empty(self, game: Game) -> None:  # noqa: B027  (optional hook)
        """The deck ran out (a game that reshuffles its discard pile does it here)."""

    def draw_from_empty(self, game: Game, player: int) -> None:
        """`player` would draw from an empty deck (an own deck's rule goes here; by default `deck_empty`).

        With own decks it is asked once for each card that could not be drawn."""
        self.deck_empty(game)

    # -- bots and checks -----------------------------------------------------------------

    @abstractmethod
    def evaluate(self, game: Game, player: int) -> float:
        """How good the position is for `player`, using only what `player` may know (higher is better)."""

    def card_value(self, game: Game, player: int, uid: int) -> float:
        """A rough worth of one card for `player` (which card to discard, trade away or search for)."""
        return float(game.defs[uid].cost)

    def invariants(self, game: Game, end_of_turn: int | None) -> list[str]:
        """Illegal states beyond the core's (zones, counts, counters); `end_of_turn`: whose turn just ended."""
        return []

    def describe(self, game: Game, player: int) -> dict[str, Any]:
        """A seat's end state for the game's record (the pack's own numbers)."""
        return {}

    # -- what a bot cannot see -----------------------------------------------------------

    # True: a bot's imagined world draws its own random numbers (dice, random discards) from the
    # bot's generator, so the bot cannot foresee the game's (ESTRO: the dice decide every fight).
    # LOE keeps the game's generator in its imagined worlds, so its games stay as they were.
    reseed_imagined: bool = False

    def hidden(self, game: Game, viewer: int) -> list[list[tuple[int, int]]]:
        """The zones whose cards `viewer` has not seen, as groups of (zone, player): a bot's imagined world
        deals each group's unseen cards again among that group's unseen places.

        The default: with one shared deck, one group of every opponent's hand and that deck (LOE);
        with own decks (`own_decks`), each player's unseen cards can only be in their own hand or
        deck, so each player is a group: the viewer's deck, each opponent's hand and deck (Shards),
        then the shared deck; then each hidden shared zone (`hidden_zones`; LOE v2's resource deck)
        on its own. ESTRO, whose decks are shared zones, says the same of its zones."""
        if game.decks is None:
            groups = [[*((ZONE_HAND, p) for p in range(game.n) if p != viewer), (ZONE_DECK, -1)]]
        else:
            groups = [[(ZONE_DECK, p)] if p == viewer else [(ZONE_HAND, p), (ZONE_DECK, p)] for p in range(game.n)]
            groups.append([(ZONE_DECK, -1)])
        groups += [[(zone, -1)] for zone in sorted(game.unseen_zones)]
        return groups

    def face_down_look(self, kind: str) -> str:
        """What a face-down card of `kind` shows: a bot imagines an unseen face-down card as any unseen card
        that shows the same. By default its kind (LOE: only Dukes lie face down); ESTRO's Gift and Empty
        cards look alike face down."""
        return kind


def simulator_for(pack: GamePack) -> Simulator:
    """The pack's simulator, or a usage error naming the game."""
    from carddb.findings.errors import UsageError

    if pack.simulator is None:
        raise UsageError(
            f"the game '{pack.id}' has no simulator: its pack declares no `simulator` (see docs/engine.md)"
        )
    made = pack.simulator(pack)
    if not isinstance(made, Simulator):
        raise UsageError(
            f"the game '{pack.id}': its `simulator` made a {type(made).__name__}, not a carddb.pack_api.Simulator"
        )
    return made
