"""`LoeSimulator`: Lords of Estraven v1 for the simulator, assembled from this package's modules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from carddb.games.loe.sim import actions, evaluate, turns
from carddb.games.loe.sim.board import MARKET, SHARED_ZONES, lords, victory_card
from carddb.games.loe.sim.costs import COSTS
from carddb.games.loe.sim.effects import EFFECTS
from carddb.games.loe.sim.keywords import KEYWORDS, keyword
from carddb.games.loe.sim.market import market_size
from carddb.games.loe.sim.statics import STATICS
from carddb.games.loe.sim.turns import hand_limit
from carddb.pack_api import (
    CORE,
    ZONE_PLAY,
    CardRecord,
    Catalogue,
    Ctx,
    Game,
    Matchup,
    Postfix,
    Program,
    Seat,
    Selector,
    SelectorCompiler,
    Semantics,
    Simulator,
    StackItem,
    TargetSlot,
    build_table,
    confirm,
    counter,
    destroy,
    health,
    it_cards,
    remove_damage,
    shuffle_discard_into_deck,
)

if TYPE_CHECKING:
    from carddb.pack_api import Card, DeckView, GamePack, SimOptions

KINDS = frozenset({"lord", "duke", "victory", "resource", "spell", "reaction", "item", "ritual"})
SUBTYPES = frozenset({"subject", "material", "influence", "artifact", "gear", "class", "boon"})
CHARACTERS = frozenset({"lord", "duke"})


def _coupled(game: Game, ctx: Ctx) -> list[int]:
    target = game.attached[ctx.source] if ctx.source >= 0 else -1
    return [target] if target >= 0 and game.place[target] == ZONE_PLAY else []


def _your_lord(game: Game, ctx: Ctx) -> list[int]:
    return lords(game, ctx.controller)


def _coupled_to_it(post: Postfix) -> Callable[[Game, int, Ctx], bool]:
    """`Items coupled to it`: coupled to what the ability named last, or to the card its event concerns."""
    return lambda g, u, ctx: g.attached[u] >= 0 and g.attached[u] in it_cards(g, ctx)


def _exposed(game: Game, uid: int, ctx: Ctx) -> bool:
    """Face-down cards cannot be targeted, unless a static (`Face-down Dukes can be targeted`) exposes them."""
    if not game.face_down[uid]:
        return True
    found = (game.statics_cache or game.static_layers()).get("expose")  # (`statics`, without the call)
    return bool(found) and any(static.applies(game, source, uid) for source, static in found)


def _face_down_rule(adjectives: tuple[str, ...]) -> Callable[[Game, int, Ctx], bool] | None:
    """A selector that names face-down cards (`target face-down Duke`) may target them: the card allows it."""
    return None if "face-down" in adjectives else _exposed


class LoeSimulator(Simulator):
    shared_zones = SHARED_ZONES
    instant_events = actions.INSTANT_EVENTS
    seat_label = "council"
    report_kinds = ("lord", "victory")
    starts_in_play = ("lord",)

    def __init__(self, pack: GamePack) -> None:
        assert pack.language is not None
        self.pack = pack
        self.language = pack.language
        self.handlers = build_table("loe", CORE, COSTS, EFFECTS, STATICS, KEYWORDS)
        self.semantics = Semantics(
            kinds=KINDS,
            subtypes=SUBTYPES,
            groups={"character": CHARACTERS},
            zone_postfixes={"in-market": MARKET},
            state_adjectives={
                "face-down": ("face_down", True),
                "face-up": ("face_down", False),
                "damaged": ("damage", True),
                "fatigued": ("used", True),
            },
            postfixes={"coupled-to-it": _coupled_to_it},
            fixed={"coupled-character": _coupled, "your-lord": _your_lord},
            fixed_tests={
                "coupled-character": lambda g, x, ctx: ctx.source >= 0 and g.attached[ctx.source] == x,
                "your-lord": lambda g, x, ctx: g.defs[x].kind == "lord" and g.controller[x] == ctx.controller,
            },
            health=health,
            target_rule=_face_down_rule,
        )
        # Playing an Item: it is coupled to a face-up character you control, chosen like a target.
        node = Selector("target", "character", ("face-up",), (Postfix("you-control"),))
        sel = SelectorCompiler(self.semantics).compile(node, "card", ZONE_PLAY, 0, "help")
        self.coupling = Program((), (TargetSlot(0, sel),), "couple to a character you control")
        # The numbers every decision reads, as attributes (no lookup by name in the hot paths).
        self.resources_per_turn = self.number("resources-per-turn")
        self.market_trades_per_turn = self.number("market-trades-per-turn")
        self.market_trade_cost = self.number("market-trade-cost")
        self.victory_first_cost = self.number("victory-first-cost")
        self.victory_cost_step = self.number("victory-cost-step")

    # -- the catalogue and the table ----------------------------------------------------

    def card_record(self, card: Card) -> CardRecord:
        cost = getattr(card, "cost", None)
        return CardRecord(
            id=card.id,
            name=card.name,
            kind=card.kind,
            subtype=card.subtype_id() or "",
            faction=getattr(card, "province", "") or "",
            cost=cost.powerstones if cost is not None else 0,
            cost_resources=tuple(cost.resources().items()) if cost is not None else (),
            health=getattr(card, "health", 0) or 0,
            copies=card.copies,
            text=card.text,
        )

    def seats_from_decks(self, decks: Sequence[DeckView]) -> tuple[list[Seat], list[DeckView]]:
        seats = [Seat(d.name, tuple(d.cards), d.id) for d in decks if d.kind == "council"]
        shared = [d for d in decks if d.kind == "shared-deck"]
        return seats, shared

    def seats_from_draft(self, log: dict[str, Any]) -> tuple[list[Seat], list[str]] | None:
        """A Full Draft's councils (each seat's picks and Victory card) and its shared deck."""
        councils, deck = log.get("councils"), log.get("shared_deck")
        if not isinstance(councils, list) or not isinstance(deck, list):
            return None
        seats = [
            Seat(
                str(council.get("name", f"Seat {index + 1}")),
                tuple(str(c) for c in (*council.get("cards", []), council.get("victory")) if c),
            )
            for index, council in enumerate(councils)
        ]
        return seats, [str(c) for c in deck]

    def new_game(self, catalogue: Catalogue, matchup: Matchup, seed: int, first: int, options: SimOptions) -> Game:
        return turns.new_game(self, catalogue, matchup, seed, first, options)

    # -- playing ---------------------------------------------------------------------------
    # The modules' functions themselves (no method in between: they are called for every
    # turn, decision, response window and resolution).

    play_turn = staticmethod(turns.play_turn)
    main_actions = staticmethod(actions.main_actions)
    responses = staticmethod(actions.responses)
    perform = staticmethod(actions.perform)
    action_program = staticmethod(actions.action_program)
    resolve_card = staticmethod(actions.resolve_card)
    countered = staticmethod(actions.countered)

    def on_push(self, game: Game, item: StackItem) -> None:
        """Ward N: targeting an opponent's Ward card costs N powerstones, or the Spell or ability is countered."""
        if item.program is None:
            return
        for slot in item.program.targets:
            uid = item.ctx.targets[slot.index] if slot.index < len(item.ctx.targets) else -1
            if slot.selector.domain != "card" or uid < 0 or game.controller[uid] == item.controller:
                continue
            price = keyword(game, uid, "ward")
            if not price:
                continue
            payer = item.controller
            if game.pool[payer] >= price and confirm(game, payer, f"pay {price} for Ward"):
                game.pool[payer] -= price
                if game.log is not None:
                    game.trace(f"P{payer + 1} pays {price} for {game.name(uid)}'s Ward")
            else:
                counter(game, item)
                return

    # -- rules the core asks about -------------------------------------------------------------

    def prevent_damage(self, game: Game, uid: int, amount: int) -> int:
        armor = keyword(game, uid, "armor")
        if not armor:
            return amount
        key = ("armor", uid)
        used = game.tallies.get(key, 0)
        prevented = min(amount, armor - used)
        if prevented > 0:
            game.tallies[key] = used + prevented
            if game.log is not None:
                game.trace(f"{game.name(uid)}'s Armor prevents {prevented} damage")
        return amount - max(prevented, 0)

    def replace_destroy(self, game: Game, uid: int) -> bool:
        """Loyal: an Item coupled to the character is destroyed instead, and the character's damage is removed."""
        for other in game.play[game.controller[uid]]:
            if game.attached[other] == uid and keyword(game, other, "loyal"):
                if game.log is not None:
                    game.trace(f"{game.name(other)} is destroyed instead of {game.name(uid)} (Loyal)")
                destroy(game, other)
                remove_damage(game, uid, None)
                game.lethal_dirty = True
                return True
        return False

    def can_look(self, game: Game, player: int, uid: int) -> bool:
        return not (game.face_down[uid] and game.controller[uid] != player and keyword(game, uid, "hidden"))

    def deck_empty(self, game: Game) -> None:
        """Deck Depletion: the discard pile is shuffled to make a new deck."""
        if game.discard:
            if game.log is not None:
                game.trace("the deck is empty: the discard pile is shuffled into a new deck")
            shuffle_discard_into_deck(game)

    # -- bots and checks -------------------------------------------------------------------------

    def evaluate(self, game: Game, player: int) -> float:
        return evaluate.evaluate(game, player)

    def card_value(self, game: Game, player: int, uid: int) -> float:
        return evaluate.card_value(game, player, uid)

    def invariants(self, game: Game, end_of_turn: int | None) -> list[str]:
        problems: list[str] = []
        defs = game.defs
        kept_max = self.number("powerstones-kept")
        for player in range(game.n):
            ledger = game.counters[player]
            kept, received, gained = ledger.get("kept", 0), ledger.get("received", 0), ledger.get("gained", 0)
            if game.pool[player] > kept + received + gained:
                problems.append(
                    f"P{player + 1} has {game.pool[player]} powerstones, more than kept {kept} + received {received} "
                    f"+ gained {gained}"
                )
            if kept > max(kept_max, self.number("powerstones-start")) or received > self.number("powerstones-max"):
                problems.append(f"P{player + 1} kept {kept} or received {received} powerstones, beyond the rules")
            uid = victory_card(game, player)
            if uid < 0 or game.place[uid] != ZONE_PLAY:
                problems.append(f"P{player + 1}'s Victory card is not in their play zone between actions")
        if end_of_turn is not None and len(game.hands[end_of_turn]) > hand_limit(game, end_of_turn):
            problems.append(f"P{end_of_turn + 1} ends the turn with {len(game.hands[end_of_turn])} cards in hand")
        if len(game.shared[0]) > market_size(game):
            problems.append(f"the market holds {len(game.shared[0])} cards")
        for cards in game.play:
            for uid in cards:
                kind = defs[uid].kind
                if game.face_down[uid] and kind not in ("duke", "victory"):
                    problems.append(f"{defs[uid].id}, a {kind}, is face down")
                target = game.attached[uid]
                if kind == "item" and (target < 0 or defs[target].kind not in CHARACTERS):
                    problems.append(f"the Item {defs[uid].id} is in play but coupled to no character")
                if kind != "item" and target >= 0:
                    problems.append(f"{defs[uid].id}, a {kind}, is coupled to something")
        return problems

    def describe(self, game: Game, player: int) -> dict[str, Any]:
        found = lords(game, player)
        lord_health = health(game, found[0]) - game.damage[found[0]] if found else 0
        defs = game.defs
        return {
            "lord_health": lord_health,
            "attempts": game.counters[player].get("attempts", 0),
            "resources": sum(1 for uid in game.play[player] if defs[uid].kind == "resource"),
            "dukes_face_up": sum(
                1 for uid in game.play[player] if defs[uid].kind == "duke" and not game.face_down[uid]
            ),
        }
