"""`Loe2Simulator`: Lords of Estraven v2 for the simulator, assembled from this package's modules."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from carddb.games.loe2.sim import actions, evaluate, mana, turns
from carddb.games.loe2.sim.board import (
    GONE,
    LEADS,
    SHARED_ZONES,
    UNITS,
    is_unit_in_play,
    leaders,
    power,
    state,
)
from carddb.games.loe2.sim.checks import invariants
from carddb.games.loe2.sim.handlers import V2
from carddb.pack_api import (
    CORE,
    ZONE_PLAY,
    CardRecord,
    Catalogue,
    Ctx,
    Event,
    Game,
    Matchup,
    Postfix,
    Seat,
    Semantics,
    Simulator,
    answer_now,
    build_table,
    emit,
    end_game,
    health,
    play_program,
)

if TYPE_CHECKING:
    from carddb.pack_api import Card, DeckView, GamePack, SimOptions

KINDS = frozenset({"leader", "troop", "spell", "reaction", "resource"})
# How a game ends, as the report says it.
HEALTH_OUT, DECK_OUT, BOTH_OUT = "0 health", "empty deck", "both lost"
RESOURCE_TYPES = frozenset({"subject", "material", "influence"})


def _your_leaders(game: Game, ctx: Ctx) -> list[int]:
    return leaders(game, ctx.controller)


def _that_unit(game: Game, ctx: Ctx) -> list[int]:
    """`that unit`: the unit of the controller's that the answered play targets, else the unit the event concerns."""
    event = ctx.event
    if event is None:
        return []
    if event.targets:
        return [
            t for t in event.targets if t >= 0 and is_unit_in_play(game, t) and game.controller[t] == ctx.controller
        ]
    return [event.subject] if event.subject >= 0 and game.defs[event.subject].kind in UNITS else []


def _attacking(game: Game, uid: int, ctx: Ctx) -> bool:
    fight = state(game).combat
    return fight is not None and uid in fight.attackers


def _blocking(game: Game, uid: int, ctx: Ctx) -> bool:
    fight = state(game).combat
    return fight is not None and fight.blocking(uid)


def _power_at(post: Postfix) -> Any:
    """`with power N or less` / `or more`."""
    assert post.amount is not None
    amount, less = post.amount.value, post.comparison == "less"
    if less:
        return lambda g, u, ctx: power(g, u) <= amount
    return lambda g, u, ctx: power(g, u) >= amount


def _troop_type(name: str) -> Any:
    return lambda g, u, ctx: g.defs[u].subtype == name


