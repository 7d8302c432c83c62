"""`SoulfallSimulator`: Lords of SoulFall for the simulator, assembled from this package's modules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from carddb.games.soulfall.numbers import SCORED, points_number
from carddb.games.soulfall.sim import actions, evaluate, turns
from carddb.games.soulfall.sim.board import (
    ACTIONS,
    BESEECHED,
    FIRST_TEMPLE,
    FOLLOWERS,
    REFERENCES,
    REVEALED,
    SHARED_ZONES,
    SHELLS,
    TEMPLES,
    TRIBE_KINDS,
    count,
    opponents,
    points,
)
from carddb.games.soulfall.sim.handlers import KEPT, SOULFALL
from carddb.games.soulfall.sim.tribe import refill_deck
from carddb.pack_api import (
    ZONE_PLAY,
    CardRecord,
    Catalogue,
    DirectSimulator,
    FixedTable,
    Game,
    Matchup,
    Seat,
    Semantics,
    build_table,
    space_uses,
    taken_spaces,
)

if TYPE_CHECKING:
    from carddb.pack_api import Card, GamePack, SimOptions

KINDS = frozenset({"action", "reference", "lord", *TRIBE_KINDS})
# What each shared zone may hold: the middle keeps every card on its first side.
ZONE_KINDS = {
    ACTIONS: "action",
    REFERENCES: "reference",
    TEMPLES: "temple",
    FOLLOWERS: "follower",
    SHELLS: "shell",
    REVEALED: "lord",
}


class SoulfallSimulator(DirectSimulator):
    shared_zones = SHARED_ZONES
    seat_label = "Tribe"
    # Followers are gained, never "played"; Reference cards are never selected.
    starts_in_play = ("follower", "reference")
    report_tags = (
        ("worshipped", "Lord Worshipped at the end"),
        ("first_temple", "Lord of the first Temple raised"),
        ("beseeched_most", "Lord Beseeched most"),
        ("more_often", "Action selected more often than the opponent"),
    )

    def __init__(self, pack: GamePack) -> None:
        assert pack.language is not None
        self.pack = pack
        self.language = pack.language
        self.handlers = build_table("soulfall", KEPT, SOULFALL)
        self.semantics = Semantics(kinds=KINDS)
        # The numbers the rules read, as attributes (every decision reads some).
        self.starting_followers = self.number("starting-followers")
        self.starting_shells = self.number("starting-shells")
        self.starting_hand = self.number("starting-hand")
        self.active_actions = self.number("active-actions")
        self.other_actions = self.number("other-actions")
        self.meditate_draw = self.number("meditate-draw")
        self.meditate_discard = self.number("meditate-discard")
        self.prospect_breaks = self.number("prospect-breaks")
        self.temples_max = self.number("temples-max")
        self.temples_per_lord = self.number("temples-per-lord")
        self.shrines_to_end = self.number("shrines-to-end")
        self.agonize_losses = self.number("agonize-losses")
        self.points = {kind: self.number(points_number(kind)) for kind, _ in SCORED}

    # -- the catalogue and the table ----------------------------------------------------

    def card_record(self, card: Card) -> CardRecord:
        # Every Shell's front is called "Shell": the report names each by its Broken side too.
        back = card.back if card.kind == "shell" else None
        return CardRecord(
            id=card.id,
            name=f"{card.name} ({back.name})" if back is not None else card.name,
            kind=card.kind,
            faction=getattr(card, "lord", "") or "",
            copies=card.copies,
            text=card.text,
        )

    def fixed_table(self, cards: Sequence[Card]) -> FixedTable:
        """Every game is played with the whole box, by Tribes that differ only in who starts."""
        seats = tuple(Seat(f"Tribe {index + 1}", ()) for index in range(self.number("players-max")))
        box = tuple(card.id for card in cards for _ in range(card.copies))
        return FixedTable(seats, box, "the box")

    def new_game(self, catalogue: Catalogue, matchup: Matchup, seed: int, first: int, options: SimOptions) -> Game:
        return turns.new_game(self, catalogue, matchup, seed, first, options)

    # -- playing -----------------------------------------------------------------------------

    play_turn = staticmethod(turns.play_turn)
    perform = staticmethod(actions.perform)

    def deck_empty(self, game: Game) -> None:
        refill_deck(game)

    # -- bots and checks --------------------------------------------------------------------------

    def evaluate(self, game: Game, player: int) -> float:
        return evaluate.evaluate(game, player)

    def card_value(self, game: Game, player: int, uid: int) -> float:
        return evaluate.card_value(game, player, uid)

    def invariants(self, game: Game, end_of_turn: int | None) -> list[str]:
        problems: list[str] = []
        defs, face_down = game.defs, game.face_down
        for zone, kind in ZONE_KINDS.items():
            for uid in game.zone_list(zone, 0):
                if defs[uid].kind != kind:
                    problems.append(f"{defs[uid].id} lies in the {SHARED_ZONES[zone - ACTIONS]} zone")
        if game.zone_list(REVEALED, 0):
            problems.append("a Beseeched Lord card was left revealed")
        for pile, name in ((game.deck, "deck"), (game.discard, "discard pile"), *((h, "hand") for h in game.hands)):
            for uid in pile:
                if defs[uid].kind != "lord":
                    problems.append(f"{defs[uid].id} is in a {name}, which holds only Lord cards")
        for player in range(game.n):
            temples: dict[str, int] = {}
            for uid in game.play[player]:
                kind = defs[uid].kind
                if kind not in TRIBE_KINDS:
                    problems.append(f"P{player + 1}'s Tribe holds {defs[uid].id}, a {kind}")
                if face_down[uid] != (kind == "shell"):
                    problems.append(
                        f"{defs[uid].id} in P{player + 1}'s Tribe is {'face down' * face_down[uid] or 'face up'}"
                    )
                if kind == "temple":
                    temples[defs[uid].faction] = temples.get(defs[uid].faction, 0) + 1
            if sum(temples.values()) > self.temples_max or any(n > self.temples_per_lord for n in temples.values()):
                problems.append(f"P{player + 1} has Temples beyond the limits: {temples}")
        taken = taken_spaces(game, ACTIONS)
        if end_of_turn is not None and taken:
            problems.append(f"{len(taken)} Action cards are still face down when the turn ends")
        by_active = sum(1 for _, p in taken if p == game.active)
        if by_active > self.active_actions or len(taken) - by_active > self.other_actions * (game.n - 1):
            problems.append(f"more Actions selected this turn than the rules allow: {taken}")
        return problems

    def describe(self, game: Game, player: int) -> dict[str, Any]:
        """The seat's Tribe at the end, and the report tags: which Lords it followed, which Actions it chose."""
        pack, defs = self.pack, game.defs
        lords = [faction.name for faction in pack.factions]
        worshipped = sorted(
            {pack.faction(defs[uid].faction).name for uid in game.play[player] if defs[uid].kind == "temple"}
        )
        first = game.counters[player].get(FIRST_TEMPLE, 0)
        beseeched = {f.name: game.counters[player].get(BESEECHED + f.id, 0) for f in pack.factions}
        most = max(beseeched.values(), default=0)
        mine = space_uses(game, player)
        names = {defs[uid].id: defs[uid].name for uid in game.zone_list(ACTIONS, 0)}
        theirs = [space_uses(game, other) for other in opponents(game, player)]
        return {
            "points": points(game, player),
            "tribe_cards": sum(1 for uid in game.play[player] if game.place[uid] == ZONE_PLAY),
            **{kind.replace("-", "_"): count(game, player, kind) for kind, _ in SCORED},
            "hand": len(game.hands[player]),
            "actions": {names.get(card, card): uses for card, uses in mine.items()},
            "worshipped": worshipped or ["none"],
            "first_temple": lords[first - 1] if first else "none",
            "beseeched_most": [name for name, n in beseeched.items() if n == most] if most else ["none"],
            "more_often": [
                names.get(card, card)
                for card in sorted(names)
                if all(mine.get(card, 0) > other.get(card, 0) for other in theirs)
            ],
        }
