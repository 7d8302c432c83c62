"""`EstroSimulator`: ESTRO (seed 002) for the simulator, assembled from this package's modules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from carddb.games.estro.combat import CombatRules
from carddb.games.estro.estri import ESTRI, STATS, TOTAL
from carddb.games.estro.sim import actions, evaluate, turns
from carddb.games.estro.sim.board import FIGHTER_KINDS, SHARED_ZONES, ZONE_KIND, deck, deck_zone, fighters
from carddb.games.estro.sim.effects import EFFECTS
from carddb.games.estro.sim.gifts import answer, save_from_destruction
from carddb.games.estro.sim.statics import STATICS
from carddb.games.estro.sim.stats import ALL, values
from carddb.pack_api import (
    CORE,
    ZONE_DISCARD,
    ZONE_HAND,
    ZONE_PLAY,
    Action,
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
    StackItem,
    build_table,
)

if TYPE_CHECKING:
    from carddb.pack_api import Card, DeckView, GamePack, SimOptions

Pred = Callable[[Game, int, Ctx], bool]


def _estro(estro: str) -> Pred:
    """`Ardo cards`: of that estro, and showing it (a face-down card shows no estro)."""
    return lambda g, u, ctx: g.defs[u].faction == estro and not g.face_down[u]


def _stat_at(stat: str) -> Callable[[Postfix], Pred]:
    """`with TOT 62 or less`: the card's value now (a face-down card has none, and never matches)."""
    index = ALL.index(stat)

    def restriction(post: Postfix) -> Pred:
        assert post.amount is not None
        wanted, less = post.amount.value, post.comparison == "less"

        def test(g: Game, u: int, ctx: Ctx) -> bool:
            found = values(g, u) if g.place[u] == ZONE_PLAY else None
            if found is None:
                return False
            return found[index] <= wanted if less else found[index] >= wanted

        return test

    return restriction


def _that_gift(game: Game, ctx: Ctx) -> list[int]:
    """`that Gift`: the Gift a counter-move answers (a stack item, by id)."""
    item = ctx.event.item if ctx.event is not None else None
    return [item.id] if item is not None and item in game.stack else []


def _that_card(game: Game, ctx: Ctx) -> list[int]:
    return [ctx.event.subject] if ctx.event is not None and ctx.event.subject >= 0 else []


def _face_down_rule(adjectives: tuple[str, ...]) -> Pred | None:
    """Decision: a Gift targets a face-down card only if it names one (`target face-down card`)."""
    return None if "face-down" in adjectives else (lambda g, u, ctx: not g.face_down[u])


