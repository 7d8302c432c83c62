"""The invariant checks catch the illegal states they are for (a check that never fires would prove nothing)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sim_table import Table

from carddb.sim.game import ZONE_DISCARD, ZONE_HAND
from carddb.sim.invariants import IllegalState, checkpoint, violations


def test_a_fresh_table_is_legal() -> None:
    assert violations(Table().g) == []


def _in_two_zones(t: Table) -> None:
    t.g.hands[0].append(t.g.deck[-1])


def _lost_card(t: Table) -> None:
    t.g.deck.pop()


def _negative_damage(t: Table) -> None:
    t.g.damage[t.lords[0]] = -1


def _negative_health(t: Table) -> None:
    from carddb.sim.program import Static

    ritual = t.text_card("ritual", "Each character gets +1 health.")
    # no card text lowers health: the static is forced in, to see the check fire
    t.g.defs[ritual].statics = (Static("health", lambda g, source, x: x == t.lords[1], -25),)
    t.g.statics_cache = None


def _fatigue_in_hand(t: Table) -> None:
    uid = t.card("resource", subtype="subject")
    t.g.used[uid] = True


def _too_many_powerstones(t: Table) -> None:
    t.g.pool[1] = 12  # nothing gave them


def _coupled_to_a_discarded_card(t: Table) -> None:
    duke = t.card("duke", zone="play")
    t.card("item", zone="play", on=duke)
    t.g.move(duke, ZONE_DISCARD)  # without the rule that sends its Items along


def _face_down_resource(t: Table) -> None:
    t.card("resource", subtype="subject", zone="play", face_down=True)


def _six_market_cards(t: Table) -> None:
    t.card("spell", "Draw a card.", zone="market")


def _victory_in_hand(t: Table) -> None:
    t.g.move(t.victories[1], ZONE_HAND, 1)


def _left_on_the_stack(t: Table) -> None:
    from carddb.sim.decisions import Action

    spell = t.card("spell", "Draw a card.")
    t.sim.perform(t.g, 0, Action("cast", spell))  # put on the stack, never resolved


CASES: dict[str, tuple[Callable[[Table], None], str]] = {
    "in two zones": (_in_two_zones, "is in two places"),
    "card count": (_lost_card, "the card count is not conserved"),
    "negative damage": (_negative_damage, "negative damage"),
    "negative health": (_negative_health, "has -5 health"),
    "fatigue outside play": (_fatigue_in_hand, "is marked used outside play"),
    "powerstones": (_too_many_powerstones, "P2 has 12 powerstones, more than kept 0 + received 0 + gained 0"),
    "coupling": (_coupled_to_a_discarded_card, "but one of them is not in play"),
    "face down": (_face_down_resource, "a resource, is face down"),
    "market size": (_six_market_cards, "the market holds 6 cards"),
    "victory card": (_victory_in_hand, "P2's Victory card is not in their play zone"),
    "stack": (_left_on_the_stack, "left on the stack between actions"),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_each_illegal_state_is_reported(case: str) -> None:
    t = Table()
    corrupt, expected = CASES[case]
    corrupt(t)
    found = violations(t.g)
    assert any(expected in problem for problem in found), found
    with pytest.raises(IllegalState, match="turn"):
        checkpoint(t.g)


def test_hand_size_is_checked_at_the_end_of_the_turn() -> None:
    t = Table()
    for _ in range(8):
        t.card("spell", "Draw a card.")
    assert violations(t.g) == []  # eight cards in hand during the turn is fine
    assert violations(t.g, end_of_turn=0) == ["P1 ends the turn with 8 cards in hand"]
