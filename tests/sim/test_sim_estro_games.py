"""Whole ESTRO games: reproducible by seed, replayable from a log, legal after every action, dealt as
`carddb deck deal` deals, and bots that cannot see what their seat cannot."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from estro_table import REPO, Table, _database, real_plan

from carddb.cli.app import app
from carddb.findings.diagnostics import Report
from carddb.games.estro.sim.board import deck, deck_zone
from carddb.play.boosters import load_boosters
from carddb.play.dealing import deal_rest
from carddb.play.decks import load_decks
from carddb.runtime.rng import Rng
from carddb.sim.agents import GreedyBot, imagine
from carddb.sim.cards import compile_catalogue
from carddb.sim.decisions import PASS
from carddb.sim.game import ZONE_HAND
from carddb.sim.gamelog import game_log, replay
from carddb.sim.match import play_game
from carddb.sim.options import SimOptions
from carddb.sim.parallel import run_plans
from carddb.sim.simulator import simulator_for

SIM = simulator_for(_database().pack)


def test_games_are_reproducible_from_their_seed() -> None:
    plan = real_plan(SIM, games=12, seed=4)
    first, second = run_plans([plan], workers=1)[0], run_plans([plan], workers=1)[0]
    assert [(r.winner, r.reason, r.turns, r.seats) for r in first] == [
        (r.winner, r.reason, r.turns, r.seats) for r in second
    ]
    other = run_plans([replace(plan, seed=5)], workers=1)[0]
    assert [r.seats for r in other] != [r.seats for r in first]  # (another seed deals other cards)


def test_bots_play_whole_games_without_illegal_states() -> None:
    plan = replace(real_plan(SIM, games=60, seed=9), options=SimOptions(check_invariants=True))
    greedy = replace(plan, games=6, bots=("greedy", "random"))
    records = [r for batch in run_plans([plan, greedy], workers=1) for r in batch]
    assert [r.error for r in records if r.error] == []
    reasons = {r.reason for r in records}
    assert {"empty field", "last round"} <= reasons
    assert all(len(seat.cards) == 25 for r in records for seat in r.seats)


def test_a_logged_game_replays_exactly() -> None:
    plan = real_plan(SIM, games=3, seed=2, bots=("greedy", "random"))
    catalogue = compile_catalogue(plan.records, SIM)
    spec = plan.spec(1)
    options = SimOptions(log=True)
    record = play_game(SIM, catalogue, spec, options)
    log = json.loads(json.dumps(game_log("estro", spec, options, record)))
    result = replay(log, SIM, catalogue)
    assert result.matches, result.difference
    assert record.log and any("Dice:" in line for line in record.log)  # the dice came from the seed, not the log
    log["decisions"][len(log["decisions"]) // 2] ^= 1
    assert not replay(log, SIM, catalogue).matches


def test_the_random_cards_are_dealt_as_carddb_deck_deal_deals_them() -> None:
    db = _database()
    plan = real_plan(SIM, games=4, seed=8)
    plans = load_boosters(db, Report())
    lists = {entry.deck.id: entry.deck for entry in load_decks(db, Report())}
    for index in range(4):
        spec = plan.spec(index)
        for seat in spec.matchup.seats:
            chosen = lists[seat.id]
            dealt = deal_rest(plans["random-five"], chosen, spec.seed).dealt()
            assert seat.cards == (*chosen.cards, *dealt)
            assert len(set(seat.cards)) == db.pack.number("deck-size")


def _two_tables() -> tuple[Table, Table, int]:
    """Alike in all that player 1 can see: player 2's hand and deck, player 1's deck order and player 2's
    face-down card differ."""
    tables = []
    for swap in (False, True):
        t = Table()
        t.card("gift", "Destroy target face-down card.")
        t.on_field(stats=(16, 16, 16, 16, 16))
        t.on_field(owner=1)
        hidden = t.on_field("Draw a card.", owner=1, face_down=True)
        secret = t.card("gift", "Each player draws a card.", owner=1)
        t.card("empty", owner=1)
        other = t.card("empty", owner=1, zone="incinerator")
        if swap:  # the Gift is in player 2's deck instead, a deck card in their hand; player 1's deck reversed
            theirs, hand = deck(t.g, 1), t.g.hands[1]
            deck_card, at = theirs[2], hand.index(secret)
            theirs[2], hand[at] = secret, deck_card
            t.g.place[secret], t.g.place[deck_card] = deck_zone(1), ZONE_HAND
            t.g.controller[deck_card] = 1
            deck(t.g, 0).reverse()
            t.g.defs[hidden] = t.g.defs[other]  # another card lies face down
        t.g.rng = Rng(3)  # type: ignore[assignment]
        tables.append(t)
    return tables[0], tables[1], hidden


def _view(world: object, hidden: int) -> tuple[object, ...]:
    return (
        list(world.hands[1]),  # type: ignore[attr-defined]
        list(deck(world, 1)),  # type: ignore[arg-type]
        list(deck(world, 0)),  # type: ignore[arg-type]
        world.defs[hidden].id,  # type: ignore[attr-defined]
        world.rng._state,  # type: ignore[attr-defined]
    )


def test_an_imagined_world_does_not_depend_on_what_the_seat_cannot_see() -> None:
    one, two, hidden = _two_tables()
    assert one.g.hands[1] != two.g.hands[1] and deck(one.g, 0) != deck(two.g, 0)
    worlds = [imagine(t.g, 0, Rng(11)) for t in (one, two)]
    assert _view(worlds[0], hidden) == _view(worlds[1], hidden)
    assert worlds[0].rng._state != one.g.rng._state  # its dice are not the game's
    assert sorted(worlds[0].hands[1] + deck(worlds[0], 1)) == sorted(one.g.hands[1] + deck(one.g, 1))
    choices = []
    for t in (one, two):
        options = [PASS, *t.sim.main_actions(t.g, 0)]
        choice = GreedyBot(5).act(t.g, 0, options, "main")
        choices.append((choice.verb, choice.uid, choice.targets))
    assert choices[0] == choices[1]


def test_the_greedy_bot_beats_the_random_bot() -> None:
    plan = real_plan(SIM, games=40, seed=12, bots=("greedy", "random"))
    records = run_plans([plan], workers=1)[0]
    wins = [r.winner for r in records]
    assert wins.count(0) >= 2 * wins.count(1)


def _playtest(root: Path, out: str) -> tuple[dict, str]:
    from typer.testing import CliRunner

    result = CliRunner().invoke(
        app,
        [
            "playtest",
            "--game",
            "estro",
            "-n",
            "24",
            "--seed",
            "6",
            "--workers",
            "1",
            "--project",
            str(root),
            "--out",
            out,
        ],
    )
    assert result.exit_code == 0, result.output
    folder = root / out
    return json.loads((folder / "playtest.json").read_text()), (folder / "report.html").read_text()


def test_the_command_writes_the_same_reports_twice(tmp_path: Path) -> None:
    import shutil

    shutil.copytree(REPO / "data" / "estro", tmp_path / "data" / "estro")
    (tmp_path / "carddb.yaml").write_text("game: estro\n")
    one, html_one = _playtest(tmp_path, "output/a")
    two, html_two = _playtest(tmp_path, "output/b")
    assert one == two and html_one == html_two
    summary = one["summary"]
    assert summary["games"] == 24 and not summary["errors"]
    assert {rate["id"] for rate in summary["by_faction"]} <= {
        "ardo",
        "granito",
        "armonio",
        "illusio",
        "manpo",
        "armonio/illusio",
    }
    assert "Win rate by estro" in html_one and "Win rate by deck" in html_one
    assert all(len(seat["cards"]) == 25 for game in one["games"] for seat in game["seats"])
