"""Every example of the core statics, triggers, events and conditions, executed in a scenario."""

from __future__ import annotations

import pytest
from sim_table import Table, keys_of, run_scenario, scenario

from carddb.games.loe.sim.turns import hand_limit
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DISCARD, ZONE_PLAY
from carddb.sim.ops import draw, health
from carddb.sim.stack import run


def _targets_of(t: Table, player: int, spell: int) -> list[int]:
    found = t.sim.action_program(t.g, player, Action("cast", spell))
    assert found is not None
    program, ctx = found
    return program.targets[0].selector.candidates(t.g, ctx)


@scenario("health-bonus", "Dukes you control get +1 health.")
def _dukes_get_health(t: Table, text: str) -> None:
    mine = t.card("duke", zone="play", health=6)
    theirs = t.card("duke", owner=1, zone="play", health=6)
    t.text_card("ritual", text)
    assert (health(t.g, mine), health(t.g, theirs), health(t.g, t.lords[0])) == (7, 6, 20)
    t.cast(1, t.card("spell", "Deal 6 damage to target Duke.", owner=1), [mine])
    assert t.zone_of(mine) == ZONE_PLAY  # 6 damage on 7 health


@scenario("health-bonus", "Your Lord gets +2 health.")
def _lord_gets_health(t: Table, text: str) -> None:
    t.text_card("item", text)
    assert (health(t.g, t.lords[0]), health(t.g, t.lords[1])) == (22, 20)


@scenario("hand-size", "Each player's maximum hand size is 5.")
def _hand_size_each(t: Table, text: str) -> None:
    t.text_card("ritual", text, owner=1)
    for _ in range(7):
        t.card("spell", "Draw a card.")
    t.sim.play_turn(t.g)  # draws one, passes, and discards down at the end of the turn
    assert len(t.hand(0)) == 5 and hand_limit(t.g, 1) == 5


@scenario("hand-size", "Your maximum hand size is 9.")
def _hand_size_yours(t: Table, text: str) -> None:
    t.text_card("lord", text)
    for _ in range(7):
        t.card("spell", "Draw a card.")
    t.sim.play_turn(t.g)
    assert len(t.hand(0)) == 8 and (hand_limit(t.g, 0), hand_limit(t.g, 1)) == (9, 7)


@scenario("untargetable", "This card cannot be targeted.")
def _untargetable(t: Table, text: str) -> None:
    shy = t.text_card("duke", text, owner=1)
    plain = t.card("duke", owner=1, zone="play")
    spell = t.text_card("spell", "Deal 1 damage to target Duke.", cost=1)
    assert _targets_of(t, 0, spell) == [plain]
    t.cast(0, t.text_card("spell", "Deal 1 damage to each Duke."))
    assert t.g.damage[shy] == 1  # not targeted, still affected


@scenario("untargetable-by", "This card cannot be targeted by Spells.")
def _untargetable_by_spells(t: Table, text: str) -> None:
    shy = t.text_card("duke", text, owner=1)
    spell = t.text_card("spell", "Deal 1 damage to target Duke.", cost=1)
    assert _targets_of(t, 0, spell) == []
    assert not t.offered(0, "cast", spell)
    t.pool(0, 1)
    duke = t.card("duke", "Pay 1 powerstone: Deal 1 damage to target Duke.", zone="play")
    t.ability(0, duke, [shy])  # an ability may target it
    assert t.g.damage[shy] == 1


@scenario("untargetable-by", "Your Lord cannot be targeted by Reactions.")
def _lord_untargetable_by_reactions(t: Table, text: str) -> None:
    t.text_card("ritual", text, owner=1)
    reaction = t.card("reaction", "Reaction - When an opponent plays a Spell: Deal 1 damage to target character.")
    t.g.active = 1
    t.pool(0, 0)
    t.agents[0].responses = [("react", reaction)]
    t.agents[0].picks = [t.lords[1]]
    t.cast(1, t.card("spell", "Draw a card.", owner=1))
    assert t.g.damage[t.lords[1]] == 0 and t.g.damage[t.lords[0]] == 1  # the only legal target was its own Lord
    spell = t.card("spell", "Deal 1 damage to target character.")
    t.g.active = 0
    assert t.lords[1] in _targets_of(t, 0, spell)  # a Spell may target it


