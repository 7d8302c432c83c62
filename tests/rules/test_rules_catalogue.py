"""The shipped LOE card set: every rules text parses, passes the checks and is canonical."""

from __future__ import annotations

from pathlib import Path

import pytest

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.packs.lookup import get_pack
from carddb.rules.canonical import ability_text
from carddb.rules.parser import parse_ability
from carddb.rules.text import parse_rules_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def database() -> tuple[CardDatabase, list[str]]:
    db, report = load_database(Project.at(ROOT), get_pack("loe"))
    rules_codes = {
        "E-RULES-",
        "E-UNKNOWN-EFFECT",
        "E-UNKNOWN-KEYWORD",
        "E-UNKNOWN-CONDITION",
        "E-TARGET",
        "E-COUNTER",
        "E-REACTION",
        "E-TIMING",
    }
    found = [f"{f.path}:{f.span}: {f.code} {f.message}" for f in report if f.code.startswith(tuple(rules_codes))]
    return db, found


def test_shipped_cards_have_no_rules_text_findings(database: tuple[CardDatabase, list[str]]) -> None:
    _, findings = database
    assert findings == []


def test_shipped_rules_text_round_trips(database: tuple[CardDatabase, list[str]]) -> None:
    db, _ = database
    language = db.pack.language
    assert language is not None
    lines = [line for card in db.cards for line in parse_rules_text(card.text, language)]
    assert lines, "the starter set has rules text"
    for line in lines:
        assert line.ability is not None, line.text
        assert parse_ability(ability_text(line.ability, language), language) == line.ability
