"""Seed 002's rules as the engine plays them: the turn, the first player's sixth card, the discard to five,
every way a game ends, priority and counter-moves, and numbers read from the pack."""

from __future__ import annotations

import contextlib
from dataclasses import replace

import pytest
from estro_table import Table, one_game, play_one

from carddb.games.estro.combat import Combatant, CombatRules, judge, resolve_combat
from carddb.games.estro.sim.actions import plays_left
from carddb.games.estro.sim.board import fighters
from carddb.games.estro.sim.fight import attacks_left
from carddb.games.estro.sim.simulator import EstroSimulator
from carddb.games.estro.sim.turns import hand_limit, play_turn
from carddb.packs.lookup import get_pack
from carddb.runtime.rng import Rng
from carddb.sim.game import ZONE_DISCARD, ZONE_PLAY, GameOver

PACK = get_pack("estro")


def _turn(t: Table, player: int) -> None:
    t.g.active = player
    t.g.rng = Rng(1)  # type: ignore[assignment]  (whole turns roll dice the test does not script)
    with contextlib.suppress(GameOver):
        play_turn(t.g)
    t.check()


def test_a_turn_draws_plays_one_card_and_passes_the_turn() -> None:
    t = Table()
    card = t.card("empty")
    _turn(t, 0)
    assert t.zone_of(card) == ZONE_PLAY and not t.g.face_down[card]  # the scripted player's first option
    assert len(t.g.play[0]) == 1 and len(t.deck(0)) == 5 and t.g.active == 1
    assert "play a card" in t.agents[0].asked  # asked once, with no `pass` among the options


def test_the_play_of_the_turn_cannot_be_passed() -> None:
    t = Table()
    t.card("empty")
    seen: list[list[str]] = []

    class Watcher:
        def act(self, game, player, options, reason):  # type: ignore[no-untyped-def]
            seen.append([o.verb for o in options])
            return options[-1]

        def choose(self, game, player, reason, options, hint):  # type: ignore[no-untyped-def]
            return options[0]

        def confirm(self, game, player, reason):  # type: ignore[no-untyped-def]
            return True

    t.g.agents[0] = Watcher()
    _turn(t, 0)
    assert "pass" not in seen[0] and set(seen[0]) == {"face-up", "face-down"}
    assert len(t.g.play[0]) == 1


def test_the_first_player_draws_the_sixth_card_and_each_player_starts_with_five() -> None:
    sim = EstroSimulator(PACK)
    game = one_game(sim)  # a real matchup of the bundled decks: 20 chosen + 5 dealt each
    assert [len(h) for h in game.hands] == [5, 5] and [len(c) for c in game.shared] == [20, 20]
    assert not game.play[0] and not game.play[1]  # no active Zone, no card on the field
    first = game.first
    with contextlib.suppress(GameOver):
        play_turn(game)
    assert len(game.shared[first]) == 19 and len(game.hands[first]) == 5  # drew the sixth, played one
    assert len(game.play[first]) == 1 and len(game.shared[1 - first]) == 20


def test_cards_beyond_the_hand_size_are_discarded_at_the_end_of_the_turn() -> None:
    t = Table()
    hand = [t.card("empty") for _ in range(7)]
    _turn(t, 0)  # 7 + 1 drawn - 1 played = 7: two go
    assert len(t.hand(0)) == 5 == hand_limit(t.g, 0)
    assert sum(t.zone_of(u) == ZONE_DISCARD for u in hand) == 2


def test_an_empty_field_loses_only_after_round_five() -> None:
    for round_no, over in ((5, False), (6, True)):
        t = Table(round_no=round_no)
        t.g.turns = [round_no - 1, round_no - 1]  # player 1 starts round `round_no`
        t.on_field(kind="empty")
        _turn(t, 0)
        assert t.g.over is over
        if over:
            assert t.g.winner == 0 and t.g.end_reason == "empty field"


def test_no_cards_in_hand_and_none_to_draw_loses() -> None:
    t = Table(deck_size=0)
    t.on_field(kind="empty")
    _turn(t, 0)
    assert t.g.over and t.g.winner == 1 and t.g.end_reason == "no cards to draw"
    t = Table(deck_size=0)
    t.card("empty")  # a card in hand: nothing to draw is no defeat
    _turn(t, 0)
    assert not t.g.over and len(t.g.play[0]) == 1


