"""The playtest statistics against published values and hand-made games."""

from __future__ import annotations

import pytest

from carddb.sim.analysis import analyse, mantel_haenszel, newcombe, wilson
from carddb.sim.cards import CardRecord
from carddb.sim.records import GameRecord, SeatRecord
from carddb.sim.warnings import outliers


def test_wilson_interval_matches_newcombe_1998() -> None:
    low, high = wilson(81, 263)  # Newcombe (1998), Statistics in Medicine 17:857, Table I
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))


def test_difference_interval_matches_newcombe_1998_method_10() -> None:
    delta, low, high = newcombe(56, 70, 48, 80)  # Newcombe (1998), 17:873, Table II, example (a)
    assert round(delta, 2) == 0.2 and (round(low, 4), round(high, 4)) == (0.0524, 0.3339)


def test_mantel_haenszel_removes_a_confounder() -> None:
    # Within each council the card changes nothing; the strong council just plays it more often.
    strong, weak = (90, 100, 9, 10), (1, 10, 10, 100)
    delta, low, high = mantel_haenszel([strong, weak])
    crude, _, _ = newcombe(91, 110, 19, 110)
    assert crude > 0.6 and delta == pytest.approx(0.0, abs=1e-9) and low < 0 < high


def test_mantel_haenszel_of_one_stratum_is_the_plain_difference() -> None:
    delta, low, high = mantel_haenszel([(56, 70, 48, 80)])
    assert delta == pytest.approx(0.2) and low <= 0.05244 and high >= 0.3339  # never narrower than Newcombe's


def _record(
    index: int, winner: int | None, played: tuple[tuple[str, ...], tuple[str, ...]], first: int = 0
) -> GameRecord:
    seats = (
        SeatRecord("North", "random", ("lord-n", "duke-n", "win-n"), played[0]),
        SeatRecord("South", "random", ("lord-s", "duke-s", "win-s"), played[1]),
    )
    in_game = ("lord-n", "duke-n", "win-n", "lord-s", "duke-s", "win-s", "spark", "dud")
    return GameRecord(
        index,
        index,
        "deck",
        first,
        winner,
        "victory" if winner is not None else "turn cap",
        10,
        seats,
        ("spark", "duke-n", "duke-s"),
        in_game,
        ("spark", "dud"),
    )


CARDS = [
    CardRecord("lord-n", "North Lord", "lord"),
    CardRecord("lord-s", "South Lord", "lord"),
    CardRecord("duke-n", "North Duke", "duke"),
    CardRecord("duke-s", "South Duke", "duke"),
    CardRecord("win-n", "North Win", "victory"),
    CardRecord("win-s", "South Win", "victory"),
    CardRecord("spark", "Spark", "spell"),
    CardRecord("dud", "Dud", "spell"),
]


def test_analysis_of_hand_made_games() -> None:
    records = [
        _record(0, 0, (("spark", "duke-n"), ()), first=0),
        _record(1, 0, (("duke-n",), ("spark",)), first=1),
        _record(2, 1, ((), ("duke-s",)), first=0),
        _record(3, None, ((), ()), first=1),
    ]
    a = analyse(records, CARDS, report_kinds=("lord", "victory"), starts_in_play=("lord",))
    assert (a.games, a.draws, a.reasons) == (4, 1, {"victory": 3, "turn cap": 1})
    assert (a.first_player.wins, a.first_player.n) == (1, 4)
    turn_order = {r.label: (r.wins, r.n) for r in a.by_seat_first}
    assert turn_order == {
        "North, first": (1, 2),
        "North, not first": (1, 2),
        "South, first": (0, 2),
        "South, not first": (1, 2),
    }
    assert [(r.label, r.wins, r.n) for r in a.by_seat] == [("North", 2, 4), ("South", 1, 4)]
    assert [(r.label, r.wins) for r in a.by_kind["lord"]] == [("North Lord", 2), ("South Lord", 1)]
    duke = next(d for d in a.card_play if d.id == "duke-n")  # only North could activate it: won 2 of 2 when it did
    assert (duke.n_with, duke.n_without, duke.rate_with, duke.rate_without) == (2, 2, 1.0, 0.0)
    assert {d.id for d in a.card_play} == {"duke-n", "duke-s", "spark"}  # Lords and Victory cards have their own rates
    never = {n.id: n.reason for n in a.never_played}
    assert never["dud"] == "drawn but never a legal play (cost, targets or timing)"
    assert never["win-n"].startswith("never a legal play")  # never attempted
    assert "lord-n" not in never  # Lords start in play


