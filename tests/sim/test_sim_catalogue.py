"""The whole registry and the whole base set at once: every entry executes, every card compiles."""

from __future__ import annotations

from pathlib import Path

import test_sim_core_effects
import test_sim_core_rules
import test_sim_loe_entries
from sim_table import SCENARIOS

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.packs.lookup import get_pack
from carddb.sim.cards import compile_catalogue, records_from_database
from carddb.sim.handlers import HandlerSet, build_table
from carddb.sim.simulator import simulator_for

PACK = get_pack("loe")
RULES = simulator_for(PACK)
SCENARIO_MODULES = (test_sim_core_effects, test_sim_core_rules, test_sim_loe_entries)


def test_every_registry_entry_has_a_handler() -> None:
    assert RULES.handlers.missing(PACK.language.registry) == []


def test_the_handler_table_is_closed_over_the_registry() -> None:
    names = {entry.name for entry in PACK.language.registry}
    assert set(RULES.handlers.handlers) == names


def test_every_example_sentence_has_an_executing_scenario() -> None:
    wanted = {(entry.name, example) for entry in PACK.language.registry for example in entry.examples}
    assert wanted - set(SCENARIOS) == set()
    assert set(SCENARIOS) - wanted == set()  # no scenario for a sentence the registry no longer has
    assert all(module.keys_of(module.__name__) for module in SCENARIO_MODULES)


def test_an_entry_without_a_handler_is_reported() -> None:
    partial = build_table("loe", HandlerSet())
    assert "deal-damage" in partial.missing(PACK.language.registry)


def test_every_card_of_the_base_set_compiles() -> None:
    db, report = load_database(Project.at(Path(__file__).resolve().parents[2]), PACK)
    assert not report.errors
    catalogue = compile_catalogue(records_from_database(db, RULES), RULES)
    problems = {d.id: d.problems for d in catalogue.defs if d.problems}
    assert problems == {}
    by_id = catalogue.by_id
    assert by_id["firebrand"].effect is not None and by_id["firebrand"].effect.targets
    assert by_id["veiled-refusal"].timed is not None and by_id["veiled-refusal"].reacts == {"plays"}
    assert by_id["brannoc-stonehand"].keywords == {"armor": 1}
    assert by_id["thornwall-iron"].triggered  # Tribute 1 is a triggered ability
    assert by_id["hilde-ironwright"].statics and by_id["hilde-ironwright"].triggered
