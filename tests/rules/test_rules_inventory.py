"""Every phrase form of the LOE v1 inventory (docs/rules-text.md) parses, checks clean and round-trips.

The card-set helper writes cards with exactly these forms, so a regression here
would break `carddb validate` on the shipped set.
"""

from __future__ import annotations

import pytest

from carddb.cards.rulescheck import rules_problems
from carddb.games.loe.vocabulary import loe_rules
from carddb.rules.canonical import ability_text
from carddb.rules.parser import parse_ability
from carddb.rules.problems import Problem

INVENTORY = [
    ("duke", "Spend 1 Influence: Deal 2 damage to target Duke."),
    ("resource", "When you play a Resource, draw a card."),
    ("ritual", "At the start of your turn, if you control three or more Materials, gain 1 powerstone."),
    ("reaction", "Reaction - When an opponent plays a Victory card: Counter it."),
    ("item", "Coupled character gets +2 health."),
    ("ritual", "Each player's maximum hand size is 5."),
    ("lord", "Pay 2 powerstones, spend 1 Subject: Destroy target Item. Its controller draws a card."),
    ("duke", "Pay 1 powerstone, discard a card: Draw 2 cards."),
    ("duke", "Discard 2 cards: Gain 2 powerstones."),
    ("duke", "Destroy a Resource you control: Deal 3 damage to target character."),
    ("duke", "Destroy an Item you control: Draw a card."),
    ("resource", "Fatigue this card: Gain 1 powerstone. Activate only once per turn."),
    ("lord", "Spend 2 Materials: Remove 2 damage from target character. Activate only during your turn."),
    ("item", "Whenever you play a Spell, draw a card."),
    ("ritual", "When an opponent plays a Spell, if it is not your turn, draw a card."),
    ("ritual", "At the end of your turn, discard a card."),
    ("ritual", "At the start of each player's turn, gain 1 powerstone."),
    ("ritual", "At the start of each player's turn, if you have no cards in hand, draw a card."),
    ("reaction", "Reaction - When an opponent plays a Spell, if you control two or more Dukes: Counter it."),
    ("reaction", "Reaction - When a character you control is dealt damage: Remove 2 damage from it."),
    ("victory", "Win if you control three or more Dukes."),
    ("victory", "Win if your Victory card is revealed and you control no face-down Dukes."),
    ("victory", "Win if your Lord has 10 or more health and you have five or more cards in hand."),
    ("victory", "Win if an opponent controls more Items than you."),
    ("victory", "Win if the market contains three or more Spells."),
    ("victory", "Win if the market contains a Ritual and it is your turn."),
    ("victory", "Win if each opponent controls 2 or less Resources."),
    ("victory", "Win if 3 or more characters have been destroyed this turn."),
    ("ritual", "Dukes you control get +1 health."),
    ("ritual", "Your maximum hand size is 9."),
    ("ritual", "Spells cost 1 more powerstone to play."),
    ("ritual", "Spells your opponents play cost 1 more powerstone to play."),
    ("ritual", "Items cost 2 less powerstones to play."),
    ("item", "This card cannot be targeted."),
    ("item", "Coupled character cannot be targeted by Spells."),
    ("ritual", "Face-down Dukes can be targeted."),
    ("ritual", "You may play an additional Resource each turn."),
    ("ritual", "Trading with the market costs 0 powerstones."),
    ("ritual", "Your Victory attempts cost 1 less powerstone."),
    ("ritual", "Damage cannot be removed from characters."),
    ("duke", "Ambush"),
    ("duke", "Ward 2"),
    ("lord", "Armor 1"),
    ("spell", "Swift"),
    ("resource", "Tribute 1"),
    ("duke", "Hidden"),
    ("item", "Loyal"),
    ("duke", "Armor 1, Ambush"),
    ("spell", "Draw a card."),
    ("spell", "Draw 3 cards."),
    ("spell", "Draw two cards."),
    ("spell", "Target player draws 2 cards."),
    ("spell", "Each player draws a card."),
    ("spell", "Each opponent draws a card."),
    ("spell", "Destroy target Item. Its controller draws a card."),
    ("reaction", "Reaction - When an opponent plays a Spell: Counter it. That player draws a card."),
    ("spell", "Discard 2 cards."),
    ("spell", "Target opponent discards a card."),
    ("spell", "Each opponent discards a card at random."),
    ("spell", "Deal 3 damage to target Duke."),
    ("spell", "Deal 1 damage to each character."),
    ("spell", "Deal 2 damage to all Dukes."),
    ("spell", "Destroy target Ritual."),
    ("spell", "Remove 3 damage from your Lord."),
    ("spell", "Remove all damage from target character."),
    ("spell", "Gain 2 powerstones."),
    ("spell", "Target opponent loses 1 powerstone."),
    ("spell", "Counter target Spell."),
    ("spell", "Counter target ability."),
    ("reaction", "Reaction - When an opponent plays a Reaction: Counter target Reaction."),
    ("spell", "Activate target face-down Duke you control without paying its cost."),
    ("spell", "Look at target face-down Duke."),
    ("spell", "Look at target opponent's Victory card."),
    ("spell", "Look at the top 3 cards of the deck."),
    ("spell", "Look at target opponent's hand."),
    ("spell", "Reveal target face-down Duke."),
    ("spell", "Turn target Duke face down."),
    ("spell", "Return target Item to its owner's hand."),
    ("spell", "Return target card from the discard pile to your hand."),
    ("spell", "Return a Resource from the discard pile to your hand."),
    ("spell", "Spend target Resource."),
    ("spell", "Remove all fatigue tokens from Resources you control."),
    ("spell", "Ready target Resource."),
    ("spell", "Trade with the market."),
    ("spell", "Trade with the market without paying."),
    ("spell", "Refresh the market."),
    ("spell", "Put target card from the market into your hand."),
    ("spell", "Couple target Item to target character you control."),
    ("spell", "Move target Item to target character you control."),
    ("spell", "Attempt your Victory card without paying its cost."),
    ("spell", "Your next Victory attempt costs 2 less powerstones."),
    ("spell", "Play an additional Resource this turn."),
    ("spell", "Shuffle the discard pile into the deck."),
    ("spell", "Put the top card of the deck into the market."),
    ("spell", "Search the deck for a Resource, reveal it and put it into your hand. Shuffle the deck."),
    ("spell", "Each player discards their hand and draws that many cards."),
    ("spell", "You may draw a card."),
    ("spell", "If you control three or more Materials, draw a card."),
    ("spell", "If an opponent controls more Dukes than you, you may draw 2 cards."),
    ("spell", "Deal 2 damage to target face-up Duke an opponent controls."),
    ("spell", "Deal 1 damage to each damaged character."),
    ("spell", "Destroy all Items coupled to it."),
    ("spell", "Destroy target Resource an opponent controls."),
    ("spell", "Destroy target Duke with 3 or less health."),
    ("spell", "Deal 2 damage to target character with 5 or more health."),
    ("spell", "Destroy target fatigued Resource."),
    ("spell", "Destroy another Duke you control."),
    ("spell", "Deal 2 damage to target Lord."),
    ("spell", "Destroy target Item. Destroy all Items coupled to it."),
    ("item", "When you activate a Duke, draw a card."),
    ("item", "Whenever an opponent activates a Duke, draw a card."),
    ("ritual", "Whenever a Duke is activated, gain 1 powerstone."),
    ("item", "Whenever coupled character is dealt damage, gain 1 powerstone."),
    ("duke", "Whenever this card is dealt damage, draw a card."),
    ("ritual", "Whenever a character is destroyed, gain 1 powerstone."),
    ("item", "When coupled character is destroyed, draw 2 cards."),
    ("ritual", "Whenever a Duke an opponent controls is destroyed, draw a card."),
    ("ritual", "Whenever an opponent trades with the market, gain 1 powerstone."),
    ("ritual", "Whenever you trade with the market, draw a card."),
    ("reaction", "Reaction - When an opponent attempts a Victory card: Counter it."),
    ("ritual", "Whenever you draw a card, gain 1 powerstone."),
    ("ritual", "Whenever an opponent spends a Resource, gain 1 powerstone."),
    ("item", "When this card is coupled, draw a card."),
    ("reaction", "Reaction - When an opponent plays a Spell that targets a character you control: Counter it."),
    ("reaction", "Reaction - When an opponent activates an ability: Counter target ability."),
    ("ritual", "Whenever a card enters the market, gain 1 powerstone."),
    ("ritual", "Whenever a player plays a Spell, that player draws a card."),
    ("resource", "When you play this card, gain 1 powerstone."),
]