class Loe2Simulator(Simulator):
    shared_zones = SHARED_ZONES
    hidden_zones = frozenset({"resource deck"})
    own_decks = True
    instant_events = actions.INSTANT_EVENTS
    seat_label = "pair of decks"
    seat_label_plural = "pairs of decks"
    report_kinds = ("leader",)
    report_played = ("leader",)

    def __init__(self, pack: GamePack) -> None:
        assert pack.language is not None
        self.pack = pack
        self.language = pack.language
        core = {entry.name for entry in pack.language.registry if entry.core}
        # The table stays closed over the registry: the core's handlers for the core entries LOE v2 keeps.
        self.handlers = build_table("loe2", CORE.without(*(name for name in CORE.table if name not in core)), V2)
        troop_types = frozenset(t.lower() for t in pack.extras.get("troop_types", ()))
        self.semantics = Semantics(
            kinds=KINDS,
            subtypes=RESOURCE_TYPES | troop_types,
            groups={"unit": UNITS},
            fixed={"your-leader": _your_leaders, "that-unit": _that_unit},
            fixed_tests={
                "your-leader": lambda g, x, ctx: g.defs[x].kind == "leader" and g.controller[x] == ctx.controller,
                "that-unit": lambda g, x, ctx: x in _that_unit(g, ctx),
            },
            health=health,
            state_adjectives={"tapped": ("used", True), "untapped": ("used", False), "damaged": ("damage", True)},
            adjectives={"attacking": _attacking, "blocking": _blocking, **{t: _troop_type(t) for t in troop_types}},
            postfixes={"power-at": _power_at},
        )
        # The numbers decisions read, as attributes (no lookup by name in the hot paths).
        self.attacks_per_turn = self.number("attacks-per-turn")
        self.trades_per_turn = self.number("marketplace-trades-per-turn")
        self.hand_size = self.number("hand-size")

    # -- the catalogue and the table ----------------------------------------------------

    def card_record(self, card: Card) -> CardRecord:
        kind = card.kind
        numbers = [("power", getattr(card, "power", 0) or 0), ("pitch", getattr(card, "pitch", 0) or 0)]
        if kind == "leader":
            numbers.append(("resistance", card.resistance))  # type: ignore[attr-defined]
            numbers += [(LEADS + t.lower(), 1) for t in card.leads]  # type: ignore[attr-defined]
        toughness = getattr(card, "toughness", 0) if kind == "troop" else getattr(card, "health", 0)
        return CardRecord(
            id=card.id,
            name=card.name,
            kind=kind,
            subtype=card.subtype_id() or "",
            faction=getattr(card, "province", "") or "",
            cost=getattr(card, "cost", 0) or 0,
            health=toughness or 0,
            copies=card.copies,
            text=card.text,
            numbers=tuple(numbers),
        )

    def seats_from_decks(self, decks: Sequence[DeckView]) -> tuple[list[Seat], list[DeckView]]:
        """A seat is a choice of `decks-per-player` pre-constructed decks, shuffled together: every such choice of
        the project's decks; the marketplace lists are the shared decks."""
        own = [d for d in decks if d.kind == "deck"]
        seats = [
            Seat(
                " + ".join(d.name for d in chosen),
                tuple(card for d in chosen for card, copies in d.cards.items() for _ in range(copies)),
                "+".join(d.id for d in chosen),
            )
            for chosen in itertools.combinations(own, self.number("decks-per-player"))
        ]
        return seats, [d for d in decks if d.kind == "marketplace"]

    def new_game(self, catalogue: Catalogue, matchup: Matchup, seed: int, first: int, options: SimOptions) -> Game:
        return turns.new_game(self, catalogue, matchup, seed, first, options)

    # -- playing ---------------------------------------------------------------------------

    play_turn = staticmethod(turns.play_turn)
    main_actions = staticmethod(actions.main_actions)
    responses = staticmethod(actions.responses)
    perform = staticmethod(actions.perform)
    action_program = staticmethod(play_program)
    resolve_card = staticmethod(actions.resolve_card)
    countered = staticmethod(actions.countered)

    # -- rules the core asks about -------------------------------------------------------------

    def currency_available(self, game: Game, player: int) -> int:
        return mana.available(game, player)

    def pay_currency(self, game: Game, player: int, amount: int) -> None:
        mana.pay(game, player, amount)

    def damage_player(self, game: Game, player: int, amount: int) -> int:
        if amount <= 0:
            return 0
        life = state(game).life
        life[player] -= amount
        game.lethal_dirty = True
        if game.log is not None:
            game.trace(f"P{player + 1} is dealt {amount} damage ({life[player]} health)")
        return amount

    def state_checks(self, game: Game) -> None:
        """Tokens that left the battlefield leave the game; a player at 0 health or with an empty deck loses (both
        at once: a draw)."""
        st = state(game)
        place = game.place
        for uid in st.tokens:
            if place[uid] != ZONE_PLAY and place[uid] != GONE:
                game.move(uid, GONE)
        if game.over:
            return
        life, decks = st.life, game.decks
        assert decks is not None
        out = [p for p in range(game.n) if life[p] <= 0]
        decked = [p for p in range(game.n) if not decks[p] and p not in out]
        losers = out + decked
        if not losers:
            return
        if len(losers) == game.n:
            end_game(game, None, BOTH_OUT)
        winner = next(p for p in range(game.n) if p not in losers)
        end_game(game, winner, HEALTH_OUT if out else DECK_OUT)

    def replace_destroy(self, game: Game, uid: int) -> bool:
        """`When a Troop you control would be destroyed`: answered before the destruction; a unit destroyed by its
        damage that is no longer lethal afterwards (Sanctuary heals it) stays. The damage events of the unit
        still waiting for their window are answered first (Brace for Impact prevents some of that damage)."""
        reacts = game.reacts
        if not reacts.get("would-be-destroyed") and not reacts.get("dealt-damage"):
            return False
        lethal = game.damage[uid] >= health(game, uid) > 0
        waiting = [e for e in game.events if e.type == "dealt-damage" and e.subject == uid]
        for event in waiting:
            if event in game.events:  # (answering one may have opened the others' windows already)
                game.events.remove(event)
                answer_now(game, event)
        event = Event("would-be-destroyed", game.controller[uid], uid)
        emit(game, event)  # (its triggers; its window is opened now, not later)
        if event in game.events:
            game.events.remove(event)
        answer_now(game, event)
        if game.place[uid] != ZONE_PLAY:
            return True  # gone another way meanwhile: nothing is left to destroy
        return lethal and game.damage[uid] < health(game, uid)

    # -- bots and checks -------------------------------------------------------------------------

    def evaluate(self, game: Game, player: int) -> float:
        return evaluate.evaluate(game, player)

    def card_value(self, game: Game, player: int, uid: int) -> float:
        return evaluate.card_value(game, player, uid)

    def invariants(self, game: Game, end_of_turn: int | None) -> list[str]:
        return invariants(game, end_of_turn)

    def describe(self, game: Game, player: int) -> dict[str, Any]:
        defs = game.defs
        return {
            "health": state(game).life[player],
            "deck": len(game.deck_of(player)),
            "leaders": sum(1 for uid in game.play[player] if defs[uid].kind == "leader"),
            "troops": sum(1 for uid in game.play[player] if defs[uid].kind == "troop"),
            "mana": game.pool[player],
        }
