"""rules_markup: the styled runs that card faces, the spoiler and the rulebook print."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from carddb.packs.card import Card
from carddb.packs.lookup import get_pack
from carddb.rules.markup import Run, plain_text, rules_markup

PACK = get_pack("loe")
ADAPTER: TypeAdapter[Any] = TypeAdapter(PACK.card_schema)


def _card(kind: str, text: str, **extra: Any) -> Card:
    fields: dict[str, Any] = {"id": "c", "name": "C", "kind": kind, "set": "BASE", "number": 1, "rarity": "common"}
    fields.update({"cost": 1} if kind not in {"victory", "resource", "lord"} else {})
    fields.update(extra)
    card: Card = ADAPTER.validate_python({**fields, "text": text})
    return card


def test_resource_cost_prints_the_number_then_the_resource_icon() -> None:
    card = _card("duke", "Spend 1 Influence: Deal 2 damage to target Duke.", health=3)
    assert rules_markup(card.text, PACK.language, PACK.icons) == [
        (Run("text", "Spend 1"), Run("icon", "influence"), Run("text", ": Deal 2 damage to target Duke."))
    ]


def test_powerstones_become_icons_in_costs_and_effects() -> None:
    card = _card("lord", "Pay 2 powerstones, spend 1 Subject: Gain 3 powerstones.", health=20)
    (paragraph,) = rules_markup(card.text, PACK.language, PACK.icons)
    assert plain_text(paragraph) == "Pay 2{powerstone}, spend 1{subject}: Gain 3{powerstone}."


def test_keywords_are_bold_runs_each_followed_by_its_reminder() -> None:
    card = _card("duke", "Armor 1, Ambush", health=3)
    (paragraph,) = rules_markup(card.text, PACK.language, PACK.icons)
    assert [r.kind for r in paragraph] == ["keyword", "reminder", "text", "keyword", "reminder"]
    assert paragraph[0].text == "Armor 1"
    assert paragraph[1].text == "Prevent the first 1 damage dealt to this card each turn."
    assert paragraph[3].text == "Ambush"


def test_keyword_reminder_takes_the_parameter() -> None:
    card = _card("resource", "Tribute 2", subtype="material")
    (paragraph,) = rules_markup(card.text, PACK.language, PACK.icons)
    assert paragraph[1] == Run("reminder", "When you play this card, gain 2 powerstones.")


def test_one_paragraph_per_ability_line() -> None:
    card = _card("item", "Loyal\nCoupled character gets +2 health.", subtype="gear")
    paragraphs = rules_markup(card.text, PACK.language, PACK.icons)
    assert len(paragraphs) == 2
    assert paragraphs[1] == (Run("text", "Coupled character gets +2 health."),)


def test_reaction_label_is_printed_as_a_keyword() -> None:
    card = _card("reaction", "Reaction - When an opponent plays a Victory card: Counter it.")
    (paragraph,) = rules_markup(card.text, PACK.language, PACK.icons)
    assert paragraph[0] == Run("keyword", "Reaction")
    assert paragraph[1].text.startswith(" - When an opponent plays a Victory card:")


def test_text_that_does_not_parse_is_printed_as_written_with_icon_markers() -> None:
    card = _card("spell", "Gain 2{powerstone} and dance.")
    assert rules_markup(card.text, PACK.language, PACK.icons) == [
        (Run("text", "Gain 2"), Run("icon", "powerstone"), Run("text", " and dance."))
    ]


def test_markup_is_canonical_even_when_the_yaml_is_not() -> None:
    card = _card("spell", "deal 2 damage to target duke.")
    assert rules_markup(card.text, PACK.language, PACK.icons) == [(Run("text", "Deal 2 damage to target Duke."),)]