@pytest.mark.parametrize(
    ("first", "second", "winner"),
    [
        ((20, 20, 20), (20, 20), 0),  # more cards and the higher sum
        ((20,), (30, 30), 1),
        ((10, 10, 10), (20, 20), None),  # more cards, the lower sum: a draw
    ],
)
def test_round_nineteen_ends_the_game_on_the_field(first: tuple, second: tuple, winner: int | None) -> None:
    t = Table(round_no=19)
    t.g.turns, t.g.first = [19, 18], 0
    for player, field in ((0, first), (1, second)):
        for value in field:
            t.on_field(kind="empty", owner=player, stats=(value // 5,) * 5)
    t.card("zone", "Ardo cards get +3 ATK.", owner=1)  # player 2's card of the turn: a Zone, not on the field
    _turn(t, 1)
    assert t.g.over and t.g.end_reason == "last round" and t.g.winner == winner


def test_the_last_round_waits_for_the_second_player() -> None:
    t = Table(round_no=19)
    t.g.turns, t.g.first = [18, 18], 0
    t.on_field(kind="empty")
    t.on_field(kind="empty", owner=1)
    t.card("empty")
    _turn(t, 0)  # the first player's 19th turn: the round is not over
    assert not t.g.over


def test_priority_goes_to_the_attacker() -> None:
    t = Table()
    t.g.log = []
    attacker = t.on_field("When this card attacks, it gets +1 ATK until end of turn.")
    defender = t.on_field("When this card is attacked, it gets +1 DEF until end of turn.", owner=1)
    t.attack(0, attacker, defender, 1, 1)
    resolved = [line for line in t.g.log if line.endswith("resolves")]
    assert "attacks" in resolved[0] and "is attacked" in resolved[1]


def test_a_counter_move_is_resolved_before_the_gift_it_counters() -> None:
    t = Table()
    t.g.log = []
    t.on_field("Counter-move - When an opponent's Gift targets a card you control: Counter that Gift.", owner=1)
    target = t.on_field(owner=1)
    t.play(0, t.card(text="Target card an opponent controls loses 4 DEX until end of turn. Draw a card."))
    lines = t.g.log
    answer = next(i for i, line in enumerate(lines) if "counter-move resolves" in line)
    countered = next(i for i, line in enumerate(lines) if line.endswith("is countered"))
    assert answer < countered
    assert t.values(target)["dex"] == 14 and t.hand(0) == []  # the whole Gift does nothing


def test_a_face_down_card_keeps_its_gift_until_it_is_turned_face_up() -> None:
    t = Table()
    t.play(0, t.card(text="Draw a card."), "face-down")
    assert t.hand(0) == []
    t.g.tallies.clear()
    assert [a.verb for a in t.sim.main_actions(t.g, 0)] == []  # nothing to play, nothing to attack
    _turn(t, 0)  # offered to turn it face up at the start of the turn
    assert "turn a card face up" in t.agents[0].asked


def test_a_face_down_card_has_no_values_and_falls_to_any_attacker() -> None:
    t = Table()
    weak = t.on_field(stats=(1, 1, 1, 1, 1))
    strong = t.on_field(owner=1, face_down=True, stats=(40, 40, 40, 40, 40))
    assert t.values(strong) is None
    t.attack(0, weak, strong)
    assert t.zone_of(strong) == ZONE_DISCARD


def test_a_gift_targets_a_face_down_card_only_when_it_names_one() -> None:
    t = Table()
    hidden = t.on_field(owner=1, face_down=True)
    t.play(0, t.card(text="Return target card to its owner's hand."))
    assert t.zone_of(hidden) == ZONE_PLAY


def test_the_attacker_is_never_destroyed() -> None:
    t = Table()
    weak = t.on_field(stats=(5, 5, 5, 5, 5))
    strong = t.on_field(owner=1, stats=(30, 30, 30, 30, 30))
    t.attack(0, weak, strong, 1, 1)
    assert t.zone_of(weak) == ZONE_PLAY and t.zone_of(strong) == ZONE_PLAY


def test_the_fight_is_the_resolvers_verdict() -> None:
    rules, rng = CombatRules.of(PACK), Rng(4)
    estri = [f.id for f in PACK.factions]
    for _ in range(3000):
        fighters_ = []
        for _side in range(2):
            stats = {s: rng.below(30) for s in ("atk", "def", "hel", "dex", "map")}
            stats["tot"] = sum(stats.values()) + rng.below(9) - 4
            fighters_.append(
                Combatant(
                    "x",
                    estri[rng.below(5)],
                    stats,
                    face_down=rng.below(10) == 0,
                    roll=1 + rng.below(6),
                    ignores_matrix=rng.below(5) == 0,
                    wins_ties=rng.below(5) == 0,
                    no_double=rng.below(5) == 0,
                    extra_faces=(1 + rng.below(6),) if rng.below(4) == 0 else (),
                )
            )
        attacker, defender = fighters_
        if attacker.face_down:
            continue
        verdict, result = judge(rules, attacker, defender), resolve_combat(PACK, attacker, defender)
        assert verdict.defender_destroyed == result.defender_destroyed and verdict.reason == result.reason
        assert (verdict.attacker_tot, verdict.defender_tot) == (result.attacker_tot, result.defender_tot)


def test_the_rules_numbers_are_the_packs() -> None:
    changed = {"hand-size": 3, "attacks-per-turn": 1, "placements-per-turn": 2, "final-round": 7}
    numbers = tuple(replace(n, value=changed.get(n.id, n.value)) for n in PACK.numbers)
    sim = EstroSimulator(replace(PACK, numbers=numbers))
    t = Table()
    t.sim = t.g.sim = sim
    assert hand_limit(t.g, 0) == 3 and attacks_left(t.g, 0) == 1 and plays_left(t.g, 0) == 2
    record = play_one(sim, seed=3)
    assert record.turns <= 14 and not record.error


def test_a_card_on_the_field_does_not_count_the_zone() -> None:
    t = Table()
    t.card("zone", "Ardo cards get +3 ATK.", zone="play")
    assert fighters(t.g, 0) == []


def test_the_invariants_see_what_estro_forbids() -> None:
    t = Table()
    t.card("zone", "Ardo cards get +3 ATK.", zone="play")
    zone = t.card("zone", "Ardo cards get +3 ATK.", owner=1, zone="play")
    t.g.face_down[zone] = True
    stray = t.deck(1)[0]
    t.g.owner[stray] = 0
    borrowed = t.on_field(owner=1)
    t.g.move(borrowed, ZONE_PLAY, 0)  # gained control of, and never given back
    for _ in range(6):
        t.card("empty")
    t.g.tallies[("attacks", 0)] = 1
    problems = " | ".join(t.sim.invariants(t.g, end_of_turn=0))
    for expected in (
        "2 Zone cards are active",
        "a zone card, is face down",
        "of P1 is in P2's deck",
        "still controlled by P1 after the turn",
        "ends the turn with 6 cards in hand",
        "outlast the turn",
    ):
        assert expected in problems, expected
    assert t.sim.invariants(Table().g, end_of_turn=0) == []
