"""Drafts as data: LOE's Full Draft and a classic booster draft of another game run from boosters.yaml alone."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest
from classic_game import build_skirmish, skirmish_pack  # type: ignore[import-not-found]
from hypothesis import given, settings
from hypothesis import strategies as st
from play_project import build_project, load

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.play.bots import BotPicker, bot_rating
from carddb.play.draft import DraftError, PickRequest, Seat, run_draft
from carddb.play.draftformat import PlayDefinitions, load_play
from carddb.play.replay import replay_draft

_SHIPPED: dict[int, PlayDefinitions] = {}


def _play(db: CardDatabase) -> PlayDefinitions:
    if id(db) not in _SHIPPED:
        report = Report()
        _SHIPPED[id(db)] = load_play(db, report)
        assert not report.errors, report.format_text()
    return _SHIPPED[id(db)]


def _seats(n: int) -> list[Seat]:
    return [Seat(number, f"S{number}") for number in range(1, n + 1)]


class FirstLegalPicker:
    """Stands in for a person: always keeps the first card it may take."""

    def __init__(self) -> None:
        self.asked = 0

    def pick(self, request: PickRequest) -> str:
        self.asked += 1
        return request.legal[0]


def _assert_legal_councils(db: CardDatabase, data: dict) -> None:
    for seat in data["pools"]:
        council = seat["pools"]["council"]
        kinds = [db.by_id(c).kind for c in council]  # type: ignore[union-attr]
        assert kinds.count("lord") == 1
        assert kinds.count("duke") <= 4
        assert set(kinds) <= {"lord", "duke"}
        assert len(set(council)) == len(council)
        (victory,) = seat["pools"]["victory"]
        assert db.by_id(victory).kind == "victory"  # type: ignore[union-attr]


def test_full_draft_with_three_bots_fills_every_council_and_replays(fixture_db: CardDatabase) -> None:
    play = _play(fixture_db)
    person = FirstLegalPicker()
    seats = [Seat(1, "Ana", bot=False), Seat(2, "Bot 2"), Seat(3, "Bot 3"), Seat(4, "Bot 4")]
    log = run_draft(fixture_db, play, seed=314, seats=seats, pickers={1: person})
    data = json.loads(json.dumps(log.to_json()))
    assert data["draft"] == "full-draft" and data["version"] == 2
    _assert_legal_councils(fixture_db, data)
    # boosters are opened as needed, so every council fills up: 1 Lord + 4 Dukes each
    assert all(len(seat["pools"]["council"]) == 5 for seat in data["pools"])
    assert person.asked == 6  # five council picks and one Victory pick
    assert data["seed"] == 314 and data["carddb"]
    assert data["boosters_per_seat"] == {"shared-deck": 3}
    assert len(data["shared"]["shared-deck"]) == 4 * 3 * 12
    for event in data["picks"]:
        assert event["pick"] in event["pack_contents"]
    result = replay_draft(fixture_db, play, data)
    assert result.ok, result.problems
    assert result.log is not None and result.log.pools() == data["pools"]


def test_the_council_draft_sends_one_booster_round_at_a_time_and_opens_more_as_needed(
    fixture_db: CardDatabase,
) -> None:
    log = run_draft(fixture_db, _play(fixture_db), seed=8, seats=_seats(3))
    council = [e for e in log.picks if e["phase"] == "council"]
    boosters = sorted({e["pack"] for e in council})
    # 3 councils of 5 need 15 picks; a booster holds 8 cards, so more than one is opened, one after another
    assert len(council) == 15 and boosters == list(range(1, len(boosters) + 1)) and len(boosters) >= 2
    for number in boosters:
        events = [e for e in council if e["pack"] == number]
        # the opener moves one seat to the left with each booster
        assert events[0]["seat"] == (number - 1) % 3 + 1
        # each player takes one card and passes the rest: the pack shrinks by one per pick
        assert [len(e["pack_contents"]) for e in events] == list(range(8, 8 - len(events), -1))
        assert all(e["round"] == number for e in events)
    # the first booster goes round to the left while no council is full yet: 1, 2, 3, 1, 2, 3, 1, 2
    assert [e["seat"] for e in council if e["pack"] == 1] == [1, 2, 3, 1, 2, 3, 1, 2]


def test_a_council_draft_with_few_lords_keeps_opening_boosters(tmp_path: Path) -> None:
    """The old draft opened one booster per seat and failed when a seat saw no Lord; the seed opens more."""
    root = build_project(tmp_path, lords=2)
    boosters = root / "data" / "loe" / "boosters.yaml"
    boosters.write_text(
        boosters.read_text(encoding="utf-8").replace(
            "count: 2\n        filter: {kind: lord}", "count: 1\n        filter: {kind: lord}"
        ),
        encoding="utf-8",
    )
    db = load(root)
    log = run_draft(db, _play(db), seed=1, seats=_seats(4))
    _assert_legal_councils(db, log.to_json())


def test_a_booster_that_can_never_hold_what_a_council_needs_is_a_draft_error(tmp_path: Path) -> None:
    root = build_project(tmp_path)
    boosters = root / "data" / "loe" / "boosters.yaml"
    text = boosters.read_text(encoding="utf-8")
    boosters.write_text(
        text.replace("      - name: lords\n        count: 2\n        filter: {kind: lord}\n", ""), encoding="utf-8"
    )
    db = load(root)
    with pytest.raises(DraftError) as error:
        run_draft(db, _play(db), seed=1, seats=_seats(2))
    message = str(error.value)
    assert "seat 1 ended the Council Draft with 0 Lords; its council needs at least 1" in message
    assert "the 'council' boosters held no more it could take" in message


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 4))
def test_bot_drafts_always_give_legal_councils_and_repeat_per_seed(
    fixture_db: CardDatabase, seed: int, seats: int
) -> None:
    play = _play(fixture_db)
    log = run_draft(fixture_db, play, seed=seed, seats=_seats(seats), boosters_per_seat=1)
    _assert_legal_councils(fixture_db, log.to_json())
    assert log.to_json() == run_draft(fixture_db, play, seed=seed, seats=_seats(seats), boosters_per_seat=1).to_json()


@pytest.mark.parametrize("seats", [1, 5])
def test_loe_is_drafted_by_two_to_four_players(fixture_db: CardDatabase, seats: int) -> None:
    with pytest.raises(DraftError, match=f"Lords of Estraven is played by 2 to 4 players .*, not {seats}"):
        run_draft(fixture_db, _play(fixture_db), seed=1, seats=_seats(seats))


def test_bot_rating_is_the_documented_sum(fixture_db: CardDatabase) -> None:
    play = _play(fixture_db)
    draft = play.drafts["full-draft"]
    council = draft.phase("council")
    seat = Seat(1, "bot")
    lord = next(c for c in fixture_db.cards if c.kind == "lord" and c.rarity == "common" and c.province != "neutral")
    mythic_duke = next(c for c in fixture_db.cards if c.kind == "duke" and c.rarity == "mythic")
    # rarity score: common 1 ... mythic 4; LOE's bots bonus: +1 for a neutral card
    assert bot_rating(fixture_db, draft, lord.id, seat) == 1
    assert bot_rating(fixture_db, draft, mythic_duke.id, seat) == 4 + (1 if mythic_duke.province == "neutral" else 0)
    # a council must still take a Lord, so a bot takes the common Lord before the mythic Duke
    request = PickRequest(council, seat, (mythic_duke.id, lord.id), (mythic_duke.id, lord.id))
    assert BotPicker(fixture_db, draft).pick(request) == lord.id
    seat.pool("council").append(lord.id)
    # with its Lord, the seat's province is the Lord's: +2 for a card of that province
    same = next(c for c in fixture_db.cards if c.kind == "duke" and c.province == lord.province)
    assert (
        bot_rating(fixture_db, draft, same.id, seat)
        == ["common", "uncommon", "rare", "mythic"].index(same.rarity) + 1 + 2
    )
    assert (
        BotPicker(fixture_db, draft).pick(PickRequest(council, seat, (mythic_duke.id,), (mythic_duke.id,)))
        == mythic_duke.id
    )


def test_too_few_victory_cards_for_the_table_is_a_draft_error(tmp_path: Path) -> None:
    db = load(build_project(tmp_path, victories=10))  # 4 seats are dealt 3 each: 12 cards
    with pytest.raises(
        DraftError,
        match=r"Victory Draft cannot deal to 4 seats: it deals 3 to each \(12 cards\) but its pile holds only 10",
    ):
        run_draft(db, _play(db), seed=1, seats=_seats(4))


def test_a_tampered_log_does_not_replay(fixture_db: CardDatabase) -> None:
    play = _play(fixture_db)
    data = json.loads(json.dumps(run_draft(fixture_db, play, seed=5, seats=_seats(4)).to_json()))
    changed_pack = copy.deepcopy(data)
    changed_pack["picks"][2]["pack_contents"].reverse()
    assert any("differs from the logged pack" in p for p in replay_draft(fixture_db, play, changed_pack).problems)
    other_seed = copy.deepcopy(data)
    other_seed["seed"] = 6
    assert not replay_draft(fixture_db, play, other_seed).ok
    changed_pool = copy.deepcopy(data)
    changed_pool["pools"][0]["pools"]["victory"] = ["victory-95"]
    assert "the replayed pools differ from the logged pools" in replay_draft(fixture_db, play, changed_pool).problems


def test_a_log_of_the_old_format_is_a_clear_error(fixture_db: CardDatabase) -> None:
    data = json.loads(json.dumps(run_draft(fixture_db, _play(fixture_db), seed=5, seats=_seats(2)).to_json()))
    data["version"] = 1
    with pytest.raises(DraftError, match=r"format version 1; this carddb replays version 2 .* run the draft again"):
        replay_draft(fixture_db, _play(fixture_db), data)


# --- a classic booster draft of another game ------------------------------------------------------------------


@pytest.fixture(scope="module")
def skirmish(tmp_path_factory: pytest.TempPathFactory) -> CardDatabase:
    root = build_skirmish(tmp_path_factory.mktemp("skirmish"))
    db, report = load_database(Project.at(root), skirmish_pack(root))
    assert not report.errors, report.format_text()
    return db


def test_a_classic_booster_draft_passes_left_right_left_until_every_pack_is_used_up(skirmish: CardDatabase) -> None:
    play = _play(skirmish)
    log = run_draft(skirmish, play, seed=2, seats=_seats(4))
    data = json.loads(json.dumps(log.to_json()))
    assert data["draft"] == "booster-draft" and data["shared"] == {}
    # 3 rounds (the game's number draft-rounds) of 4 packs of 8 cards: every card is taken, 24 per seat
    assert [len(seat["pools"]["draft"]) for seat in data["pools"]] == [24] * 4
    assert {e["round"] for e in data["picks"]} == {1, 2, 3}
    for round_no, direction in ((1, 1), (2, -1), (3, 1)):
        second = [e for e in data["picks"] if e["round"] == round_no and e["step"] == 2]
        # at the second pass, seat s holds the pack opened by its neighbour on the passing side
        assert all(e["pack"] == (e["seat"] - 1 - direction) % 4 + 1 for e in second), round_no
    # bots draft a faction: most of each seat's picks share one
    for seat in log.seats:
        factions = Counter(skirmish.faction_of(skirmish.by_id(c)) for c in seat.pool("draft"))  # type: ignore[arg-type]
        assert factions.most_common(1)[0][1] > 24 / 3
    assert replay_draft(skirmish, play, data).ok


def test_the_classic_draft_is_bounded_by_the_games_players(skirmish: CardDatabase) -> None:
    with pytest.raises(DraftError, match="Skirmish is played by 2 to 8 players"):
        run_draft(skirmish, _play(skirmish), seed=1, seats=_seats(9))