@scenario("targetable", "Face-down Dukes can be targeted.")
def _face_down_targetable(t: Table, text: str) -> None:
    hidden = t.card("duke", owner=1, zone="play", face_down=True)
    spell = t.text_card("spell", "Deal 1 damage to target Duke.", cost=1)
    assert _targets_of(t, 0, spell) == []
    ritual = t.text_card("ritual", text)
    assert _targets_of(t, 0, spell) == [hidden]
    t.cast(0, spell, [hidden])
    assert t.g.damage[hidden] == 1 and t.g.face_down[hidden]
    t.g.move(ritual, ZONE_DISCARD)
    assert _targets_of(t, 0, t.card("spell", "Deal 1 damage to target Duke.")) == []


@scenario("damage-stays", "Damage cannot be removed from characters.")
def _damage_stays(t: Table, text: str) -> None:
    t.text_card("ritual", text, owner=1)
    t.g.damage[t.lords[0]] = 5
    t.cast(0, t.card("spell", "Remove all damage from your Lord."))
    assert t.g.damage[t.lords[0]] == 5


@scenario("when", "When you play this card, gain 1 powerstone.")
def _when_played(t: Table, text: str) -> None:
    resource = t.card("resource", text, subtype="subject")
    t.do(0, Action("resource", resource))
    assert t.zone_of(resource) == ZONE_PLAY and t.g.pool[0] == 1


@scenario("when", "Whenever an opponent draws a card, draw a card.")
def _whenever_opponent_draws(t: Table, text: str) -> None:
    t.text_card("ritual", text)
    draw(t.g, 1, 2)
    run(t.g)
    assert len(t.hand(0)) == 2 and len(t.hand(1)) == 2


@scenario("turn-start", "At the start of your turn, draw a card.")
def _turn_start_yours(t: Table, text: str) -> None:
    t.text_card("ritual", text)
    t.sim.play_turn(t.g)
    assert len(t.hand(0)) == 2  # the trigger, then the draw step


@scenario("turn-start", "At the start of each player's turn, gain 1 powerstone.")
def _turn_start_each(t: Table, text: str) -> None:
    t.text_card("ritual", text)
    t.g.active = 1
    t.sim.play_turn(t.g)
    assert t.g.pool[0] == 1


@scenario("turn-end", "At the end of your turn, discard a card.")
def _turn_end(t: Table, text: str) -> None:
    t.text_card("ritual", text)
    t.sim.play_turn(t.g)
    assert t.hand(0) == [] and len(t.g.discard) >= 1


@scenario("plays", "When you play a Spell, draw a card.")
def _when_you_play_a_spell(t: Table, text: str) -> None:
    t.text_card("ritual", text)
    t.cast(0, t.card("spell", "Gain 1 powerstone."))
    assert len(t.hand(0)) == 1
    t.cast(1, t.card("spell", "Gain 1 powerstone.", owner=1))
    assert len(t.hand(0)) == 1  # an opponent's Spell does not count


@scenario("plays", "When an opponent plays a Victory card, draw a card.")
def _when_opponent_attempts(t: Table, text: str) -> None:
    t.text_card("ritual", text)
    t.g.active = 1
    t.pool(1, 1)
    t.do(1, Action("victory", t.victories[1]))
    assert len(t.hand(0)) == 1 and not t.g.face_down[t.victories[1]]


@scenario("plays-targeting", "When an opponent plays a Spell that targets a character you control, draw a card.")
def _plays_targeting(t: Table, text: str) -> None:
    t.text_card("ritual", text)
    duke = t.card("duke", zone="play")
    theirs = t.card("duke", owner=1, zone="play")
    t.cast(1, t.card("spell", "Deal 1 damage to target Duke.", owner=1), [theirs])
    assert t.hand(0) == []
    t.cast(1, t.card("spell", "Deal 1 damage to target Duke.", owner=1), [duke])
    assert len(t.hand(0)) == 1


@scenario("dealt-damage", "Whenever a character you control is dealt damage, draw a card.")
def _dealt_damage(t: Table, text: str) -> None:
    t.text_card("ritual", text)
    t.cast(1, t.card("spell", "Deal 1 damage to each character.", owner=1))
    assert len(t.hand(0)) == 1  # only its Lord is a character it controls


@scenario("destroyed", "When a character is destroyed, gain 1 powerstone.")
def _destroyed(t: Table, text: str) -> None:
    t.text_card("ritual", text)
    duke = t.card("duke", owner=1, zone="play", health=2)
    t.cast(0, t.card("spell", "Deal 2 damage to target Duke."), [duke])
    assert t.zone_of(duke) == ZONE_DISCARD and t.g.pool[0] == 1


