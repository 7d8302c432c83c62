"""`ShardsSimulator`: Shards of the Empire (seed 003) for the simulator, assembled from this package's modules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from carddb.games.shards.sim import actions, board, evaluate, rules, turns
from carddb.games.shards.sim.board import (
    ATTACKING,
    BLOCKING,
    DEVELOPMENT,
    FRESH,
    LINGERING,
    SHARED_ZONES,
    TERRITORY,
    keyword,
    offence,
)
from carddb.games.shards.sim.effects import COSTS, EFFECTS
from carddb.games.shards.sim.statics import EVENTS_AND_CONDITIONS, KEYWORDS, STATICS
from carddb.pack_api import (
    CORE,
    CardRecord,
    Catalogue,
    Ctx,
    Game,
    Matchup,
    Postfix,
    Seat,
    Semantics,
    Simulator,
    build_table,
    health,
)

if TYPE_CHECKING:
    from carddb.pack_api import Card, DeckView, GamePack, SimOptions

KINDS = frozenset({"unit", "building", "policy", "tactic", "sorcery", "miracle", "territory"})
GROUPS = {"kingdom-card": board.KINGDOM, "event": board.EVENTS}


def _attacking(game: Game, uid: int, ctx: Ctx) -> bool:
    return bool(game.marks[ATTACKING][uid]) and not game.used[uid]


def _defending(game: Game, uid: int, ctx: Ctx) -> bool:
    return bool(game.marks[BLOCKING][uid])


def _offence_at(post: Postfix) -> Callable[[Game, int, Ctx], bool]:
    assert post.amount is not None
    wanted = post.amount.value
    if post.comparison == "less":
        return lambda g, u, ctx: offence(g, u) <= wanted
    return lambda g, u, ctx: offence(g, u) >= wanted


def _in_this_territory(post: Postfix) -> Callable[[Game, int, Ctx], bool]:
    """`Units in this Territory`: in the Territory of the card the ability is on (a Territory card: its own)."""

    def test(g: Game, u: int, ctx: Ctx) -> bool:
        marks = g.marks[TERRITORY]
        return ctx.source >= 0 and marks[u] != 0 and marks[u] == marks[ctx.source]

    return test


class ShardsSimulator(Simulator):
    shared_zones = SHARED_ZONES
    own_decks = True
    instant_events = actions.INSTANT_EVENTS
    seat_label = "deck"
    report_factions = True

    def __init__(self, pack: GamePack) -> None:
        assert pack.language is not None
        self.pack = pack
        self.language = pack.language
        self.handlers = build_table("shards", CORE, COSTS, EFFECTS, STATICS, EVENTS_AND_CONDITIONS, KEYWORDS)
        self.semantics = Semantics(
            kinds=KINDS,
            groups=GROUPS,
            state_adjectives={"exhausted": ("used", True), "damaged": ("damage", True)},
            adjectives={"attacking": _attacking, "defending": _defending},
            postfixes={"offence-at": _offence_at, "in-this-territory": _in_this_territory},
            health=health,
        )
        # The numbers the hot paths read, as attributes.
        self.starting_kept = self.number("starting-kept")
        self.starting_chosen = self.number("starting-chosen")
        self.starting_cost_max = self.number("starting-cost-max")
        self.scrap_cards_max = self.number("scrap-cards-max")
        self.scraps_per_turn = self.number("scraps-per-turn")
        self.trade_cost = self.number("trade-cost")
        self.attacks_per_territory = self.number("attacks-per-territory")
        self.develop_base_cost = self.number("develop-base-cost")
        self.develop_step = self.number("develop-step")
        self.research_draw = self.number("research-draw")
        self.prosperity = self.number("prosperity-counters")
        self.attrition_expend = self.number("attrition-expend")
        self.pillage_gain = self.number("pillage-gain")

    # -- the catalogue and the table ---------------------------------------------------------

    def card_record(self, card: Card) -> CardRecord:
        cost = getattr(card, "cost", None)
        amounts = cost.amounts() if cost is not None else {}
        stats: list[tuple[str, int]] = []
        if getattr(card, "offence", None) is not None:
            stats.append(("offence", card.offence))  # type: ignore[attr-defined]
        scrap = getattr(card, "scrap", None)
        if scrap is not None:
            stats += [(f"scrap:{kind}", n) for kind, n in scrap.amounts().items()]
        return CardRecord(
            id=card.id,
            name=card.name,
            kind=card.kind,
            faction=getattr(card, "faction", "") or "",
            cost=amounts.get("basic", 0),
            cost_resources=tuple((k, n) for k, n in amounts.items() if k != "basic"),
            health=getattr(card, "health", None) or getattr(card, "defence", None) or 0,
            copies=card.copies,
            text=card.text,
            numbers=tuple(stats),
        )

    def seats_from_decks(self, decks: Sequence[DeckView]) -> tuple[list[Seat], list[DeckView]]:
        """Every deck list is a seat: each player brings their own deck; nothing is shared."""
        return [Seat(d.name, tuple(c for c, n in d.cards.items() for _ in range(n)), d.id) for d in decks], []

    def new_game(self, catalogue: Catalogue, matchup: Matchup, seed: int, first: int, options: SimOptions) -> Game:
        return turns.new_game(self, catalogue, matchup, seed, first, options)

    play_turn = staticmethod(turns.play_turn)
    main_actions = staticmethod(actions.main_actions)
    responses = staticmethod(actions.responses)
    perform = staticmethod(actions.perform)
    action_program = staticmethod(actions.action_program)
    resolve_card = staticmethod(actions.resolve_card)
    countered = staticmethod(actions.countered)
    state_checks = staticmethod(rules.state_checks)

    # -- rules the core asks about ---------------------------------------------------------------

    def prevent_damage(self, game: Game, uid: int, amount: int) -> int:
        """Damage Reduction X: each instance of damage dealt to the card is X smaller."""
        return amount - keyword(game, uid, "damage-reduction")

    def draw_from_empty(self, game: Game, player: int) -> None:
        """Attrition: instead of drawing, expend a resource of any type (the most plentiful); unable, you lose."""
        from carddb.pack_api import end_game

        kinds = ("basic", *board.ADVANCED)
        have = max(kinds, key=lambda kind: board.amount(game, player, kind))
        if board.amount(game, player, have) >= self.attrition_expend:
            board.lose(game, player, have, self.attrition_expend)
            if game.log is not None:
                game.trace(f"P{player + 1} draws from an empty deck and expends a {have} resource (Attrition)")
            return
        end_game(game, next(p for p in range(game.n) if p != player), "attrition")

    # -- bots and checks ---------------------------------------------------------------------------

    def evaluate(self, game: Game, player: int) -> float:
        return evaluate.evaluate(game, player)

    def card_value(self, game: Game, player: int, uid: int) -> float:
        return evaluate.card_value(game, player, uid)

    def invariants(self, game: Game, end_of_turn: int | None) -> list[str]:
        problems: list[str] = []
        defs, marks = game.defs, game.marks
        for player in range(game.n):
            for kind in board.ADVANCED:
                if game.counters[player].get(kind, 0) < 0:
                    problems.append(f"P{player + 1} has {game.counters[player][kind]} {kind}")
            existing = set(board.territories(game, player))
            for uid in game.play[player]:
                kind, name = defs[uid].kind, defs[uid].id
                if kind in ("unit", "building", "territory") and marks[TERRITORY][uid] not in existing:
                    problems.append(f"{name} is in play in no Territory of P{player + 1}")
                if kind == "policy" and marks[TERRITORY][uid]:
                    problems.append(f"the Policy {name} is in a Territory")
                if kind in board.EVENTS and not marks[LINGERING][uid]:
                    problems.append(f"the Event {name} is in play")
                if marks[FRESH][uid] and kind != "unit":
                    problems.append(f"{name}, a {kind}, is marked as just recruited")
                if marks[ATTACKING][uid] or marks[BLOCKING][uid]:
                    problems.append(f"{name} is still in a combat between actions")
                if marks[DEVELOPMENT][uid] < 0:
                    problems.append(f"{name} has {marks[DEVELOPMENT][uid]} development counters")
            beaten = not board.buildings(game, player) and not game.counters[player].get("grace")
            if beaten and not game.over and game.counters[0].get("started"):
                problems.append(f"P{player + 1} has no Building and the game goes on (Domination)")
        if end_of_turn is not None:
            limit = turns.hand_limit(game, end_of_turn)
            if len(game.hands[end_of_turn]) > limit:
                problems.append(f"P{end_of_turn + 1} ends the turn with {len(game.hands[end_of_turn])} cards in hand")
        return problems

    def describe(self, game: Game, player: int) -> dict[str, Any]:
        development = game.marks[DEVELOPMENT]
        return {
            "buildings": len(board.buildings(game, player)),
            "units": len(board.of_kind(game, player, "unit")),
            "territories": len(board.territories(game, player)),
            "development": board.development(game, player),
            "grand_counters": max((development[u] for u in game.play[player] if keyword(game, u, "grand")), default=0),
            "resources": game.pool[player],
            "advanced": board.advanced_total(game, player),
            "scrapped": len(board.scrap_pile(game, player)),
            "deck": len(game.deck_of(player)),
        }
