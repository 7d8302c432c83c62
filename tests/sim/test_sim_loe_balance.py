"""The balance errata of the LOE base set (issue 35) do in the engine what docs/loe-balance.md says they do."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from sim_table import Table

from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DISCARD, GameOver

CARDS = Path(__file__).resolve().parents[2] / "data" / "loe" / "cards"


def _text(card_id: str) -> str:
    for path in CARDS.glob("*.yaml"):
        for card in yaml.safe_load(path.read_text(encoding="utf-8")):
            if card["id"] == card_id:
                return str(card["text"]).strip()
    raise KeyError(card_id)


def test_the_heron_duke_answers_a_winning_attempt_with_the_last_secret() -> None:
    t = Table()
    # Player 2 (the Reeds): the Heron Duke and another Duke face down, The Last Secret, a healthy Lord.
    t.g.move(t.victories[1], ZONE_DISCARD)
    secret = t.card("victory", _text("the-last-secret"), owner=1, zone="play", face_down=True)
    t.g.counters[1]["victory"] = secret
    heron = t.card("duke", _text("the-heron-duke"), owner=1, zone="play", face_down=True, cost=2, health=5)
    t.card("duke", owner=1, zone="play", face_down=True)
    # Player 1 shows three face-up Dukes and attempts a Victory card that would win.
    for _ in range(3):
        t.card("duke", zone="play")
    t.g.move(t.victories[0], ZONE_DISCARD)
    mine = t.card("victory", "Win if you control three or more face-up Dukes.", zone="play", face_down=True)
    t.g.counters[0]["victory"] = mine
    t.pool(0, 1)
    t.pool(1, 2)  # enough to activate the Heron Duke on player 1's turn (Ambush)
    t.agents[1].responses.append(("activate", heron))
    with pytest.raises(GameOver):  # the game ends inside player 1's attempt
        t.do(0, Action("victory", mine))
    # The Heron Duke flipped in answer, its trigger attempted The Last Secret for free, and it resolved first.
    assert t.g.winner == 1 and not t.g.face_down[heron] and t.g.counters[1]["attempts"] == 1


def test_stonewarden_bryn_brings_an_item_back_instead_of_destroying_one() -> None:
    t = Table()
    bryn = t.card("duke", _text("stonewarden-bryn"), zone="play", health=9, cost=3)
    lost = t.card("item", "Coupled character gets +1 health.", zone="discard", cost=1)
    t.resource(0, "material")
    t.pool(0, 3)
    t.ability(0, bryn, [lost])
    assert lost in t.hand(0) and t.g.pool[0] == 0


COUNCIL_LORDS = ("aldric-the-ember-lord", "hilde-ironwright", "mother-heron", "tomas-greave-master-of-coin")


def _pool_after_a_turn(lord_text: str, mine: int, theirs: int) -> int:
    t = Table()
    t.g.move(t.lords[0], ZONE_DISCARD)
    t.card("lord", lord_text, zone="play", health=20)
    for owner, count in ((0, mine), (1, theirs)):
        for _ in range(count):
            t.resource(owner, "subject")
    t.sim.play_turn(t.g)  # upkeep, the start-of-turn triggers, the main phase's powerstones; the player passes
    return t.g.pool[0]


@pytest.mark.parametrize("lord", COUNCIL_LORDS)
def test_a_council_lord_pays_the_player_behind_on_resources_at_the_start_of_its_turn(lord: str) -> None:
    # The second player, at the start of its turn, has played one Resource fewer than the first.
    text = _text(lord)
    behind = _pool_after_a_turn(text, 2, 3)
    assert behind == _pool_after_a_turn(text, 3, 3) + 1 == _pool_after_a_turn(text, 3, 2) + 1
