"""ESTRO's registry and its 250 cards at once: every entry executes, every example has a scenario, every card compiles."""

from __future__ import annotations

from pathlib import Path

import pytest
import test_sim_estro_core_entries
import test_sim_estro_entries
from estro_table import SCENARIOS

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.games.estro.sim.effects import EFFECTS
from carddb.games.estro.sim.statics import STATICS
from carddb.packs.lookup import get_pack
from carddb.sim.cards import compile_catalogue, records_from_database
from carddb.sim.core_handlers import CORE
from carddb.sim.handlers import build_table
from carddb.sim.simulator import simulator_for

PACK = get_pack("estro")
RULES = simulator_for(PACK)
NAMES = {entry.name for entry in PACK.language.registry}


def test_every_registry_entry_has_a_handler() -> None:
    assert RULES.handlers.missing(PACK.language.registry) == []


def test_the_packs_own_handlers_are_for_its_own_entries() -> None:
    own = set(EFFECTS.table) | set(STATICS.table)
    assert own <= NAMES
    assert len(own) + len(set(CORE.table) & NAMES - own) == len(NAMES)  # the rest are the core's


def test_an_entry_without_a_handler_is_reported() -> None:
    partial = build_table("estro", CORE.without("draw", "look-at-top"), STATICS)
    missing = partial.missing(PACK.language.registry)
    assert "boost" in missing and "draw" in missing and "wins-ties" not in missing


def test_leaving_out_a_handler_the_core_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match="no handler to leave out for wins-ties"):
        CORE.without("wins-ties")


def test_every_example_sentence_has_an_executing_scenario() -> None:
    wanted = {(entry.name, example) for entry in PACK.language.registry for example in entry.examples}
    assert wanted - set(SCENARIOS) == set()
    assert set(SCENARIOS) - wanted == set()  # no scenario for a sentence the registry no longer has
    for module in (test_sim_estro_core_entries, test_sim_estro_entries):  # (importing them registered them)
        assert module.keys_of(module.__name__)


def test_every_card_of_the_pool_compiles() -> None:
    db, report = load_database(Project.at(Path(__file__).resolve().parents[2]), PACK)
    assert not report.errors
    catalogue = compile_catalogue(records_from_database(db, RULES), RULES)
    assert len(catalogue.defs) == PACK.number("pool-size")
    assert {d.id: d.problems for d in catalogue.defs if d.problems} == {}
    by_id = catalogue.by_id
    assert by_id["ozok"].numbers == {"atk": 16, "def": 13, "hel": 14, "dex": 15, "map": 14, "tot": 72}
    assert by_id["zefrak-dei-carboni"].effect is not None and by_id["zefrak-dei-carboni"].effect.targets
    assert by_id["il-doge-nascosto"].timed is not None and by_id["il-doge-nascosto"].timed.timing == "counter-move"
    assert by_id["vampa-prima-fiamma"].statics and by_id["vampa-prima-fiamma"].listens == {"attacks"}