class EstroSimulator(Simulator):
    shared_zones = SHARED_ZONES
    seat_label = "deck"
    report_factions = True
    shared_deck = False
    reseed_imagined = True

    def __init__(self, pack: GamePack) -> None:
        assert pack.language is not None
        self.pack = pack
        self.language = pack.language
        self.handlers = build_table("estro", CORE.without("draw", "look-at-top"), EFFECTS, STATICS)
        self.semantics = Semantics(
            kinds=frozenset({*FIGHTER_KINDS, ZONE_KIND}),
            # `card` is a card with stats (a Zone card is named as such); every ability is a Gift
            groups={"card": FIGHTER_KINDS, "gift-ability": frozenset({"ability"})},
            state_adjectives={"face-down": ("face_down", True), "face-up": ("face_down", False)},
            adjectives={e.id: _estro(e.id) for e in ESTRI},
            postfixes={f"{stat}-at": _stat_at(stat) for stat in ALL},
            fixed={"that-gift": _that_gift, "that-card": _that_card},
            fixed_tests={"that-card": lambda g, x, ctx: x in _that_card(g, ctx)},
            target_rule=_face_down_rule,
        )
        # The numbers every decision reads, as attributes (no lookup by name in the hot paths).
        self.placements_per_turn = self.number("placements-per-turn")
        self.attacks_per_turn = self.number("attacks-per-turn")
        self.combat_rules = CombatRules.of(pack)

    # -- the catalogue and the table ----------------------------------------------------

    def card_record(self, card: Card) -> CardRecord:
        numbers = tuple((stat, int(getattr(card, stat))) for stat in (*STATS, TOTAL) if hasattr(card, stat))
        return CardRecord(
            id=card.id,
            name=card.name,
            kind=card.kind,
            faction=getattr(card, "estro", "") or "",
            copies=card.copies,
            text=card.text,
            numbers=numbers,
        )

    def seats_from_decks(self, decks: Sequence[DeckView]) -> tuple[list[Seat], list[DeckView]]:
        """Every chosen list (completed by its random cards in each game) and every whole deck is a seat."""
        return [Seat(d.name, tuple(d.cards), d.id) for d in decks if d.kind in ("chosen", "deck")], []

    def new_game(self, catalogue: Catalogue, matchup: Matchup, seed: int, first: int, options: SimOptions) -> Game:
        return turns.new_game(self, catalogue, matchup, seed, first, options)

    # -- playing ---------------------------------------------------------------------------

    play_turn = staticmethod(turns.play_turn)
    main_actions = staticmethod(actions.main_actions)
    perform = staticmethod(actions.perform)
    action_program = staticmethod(actions.action_program)

    def responses(self, game: Game, player: int, event: Event) -> list[Action]:
        return []  # counter-moves answer by themselves (`gifts.answer`); nothing else is played out of turn

    def on_push(self, game: Game, item: StackItem) -> None:
        answer(game, item)

    def resolve_card(self, game: Game, item: StackItem) -> None:
        game.move(item.source, ZONE_DISCARD)  # (no card of ESTRO goes on the stack: its Gift does)

    def countered(self, game: Game, item: StackItem) -> None:
        game.move(item.source, ZONE_DISCARD)

    def replace_destroy(self, game: Game, uid: int) -> bool:
        return save_from_destruction(game, uid)

    def hidden(self, game: Game, viewer: int) -> list[list[tuple[int, int]]]:
        """The opponent's hand and deck are one group (the same cards, dealt again); the viewer's deck another."""
        other = 1 - viewer
        return [[(ZONE_HAND, other), (deck_zone(other), other)], [(deck_zone(viewer), viewer)]]

    def face_down_look(self, kind: str) -> str:
        return "fighter" if kind in FIGHTER_KINDS else kind  # a face-down card shows neither Gift nor Empty

    # -- bots and checks -------------------------------------------------------------------------

    def evaluate(self, game: Game, player: int) -> float:
        return evaluate.evaluate(game, player)

    def card_value(self, game: Game, player: int, uid: int) -> float:
        return evaluate.card_value(game, player, uid)

    def invariants(self, game: Game, end_of_turn: int | None) -> list[str]:
        problems: list[str] = []
        defs = game.defs
        zones = [uid for cards in game.play for uid in cards if defs[uid].kind == ZONE_KIND]
        if len(zones) > 1:
            problems.append(f"{len(zones)} Zone cards are active")
        for player in range(game.n):
            for uid in game.play[player]:
                if game.face_down[uid] and defs[uid].kind not in FIGHTER_KINDS:
                    problems.append(f"{defs[uid].id}, a {defs[uid].kind} card, is face down")
                if end_of_turn is not None and game.controller[uid] != game.owner[uid]:
                    problems.append(f"{defs[uid].id} is still controlled by P{player + 1} after the turn")
            for uid in deck(game, player):
                if game.owner[uid] != player:
                    problems.append(f"{defs[uid].id} of P{game.owner[uid] + 1} is in P{player + 1}'s deck")
        if end_of_turn is not None:
            limit = turns.hand_limit(game, end_of_turn)
            if len(game.hands[end_of_turn]) > limit:
                problems.append(f"P{end_of_turn + 1} ends the turn with {len(game.hands[end_of_turn])} cards in hand")
            if game.tallies:
                problems.append(f"{len(game.tallies)} changes until end of turn outlast the turn")
        return problems

    def describe(self, game: Game, player: int) -> dict[str, Any]:
        field = fighters(game, player)
        found = [values(game, uid) for uid in field]
        summary: dict[str, Any] = {
            "field": len(field),
            "field_tot": sum(v[-1] for v in found if v is not None),
            "hand": len(game.hands[player]),
            "deck": len(deck(game, player)),
        }
        summary.update(sorted(game.counters[player].items()))
        return summary
