"""The state of one game: every card's place and marks, the players, the zones, the stack.

The state is a struct of arrays indexed by a card's uid (its physical copy in this
game): `place[uid]` (its zone), `damage[uid]`, `face_down[uid]`... so that a copy, which the
greedy bot makes for every option it weighs, is a handful of `list.copy()` calls
rather than a walk over objects. Card definitions (`CardDef`) are shared by all
games of a run and never change.

Zones: the shared deck (top card last), each player's hand and play zone, the
discard pile, the stack, and the pack's shared zones (LOE: the market, oldest
card first). A pack whose players each draw from a deck of their own
(`Simulator.own_decks`: Shards, LOE v2) has `decks`: each player's deck, top card last,
in the deck zone too (a card there is controlled by the player whose deck holds it).
A pack's shared zone may be hidden (`Simulator.hidden_zones`; LOE v2's resource
deck): a card taken from it is not seen by everyone. `move` is the one way a card
changes zone, so the bookkeeping (who listens to which event, which statics are
active, who has seen the card) cannot be forgotten by a handler.

Besides the cards' marks, a game keeps `temporary` statics (effects that last until
the pack ends them, e.g. `until end of turn`), and `extra`, the pack's own state (an
object with a `copy()` method, copied with the game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carddb.runtime.rng import Rng

if TYPE_CHECKING:
    from carddb.sim.agents import Agent
    from carddb.sim.cards import CardDef, Catalogue
    from carddb.sim.options import SimOptions
    from carddb.sim.program import Activated, Event, Static
    from carddb.sim.records import GameStats
    from carddb.sim.simulator import Simulator
    from carddb.sim.stack import StackItem

ZONE_NONE = -1
ZONE_DECK = 0
ZONE_HAND = 1
ZONE_PLAY = 2
ZONE_DISCARD = 3
ZONE_STACK = 4
ZONE_SHARED = 5  # a pack's shared zones are numbered from here, in the order it declares them

ZONE_NAMES = {ZONE_NONE: "nowhere", ZONE_DECK: "deck", ZONE_HAND: "hand", ZONE_PLAY: "play", ZONE_DISCARD: "discard"}
ZONE_NAMES[ZONE_STACK] = "stack"
PUBLIC_ZONES = frozenset({ZONE_PLAY, ZONE_DISCARD, ZONE_STACK})


class GameOver(Exception):
    """Raised to unwind the turn when the game ends (a win, the turn cap, the loop guard)."""


class Game:
    __slots__ = (
        "active",
        "actors_cache",
        "agents",
        "attached",
        "catalogue",
        "clock",
        "controller",
        "counters",
        "damage",
        "deck",
        "decks",
        "defs",
        "destroyed_turn",
        "discard",
        "end_reason",
        "events",
        "extra",
        "face_down",
        "first",
        "hands",
        "kinds_cache",
        "known",
        "lethal_dirty",
        "listen",
        "listeners_cache",
        "log",
        "marks",
        "n",
        "next_item",
        "options",
        "over",
        "owner",
        "pending",
        "place",
        "play",
        "pool",
        "reacts",
        "rng",
        "shared",
        "sim",
        "simulated",
        "since",
        "stack",
        "statics_cache",
        "stats",
        "steps",
        "tallies",
        "temporary",
        "turn",
        "turns",
        "unseen_zones",
        "used",
        "winner",
    )

    def __init__(
        self,
        sim: Simulator,
        catalogue: Catalogue,
        defs: list[CardDef],
        owners: list[int],
        players: int,
        seed: int,
        options: SimOptions,
    ) -> None:
        count = len(defs)
        self.sim = sim
        self.catalogue = catalogue  # every card of the run (what a bot imagines a hidden card might be)
        self.options = options
        self.defs = defs
        self.n = players
        self.place = [ZONE_NONE] * count
        self.owner = list(owners)
        self.controller = list(owners)
        self.face_down = [False] * count
        self.damage = [0] * count
        self.used = [False] * count
        self.attached = [-1] * count
        self.since = [0] * count  # the clock when the card entered its zone (oldest statics and cards first)
        self.deck: list[int] = []
        # Each player's own deck (top card last), for a game whose players bring their own decks
        # (`Simulator.own_decks`); None when every player draws from the shared `deck`.
        self.decks: list[list[int]] | None = [[] for _ in range(players)] if sim.own_decks else None
        # The pack's own numbers on cards in play (counters, which area of the play zone a card is in...):
        # name -> a value per uid, copied with the game and reset to 0 when the card leaves play.
        self.marks: dict[str, list[int]] = {}
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.play: list[list[int]] = [[] for _ in range(players)]
        self.shared: list[list[int]] = [[] for _ in sim.shared_zones]
        self.unseen_zones = frozenset(ZONE_SHARED + sim.shared_zones.index(name) for name in sim.hidden_zones)
        self.temporary: list[tuple[int, Static]] = []  # (source card, static) until the pack ends them
        self.extra: Any = None  # the pack's own state: an object with copy()
        self.stack: list[StackItem] = []
        self.pool = [0] * players  # the currency a turn gives (LOE: powerstones)
        self.counters: list[dict[str, int]] = [{} for _ in range(players)]
        self.turns = [0] * players  # turns each player has started
        self.known: list[set[int]] = [set() for _ in range(players)]  # hidden cards each player has seen
        self.tallies: dict[tuple[Any, ...], int] = {}  # once-per-turn uses, damage prevented this turn...
        self.turn = 0
        self.active = 0
        self.first = 0
        self.over = False
        self.winner: int | None = None
        self.end_reason = ""
        self.rng = Rng.derived(seed, "game")
        self.listen: dict[str, int] = {}  # event type -> in-play face-up cards whose triggers listen to it
        self.reacts: dict[str, int] = {}  # event type -> cards in hands whose timing condition names it
        self.statics_cache: dict[str, list[tuple[int, Static]]] | None = None
        self.kinds_cache: dict[str, list[list[int]]] | None = None
        self.listeners_cache: dict[str, list[list[int]]] | None = None
        self.actors_cache: list[list[tuple[int, tuple[Activated, ...]]]] | None = None
        self.lethal_dirty = False
        self.pending: list[Any] = []  # triggered abilities waiting to be put on the stack
        self.events: list[Event] = []  # events waiting for their response window
        self.destroyed_turn: list[int] = []
        self.log: list[str] | None = None
        self.stats: GameStats | None = None
        self.agents: list[Agent] = []
        self.next_item = 0
        self.steps = 0  # stack items resolved this turn (the loop guard)
        self.clock = 0
        self.simulated = False  # a bot's what-if copy: no statistics, no log

    # -- copies -----------------------------------------------------------------

    def copy(self) -> Game:
        """An independent copy (a bot's what-if world): lists copied, definitions shared."""
        new = object.__new__(Game)
        new.sim = self.sim
        new.catalogue = self.catalogue
        new.options = self.options
        new.defs = list(self.defs)
        new.n = self.n
        new.place = self.place.copy()
        new.owner = self.owner.copy()
        new.controller = self.controller.copy()
        new.face_down = self.face_down.copy()
        new.damage = self.damage.copy()
        new.used = self.used.copy()
        new.attached = self.attached.copy()
        new.since = self.since.copy()
        new.deck = self.deck.copy()
        new.decks = [d.copy() for d in self.decks] if self.decks is not None else None
        new.marks = {name: values.copy() for name, values in self.marks.items()}
        new.discard = self.discard.copy()
        new.hands = [h.copy() for h in self.hands]
        new.play = [p.copy() for p in self.play]
        new.shared = [s.copy() for s in self.shared]
        new.unseen_zones = self.unseen_zones
        new.temporary = self.temporary.copy()
        new.extra = self.extra.copy() if self.extra is not None else None
        new.stack = [item.copy() for item in self.stack]
        new.pool = self.pool.copy()
        new.counters = [c.copy() for c in self.counters]
        new.turns = self.turns.copy()
        new.known = [k.copy() for k in self.known]
        new.tallies = self.tallies.copy()
        new.turn = self.turn
        new.active = self.active
        new.first = self.first
        new.over = self.over
        new.winner = self.winner
        new.end_reason = self.end_reason
        new.rng = Rng(self.rng._state)
        new.listen = self.listen.copy()
        new.reacts = self.reacts.copy()
        new.statics_cache = None
        new.kinds_cache = None
        new.listeners_cache = None
        new.actors_cache = None
        new.lethal_dirty = self.lethal_dirty
        new.pending = list(self.pending)
        new.events = list(self.events)
        new.destroyed_turn = self.destroyed_turn.copy()
        new.log = None
        new.stats = None
        new.agents = list(self.agents)
        new.next_item = self.next_item
        new.steps = self.steps
        new.clock = self.clock
        new.simulated = True
        return new

    # -- zones ------------------------------------------------------------------

    def deck_of(self, player: int) -> list[int]:
        """The deck `player` draws from: their own (`Simulator.own_decks`), else the shared one."""
        decks = self.decks
        return self.deck if decks is None or player < 0 else decks[player]

    def zone_list(self, where: int, player: int) -> list[int]:
        """The cards of zone `where` (a hand, play zone or own deck: `player`'s)."""
        if where == ZONE_DECK:
            return self.deck_of(player)
        if where == ZONE_HAND:
            return self.hands[player]
        if where == ZONE_PLAY:
            return self.play[player]
        if where == ZONE_DISCARD:
            return self.discard
        if where >= ZONE_SHARED:
            return self.shared[where - ZONE_SHARED]
        raise ValueError(f"no card list for place {where}")

    def move(self, uid: int, zone: int, player: int = -1, *, face_down: bool = False, bottom: bool = False) -> None:
        """Put a card into `zone` (a hand or play zone: `player`'s; an own deck: its owner's), keeping every
        index in step.

        A card leaving play loses its damage, fatigue and coupling; the caller
        deals with what was coupled to it (`ops.leave_play`).
        """
        old = self.place[uid]
        definition = self.defs[uid]
        if old == ZONE_PLAY:
            holder = self.controller[uid]
            self.play[holder].remove(uid)
            if self.kinds_cache is not None:
                self.kinds_cache[definition.kind][holder].remove(uid)
            if definition.activated:
                self.actors_cache = None
            if not self.face_down[uid]:
                listens = definition.listens
                if listens:
                    listen, by_type = self.listen, self.listeners_cache
                    for event_type in listens:
                        listen[event_type] = listen.get(event_type, 0) - 1
                        if by_type is not None:
                            by_type[event_type][holder].remove(uid)
                if definition.statics:
                    self.statics_cache = None
            self.damage[uid] = 0
            self.used[uid] = False
            self.attached[uid] = -1
            for values in self.marks.values():
                values[uid] = 0
        elif old == ZONE_HAND:
            self.hands[self.controller[uid]].remove(uid)
            if definition.reacts:
                self._reacting(definition.reacts, -1)
        elif old == ZONE_DECK:
            deck = self.deck if self.decks is None else self.decks[self.controller[uid]]
            if deck and deck[-1] == uid:
                deck.pop()
            else:
                deck.remove(uid)
        elif old == ZONE_DISCARD:
            self.discard.remove(uid)
        elif old >= ZONE_SHARED:
            self.shared[old - ZONE_SHARED].remove(uid)
        # ZONE_STACK and ZONE_NONE keep no list of cards (the stack holds items)
        self.clock += 1
        self.since[uid] = self.clock
        self.place[uid] = zone
        if zone in (ZONE_PLAY, ZONE_HAND):
            self.controller[uid] = player
        self.face_down[uid] = face_down
        if zone == ZONE_PLAY:
            self.play[player].append(uid)
            index = self.kinds_cache
            if index is not None:
                lists = index.get(definition.kind)
                if lists is None:
                    lists = index[definition.kind] = [[] for _ in range(self.n)]
                lists[player].append(uid)
            if definition.activated:
                self.actors_cache = None
            if not face_down:
                listens = definition.listens
                if listens:  # (the index of listeners, kept in step: cards with triggers come and go all game)
                    listen, by_type = self.listen, self.listeners_cache
                    for event_type in listens:
                        listen[event_type] = listen.get(event_type, 0) + 1
                        if by_type is not None:
                            lists = by_type.get(event_type)
                            if lists is None:
                                lists = by_type[event_type] = [[] for _ in range(self.n)]
                            lists[player].append(uid)
                if definition.statics:
                    self.statics_cache = None
        elif zone == ZONE_HAND:
            self.hands[player].append(uid)
            if definition.reacts:
                self._reacting(definition.reacts, 1)
            if old in PUBLIC_ZONES or (old >= ZONE_SHARED and old not in self.unseen_zones):
                for known in self.known:  # everyone saw where it went
                    known.add(uid)
        elif zone == ZONE_DECK:
            deck = self.deck
            if self.decks is not None:  # its owner's deck, which the owner controls
                holder = self.controller[uid] = self.owner[uid]
                deck = self.decks[holder]
            if bottom:
                deck.insert(0, uid)
            else:
                deck.append(uid)
        elif zone == ZONE_DISCARD:
            self.discard.append(uid)
        elif zone >= ZONE_SHARED:
            self.shared[zone - ZONE_SHARED].append(uid)

    def add_card(self, definition: CardDef, owner: int) -> int:
        """A card that was not in the game when it began (LOE v2: a Troop token); it is nowhere until moved."""
        uid = len(self.defs)
        self.defs.append(definition)
        for array, value in (
            (self.place, ZONE_NONE),
            (self.owner, owner),
            (self.controller, owner),
            (self.face_down, False),
            (self.damage, 0),
            (self.used, False),
            (self.attached, -1),
            (self.since, 0),
            *((values, 0) for values in self.marks.values()),
        ):
            array.append(value)
        return uid

    def discard_into_deck(self) -> None:
        """Every card of the discard pile onto the deck, in the pile's order: what `move` does to each
        (a deck refilled from the discard pile moves dozens of cards at once)."""
        place, since, face_down, deck = self.place, self.since, self.face_down, self.deck
        clock = self.clock
        for uid in self.discard:
            clock += 1
            since[uid] = clock
            place[uid] = ZONE_DECK
            face_down[uid] = False
            deck.append(uid)
        self.clock = clock
        self.discard.clear()

    def flip(self, uid: int, face_down: bool) -> None:
        """Turn a card in play face down or face up; a face-down card's abilities do nothing."""
        if self.face_down[uid] == face_down:
            return
        definition = self.defs[uid]
        self.face_down[uid] = face_down
        if self.place[uid] == ZONE_PLAY:
            if definition.activated:
                self.actors_cache = None
            self._listening(definition.listens, -1 if face_down else 1)
            if definition.statics:
                self.statics_cache = None
            self.lethal_dirty = True
        if not face_down:
            for known in self.known:
                known.add(uid)

    def _listening(self, types: frozenset[str], delta: int) -> None:
        if types:
            self.listeners_cache = None
        listen = self.listen
        for event_type in types:
            listen[event_type] = listen.get(event_type, 0) + delta

    def _reacting(self, types: frozenset[str], delta: int) -> None:
        reacts = self.reacts
        for event_type in types:
            reacts[event_type] = reacts.get(event_type, 0) + delta

    # -- continuous effects -------------------------------------------------------

    def statics(self, layer: str) -> list[tuple[int, Static]]:
        """The active statics of a layer: (source card, static), oldest card first."""
        cache = self.statics_cache
        if cache is None:
            cache = self.static_layers()
        return cache.get(layer, _NONE)

    def static_layers(self) -> dict[str, list[tuple[int, Static]]]:
        """Every layer's active statics (`statics` of each); hot paths read several layers from it at once."""
        cache = self.statics_cache
        if cache is None:
            cache = {}
            defs, face_down = self.defs, self.face_down
            for cards in self.play:
                for uid in cards:
                    if face_down[uid]:
                        continue
                    for static in defs[uid].statics:
                        cache.setdefault(static.layer, []).append((uid, static))
            for uid, static in self.temporary:
                cache.setdefault(static.layer, []).append((uid, static))
            since = self.since
            for found in cache.values():
                found.sort(key=lambda pair: since[pair[0]])
            self.statics_cache = cache
        return cache

    def listeners(self, event_type: str) -> list[list[int]]:
        """The face-up cards in play whose triggers listen to `event_type`: each player's, in play order."""
        cache = self.listeners_cache
        if cache is None:
            cache = {}
            defs, face_down, players = self.defs, self.face_down, self.n
            for player, cards in enumerate(self.play):
                for uid in cards:
                    if not face_down[uid]:
                        for kind in defs[uid].listens:
                            lists = cache.get(kind)
                            if lists is None:
                                lists = cache[kind] = [[] for _ in range(players)]
                            lists[player].append(uid)
            self.listeners_cache = cache
        return cache.get(event_type, _NO_LISTS)

    def actors(self, player: int) -> list[tuple[int, tuple[Activated, ...]]]:
        """`player`'s face-up cards in play that have activated abilities, in play order, with those abilities.

        Asked for every decision and every response window; most cards in play (LOE: Resources
        without abilities, face-down Dukes) have none, so the scan is done once per change of the board.
        """
        cache = self.actors_cache
        if cache is None:
            defs, face_down = self.defs, self.face_down
            cache = [
                [(uid, defs[uid].activated) for uid in cards if not face_down[uid] and defs[uid].activated]
                for cards in self.play
            ]
            self.actors_cache = cache
        return cache[player]

    def in_play_of_kind(self) -> dict[str, list[list[int]]]:
        """Every card in play by kind, then by player, in play order (selectors naming a kind look only there).

        Built once per game (and per what-if copy), then kept in step by `move`: cards enter
        and leave play hundreds of times a game."""
        cache = self.kinds_cache
        if cache is None:
            cache = {}
            defs, players = self.defs, self.n
            for player, cards in enumerate(self.play):
                for uid in cards:
                    lists = cache.get(defs[uid].kind)
                    if lists is None:
                        lists = cache[defs[uid].kind] = [[] for _ in range(players)]
                    lists[player].append(uid)
            self.kinds_cache = cache
        return cache

    # -- small queries --------------------------------------------------------------

    def name(self, uid: int) -> str:
        return self.defs[uid].name

    def trace(self, text: str) -> None:
        """Add a line to the game's readable log. Callers test `game.log is not None` first, so that a
        game without a log does not even build the line (they are built thousands of times a game)."""
        if self.log is not None:
            self.log.append(f"T{self.turn} P{self.active + 1}: {text}")

    def next_player(self, player: int) -> int:
        return (player + 1) % self.n


_NONE: list[tuple[int, Static]] = []
_NO_LISTS: list[list[int]] = []