def test_the_breakdown_says_who_beat_whom_on_which_deck_and_when() -> None:
    from dataclasses import replace

    records = [
        replace(_record(0, 0, (("spark",), ())), turns=4, deck="fire"),
        replace(_record(1, 0, ((), ())), turns=6, deck="fire"),
        replace(_record(2, 1, ((), ("spark",))), turns=20, deck="marsh"),
        replace(_record(3, None, ((), ())), turns=60, deck="marsh"),
    ]
    a = analyse(records, CARDS, report_kinds=("lord", "victory"), starts_in_play=("lord",))
    pairs = {(p.seat, p.against): (p.wins, p.n) for p in a.pairings}
    assert pairs == {("North", "South"): (2, 4), ("South", "North"): (1, 4)}  # the draw is a game not won
    decks = {(p.seat, p.against): (p.wins, p.n) for p in a.by_deck}
    assert (
        decks[("North", "fire")] == (2, 2)
        and decks[("North", "marsh")] == (0, 2)
        and decks[("South", "marsh")] == (1, 2)
    )
    assert a.median_turn == 6  # of the three games someone won: 4, 6 and 20 turns
    north, south = a.decided_at
    assert (north.seat, north.wins, north.losses, north.win_turns[1], north.early_share) == ("North", 2, 1, 5, 1.0)
    assert (south.wins, south.win_turns, south.early_share) == (1, (20, 20, 20), 0.0)
    # Spark and Dud were drawn in every game; Spark was played in two of them, Dud in none
    shared = {d.id: (d.games, d.drawn, d.played_when_drawn) for d in a.drawn_played}
    assert shared == {"spark": (4, 4, 2), "dud": (4, 4, 0)}
    assert a.drawn_played[0].id == "dud"  # the least played first


def test_ablation_compares_the_same_games_without_the_card() -> None:
    base = [_record(i, 0, (("duke-n",), ())) for i in range(10)]
    without = [_record(i, 1 if i < 6 else 0, ((), ())) for i in range(10)]
    a = analyse(base, CARDS, {"duke-n": without}, report_kinds=("lord", "victory"))
    (duke,) = a.card_ablation
    assert duke.id == "duke-n" and duke.delta == pytest.approx(0.6) and duke.significant
    assert a.ablation_games == 10


def test_ablation_of_a_card_two_seats_hold_pools_both_seats_pairs() -> None:
    """LOE v2: a deck's card is held by every pair of decks that holds the deck; each seat's pairs count."""

    def game(index: int, winner: int) -> GameRecord:
        seats = (
            SeatRecord("North", "random", ("shared-card", "duke-n"), ()),
            SeatRecord("South", "random", ("shared-card", "duke-s"), ()),
        )
        return GameRecord(index, index, "deck", 0, winner, "victory", 10, seats, (), ("shared-card",), ())

    base = [game(i, 0) for i in range(10)]  # North always wins with the card
    without = [game(i, 0 if i < 5 else 1) for i in range(10)]  # without it, South wins half
    cards = [CardRecord("shared-card", "Shared Card", "spell"), CardRecord("duke-n", "N", "duke")]
    (found,) = analyse(base, cards, {"shared-card": without}).card_ablation
    # North: +1 in five pairs, 0 in five; South: -1 in five, 0 in five: pooled, no change at all
    assert found.delta == pytest.approx(0.0) and found.n_with == 20 and found.note == ""


def test_outliers_need_an_interval_off_zero_and_a_large_robust_z() -> None:
    from carddb.sim.analysis import CardDelta

    def delta(name: str, value: float, low: float, high: float, n: int = 50) -> CardDelta:
        return CardDelta(name, name, "spell", value, low, high, n, n, 0.5, 0.5)

    quiet = [delta(f"c{i}", (i - 5) / 100, -0.1, 0.1) for i in range(11)]
    loud = delta("loud", 0.4, 0.2, 0.6)
    thin = delta("thin", 0.5, 0.1, 0.9, n=4)  # too few games to flag
    noisy = delta("noisy", 0.45, -0.05, 0.95)  # its interval includes zero
    assert [d.id for d, _ in outliers([*quiet, loud, thin, noisy])] == ["loud"]


def test_win_rate_by_faction_counts_each_seat_under_the_faction_its_cards_lead_with() -> None:
    cards = [
        CardRecord(f"{faction}-{n}", f"{faction} {n}", "gift", faction=faction) for faction in "abc" for n in range(4)
    ]

    def game(index: int, winner: int, dealt: tuple[str, str]) -> GameRecord:
        # Seat "Mixed" holds two cards of a and two of b in every game, and one random card each game.
        seats = (
            SeatRecord("Pure", "random", ("a-0", "a-1", "a-2", "b-3", dealt[0]), ()),
            SeatRecord("Mixed", "random", ("a-3", "b-0", "b-1", "c-0", "c-1", dealt[1]), ()),
        )
        return GameRecord(index, index, "", 0, winner, "victory", 10, seats, (), ())

    records = [game(0, 0, ("c-2", "b-2")), game(1, 1, ("c-3", "a-2")), game(2, 1, ("b-2", "c-2"))]
    a = analyse(records, cards, report_factions=True)
    assert [(r.id, r.wins, r.n) for r in a.by_faction] == [("b/c", 2, 3), ("a", 1, 3)]
    assert analyse(records, cards).by_faction == []  # only when the pack asks for it
    assert a.to_json()["by_faction"][0]["rate"] == pytest.approx(2 / 3)
