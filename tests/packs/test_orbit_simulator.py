"""The third-party fixture's simulator (tests/fixtures/orbit_pack/orbit_pack/sim.py), game by hand-laid game.

Orbit's simulator writes only its rules; the kit's defaults give it the rest. These tests check
both: each example sentence of Orbit's registry executes through Orbit's own `perform` and
claims, its rules do what the starter's rulebook says, and the defaults read the pack's
declaration (the card records, the handler table) as a pack author would expect.
The playtest itself, through the command line, is in test_third_party_pack.py.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml
from pydantic import TypeAdapter

from carddb.sim.agents import RandomBot
from carddb.sim.cards import CardRecord, compile_catalogue
from carddb.sim.core_handlers import CORE
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, Game, GameOver
from carddb.sim.handlers import HandlerSet, handler_table
from carddb.sim.invariants import checkpoint
from carddb.sim.options import SimOptions
from carddb.sim.records import GameStats
from carddb.sim.simulator import Matchup, Seat, Simulator, deck_order
from carddb.sim.turns import begin_turn

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "orbit_pack"
sys.path.insert(0, str(FIXTURE))  # the fixture's package, as an installed distribution would put it

from orbit_pack import PACK  # noqa: E402
from orbit_pack.sim import ORBIT, OrbitSimulator, beacons, thrust  # noqa: E402

SIM = OrbitSimulator(PACK)
CARDS_FILE = FIXTURE / "orbit_pack" / "starter" / "data" / "orbit" / "cards" / "cards.yaml"
CARDS = [TypeAdapter(PACK.card_schema).validate_python(item) for item in yaml.safe_load(CARDS_FILE.read_text())]
# A card for each example sentence no starter card prints: (id, kind, text).
EXAMPLES = (
    ("both-draw", "maneuver", "Each player draws 2 cards."),
    ("strafe", "maneuver", "Deal 2 damage to target Pilot."),
    ("jammer", "maneuver", "Destroy target Beacon."),
    ("watcher", "pilot", "When an opponent plays a Maneuver, draw a card."),
)


class Table:
    """A game of Orbit laid out by the test: four copies of every card start in the deck, the test puts
    the ones it needs where it wants them, and random bots answer any choice left."""

    def __init__(self) -> None:
        extra = [CardRecord(id=i, name=i, kind=kind, text=text) for i, kind, text in EXAMPLES]
        self.catalogue = compile_catalogue([*(SIM.card_record(card) for card in CARDS), *extra], SIM)
        defs = [definition for definition in self.catalogue.defs for _ in range(4)]
        self.g = Game(SIM, self.catalogue, defs, [-1] * len(defs), 2, 1, SimOptions(check_invariants=True))
        for uid in range(len(defs)):
            self.g.move(uid, ZONE_DECK)
        self.g.agents = [RandomBot(1), RandomBot(2)]
        self.g.stats = GameStats(2)

    def put(self, card_id: str, zone: int, player: int = -1) -> int:
        uid = next(u for u in self.g.deck if self.g.defs[u].id == card_id)
        self.g.move(uid, zone, player)
        return uid

    def play(self, player: int, uid: int) -> None:
        SIM.perform(self.g, player, Action("play", uid))
        checkpoint(self.g)


def test_the_engine_doc_quotes_the_simulator_as_it_is() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "engine.md").read_text(encoding="utf-8")
    section = doc[doc.index("## A minimal simulator: Orbit") : doc.index("## The rules of seed 000")]
    quoted = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    source = (FIXTURE / "orbit_pack" / "sim.py").read_text(encoding="utf-8")
    assert len(quoted) == 2 and all(block in source for block in quoted)


def test_every_card_and_example_compiles_and_every_registry_entry_has_exactly_its_handler() -> None:
    assert {d.id: d.problems for d in Table().catalogue.defs if d.problems} == {}
    registry = PACK.language.registry
    assert SIM.handlers.missing(registry) == []
    # the core's handlers of the five core entries Orbit keeps, and its own: no handler without an entry
    assert set(SIM.handlers.handlers) == {entry.name for entry in registry}
    assert SIM.handlers["draw"] is CORE.table["draw"]


def test_a_pack_handler_for_a_core_entry_keeps_the_pack_meaning() -> None:
    own = HandlerSet()
    own("draw")(lambda phrase, compiler: None)
    table = handler_table(PACK.language.registry, own)
    assert table["draw"] is own.table["draw"] and table["destroy"] is CORE.table["destroy"]


def test_the_default_card_record_reads_the_pack_declaration() -> None:
    records = {card.id: SIM.card_record(card) for card in CARDS}
    vega, slingshot, beacon = records["vega-ace"], records["slingshot"], records["relay-beacon"]
    # cost from `CostInfo(field="fuel")`, faction from `faction_field="house"`, stats as numbers, armor as health
    assert (vega.cost, vega.faction, vega.health, vega.copies) == (3, "helios", 2, 1)
    assert vega.numbers == (("thrust", 4), ("armor", 2), ("crew", 3))
    assert (slingshot.cost, slingshot.faction, slingshot.copies, slingshot.numbers) == (1, "nyx", 2, ())
    assert (beacon.cost, beacon.faction, beacon.health, beacon.text) == (0, "", 0, "Draw a card.")


def test_the_default_set_up_shuffles_the_shared_deck_and_places_each_seat_s_cards() -> None:
    catalogue = Table().catalogue
    matchup = Matchup((Seat("A", ("vega-ace",)), Seat("B", ())), ("slingshot",) * 3 + ("relay-beacon",) * 3)
    game = Simulator.new_game(SIM, catalogue, matchup, 7, 1, SimOptions())
    assert (game.first, game.active) == (1, 1)
    assert [game.defs[uid].id for uid in game.play[0]] == ["vega-ace"] and game.play[1] == []
    assert [game.defs[uid].id for uid in game.deck] == [catalogue[c].id for c in deck_order(matchup, 7)]

    class OwnDecks(OrbitSimulator):
        own_decks = True

    own = OwnDecks(PACK)
    seats = (Seat("A", ("vega-ace", "slingshot", "relay-beacon")), Seat("B", ("slingshot",)))
    game = Simulator.new_game(own, catalogue, Matchup(seats, ()), 7, 0, SimOptions())
    assert game.decks is not None and sorted(game.defs[uid].id for uid in game.decks[0]) == sorted(seats[0].cards)
    assert [game.defs[uid].id for uid in game.decks[1]] == ["slingshot"] and game.deck == []
    with pytest.raises(ValueError, match="own decks was given a shared deck"):
        Simulator.new_game(own, catalogue, Matchup(seats, ("slingshot",)), 7, 0, SimOptions())


# -- every example sentence of the registry, executing -------------------------------------------


def test_gain_fuel() -> None:  # "Gain 2 fuel."
    t = Table()
    t.g.pool[0] = 1
    slingshot = t.put("slingshot", ZONE_HAND, 0)
    assert [a.uid for a in SIM.plays(t.g, 0)] == [slingshot]
    t.play(0, slingshot)
    assert t.g.pool[0] == 2 and t.g.place[slingshot] == ZONE_DISCARD  # paid 1, gained 2; a Maneuver is discarded


def test_draw_and_each_player_draws() -> None:  # "Draw a card." (claimed), "Each player draws 2 cards."
    t = Table()
    t.put("vega-ace", ZONE_PLAY, 0)
    beacon = t.put("relay-beacon", ORBIT)
    SIM.claim(t.g, 0)
    assert t.g.place[beacon] == ZONE_PLAY and t.g.controller[beacon] == 0 and len(t.g.hands[0]) == 1
    t.play(0, t.put("both-draw", ZONE_HAND, 0))
    assert [len(hand) for hand in t.g.hands] == [3, 2]


def test_when_you_play_this_card() -> None:  # "When you play this card, draw a card."
    t = Table()
    t.g.pool[0] = 3
    vega = t.put("vega-ace", ZONE_HAND, 0)
    deck = len(t.g.deck)
    t.play(0, vega)
    assert t.g.place[vega] == ZONE_PLAY and len(t.g.hands[0]) == 1 and len(t.g.deck) == deck - 1
    assert t.g.pool[0] == 0 and thrust(t.g, 0) == 4


def test_when_an_opponent_plays_a_maneuver() -> None:  # "When an opponent plays a Maneuver, draw a card."
    t = Table()
    t.put("watcher", ZONE_PLAY, 1)
    t.g.pool = [5, 5]
    t.play(0, t.put("slingshot", ZONE_HAND, 0))
    assert len(t.g.hands[1]) == 1  # a card in play heard the event, without a stack
    t.play(1, t.put("slingshot", ZONE_HAND, 1))
    assert len(t.g.hands[1]) == 1  # its controller's own Maneuver: no draw
    t.g.pool[0] = 5
    t.play(0, t.put("vega-ace", ZONE_HAND, 0))
    assert len(t.g.hands[1]) == 1  # a Pilot is not a Maneuver


def test_deal_damage_destroys_a_pilot_at_its_armor() -> None:  # "Deal 2 damage to target Pilot."
    t = Table()
    vega = t.put("vega-ace", ZONE_PLAY, 1)
    strafe = t.put("strafe", ZONE_HAND, 0)
    t.play(0, strafe)
    assert t.g.place[vega] == ZONE_DISCARD and t.g.damage[vega] == 0 and thrust(t.g, 1) == 0
    # with no Pilot to target, the Maneuver is not offered
    assert SIM.plays(t.g, 0) == [] and t.put("strafe", ZONE_HAND, 0) >= 0 and SIM.plays(t.g, 0) == []


def test_destroy_a_claimed_beacon() -> None:  # "Destroy target Beacon."
    t = Table()
    beacon = t.put("relay-beacon", ZONE_PLAY, 1)
    assert beacons(t.g, 1) == 1
    t.play(0, t.put("jammer", ZONE_HAND, 0))
    assert t.g.place[beacon] == ZONE_DISCARD and beacons(t.g, 1) == 0


# -- the rules of the starter's rulebook ----------------------------------------------------------


def test_only_more_thrust_than_each_opponent_claims_and_the_third_beacon_wins() -> None:
    t = Table()
    t.put("vega-ace", ZONE_PLAY, 0)
    t.put("vega-ace", ZONE_PLAY, 1)
    t.play(0, t.put("relay-beacon", ZONE_HAND, 0))  # a Beacon costs nothing and waits in orbit
    SIM.claim(t.g, 0)
    assert beacons(t.g, 0) == 0 and len(t.g.shared[0]) == 1  # 4 thrust against 4: no claim
    t.put("vega-ace", ZONE_PLAY, 0)
    t.put("relay-beacon", ZONE_PLAY, 0)
    t.put("relay-beacon", ORBIT)
    with pytest.raises(GameOver):
        SIM.claim(t.g, 0)
    assert (t.g.winner, t.g.end_reason, beacons(t.g, 0)) == (0, "beacons", 3)


@pytest.mark.parametrize(
    ("laid", "winner"),
    [
        ({0: ["relay-beacon"], 1: ["vega-ace", "vega-ace"]}, 0),  # the most Beacons
        ({0: ["relay-beacon"], 1: ["relay-beacon", "vega-ace"]}, 1),  # tied: the most thrust
        ({0: ["relay-beacon", "vega-ace"], 1: ["relay-beacon", "vega-ace"]}, None),  # still tied: no one
    ],
)
def test_drawing_from_the_empty_deck_ends_the_game(laid: dict[int, list[str]], winner: int | None) -> None:
    t = Table()
    for player, ids in laid.items():
        for card_id in ids:
            t.put(card_id, ZONE_PLAY, player)
    for uid in list(t.g.deck):
        t.g.move(uid, ZONE_DISCARD)
    with pytest.raises(GameOver):
        SIM.play_turn(t.g)
    assert (t.g.winner, t.g.end_reason) == (winner, "the deck ran out")


def test_a_turn_gains_fuel_draws_and_offers_each_different_affordable_card_once() -> None:
    t = Table()
    for card_id in ("slingshot", "slingshot", "vega-ace", "relay-beacon"):
        t.put(card_id, ZONE_HAND, 0)
    assert [a.label for a in SIM.plays(t.g, 0)] == ["Relay Beacon"]  # no fuel: only what costs none
    t.g.pool[0] = 1
    assert sorted(a.label for a in SIM.plays(t.g, 0)) == ["Relay Beacon", "Slingshot"]  # one Slingshot, once
    t.g.pool[0] = 3
    assert sorted(a.label for a in SIM.plays(t.g, 0)) == ["Relay Beacon", "Slingshot", "Vega, Sunward Ace"]
    t.g.pool[0] = 0
    t.g.agents = [PassingBot(), PassingBot()]
    SIM.play_turn(t.g)
    assert (t.g.pool[0], len(t.g.hands[0]), t.g.active, t.g.turns) == (2, 5, 1, [1, 0])


class PassingBot(RandomBot):
    def __init__(self) -> None:
        super().__init__(0)

    def act(self, game: Game, player: int, options: object, reason: str) -> Action:
        return options[0]  # type: ignore[index,no-any-return]  # always pass


def test_the_turn_cap_ends_the_game_as_a_draw() -> None:
    t = Table()
    t.g.turns[0] = t.g.options.max_rounds
    with pytest.raises(GameOver):
        begin_turn(t.g, t.g.active)
    assert (t.g.over, t.g.winner, t.g.end_reason, t.g.turn) == (True, None, "turn cap", 0)
