"""LOE v2's whole registry and whole set at once: every entry has a handler, every example a scenario, every
card compiles."""

from __future__ import annotations

from pathlib import Path

import test_sim_loe2_entries  # noqa: F401  (registers the scenarios)
from loe2_table import SCENARIOS

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.games.loe2.sim.board import led_types
from carddb.games.loe2.sim.handlers import V2
from carddb.packs.lookup import get_pack
from carddb.sim.cards import compile_catalogue, records_from_database
from carddb.sim.core_handlers import CORE
from carddb.sim.handlers import build_table
from carddb.sim.simulator import simulator_for

PACK = get_pack("loe2")
RULES = simulator_for(PACK)
REGISTRY = PACK.language.registry


def test_every_registry_entry_has_a_handler() -> None:
    assert RULES.handlers.missing(REGISTRY) == []


def test_the_handler_table_is_closed_over_the_registry() -> None:
    assert set(RULES.handlers.handlers) == {entry.name for entry in REGISTRY}


def test_a_missing_handler_is_found() -> None:
    """The table is built from the kit's core handlers and v2's own: take one of v2's away and it is missed."""
    core = {entry.name for entry in REGISTRY if entry.core}
    kept = CORE.without(*(name for name in CORE.table if name not in core))
    for name in ("gain-mana", "create-troop", "leader-attacks"):
        partial = build_table("loe2", kept, V2.without(name))
        assert partial.missing(REGISTRY) == [name]
    assert "deal-damage" in build_table("loe2", V2).missing(REGISTRY)  # and a core one


def test_every_example_sentence_has_an_executing_scenario() -> None:
    wanted = {(entry.name, example) for entry in REGISTRY for example in entry.examples}
    assert wanted - set(SCENARIOS) == set()
    assert set(SCENARIOS) - wanted == set()  # no scenario for a sentence the registry no longer has


def test_every_card_of_the_set_compiles() -> None:
    db, report = load_database(Project.at(Path(__file__).resolve().parents[2]), PACK)
    assert not report.errors
    catalogue = compile_catalogue(records_from_database(db, RULES), RULES)
    assert {d.id: d.problems for d in catalogue.defs if d.problems} == {}
    by_id = catalogue.by_id
    vask = by_id["marshal-oren-vask"]
    assert (vask.kind, vask.cost, vask.health) == ("leader", 5, 12)
    assert (vask.numbers["power"], vask.numbers["resistance"], vask.numbers["pitch"]) == (5, 2, 1)
    assert led_types(vask) == {"soldier", "rider"} and vask.listens == {"attacks"}
    pikeman = by_id["ashmarch-pikeman"]
    assert (pikeman.kind, pikeman.subtype, pikeman.numbers["power"], pikeman.health) == ("troop", "soldier", 1, 2)
    assert by_id["silence-the-herald"].timed is not None and by_id["silence-the-herald"].reacts == {"plays"}
    assert by_id["sanctuary"].reacts == {"would-be-destroyed"}
    assert by_id["court-favour"].activated and by_id["court-favour"].numbers["pitch"] == 0  # resources: no pitch
    assert [s.layer for s in by_id["mire-stalker"].statics] == ["enters-tapped", "block-limit"]