@pytest.mark.parametrize(("kind", "text"), INVENTORY)
def test_inventory_form_is_accepted_on_its_card_kind(kind: str, text: str) -> None:
    problems = rules_problems(text, loe_rules(), kind)
    assert problems == []


@pytest.mark.parametrize(("kind", "text"), INVENTORY)
def test_inventory_form_is_already_canonical_and_round_trips(kind: str, text: str) -> None:
    language = loe_rules()
    ast = parse_ability(text, language)
    assert not isinstance(ast, Problem)
    canonical = ability_text(ast, language)
    assert canonical == text
    assert parse_ability(canonical, language) == ast


def test_numbers_may_be_digits_words_or_articles_and_mean_the_same() -> None:
    language = loe_rules()
    digits = parse_ability("Draw 2 cards.", language)
    words = parse_ability("Draw two cards.", language)
    assert digits == words
    assert parse_ability("Draw a card.", language) == parse_ability("Draw 1 card.", language)


def test_case_and_spacing_are_normalised_by_the_canonical_text() -> None:
    language = loe_rules()
    ast = parse_ability("deal 2 damage   to target duke .", language)
    assert not isinstance(ast, Problem)
    assert ability_text(ast, language) == "Deal 2 damage to target Duke."


def test_pattern_choice_is_normalised_you_draw_becomes_draw() -> None:
    language = loe_rules()
    ast = parse_ability("You draw a card.", language)
    assert not isinstance(ast, Problem)
    assert ability_text(ast, language) == "Draw a card."


def test_article_agrees_with_the_noun() -> None:
    language = loe_rules()
    ast = parse_ability("Destroy a Item you control: Draw a card.", language)
    assert not isinstance(ast, Problem)
    assert ability_text(ast, language) == "Destroy an Item you control: Draw a card."
