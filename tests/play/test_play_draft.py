"""Full Draft: a 4-seat draft with 3 bots completes, its councils are legal, and its log replays."""

from __future__ import annotations

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from carddb.database import CardDatabase
from carddb.diagnostics import Report
from carddb.play.boosters import BoosterPlan, load_boosters
from carddb.play.draft import BotPicker, DraftError, PickRequest, Seat, bot_rating, replay_draft, run_draft

_SHIPPED: dict[int, dict[str, BoosterPlan]] = {}


def _plans(db: CardDatabase) -> dict[str, BoosterPlan]:
    if id(db) not in _SHIPPED:
        _SHIPPED[id(db)] = load_boosters(db, Report())
    return _SHIPPED[id(db)]


class FirstLegalPicker:
    """Stands in for a person: always keeps the first card it may take."""

    def __init__(self) -> None:
        self.asked = 0

    def pick(self, request: PickRequest) -> str:
        self.asked += 1
        return request.legal[0]


def _assert_legal_councils(db: CardDatabase, data: dict) -> None:
    for council in data["councils"]:
        kinds = [db.by_id(c).kind for c in council["cards"]]  # type: ignore[union-attr]
        assert kinds.count("lord") == 1
        assert kinds.count("duke") <= 4
        assert set(kinds) <= {"lord", "duke"}
        assert len(set(council["cards"])) == len(council["cards"])
        assert db.by_id(council["victory"]).kind == "victory"  # type: ignore[union-attr]


def test_four_seats_three_bots_complete_and_replay_to_the_same_councils(fixture_db: CardDatabase) -> None:
    plans = _plans(fixture_db)
    person = FirstLegalPicker()
    seats = [Seat(1, "Ana", bot=False), Seat(2, "Bot 2"), Seat(3, "Bot 3"), Seat(4, "Bot 4")]
    log = run_draft(fixture_db, plans, seed=314, seats=seats, pickers={1: person})
    data = json.loads(json.dumps(log.to_json()))
    _assert_legal_councils(fixture_db, data)
    # Enough Dukes circulate (6 per pack) for every council to fill up: 1 Lord + 4 Dukes each.
    assert all(len(c["cards"]) == 5 for c in data["councils"])
    assert person.asked == 6  # five council picks and one Victory pick
    assert data["seed"] == 314 and data["carddb"]
    assert len(data["shared_deck"]) == 4 * 3 * 12
    for event in data["picks"]:
        assert event["pick"] in event["pack_contents"]
    result = replay_draft(fixture_db, plans, data)
    assert result.ok, result.problems
    assert result.log is not None and result.log.councils() == data["councils"]


def test_a_tampered_log_does_not_replay(fixture_db: CardDatabase) -> None:
    plans = _plans(fixture_db)
    log = run_draft(fixture_db, plans, seed=5, seats=[Seat(n, f"S{n}") for n in range(1, 5)])
    data = json.loads(json.dumps(log.to_json()))
    changed_pack = copy.deepcopy(data)
    changed_pack["picks"][2]["pack_contents"].reverse()
    assert any("differs from the logged pack" in p for p in replay_draft(fixture_db, plans, changed_pack).problems)
    other_seed = copy.deepcopy(data)
    other_seed["seed"] = 6
    assert not replay_draft(fixture_db, plans, other_seed).ok
    changed_council = copy.deepcopy(data)
    changed_council["councils"][0]["victory"] = "victory-95"
    assert (
        "the replayed councils differ from the logged councils"
        in replay_draft(fixture_db, plans, changed_council).problems
    )


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 5))  # the fixture's 16 Victory cards deal 3 to 5 seats
def test_bot_drafts_always_give_legal_councils(fixture_db: CardDatabase, seed: int, seats: int) -> None:
    plans = _plans(fixture_db)
    log = run_draft(
        fixture_db, plans, seed=seed, seats=[Seat(n, f"S{n}") for n in range(1, seats + 1)], deck_boosters_per_player=1
    )
    _assert_legal_councils(fixture_db, log.to_json())
    assert (
        log.to_json()
        == run_draft(
            fixture_db,
            plans,
            seed=seed,
            seats=[Seat(n, f"S{n}") for n in range(1, seats + 1)],
            deck_boosters_per_player=1,
        ).to_json()
    )


def test_bot_rating_is_the_documented_sum(fixture_db: CardDatabase) -> None:
    seat = Seat(1, "bot")
    lord = next(c for c in fixture_db.cards if c.kind == "lord" and c.rarity == "common")
    mythic_duke = next(c for c in fixture_db.cards if c.kind == "duke" and c.rarity == "mythic")
    # rarity score: common 1 ... mythic 4; a Lord while the seat has none: +4
    assert bot_rating(fixture_db, lord.id, seat) == 1 + 4
    assert bot_rating(fixture_db, mythic_duke.id, seat) == 4 + (1 if mythic_duke.province == "neutral" else 0)
    request = PickRequest("council", seat, (mythic_duke.id, lord.id), (mythic_duke.id, lord.id))
    assert BotPicker(fixture_db).pick(request) == lord.id
    seat.picks.append(lord.id)
    same = next(c for c in fixture_db.cards if c.kind == "duke" and c.province == lord.province)
    assert bot_rating(fixture_db, same.id, seat) == ["common", "uncommon", "rare", "mythic"].index(same.rarity) + 1 + 2


def test_too_few_victory_cards_for_the_table_is_a_draft_error(fixture_db: CardDatabase) -> None:
    # 16 Victory cards deal 3 to 5 seats, not to 6
    try:
        run_draft(fixture_db, _plans(fixture_db), seed=1, seats=[Seat(n, f"S{n}") for n in range(1, 7)])
    except DraftError as exc:
        assert "cannot deal to 6 seats" in str(exc) and "holds only 16" in str(exc)
    else:
        raise AssertionError("a 6-seat Victory Draft of 16 cards should fail")
