"""A game's own words for core verbs (`verbs: [{word: trash, is: destroy}]`): every form of every core verb,
said in the reference game's word, parses to the core entry, keeps the game's word in canonical text and
executes through that entry's handler; and the examples of `cost-exile`, the entry they added."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from phrasebook_table import SCENARIOS, Table, pack, run_scenario, scenario

from carddb.rules.ast import phrases
from carddb.rules.canonical import ability_text
from carddb.rules.phrasebook_verbs import CORE_VERBS
from carddb.rules.problems import Problem
from carddb.rules.text import parse_line
from carddb.sim.direct import run_program
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, ZONE_SHARED

EXILE = ZONE_SHARED  # the reference simulator's first shared zone

Form = Callable[[Table, str], None]
FORMS: dict[tuple[str, str, str], tuple[str, Form]] = {}  # (core verb, form, entry) -> (sentence, scenario)


def form(core: str, text: str, entry: str, sentence: str) -> Callable[[Form], Form]:
    def register(function: Form) -> Form:
        FORMS[(core, text, entry)] = (sentence, function)
        return function

    return register


# -- destroy: trash ----------------------------------------------------------------------------


@form("destroy", "{V} {target}", "destroy", "Trash target artifact.")
def _trash(t: Table, text: str) -> None:
    artifact = t.card("artifact", owner=1)
    t.run(text, targets=[artifact])
    assert t.zone(artifact) == ZONE_DISCARD


def test_trashing_cards_in_a_deck_puts_them_into_the_graveyard() -> None:
    t = Table()
    deck = t.deck(3)
    t.run("Trash the top 2 cards of your deck.")
    assert [t.zone(uid) for uid in deck] == [ZONE_DECK, ZONE_DISCARD, ZONE_DISCARD]  # the last one is on top


@form("destroy", "{target} is {Ved}", "destroyed", "When this creature is trashed, draw a card.")
def _trashed(t: Table, text: str) -> None:
    t.deck(2)
    creature = t.card("creature", text)
    t.run("Trash target creature.", targets=[creature])
    assert t.zone(creature) == ZONE_DISCARD and len(t.hand()) == 1


@form(
    "destroy",
    "{quantity} {group} have been {Ved} this turn",
    "destroyed-this-turn",
    "If 1 or more creatures have been trashed this turn, gain 1 life.",
)
def _trashed_this_turn(t: Table, text: str) -> None:
    t.run(text)
    assert t.life(0) == 20
    t.run("Trash target creature.", targets=[t.card(owner=1)])
    t.run(text)
    assert t.life(0) == 21


@form("destroy", "{V} {card}", "cost-sacrifice", "Trash this card: Gain 1 energy.")
def _trash_cost(t: Table, text: str) -> None:
    card = t.card("artifact", text)
    t.activate(card)
    assert t.zone(card) == ZONE_DISCARD and t.g.counters[0]["res:energy"] == 1


@form("destroy", "{player} {V(s)} {card}", "sacrifice-card", "Each opponent trashes a creature.")
def _each_trashes(t: Table, text: str) -> None:
    mine, theirs = t.card(), t.card(owner=1)
    t.run(text)
    assert (t.zone(mine), t.zone(theirs)) == (ZONE_PLAY, ZONE_DISCARD)


@form(
    "destroy", "{player} choose(s) and {V(s)} {card}", "sacrifice-card", "Each opponent chooses and trashes a creature."
)
def _chooses_and_trashes(t: Table, text: str) -> None:
    mine, theirs, kept = t.card(), t.card(owner=1), t.card(owner=1)
    t.run(text)
    assert t.zone(mine) == ZONE_PLAY and sorted((t.zone(theirs), t.zone(kept))) == sorted((ZONE_PLAY, ZONE_DISCARD))


# -- exile: banish -----------------------------------------------------------------------------


@form("exile", "{V} {target}", "exile", "Banish a card from an opponent's graveyard.")
def _banish(t: Table, text: str) -> None:
    mine, theirs = t.card(zone="graveyard"), t.card(zone="graveyard", owner=1)
    t.run(text)
    assert (t.zone(mine), t.zone(theirs)) == (ZONE_DISCARD, EXILE)


@form("exile", "{V} {card}", "cost-exile", "Banish this card: Draw a card.")
def _banish_cost(t: Table, text: str) -> None:
    t.deck(2)
    card = t.card("artifact", text)
    t.activate(card)
    assert t.zone(card) == EXILE and len(t.hand()) == 1


# -- sacrifice: tribute ------------------------------------------------------------------------


@form("sacrifice", "{V} {card}", "sacrifice-card", "Tribute a creature.")
def _tribute(t: Table, text: str) -> None:
    mine, theirs = t.card(), t.card(owner=1)
    t.run(text)
    assert (t.zone(mine), t.zone(theirs)) == (ZONE_DISCARD, ZONE_PLAY)


@form("sacrifice", "{player} {V(s)} {card}", "sacrifice-card", "Each opponent tributes a creature.")
def _each_tributes(t: Table, text: str) -> None:
    mine, theirs = t.card(), t.card(owner=1)
    t.run(text)
    assert (t.zone(mine), t.zone(theirs)) == (ZONE_PLAY, ZONE_DISCARD)


@form(
    "sacrifice",
    "{player} choose(s) and {V(s)} {card}",
    "sacrifice-card",
    "Each player chooses and tributes a creature.",
)
def _chooses_and_tributes(t: Table, text: str) -> None:
    mine, theirs = t.card(), t.card(owner=1)
    t.run(text)
    assert (t.zone(mine), t.zone(theirs)) == (ZONE_DISCARD, ZONE_DISCARD)


@form("sacrifice", "{V} {card}", "cost-sacrifice", "Tribute another creature: Put a +1/+1 counter on this card.")
def _tribute_cost(t: Table, text: str) -> None:
    card = t.card("creature", text)
    assert not t.can_activate(card)  # no other creature
    other = t.card()
    t.activate(card)
    assert t.zone(other) == ZONE_DISCARD and t.counters(card, "+1/+1") == 1


# -- put into play: special summon -------------------------------------------------------------


@form("put-into-play", "{V} {card}", "move-card", "Special summon a creature from your graveyard.")
def _special_summon(t: Table, text: str) -> None:
    fallen = t.card(zone="graveyard")
    t.run(text)
    assert t.zone(fallen) == ZONE_PLAY and fallen in t.g.play[0]


@form(
    "put-into-play", "{player} {V(s)} {card}", "move-card", "Each opponent special summons a creature from their hand."
)
def _each_special_summons(t: Table, text: str) -> None:
    mine, theirs = t.card(zone="hand"), t.card(zone="hand", owner=1)
    t.run(text)
    assert t.zone(mine) == ZONE_HAND and theirs in t.g.play[1]


@form("put-into-play", "{V} {card} from {from}", "move-card", "Special summon this card from your hand.")
def _special_summon_from(t: Table, text: str) -> None:
    card = t.card("creature", text, zone="graveyard")  # the sentence is the card's own: it names where it is
    effect = t.g.defs[card].effect
    assert effect is not None
    run_program(t.g, effect, card, 0)
    assert t.zone(card) == ZONE_DISCARD  # not in your hand: it stays where it is
    t.g.move(card, ZONE_HAND, 0)
    run_program(t.g, effect, card, 0)
    assert t.zone(card) == ZONE_PLAY and card in t.g.play[0]


@form("put-into-play", "{target} is {Ved}", "enters-play", "When this creature is special summoned, draw a card.")
def _special_summoned(t: Table, text: str) -> None:
    t.deck(2)
    creature = t.card("creature", text, zone="hand")
    t.run("Special summon a creature from your hand.")
    assert t.zone(creature) == ZONE_PLAY and len(t.hand()) == 1


# -- discard: pitch ----------------------------------------------------------------------------


@form("discard", "{V} {card}", "discard-card", "Pitch a card.")
def _pitch(t: Table, text: str) -> None:
    held = t.card(zone="hand")
    t.run(text)
    assert t.zone(held) == ZONE_DISCARD


@form("discard", "{player} {V(s)} {card} at random", "discard-card", "Each opponent pitches a card at random.")
def _pitch_random(t: Table, text: str) -> None:
    mine, theirs = t.card(zone="hand"), t.card(zone="hand", owner=1)
    t.run(text)
    assert (t.zone(mine), t.zone(theirs)) == (ZONE_HAND, ZONE_DISCARD)


@form("discard", "{player} {V(s)} {card}", "discard-card", "Each opponent pitches 2 cards.")
def _each_pitches(t: Table, text: str) -> None:
    theirs = [t.card(zone="hand", owner=1) for _ in range(3)]
    t.run(text)
    assert sorted(t.zone(uid) for uid in theirs).count(ZONE_DISCARD) == 2


@form("discard", "{V} {card}", "cost-discard", "Pitch a card: Draw a card.")
def _pitch_cost(t: Table, text: str) -> None:
    t.deck(2)
    card = t.card("artifact", text)
    assert not t.can_activate(card)
    held = t.card(zone="hand")
    t.activate(card)
    assert t.zone(held) == ZONE_DISCARD and len(t.hand()) == 1


# -- exhaust: kneel; ready: stand --------------------------------------------------------------


@form("exhaust", "{V} {target}", "exhaust-card", "Kneel target creature.")
def _kneel(t: Table, text: str) -> None:
    creature = t.card(owner=1)
    t.run(text, targets=[creature])
    assert t.g.used[creature]


@form("exhaust", "{V} {card}", "cost-exhaust", "Kneel this card: Gain 1 energy.")
def _kneel_cost(t: Table, text: str) -> None:
    card = t.card("artifact", text)
    t.activate(card)
    assert t.g.used[card] and t.g.counters[0]["res:energy"] == 1
    assert not t.can_activate(card)


@form("exhaust", "{V}", "cost-exhaust", "Kneel: Gain 1 energy.")
def _kneel_bare(t: Table, text: str) -> None:
    card = t.card("artifact", text)
    t.activate(card)
    assert t.g.used[card] and not t.can_activate(card)


@form("ready", "{V} {target}", "ready-card", "Stand each creature you control.")
def _stand(t: Table, text: str) -> None:
    mine, theirs = t.card(), t.card(owner=1)
    t.g.used[mine] = t.g.used[theirs] = True
    t.run(text)
    assert (t.g.used[mine], t.g.used[theirs]) == (False, True)


# -- reveal: show ------------------------------------------------------------------------------


@form("reveal", "{V} {card}", "reveal-cards", "Show the top card of your deck.")
def _show(t: Table, text: str) -> None:
    top = t.deck(2)[-1]
    t.run(text)
    assert top in t.g.known[1]


@form("reveal", "{V} {card}", "cost-reveal", "Show a creature in your hand: Gain 1 life.")
def _show_cost(t: Table, text: str) -> None:
    card = t.card("artifact", text)
    held = t.card(zone="hand")
    t.activate(card)
    assert held in t.g.known[1] and t.life(0) == 21 and t.zone(held) == ZONE_HAND


CANONICAL = {"Kneel: Gain 1 energy.": "Kneel this card: Gain 1 energy."}


def test_every_form_of_every_core_verb_has_a_scenario() -> None:
    wanted = {(core, f.text, f.entry) for core, forms in CORE_VERBS.items() for f in forms}
    assert set(FORMS) == wanted


@pytest.mark.parametrize("key", sorted(FORMS), ids=lambda k: f"{k[0]}: {k[1]} ({k[2]})")
def test_the_form_says_its_entry_in_the_game_word_and_executes(key: tuple[str, str, str]) -> None:
    entry = key[2]
    sentence, run = FORMS[key]
    language = pack().language
    assert language is not None
    ability = parse_line(sentence, language)
    assert not isinstance(ability, Problem), ability
    assert entry in {p.entry for p in phrases(ability)}
    # Canonical text keeps the game's word (a bare exhaust cost names its card, as the core's `Exhaust:` does).
    assert ability_text(ability, language) == CANONICAL.get(sentence, sentence)
    run(Table(), sentence)


# -- cost-exile: the core entry the verbs added ---------------------------------------------------


@scenario("cost-exile", "Exile this card: Draw a card.")
def _exile_cost(t: Table, text: str) -> None:
    t.deck(2)
    card = t.card("artifact", text)
    t.activate(card)
    assert t.zone(card) == EXILE and len(t.hand()) == 1


@scenario("cost-exile", "Exile a creature from your graveyard: Gain 2 life.")
def _exile_from_graveyard_cost(t: Table, text: str) -> None:
    card = t.card("artifact", text)
    assert not t.can_activate(card)  # nothing in the graveyard
    fallen = t.card(zone="graveyard")
    t.activate(card)
    assert t.zone(fallen) == EXILE and t.life(0) == 22 and t.zone(card) == ZONE_PLAY


@pytest.mark.parametrize("key", [k for k, f in SCENARIOS.items() if f.__module__ == __name__], ids=lambda k: k[1])
def test_example_executes(key: tuple[str, str]) -> None:
    run_scenario(key)


# -- the selector shapes game verbs are written with ------------------------------------------------


def test_a_card_in_either_of_two_zones() -> None:
    t = Table()
    held, fallen, in_play = t.card(zone="hand"), t.card(zone="graveyard"), t.card()
    t.run("Banish up to two creatures in your hand or graveyard.")
    assert (t.zone(held), t.zone(fallen), t.zone(in_play)) == (EXILE, EXILE, ZONE_PLAY)


def test_a_target_in_either_of_two_zones_is_chosen_from_both() -> None:
    t = Table()
    fallen = t.card(zone="graveyard")
    t.run("Banish target creature in your hand or graveyard.")
    assert t.zone(fallen) == EXILE


def test_currently_in_a_zone_is_in_that_zone() -> None:
    t = Table()
    fallen, held = t.card(zone="graveyard"), t.card(zone="hand")
    t.run("Banish a creature currently in your graveyard.")
    assert (t.zone(fallen), t.zone(held)) == (EXILE, ZONE_HAND)
    language = pack().language
    assert language is not None
    for text in ("Banish a creature currently in your graveyard.", "Banish a card in your hand or graveyard."):
        ability = parse_line(text, language)
        assert not isinstance(ability, Problem) and ability_text(ability, language) == text


def test_costing_up_to_more_than_it_compares_with_what_the_ability_named() -> None:
    t = Table()
    held = t.card(zone="hand", cost=1)
    cheap, dear = t.card(zone="supply", cost=3), t.card(zone="supply", cost=4)
    text = "Trash a creature from your hand. Gain a creature costing up to 2 energy more than it."
    t.run(text)
    assert t.zone(held) == ZONE_DISCARD and t.zone(cheap) == ZONE_DISCARD and t.zone(dear) != ZONE_DISCARD
    t = Table()
    t.card(zone="hand", cost=1)
    dear = t.card(zone="supply", cost=4)
    t.run(text)
    assert t.zone(dear) != ZONE_DISCARD  # more than 2 energy above what was trashed: nothing to gain
    language = pack().language
    assert language is not None
    ability = parse_line(text, language)
    assert not isinstance(ability, Problem) and ability_text(ability, language) == text


# -- participles: `discarded this way`, `trashed this way` ----------------------------------------


@scenario("for-each", "Discard 2 cards. For each creature discarded this way, gain 1 life.")
def _for_each_discarded(t: Table, text: str) -> None:
    creature, artifact = t.card(zone="hand"), t.card("artifact", zone="hand")
    t.card(owner=0)  # a creature in play: not discarded this way
    t.run(text)
    assert (t.zone(creature), t.zone(artifact)) == (ZONE_DISCARD, ZONE_DISCARD) and t.life(0) == 21


def test_a_game_verb_s_participle_counts_what_the_ability_did_with_it() -> None:
    t = Table()
    held = [t.card(zone="hand") for _ in range(3)]
    t.card(zone="graveyard")  # in the graveyard already: not trashed this way
    text = "Trash up to 2 cards from your hand. Gain 1 life for each card trashed this way."
    t.run(text)
    assert sum(t.zone(uid) == ZONE_DISCARD for uid in held) == 2 and t.life(0) == 22
    language = pack().language
    assert language is not None
    ability = parse_line(text, language)
    assert not isinstance(ability, Problem) and ability_text(ability, language) == text