@scenario("draws", "Whenever you draw a card, gain 1 powerstone.")
def _draws(t: Table, text: str) -> None:
    t.text_card("duke", text)
    t.cast(0, t.card("spell", "Draw 2 cards."))
    assert t.g.pool[0] == 2


@scenario("activates-ability", "Whenever an opponent activates an ability, draw a card.")
def _activates_ability(t: Table, text: str) -> None:
    t.text_card("ritual", text)
    duke = t.card("duke", "Pay 1 powerstone: Gain 2 powerstones.", owner=1, zone="play")
    t.pool(1, 1)
    t.ability(1, duke)
    assert len(t.hand(0)) == 1 and t.g.pool[1] == 2


def _attempt(t: Table, player: int = 0) -> None:
    t.pool(player, 5)
    t.do(player, Action("victory", t.victories[player]))


def _victory(t: Table, text: str, player: int = 0) -> int:
    uid = t.card("victory", text, owner=player, zone="play", face_down=True)
    t.g.move(t.victories[player], ZONE_DISCARD)
    t.g.counters[player]["victory"] = uid
    t.victories[player] = uid
    return uid


def _attempt_wins(t: Table) -> bool:
    from carddb.sim.game import GameOver

    try:
        _attempt(t)
    except GameOver:
        return True
    return False


@scenario("controls-count", "Win if you control three or more Dukes.")
def _three_dukes(t: Table, text: str) -> None:
    _victory(t, text)
    t.card("duke", zone="play", face_down=True)
    t.card("duke", zone="play")
    assert not _attempt_wins(t) and not t.g.over
    t.card("duke", zone="play", face_down=True)
    assert _attempt_wins(t) and t.g.winner == 0


@scenario("controls-count", "Win if you control no face-down Dukes.")
def _no_face_down(t: Table, text: str) -> None:
    _victory(t, text)
    duke = t.card("duke", zone="play", face_down=True)
    assert not _attempt_wins(t)
    t.g.flip(duke, False)
    assert _attempt_wins(t) and t.g.winner == 0


@scenario("controls-more", "If an opponent controls more Dukes than you, draw a card.")
def _controls_more(t: Table, text: str) -> None:
    t.card("duke", owner=1, zone="play")
    t.cast(0, t.text_card("spell", text))
    assert len(t.hand(0)) == 1
    t.card("duke", zone="play")
    t.cast(0, t.text_card("spell", text))
    assert len(t.hand(0)) == 1  # one each: not more


@scenario("hand-count", "If you have no cards in hand, draw 2 cards.")
def _no_cards_in_hand(t: Table, text: str) -> None:
    t.cast(0, t.text_card("spell", text))
    assert len(t.hand(0)) == 2
    t.cast(0, t.text_card("spell", text))
    assert len(t.hand(0)) == 2  # two in hand: no draw


@scenario("hand-count", "Win if you have 7 or more cards in hand.")
def _seven_in_hand(t: Table, text: str) -> None:
    _victory(t, text)
    for _ in range(6):
        t.card("spell", "Draw a card.")
    assert not _attempt_wins(t)
    t.card("spell", "Draw a card.")
    assert _attempt_wins(t)


@scenario("health-at", "If your Lord has 5 or less health, gain 2 powerstones.")
def _lord_health_low(t: Table, text: str) -> None:
    t.g.damage[t.lords[0]] = 14
    t.cast(0, t.text_card("spell", text))
    assert t.g.pool[0] == 0
    t.g.damage[t.lords[0]] = 15
    t.cast(0, t.text_card("spell", text))
    assert t.g.pool[0] == 2


@scenario("your-turn", "If it is not your turn, draw a card.")
def _not_your_turn(t: Table, text: str) -> None:
    t.cast(0, t.text_card("spell", text))
    assert t.hand(0) == []
    t.g.active = 1
    t.cast(0, t.text_card("spell", text))
    assert len(t.hand(0)) == 1


@scenario("destroyed-this-turn", "Win if 3 or more characters have been destroyed this turn.")
def _red_harvest(t: Table, text: str) -> None:
    _victory(t, text)
    dukes = [t.card("duke", owner=1, zone="play", health=1) for _ in range(3)]
    t.cast(0, t.card("spell", "Deal 1 damage to each Duke."))
    assert all(t.zone_of(uid) == ZONE_DISCARD for uid in dukes)
    assert _attempt_wins(t)


@pytest.mark.parametrize("key", keys_of(__name__), ids=lambda key: f"{key[0]}: {key[1]}")
def test_example_executes(key: tuple[str, str]) -> None:
    run_scenario(key)
